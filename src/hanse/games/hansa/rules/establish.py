"""5. Eine Handelsroute einrichten, and the neutral player's establishing (Regeln für zwei Spieler).

A route is complete for a player when all its posts hold that player's pieces. Establishing it is an
action, in order: a) one prestige to the controller of each of its two cities; b) take the bonus
marker beside it and draw a new one face down (none left: the game ends after this action); c) at
most one of: c1) the lowest free office of one of the two cities, with a piece of the office's shape
and the privilege of its colour (+1 coin, full cities, East-West); c2) develop the ability pictured
in one of the cities (the uncovered piece to the supply; the first 3, the first 4 and the 5 of
Actiones give an action at once); c3) Coellen–Warburg: a merchant onto a free Coellen space of an
unlocked colour; or, with the marker "zusätzliche Niederlassung", a route piece as an extra office
left of a city whose lowest office is occupied. Every other piece of the route goes to the stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.core import Action
from hanse.games.hansa.actions import (
    ESTABLISH,
    NEUTRAL_OFFICE,
    EstablishCoellen,
    EstablishExtraOffice,
    EstablishNone,
    EstablishOffice,
    EstablishUpgrade,
)
from hanse.games.hansa.data import ACTIONS_EXTRA_LEVELS, COELLEN_PRIVILEGE, TRACK_VALUES
from hanse.games.hansa.rules import bonus, cities, posts, turn

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState

ACTIONS = 1
PRIVILEGE = 2
BOOK = 3


def is_complete_for(g: HansaGame, state: HansaState, route: int, seat: int) -> bool:
    """All posts of `route` hold pieces of `seat`."""
    n = g.board.n_routes
    count = state.count
    return (
        count[2 * seat * n + route] + count[(2 * seat + 1) * n + route]
        == g.board.route_posts[route]
    )


def upgrade(state: HansaState, seat: int, ability: int) -> None:
    """c2) Eigenschaft weiterentwickeln: uncover the next space; its piece goes to the supply."""
    level = state.levels[5 * seat + ability] + 1
    state.levels[5 * seat + ability] = level
    state.supply[2 * seat + (1 if ability == BOOK else 0)] += 1
    if ability == ACTIONS and level in ACTIONS_EXTRA_LEVELS:
        state.actions_left += 1


def _route_pieces(g: HansaGame, state: HansaState, route: int) -> tuple[int, int]:
    """The active player's traders and merchants on `route` (all its pieces when complete)."""
    n = g.board.n_routes
    code = 2 * state.turn_owner
    return state.count[code * n + route], state.count[(code + 1) * n + route]


def _clear_route(g: HansaGame, state: HansaState, route: int) -> None:
    for post in g.board.route_post_range[route]:
        posts.set_post(g.board, state, post, -1)


def award_control(g: HansaGame, state: HansaState, route: int) -> None:
    """a) Siegpunkte vergeben: one prestige to the controller of each city of the route."""
    board = g.board
    for city in (board.route_a[route], board.route_b[route]):
        seat = cities.controller(board, state, city)
        if seat >= 0:
            state.prestige[seat] += 1


def start(g: HansaGame, state: HansaState, route: int) -> None:
    """The establish action up to the choice c): prestige, bonus marker, then the choice."""
    seat = state.turn_owner
    state.actions_left -= 1
    award_control(g, state, route)
    kind = state.route_marker[route]
    if kind >= 0:
        state.route_marker[route] = -1
        state.bonus[6 * seat + kind] += 1
        state.fresh = kind
        bonus.draw_needed(state)
    state.est_route = route
    legal = choice_actions(g, state)
    if len(legal) == 1:
        apply_choice(g, state, legal[0])
    else:
        state.decision = ESTABLISH


