"""Which legal actions become targets on the Hansa Teutonica board, and on which element.

An action naming exactly one element (a post, a route, an office...) is a target there that sends
it (``data-action``). Several actions naming one element and sharing the start of their notation
(the displacements of one post: which piece to place, how the fee is paid; the displaced owner's
extra piece taken from one post to one of several routes) make one target that names that start
(``data-choose``): a click on the piece, as on Board Game Arena, and the page offers only those
actions, as buttons. Every action a target names, alone or in a group, is placed on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, NamedTuple

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.board import Board
from hanse.games.svg_parts import Targets, el, rect

CHOICE_WORDS: dict[type, int] = {A.Displace: 3, A.DisplacedMove: 3, A.Income: 1}
"""The words of a notation a group of choices on one element shares: ``displace <route> <post>``
(then piece and fee), ``displaced_move <from route> <piece>`` (then the route it goes to),
``income`` (then how many traders and merchants)."""


class Choice(NamedTuple):
    """What one board element carries: `text`, the notation sent (one action) or the start the
    page completes (a group); `action`, the first action (for the target's words); `actions`,
    every notation it places."""

    text: str
    action: object
    actions: tuple[str, ...]


def _owned_last(route: dict[str, Any], seat: Any, kind: str) -> int:
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
        case A.DisplacedMove(from_route, merchant, _):
            disp = view["pending"]["displacement"]
            owner = None if disp is None else disp["owner"]
            kind = ("trader", "merchant")[merchant]
            post = _owned_last(routes[from_route], owner, kind)  # rules.actions.lift
            return None if post < 0 else ("post", from_route, post)
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
        case A.UseBonus(_, _, city, office) if city >= 0:
            return ("swap", city, office)
        case A.EstablishCoellen(space):
            return ("coellen", space)
        case A.Income(_, _):
            return ("stock",)
    return None


def _shared_start(found: list[tuple[str, object]]) -> str | None:
    """The start of notation a group of actions on one element shares, where the page may offer
    them as the follow-up of one click: displacements of one post, extra pieces from one post,
    the choices of income."""
    kinds = {type(action) for _, action in found}
    if len(kinds) != 1 or (kind := kinds.pop()) not in CHOICE_WORDS:
        return None
    starts = {" ".join(text.split()[: CHOICE_WORDS[kind]]) for text, _ in found}
    return starts.pop() if len(starts) == 1 else None


def _targets(
    board: Board, view: dict[str, Any], legal: Sequence[str]
) -> dict[tuple[Any, ...], Choice]:
    """Board element -> what it carries: the legal action naming it, where one does, or the
    group of actions naming it that share the start of their notation."""
    by_element: dict[tuple[Any, ...], list[tuple[str, object]]] = {}
    for text in dict.fromkeys(legal):
        try:
            action = A.action_from_str(board, text)
        except IllegalActionError:
            continue
        element = _element(view, action)
        if element is not None:
            by_element.setdefault(element, []).append((text, action))
    carried = {}
    for element, found in by_element.items():
        if len(found) == 1:
            text, action = found[0]
            carried[element] = Choice(text, action, (text,))
        elif (start := _shared_start(found)) is not None:
            carried[element] = Choice(start, found[0][1], tuple(text for text, _ in found))
    # The page offers, for a start, every legal action that begins with it: a group is placed
    # only where those are exactly its actions (so none is lost, none offered twice).
    for element, choice in list(carried.items()):
        if len(choice.actions) > 1:
            begins = {t for t in legal if t == choice.text or t.startswith(choice.text + " ")}
            if begins != set(choice.actions):
                del carried[element]
    return carried


def add_target(
    top: Targets, choice: Choice, label: str, body: str, hit: tuple[float, float, float, float]
) -> None:
    """Place `choice` on the board: one action as a target that sends it (:meth:`Targets.add`),
    a group as a target naming their shared start (``data-choose``): the page then offers the
    group's actions as buttons. `body` is drawn, `hit` (x, y, width, height) is clickable."""
    if len(choice.actions) == 1:
        top.add(choice.text, label, body, hit)
        return
    if any(text in top.placed for text in choice.actions):
        return
    top.placed.update(choice.actions)
    x, y, w, h = hit
    top.parts.append(
        el(
            "g",
            el("title", escape(label))
            + el("g", body, pointer_events="none")
            + rect(x, y, w, h, fill="none", pointer_events="all"),
            class_="target",
            data_choose=choice.text,
            role="button",
            tabindex=0,
            aria_label=label,
        )
    )
