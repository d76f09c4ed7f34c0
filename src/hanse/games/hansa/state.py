"""The mutable state of a Hansa Teutonica game: slotted flat lists of ints and a hand-written clone.

Piece codes: ``-1`` is an empty post or office; otherwise ``2 * seat + merchant`` where merchant is
1 for a Großhändler (disc) and 0 for a Händler (cube). The neutral player of the 2-player rules is
seat ``num_players`` and owns traders only. Per-seat lists are flat:
``supply[2 * seat + merchant]``, ``levels[5 * seat + ability]`` (ability order of
``data.ABILITIES``), ``bonus[6 * seat + kind]``.
"""

from __future__ import annotations

from hanse.core import GameState


class HansaState(GameState):
    """Everything that changes during a game (see the module docstring for the encodings)."""

    __slots__ = (
        "posts",
        "free",
        "count",
        "pieces",
        "on_routes",
        "complete",
        "offices",
        "filled",
        "extras",
        "coellen",
        "route_marker",
        "prestige",
        "supply",
        "stock",
        "levels",
        "bonus",
        "bonus_used",
        "pile",
        "plate",
        "revealed",
        "removed",
        "full_cities",
        "east_west",
        "turn_owner",
        "actions_left",
        "decision",
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
        "ending",
    )

    posts: list[int]
    """Piece code on every route post (flat, see Board.route_start)."""
    free: list[int]
    """Free posts per route (kept in step with `posts` by rules.posts.set_post)."""
    count: list[int]
    """Pieces per code and route: ``count[code * n_routes + route]`` (kept in step likewise)."""
    pieces: list[int]
    """The same counts per seat, route and shape, so that a seat's slice lists its move actions in
    order: ``pieces[2 * (seat * n_routes + route) + merchant]`` (kept in step likewise)."""
    on_routes: list[int]
    """Pieces on route posts per code (kept in step likewise)."""
    complete: list[int]
    """Routes whose posts all hold the seat's pieces, per seat (kept in step likewise)."""
    offices: list[int]
    """Piece code on every printed office (flat, see Board.office_start)."""
    filled: list[int]
    """Occupied printed offices per city; they always form a prefix (filled left to right)."""
    extras: list[tuple[int, ...]]
    """Extra offices (zusätzliche Niederlassung) per city, first placed first (it ranks highest)."""
    coellen: list[int]
    """Piece code on each Coellen special space (7, 8, 9, 11)."""
    route_marker: list[int]
    """Bonus marker kind lying beside each route, -1 for none."""
    prestige: list[int]
    """Prestige track per seat, the neutral player last (2 players)."""
    supply: list[int]
    """Vorrat: traders and merchants per seat; the neutral player's pool is its trader entry."""
    stock: list[int]
    """Kasse: traders and merchants per seat."""
    levels: list[int]
    """Uncovered spaces beyond the first, per seat and ability."""
    bonus: list[int]
    """Unused bonus markers held, per seat and kind."""
    bonus_used: list[int]
    """Used (turned over) bonus markers held, per seat and kind."""
    pile: list[int]
    """Unrevealed markers per kind: the face-down pile plus those drawn onto a plate."""
    plate: int
    """Markers drawn face down this turn, to be placed at the end of the turn."""
    revealed: int
    """Kind of the marker being placed at the end of the turn, -1 for none."""
    removed: list[int]
    """Markers out of the game per kind (taken by the neutral player, or with no route to go to)."""
    full_cities: int
    east_west: list[int]
    """Seats in the order they completed the East-West connection."""
    turn_owner: int
    actions_left: int
    decision: int
    fresh: int
    """Kind of the marker taken in the running establish action (not usable in it), -1 for none."""
    disp_route: int
    disp_owner: int
    hand_t: int
    hand_m: int
    extra_left: int
    move_left: int
    held_t: int
    held_m: int
    est_route: int
    remove_left: int
    neutral_route: int
    ending: bool

    def clone(self) -> HansaState:
        new = HansaState.__new__(HansaState)
        new.legal_cache = self.legal_cache
        new.posts = self.posts[:]
        new.free = self.free[:]
        new.count = self.count[:]
        new.pieces = self.pieces[:]
        new.on_routes = self.on_routes[:]
        new.complete = self.complete[:]
        new.offices = self.offices[:]
        new.filled = self.filled[:]
        new.extras = self.extras[:]
        new.coellen = self.coellen[:]
        new.route_marker = self.route_marker[:]
        new.prestige = self.prestige[:]
        new.supply = self.supply[:]
        new.stock = self.stock[:]
        new.levels = self.levels[:]
        new.bonus = self.bonus[:]
        new.bonus_used = self.bonus_used[:]
        new.pile = self.pile[:]
        new.plate = self.plate
        new.revealed = self.revealed
        new.removed = self.removed[:]
        new.full_cities = self.full_cities
        new.east_west = self.east_west[:]
        new.turn_owner = self.turn_owner
        new.actions_left = self.actions_left
        new.decision = self.decision
        new.fresh = self.fresh
        new.disp_route = self.disp_route
        new.disp_owner = self.disp_owner
        new.hand_t = self.hand_t
        new.hand_m = self.hand_m
        new.extra_left = self.extra_left
        new.move_left = self.move_left
        new.held_t = self.held_t
        new.held_m = self.held_m
        new.est_route = self.est_route
        new.remove_left = self.remove_left
        new.neutral_route = self.neutral_route
        new.ending = self.ending
        return new
