"""The players' warehouses on the Speicherstadt board: score, coins, workers, the cards bought
(contracts with their goods first), the Lager, the market hall and the cargo still to load; each
a place of the board (:mod:`.svg_places`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import GOOD_NAMES
from hanse.games.svg_parts import (
    Targets,
    Translate,
    name_label,
    ring_rect,
    same,
    seat_name,
    text_width,
)
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from .svg_cards import (
    BAND_CONTRACT,
    WIDTH,
    card_data,
    card_drawing,
    card_name,
    cube,
    first_open_slot,
    rough_width,
    seat_style,
    worker,
)

# -- the players' warehouses ---------------------------------------------------------------------


def store_box(
    x: float,
    y: float,
    label: str,
    cubes: list[str],
    capacity: int,
    fresh: int = 0,
    tr: Translate = same,
) -> tuple[str, float]:
    """A store: label and one slot per cube it can hold (the last `fresh` stored this turn are
    outlined); returns the drawing and its width."""
    slots = max(capacity, len(cubes))
    w = text_width(label, 12, bold=True) + 14 + slots * 22
    parts = [
        _rect(x, y, w, 28, fill="#ffffff", rx="5", stroke="#8a7f66"),
        _text(x + 7, y + 14, label, 12, weight="bold", anchor="start"),
    ]
    sx = x + text_width(label, 12, bold=True) + 20
    for i in range(slots):
        if i < len(cubes):
            parts.append(cube(sx + i * 22, y + 14, cubes[i], 18, tr=tr))
            if i >= len(cubes) - fresh:
                parts.append(
                    _rect(
                        sx + i * 22 - 11,
                        y + 3,
                        22,
                        22,
                        fill="none",
                        stroke="#111111",
                        stroke_dasharray="2 2",
                    )
                )
        else:
            parts.append(
                _rect(sx + i * 22 - 9, y + 5, 18, 18, fill="none", rx="2", stroke="#bbbbbb")
            )
    return "".join(parts), w


def draw_player(
    view: dict[str, Any],
    seat: int,
    targets: dict[tuple[Any, ...], str],
    y: float,
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> float:
    p = view["players"][seat]
    colour, ink, letter = seat_style(seat)
    you = view["seat"] == seat
    mine = targets if you else {}
    tile_w, tile_h, gap = 100.0, 90.0, 6.0
    per_row = int((WIDTH - 24 + gap) // (tile_w + gap))
    contracts = p["contracts"]
    contract_ids = {c["id"] for c in contracts}
    others = [
        (name, cid)
        for name, cid in zip(p["cards"], p["card_ids"], strict=True)
        if cid not in contract_ids
    ]
    tiles = len(others) + len(contracts)
    rows = max(1, -(-tiles // per_row))
    height = 58 + rows * (tile_h + gap) + 40
    out.append(
        _rect(
            6,
            y,
            WIDTH - 12,
            height,
            fill="#fbf8f0",
            rx="8",
            stroke=colour,
            stroke_width=5 if you else 3,
        )
    )
    out.append(_rect(6, y, WIDTH - 12, 30, fill=colour, rx="8"))
    points = tr("Score {score} · Coins {coins}").format(score=p["score"], coins=p["coins"])
    name = seat_name(names, seat)
    if name is None:
        title = tr("You ({seat})" if you else "Player {seat}").format(seat=letter)
        title_w = rough_width(title, 15)
    else:  # the name, then the workers, clear of the points at the right
        workers = p["workers"] + p["grey_workers"]
        room = WIDTH - 44 - text_width(points, 15, bold=True) - (19 * workers + 7 if workers else 0)
        title = name_label(tr, name, seat, you, 15, room)
        title_w = text_width(title, 15, bold=True)
    out.append(_text(16, y + 15, title, 15, weight="bold", anchor="start", fill=ink))
    out.append(_text(WIDTH - 16, y + 15, points, 15, weight="bold", anchor="end", fill=ink))
    # workers still to place, grey workers and break cards, beside the title
    wx = 16 + title_w + 18
    for _ in range(p["workers"]):
        out.append(worker(wx, y + 15, seat, r=8))
        wx += 19
    for _ in range(p["grey_workers"]):
        out.append(worker(wx, y + 15, seat, grey=True, r=8))
        wx += 19
    facts = [
        tr("Firemen {count}").format(count=p["firemen"]),
        tr("cards at the end {points} VP").format(points=p.get("end_points", 0)),
    ]
    if p["break_cards"]:
        breaks = "{count} break cards" if p["break_cards"] > 1 else "{count} break card"
        facts.append(tr(breaks).format(count=p["break_cards"]))
    if p["bought_this_round"]:
        facts.append(tr("bought this round"))
    out.append(_text(16, y + 44, " · ".join(facts), 13, anchor="start"))
    # the cards, contracts first
    ty = y + 58
    for i, contract in enumerate(contracts):
        x = 12 + (i % per_row) * (tile_w + gap)
        row_y = ty + (i // per_row) * (tile_h + gap)
        out.append(contract_tile(x, row_y, tile_w, tile_h, contract, i, mine, top, tr))
    for j, (_name, cid) in enumerate(others):
        i = len(contracts) + j
        x = 12 + (i % per_row) * (tile_w + gap)
        row_y = ty + (i // per_row) * (tile_h + gap)
        entry = {"id": cid, "card": _name}
        out.append(card_drawing(x, row_y, tile_w, tile_h, entry, tr))
        card = card_data(entry)
        if card is not None and card.good >= 0:
            good = GOOD_NAMES[card.good]
            kind = "deliver" if card.kind == data.PROCESSOR else "sell"
            if (kind, good) in mine:
                words = (
                    "Deliver a {good} cube at your {card}"
                    if kind == "deliver"
                    else "Sell a {good} cube at your {card}"
                )
                label = tr(words).format(good=tr(good), card=card_name(card, entry, tr))
                top.add(
                    mine[(kind, good)],
                    label,
                    ring_rect(x - 2, row_y - 2, tile_w + 4, tile_h + 4),
                    (x - 2, row_y - 2, tile_w + 4, tile_h + 4),
                )
    if not tiles:
        out.append(_text(16, ty + 20, tr("no cards yet"), 12, anchor="start", fill="#777777"))
    # the stores: Lager (if owned or holding cubes), market hall, cargo of this round's ships
    sy = ty + rows * (tile_h + gap) + 2
    sx = 12.0
    fresh = view["stored_this_turn"] if you or view["decider"] == seat else {}
    if "base.warehouse" in p["card_ids"] or p["warehouse"]:
        n_fresh = len(fresh.get("warehouse", [])) if view["decider"] == seat else 0
        drawing, w = store_box(
            sx, sy, tr("Lager"), p["warehouse"], data.WAREHOUSE_CAPACITY, n_fresh, tr
        )
        out.append(drawing)
        if ("warehouse",) in mine:
            top.add(
                mine[("warehouse",)],
                tr("Store the cube in your Lager (warehouse)"),
                ring_rect(sx - 2, sy - 2, w + 4, 32),
                (sx - 2, sy - 2, w + 4, 32),
            )
        sx += w + 10
    hall = [p["market_hall"]] if p["market_hall"] else []
    hall_fresh = 1 if view["decider"] == seat and fresh.get("market_hall") and hall else 0
    drawing, w = store_box(
        sx, sy, tr("Market hall"), hall, data.MARKET_HALL_CAPACITY, hall_fresh, tr
    )
    out.append(drawing)
    if ("hall",) in mine:
        top.add(
            mine[("hall",)],
            tr("Keep the cube in your market hall"),
            ring_rect(sx - 2, sy - 2, w + 4, 32),
            (sx - 2, sy - 2, w + 4, 32),
        )
    sx += w + 10
    if p["cargo"]:
        drawing, w = store_box(sx, sy, tr("To load"), p["cargo"], 0, 0, tr)
        out.append(drawing)
    return y + height + 8


def contract_tile(
    x: float,
    y: float,
    w: float,
    h: float,
    contract: dict[str, Any],
    k: int,
    mine: dict[tuple[Any, ...], str],
    top: Targets,
    tr: Translate,
) -> str:
    """A contract with one slot per good: filled slots hold the cube, open ones are outlined."""
    complete = contract.get("complete")
    parts = [
        _rect(
            x,
            y,
            w,
            h,
            fill="#fffdf6",
            rx="6",
            stroke=BAND_CONTRACT,
            stroke_width=3 if complete else 2,
        ),
        _rect(x, y, w, 22, fill=BAND_CONTRACT, rx="6"),
        _text(
            x + w / 2,
            y + 11,
            tr("Contract {points} VP").format(points=contract["points"])
            + (" ✓" if complete else ""),
            11,
            weight="bold",
            fill="#ffffff",
            fit=w - 6,
        ),
    ]
    needed = contract["needed"]
    filled = contract["slots_filled"]
    step = min(22.0, (w - 8) / max(len(needed), 1))
    left = x + w / 2 - step * (len(needed) - 1) / 2
    cy = y + 40
    for i, (good, done) in enumerate(zip(needed, filled, strict=True)):
        sx = left + i * step
        parts.append(cube(sx, cy, good, 18, faded=not done, tr=tr))
        if not done and first_open_slot(contract, good) == i and ("contract", k, good) in mine:
            words = tr("Load a {good} cube onto your contract {number} ({points} VP)")
            top.add(
                mine[("contract", k, good)],
                words.format(good=tr(good), number=k + 1, points=contract["points"]),
                ring_rect(sx - 11, cy - 11, 22, 22),
                (sx - step / 2, cy - 11, step, 22),
            )
    if complete:
        state = tr("complete")
    else:
        state = tr("{filled}/{needed} goods").format(filled=sum(filled), needed=len(needed))
    parts.append(_text(x + w / 2, y + h - 11, state, 11, fill="#555555"))
    return "".join(parts)
