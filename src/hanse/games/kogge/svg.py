"""The Kogge board as one inline SVG for the web page (DESIGN.md, "The web platform": boards).

:func:`board_svg` draws a view: the nine cities in the ring of the printed board (``CITY_GRID``),
each with its route squares (Routenanzeiger), Kontor places, goods, cogs, robbery markers, the
guild master (Gildemeister) and the game-end marker; the offer, the bids and the viewer's markers
in the middle; the players' holdings in the four corners and the supply at the bottom.

A legal action is drawn as a clickable target (``data-action``) only where it names exactly one
thing on the board: ``start <n>`` on city n, the free steps ``move 0``/``move 1`` and the robber's
and conflict winner's ``step``/``push`` on a route square, ``rob city`` on the city, ``collect`` on
the viewer's Kontor and ``bid <v>`` on the viewer's marker chip of value v. Everything else (a
move paid with goods, a lot bought with one of several goods, ...) is left to the page's action
bar. The page decides nothing: only what ``legal`` holds is decorated.

Each place a move can change carries ``data-place`` and ``data-state`` (the board contract for
"last moves shown"; the places and :func:`action_places` are in :mod:`.svg_places`). The corners
are drawn in :mod:`.svg_players`, the middle and the supply in :mod:`.svg_middle`, the board's
state and pieces in :mod:`.svg_board`.

Standard library only: the text is built as strings and every text and attribute is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from hanse.games.kogge.data import (
    CITY_GRID,
    GOOD_NAMES,
)
from hanse.games.svg_parts import (
    INK,
    SEAT_LETTERS,
    Translate,
    board_document,
    board_key,
    same,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from . import svg_places as places
from .svg_board import (
    BACK_FILL,
    CELL_H,
    CELL_W,
    CITY_TINT,
    CORNERS,
    GOOD_FILL,
    GOOD_INK,
    HEIGHT,
    KEY_GROUPS,
    MUTED,
    PAD,
    PAPER,
    WIDTH,
    Board,
    cell,
    centre,
    city_name,
    cog_piece,
    good_letter,
    goods_chip,
    goods_words,
    marker_chip,
    rob_marker,
    seat_square,
)
from .svg_middle import draw_middle, draw_supply
from .svg_places import action_places as action_places
from .svg_players import draw_player
from .words_view import SQUARES

SQUARE_WORDS = {
    ("move", True): "sail from {city} along the {square} to {target}",
    ("move", False): "sail from {city} along the {square}, face down",
    ("step", True): "move the robber's cog from {city} along the {square} to {target}",
    ("step", False): "move the robber's cog from {city} along the {square}, face down",
    ("push", True): "push the loser's cog from {city} along the {square} to {target}",
    ("push", False): "push the loser's cog from {city} along the {square}, face down",
}
"""The labels of the route squares' targets."""


@lru_cache(maxsize=1024)
def _pointer(cx: float, cy: float, half: float, source: int, target: int) -> str:
    """A pointer from the route square centred on (cx, cy) of city `source` toward city
    `target` (the route's direction): drawn once per square and target, not at every panel."""
    tx, ty = centre(target)
    sx, sy = centre(source)
    angle = math.atan2(ty - sy, tx - sx)
    dx, dy = math.cos(angle), math.sin(angle)
    x1, y1 = cx + dx * (half + 1), cy + dy * (half + 1)
    x2, y2 = cx + dx * (half + 7), cy + dy * (half + 7)
    head = (
        f"M{x2 + dx * 7:.1f},{y2 + dy * 7:.1f} L{x2 - dy * 6:.1f},{y2 + dx * 6:.1f} "
        f"L{x2 + dy * 6:.1f},{y2 - dx * 6:.1f} Z"
    )
    line = _el(
        "line",
        x1=f"{x1:.1f}",
        y1=f"{y1:.1f}",
        x2=f"{x2:.1f}",
        y2=f"{y2:.1f}",
        stroke=INK,
        stroke_width=3,
    )
    return line + _el("path", d=head, fill=INK)


