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

Each place a move can change carries ``data-place`` and ``data-state`` (the board contract for
"last moves shown"; the places and :func:`action_places` are in :mod:`.svg_places`). The parts
below the map are in :mod:`.svg_below`, the board's state and pieces in :mod:`.svg_board`, the
cards in :mod:`.svg_cards`.

The map is schematic: the rulebook's board is not published (``data.py`` holds a
reconstruction), so the cities sit on a grid roughly as on the Baltic and North Sea.

Standard library only: the text is built as strings and every text and attribute is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from hanse.games.svg_parts import (
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    Translate,
    board_document,
    board_key,
    same,
    wrap,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from . import data
from . import svg_places as places
from .svg_below import draw_players, hand_place, layout_place
from .svg_board import BOX_TOP, COG_ROW, KEY_GROUPS, MUTED, WIDTH, Board, figure, hull
from .svg_places import action_places as action_places

PAPER = "#fbf8f1"
SEA = "#dcecf5"
INFO_TEXT = 15
"""The size of the words about the deck: four lines fit the shortest box."""
MAP_TOP = 40
COL_W, ROW_GAP = 160, 26
BOX_W = 134

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


# -- the map ---------------------------------------------------------------------------------


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


@lru_cache(maxsize=16)
def _arrows(box_h: float) -> str:
    """The arrows of the sea routes between the cities' boxes, `box_h` high: drawn once per
    height (the boxes grow with the most cogs a city holds), not at every panel."""
    lines = []
    for source, target in data.EDGE_ROWS:
        x1, y1 = _edge_point(source, _centre(target, box_h), 2, box_h)
        x2, y2 = _edge_point(target, _centre(source, box_h), 4, box_h)
        lines.append(
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
    return "".join(lines)


def _draw_city(b: Board, city: str, cogs: list[tuple[int, list[int]]]) -> None:
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
    b: Board,
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
    out.append(hull(x + 20, y + 1, hull_w, 22))
    out.append(_rect(x, y + 2, 22, 20, rx=4, fill=INK))
    out.append(
        _text(x + 11, y + 17, f"@{index}", 12, weight="bold", anchor="middle", fill="#ffffff")
    )
    b.explain("cog", f"@{index}", b.tr("cog number {cog}").format(cog=index))
    for j, p in enumerate(figures):
        out.append(figure(x + 20 + 17 + 24 * j, y + 11, p, 11))
    seats = ", ".join(SEAT_LETTERS[p] for p in figures) or b.tr("nobody")
    action = b.on.get(f"cog {index}", "")
    if action.startswith("take back"):
        template = "take your figure back from cog {cog} in {city} (aboard: {seats})"
    else:
        template = "start a voyage by joining cog {cog} in {city} (aboard: {seats})"
    label = b.tr(template).format(cog=index, city=city, seats=seats)
    b.target(f"cog {index}", x - 3, y - 2, 20 + hull_w + 6, min(27, pitch), label)


def _draw_field(b: Board) -> None:
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
        out.append(hull(x + 7 + (i % 3) * 41, y + 30 + (i // 3) * 24, 36))
    if not free:
        out.append(_text(x + 8, y + 50, tr("no free cog"), 15, fill=MUTED, fit=BOX_W - 14))
    b.target("field", x, y, BOX_W, h, tr("start a voyage in Lübeck with a free cog"), rx=8)


def _draw_info(b: Board) -> None:
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
    b = Board(view, legal, tr)
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
    out.append(_arrows(b.box_h))
    by_city: dict[str, list[tuple[int, list[int]]]] = {city: [] for city in data.CITIES}
    for i, cog in enumerate(view["cogs"]):
        by_city[cog["city"]].append((i, list(cog["figures"])))
    for city in data.CITIES:
        start = len(out)
        _draw_city(b, city, by_city[city])
        b.close_place(start, f"city:{city}", places.city_part(view, city))
    start = len(out)
    _draw_field(b)
    b.close_place(start, "field", places.field_part(view))
    start = len(out)
    _draw_info(b)
    b.close_place(start, "deck", places.deck_part(view))
    # Under the map what the decider acts on comes first (the layout while drafting, else the
    # hand), then the players (whom the last drafter names), then the rest.
    bottom: float = MAP_TOP + map_h + 2
    if view["decision"] == "draft":
        bottom = layout_place(b, bottom + 8)
        bottom = draw_players(b, bottom + 8, names)
        bottom = hand_place(b, bottom + 8)
    else:
        bottom = hand_place(b, bottom + 8)
        bottom = draw_players(b, bottom + 8, names)
        bottom = layout_place(b, bottom + 8)
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
