"""Below the Lübeck map: the players' boxes, the layout (Kartenauslage) of packs and the
viewer's hand, each a place of the board (:mod:`.svg_places`)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from hanse.games.svg_parts import (
    ELLIPSIS,
    SEAT_COLOURS,
    SEAT_LETTERS,
    Translate,
    name_label,
    plural,
    seat_name,
    text_width,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from . import data
from . import svg_places as places
from .svg_board import MUTED, WIDTH, Board, figure
from .svg_cards import card_words, chip_words

NAME_ROW = 24
"""How much taller a player's box is with the row for the player's name."""
NAME_SIZE = 15
"""The size of a player's name (smaller than the seat letter alone: names are longer)."""
NAME_SMALL = 12
"""The size of a name that would be cut at :data:`NAME_SIZE` (five boxes side by side)."""
NAME_SQUEEZE = 0.7
"""How far a player's name and seat letter may be squeezed into their row (as the board squeezes
other words into their boxes)."""
KEY_COMPASS = "the start player holds the compass: lays out the packs and acts first"
KEY_TO_ACT = "this player decides now (its box framed thick)"


# -- below the map ---------------------------------------------------------------------------


def draw_players(b: Board, top: float, names: Sequence[str | None] | None = None) -> float:
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
        start = len(out)
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
        out.append(figure(x + 16, top + 17, p, 12))
        if named:
            # The name row: the figure, the name and the letter; under it the figures in reserve
            # and the score.
            room = w - 41
            label, size = SEAT_LETTERS[p], NAME_SIZE
            if name is not None:
                label = name_label(tr, name, p, you, size, room / NAME_SQUEEZE)
                if ELLIPSIS in label and ELLIPSIS not in name:  # a smaller type before a cut
                    size = NAME_SMALL
                    label = name_label(tr, name, p, you, size, room / NAME_SQUEEZE)
            out.append(_text(x + 33, top + 23, label, size, weight="bold", fit=room))
            left = x + 16
        else:
            out.append(_text(x + 33, top + 24, SEAT_LETTERS[p], 18, weight="bold"))
            left = x + 60  # the figures in reserve stand beside the letter
        row = top + drop
        reserve = "".join(figure(left + 19 * i, row + 17, p, 8) for i in range(pv["reserve"]))
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
            b.explain("compass", tr("compass"), tr(KEY_COMPASS))
        if pv["passed"]:
            marks.append(tr("passed"))
        if deciding:
            marks.append(tr("to act"))
            b.explain("to act", tr("to act"), tr(KEY_TO_ACT))
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
        b.close_place(start, f"seat:{p}", places.seat_part(view, p))
        name_first = tr("name seat {seat} to act first").format(seat=SEAT_LETTERS[p])
        b.target(f"seat {p}", x, top, w, h, name_first, rx=8)
    return top + h


def _draw_layout(b: Board, top: float) -> float:
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
        title = tr("Pack {pack}").format(pack=i + 1)
        out.append(_text(x + 6, y + 19, title, 15, weight="bold"))
        many = plural(len(packs[i]), "{count} card", "{count} cards")
        count_words = tr(many).format(count=len(packs[i]))
        # How many cards, where the pack's title leaves room for it ("Pacchetto 5" is long).
        if text_width(title, 15, bold=True) + text_width(count_words, 13) + 20 <= w:
            out.append(_text(x + w - 6, y + 19, count_words, 13, anchor="end", fill=MUTED))
        for j, (label, count) in enumerate(group):
            b.card_chip(x + 4, y + 26 + j * 28, w - 8, label, count)
        cards = ", ".join(
            f"{c}× {chip_words(label, tr)}" if c > 1 else chip_words(label, tr)
            for label, c in group
        )
        label = tr("draft pack {pack}: {cards}").format(pack=i + 1, cards=cards)
        b.target(f"pack {i}", x, y, w, h, label)
    return y + h


def layout_place(b: Board, top: float) -> float:
    """The layout as the place ``layout``; returns its bottom."""
    start = len(b.parts)
    bottom = _draw_layout(b, top)
    b.close_place(start, "layout", places.layout_part(b.view))
    return bottom


def hand_place(b: Board, top: float) -> float:
    """The viewer's hand as the place ``hand`` (a spectator has none); returns its bottom."""
    if b.view.get("hand") is None:
        return top
    start = len(b.parts)
    bottom = _draw_hand(b, top)
    b.close_place(start, "hand", places.hand_part(b.view))
    return bottom


def _draw_hand(b: Board, top: float) -> float:
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
    card = card_words(label, tr)
    if action.startswith("discard"):  # as the bar's button says it (words.py), points lost
        cost = data.KIND_COST[data.LABEL_TO_KIND[label]]
        if cost == 1:
            return tr("Throw {card} overboard (−1 point)").format(card=chip_words(label, tr))
        template = tr("Throw {card} overboard (−{cost} points)")
        return template.format(card=chip_words(label, tr), cost=cost)
    where = action.partition("@")[2]
    if not where:
        return tr("play {card} with a free cog").format(card=card)
    cog_text, _, to_text = where.partition(">")
    cogs = view["cogs"]
    known = cog_text.isdigit() and int(cog_text) < len(cogs)
    city = cogs[int(cog_text)]["city"] if known else ""
    template = PLAY_WORDS[known, bool(to_text)]
    return tr(template).format(card=card, cog=cog_text, city=city, to=to_text)
