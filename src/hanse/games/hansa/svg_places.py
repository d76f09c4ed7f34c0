"""The places of the Hansa Teutonica board a move can change (the board contract for "last moves
shown"): each is drawn in one group with ``data-place`` (a short stable key) and ``data-state`` (a
digest of exactly the part of the view it draws), and :func:`action_places` names the places of a
move, so that the page can mark what changed since a player's last decision and what a log line
names.

Keys: ``route:<A-B>`` (its posts, pieces, bonus marker), ``city:<name>`` (its offices and extra
offices), ``coellen`` (the Coellen special spaces), ``seat:<n>`` (a player's board), ``neutral``
(the neutral supply of a two-player game), ``full_cities`` (the track) and ``markers`` (the bonus
marker pile and the marker turned up). A digest depends on the view only: never on the legal
actions, the reader's language or the players' names.
"""

from __future__ import annotations

import hashlib
from typing import Any

from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.board import Board, board_for
from hanse.games.svg_parts import el

FULL_CITIES = "full_cities"
MARKERS = "markers"
COELLEN = "coellen"
NEUTRAL = "neutral"


def route_key(board: Board, route: int) -> str:
    return f"route:{board.route_ascii[route]}"


def city_key(board: Board, city: int) -> str:
    return f"city:{board.city_ascii[city]}"


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


def digest(part: object) -> str:
    """A short digest of a part of the view (its repr: the view is JSON data, so equal parts
    have equal reprs)."""
    return hashlib.blake2s(repr(part).encode(), digest_size=4).hexdigest()


def place_group(key: str, part: object, body: str) -> str:
    """`body` drawn as the place `key`, its state the digest of `part` of the view."""
    return el("g", body, data_place=key, data_state=digest(part))


def route_part(view: dict[str, Any], route: int) -> object:
    """What a route draws: its posts and its bonus marker."""
    return view["routes"][route]


def city_part(view: dict[str, Any], city: int) -> object:
    return view["cities"][city]


def seat_part(view: dict[str, Any], seat: int) -> object:
    """What a player's board draws: the player, its score (prestige until the end) and whether
    it is the viewer's own board."""
    scores = view["scores"]
    score = scores[seat] if isinstance(scores, list) and seat < len(scores) else None
    return view["players"][seat], score, view["decision"] == "game_over", view["seat"] == seat


def _actor(view: dict[str, Any]) -> int:
    """Who made the move that led to `view`: the turn owner, or the player before when that move
    ended its turn (a new turn starts with all of its Actiones)."""
    owner = view["turn_owner"]
    players = view["players"]
    if not isinstance(owner, int) or not 0 <= owner < len(players):
        return 0
    fresh = view["actions_left"] == players[owner]["abilities"]["actions"]
    if view["decision"] == "action" and fresh:
        return (owner - 1) % len(players)
    return owner


def action_places(action: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """The places a move names (its JSON form, `view` the view after it), [] where none."""
    board = board_for(view["board"])
    kind = action.get("kind")
    cls = A.BY_KIND.get(str(kind))
    if cls is None:
        return []
    fields = {name: action[name] for name in A.FIELDS[cls] if name in action}
    if len(fields) != len(A.FIELDS[cls]):
        return []
    move = cls(**fields)
    match move:
        case (
            A.Place(route, _)
            | A.Displace(route, _, _, _)
            | A.Move(route, _)
            | A.MovePlace(route, _)
            | A.Establish(route)
            | A.DisplacedPlace(route, _)
            | A.RemovePiece(route, _)
            | A.PlaceBonus(route)
        ):
            return [route_key(board, route)]
        case A.DisplacedMove(from_route, _, route):
            return [route_key(board, from_route), route_key(board, route)]
        case A.EstablishOffice(city) | A.EstablishExtraOffice(city, _) | A.NeutralOffice(city):
            return [city_key(board, city)]
        case A.EstablishCoellen(_):
            return [COELLEN]
        case A.UseBonus(_, _, city, _) if city >= 0:
            return [city_key(board, city), seat_key(_actor(view))]
        case A.Income(_, _) | A.EstablishUpgrade(_) | A.UseBonus(_, _, _, _):
            return [seat_key(_actor(view))]
        case A.SetupMarkers(_):
            return [route_key(board, r) for r, route in enumerate(view["routes"]) if route["bonus"]]
        case A.DrawBonus(_):
            return [MARKERS]
    return []
