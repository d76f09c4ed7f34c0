"""The Lübeck board as one inline SVG for the web page (DESIGN.md, "The web platform": boards).

:func:`board_svg` draws a view: the sea map (Spielplan) with its cities and arrows, the cogs
(Koggen) in the cities with the figures aboard, the cog field (Koggenfeld), the players (score,
cards, figures in reserve, passed, compass, Verdoppelung cards lying, cards seen drafted), the
layout (Kartenauslage) of packs and the viewer's hand.

A legal action is drawn as a clickable target (``data-action``) only where it names exactly one
thing on the board and that thing is named by no other legal action: ``draft <i>`` on pack i,
``first <s>`` on player s, ``voyage`` on the cog field, ``voyage @i`` and ``take back @i`` on cog
i, and ``play <card> ...`` or ``discard <card>`` on the hand's card of that kind. Everything else
(a card playable with several cogs, ``pass``, ``keep``) is left to the page's action bar. The page
decides nothing: only what ``legal`` holds is decorated.

The map is schematic: the rulebook's board is not published (``data.py`` holds a
reconstruction), so the cities sit on a grid roughly as on the Baltic and North Sea.

Standard library only: the text is built as strings and every text and attribute is escaped.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

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

from . import data

MUTED = "#555b66"
PAPER = "#fbf8f1"
SEA = "#dcecf5"
WIDTH = 800
CHIP_TEXT = 15
"""The size of a card chip's words."""
INFO_TEXT = 15
"""The size of the words about the deck: four lines fit the shortest box."""
NAME_ROW = 24
"""How much taller a player's box is with the row for the player's name."""
NAME_SIZE = 15
"""The size of a player's name (smaller than the seat letter alone: names are longer)."""
NAME_SQUEEZE = 0.7
"""How far a player's name and seat letter may be squeezed into their row (as the board squeezes
other words into their boxes)."""
MAP_TOP = 40
COL_W, ROW_GAP = 160, 26
BOX_W = 134
COG_ROW = 27
BOX_TOP = 32
"""Height of a city box above its cogs (the name band and a margin)."""

# Grid cell (column, row) of each city: west to east, north to south, as on the sea (schematic).
CITY_CELLS: dict[str, tuple[int, int]] = {
    "Bergen": (0, 0),
    "Helsingborg": (2, 0),
    "Visby": (3, 0),
    "Reval": (4, 0),
    "London": (0, 1),
    "Hamburg": (1, 1),
    "Lübeck": (2, 1),
    "Riga": (4, 1),
    "Brügge": (0, 2),
    "Stettin": (2, 2),
    "Danzig": (3, 2),
}
FIELD_CELL = (4, 2)
INFO_CELL = (1, 2)

TYPE_FILL = {
    data.T_GOODS: "#f4ead3",
    data.T_HANDELSFAHRT: "#cfe3f3",
    data.T_VERDOPPELUNG: "#d5efd9",
    data.T_PIRATEN: "#3a2a2a",
    data.T_SCHIFFSWECHSEL: "#eadcf2",
}
TYPE_INK = {data.T_PIRATEN: "#ffffff"}
DECISION_WORDS = {
    "deal": "the cards are dealt",
    "layout": "the packs are laid out",
    "draft": "take a pack",
    "choose_first": "name the first player",
    "action": "action",
    "take_back": "take figures back",
    "over": "game over",
}
"""The pending decision in the headline."""