def _route_square(
    b: Board, city: dict[str, Any], slot: int, cx: float, cy: float, slot_actions: dict[int, str]
) -> None:
    """Route square ``slot`` of ``city`` centred on (cx, cy), with a pointer to its target."""
    half = 17
    up = city["markers"][slot]
    known = city["known"][slot]
    dealt = city["dealt"][slot]
    out = b.parts
    value = up if up is not None else known
    if up is not None:
        out.append(marker_chip(cx - half, cy - half, up, 2 * half))
        out.append(_pointer(cx, cy, half, city["number"], up))
    elif dealt:
        out.append(
            _rect(cx - half, cy - half, 2 * half, 2 * half, rx=4, fill=BACK_FILL, stroke=INK)
        )
        words = "?" if known is None else f"({known})"
        if known is None:
            b.explain("face-down", words, b.tr("face-down route marker"))
        else:
            b.explain("seen", words, b.tr("face-down route marker you have seen"))
        out.append(
            _text(
                cx,
                cy + 7,
                words,
                20 if known is None else 16,
                weight="bold",
                anchor="middle",
                fill="#ffffff",
            )
        )
    else:
        out.append(
            _rect(
                cx - half,
                cy - half,
                2 * half,
                2 * half,
                rx=4,
                fill="none",
                stroke=MUTED,
                stroke_dasharray="4 3",
            )
        )
    action = slot_actions.get(slot)
    if action is None:
        return
    template = SQUARE_WORDS[action.split()[0], value is not None]
    target = "" if value is None else city_name(b.view, value)
    b.target(
        action,
        cx - half - 3,
        cy - half - 3,
        2 * half + 6,
        2 * half + 6,
        b.tr(template).format(city=city["name"], target=target, square=b.tr(SQUARES[slot])),
    )


def _square_actions(view: dict[str, Any], city: int) -> dict[int, str]:
    """The route-square actions that belong to route squares of ``city``."""
    seat = view["seat"]
    players = view["players"]
    result: dict[int, str] = {}
    if seat is not None and players[seat]["city"] == city:
        for slot in (0, 1):
            result[slot] = f"move {slot}"
    owner = view["turn_owner"]
    if view["decision"] == "forced_step" and owner is not None and players[owner]["city"] == city:
        for slot in (0, 1):
            result[slot] = f"step {slot}"
    conflict = view["conflict"]
    sides, winner = conflict["sides"], conflict["winner"]
    if view["decision"] == "push" and winner in sides and len(sides) == 2:
        loser = sides[1] if winner == sides[0] else sides[0]
        if 0 <= loser < len(players) and players[loser]["city"] == city:
            for slot in (0, 1):
                result[slot] = f"push {slot}"
    return result


def _draw_city(b: Board, city: dict[str, Any]) -> None:
    view = b.view
    tr = b.tr
    c = city["number"]
    col, row = CITY_GRID[c]
    x, y = cell(col, row)
    w, h = CELL_W - 2 * PAD, CELL_H - 2 * PAD
    good = GOOD_NAMES.index(city["good"])
    seat = view["seat"]
    mine = seat is not None and view["players"][seat]["city"] == c
    out = b.parts
    out.append(
        _rect(x, y, w, h, rx=10, fill=CITY_TINT[good], stroke=INK, stroke_width=4 if mine else 1.5)
    )
    # Header: number and name, the city's good as the number's colour.
    out.append(
        _el(
            "circle", cx=f"{x + 15:.1f}", cy=f"{y + 15:.1f}", r=12, fill=GOOD_FILL[good], stroke=INK
        )
    )
    out.append(
        _text(x + 15, y + 21, str(c), 16, weight="bold", anchor="middle", fill=GOOD_INK[good])
    )
    out.append(_text(x + 31, y + 22, city["name"], 20, weight="bold", fit=w - 34))
    # Route squares, the guild master and the end marker.
    slot_actions = _square_actions(view, c)
    for slot, sx in ((0, 28.0), (1, 82.0)):
        _route_square(b, city, slot, x + sx, y + 60, slot_actions)
    if view["guildmaster"] == c:
        b.explain("guild master", tr("GM"), tr("guild master"))
        out.append(_rect(x + w - 40, y + 32, 36, 22, rx=11, fill="#2b2b2b"))
        out.append(
            _text(x + w - 22, y + 48, tr("GM"), 14, weight="bold", anchor="middle", fill="#ffd24d")
        )
    if view["end_marker"] == c:
        out.append(_rect(x + w - 40, y + 60, 36, 22, rx=3, fill="#b3261e"))
        out.append(
            _text(
                x + w - 22,
                y + 76,
                tr("End"),
                13,
                weight="bold",
                anchor="middle",
                fill="#ffffff",
                fit=34,
            )
        )
    # Goods on the city.
    gx = x + 4
    goods = city["goods"]
    present = [t for t, name in enumerate(GOOD_NAMES) if goods[name]]
    chip_w = min(36.0, (w - 8) / max(1, len(present)) - 2)
    for t in present:
        out.append(goods_chip(gx, y + 90, t, goods[GOOD_NAMES[t]], good_letter(tr, t), chip_w))
        gx += chip_w + 2
    if not present:
        out.append(_text(x + 6, y + 108, tr("no goods"), 14, fill=MUTED, fit=w - 12))
    _draw_city_pieces(b, city, x, y + 117, w)
    if f"start {c}" in b.legal:
        label = tr("start in {city} (city {number})").format(city=city["name"], number=c)
        b.target(f"start {c}", x, y, w, h, label, rx=10)
    if "rob city" in b.legal and mine:
        label = tr("rob the city of {city}").format(city=city["name"])
        b.target("rob city", x, y, w, h, label, rx=10)