def choice_actions(g: HansaGame, state: HansaState) -> list[Action]:
    """The alternatives of c), plus establishing for prestige and marker only."""
    board = g.board
    seat = state.turn_owner
    route = state.est_route
    traders, merchants = _route_pieces(g, state, route)
    has = (traders, merchants)
    privilege = TRACK_VALUES[PRIVILEGE][state.levels[5 * seat + PRIVILEGE]]
    legal: list[Action] = []
    for city in (board.route_a[route], board.route_b[route]):
        filled = state.filled[city]
        if (
            filled < board.office_count[city]
            and board.office_priv[city][filled] <= privilege
            and has[board.office_round[city][filled]]
        ):
            legal.append(g.t_est_office[city])
    for city in (board.route_a[route], board.route_b[route]):
        ability = board.city_ability[city]
        if ability >= 0 and bonus.can_upgrade(state, seat, ability):
            legal.append(g.t_est_upgrade[ability])
    if route == board.coellen_route and merchants:
        for space, needed in enumerate(COELLEN_PRIVILEGE):
            if state.coellen[space] < 0 and needed <= privilege:
                legal.append(g.t_est_coellen[space])
    extra = state.bonus[6 * seat + bonus.EXTRA_OFFICE] - (state.fresh == bonus.EXTRA_OFFICE)
    if extra > 0:
        for city in (board.route_a[route], board.route_b[route]):
            if state.filled[city] > 0:
                for merchant in (0, 1):
                    if has[merchant]:
                        legal.append(g.t_est_extra[city][merchant])
    legal.append(g.t_est_none)
    return legal


def apply_choice(g: HansaGame, state: HansaState, action: Action) -> None:
    """Carry out the choice of c); every other piece of the route goes to the stock."""
    board = g.board
    seat = state.turn_owner
    route = state.est_route
    traders, merchants = _route_pieces(g, state, route)
    if isinstance(action, EstablishOffice):
        shape = board.office_round[action.city][state.filled[action.city]]
        if shape:
            merchants -= 1
        else:
            traders -= 1
        cities.occupy_office(board, state, action.city, 2 * seat + shape)
    elif isinstance(action, EstablishUpgrade):
        upgrade(state, seat, action.ability)
    elif isinstance(action, EstablishCoellen):
        state.coellen[action.space] = 2 * seat + 1
        merchants -= 1
    elif isinstance(action, EstablishExtraOffice):
        city = action.city
        state.extras[city] = (*state.extras[city], 2 * seat + action.merchant)
        if action.merchant:
            merchants -= 1
        else:
            traders -= 1
        state.bonus[6 * seat + bonus.EXTRA_OFFICE] -= 1
        state.bonus_used[6 * seat + bonus.EXTRA_OFFICE] += 1
        cities.check_east_west(board, state, seat)
    else:
        assert isinstance(action, EstablishNone)
    _clear_route(g, state, route)
    state.stock[2 * seat] += traders
    state.stock[2 * seat + 1] += merchants
    state.est_route = -1
    turn.finish_action(g, state)


# -- Regeln für zwei Spieler: the neutral player establishes at once -----------------------------


def neutral_start(g: HansaGame, state: HansaState, route: int) -> None:
    """A route full of neutral traders is established at once in the active player's turn:
    prestige for control, the neutral player's marker leaves the game (a new one is drawn), and the
    active player puts one neutral trader into a free office of either city (any colour, any shape).
    """
    board = g.board
    award_control(g, state, route)
    kind = state.route_marker[route]
    if kind >= 0:
        state.route_marker[route] = -1
        state.removed[kind] += 1
        bonus.draw_needed(state)
    open_cities = [
        c
        for c in (board.route_a[route], board.route_b[route])
        if state.filled[c] < board.office_count[c]
    ]
    if len(open_cities) == 2:
        state.neutral_route = route
        state.decision = NEUTRAL_OFFICE
        return
    neutral_finish(g, state, route, open_cities[0] if open_cities else -1)


def neutral_office_actions(g: HansaGame, state: HansaState) -> list[Action]:
    board = g.board
    route = state.neutral_route
    return [g.t_neutral_office[board.route_a[route]], g.t_neutral_office[board.route_b[route]]]


def neutral_finish(g: HansaGame, state: HansaState, route: int, city: int) -> None:
    """The neutral office in `city` (-1: none free); the other neutral traders go back to the
    neutral supply, except one that stays on a route to a yellow city."""
    board = g.board
    neutral = g.neutral
    pieces = board.route_posts[route]
    _clear_route(g, state, route)
    if city >= 0:
        cities.occupy_office(board, state, city, 2 * neutral)
        pieces -= 1
    if board.route_yellow[route]:
        posts.set_post(board, state, board.route_start[route], 2 * neutral)
        pieces -= 1
    state.supply[2 * neutral] += pieces
    state.neutral_route = -1
