"""Messages for refused actions: each names the rule (German heading) that forbids the action now.

:func:`explain_illegal` is only called for an action that is not among the legal ones, so each
branch looks for the first broken condition of the pending decision's rule and says it plainly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.data import (
    ABILITIES,
    BONUS_KINDS,
    COELLEN_POINTS,
    COELLEN_PRIVILEGE,
    TRACK_VALUES,
)

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState

PIECE = ("trader", "merchant")
ACTIONS = 1
PRIVILEGE = 2
BOOK = 3
BANK = 4
EXTRA_OFFICE = 0
SWAP_OFFICES = 1
UPGRADE_ABILITY = 4
REMOVE_3 = 5

_EXPECTED = {
    A.MAIN: "one of the five actions (income, place, displace, move, establish), use_bonus or "
    "end_turn",
    A.MOVE_LIFT: "move (lift another own piece) or move_done",
    A.MOVE_DROP: "move_place (put a lifted piece onto a free post)",
    A.DISPLACED: "displaced_place, displaced_move or displaced_done by the displaced owner",
    A.ESTABLISH: "an establish_* choice c1)-c3) or establish_none",
    A.REMOVE: "remove_piece or remove_done",
    A.NEUTRAL_OFFICE: "neutral_office (the city for the neutral office)",
    A.PLACE_BONUS: "place_bonus (the route for the new marker)",
    A.SETUP: "the chance outcome setup_markers",
    A.DRAW: "the chance outcome draw_bonus",
}


def explain_illegal(g: HansaGame, state: HansaState, action: object) -> str:
    """Why `action` is not legal in `state`, naming the rule."""
    try:
        text = repr(g.action_to_str(action))
    except (IllegalActionError, AttributeError, IndexError, TypeError):
        text = repr(action)
    decision = state.decision
    if decision == A.OVER:
        return f"{text} is not legal: the game is over (Spielende)"
    try:
        reason = _reason(g, state, action)
    except (IndexError, TypeError, AttributeError):  # a hand-built action with bad fields
        reason = None
    if reason is None:
        reason = (
            f"{g.pending_in_words(state)} The moves for it: {_EXPECTED[decision]} "
            "(Spielablauf: each action is completed before the next one)"
        )
    return f"{text} is not legal: {reason}"


def _reason(g: HansaGame, state: HansaState, action: object) -> str | None:
    decision = state.decision
    if decision == A.MAIN:
        return _main(g, state, action)
    if decision == A.MOVE_LIFT and isinstance(action, A.Move):
        return _lift(g, state, action)
    if decision == A.MOVE_DROP and isinstance(action, A.MovePlace):
        held = (state.held_t, state.held_m)[action.merchant]
        if not held:
            return f"Rule '4. Umsetzen': you hold no lifted {PIECE[action.merchant]}"
        return "Rule '4. Umsetzen': only onto a free post; no piece is displaced by moving"
    if decision == A.DISPLACED and isinstance(
        action, A.DisplacedPlace | A.DisplacedMove | A.DisplacedDone
    ):
        return _displaced(state, action)
    if decision == A.ESTABLISH and isinstance(
        action,
        A.EstablishOffice
        | A.EstablishUpgrade
        | A.EstablishCoellen
        | A.EstablishExtraOffice
        | A.EstablishNone,
    ):
        return _establish(g, state, action)
    if decision == A.REMOVE and isinstance(action, A.RemovePiece):
        return (
            "Rule 'Drei Händlersteine entfernen': only an opponent's piece on a post of a route "
            "(never an office, never your own)"
        )
    if decision == A.NEUTRAL_OFFICE and isinstance(action, A.NeutralOffice):
        return (
            "Rule 'Regeln für zwei Spieler': the neutral trader goes into a free office of one of "
            "the two cities of the route just established"
        )
    if decision == A.PLACE_BONUS and isinstance(action, A.PlaceBonus):
        fallback = (
            " (two players: else a route holding only neutral traders)" if g.neutral >= 0 else ""
        )
        return (
            "Rule 'Bonusmarker': a new marker goes beside a route with no piece and no marker and "
            f"a free office in one of its two cities{fallback}"
        )
    return None


def _main(g: HansaGame, state: HansaState, action: object) -> str | None:
    seat = state.turn_owner
    board = g.board
    main_kinds = A.Income | A.Place | A.Displace | A.Move | A.Establish
    if isinstance(action, main_kinds) and state.actions_left <= 0:
        return "no action left this turn (Aktionen pro Zug: the Actiones value)"
    if isinstance(action, A.Income):
        stock_t, stock_m = state.stock[2 * seat], state.stock[2 * seat + 1]
        limit = TRACK_VALUES[BANK][state.levels[5 * seat + BANK]]
        if action.traders + action.merchants < 1:
            return "Rule '1. Einnahmen': take at least one piece"
        if action.traders > stock_t or action.merchants > stock_m:
            return (
                f"Rule '1. Einnahmen': your stock (Kasse) holds {stock_t} trader(s) and "
                f"{stock_m} merchant(s)"
            )
        return f"Rule '1. Einnahmen': at most {limit} pieces (your Geldbeutel value)"
    if isinstance(action, A.Place):
        if not state.supply[2 * seat + action.merchant]:
            return f"Rule '2. Einsetzen': no {PIECE[action.merchant]} in your supply (Vorrat)"
        return f"Rule '2. Einsetzen': route {board.route_ascii[action.route]} has no free post"
    if isinstance(action, A.Displace):
        victim = state.posts[board.route_start[action.route] + action.post]
        if victim < 0:
            return "Rule '3. Verdrängen': that post is empty (use place)"
        if victim >> 1 == seat:
            return "Rule '3. Verdrängen': only an opponent's piece can be displaced"
        fee = 1 + (victim & 1)
        if action.fee_merchants > fee:
            return f"Rule '3. Verdrängen': the fee for a {PIECE[victim & 1]} is {fee} piece(s)"
        return (
            f"Rule '3. Verdrängen': you need the placed {PIECE[action.merchant]} plus the fee "
            f"({fee} piece(s), {action.fee_merchants} of them merchants) in your supply (Vorrat)"
        )
    if isinstance(action, A.Move):
        return _lift(g, state, action)
    if isinstance(action, A.Establish):
        return (
            "Rule '5. Handelsroute einrichten': every post of "
            f"{board.route_ascii[action.route]} must hold one of your pieces"
        )
    if isinstance(action, A.UseBonus):
        return _use_bonus(g, state, action)
    return None


def _lift(g: HansaGame, state: HansaState, action: A.Move) -> str:
    seat = state.turn_owner
    if state.decision == A.MOVE_LIFT and state.move_left <= 0:
        book = TRACK_VALUES[BOOK][state.levels[5 * seat + BOOK]]
        return f"Rule '4. Umsetzen': at most {book} pieces (your Liber sophiae value)"
    return (
        f"Rule '4. Umsetzen': you have no {PIECE[action.merchant]} on "
        f"{g.board.route_ascii[action.route]}"
    )


def _use_bonus(g: HansaGame, state: HansaState, action: A.UseBonus) -> str:
    seat = state.turn_owner
    kind = action.marker
    name = BONUS_KINDS[kind]
    if kind == EXTRA_OFFICE:
        return (
            "Rule 'Zusätzliche Niederlassung': this marker is used within the action 'Eine "
            "Handelsroute einrichten' (choose establish_extra_office there)"
        )
    if not state.bonus[6 * seat + kind]:
        return f"Rule 'Bonusmarker': you hold no unused {name} marker"
    if kind == UPGRADE_ABILITY:
        return f"Rule '+1 Eigenschaft': {ABILITIES[action.ability]} is already fully developed"
    if kind == SWAP_OFFICES:
        return (
            "Rule 'Niederlassungstausch': two neighbouring occupied printed offices holding "
            "different pieces (never an extra office)"
            + ("" if g.config.swap_any_offices else ", one of them yours")
        )
    if kind == REMOVE_3:
        return "Rule 'Drei Händlersteine entfernen': no opponent's piece is on a route"
    return "Rule 'Bonusmarker': not usable now"


def _displaced(state: HansaState, action: object) -> str:
    if isinstance(action, A.DisplacedDone):
        if not state.hand_t and not state.hand_m:
            return (
                "Rule 'Regeln für zwei Spieler': the other player places the displaced neutral "
                "trader and an additional one ('setzt ... den verdrängten und einen zusätzlichen "
                "neutralen Händler') wherever a post is free; it may not be waived"
            )
        return (
            "Rule '3. Verdrängen': the displaced piece itself must be placed; only the extra "
            "pieces may be waived"
        )
    if isinstance(action, A.DisplacedMove):
        return (
            "Rule '3. Verdrängen': own pieces already on routes serve as extras only when the "
            "stock (Kasse) and the supply (Vorrat) are empty, and go to another route of the "
            "nearest ring"
        )
    return (
        "Rule '3. Verdrängen': the displaced piece and up to 1 or 2 extras (from the stock, else "
        "the supply) go onto free posts of the routes adjacent to the displacement route (never "
        "that route itself), the next ring outward when those are full"
        + ("" if state.extra_left else "; no extra piece is left to place")
    )


def _establish(g: HansaGame, state: HansaState, action: object) -> str:
    board = g.board
    seat = state.turn_owner
    route = state.est_route
    route_cities = (board.route_a[route], board.route_b[route])
    privilege = TRACK_VALUES[PRIVILEGE][state.levels[5 * seat + PRIVILEGE]]
    n = board.n_routes
    has = (
        state.count[2 * seat * n + route],
        state.count[(2 * seat + 1) * n + route],
    )
    if isinstance(action, A.EstablishOffice):
        city = action.city
        if city not in route_cities:
            return "Rule 'c1) Niederlassung besetzen': only in one of the route's two cities"
        filled = state.filled[city]
        if filled == board.office_count[city]:
            return "Rule 'c1) Niederlassung besetzen': every office of the city is occupied"
        needed = board.office_priv[city][filled]
        if needed > privilege:
            return (
                "Rule 'c1) Niederlassung besetzen': the lowest free office needs Privilegium "
                f"{needed} (yours is {privilege}); no office may be skipped"
            )
        shape = board.office_round[city][filled]
        return (
            f"Rule 'c1) Niederlassung besetzen': the lowest free office is "
            f"{'round' if shape else 'square'} and needs a {PIECE[shape]} from the route"
        )
    if isinstance(action, A.EstablishUpgrade):
        if action.ability not in [board.city_ability[c] for c in route_cities]:
            return (
                "Rule 'c2) Eigenschaft weiterentwickeln': neither city of the route shows the "
                f"{ABILITIES[action.ability]} pictogram"
            )
        return f"Rule 'c2)': {ABILITIES[action.ability]} is already fully developed"
    if isinstance(action, A.EstablishCoellen):
        if route != board.coellen_route:
            return "Rule 'c3) Sonderprestigepunkte': only by establishing Coellen-Warburg"
        if not has[1]:
            return "Rule 'c3) Sonderprestigepunkte': needs a merchant from the route"
        if state.coellen[action.space] >= 0:
            return f"Rule 'c3)': the {COELLEN_POINTS[action.space]} space is taken"
        return (
            f"Rule 'c3)': the {COELLEN_POINTS[action.space]} space needs Privilegium "
            f"{COELLEN_PRIVILEGE[action.space]} (yours is {privilege})"
        )
    if isinstance(action, A.EstablishExtraOffice):
        held = state.bonus[6 * seat + EXTRA_OFFICE] - (state.fresh == EXTRA_OFFICE)
        if held <= 0:
            return (
                "Rule 'Zusätzliche Niederlassung': you hold no such marker taken before this "
                "action (a marker is not used in the action that took it)"
            )
        if action.city not in route_cities:
            return "Rule 'Zusätzliche Niederlassung': only in one of the route's two cities"
        if not state.filled[action.city]:
            return "Rule 'Zusätzliche Niederlassung': the city's lowest office must be occupied"
        return f"Rule 'Zusätzliche Niederlassung': no {PIECE[action.merchant]} on the route"
    return "Rule '5. Handelsroute einrichten': not possible now"
