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

Standard library only: the text is built as strings and every text and attribute is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from hanse.games.kogge.data import (
    CHIP_NAMES,
    CITY_GRID,
    GOOD_LETTERS,
    GOOD_NAMES,
    KONTORE_PER_PLAYER,
    MARKER_COLOUR,
)
from hanse.games.kogge.words import CHIP_WORDS as CHIP_NAMES_IN_WORDS
from hanse.games.svg_parts import (
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    Translate,
    board_document,
    board_key,
    name_label,
    plural,
    same,
    seat_disc,
    seat_name,
    target_rect,
    text_width,
    wrap,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

# Goods and route markers: grey ore, orange fur, purple amber, white salt (Spielmaterial).
GOOD_FILL = ("#b4b9be", "#f39c34", "#8e5bb5", "#ffffff")
GOOD_INK = ("#000000", "#000000", "#ffffff", "#000000")
BACK_FILL = "#23303b"
"""The back of a face-down route marker: darker than any good."""
CITY_TINT = ("#eef0f2", "#fdf0e0", "#f3eafa", "#fbfbf6")
CHIP_SHORT = {
    "trade3": "3:1",
    "extra_marker": "+1",
    "two_moves": "2 step",
    "secret_route": "secret route",
}
"""The bonus chips (Bonuschips) in short; the last two are words (translated)."""
CHIP_WORDS = frozenset(("two_moves", "secret_route"))
KEY_GROUPS = (
    tuple(f"good {t}" for t in range(len(GOOD_NAMES))),
    ("robbery marker", "guild master", "Kontore", "development"),
    ("face-down", "seen"),
    tuple(f"chip {name}" for name in CHIP_NAMES if CHIP_SHORT[name] != CHIP_NAMES_IN_WORDS[name]),
)
"""The key's lines: the entries the board may explain (:meth:`_Board.explain`), in order; a
bonus chip only where its short form is not its name."""
DECISION_WORDS = {
    "deal": "route markers are dealt",
    "choose_start": "choose the start city",
    "start_swap": "memory",
    "lot": "drawing lots",
    "draw_bonus": "goods are supplied",
    "draw_offer": "new markers are drawn",
    "bid": "lay markers",
    "move_guildmaster": "move the guild master",
    "pay_tax": "pay tax",
    "move": "sail",
    "pay_fee": "pay the secret route",
    "action": "action",
    "exchange": "exchange goods",
    "offer_trade": "trade offer",
    "answer_trade": "answer the offer",
    "split": "robbery: split the goods",
    "choose_pile": "robbery: choose a pile",
    "forced_step": "move the robber's cog",
    "attack": "conflict",
    "conflict_bid": "conflict markers",
    "demand": "demand goods",
    "push": "push the loser",
    "game_over": "game over",
    "take_marker": "take a marker",
}
"""The pending decision in the round's headline."""
SQUARE_WORDS = {
    ("move", True): "sail from {city} along the route to {target} (square {square})",
    ("move", False): "sail from {city} along the face-down route (square {square})",
    ("step", True): (
        "move the robber's cog from {city} along the route to {target} (square {square})"
    ),
    (
        "step",
        False,
    ): "move the robber's cog from {city} along the face-down route (square {square})",
    (
        "push",
        True,
    ): "push the loser's cog from {city} along the route to {target} (square {square})",
    ("push", False): (
        "push the loser's cog from {city} along the face-down route (square {square})"
    ),
}
"""The labels of the route squares' targets."""

CELL_W, CELL_H = 160, 170
PAD = 4
NAME_SIZE = 14
"""The size of a player's name atop their corner (smaller than "Seat A": names are longer)."""
NAME_SQUEEZE = 0.7
"""How far a player's name and seat letter may be squeezed into the title of their corner: as
far as "Seat A (you)" is in the narrowest."""
LOT_MIN = 86
"""The narrowest step of the offer's lots (two marker chips and the lot's number)."""
WIDTH, HEIGHT = 5 * CELL_W, 4 * CELL_H
MUTED = "#555b66"
PAPER = "#fbf8f1"

# The four corners of the ring hold the players (clockwise from the top left), the bottom middle
# the supply.
CORNERS = ((1, 1), (5, 1), (5, 4), (1, 4))
SUPPLY_CELL = (3, 4)


@lru_cache(maxsize=8192)
def _seat_badge(x: float, y: float, seat: int, r: float = 11) -> str:
    """A round piece of ``seat``: its colour and its letter (centre x, y)."""
    return seat_disc(x, y, seat, r, letter=1.15, drop=0.42)


@lru_cache(maxsize=8192)
def _seat_square(x: float, y: float, size: float, seat: int) -> str:
    return _rect(x, y, size, size, rx=3, fill=SEAT_COLOURS[seat], stroke=INK) + _text(
        x + size / 2,
        y + size * 0.72,
        SEAT_LETTERS[seat],
        size * 0.62,
        weight="bold",
        anchor="middle",
        fill=SEAT_INK[seat],
    )


@lru_cache(maxsize=8192)
def _cog(x: float, y: float, w: float, seat: int) -> str:
    """A cog (Kogge) of ``seat``: a hull with the seat letter, ``w`` wide, top at ``y``."""
    path = (
        f"M{x:.1f},{y + 8:.1f} H{x + w:.1f} L{x + w - 4:.1f},{y + 22:.1f} "
        f"H{x + 4:.1f} Z M{x + w / 2:.1f},{y + 8:.1f} V{y:.1f}"
    )
    hull = _el("path", d=path, fill=SEAT_COLOURS[seat], stroke=INK, stroke_width=1.5)
    return hull + _text(
        x + w / 2,
        y + 20,
        SEAT_LETTERS[seat],
        13,
        weight="bold",
        anchor="middle",
        fill=SEAT_INK[seat],
    )


@lru_cache(maxsize=8192)
def _goods_chip(x: float, y: float, good: int, count: int, letter: str, w: float = 34) -> str:
    """`count` goods of kind `good`: the number and the good's `letter` on its colour."""
    return _rect(x, y, w, 24, rx=5, fill=GOOD_FILL[good], stroke=INK) + _text(
        x + w / 2,
        y + 18,
        f"{count}{letter}",
        16,
        weight="bold",
        anchor="middle",
        fill=GOOD_INK[good],
    )


@lru_cache(maxsize=8192)
def _marker_chip(x: float, y: float, value: int, size: float = 28) -> str:
    """A route marker (Wegemarker) face up: its number on the colour of its good."""
    colour = MARKER_COLOUR[value]
    return _rect(x, y, size, size, rx=4, fill=GOOD_FILL[colour], stroke=INK) + _text(
        x + size / 2,
        y + size * 0.72,
        str(value),
        size * 0.64,
        weight="bold",
        anchor="middle",
        fill=GOOD_INK[colour],
    )


def _letter(tr: Translate, good: int) -> str:
    """The good's letter (its initial) in the reader's language."""
    return tr(GOOD_LETTERS[good])


def _goods_words(goods: dict[str, int], tr: Translate) -> str:
    words = [
        tr("{count} × {good}").format(count=goods[name], good=tr(name))
        for name in GOOD_NAMES
        if goods.get(name)
    ]
    return ", ".join(words) or tr("no goods")


def _goods_text(goods: dict[str, int], tr: Translate) -> str:
    return (
        " ".join(
            f"{goods[name]}{_letter(tr, t)}" for t, name in enumerate(GOOD_NAMES) if goods[name]
        )
        or "-"
    )


def _chip_short(name: str, tr: Translate) -> str:
    return tr(CHIP_SHORT[name]) if name in CHIP_WORDS else CHIP_SHORT[name]


class _Board:
    """Collects the drawing and the targets; targets are drawn last, over everything."""

    def __init__(self, view: dict[str, Any], legal: Sequence[str], tr: Translate) -> None:
        self.view = view
        self.legal = set(legal)
        self.tr = tr
        self.parts: list[str] = []
        self.targets: list[str] = []
        self.placed: set[str] = set()
        self.key: dict[str, tuple[str, str]] = {}
        """Entry of the key -> the symbol as drawn first and its meaning."""

    def explain(self, entry: str, symbol: str, meaning: str) -> None:
        """Put `entry` of :data:`KEY_GROUPS` in the key: `symbol` is drawn on the board."""
        self.key.setdefault(entry, (symbol, meaning))

    def target(
        self, action: str, x: float, y: float, w: float, h: float, label: str, rx: float = 6
    ) -> None:
        """A clickable target for ``action`` over the given box, if it is legal and not placed."""
        if action not in self.legal or action in self.placed:
            return
        self.placed.add(action)
        self.targets.append(target_rect(action, x, y, w, h, label, rx, "hk-target"))


def _cell(col: int, row: int) -> tuple[float, float]:
    """Top left of the box in grid cell (col, row), 1-based as ``CITY_GRID``."""
    return (col - 1) * CELL_W + PAD, (row - 1) * CELL_H + PAD


def _centre(city: int) -> tuple[float, float]:
    col, row = CITY_GRID[city]
    return (col - 0.5) * CELL_W, (row - 0.5) * CELL_H


def _city_name(view: dict[str, Any], city: int) -> str:
    return str(view["cities"][city]["name"])


def _route_square(
    b: _Board, city: dict[str, Any], slot: int, cx: float, cy: float, slot_actions: dict[int, str]
) -> None:
    """Route square ``slot`` of ``city`` centred on (cx, cy), with a pointer to its target."""
    half = 17
    up = city["markers"][slot]
    known = city["known"][slot]
    dealt = city["dealt"][slot]
    out = b.parts
    value = up if up is not None else known
    if up is not None:
        out.append(_marker_chip(cx - half, cy - half, up, 2 * half))
        tx, ty = _centre(up)
        sx, sy = _centre(city["number"])
        angle = math.atan2(ty - sy, tx - sx)
        dx, dy = math.cos(angle), math.sin(angle)
        # A pointer from the square toward the target city (the route's direction).
        x1, y1 = cx + dx * (half + 1), cy + dy * (half + 1)
        x2, y2 = cx + dx * (half + 7), cy + dy * (half + 7)
        head = (
            f"M{x2 + dx * 7:.1f},{y2 + dy * 7:.1f} L{x2 - dy * 6:.1f},{y2 + dx * 6:.1f} "
            f"L{x2 + dy * 6:.1f},{y2 - dx * 6:.1f} Z"
        )
        out.append(
            _el(
                "line",
                x1=f"{x1:.1f}",
                y1=f"{y1:.1f}",
                x2=f"{x2:.1f}",
                y2=f"{y2:.1f}",
                stroke=INK,
                stroke_width=3,
            )
        )
        out.append(_el("path", d=head, fill=INK))
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
    target = "" if value is None else _city_name(b.view, value)
    b.target(
        action,
        cx - half - 3,
        cy - half - 3,
        2 * half + 6,
        2 * half + 6,
        b.tr(template).format(city=city["name"], target=target, square=slot + 1),
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


def _draw_city(b: _Board, city: dict[str, Any]) -> None:
    view = b.view
    tr = b.tr
    c = city["number"]
    col, row = CITY_GRID[c]
    x, y = _cell(col, row)
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
        out.append(_goods_chip(gx, y + 90, t, goods[GOOD_NAMES[t]], _letter(tr, t), chip_w))
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


def _draw_city_pieces(b: _Board, city: dict[str, Any], x: float, y: float, w: float) -> None:
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
            out.append(_seat_square(px, py, iw, who))
            if who == seat and len(own) == 1:
                words = _goods_words(own[0]["goods"], tr)
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
                    f"{count}{_letter(tr, who)}",
                    12,
                    weight="bold",
                    anchor="middle",
                    fill=GOOD_INK[who],
                )
            )
        elif kind == "cog":
            out.append(_cog(px, py - 2, iw - 2, who))
        else:
            out.append(_rob_marker(px, py, who))
        px += iw + 3


