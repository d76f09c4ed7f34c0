"""The players' corners of the Kogge board: name, cog, Kontore, robbery markers, development,
cargo, markers, bonus chips and the choices under way, each corner a place (:mod:`.svg_places`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanse.games.kogge.data import (
    GOOD_NAMES,
    KONTORE_PER_PLAYER,
)
from hanse.games.svg_parts import (
    ELLIPSIS,
    SEAT_COLOURS,
    SEAT_LETTERS,
    name_label,
    plural,
    seat_name,
    text_width,
    wrap,
)
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from .svg_board import (
    CELL_H,
    CELL_W,
    MUTED,
    NAME_SIZE,
    NAME_SMALL,
    NAME_SQUEEZE,
    PAD,
    TURN_RED,
    Board,
    cell,
    chip_short,
    city_name,
    good_letter,
    goods_chip,
    goods_text,
    rob_marker,
    seat_badge,
    seat_square,
)


def draw_player(
    b: Board,
    player: dict[str, Any],
    col: int,
    row: int,
    names: Sequence[str | None] | None = None,
) -> None:
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = cell(col, row)
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
    out.append(seat_badge(x + 16, y + 16, p, 12))
    if deciding:  # a ring round the badge: the title keeps the corner's whole width
        ring = {"r": 15, "fill": "none", "stroke": TURN_RED, "stroke_width": 3}
        out.append(_el("circle", cx=f"{x + 16:.1f}", cy=f"{y + 16:.1f}", **ring))
    room = w - 37
    name = seat_name(names, p)
    if name is None:
        title = tr("Seat {seat} (you)" if me else "Seat {seat}").format(seat=SEAT_LETTERS[p])
        size = 17
    else:  # cut to what squeezes into the room as much as the words without a name do
        size = NAME_SIZE
        title = name_label(tr, name, p, me, size, room / NAME_SQUEEZE)
        if ELLIPSIS in title and ELLIPSIS not in name:  # a smaller type before a cut name
            size = NAME_SMALL
            title = name_label(tr, name, p, me, size, room / NAME_SQUEEZE)
    out.append(_text(x + 33, y + 22, title, size, weight="bold", fit=room))
    city = player["city"]
    if city is None:
        where = tr("cog not placed")
    else:
        where = tr("cog: {city}").format(city=city_name(view, city))
    out.append(_text(x + 6, y + 44, where, 15, fit=w - 10))
    # Kontore built, robbery markers in hand, development points.
    y0 = y + 52
    built = f"{player['kontore']}/{KONTORE_PER_PLAYER}"
    out.append(seat_square(x + 6, y0, 18, p))
    out.append(_text(x + 27, y0 + 15, built, 15))
    out.append(rob_marker(x + 56, y0 - 1, p))
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
            out.append(goods_chip(gx, y0, t, cargo[GOOD_NAMES[t]], good_letter(tr, t), 34))
            gx += 36
        if not present:
            out.append(_text(x + 6, y0 + 18, tr("no cargo"), 15, fill=MUTED, fit=w - 12))
        y0 += 44
    else:
        seen_goods = goods_text(player["known_cargo"], tr)
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
        f"{chip_short(k, tr)}×{n}" if n > 1 else chip_short(k, tr)
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
    for size, step in ((15, 19), (13, 16), (12, 14), (11, 12.5)):
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
