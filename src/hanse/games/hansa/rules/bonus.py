"""Bonusmarker: using held markers, and placing new markers at the end of the turn.

A marker is used at any time of its owner's turn but not in the action that took it, at no action
cost (RULINGS). Here that is the turn's main decision; the extra-office marker is used within an
establish action instead (see :mod:`.establish`). At the end of the turn one face-down marker per
marker taken is turned up (a chance node: the pile is a multiset, so its order is never a secret)
and placed on a route with no piece, no marker and a free office in one of its cities. With two
players a neutral trader joins each new marker; with no such route a route holding only neutral
pieces may take it, without another neutral trader. With no route at all (the rules are silent)
the marker leaves the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from typing import TYPE_CHECKING

from hanse.core import Action
from hanse.games.hansa.actions import (
    PLACE_BONUS,
    REMOVE,
    DrawBonus,
    PlaceBonus,
    RemovePiece,
    UseBonus,
)
from hanse.games.hansa.data import TRACK_VALUES
from hanse.games.hansa.rules import cities, establish, posts, turn

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState

EXTRA_OFFICE = 0
SWAP_OFFICES = 1
ACTIONS_3 = 2
ACTIONS_4 = 3
UPGRADE_ABILITY = 4
REMOVE_3 = 5

_AT_LEAST_TWO = (1).__lt__  # 1 < filled: a city with two occupied offices


def draw_needed(state: HansaState) -> None:
    """A marker was taken: draw one face down onto the plate, or end the game if none is left."""
    if sum(state.pile) - state.plate > 0:
        state.plate += 1
    else:
        state.ending = True


def has_opponent_piece(state: HansaState, seat: int) -> bool:
    """Whether any route post holds a piece of another seat (the neutral one included)."""
    on_routes = state.on_routes
    return sum(on_routes) > on_routes[2 * seat] + on_routes[2 * seat + 1]


def swap_pairs(g: HansaGame, state: HansaState, seat: int) -> list[tuple[int, int]]:
    """Niederlassungstausch: (city, left office) of neighbouring occupied printed offices whose
    pieces differ (a swap of equal pieces changes nothing)."""
    return list(_swap_pairs(g, state, seat))


def _swap_pairs(g: HansaGame, state: HansaState, seat: int) -> Iterator[tuple[int, int]]:
    board = g.board
    any_owner = g.config.swap_any_offices
    offices = state.offices
    filled = state.filled
    # Only cities with two occupied offices (mostly none in random play) are looked at.
    for city in compress(range(board.n_cities), map(_AT_LEAST_TWO, filled)):
        start = board.office_start[city]
        for i in range(filled[city] - 1):
            left, right = offices[start + i], offices[start + i + 1]
            if left == right:
                continue
            if not any_owner and left >> 1 != seat and right >> 1 != seat:
                continue
            yield city, i


def can_upgrade(state: HansaState, seat: int, ability: int) -> bool:
    return state.levels[5 * seat + ability] < len(TRACK_VALUES[ability]) - 1


def has_usable_bonus(g: HansaGame, state: HansaState, seat: int) -> bool:
    """Whether `seat` holds a marker it could use at the main decision now."""
    base = 6 * seat
    held = state.bonus
    if held[base + ACTIONS_3] or held[base + ACTIONS_4]:
        return True
    if held[base + UPGRADE_ABILITY] and any(can_upgrade(state, seat, a) for a in range(5)):
        return True
    if held[base + REMOVE_3] and has_opponent_piece(state, seat):
        return True
    return bool(held[base + SWAP_OFFICES]) and next(_swap_pairs(g, state, seat), None) is not None


def use_bonus_actions(g: HansaGame, state: HansaState, seat: int, legal: list[Action]) -> None:
    """The use_bonus actions of the main decision, appended to `legal`."""
    base = 6 * seat
    held = state.bonus
    table = g.t_use_bonus
    if held[base + SWAP_OFFICES]:
        for city, office in _swap_pairs(g, state, seat):
            legal.append(table[(SWAP_OFFICES, -1, city, office)])
    if held[base + ACTIONS_3]:
        legal.append(table[(ACTIONS_3, -1, -1, -1)])
    if held[base + ACTIONS_4]:
        legal.append(table[(ACTIONS_4, -1, -1, -1)])
    if held[base + UPGRADE_ABILITY]:
        for ability in range(5):
            if can_upgrade(state, seat, ability):
                legal.append(table[(UPGRADE_ABILITY, ability, -1, -1)])
    if held[base + REMOVE_3] and has_opponent_piece(state, seat):
        legal.append(table[(REMOVE_3, -1, -1, -1)])


def apply_use_bonus(g: HansaGame, state: HansaState, action: UseBonus) -> None:
    seat = state.turn_owner
    kind = action.marker
    state.bonus[6 * seat + kind] -= 1
    state.bonus_used[6 * seat + kind] += 1
    if kind == ACTIONS_3:
        state.actions_left += 3
    elif kind == ACTIONS_4:
        state.actions_left += 4
    elif kind == UPGRADE_ABILITY:
        establish.upgrade(state, seat, action.ability)
    elif kind == SWAP_OFFICES:
        at = g.board.office_start[action.city] + action.office
        offices = state.offices
        offices[at], offices[at + 1] = offices[at + 1], offices[at]
        # RULINGS 'East-West': checked after every change of offices. Both seats keep an office in
        # this city, so a swap never changes a chain; the check keeps the ruling's letter.
        for code in (offices[at], offices[at + 1]):
            cities.check_east_west(g.board, state, code >> 1)
    elif kind == REMOVE_3:
        state.remove_left = 3
        state.decision = REMOVE
        return
    turn.finish_action(g, state)


# -- 3 Händlersteine entfernen ------------------------------------------------------------------


def remove_actions(g: HansaGame, state: HansaState) -> list[Action]:
    """Opponent pieces on routes (not in offices), one action per distinct piece of a route."""
    seat = state.turn_owner
    board = g.board
    posts = state.posts
    table = g.t_remove
    legal: list[Action] = []
    for route in range(board.n_routes):
        seen: list[int] = []
        for post in board.route_post_range[route]:
            code = posts[post]
            if code >= 0 and code >> 1 != seat and code not in seen:
                seen.append(code)
                legal.append(table[post])
    legal.append(g.t_remove_done)
    return legal


def apply_remove(g: HansaGame, state: HansaState, action: Action) -> None:
    if isinstance(action, RemovePiece):
        board = g.board
        post = board.route_start[action.route] + action.post
        code = posts.set_post(board, state, post, -1)
        state.supply[code] += 1  # the piece goes back to its owner's supply (Vorrat)
        state.remove_left -= 1
        if state.remove_left > 0 and has_opponent_piece(state, state.turn_owner):
            state.decision = REMOVE
            return
    state.remove_left = 0
    turn.finish_action(g, state)


# -- end of the turn: new markers -----------------------------------------------------------------


def draw_outcomes(g: HansaGame, state: HansaState) -> list[tuple[Action, float]]:
    total = sum(state.pile)
    return [(g.t_draw[k], n / total) for k, n in enumerate(state.pile) if n]


def eligible_routes(g: HansaGame, state: HansaState) -> tuple[list[int], bool]:
    """Routes that may take a new marker; True with them when it is the 2-player fallback."""
    board = g.board
    n = board.n_routes
    filled = state.filled
    count = board.office_count
    open_routes = [
        r
        for r in range(n)
        if state.route_marker[r] < 0
        and (
            filled[board.route_a[r]] < count[board.route_a[r]]
            or filled[board.route_b[r]] < count[board.route_b[r]]
        )
    ]
    routes = [r for r in open_routes if state.free[r] == board.route_posts[r]]
    if routes or g.neutral < 0:
        return routes, False
    neutral = 2 * g.neutral * n  # routes whose pieces are all neutral ones
    fallback = [
        r for r in open_routes if state.free[r] + state.count[neutral + r] == board.route_posts[r]
    ]
    return fallback, True


def apply_draw(g: HansaGame, state: HansaState, action: DrawBonus) -> None:
    state.pile[action.marker] -= 1
    state.plate -= 1
    state.revealed = action.marker
    if eligible_routes(g, state)[0]:
        state.decision = PLACE_BONUS
        return
    state.removed[action.marker] += 1
    state.revealed = -1
    after_placement(g, state)


def place_bonus_actions(g: HansaGame, state: HansaState) -> list[Action]:
    routes, _ = eligible_routes(g, state)
    return [g.t_place_bonus[r] for r in routes]


def apply_place_bonus(g: HansaGame, state: HansaState, action: PlaceBonus) -> None:
    route = action.route
    _, fallback = eligible_routes(g, state)
    state.route_marker[route] = state.revealed
    state.revealed = -1
    if g.neutral >= 0 and not fallback and state.supply[2 * g.neutral] > 0:
        # Regeln für zwei Spieler: a neutral trader joins every route given a new marker.
        posts.set_post(g.board, state, g.board.route_start[route], 2 * g.neutral)
        state.supply[2 * g.neutral] -= 1
    after_placement(g, state)


def after_placement(g: HansaGame, state: HansaState) -> None:
    if state.plate > 0:
        state.decision = turn.DRAW
    else:
        turn.next_player(g, state)