@lru_cache(maxsize=8192)
def _rob_marker(x: float, y: float, seat: int) -> str:
    """A robbery marker (Raubmarker) of ``seat``: a pill with R and the seat letter."""
    return _rect(x, y, 28, 20, rx=10, fill="#ffffff", stroke=SEAT_COLOURS[seat], stroke_width=3) + (
        _text(x + 14, y + 15, "R" + SEAT_LETTERS[seat], 12, weight="bold", anchor="middle")
    )


def _draw_player(
    b: _Board,
    player: dict[str, Any],
    col: int,
    row: int,
    names: Sequence[str | None] | None = None,
) -> None:
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = _cell(col, row)
    w, h = CELL_W - 2 * PAD, CELL_H - 2 * PAD
    p = player["seat"]
    me = view["seat"] == p
    deciding = view["decider"] == p
    out.append(
        _rect(
            x,
            y,
            w,
            h,
            rx=8,
            fill="#ffffff",
            stroke=SEAT_COLOURS[p],
            stroke_width=5 if deciding else 2.5,
        )
    )
    out.append(_seat_badge(x + 16, y + 16, p, 12))
    room = w - 37 - (18 if deciding else 0)
    name = seat_name(names, p)
    if name is None:
        title = tr("Seat {seat} (you)" if me else "Seat {seat}").format(seat=SEAT_LETTERS[p])
    else:  # cut to what squeezes into the room as much as the words without a name do
        title = name_label(tr, name, p, me, NAME_SIZE, room / NAME_SQUEEZE)
    size = 17 if name is None else NAME_SIZE
    out.append(_text(x + 33, y + 22, title, size, weight="bold", fit=room))
    if deciding:
        out.append(_text(x + w - 6, y + 22, "◀", 17, anchor="end", fill="#b3261e"))
    city = player["city"]
    if city is None:
        where = tr("cog not placed")
    else:
        where = tr("cog: {city}").format(city=_city_name(view, city))
    out.append(_text(x + 6, y + 44, where, 15, fit=w - 10))
    # Kontore built, robbery markers in hand, development points.
    y0 = y + 52
    built = f"{player['kontore']}/{KONTORE_PER_PLAYER}"
    out.append(_seat_square(x + 6, y0, 18, p))
    out.append(_text(x + 27, y0 + 15, built, 15))
    out.append(_rob_marker(x + 56, y0 - 1, p))
    out.append(_text(x + 88, y0 + 15, f"{player['robbery_markers']}", 15))
    dev = tr("dev {points}").format(points=player["development"])
    b.explain(
        "robbery marker",
        "R" + SEAT_LETTERS[p],
        tr("robbery marker of seat {seat}").format(seat=SEAT_LETTERS[p]),
    )
    b.explain(
        "Kontore",
        built,
        tr("Kontore built, of {count}").format(count=KONTORE_PER_PLAYER),
    )
    # The template's words without the number ("dev", "EP"): the symbol as the board draws it.
    b.explain("development", tr("dev {points}").format(points="").strip(), tr("development points"))
    out.append(_text(x + w - 4, y0 + 15, dev, 15, anchor="end", fit=w - 112))
    y0 += 26
    lines: list[str] = []
    cargo = player["cargo"]
    if isinstance(cargo, dict):
        gx = x + 6
        present = [t for t, name in enumerate(GOOD_NAMES) if cargo[name]]
        for t in present:
            out.append(_goods_chip(gx, y0, t, cargo[GOOD_NAMES[t]], _letter(tr, t), 34))
            gx += 36
        if not present:
            out.append(_text(x + 6, y0 + 18, tr("no cargo"), 15, fill=MUTED, fit=w - 12))
        y0 += 44
    else:
        seen_goods = _goods_text(player["known_cargo"], tr)
        goods = plural(cargo, "{count} good, seen {seen}", "{count} goods, seen {seen}")
        lines.append(tr(goods).format(count=cargo, seen=seen_goods))
        y0 += 18
    markers = player["markers"]
    if isinstance(markers, list):
        held = " ".join(map(str, markers)) or "-"
        lines.append(tr("markers {markers}").format(markers=held))
    else:
        seen = " ".join(map(str, player.get("known_markers", []))) or "-"
        many = plural(markers, "{count} marker, seen {seen}", "{count} markers, seen {seen}")
        lines.append(tr(many).format(count=markers, seen=seen))
    chips = [
        f"{_chip_short(k, tr)}×{n}" if n > 1 else _chip_short(k, tr)
        for k, n in player["bonus_chips"].items()
        if n
    ]
    if chips:
        lines.append(tr("chips {chips}").format(chips=" ".join(chips)))
    if player.get("conflict_markers") is not None:
        put_in = " ".join(map(str, player["conflict_markers"])) or "-"
        lines.append(tr("conflict {markers}").format(markers=put_in))
    choice = player.get("start_choice")
    if choice is not None:
        if choice is True:
            lines.append(tr("start chosen"))
        else:
            lines.append(tr("start {marker}").format(marker=choice))
    # Each fact wrapped to the box's width, in a smaller type where they would not all fit.
    for size, step in ((15, 19), (13, 16)):
        wrapped = [part for line in lines for part in _wrap(line, size, w - 10)]
        if y0 + (len(wrapped) - 1) * step <= y + h - 4:
            break
    for line in wrapped:
        if y0 > y + h - 4:
            break
        out.append(_text(x + 6, y0, line, size, fit=w - 10))
        y0 += step


