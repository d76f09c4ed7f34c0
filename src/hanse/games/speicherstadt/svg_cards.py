"""The pieces of the Speicherstadt board: the colours and sizes, goods cubes, workers and the
trade cards (a band in the colour of the card's use, its name, its season, what it holds or
gives)."""

from __future__ import annotations

from typing import Any

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, GOOD_NAMES, Card
from hanse.games.svg_parts import (
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    Translate,
    same,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

GREY_WORKER = "#a6a6a6"

GOOD_FILL = {
    "coffee": "#6f4e37",
    "tea": "#3d8b37",
    "saffron": "#f2c318",
    "rubber": "#1f1f1f",
    "carpet": "#c0392b",
    "hemp": "#d9c38c",
    "cloth": "#5c6bc0",
    "glass": "#d6eef8",
}
GOOD_INK = {
    "coffee": "#ffffff",
    "tea": "#ffffff",
    "saffron": "#000000",
    "rubber": "#ffffff",
    "carpet": "#ffffff",
    "hemp": "#000000",
    "cloth": "#ffffff",
    "glass": "#000000",
}
GOOD_SHORT = {
    "coffee": "Co",
    "tea": "Te",
    "saffron": "Sa",
    "rubber": "Ru",
    "carpet": "Ca",
    "hemp": "He",
    "cloth": "Cl",
    "glass": "Gl",
}
"""Every cube also carries two letters of its good's name."""

# The colour band of a card: what the card is for.
BAND_SHIP = "#1f5fa8"
BAND_CONTRACT = "#8d5a3b"
BAND_FIRE = "#8e1b1b"
BAND_FIREMAN = "#d0452b"
BAND_GOODS = "#00695c"
BAND_STORE = "#546e7a"
BAND_POINTS = "#6a1b9a"
BAND_COINS = "#a87900"
BAND_ONCE = "#37474f"
BAND = {
    data.SHIP: BAND_SHIP,
    data.CONTRACT: BAND_CONTRACT,
    data.FIRE: BAND_FIRE,
    data.FIREMAN: BAND_FIREMAN,
    data.MERCHANT: BAND_GOODS,
    data.TRADER: BAND_GOODS,
    data.PROCESSOR: BAND_GOODS,
    data.WAREHOUSE: BAND_STORE,
    data.KONTOR: BAND_POINTS,
    data.POINTS: BAND_POINTS,
    data.PORT: BAND_POINTS,
    data.CHAMBER: BAND_POINTS,
    data.PRESS: BAND_POINTS,
    data.MAYOR: BAND_POINTS,
    data.HARBOUR_TOUR: BAND_POINTS,
    data.DEICHTORHALLEN: BAND_POINTS,
    data.ACCOUNTANT: BAND_POINTS,
    data.BANK: BAND_COINS,
    data.SAVINGS_BANK: BAND_COINS,
    data.THIEF: BAND_COINS,
}
EFFECT = {
    data.WAREHOUSE: "keeps 4 goods",
    data.KONTOR: "2/5/9/14 VP",
    data.PORT: "1 VP per ship",
    data.CHAMBER: "1 VP per coin",
    data.BANK: "+1 coin income",
    data.PRESS: "1 VP per fireman",
    data.MAYOR: "doubles best VP card",
    data.HARBOUR_TOUR: "1 VP per VP card",
    data.DEICHTORHALLEN: "1 VP per merchant",
    data.ACCOUNTANT: "1 VP per contract",
    data.SPY: "swap two workers",
    data.FISH_MARKET: "one card free",
    data.HARBOUR_MASTER: "exchange 2 for 1",
    data.SAVINGS_BANK: "4 coins",
    data.THIEF: "1 coin from each",
    data.AUCTION_HALL: "a good from supply",
    data.SMUGGLER: "take a good",
    data.TRUCK: "move 3 goods",
    data.COFFEE_BREAK: "2 break cards",
    data.WAREHOUSE_WORKERS: "2 grey workers",
    data.FIRE_CHIEF: "double fire points",
    data.INSURANCE: "2 coins: no fire loss",
    data.FIRE_ENGINE: "doubles best fireman",
}
DECISION_WORDS = {
    "demand": "Player {seat} places a worker",
    "spy": "Player {seat} may use the spy",
    "purchase": "Player {seat} buys or declines",
    "loading": "Player {seat} loads goods",
    "truck": "Player {seat} moves goods by truck",
    "fire_chief": "Player {seat} may double the fire's points",
    "insurance": "Player {seat} may insure against the fire",
}
"""The status line: who decides what (any other decision: "Player {seat}")."""
NAMED_DECISION_WORDS = {
    "demand": "{name} places a worker",
    "spy": "{name} may use the spy",
    "purchase": "{name} buys or declines",
    "loading": "{name} loads goods",
    "truck": "{name} moves goods by truck",
    "fire_chief": "{name} may double the fire's points",
    "insurance": "{name} may insure against the fire",
}
"""The status line with the decider's name (any other decision: "{name} decides")."""
STATUS_SIZE = 14
"""The size of the status line's words."""
MERCHANT_WORDS = {
    data.MERCHANT: "1 coin each",
    data.TRADER: "3 coins each",
    data.PROCESSOR: "2 VP each",
}

WIDTH = 680
SPACES = 8
"""Building spaces above each water field (Gebäudefelder)."""
SLOT = 19
CARD_H = 104
CORNER = 13
"""The strip at the foot of a card that holds its season letter, right (no other text there)."""
WATER = "#cfe3ee"
PAPER = "#f6f1e4"


# -- small drawing helpers ---------------------------------------------------------------------


def rough_width(text: str, size: float) -> float:
    return len(text) * size * 0.6


def seat_style(seat: int) -> tuple[str, str, str]:
    if 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat], SEAT_INK[seat], SEAT_LETTERS[seat]
    return "#8c8c8c", "#000000", "?"


