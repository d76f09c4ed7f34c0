"""The Hansa Teutonica board as one inline SVG element, drawn from a view (standard library only).

:func:`board_svg` draws the side of the board in play at the coordinates of ``data.py`` (cities with
their offices, routes with their posts, taverns, bonus markers, the Coellen special spaces, the
full-cities track, the East-West cities), then every player's board (Schreibtisch) below the map.

Legal actions that name exactly one element of the board become clickable targets
(``data-action``); the web page shows every other legal action as a button. An action naming a
route and a piece (``place``, ``move_place``, ``displaced_place``) puts the piece on the lowest
free post of the route (rules.actions.put), so it is drawn there as a ghost piece, one for the
trader and one for the merchant; ``move`` lifts the last post holding that piece
(rules.actions.lift). Several actions on one piece (the displacements of a post: which piece to
place, how the fee is paid; the displaced owner's extra piece taken from a post to one of several
routes) are one target naming the start of their notation (``data-choose``): the page offers
them as buttons once the piece is clicked (svg_targets). Actions naming no element are left to
the page.

Each place a move can change is one group with ``data-place`` and ``data-state``, and
:func:`action_places` names a move's places (svg_places), for the page's "last moves shown".
The drawing's parts: svg_geometry (where a side is drawn), svg_map (the map, its pieces and
targets), svg_players (the status line and the players' boards), svg_draw (what they share).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.board import Board, board_for
from hanse.games.hansa.data import (
    ABILITIES,
    COELLEN_POINTS,
    TRACK_VALUES,
)
from hanse.games.hansa.svg_draw import (
    ABILITY_LABELS,
    MAP_HEIGHT,
    MAP_TOP,
    MARKER_WORDS,
    PLATE_LABELS,
    WIDTH,
    _seat_style,
)
from hanse.games.hansa.svg_geometry import (
    _geometry,
)
from hanse.games.hansa.svg_map import (
    _draw_cities,
    _draw_coellen,
    _draw_route_targets,
    _draw_routes,
    _marker_label,
    _static_map,
)
from hanse.games.hansa.svg_places import action_places
from hanse.games.hansa.svg_players import (
    _bank_shows_c,
    _covered_label,
    _draw_header,
    _draw_players,
    _ordinal,
)
from hanse.games.hansa.svg_targets import Choice, _targets
from hanse.games.svg_parts import (
    FONT,
    INK,
    TARGET_STYLE,
    Targets,
    Translate,
    board_document,
    board_key,
    same,
)
from hanse.games.svg_parts import coordinate as _f

__all__ = ["action_places", "board_svg"]


def _key(
    view: dict[str, Any],
    board: Board,
    targets: dict[tuple[Any, ...], Choice],
    tr: Translate,
) -> list[list[tuple[str, str]]]:
    """The key's lines: what the board's symbols and short words mean, only those it draws."""
    the_map = []
    if any(board.route_tavern):
        the_map.append(("T", tr("route with a Taberna")))
    the_map.append(("1–4", tr("in an office: the Privilegium it needs")))
    if any(any(coins) for coins in board.office_coin):
        the_map.append(("+1", tr("the office brings 1 prestige")))
    if board.coellen_xy:
        points = f"{min(COELLEN_POINTS)}–{max(COELLEN_POINTS)}"
        the_map.append((points, tr("on Coellen: prestige points")))
    pieces = [("■", tr("trader")), ("●", tr("merchant"))]
    players = view["players"]
    # A block of covered spaces that has room for its values ("A: 2 3 4"), the first one drawn.
    blocks = [
        (label, letter)
        for p in players
        for a in range(len(ABILITIES))
        if p["ability_levels"][ABILITIES[a]] < len(TRACK_VALUES[a]) - 1
        for letter in [_seat_style(p["seat"])[2]]
        if (label := _covered_label(p, a, letter)) != letter
    ]
    if blocks:
        label, letter = blocks[0]
        covers = tr("values the pieces of player {seat} still cover").format(seat=letter)
        pieces.append((label, covers))
    if any(_bank_shows_c(p) for p in players):
        pieces.append(("C", tr("cuncti: all (Bursa)")))
    placed = [p["east_west"] for p in players if p["east_west"]]
    if placed:
        place = _ordinal(placed[0], tr)
        badge = tr("E-W {place}").format(place=place)
        pieces.append((badge, tr("{place} to connect East and West").format(place=place)))
    names = []
    for ability in sorted({a for a in board.city_ability if a >= 0}):
        name = ABILITIES[ability]
        plate, whole = tr(PLATE_LABELS[name]), tr(ABILITY_LABELS[name])
        if plate != whole:
            names.append(
                (plate, tr("{ability}, developed by a route to the city").format(ability=whole))
            )
    kinds = {route["bonus"] for route in view["routes"] if route["bonus"]}
    kinds |= {m["kind"] for p in players for m in p["bonus_markers"]}
    if any(isinstance(choice.action, A.PlaceBonus) for choice in targets.values()):
        kinds.add(view["marker_to_place"])
    markers = [
        (_marker_label(kind, tr), tr(MARKER_WORDS[kind])) for kind in MARKER_WORDS if kind in kinds
    ]
    return [the_map, pieces, names, markers]


def board_svg(
    view: dict[str, Any],
    legal: Sequence[str],
    translate: Translate = same,
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The board of `view` as one inline <svg> element, and the legal actions it carries; every
    word in the reader's language (`translate`, gettext), the actions' notation as it is. With
    `names` (one per seat, None for a seat without one) each player's board shows its player's
    name beside the seat letter."""
    tr = translate
    side = view["board"]
    board = board_for(side)
    geo = _geometry(side)
    targets = _targets(board, view, legal)
    out: list[str] = []
    top = Targets()
    _draw_header(view, out, tr, names)
    out.append(_static_map(side, tr).ground)
    _draw_route_targets(view, geo, targets, out, top, tr)
    _draw_coellen(view, geo, targets, out, top, tr)
    _draw_cities(view, geo, board, targets, out, top, tr)
    _draw_routes(view, geo, board, targets, out, top, tr, names)
    bottom = _draw_players(view, targets, MAP_TOP + MAP_HEIGHT + 10, out, top, tr, names)
    key, height = board_key(bottom, WIDTH, tr("Key"), _key(view, board, targets, tr))
    out.append(key)
    placed = frozenset(top.placed)
    svg = board_document(
        "hansa",
        (WIDTH, _f(height)),
        tr("Hansa Teutonica board {side}").format(side=side),
        "Hansa Teutonica",
        TARGET_STYLE,
        "".join(out) + "".join(top.parts),
        font_family=FONT,
        fill=INK,
        text_anchor="middle",
        dominant_baseline="central",
        pointer_events="none",
    )
    return svg, placed