SHORT_FORMS = {
    data.T_HANDELSFAHRT: ("Handelsfahrt {city}", "Handelsf. {city}"),
    data.T_VERDOPPELUNG: ("Verdoppelung {city}", "Verdopp. {city}"),
    data.T_SCHIFFSWECHSEL: ("Schiffswechsel", "Schiffsw."),
}
"""A special card's words on the board, the longest that fits first: its name (German in every
language, as in the log and the rules) or its first word cut short after a syllable."""
CUT_NAMES = {
    data.T_HANDELSFAHRT: "Handelsfahrt (trading voyage)",
    data.T_VERDOPPELUNG: "Verdoppelung (doubling)",
    data.T_SCHIFFSWECHSEL: "Schiffswechsel (change of ship)",
}
"""What the key says of a name cut short ("Handelsf."): the whole name, and what it means."""
KEY_GROUPS = (
    ("cog", "doubled"),
    tuple(f"cut {kind_type}" for kind_type in SHORT_FORMS),
)
"""The key's lines: the entries the board may explain (:meth:`_Board.explain`), in order."""


def _short(label: str, width: float = math.inf) -> str:
    """The card's words on a chip with `width` units for them: goods as labelled, a special card
    by its name where it fits, else by the name's first word shortened."""
    kind = data.LABEL_TO_KIND[label]
    forms = SHORT_FORMS.get(data.KIND_TYPE[kind])
    if forms is None:
        return label
    city = data.CITIES[data.KIND_CITY[kind]] if data.KIND_CITY[kind] >= 0 else ""
    words = [form.format(city=city) for form in forms]
    return next((w for w in words if text_width(w, CHIP_TEXT) <= width), words[-1])


def _chip_room(w: float, count: int) -> float:
    """How wide a card chip `w` wide leaves its words: less the count's disc when it has one."""
    return w - 10 - (24 if count > 1 else 0)


def _card_words(label: str, tr: Translate) -> str:
    """The card in words, for the labels of targets."""
    kind = data.LABEL_TO_KIND[label]
    kind_type = data.KIND_TYPE[kind]
    city = data.CITIES[data.KIND_CITY[kind]] if data.KIND_CITY[kind] >= 0 else ""
    if kind_type == data.T_GOODS:
        return tr("the goods card {city} {value}").format(city=city, value=data.KIND_VALUE[kind])
    if kind_type == data.T_HANDELSFAHRT:
        return tr("the Handelsfahrt (trading voyage) card for {city}").format(city=city)
    if kind_type == data.T_VERDOPPELUNG:
        return tr("the Verdoppelung (doubling) card for {city}").format(city=city)
    if kind_type == data.T_PIRATEN:
        return tr("the Piraten (pirates) card")
    return tr("the Schiffswechsel (change of ship) card")


# -- drawing primitives ----------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _figure(x: float, y: float, seat: int, r: float = 9.5) -> str:
    """A merchant figure (Spielfigur) of ``seat``: its colour and letter, centred on (x, y)."""
    return seat_disc(x, y, seat, r, letter=1.3, drop=0.45, stroke=INK)


@lru_cache(maxsize=8192)
def _hull(x: float, y: float, w: float, h: float = 20) -> str:
    """A cog's hull (Kogge), top left (x, y)."""
    path = f"M{x:.1f},{y:.1f} H{x + w:.1f} L{x + w - 7:.1f},{y + h:.1f} H{x + 7:.1f} Z"
    return _el("path", d=path, fill="#8a5a2b", stroke=INK, stroke_width=1.5)


class _Board:
    """Collects the drawing and the targets; targets are drawn last, over everything."""

    def __init__(self, view: dict[str, Any], legal: Sequence[str], tr: Translate) -> None:
        self.view = view
        self.tr = tr
        self.parts: list[str] = []
        self.targets: list[str] = []
        self.placed: set[str] = set()
        self.on: dict[str, str] = _assign(legal)
        """Board element -> the one legal action it carries."""
        self.box_h = BOX_TOP + COG_ROW * _cog_rows(view) + 2
        self.key: dict[str, tuple[str, str]] = {}
        """Entry of the key -> the symbol as drawn first and its meaning."""

    def explain(self, entry: str, symbol: str, meaning: str) -> None:
        """Put `entry` of :data:`KEY_GROUPS` in the key: `symbol` is drawn on the board."""
        self.key.setdefault(entry, (symbol, meaning))

    def card_chip(
        self, x: float, y: float, w: float, label: str, count: int = 1, h: float = 26
    ) -> None:
        """A card chip (:func:`_card_chip`); a name it cuts short goes in the key."""
        self.parts.append(_card_chip(x, y, w, label, count, h))
        words = _short(label, _chip_room(w, count))
        if words != label:
            kind_type = data.KIND_TYPE[data.LABEL_TO_KIND[label]]
            self.explain(f"cut {kind_type}", words.split(" ")[0], self.tr(CUT_NAMES[kind_type]))

    def target(
        self, element: str, x: float, y: float, w: float, h: float, label: str, rx: float = 6
    ) -> None:
        action = self.on.get(element)
        if action is None or action in self.placed:
            return
        self.placed.add(action)
        self.targets.append(target_rect(action, x, y, w, h, label, rx, "hl-target"))