def _wrap(words: str, size: float, width: float) -> list[str]:
    """``words`` broken into lines that fit ``width`` units, at its commas first (a long word
    stays whole)."""
    if text_width(words, size) <= width:
        return [words]
    if ", " in words:
        head, tail = words.split(", ", 1)
        return _wrap(head + ",", size, width) + _wrap(tail, size, width)
    return wrap(words, size, width)


def _draw_middle(b: _Board) -> None:
    """Round, decision, turn order, the offer, the bids and the viewer's markers."""
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = CELL_W + PAD + 8, CELL_H + PAD
    w = 3 * CELL_W - 2 * PAD - 16
    out.append(
        _rect(x - 8, y, w + 16, 2 * CELL_H - 2 * PAD, rx=10, fill="#ffffff", stroke="#c9c1ad")
    )
    decider = view["decider"]
    decision = view["decision"]
    decision = tr(DECISION_WORDS[decision]) if decision in DECISION_WORDS else decision
    if isinstance(decider, int):
        head = tr("Round {round} · {decision} — {seat}").format(
            round=view["round"], decision=decision, seat=SEAT_LETTERS[decider]
        )
    else:
        head = tr("Round {round} · {decision}").format(round=view["round"], decision=decision)
    if view.get("winner") is not None:
        head = tr("Game over — {seat} wins").format(seat=SEAT_LETTERS[view["winner"]])
    out.append(_text(x, y + 26, head, 20, weight="bold", fit=w))
    # The rows' names in a column as wide as the longest (in the reader's language), the four
    # lots of the offer narrowed to make room for it.
    names = [tr("Order"), tr("Offer"), tr("Bids")]
    column = min(max(62.0, max(text_width(name, 16) for name in names) + 10), w - 4 * LOT_MIN)
    step = min(98.0, (w - column) / 4)
    lot_w = step - 6
    # Turn order: the seat on turn is underlined.
    out.append(_text(x, y + 56, names[0], 16, fill=MUTED, fit=column - 6))
    ox = x + column
    for i, p in enumerate(view["order"]):
        out.append(_seat_badge(ox + 12, y + 50, p, 12))
        if i == view["index"] and view["decision"] not in ("deal", "choose_start"):
            out.append(_rect(ox, y + 65, 24, 3, fill=INK))
        ox += 30
    passes = tr("passes {count}").format(count=view["passes"])
    out.append(_text(x + w, y + 56, passes, 16, anchor="end", fill=MUTED))
    # The offer: four lots of two markers (Nachschub).
    out.append(_text(x, y + 96, names[1], 16, fill=MUTED, fit=column - 6))
    lx = x + column
    for i, lot in enumerate(view["offer"]):
        out.append(_rect(lx, y + 74, lot_w, 36, rx=6, fill="#f4efe3", stroke="#c9c1ad"))
        out.append(_text(lx + 4, y + 97, str(i), 12, fill=MUTED))
        mx = lx + 14 + (lot_w - 14 - 64) / 2  # two chips and their gap, right of the number
        for value in lot:
            out.append(_marker_chip(mx, y + 78, value, 28))
            mx += 36
        lx += step
    if not view["offer"]:
        out.append(_text(lx, y + 96, "—", 16, fill=MUTED))
    # Bids, in turn order.
    out.append(_text(x, y + 140, names[2], 16, fill=MUTED, fit=column - 6))
    bx = x + column
    bid_step = min(94.0, (w - column) / max(1, len(view["order"])))
    for p in view["order"]:
        bid = view["bids"][p]
        out.append(_seat_badge(bx + 11, y + 134, p, 11))
        words = "—" if bid is None else (" ".join(map(str, bid)) or "…")
        out.append(_text(bx + 26, y + 140, words, 16, weight="bold", fit=bid_step - 30))
        bx += bid_step
    _draw_hand(b, x, y + 160, w)
    _draw_status(b, x, y + 2 * CELL_H - 2 * PAD - 14, w)


