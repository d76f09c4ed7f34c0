"""Hansa Teutonica observations from the state (the layout of
:mod:`hanse.env.observations.hansa`).

Everything but the order of the face-down marker pile is public, and the state holds the board
as flat lists of piece codes (``2 * seat + kind``, -1 empty), so each occupied post or office is
one code at a precomputed position: the place's offset plus the (owner, kind) index of the piece
as the viewer counts owners. The blocks (:class:`hanse.env.sparse.Block`): the turn and the
marker supply, the routes, the cities, Coellen, the players, the neutral player, the pending
parts of an action, the scores.
"""

from __future__ import annotations

from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Block, BlockEncoder, Layout, code_or_extra
from hanse.games.hansa.data import ABILITIES, BONUS_KINDS, MERCHANTS_PER_PLAYER, TRADERS_PER_PLAYER
from hanse.games.hansa.state import HansaState

_K = len(BONUS_KINDS)


class StateEncoder(BlockEncoder):
    """Writes a seat's Hansa observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        board = game.board
        n = game.num_players
        self.game = game
        self.n = n
        self.size = layout.size
        self.neutral = game.neutral
        owners = n + (1 if game.neutral >= 0 else 0)
        self.owners = owners
        width = 2 * owners
        # piece_index[viewer][code]: the (owner, kind) one-hot index of a piece code.
        self.piece_index = [
            [2 * self._owner(code >> 1, viewer) + (code & 1) for code in range(width)]
            for viewer in range(n)
        ]
        at, all_of = layout.at, layout.all
        self.decision = at("decision")
        self.decider = at("decider")
        self.turn_owner = at("turn_owner")
        self.actions_left = at("actions_left")
        self.marker_to_place = at("marker_to_place")
        route_posts = all_of("route.posts")
        self.post_position = [0] * sum(len(r) for r in board.route_post_range)
        for r, posts in enumerate(board.route_post_range):
            for i, post in enumerate(posts):
                self.post_position[post] = route_posts[r] + i * width
        self.route_bonus = all_of("route.bonus")
        city_offices = all_of("city.offices")
        self.office_position = [0] * sum(board.office_count)
        for c in range(board.n_cities):
            for i in range(board.office_count[c]):
                self.office_position[board.office_start[c] + i] = city_offices[c] + i * width
        self.office_count = board.office_count
        self.city_extra = all_of("city.extra_offices")
        self.city_full = all_of("city.full")
        self.coellen = all_of("coellen")
        self.prestige = all_of("player.prestige")
        self.ability_levels = all_of("player.ability_levels")
        self.markers = all_of("player.markers")
        self.markers_used = all_of("player.markers_used")
        self.east_west = all_of("player.east_west")
        if game.neutral >= 0:
            self.neutral_prestige = at("neutral.prestige")
            self.neutral_east_west = at("neutral.east_west")
        self.fresh_marker = at("fresh_marker")
        self.displacement = at("displacement")
        self.displacement_route = at("displacement.route")
        self.displacement_owner = at("displacement.owner")
        self.displacement_traders = at("displacement.traders")
        self.move_lifts_left = at("move.lifts_left")
        self.establish_route = at("establish_route")
        self.removals_left = at("removals_left")
        self.neutral_route = at("neutral_route")
        self.scores = at("scores")
        self.ending = at("ending")
        divisors = [1.0] * layout.size
        for name, divisor in (
            ("actions_left", 4),
            ("full_cities", 10),
            ("markers_left", 12),
            ("markers_on_plate", 4),
            ("displacement.extras_left", 2),
            ("move.lifts_left", 5),
            ("move.held_traders", 5),
            ("move.held_merchants", 5),
            ("removals_left", 3),
        ):
            divisors[at(name)] = divisor
        for k in range(_K):
            divisors[at("markers_unrevealed") + k] = divisors[at("markers_out") + k] = 4
        for r in range(n):
            divisors[self.prestige[r]] = 20
            divisors[self.prestige[r] + 1] = divisors[self.prestige[r] + 3] = TRADERS_PER_PLAYER
            divisors[self.prestige[r] + 2] = MERCHANTS_PER_PLAYER
            divisors[self.prestige[r] + 4] = MERCHANTS_PER_PLAYER
            for a in range(len(ABILITIES)):
                divisors[self.ability_levels[r] + a] = 4
            divisors[self.scores + r] = 20
        if game.neutral >= 0:
            divisors[self.neutral_prestige] = 20
            divisors[self.neutral_prestige + 1] = 54
        self.divisors: list[float] = [float(d) for d in divisors]
        spans = layout.spans
        player_segments = [
            f"player.{name}"
            for name in (
                "prestige",
                "supply_traders",
                "supply_merchants",
                "stock_traders",
                "stock_merchants",
                "ability_levels",
                "markers",
                "markers_used",
                "east_west",
            )
        ]
        blocks = [
            Block(
                "turn",
                self._write_turn,
                (
                    "decision",
                    "turn_owner",
                    "actions_left",
                    "full_cities",
                    "pile",
                    "plate",
                    "removed",
                    "revealed",
                ),
                spans("decision", "decider", "turn_owner", "actions_left", "full_cities")
                + spans("markers_left", "markers_unrevealed", "markers_on_plate", "markers_out")
                + spans("marker_to_place"),
            ),
            Block(
                "routes",
                self._write_routes,
                ("posts", "route_marker"),
                spans("route.posts", "route.bonus"),
            ),
            Block(
                "cities",
                self._write_cities,
                ("offices", "extras", "filled"),
                spans("city.offices", "city.extra_offices", "city.full"),
            ),
            Block("coellen", self._write_coellen, ("coellen",), spans("coellen")),
            Block(
                "players",
                self._write_players,
                ("prestige", "supply", "stock", "levels", "bonus", "bonus_used", "east_west"),
                spans(*player_segments),
            ),
            Block(
                "pending",
                self._write_pending,
                (
                    "fresh",
                    "disp_route",
                    "disp_owner",
                    "hand_t",
                    "hand_m",
                    "extra_left",
                    "move_left",
                    "held_t",
                    "held_m",
                    "est_route",
                    "remove_left",
                    "neutral_route",
                ),
                spans("fresh_marker", "displacement", "displacement.route")
                + spans("displacement.owner", "displacement.traders", "displacement.merchants")
                + spans("displacement.extras_left", "move.lifts_left", "move.held_traders")
                + spans("move.held_merchants", "establish_route", "removals_left")
                + spans("neutral_route"),
            ),
            # The points are the prestige during the game (Game.scores), the final scoring once
            # it is over, when no seat decides any more.
            Block(
                "scores",
                self._write_scores,
                ("decision", "prestige", "ending"),
                spans("scores", "ending"),
            ),
        ]
        if game.neutral >= 0:
            blocks.append(
                Block(
                    "neutral",
                    self._write_neutral,
                    ("prestige", "supply", "east_west"),
                    spans("neutral.prestige", "neutral.supply", "neutral.east_west"),
                )
            )
        self.blocks = tuple(blocks)

    def _owner(self, seat: int, viewer: int) -> int:
        """The owner index of a piece: the relative seat, the neutral player last."""
        return self.n if seat == self.neutral else (seat - viewer) % self.n

    def _write_turn(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        row[at + self.decision + s.decision] = 1
        player = self.game.current_player(s)
        if player == CHANCE:
            row[at + self.decider + n] = 1
        elif player == TERMINAL:
            row[at + self.decider + n + 1] = 1
        else:
            row[at + self.decider + (player - seat) % n] = 1
        row[at + self.turn_owner + (s.turn_owner - seat) % n] = 1
        start = at + self.actions_left
        # actions left, full cities, markers left, unrevealed per kind, on the plate, out per kind
        row[start : start + 4 + 2 * _K] = bytes(
            (s.actions_left, s.full_cities, sum(s.pile) - s.plate, *s.pile, s.plate, *s.removed)
        )
        if s.revealed >= 0:
            row[at + self.marker_to_place + s.revealed] = 1

    def _write_routes(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        piece_index = self.piece_index[seat]
        # Most posts are empty: one comprehension finds the pieces on them.
        for position in [
            position + piece_index[code]
            for position, code in zip(self.post_position, s.posts, strict=True)
            if code >= 0
        ]:
            row[at + position] = 1
        for r, kind in enumerate(s.route_marker):
            if kind >= 0:
                row[at + self.route_bonus[r] + kind] = 1

    def _write_cities(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        piece_index = self.piece_index[seat]
        for position in [
            position + piece_index[code]
            for position, code in zip(self.office_position, s.offices, strict=True)
            if code >= 0
        ]:
            row[at + position] = 1
        for c, extras_c in enumerate(s.extras):
            if extras_c:
                start = at + self.city_extra[c]
                for code in extras_c:
                    row[start + piece_index[code]] += 1
            if s.filled[c] == self.office_count[c]:
                row[at + self.city_full[c]] = 1

    def _write_coellen(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        piece_index = self.piece_index[seat]
        for i, code in enumerate(s.coellen):
            if code >= 0:
                row[at + self.coellen[i] + piece_index[code]] = 1

    def _write_players(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        for r in range(n):
            p = (seat + r) % n
            start = at + self.prestige[r]
            # prestige, supply (traders, merchants), stock (traders, merchants), ability levels
            row[start : start + 5 + len(ABILITIES)] = bytes(
                (
                    s.prestige[p],
                    s.supply[2 * p],
                    s.supply[2 * p + 1],
                    s.stock[2 * p],
                    s.stock[2 * p + 1],
                    *s.levels[5 * p : 5 * p + len(ABILITIES)],
                )
            )
            start = at + self.markers[r]
            row[start : start + _K] = bytes(s.bonus[6 * p : 6 * p + _K])
            start = at + self.markers_used[r]
            row[start : start + _K] = bytes(s.bonus_used[6 * p : 6 * p + _K])
            if p in s.east_west:
                row[at + self.east_west[r] + s.east_west.index(p)] = 1

    def _write_neutral(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        neutral = self.neutral
        row[at + self.neutral_prestige] = s.prestige[neutral]
        row[at + self.neutral_prestige + 1] = s.supply[2 * neutral]
        if neutral in s.east_west:
            row[at + self.neutral_east_west + s.east_west.index(neutral)] = 1

    def _write_pending(
        self, s: HansaState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        if s.fresh >= 0:
            row[at + self.fresh_marker + s.fresh] = 1
        if s.disp_route >= 0:
            row[at + self.displacement] = 1
            row[at + self.displacement_route + s.disp_route] = 1
            row[at + self.displacement_owner + self._owner(s.disp_owner, seat)] = 1
            start = at + self.displacement_traders
            row[start : start + 3] = bytes((s.hand_t, s.hand_m, s.extra_left))
        start = at + self.move_lifts_left
        row[start : start + 3] = bytes((s.move_left, s.held_t, s.held_m))
        if s.est_route >= 0:
            row[at + self.establish_route + s.est_route] = 1
        row[at + self.removals_left] = s.remove_left
        if s.neutral_route >= 0:
            row[at + self.neutral_route + s.neutral_route] = 1

    def _write_scores(
        self,
        s: HansaState,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        n = self.n
        scores = self.game.scores(s)
        for r in range(n):
            position = at + self.scores + r
            points = scores[(seat + r) % n]
            row[position] = code_or_extra(points, position, 20, extra_positions, extra_values)
        row[at + self.ending] = s.ending