def _element_of(action: str) -> str | None:
    """The one board element an action names first, or None (pass, keep, a chance draw)."""
    verb, _, rest = action.partition(" ")
    if verb == "draft":
        return f"pack {rest}"
    if verb == "first":
        return f"seat {rest}"
    if verb == "voyage":
        return f"cog {rest[1:]}" if rest else "field"
    if verb == "take" and rest.startswith("back @"):
        return f"cog {rest[6:]}"
    if verb in ("play", "discard"):
        label = rest.partition("@")[0].strip()
        return f"card {label}" if label in data.LABEL_TO_KIND else None
    return None


def _assign(legal: Sequence[str]) -> dict[str, str]:
    """Each board element named by exactly one legal action carries it."""
    named: dict[str, list[str]] = {}
    for action in legal:
        element = _element_of(action)
        if element is not None:
            named.setdefault(element, []).append(action)
    return {element: actions[0] for element, actions in named.items() if len(actions) == 1}


# -- the map ---------------------------------------------------------------------------------


def _cog_rows(view: dict[str, Any]) -> int:
    """Rows of cogs the city boxes make room for: two, or three when a city holds more."""
    per_city = Counter(cog["city"] for cog in view["cogs"])
    return 3 if max(per_city.values(), default=0) > 2 else 2


def _cell_box(col: int, row: int, box_h: float) -> tuple[float, float]:
    """Top left of the box in map cell (col, row)."""
    return col * COL_W + (COL_W - BOX_W) / 2, MAP_TOP + row * (box_h + ROW_GAP) + ROW_GAP / 2


def _centre(city: str, box_h: float) -> tuple[float, float]:
    x, y = _cell_box(*CITY_CELLS[city], box_h)
    return x + BOX_W / 2, y + box_h / 2


def _edge_point(
    city: str, towards: tuple[float, float], gap: float, box_h: float
) -> tuple[float, float]:
    """Where the line from the centre of ``city``'s box toward ``towards`` leaves the box."""
    cx, cy = _centre(city, box_h)
    dx, dy = towards[0] - cx, towards[1] - cy
    scale = min(
        (BOX_W / 2 + gap) / abs(dx) if dx else math.inf,
        (box_h / 2 + gap) / abs(dy) if dy else math.inf,
    )
    return cx + dx * scale, cy + dy * scale


def _draw_arrows(b: _Board) -> None:
    out = b.parts
    for source, target in data.EDGE_ROWS:
        x1, y1 = _edge_point(source, _centre(target, b.box_h), 2, b.box_h)
        x2, y2 = _edge_point(target, _centre(source, b.box_h), 4, b.box_h)
        out.append(
            _el(
                "line",
                x1=f"{x1:.1f}",
                y1=f"{y1:.1f}",
                x2=f"{x2:.1f}",
                y2=f"{y2:.1f}",
                stroke="#2f5d7c",
                stroke_width=4,
                marker_end="url(#hl-arrow)",
            )
        )


