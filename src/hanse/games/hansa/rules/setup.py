"""Startaufbau, and the set-up of the neutral player (Regeln für zwei Spieler).

Every player has 27 traders and 4 merchants: one trader on 0 of the prestige track, 15 traders and
3 merchants covering the ability tracks, one merchant and 5/6/7/8/9 traders (by seat order, seat 0
starting) in the supply, the rest of the traders in the stock. The three golden markers lie one on
each Taberna route (a chance node: the rules place them "beliebig"); the other twelve form the
face-down pile. With two players the 2-3 side is used and a neutral trader goes onto every route to
a yellow city and onto every Taberna route.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from hanse.games.hansa.actions import MAIN, SETUP, SetupMarkers
from hanse.games.hansa.data import (
    BONUS_COUNTS,
    GOLDEN_MARKERS,
    MERCHANTS_PER_PLAYER,
    NEUTRAL_TRADERS,
    START_SUPPLY_TRADERS,
    TRACK_VALUES,
    TRADERS_PER_PLAYER,
)
from hanse.games.hansa.rules import posts
from hanse.games.hansa.state import HansaState

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame

GOLDEN_ORDERS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(GOLDEN_MARKERS))
"""The six ways to lay the golden markers onto the three tavern routes (in board order)."""

TRACK_TRADERS = sum(len(v) - 1 for i, v in enumerate(TRACK_VALUES) if i != 3)
TRACK_MERCHANTS = len(TRACK_VALUES[3]) - 1


def initial_state(g: HansaGame) -> HansaState:
    board = g.board
    n = g.num_players
    seats = n + 1 if g.neutral >= 0 else n
    s = HansaState()
    s.legal_cache = None
    s.posts = [-1] * board.n_posts
    s.free = list(board.route_posts)
    s.count = [0] * (2 * seats * board.n_routes)
    s.pieces = [0] * (2 * seats * board.n_routes)
    s.on_routes = [0] * (2 * seats)
    s.complete = [0] * seats
    s.offices = [-1] * board.n_offices
    s.filled = [0] * board.n_cities
    s.extras = [()] * board.n_cities
    s.coellen = [-1] * 4
    s.route_marker = [-1] * board.n_routes
    s.prestige = [0] * seats
    s.supply = [0] * (2 * seats)
    s.stock = [0] * (2 * n)
    for seat in range(n):
        traders = START_SUPPLY_TRADERS[seat]
        s.supply[2 * seat] = traders
        s.supply[2 * seat + 1] = MERCHANTS_PER_PLAYER - TRACK_MERCHANTS
        s.stock[2 * seat] = TRADERS_PER_PLAYER - 1 - TRACK_TRADERS - traders
    s.levels = [0] * (5 * n)
    s.bonus = [0] * (6 * n)
    s.bonus_used = [0] * (6 * n)
    s.pile = list(BONUS_COUNTS)
    for kind in GOLDEN_MARKERS:
        s.pile[kind] -= 1
    s.plate = 0
    s.revealed = -1
    s.removed = [0] * len(BONUS_COUNTS)
    s.full_cities = 0
    s.east_west = []
    s.turn_owner = 0
    s.actions_left = TRACK_VALUES[1][0]
    s.decision = SETUP
    s.fresh = -1
    s.disp_route = s.disp_owner = -1
    s.hand_t = s.hand_m = s.extra_left = 0
    s.move_left = s.held_t = s.held_m = 0
    s.est_route = -1
    s.remove_left = 0
    s.neutral_route = -1
    s.ending = False
    if g.neutral >= 0:
        neutral = 2 * g.neutral
        s.supply[neutral] = NEUTRAL_TRADERS - 1  # one marks the neutral prestige
        for route in range(board.n_routes):
            if board.route_yellow[route] or board.route_tavern[route]:
                posts.set_post(board, s, board.route_start[route], neutral)
                s.supply[neutral] -= 1
    if not g.config.shuffle_golden_markers:
        lay_golden(g, s, 0)
    return s


def lay_golden(g: HansaGame, state: HansaState, order: int) -> None:
    for route, kind in zip(g.board.tavern_routes, GOLDEN_ORDERS[order], strict=True):
        state.route_marker[route] = kind
    state.decision = MAIN


def apply_setup(g: HansaGame, state: HansaState, action: SetupMarkers) -> None:
    lay_golden(g, state, action.order)