def worker(x: float, y: float, seat: int, grey: bool = False, r: float = 9) -> str:
    """A worker: a disc in the seat's colour with its letter; a grey worker (Lagerarbeiter) is
    grey inside a ring of the seat's colour."""
    colour, ink, letter = seat_style(seat)
    if grey:
        disc = _el(
            "circle", cx=_f(x), cy=_f(y), r=_f(r), fill=GREY_WORKER, stroke=colour, stroke_width=3
        )
        return disc + _text(x, y, letter, r * 1.2, weight="bold")
    disc = _el("circle", cx=_f(x), cy=_f(y), r=_f(r), fill=colour, stroke="#111111")
    return disc + _text(x, y, letter, r * 1.2, weight="bold", fill=ink)


def cube(
    x: float, y: float, good: str, size: float = 16, faded: bool = False, tr: Translate = same
) -> str:
    """A goods cube: its colour and two letters of its name (in the reader's language)."""
    short = tr(GOOD_SHORT[good]) if good in GOOD_SHORT else good[:2]
    fill = GOOD_FILL.get(good, "#888888")
    ink = GOOD_INK.get(good, "#000000")
    h = size / 2
    return _rect(
        x - h,
        y - h,
        size,
        size,
        rx=2,
        fill=fill,
        stroke="#111111",
        fill_opacity="0.25" if faded else None,
        stroke_dasharray="2 2" if faded else None,
    ) + _text(x, y, short, size * 0.58, weight="bold", fill=INK if faded else ink)


def card_data(entry: dict[str, Any]) -> Card | None:
    index = CARD_INDEX.get(entry.get("id", ""))
    return None if index is None else ALL_CARDS[index]


def wrap_two(text: str, size: float, width: float) -> list[str]:
    """Words of `text` in at most two lines that fit `width`."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if rough_width(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines


def card_name(card: Card | None, entry: dict[str, Any], tr: Translate = same) -> str:
    """The card's name as the rulebook has it ("Fireman 3", "4th Fire", "Davidwache")."""
    if card is None:
        return str(entry.get("card", "?"))
    return tr(card.name_en.split(" (")[0])


# -- cards ---------------------------------------------------------------------------------------