def _draw_city(b: _Board, city: str, cogs: list[tuple[int, list[int]]]) -> None:
    view = b.view
    out = b.parts
    x, y = _cell_box(*CITY_CELLS[city], b.box_h)
    h = b.box_h
    c = data.CITY_INDEX[city]
    if city == data.START_CITY:
        band, band_ink = "#f2c14e", INK
    elif c in data.END_STATION_SET:
        band, band_ink = INK, "#ffffff"
    else:
        band, band_ink = "#9cc3de", INK
    out.append(_rect(x, y, BOX_W, h, rx=8, fill="#ffffff", stroke=INK, stroke_width=1.5))
    out.append(_el("path", d=_top_band(x, y, BOX_W, 26, 8), fill=band))
    out.append(_rect(x, y, BOX_W, h, rx=8, fill="none", stroke=INK, stroke_width=1.5))
    doubled = [p for p, pv in enumerate(view["players"]) if city in pv["doubled"]]
    name_w = BOX_W - 10 - 26 * len(doubled)
    out.append(_text(x + 6, y + 20, city, 18, weight="bold", fill=band_ink, fit=name_w))
    for i, p in enumerate(doubled):
        bx = x + BOX_W - 26 * (i + 1)
        b.explain(
            "doubled",
            f"2{SEAT_LETTERS[p]}",
            b.tr("seat {seat} doubles the city (Verdoppelung)").format(seat=SEAT_LETTERS[p]),
        )
        out.append(_rect(bx, y + 3, 24, 20, rx=4, fill=SEAT_COLOURS[p], stroke="#ffffff"))
        out.append(
            _text(
                bx + 12,
                y + 18,
                f"2{SEAT_LETTERS[p]}",
                13,
                weight="bold",
                anchor="middle",
                fill=SEAT_INK[p],
            )
        )
    if c in data.END_STATION_SET and not cogs:
        words = b.tr("end station")
        out.append(
            _text(x + BOX_W / 2, y + 54, words, 15, anchor="middle", fill=MUTED, fit=BOX_W - 10)
        )
    row_h = min(COG_ROW, (h - BOX_TOP - 2) / max(1, len(cogs)))
    for i, (index, figures) in enumerate(cogs):
        _draw_cog(b, x + 4, y + BOX_TOP - 1 + i * row_h, index, figures, city, row_h)


def _top_band(x: float, y: float, w: float, h: float, r: float) -> str:
    """The box's header: a band with the top corners rounded like the box."""
    return (
        f"M{x:.1f},{y + h:.1f} V{y + r:.1f} Q{x:.1f},{y:.1f} {x + r:.1f},{y:.1f} "
        f"H{x + w - r:.1f} Q{x + w:.1f},{y:.1f} {x + w:.1f},{y + r:.1f} V{y + h:.1f} Z"
    )


def _draw_cog(
    b: _Board,
    x: float,
    y: float,
    index: int,
    figures: list[int],
    city: str,
    pitch: float = COG_ROW,
) -> None:
    """Cog ``index`` of the view: a tag with its number, the hull and the figures aboard; its
    target no taller than the rows are apart (`pitch`), so that a cog's never covers the next's."""
    out = b.parts
    hull_w = 10 + 24 * max(1, len(figures))
    out.append(_hull(x + 20, y + 1, hull_w, 22))
    out.append(_rect(x, y + 2, 22, 20, rx=4, fill=INK))
    out.append(
        _text(x + 11, y + 17, f"@{index}", 12, weight="bold", anchor="middle", fill="#ffffff")
    )
    b.explain("cog", f"@{index}", b.tr("cog number {cog}").format(cog=index))
    for j, p in enumerate(figures):
        out.append(_figure(x + 20 + 17 + 24 * j, y + 11, p, 11))
    seats = ", ".join(SEAT_LETTERS[p] for p in figures) or b.tr("nobody")
    action = b.on.get(f"cog {index}", "")
    if action.startswith("take back"):
        template = "take your figure back from cog {cog} in {city} (aboard: {seats})"
    else:
        template = "start a voyage by joining cog {cog} in {city} (aboard: {seats})"
    label = b.tr(template).format(cog=index, city=city, seats=seats)
    b.target(f"cog {index}", x - 3, y - 2, 20 + hull_w + 6, min(27, pitch), label)


