"""Hansa Teutonica observations: a seat's view as a fixed-length vector.

A piece is written as a one-hot over (owner, kind): owners are the relative seats and, with 2
players, the neutral player (O = n, or 3 with 2 players); kinds are trader and merchant, so a post
or office takes 2O numbers. Segments, in order (R routes and the posts and offices of the board
side: 2-3 players 32 routes of 101 posts, 4-5 players 34 routes of 107 posts; 27 cities):

=====================  ===================  ================================================
segment                size                 content
=====================  ===================  ================================================
decision               11                   the pending decision (``actions.DECISION_NAMES``)
decider, turn_owner    n + 2, n             relative seats (decider: also chance, nobody)
turn                   2                    actions left / 4, full cities / 10
markers                14                   left / 12, unrevealed per kind, on the plate,
                                            out of the game per kind
marker_to_place        6                    kind one-hot
route i (R times)      2O per post + 6      pieces on the posts, bonus marker kind
city i (27 times)      2O per office + 2O   pieces in the offices, extra offices per
                       + 1                  (owner, kind), full
coellen                4 x 2O               the Coellen spaces
player i (n times)     10 + 12 + 3          prestige / 20, supply and stock (traders / 27,
                                            merchants / 4), ability levels / 4, bonus markers
                                            unused and used per kind, East-West rank
neutral (2 players)    5                    prestige / 20, supply / 54, East-West rank
pending                14 + 3R + O          fresh marker kind, displacement (present, route,
                                            owner, pieces in hand, extras left), move (lifts
                                            left, held traders and merchants), route being
                                            established, removals left, neutral route
scores, ending         n + 1                points by relative seat / 20, the game is ending
=====================  ===================  ================================================

Total: 2 players 1563, 3 players 1586, 4 players 2099, 5 players 2528
(``hanse.env.ObservationEncoder(game).size``).
"""

from __future__ import annotations

from typing import Any

from hanse.env.features import Features
from hanse.games.hansa.actions import DECISION_NAMES
from hanse.games.hansa.data import ABILITIES, BONUS_KINDS, MERCHANTS_PER_PLAYER, TRADERS_PER_PLAYER

_DECISION = {name: i for i, name in enumerate(DECISION_NAMES)}
_KIND = {name: i for i, name in enumerate(BONUS_KINDS)}
_PIECE = {"trader": 0, "merchant": 1}
_K = len(BONUS_KINDS)


def _kind(name: str | None) -> int | None:
    return None if name is None else _KIND[name]


class _Pieces:
    """Writes pieces as (owner, kind) one-hots; the neutral player is owner n."""

    def __init__(self, f: Features, neutral: bool) -> None:
        self.f = f
        self.owners = f.num_players + (1 if neutral else 0)

    def index(self, piece: dict[str, Any]) -> int:
        seat = piece["seat"]
        owner = self.f.num_players if seat == "neutral" else self.f.relative(seat)
        return 2 * owner + _PIECE[piece["piece"]]

    def one(self, name: str, piece: dict[str, Any] | None) -> None:
        self.f.one_hot(name, None if piece is None else self.index(piece), 2 * self.owners)

    def row(self, name: str, places: list[dict[str, Any] | None]) -> None:
        """Posts or offices: one (owner, kind) one-hot per place, empty places all zero."""
        width = 2 * self.owners
        values = [0.0] * (width * len(places))
        for i, piece in enumerate(places):
            if piece is not None:
                values[i * width + self.index(piece)] = 1.0
        self.f.vector(name, values)

    def counts(self, name: str, pieces: list[dict[str, Any]]) -> None:
        self.f.counts(name, (self.index(p) for p in pieces), 2 * self.owners)


def encode(game: Any, view: dict[str, Any], f: Features) -> None:
    board = game.board
    neutral = game.neutral >= 0
    pieces = _Pieces(f, neutral)
    f.one_hot("decision", _DECISION[view["decision"]], len(DECISION_NAMES))
    f.decider("decider", view["decider"])
    f.seat("turn_owner", view["turn_owner"])
    f.scalar("actions_left", view["actions_left"], 4)
    f.scalar("full_cities", view["full_cities"], 10)
    f.scalar("markers_left", view["markers_left"], 12)
    f.vector("markers_unrevealed", [view["markers_unrevealed"][k] for k in BONUS_KINDS], 4)
    f.scalar("markers_on_plate", view["markers_on_plate"], 4)
    f.vector("markers_out", [view["markers_out_of_game"][k] for k in BONUS_KINDS], 4)
    f.one_hot("marker_to_place", _kind(view["marker_to_place"]), _K)
    for route in view["routes"]:
        pieces.row("route.posts", route["posts"])
        f.one_hot("route.bonus", _kind(route["bonus"]), _K)
    for city in view["cities"]:
        pieces.row("city.offices", city["offices"])
        pieces.counts("city.extra_offices", city["extra_offices"])
        f.flag("city.full", city["full"])
    for space in view["coellen"]:
        pieces.one("coellen", space["piece"])
    n = f.num_players
    players = view["players"]
    for r in range(n):
        p = players[(f.viewer + r) % n]
        f.scalar("player.prestige", p["prestige"], 20)
        f.scalar("player.supply_traders", p["supply"]["traders"], TRADERS_PER_PLAYER)
        f.scalar("player.supply_merchants", p["supply"]["merchants"], MERCHANTS_PER_PLAYER)
        f.scalar("player.stock_traders", p["stock"]["traders"], TRADERS_PER_PLAYER)
        f.scalar("player.stock_merchants", p["stock"]["merchants"], MERCHANTS_PER_PLAYER)
        f.vector("player.ability_levels", [p["ability_levels"][a] for a in ABILITIES], 4)
        markers = p["bonus_markers"]
        f.counts("player.markers", (_KIND[m["kind"]] for m in markers if not m["used"]), _K)
        f.counts("player.markers_used", (_KIND[m["kind"]] for m in markers if m["used"]), _K)
        f.one_hot("player.east_west", (p["east_west"] or 0) - 1, 3)
    if neutral:
        info = view["neutral"]
        f.scalar("neutral.prestige", info["prestige"], 20)
        f.scalar("neutral.supply", info["supply"], 54)
        f.one_hot("neutral.east_west", (info["east_west"] or 0) - 1, 3)
    pending = view["pending"]
    f.one_hot("fresh_marker", _kind(pending["fresh_marker"]), _K)
    disp = pending["displacement"]
    routes = board.n_routes
    f.flag("displacement", disp)
    f.one_hot("displacement.route", disp["route"] if disp else None, routes)
    owner = None
    if disp:
        owner = n if disp["owner"] == "neutral" else f.relative(disp["owner"])
    f.one_hot("displacement.owner", owner, pieces.owners)
    f.scalar("displacement.traders", disp["hand"]["traders"] if disp else 0)
    f.scalar("displacement.merchants", disp["hand"]["merchants"] if disp else 0)
    f.scalar("displacement.extras_left", disp["extras_left"] if disp else 0, 2)
    move = pending["move"]
    f.scalar("move.lifts_left", move["lifts_left"], 5)
    f.scalar("move.held_traders", move["held"]["traders"], 5)
    f.scalar("move.held_merchants", move["held"]["merchants"], 5)
    f.one_hot("establish_route", pending["establish_route"], routes)
    f.scalar("removals_left", pending["removals_left"], 3)
    f.one_hot("neutral_route", pending["neutral_route"], routes)
    scores = view["scores"]
    f.vector("scores", [scores[(f.viewer + r) % n] for r in range(n)], 20)
    f.flag("ending", view["ending"])