def card_drawing(
    x: float, y: float, w: float, h: float, entry: dict[str, Any], tr: Translate = same
) -> str:
    """One trade card: a band in the colour of its use with its name, its season letter, and
    what it holds or gives (goods, victory points, a fireman's strength)."""
    card = card_data(entry)
    band = BAND.get(card.kind, BAND_ONCE) if card else BAND_ONCE
    parts = [
        _rect(x, y, w, h, fill="#fffdf6", rx="6", stroke=band, stroke_width="2"),
        _rect(x, y, w, 34, fill=band, rx="6"),
    ]
    name = card_name(card, entry, tr)
    size = 13 if w < 100 else 14
    lines = wrap_two(name, size, w - 8)
    for i, line in enumerate(lines):
        ly = y + 17 + (i - (len(lines) - 1) / 2) * 14
        parts.append(_text(x + w / 2, ly, line, size, weight="bold", fill="#ffffff", fit=w - 6))
    if card is not None:
        parts.append(
            _text(
                x + w - 5,
                y + h - CORNER / 2 - 1,
                data.SEASONS[card.season],
                10,
                weight="bold",
                anchor="end",
                fill="#777777",
            )
        )
        parts.append(card_body(x, y + 34, w, h - 34 - CORNER, card, entry, tr))
    return "".join(parts)


def card_body(
    x: float, y: float, w: float, h: float, card: Card, entry: dict[str, Any], tr: Translate
) -> str:
    cx, cy = x + w / 2, y + h / 2 - 4
    kind = card.kind
    if kind == data.SHIP:
        cubes = entry.get("cubes")
        if cubes is None:
            holds = tr("{count} goods" if card.value != 1 else "{count} good")
            return _text(cx, cy, holds.format(count=card.value), 12, fit=w - 6)
        if not cubes:
            return _text(cx, cy, tr("empty"), 12, fill="#777777")
        step = min(22.0, (w - 10) / len(cubes))
        left = cx - step * (len(cubes) - 1) / 2
        return "".join(cube(left + i * step, cy, g, 18, tr=tr) for i, g in enumerate(cubes))
    if kind == data.CONTRACT:
        needed = [GOOD_NAMES[g] for g in card.goods]
        step = min(22.0, (w - 10) / max(len(needed), 1))
        left = cx - step * (len(needed) - 1) / 2
        cubes = "".join(cube(left + i * step, cy - 8, g, 18, tr=tr) for i, g in enumerate(needed))
        points = tr("{points} VP").format(points=card.points)
        return cubes + _text(cx, cy + 16, points, 13, weight="bold")
    if kind in (data.MERCHANT, data.TRADER, data.PROCESSOR):
        good = GOOD_NAMES[card.good]
        words = tr(MERCHANT_WORDS[kind])
        mid = y + h / 2  # the cube and the words as one block in the middle of the body
        return cube(cx, mid - 9, good, 20, tr=tr) + _text(cx, mid + 15, words, 11, fit=w - 6)
    if kind == data.FIREMAN:
        return _text(cx, cy, str(card.value), 26, weight="bold", fill=BAND_FIREMAN)
    if kind == data.FIRE:
        points = tr("±{points} VP").format(points=card.value)
        return _text(cx, cy, points, 18, weight="bold", fill=BAND_FIRE)
    if kind == data.POINTS:
        points = tr("{points} VP").format(points=card.value)
        return _text(cx, cy, points, 18, weight="bold", fill=BAND_POINTS)
    words = tr(EFFECT[kind]) if kind in EFFECT else ""
    return "".join(
        _text(cx, cy + (i - 0.5 * (len(lines) - 1)) * 13, line, 11, fit=w - 6)
        for lines in [wrap_two(words, 11, w - 8)]
        for i, line in enumerate(lines)
    )


def first_open_slot(contract: dict[str, Any], good: str) -> int:
    for i, (need, filled) in enumerate(
        zip(contract["needed"], contract["slots_filled"], strict=True)
    ):
        if need == good and not filled:
            return i
    return -1