def _draw_hand(b: _Board, x: float, y: float, w: float) -> None:
    """The viewer's markers as one chip per value (the bid targets) and cargo."""
    view = b.view
    seat = view["seat"]
    if seat is None:
        return
    tr = b.tr
    out = b.parts
    me = view["players"][seat]
    markers = me["markers"] if isinstance(me["markers"], list) else []
    out.append(_text(x, y + 20, tr("Your markers"), 16, fill=MUTED))
    counts = {v: markers.count(v) for v in sorted(set(markers), reverse=True)}
    mx = x
    size = 42
    for value, n in counts.items():
        if mx + size > x + w:
            break
        out.append(_marker_chip(mx, y + 30, value, size))
        if n > 1:
            out.append(_text(mx + size / 2, y + 92, f"×{n}", 16, weight="bold", anchor="middle"))
        b.target(
            f"bid {value}",
            mx - 3,
            y + 27,
            size + 6,
            size + 6,
            tr(
                "bid a marker {value} (you hold {count})" if n > 1 else "bid a marker {value}"
            ).format(value=value, count=n),
        )
        mx += size + 7
    if not counts:
        out.append(_text(mx, y + 58, tr("none"), 16, fill=MUTED))


def _draw_status(b: _Board, x: float, y: float, w: float) -> None:
    """One line about a trade, a robbery or a conflict under way."""
    view = b.view
    tr = b.tr
    trade = view["trade"]
    words = ""
    owner = view["turn_owner"]
    if trade["partner"] >= 0 and owner is not None:
        give = _goods_text(trade["give_goods"], tr) if trade["give_goods"] else "?"
        give_m = [str(v) for v in range(9) for _ in range(trade["give_markers"][v])]
        ask_m = [str(v) for v in range(9) for _ in range(trade["ask_markers"][v])]
        template = (
            "Trade {owner}→{partner} (Kontor): gives {give}; asks {ask}"
            if trade["kontor"]
            else "Trade {owner}→{partner}: gives {give}; asks {ask}"
        )
        words = tr(template).format(
            owner=SEAT_LETTERS[owner],
            partner=SEAT_LETTERS[trade["partner"]],
            give=" ".join([give, *give_m]),
            ask=" ".join([_goods_text(trade["ask_goods"], tr), *ask_m]),
        )
    elif view["robbery"]["victim"] not in (-1, None):
        victim = view["robbery"]["victim"]
        piles = view["robbery"]["piles"]
        shown = [
            _goods_text(pile, tr)
            if isinstance(pile, dict)
            else tr(plural(pile, "{count} good", "{count} goods")).format(count=pile)
            for pile in piles
        ]
        if victim < 0:
            words = tr("Robbery of the city: piles {first} / {second}").format(
                first=shown[0], second=shown[1]
            )
        else:
            words = tr("Robbery of {seat}: piles {first} / {second}").format(
                seat=SEAT_LETTERS[victim], first=shown[0], second=shown[1]
            )
    elif view["conflict"]["sides"][0] >= 0:
        a, d = view["conflict"]["sides"]
        winner = view["conflict"]["winner"]
        template = (
            "Conflict {attacker} against {defender}, {winner} wins"
            if winner >= 0
            else "Conflict {attacker} against {defender}"
        )
        words = tr(template).format(
            attacker=SEAT_LETTERS[a],
            defender=SEAT_LETTERS[d],
            winner=SEAT_LETTERS[winner] if winner >= 0 else "",
        )
    if words:
        b.parts.append(_text(x, y, words, 16, fit=w))


