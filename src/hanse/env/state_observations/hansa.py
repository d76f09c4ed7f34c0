"""Hansa Teutonica observations from the state (the layout of
:mod:`hanse.env.observations.hansa`).

Everything but the order of the face-down marker pile is public, and the state holds the board
as flat lists of piece codes (``2 * seat + kind``, -1 empty), so each occupied post or office is
one number at a precomputed position: the place's offset plus the (owner, kind) index of the code
as the viewer counts owners.
"""

from __future__ import annotations

from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Layout
from hanse.games.hansa.data import ABILITIES, BONUS_KINDS, MERCHANTS_PER_PLAYER, TRADERS_PER_PLAYER
from hanse.games.hansa.state import HansaState

_K = len(BONUS_KINDS)


class StateEncoder:
    """Writes a seat's Hansa observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        board = game.board
        n = game.num_players
        self.game = game
        self.n = n
        self.neutral = game.neutral
        owners = n + (1 if game.neutral >= 0 else 0)
        self.owners = owners
        width = 2 * owners
        # piece_index[viewer][code]: the (owner, kind) one-hot index of a piece code.
        self.piece_index = [
            [2 * self._owner(code >> 1, viewer) + (code & 1) for code in range(width)]
            for viewer in range(n)
        ]
        at = layout.at
        self.decision = at("decision")
        self.decider = at("decider")
        self.turn_owner = at("turn_owner")
        self.actions_left = at("actions_left")
        self.full_cities = at("full_cities")
        self.markers_left = at("markers_left")
        self.markers_unrevealed = at("markers_unrevealed")
        self.markers_on_plate = at("markers_on_plate")
        self.markers_out = at("markers_out")
        self.marker_to_place = at("marker_to_place")
        route_posts = layout.all("route.posts")
        self.post_position = [0] * sum(len(r) for r in board.route_post_range)
        for r, posts in enumerate(board.route_post_range):
            for i, post in enumerate(posts):
                self.post_position[post] = route_posts[r] + i * width
        self.route_bonus = layout.all("route.bonus")
        city_offices = layout.all("city.offices")
        self.office_position = [0] * sum(board.office_count)
        for c in range(board.n_cities):
            for i in range(board.office_count[c]):
                self.office_position[board.office_start[c] + i] = city_offices[c] + i * width
        self.office_count = board.office_count
        self.city_extra = layout.all("city.extra_offices")
        self.city_full = layout.all("city.full")
        self.coellen = layout.all("coellen")
        self.prestige = layout.all("player.prestige")
        self.supply_traders = layout.all("player.supply_traders")
        self.supply_merchants = layout.all("player.supply_merchants")
        self.stock_traders = layout.all("player.stock_traders")
        self.stock_merchants = layout.all("player.stock_merchants")
        self.ability_levels = layout.all("player.ability_levels")
        self.markers = layout.all("player.markers")
        self.markers_used = layout.all("player.markers_used")
        self.east_west = layout.all("player.east_west")
        if game.neutral >= 0:
            self.neutral_prestige = at("neutral.prestige")
            self.neutral_supply = at("neutral.supply")
            self.neutral_east_west = at("neutral.east_west")
        self.fresh_marker = at("fresh_marker")
        self.displacement = at("displacement")
        self.displacement_route = at("displacement.route")
        self.displacement_owner = at("displacement.owner")
        self.displacement_traders = at("displacement.traders")
        self.displacement_merchants = at("displacement.merchants")
        self.displacement_extras_left = at("displacement.extras_left")
        self.move_lifts_left = at("move.lifts_left")
        self.move_held_traders = at("move.held_traders")
        self.move_held_merchants = at("move.held_merchants")
        self.establish_route = at("establish_route")
        self.removals_left = at("removals_left")
        self.neutral_route = at("neutral_route")
        self.scores = at("scores")
        self.ending = at("ending")

    def _owner(self, seat: int, viewer: int) -> int:
        """The owner index of a piece: the relative seat, the neutral player last."""
        return self.n if seat == self.neutral else (seat - viewer) % self.n

    def write(self, s: HansaState, seat: int, positions: list[int], values: list[float]) -> None:
        n = self.n
        put = positions.append
        val = values.append

        def number(position: int, value: float) -> None:
            if value:
                put(position)
                val(value)

        piece_index = self.piece_index[seat]
        put(self.decision + s.decision)
        val(1.0)
        player = self.game.current_player(s)
        if player == CHANCE:
            put(self.decider + n)
        elif player == TERMINAL:
            put(self.decider + n + 1)
        else:
            put(self.decider + (player - seat) % n)
        val(1.0)
        put(self.turn_owner + (s.turn_owner - seat) % n)
        val(1.0)
        number(self.actions_left, s.actions_left / 4)
        number(self.full_cities, s.full_cities / 10)
        number(self.markers_left, (sum(s.pile) - s.plate) / 12)
        for k in range(_K):
            number(self.markers_unrevealed + k, s.pile[k] / 4)
        number(self.markers_on_plate, s.plate / 4)
        for k in range(_K):
            number(self.markers_out + k, s.removed[k] / 4)
        if s.revealed >= 0:
            put(self.marker_to_place + s.revealed)
            val(1.0)
        # Most posts and offices are empty: one comprehension finds the pieces on them.
        pieces = [
            at + piece_index[code]
            for at, code in zip(self.post_position, s.posts, strict=True)
            if code >= 0
        ]
        pieces += [
            at + piece_index[code]
            for at, code in zip(self.office_position, s.offices, strict=True)
            if code >= 0
        ]
        positions += pieces
        values += [1.0] * len(pieces)
        for r, kind in enumerate(s.route_marker):
            if kind >= 0:
                put(self.route_bonus[r] + kind)
                val(1.0)
        for c, extras in enumerate(s.extras):
            if extras:
                counts: dict[int, float] = {}
                for code in extras:
                    index = piece_index[code]
                    counts[index] = counts.get(index, 0.0) + 1.0
                start = self.city_extra[c]
                for index, count in counts.items():
                    put(start + index)
                    val(count)
            if s.filled[c] == self.office_count[c]:
                put(self.city_full[c])
                val(1.0)
        for i, code in enumerate(s.coellen):
            if code >= 0:
                put(self.coellen[i] + piece_index[code])
                val(1.0)
        for r in range(n):
            p = (seat + r) % n
            number(self.prestige[r], s.prestige[p] / 20)
            number(self.supply_traders[r], s.supply[2 * p] / TRADERS_PER_PLAYER)
            number(self.supply_merchants[r], s.supply[2 * p + 1] / MERCHANTS_PER_PLAYER)
            number(self.stock_traders[r], s.stock[2 * p] / TRADERS_PER_PLAYER)
            number(self.stock_merchants[r], s.stock[2 * p + 1] / MERCHANTS_PER_PLAYER)
            start = self.ability_levels[r]
            for a, level in enumerate(s.levels[5 * p : 5 * p + len(ABILITIES)]):
                if level:
                    put(start + a)
                    val(level / 4)
            for start, per_kind in (
                (self.markers[r], s.bonus[6 * p : 6 * p + _K]),
                (self.markers_used[r], s.bonus_used[6 * p : 6 * p + _K]),
            ):
                for k, count in enumerate(per_kind):
                    if count:
                        put(start + k)
                        val(float(count))
            if p in s.east_west:
                put(self.east_west[r] + s.east_west.index(p))
                val(1.0)
        neutral = self.neutral
        if neutral >= 0:
            number(self.neutral_prestige, s.prestige[neutral] / 20)
            number(self.neutral_supply, s.supply[2 * neutral] / 54)
            if neutral in s.east_west:
                put(self.neutral_east_west + s.east_west.index(neutral))
                val(1.0)
        if s.fresh >= 0:
            put(self.fresh_marker + s.fresh)
            val(1.0)
        if s.disp_route >= 0:
            put(self.displacement)
            val(1.0)
            put(self.displacement_route + s.disp_route)
            val(1.0)
            put(self.displacement_owner + self._owner(s.disp_owner, seat))
            val(1.0)
            number(self.displacement_traders, s.hand_t / 1.0)
            number(self.displacement_merchants, s.hand_m / 1.0)
            number(self.displacement_extras_left, s.extra_left / 2)
        number(self.move_lifts_left, s.move_left / 5)
        number(self.move_held_traders, s.held_t / 5)
        number(self.move_held_merchants, s.held_m / 5)
        if s.est_route >= 0:
            put(self.establish_route + s.est_route)
            val(1.0)
        number(self.removals_left, s.remove_left / 3)
        if s.neutral_route >= 0:
            put(self.neutral_route + s.neutral_route)
            val(1.0)
        scores = self.game.scores(s)
        for r in range(n):
            number(self.scores + r, scores[(seat + r) % n] / 20)
        if s.ending:
            put(self.ending)
            val(1.0)
