"""Which legal actions become targets on the Hansa Teutonica board, and on which element."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.board import Board

# -- the targets -------------------------------------------------------------------------------


def _owned_last(route: dict[str, Any], seat: int, kind: str) -> int:
    """The last post of `route` holding `seat`'s `kind` (the piece `move` lifts), or -1."""
    for i in range(len(route["posts"]) - 1, -1, -1):
        piece = route["posts"][i]
        if piece is not None and piece["seat"] == seat and piece["piece"] == kind:
            return i
    return -1


def _first_free(items: list[Any]) -> int:
    for i, item in enumerate(items):
        if item is None:
            return i
    return -1


def _element(view: dict[str, Any], action: object) -> tuple[Any, ...] | None:
    """The one board element an action names, or None."""
    routes = view["routes"]
    match action:
        case (
            A.Place(route, merchant)
            | A.MovePlace(route, merchant)
            | A.DisplacedPlace(route, merchant)
        ):
            if _first_free(routes[route]["posts"]) < 0:
                return None
            return ("ghost", route, merchant)
        case A.Displace(route, post, _, _) | A.RemovePiece(route, post):
            return ("post", route, post)
        case A.Move(route, merchant):
            post = _owned_last(routes[route], view["turn_owner"], ("trader", "merchant")[merchant])
            return None if post < 0 else ("post", route, post)
        case A.Establish(route) | A.PlaceBonus(route):
            return ("route", route)
        case A.EstablishOffice(city) | A.NeutralOffice(city):
            if _first_free(view["cities"][city]["offices"]) < 0:
                return None
            return ("office", city)
        case A.EstablishExtraOffice(city, merchant):
            return ("extra", city, merchant)
        case A.EstablishUpgrade(ability):
            return ("ability", ability)
        case A.UseBonus(_, ability, _, _) if ability >= 0:
            return ("ability", ability)
        case A.EstablishCoellen(space):
            return ("coellen", space)
    return None


def _targets(
    board: Board, view: dict[str, Any], legal: Sequence[str]
) -> dict[tuple[Any, ...], tuple[str, object]]:
    """Board element -> (notation, action) for the legal actions naming exactly one element,
    each element named by exactly one of them."""
    by_element: dict[tuple[Any, ...], list[tuple[str, object]]] = {}
    for text in dict.fromkeys(legal):
        try:
            action = A.action_from_str(board, text)
        except IllegalActionError:
            continue
        element = _element(view, action)
        if element is not None:
            by_element.setdefault(element, []).append((text, action))
    return {element: found[0] for element, found in by_element.items() if len(found) == 1}
