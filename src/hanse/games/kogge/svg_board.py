"""The Kogge board's drawing state (:class:`Board`: the parts drawn, the targets, the key) and
the pieces every part of the board draws: seat badges and squares, cogs, goods and marker chips,
robbery markers; the board's grid and colours."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from hanse.games.kogge.data import (
    CHIP_NAMES,
    CITY_GRID,
    GOOD_LETTERS,
    GOOD_NAMES,
    MARKER_COLOUR,
)
from hanse.games.kogge.words import CHIP_WORDS as CHIP_NAMES_IN_WORDS
from hanse.games.svg_parts import (
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    Translate,
    seat_disc,
    target_rect,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text
from hanse.games.svg_places import enclose

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
"""The key's lines: the entries the board may explain (:meth:`Board.explain`), in order; a
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
CELL_W, CELL_H = 160, 170
PAD = 4
NAME_SIZE = 14
"""The size of a player's name atop their corner (smaller than "Seat A": names are longer)."""
NAME_SMALL = 12
"""The size of a name that would be cut at :data:`NAME_SIZE`."""
TURN_RED = "#b3261e"
"""The ring round the badge of the player who decides."""
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
def seat_badge(x: float, y: float, seat: int, r: float = 11) -> str:
    """A round piece of ``seat``: its colour and its letter (centre x, y)."""
    return seat_disc(x, y, seat, r, letter=1.15, drop=0.42)


@lru_cache(maxsize=8192)
def seat_square(x: float, y: float, size: float, seat: int) -> str:
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
def cog_piece(x: float, y: float, w: float, seat: int) -> str:
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
def goods_chip(x: float, y: float, good: int, count: int, letter: str, w: float = 34) -> str:
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
def marker_chip(x: float, y: float, value: int, size: float = 28) -> str:
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


def good_letter(tr: Translate, good: int) -> str:
    """The good's letter (its initial) in the reader's language."""
    return tr(GOOD_LETTERS[good])


def goods_words(goods: dict[str, int], tr: Translate) -> str:
    words = [
        tr("{count} × {good}").format(count=goods[name], good=tr(name))
        for name in GOOD_NAMES
        if goods.get(name)
    ]
    return ", ".join(words) or tr("no goods")


def goods_text(goods: dict[str, int], tr: Translate) -> str:
    return (
        " ".join(
            f"{goods[name]}{good_letter(tr, t)}" for t, name in enumerate(GOOD_NAMES) if goods[name]
        )
        or "-"
    )


def chip_short(name: str, tr: Translate) -> str:
    return tr(CHIP_SHORT[name]) if name in CHIP_WORDS else CHIP_SHORT[name]


class Board:
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

    def close_place(self, start: int, key: str, part: object) -> None:
        """What was drawn since ``len(self.parts)`` was `start` becomes the place `key`, drawing
        `part` of the view (:mod:`.svg_places`)."""
        enclose(self.parts, start, key, part)

    def target(
        self, action: str, x: float, y: float, w: float, h: float, label: str, rx: float = 6
    ) -> None:
        """A clickable target for ``action`` over the given box, if it is legal and not placed."""
        if action not in self.legal or action in self.placed:
            return
        self.placed.add(action)
        self.targets.append(target_rect(action, x, y, w, h, label, rx, "hk-target"))


def cell(col: int, row: int) -> tuple[float, float]:
    """Top left of the box in grid cell (col, row), 1-based as ``CITY_GRID``."""
    return (col - 1) * CELL_W + PAD, (row - 1) * CELL_H + PAD


def centre(city: int) -> tuple[float, float]:
    col, row = CITY_GRID[city]
    return (col - 0.5) * CELL_W, (row - 0.5) * CELL_H


def city_name(view: dict[str, Any], city: int) -> str:
    return str(view["cities"][city]["name"])


@lru_cache(maxsize=8192)
def rob_marker(x: float, y: float, seat: int) -> str:
    """A robbery marker (Raubmarker) of ``seat``: a pill with R and the seat letter."""
    return _rect(x, y, 28, 20, rx=10, fill="#ffffff", stroke=SEAT_COLOURS[seat], stroke_width=3) + (
        _text(x + 14, y + 15, "R" + SEAT_LETTERS[seat], 12, weight="bold", anchor="middle")
    )