def _draw_field(b: _Board) -> None:
    """The cog field (Koggenfeld): the free cogs."""
    out = b.parts
    tr = b.tr
    x, y = _cell_box(*FIELD_CELL, b.box_h)
    h = b.box_h
    free = b.view["free_cogs"]
    out.append(_rect(x, y, BOX_W, h, rx=8, fill="#f3efe6", stroke=INK, stroke_dasharray="6 4"))
    head = tr("Cog field · {count}").format(count=free)
    out.append(_text(x + 8, y + 21, head, 17, weight="bold", fit=BOX_W - 14))
    for i in range(free):
        out.append(_hull(x + 7 + (i % 3) * 41, y + 30 + (i // 3) * 24, 36))
    if not free:
        out.append(_text(x + 8, y + 50, tr("no free cog"), 15, fill=MUTED, fit=BOX_W - 14))
    b.target("field", x, y, BOX_W, h, tr("start a voyage in Lübeck with a free cog"), rx=8)


def _draw_info(b: _Board) -> None:
    """Deck, discard pile and which pass through the deck this is (the game ends in the second;
    the last round's layout may take the discards shuffled once more), in the empty sea south of
    Hamburg. The pass in words, over two lines where they are long."""
    view = b.view
    out = b.parts
    x, y = _cell_box(*INFO_CELL, b.box_h)
    out.append(_rect(x, y, BOX_W, b.box_h, rx=8, fill="#ffffff", stroke="#c9c1ad"))
    tr = b.tr
    if view["final_shuffle"]:
        deck_pass = tr("discards reshuffled")
    else:
        deck_pass = tr("pass {count} of 2").format(count=view["deck_pass"])
    lines = [
        tr("deck {count}").format(count=view["deck_size"]),
        tr("discard {count}").format(count=view["discard_size"]),
        *wrap(deck_pass, INFO_TEXT, BOX_W - 14),
    ]
    for i, line in enumerate(lines):
        out.append(_text(x + 8, y + 22 + i * 19, line, INFO_TEXT, fit=BOX_W - 14))


# -- below the map ---------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _card_chip(x: float, y: float, w: float, label: str, count: int = 1, h: float = 26) -> str:
    """A card: its words (:func:`_short`, as many as fit) on the colour of its type."""
    kind = data.LABEL_TO_KIND[label]
    kind_type = data.KIND_TYPE[kind]
    fill = TYPE_FILL[kind_type]
    ink = TYPE_INK.get(kind_type, INK)
    text_w = _chip_room(w, count)
    words = _short(label, text_w)
    parts = [
        _rect(x, y, w, h, rx=4, fill=fill, stroke=INK),
        _el("title", escape(label)),
    ]
    parts.append(_text(x + 5, y + h * 0.7, words, CHIP_TEXT, fill=ink, fit=text_w))
    if count > 1:
        parts.append(_el("circle", cx=f"{x + w - 12:.1f}", cy=f"{y + h / 2:.1f}", r=10, fill=INK))
        parts.append(
            _text(
                x + w - 12,
                y + h / 2 + 5,
                f"{count}",
                13,
                weight="bold",
                anchor="middle",
                fill="#ffffff",
            )
        )
    return _el("g", "".join(parts))


def _draw_players(b: _Board, top: float, names: Sequence[str | None] | None = None) -> float:
    """One box per player; returns the bottom. With a name for any seat, each box starts with a
    row of its own for the seat's figure, name and letter, "Anna (A)" ("A" without a name)."""
    view = b.view
    tr = b.tr
    out = b.parts
    players = view["players"]
    n = len(players)
    gap = 8
    w = (WIDTH - gap * (n + 1)) / n
    known_rows = max((len(pv["known_hand"]) for pv in players), default=0)
    per_row = 1 if w < 200 else 2
    lines = min(4, math.ceil(known_rows / per_row))
    named = any(seat_name(names, p) is not None for p in range(n))
    drop = NAME_ROW if named else 0
    h = 84 + drop + (lines * 24 + 6 if lines else 0)
    for p, pv in enumerate(players):
        x = gap + p * (w + gap)
        deciding = view["decider"] == p
        name = seat_name(names, p)
        you = view["seat"] == p
        out.append(
            _rect(
                x,
                top,
                w,
                h,
                rx=8,
                fill="#ffffff",
                stroke=SEAT_COLOURS[p],
                stroke_width=5 if deciding else 2.5,
            )
        )
        out.append(_figure(x + 16, top + 17, p, 12))
        if named:
            # The name row: the figure, the name and the letter; under it the figures in reserve
            # and the score.
            room = w - 41
            label = SEAT_LETTERS[p]
            if name is not None:
                label = name_label(tr, name, p, you, NAME_SIZE, room / NAME_SQUEEZE)
            out.append(_text(x + 33, top + 23, label, NAME_SIZE, weight="bold", fit=room))
            left = x + 16
        else:
            out.append(_text(x + 33, top + 24, SEAT_LETTERS[p], 18, weight="bold"))
            left = x + 60  # the figures in reserve stand beside the letter
        row = top + drop
        reserve = "".join(_figure(left + 19 * i, row + 17, p, 8) for i in range(pv["reserve"]))
        figures = plural(pv["reserve"], "{count} figure in reserve", "{count} figures in reserve")
        in_reserve = tr(figures).format(count=pv["reserve"])
        out.append(_el("g", _el("title", escape(in_reserve)) + reserve))
        out.append(_text(x + w - 8, row + 25, f"{pv['score']}", 22, weight="bold", anchor="end"))
        known_n = len(pv["known_hand"])
        hand = (
            "{count} card, {known} seen by all"
            if pv["hand_size"] == 1
            else "{count} cards, {known} seen by all"
        )
        out.append(
            _text(
                x + 8,
                row + 48,
                tr(hand).format(count=pv["hand_size"], known=known_n),
                15,
                fit=w - 14,
            )
        )
        marks = []
        if you and name is None:  # else the name row says it
            marks.append(tr("you"))
        if view["start_player"] == p:
            marks.append(tr("compass"))
        if pv["passed"]:
            marks.append(tr("passed"))
        if deciding:
            marks.append(tr("to act"))
        if pv["lying"]:
            marks.append(tr("doubles {cities}").format(cities=", ".join(pv["doubled"])))
        out.append(
            _text(
                x + 8,
                row + 70,
                " · ".join(marks),
                15,
                fit=w - 14,
                fill="#b3261e" if deciding else MUTED,
            )
        )
        known = Counter(pv["known_hand"])
        cw = (w - 12 - (per_row - 1) * 4) / per_row
        shown = list(known.items())
        limit = lines * per_row
        for i, (label, count) in enumerate(shown[:limit]):
            if i == limit - 1 and len(shown) > limit:
                out.append(
                    _text(
                        x + 6 + (i % per_row) * (cw + 4),
                        row + 84 + (i // per_row) * 24 + 18,
                        tr("+{count} more").format(count=len(shown) - i),
                        14,
                        fill=MUTED,
                        fit=cw,
                    )
                )
                break
            b.card_chip(
                x + 6 + (i % per_row) * (cw + 4),
                row + 84 + (i // per_row) * 24,
                cw,
                label,
                count,
                h=22,
            )
        name_first = tr("name seat {seat} to act first").format(seat=SEAT_LETTERS[p])
        b.target(f"seat {p}", x, top, w, h, name_first, rx=8)
    return top + h


def _draw_layout(b: _Board, top: float) -> float:
    """The packs of the layout (Kartenauslage); returns the bottom."""
    view = b.view
    tr = b.tr
    out = b.parts
    packs = view["layout"]
    heading = tr("Layout")
    out.append(_text(8, top + 20, heading, 17, weight="bold"))
    if not packs:
        out.append(_text(24 + len(heading) * 11, top + 20, tr("no packs"), 15, fill=MUTED))
        return top + 30
    n = max(len(packs), 3)
    gap = 6
    w = (WIDTH - gap * (n + 1)) / n
    groups = [list(Counter(pack).items()) for pack in packs]
    rows = max(len(g) for g in groups)
    h = 30 + rows * 28
    y = top + 28
    for i, group in enumerate(groups):
        x = gap + i * (w + gap)
        out.append(_rect(x, y, w, h, rx=6, fill="#fffdf7", stroke="#c9c1ad"))
        out.append(_text(x + 6, y + 19, tr("Pack {pack}").format(pack=i), 15, weight="bold"))
        if w >= 150:
            many = plural(len(packs[i]), "{count} card", "{count} cards")
            count_words = tr(many).format(count=len(packs[i]))
            out.append(_text(x + w - 6, y + 19, count_words, 13, anchor="end", fill=MUTED))
        for j, (label, count) in enumerate(group):
            b.card_chip(x + 4, y + 26 + j * 28, w - 8, label, count)
        cards = ", ".join(f"{c}× {label}" if c > 1 else label for label, c in group)
        label = tr("draft pack {pack}: {cards}").format(pack=i, cards=cards)
        b.target(f"pack {i}", x, y, w, h, label)
    return y + h


def _draw_hand(b: _Board, top: float) -> float:
    """The viewer's hand, one card per kind; returns the bottom."""
    view = b.view
    out = b.parts
    hand = view.get("hand")
    if hand is None:
        return top
    tr = b.tr
    heading = tr("Your hand")
    out.append(_text(8, top + 20, heading, 17, weight="bold"))
    kinds = sorted(Counter(hand).items(), key=lambda item: data.LABEL_TO_KIND[item[0]])
    if not kinds:
        out.append(_text(24 + len(heading) * 11, top + 20, tr("no cards"), 15, fill=MUTED))
        return top + 30
    per_row = 5
    gap = 6
    w = (WIDTH - gap * (per_row + 1)) / per_row
    y0 = top + 30
    for i, (label, count) in enumerate(kinds):
        x = gap + (i % per_row) * (w + gap)
        y = y0 + (i // per_row) * 40
        b.card_chip(x, y, w, label, count, h=34)
        action = b.on.get(f"card {label}", "")
        words = _play_words(action, label, view, tr)
        b.target(f"card {label}", x - 3, y - 3, w + 6, 40, words)
    return y0 + math.ceil(len(kinds) / per_row) * 40


PLAY_WORDS = {
    (False, False): "play {card} with cog {cog}",
    (True, False): "play {card} with cog {cog} in {city}",
    (False, True): "play {card} with cog {cog}, moving your figure to cog {to}",
    (True, True): "play {card} with cog {cog} in {city}, moving your figure to cog {to}",
}
"""A play with a cog: (the cog's city known, a figure moved) -> the words."""


def _play_words(action: str, label: str, view: dict[str, Any], tr: Translate) -> str:
    """Words for a play or discard of the card ``label``."""
    card = _card_words(label, tr)
    if action.startswith("discard"):
        kind = data.LABEL_TO_KIND[label]
        return tr("throw {card} overboard, paying {cost}").format(
            card=card, cost=data.KIND_COST[kind]
        )
    where = action.partition("@")[2]
    if not where:
        return tr("play {card} with a free cog").format(card=card)
    cog_text, _, to_text = where.partition(">")
    cogs = view["cogs"]
    known = cog_text.isdigit() and int(cog_text) < len(cogs)
    city = cogs[int(cog_text)]["city"] if known else ""
    template = PLAY_WORDS[known, bool(to_text)]
    return tr(template).format(card=card, cog=cog_text, city=city, to=to_text)


_STYLE = (
    ".hl-target{cursor:pointer}.hl-target:focus{outline:none}"
    ".hl-target:hover,.hl-target:focus-visible{fill-opacity:.3;stroke-width:5;outline:none}"
    ".board-svg.luebeck text{font-family:system-ui,sans-serif}"
)


HEADS = {
    (False, False): "Round {round} · {decision}",
    (True, False): "Round {round} (last) · {decision}",
    (False, True): "Round {round} · {decision} — {seat}",
    (True, True): "Round {round} (last) · {decision} — {seat}",
}
"""The headline: (the last round, a seat decides) -> the words."""


def board_svg(
    view: dict[str, Any],
    legal: Sequence[str],
    translate: Translate = same,
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The board of `view` as one inline <svg> element, and the legal actions it carries; every
    word in the reader's language (`translate`, gettext), the actions' notation as it is. With
    `names` (one per seat, None for a seat without one) each player's box shows its player's
    name beside the seat letter."""
    tr = translate
    b = _Board(view, legal, tr)
    out = b.parts
    decider = view["decider"]
    decision = view["decision"]
    decision = tr(DECISION_WORDS[decision]) if decision in DECISION_WORDS else decision
    head = tr(HEADS[bool(view["last_round"]), isinstance(decider, int)]).format(
        round=view["round"],
        decision=decision,
        seat=SEAT_LETTERS[decider] if isinstance(decider, int) else "",
    )
    out.append(_text(8, 27, head, 20, weight="bold", fit=WIDTH - 16))
    map_h = 3 * (b.box_h + ROW_GAP)
    out.append(_rect(0, MAP_TOP, WIDTH, map_h, rx=10, fill=SEA))
    _draw_arrows(b)
    by_city: dict[str, list[tuple[int, list[int]]]] = {city: [] for city in data.CITIES}
    for i, cog in enumerate(view["cogs"]):
        by_city[cog["city"]].append((i, list(cog["figures"])))
    for city in data.CITIES:
        _draw_city(b, city, by_city[city])
    _draw_field(b)
    _draw_info(b)
    # Under the map what the decider acts on comes first (the layout while drafting, else the
    # hand), then the players (whom the last drafter names), then the rest.
    bottom: float = MAP_TOP + map_h + 2
    if view["decision"] == "draft":
        bottom = _draw_layout(b, bottom + 8)
        bottom = _draw_players(b, bottom + 8, names)
        bottom = _draw_hand(b, bottom + 8)
    else:
        bottom = _draw_hand(b, bottom + 8)
        bottom = _draw_players(b, bottom + 8, names)
        bottom = _draw_layout(b, bottom + 8)
    lines = [[b.key[entry] for entry in group if entry in b.key] for group in KEY_GROUPS]
    key, height = board_key(bottom + 10, WIDTH, tr("Key"), lines)
    seat = view["seat"]
    if seat is None:
        title = tr("Lübeck board, round {round}, as seen by a spectator").format(
            round=view["round"]
        )
    else:
        title = tr("Lübeck board, round {round}, as seen by seat {seat}").format(
            round=view["round"], seat=SEAT_LETTERS[seat]
        )
    defs = _el(
        "defs",
        _el(
            "marker",
            _el("path", d="M0,0 L10,5 L0,10 Z", fill="#2f5d7c"),
            id="hl-arrow",
            viewBox="0 0 10 10",
            refX=8,
            refY=5,
            markerWidth=4,
            markerHeight=4,
            orient="auto",
        ),
    )
    svg = board_document(
        "luebeck",
        (WIDTH, f"{height:.0f}"),
        tr("Lübeck board, round {round}").format(round=view["round"]),
        title,
        _STYLE,
        defs + _rect(0, 0, WIDTH, height, fill=PAPER) + "".join(out) + key + "".join(b.targets),
    )
    return svg, frozenset(b.placed)
