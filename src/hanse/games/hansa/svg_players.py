"""The status line above the Hansa Teutonica map and the players' boards (Schreibtisch) under
it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.data import (
    ABILITIES,
    FULL_CITIES_TO_END,
    TRACK_VALUES,
)
from hanse.games.hansa.svg_draw import (
    ABILITY_LABELS,
    DECISION_NAMED,
    DECISION_WORDS,
    MAP_TOP,
    MARKER_WORDS,
    ORDINALS,
    PRIVILEGE_FILL,
    PRIVILEGE_INK,
    WIDTH,
    _piece,
    _seat_style,
    _text_width,
)
from hanse.games.hansa.svg_map import (
    _marker_label,
)
from hanse.games.hansa.svg_places import (
    FULL_CITIES,
    MARKERS,
    NEUTRAL,
    place_group,
    seat_key,
    seat_part,
)
from hanse.games.hansa.svg_targets import Choice, add_target
from hanse.games.hansa.words import action_phrase
from hanse.games.svg_parts import (
    INK,
    SEAT_LETTERS,
    Targets,
    Translate,
    name_label,
    plural,
    ring_rect,
    seat_name,
    text_width,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import text as _text

# -- the status line and the players' boards ------------------------------------------------------


def _counted(count: int, one: str, many: str, tr: Translate) -> str:
    return tr(plural(count, one, many)).format(count=count)


def _pieces_words(traders: int, merchants: int, tr: Translate) -> str:
    """Pieces counted in words, only the kinds there are: "1 trader, 2 merchants"."""
    words = []
    if traders:
        words.append(_counted(traders, "{count} trader", "{count} traders", tr))
    if merchants:
        words.append(_counted(merchants, "{count} merchant", "{count} merchants", tr))
    return ", ".join(words)


def _status(
    view: dict[str, Any], tr: Translate, names: Sequence[str | None] | None = None
) -> list[str]:
    """The status line's parts: actions left, who decides what (by name where the seat has
    one), the pieces in hand."""
    decider = view["decider"]
    status = []
    if view["decision"] == "game_over":
        status.append(tr("Game over"))
    else:
        left = plural(view["actions_left"], "{left} action left", "{left} actions left")
        status.append(tr(left).format(left=view["actions_left"]))
        name = seat_name(names, decider) if isinstance(decider, int) else None
        if name is not None:
            player = tr("{name} ({seat})").format(name=name, seat=SEAT_LETTERS[decider])
            who = DECISION_NAMED.get(view["decision"], "{player}")
            status.append(tr(who).format(player=player))
        elif isinstance(decider, int):
            who = DECISION_WORDS.get(view["decision"], "player {seat}")
            status.append(tr(who).format(seat=SEAT_LETTERS[decider]))
    pending = view["pending"]
    disp = pending["displacement"]
    if disp is not None:
        hand = disp["hand"]
        if hand["traders"] or hand["merchants"]:
            pieces = _pieces_words(hand["traders"], hand["merchants"], tr)
            status.append(tr("displaced: {pieces}").format(pieces=pieces))
        if disp["extras_left"]:
            extras = disp["extras_left"]
            status.append(_counted(extras, "{count} extra piece", "{count} extra pieces", tr))
    if pending["establish_route"] is not None:
        a, b = view["routes"][pending["establish_route"]]["cities"]
        status.append(tr("establishing {route}").format(route=f"{a}–{b}"))
    held = pending["move"]["held"]
    if held["traders"] or held["merchants"]:
        pieces = _pieces_words(held["traders"], held["merchants"], tr)
        status.append(tr("moving: {pieces}").format(pieces=pieces))
    kind = view["marker_to_place"]
    if kind:
        marker = tr(MARKER_WORDS[kind]) if kind in MARKER_WORDS else kind
        status.append(tr("marker to place: {marker}").format(marker=marker))
    return status


def _line(x: float, y: float, words: str, size: float, room: float, **style: Any) -> str:
    """A line of text that never runs past `room` units: squeezed where it might (the estimate
    of text_width is an average; a browser's font may run a tenth wider)."""
    if text_width(words, size, bool(style.get("weight"))) * 1.12 <= room:
        return _text(x, y, words, size, anchor="start", **style)
    return _el(
        "text",
        escape(words),
        x=_f(x),
        y=_f(y),
        font_size=size,
        font_weight=style.get("weight"),
        text_anchor="start",
        fill=style.get("fill", INK),
        textLength=_f(room),
        lengthAdjust="spacingAndGlyphs",
    )


def _draw_header(
    view: dict[str, Any], out: list[str], tr: Translate, names: Sequence[str | None] | None = None
) -> None:
    """The title line (the side, the full-cities track, the marker pile) and the status line."""
    out.append(f'<rect x="0" y="0" width="{WIDTH}" height="{MAP_TOP - 4}" fill="#2f2a24"/>')
    x0 = 560  # the full-cities track and the marker pile at the right of the title line
    title = tr("Hansa Teutonica · board {board}").format(board=view["board"])
    full = tr("Full cities")
    out.append(
        _line(12, 18, title, 17, x0 - 24 - _text_width(full, 13), weight="bold", fill="#ffffff")
    )
    fill, ink, letter = _seat_style(view["turn_owner"])
    status = " · ".join([tr("Turn"), *_status(view, tr, names)])
    out.append(
        f'<rect x="12" y="33" width="22" height="22" rx="2" fill="{fill}" stroke="#ffffff"/>'
        + _text(23, 44.5, letter, 15, weight="bold", fill=ink)
        + _line(42, 44, status, 14, WIDTH - 54, fill="#ffffff")
    )
    track = [_text(x0, 18, full, 13, anchor="end", fill="#ffffff")]
    for i in range(FULL_CITIES_TO_END):
        filled = i < view["full_cities"]
        track.append(
            f'<rect x="{x0 + 6 + i * 22}" y="8" width="19" height="20" rx="3" '
            f'fill="{"#f6d04d" if filled else "#4a423a"}" stroke="#ffffff" stroke-width="1"/>'
            + _text(x0 + 15.5 + i * 22, 18.5, str(i + 1), 12, fill=INK if filled else "#cccccc")
        )
    out.append(place_group(FULL_CITIES, view["full_cities"], "".join(track)))
    pile = tr("Markers in pile: {count}").format(count=view["markers_left"])
    room = WIDTH - 12 - (x0 + 6 + FULL_CITIES_TO_END * 22) - 10
    pile_text = _text(WIDTH - 12, 18, pile, 13, anchor="end", fill="#ffffff", fit=room / 1.12)
    out.append(place_group(MARKERS, view["markers_left"], pile_text))


def _ability_column(tr: Translate) -> float:
    """How far the tracks of the player board start right of their names: past the longest
    name in the reader's language."""
    longest = max(_text_width(tr(ABILITY_LABELS[name]), 13) for name in ABILITIES)
    return max(74.0, longest + 20)


def _ability_row(
    x: float, y: float, player: dict[str, Any], ability: int, seat: Any, tr: Translate
) -> str:
    """One track of the player board: the uncovered spaces with their values (the current one
    framed), then one block in the seat's colour for the spaces its pieces still cover."""
    name = ABILITIES[ability]
    values = TRACK_VALUES[ability]
    level = player["ability_levels"][name]
    parts = [_text(x, y, tr(ABILITY_LABELS[name]), 13, anchor="start")]
    bx = x + _ability_column(tr)
    for i in range(level + 1):
        value = values[i]
        shown = "C" if name == "bank" and value == 0 else str(value)
        fill, ink = "#ffffff", INK
        if name == "privilege":
            fill, ink = PRIVILEGE_FILL[value], PRIVILEGE_INK[value]
        current = i == level
        parts.append(
            f'<rect x="{_f(bx + i * 25 - 11)}" y="{_f(y - 11)}" width="22" height="22" rx="3" '
            f'fill="{fill}" stroke="#3b3024" stroke-width="{2.5 if current else 1}"/>'
            + _text(bx + i * 25, y + 0.5, shown, 13, weight="bold" if current else None, fill=ink)
        )
    covered = len(values) - 1 - level
    if covered:
        colour, ink, letter = _seat_style(seat)
        left = bx + (level + 1) * 25 - 11
        width = covered * 25 - 3
        rx = 10 if name == "book" else 2  # merchants cover the book, traders the others
        parts.append(
            f'<rect x="{_f(left)}" y="{_f(y - 9)}" width="{_f(width)}" height="18" rx="{rx}" '
            f'fill="{colour}" stroke="#111111"/>'
        )
        label = _covered_label(player, ability, letter)
        parts.append(_text(left + width / 2, y + 0.5, label, 11, weight="bold", fill=ink))
    return "".join(parts)


def _covered_label(player: dict[str, Any], ability: int, letter: str) -> str:
    """The words on the block of a track's covered spaces: the pieces' letter and the values they
    still cover ("A: 2 3 4"), or the letter alone where the block is too short for them."""
    name = ABILITIES[ability]
    values = TRACK_VALUES[ability]
    level = player["ability_levels"][name]
    hidden = " ".join("C" if name == "bank" and v == 0 else str(v) for v in values[level + 1 :])
    label = f"{letter}: {hidden}"
    if _text_width(label, 11) > (len(values) - 1 - level) * 25 - 5:
        return letter
    return label


def _bank_shows_c(player: dict[str, Any]) -> bool:
    """Whether a player's Bursa track shows its last value, C (uncovered or on the block)."""
    bank = ABILITIES.index("bank")
    if player["ability_levels"]["bank"] == len(TRACK_VALUES[bank]) - 1:
        return True
    return _covered_label(player, bank, "").endswith("C")


def _marker_tags(
    markers: list[dict[str, Any]], width: float, tr: Translate
) -> list[tuple[float, int, str]]:
    """Bonus marker tags in lines: (x offset, line, label) within a board `width` wide."""
    tags = []
    mx, line = 0.0, 0
    for m in markers:
        text = _marker_label(m["kind"], tr)
        w = _text_width(text, 11) + 8
        if mx + w > width and mx > 0:
            mx, line = 0.0, line + 1
        tags.append((mx, line, text))
        mx += w + 5
    return tags


def _ordinal(n: int, tr: Translate) -> str:
    return tr(ORDINALS.get(n, "{n}th")).format(n=n)


def _draw_players(
    view: dict[str, Any],
    targets: dict[tuple[Any, ...], Choice],
    y0: float,
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> float:
    """The players' boards under the map, four to a row at most; returns the bottom edge."""
    players = view["players"]
    neutral = view["neutral"]
    count = len(players) + (1 if neutral else 0)
    columns = 3 if count > 4 else 2 if count == 4 else count  # room for the abilities' names
    gap = 10
    width = (WIDTH - gap * (columns + 1)) / columns
    tags = [_marker_tags(p["bonus_markers"], width - 24, tr) for p in players]
    lines = [1 + max((line for _, line, _ in t), default=-1) for t in tags]
    y = y0
    for first in range(0, count, columns):
        row = range(first, min(first + columns, count))
        height = 258 + 22 * max([lines[i] for i in row if i < len(lines)] + [0])
        for index in row:
            x = gap + (index - first) * (width + gap)
            board: list[str] = []
            if index < len(players):
                frame = (x, y, width, height)
                p = players[index]
                _draw_player(view, p, tags[index], frame, targets, board, top, tr, names)
                part = seat_part(view, p["seat"])
                out.append(place_group(seat_key(p["seat"]), part, "".join(board)))
            elif neutral is not None:
                _draw_neutral(neutral, x, y, width, board, tr)
                out.append(place_group(NEUTRAL, neutral, "".join(board)))
        y += height + gap
    return y


def _board_frame(x: float, y: float, width: float, height: float, seat: Any, you: bool) -> str:
    colour = _seat_style(seat)[0]
    return (
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" rx="8" '
        f'fill="#fbf8f0" stroke="{colour}" stroke-width="{5 if you else 3}"/>'
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="30" rx="8" fill="{colour}"/>'
    )


def _draw_neutral(
    neutral: dict[str, Any], x: float, y: float, width: float, out: list[str], tr: Translate
) -> None:
    out.append(_board_frame(x, y, width, 104, "neutral", False))
    out.append(
        _text(
            x + 10, y + 15.5, tr("Neutral (N)"), 15, weight="bold", anchor="start", fill="#000000"
        )
    )
    out.append(
        _text(
            x + width - 10,
            y + 15.5,
            tr("Prestige {points}").format(points=neutral["prestige"]),
            15,
            weight="bold",
            anchor="end",
            fill="#000000",
        )
    )
    out.append(_piece(x + 20, y + 50, "neutral", "trader", 16))
    in_supply = plural(neutral["supply"], "{count} trader in supply", "{count} traders in supply")
    in_supply = tr(in_supply).format(count=neutral["supply"])
    out.append(_text(x + 34, y + 50, in_supply, 14, anchor="start", fit=width - 44))
    if neutral["east_west"]:
        out.append(
            _text(
                x + 12,
                y + 80,
                tr("East-West {place}").format(place=_ordinal(neutral["east_west"], tr)),
                13,
                weight="bold",
                anchor="start",
                fill="#b2182b",
            )
        )


def _draw_player(
    view: dict[str, Any],
    p: dict[str, Any],
    tags: list[tuple[float, int, str]],
    frame: tuple[float, float, float, float],
    targets: dict[tuple[Any, ...], Choice],
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> None:
    x, y, width, height = frame
    seat = p["seat"]
    _, ink, letter = _seat_style(seat)
    you = view["seat"] == seat
    out.append(_board_frame(x, y, width, height, seat, you))
    scores = view["scores"]
    score = scores[seat] if isinstance(scores, list) and seat < len(scores) else p["prestige"]
    label = "Score {points}" if view["decision"] == "game_over" else "Prestige {points}"
    points = tr(label).format(points=score)
    name = seat_name(names, seat)
    if name is None:
        title = tr("You ({seat})" if you else "Player {seat}").format(seat=letter)
    else:  # the name in the bar, clear of the points at its right
        room = width - 20 - text_width(points, 15, bold=True) - 12
        title = name_label(tr, name, seat, you, 15, room)
    out.append(_text(x + 10, y + 15.5, title, 15, weight="bold", anchor="start", fill=ink))
    out.append(_text(x + width - 10, y + 15.5, points, 15, weight="bold", anchor="end", fill=ink))
    for j, (label, counts) in enumerate((("Supply", p["supply"]), ("Stock", p["stock"]))):
        line = y + 46 + j * 24
        out.append(
            _text(x + 12, line, tr(label), 13, anchor="start", fit=70)
            + _piece(x + 86, line, seat, "trader", 16)
            + _text(x + 98, line, str(counts["traders"]), 14, weight="bold", anchor="start")
            + _piece(x + 136, line, seat, "merchant", 16)
            + _text(x + 148, line, str(counts["merchants"]), 14, weight="bold", anchor="start")
        )
    if ("stock",) in targets and you:  # income: pieces from the stock into the supply
        choice = targets[("stock",)]
        action = choice.action
        if len(choice.actions) == 1 and isinstance(action, A.Income):
            # said as the choice's button says it ("Income: take 2 traders into your supply")
            said = action_phrase(
                {"kind": "income", "traders": action.traders, "merchants": action.merchants}, view
            )
            label = said.text(tr)
        else:
            label = tr("Income: choose the pieces to take from your stock into your supply")
        box = (x + 6, y + 58, width - 12, 24)
        add_target(top, choice, label, ring_rect(*box), box)
    if p["east_west"]:  # a red badge: the East-West connection, and in which place
        out.append(
            f'<rect x="{_f(x + width - 66)}" y="{_f(y + 37)}" width="56" height="18" rx="9" '
            'fill="#b2182b"/>'
            + _text(
                x + width - 38,
                y + 46.5,
                tr("E-W {place}").format(place=_ordinal(p["east_west"], tr)),
                11,
                weight="bold",
                fill="#ffffff",
            )
        )
    for a in range(len(ABILITIES)):
        ry = y + 100 + a * 27
        out.append(_ability_row(x + 12, ry, p, a, seat, tr))
        if ("ability", a) in targets and you:
            choice = targets[("ability", a)]
            action = choice.action
            words = (
                "Upgrade your ability {ability} with the bonus marker"
                if isinstance(action, A.UseBonus)
                else "Upgrade your ability {ability}"
            )
            label = tr(words).format(ability=tr(ABILITY_LABELS[ABILITIES[a]]))
            box = (x + 6, ry - 13, width - 12, 26)
            add_target(top, choice, label, ring_rect(*box), box)
    my = y + 100 + 5 * 27 - 2
    markers = p["bonus_markers"]
    heading = tr("Bonus markers" if markers else "Bonus markers: none")
    out.append(_text(x + 12, my, heading, 13, anchor="start"))
    for m, (mx, line, text) in zip(markers, tags, strict=True):
        w = _text_width(text, 11) + 8
        tx, ty = x + 12 + mx, my + 22 + 22 * line
        if m["used"]:  # turned over: pale and dashed
            fill, ink, dash = "#d9d4ca", "#555555", ' stroke-dasharray="3 2"'
        else:
            fill, ink, dash = "#2f2a24", "#ffffff", ""
        out.append(
            f'<rect x="{_f(tx)}" y="{_f(ty - 9)}" width="{_f(w)}" height="18" rx="9" '
            f'fill="{fill}" stroke="#f0c040" stroke-width="1.5"{dash}/>'
            + _text(tx + w / 2, ty + 0.5, text, 11, weight="bold", fill=ink)
        )