def _draw_supply(b: _Board) -> None:
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = _cell(*SUPPLY_CELL)
    w, h = CELL_W - 2 * PAD, CELL_H - 2 * PAD
    out.append(_rect(x, y, w, h, rx=8, fill="#ffffff", stroke="#c9c1ad"))
    out.append(_text(x + 6, y + 22, tr("Supply"), 16, weight="bold", fit=w - 12))
    supply = view["supply"]
    for t, name in enumerate(GOOD_NAMES):
        gx, gy = x + 6 + (t % 2) * 72, y + 30 + (t // 2) * 28
        out.append(_goods_chip(gx, gy, t, supply[name], _letter(tr, t), 66))
        b.explain(f"good {t}", _letter(tr, t), tr(name))
    reserve = view["reserve"]
    count = sum(reserve) if isinstance(reserve, list) else reserve
    many = plural(count, "reserve: {count} marker", "reserve: {count} markers")
    reserve_words = tr(many).format(count=count)
    out.append(_text(x + 6, y + 101, reserve_words, 14, fit=w - 12))
    left = view["bonus_chips_left"]
    out.append(_text(x + 6, y + 120, tr("bonus chips left"), 14, fill=MUTED, fit=w - 12))
    for i, name in enumerate(CHIP_NAMES):
        chip = tr("bonus chip {chip}").format(chip=tr(CHIP_NAMES_IN_WORDS[name]))
        b.explain(f"chip {name}", _chip_short(name, tr), chip)
        out.append(
            _text(
                x + 6 + (i % 2) * 72,
                y + 139 + (i // 2) * 18,
                f"{_chip_short(name, tr)} ×{left[name]}",
                14,
                fit=68,
            )
        )


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
    b = _Board(view, legal, translate)
    tr = translate
    for city in view["cities"]:
        _draw_city(b, city)
    for player, (col, row) in zip(view["players"], CORNERS, strict=False):
        _draw_player(b, player, col, row, names)
    _draw_middle(b)
    _draw_supply(b)
    lines = [[b.key[entry] for entry in group if entry in b.key] for group in KEY_GROUPS]
    key, height = board_key(HEIGHT, WIDTH, tr("Key"), lines)
    seat = view["seat"]
    if seat is None:
        title = tr("Kogge board, round {round}, as seen by a spectator").format(round=view["round"])
    else:
        title = tr("Kogge board, round {round}, as seen by seat {seat}").format(
            round=view["round"], seat=SEAT_LETTERS[seat]
        )
    svg = board_document(
        "kogge",
        (WIDTH, f"{height:.0f}"),
        tr("Kogge board, round {round}").format(round=view["round"]),
        title,
        _STYLE,
        _rect(0, 0, WIDTH, height, fill=PAPER) + "".join(b.parts) + key + "".join(b.targets),
    )
    return svg, frozenset(b.placed)