def _draw_city_pieces(b: Board, city: dict[str, Any], x: float, y: float, w: float) -> None:
    """Kontor places (with the goods stored in them), cogs and robbery markers, flowing over two
    lines below the goods."""
    view = b.view
    tr = b.tr
    out = b.parts
    c = city["number"]
    seat = view["seat"]
    stored = iter(k["goods"] for k in city["kontore"])  # in the order of the places held
    items: list[tuple[str, int, int]] = []  # (kind, seat or good, count)
    for owner in city["kontor_places"]:
        items.append(("kontor", owner, 0))
        if owner >= 0:
            goods = next(stored)
            items += [
                ("stored", t, goods[name]) for t, name in enumerate(GOOD_NAMES) if goods[name]
            ]
    items += [("cog", p["seat"], 0) for p in view["players"] if p["city"] == c]
    items += [("rob", p, 0) for p in city["robbed_by"]]
    widths = {"kontor": 22, "stored": 28, "cog": 26, "rob": 28}
    own = [k for k in city["kontore"] if k["seat"] == seat]
    px, py = x + 4, y
    for kind, who, count in items:
        iw = widths[kind]
        if px + iw > x + w - 2:
            px, py = x + 4, py + 21
        if kind == "kontor" and who < 0:
            out.append(
                _rect(px, py, iw, iw, rx=3, fill="none", stroke=MUTED, stroke_dasharray="3 3")
            )
        elif kind == "kontor":
            out.append(seat_square(px, py, iw, who))
            if who == seat and len(own) == 1:
                words = goods_words(own[0]["goods"], tr)
                label = tr("collect the goods of your Kontor in {city} ({goods})")
                b.target(
                    "collect",
                    px - 3,
                    py - 3,
                    iw + 6,
                    iw + 6,
                    label.format(city=city["name"], goods=words),
                )
        elif kind == "stored":
            out.append(_rect(px - 1, py + 2, iw, 18, rx=4, fill=GOOD_FILL[who], stroke=INK))
            out.append(
                _text(
                    px - 1 + iw / 2,
                    py + 15,
                    f"{count}{good_letter(tr, who)}",
                    12,
                    weight="bold",
                    anchor="middle",
                    fill=GOOD_INK[who],
                )
            )
        elif kind == "cog":
            out.append(cog_piece(px, py - 2, iw - 2, who))
        else:
            out.append(rob_marker(px, py, who))
        px += iw + 3


_STYLE = (
    ".hk-target{cursor:pointer}.hk-target:focus{outline:none}"
    ".hk-target:hover,.hk-target:focus-visible{fill-opacity:.3;stroke-width:5;outline:none}"
    ".board-svg.kogge text{font-family:system-ui,sans-serif}"
)


def board_svg(
    view: dict[str, Any],
    legal: Sequence[str],
    translate: Translate = same,
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The board of `view` as one inline <svg> element, and the legal actions it carries; every
    word in the reader's language (`translate`, gettext), the actions' notation as it is. With
    `names` (one per seat, None for a seat without one) each player's corner shows its player's
    name beside the seat letter."""
    b = Board(view, legal, translate)
    tr = translate
    for city in view["cities"]:
        start = len(b.parts)
        _draw_city(b, city)
        b.close_place(start, f"city:{city['number']}", places.city_part(view, city["number"]))
    for player, (col, row) in zip(view["players"], CORNERS, strict=False):
        start = len(b.parts)
        draw_player(b, player, col, row, names)
        b.close_place(start, f"seat:{player['seat']}", places.seat_part(view, player["seat"]))
    draw_middle(b)
    start = len(b.parts)
    draw_supply(b)
    b.close_place(start, "supply", places.supply_part(view))
    lines = [[b.key[entry] for entry in group if entry in b.key] for group in KEY_GROUPS]
    key, height = board_key(HEIGHT, WIDTH, tr("Key"), lines)
    seat = view["seat"]
    setup = view["round"] == 0  # the set-up before the first round
    if seat is None:
        title = tr(
            "Kogge board, set-up, as seen by a spectator"
            if setup
            else "Kogge board, round {round}, as seen by a spectator"
        ).format(round=view["round"])
    else:
        title = tr(
            "Kogge board, set-up, as seen by seat {seat}"
            if setup
            else "Kogge board, round {round}, as seen by seat {seat}"
        ).format(round=view["round"], seat=SEAT_LETTERS[seat])
    label = "Kogge board, set-up" if setup else "Kogge board, round {round}"
    svg = board_document(
        "kogge",
        (WIDTH, f"{height:.0f}"),
        tr(label).format(round=view["round"]),
        title,
        _STYLE,
        _rect(0, 0, WIDTH, height, fill=PAPER) + "".join(b.parts) + key + "".join(b.targets),
    )
    return svg, frozenset(b.placed)
