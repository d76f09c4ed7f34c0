"""Views (everything is public in Hansa Teutonica but the order of the face-down marker pile, which
this engine never fixes: each marker is drawn by a chance node when it is turned up) and their
inverse :func:`determinize`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hanse.core import IllegalActionError, View, decider_json
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa.data import (
    ABILITIES,
    BONUS_KINDS,
    COELLEN_POINTS,
    COELLEN_PRIVILEGE,
    TRACK_VALUES,
)
from hanse.games.hansa.rules import posts
from hanse.games.hansa.state import HansaState

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame

NEUTRAL = "neutral"
PIECES = ("trader", "merchant")


def _seat_json(g: HansaGame, seat: int) -> int | str:
    return NEUTRAL if seat == g.neutral else seat


def _seat_from(g: HansaGame, value: Any) -> int:
    if value == NEUTRAL:
        if g.neutral < 0:
            raise IllegalActionError("no neutral player in this game")
        return g.neutral
    if not isinstance(value, int) or not 0 <= value < g.num_players:
        raise IllegalActionError(f"no seat {value!r}")
    return value


def _piece(g: HansaGame, code: int) -> dict[str, Any] | None:
    if code < 0:
        return None
    return {"seat": _seat_json(g, code >> 1), "piece": PIECES[code & 1]}


def _code(g: HansaGame, piece: Any) -> int:
    if piece is None:
        return -1
    return 2 * _seat_from(g, piece["seat"]) + PIECES.index(piece["piece"])


def _kind(kind: int) -> str | None:
    return BONUS_KINDS[kind] if kind >= 0 else None


def _kind_from(name: Any) -> int:
    return -1 if name is None else BONUS_KINDS.index(name)


def view(g: HansaGame, state: HansaState, seat: int | None) -> View:
    b = g.board
    n = g.num_players
    routes = []
    for r in range(b.n_routes):
        routes.append(
            {
                "cities": [b.city_names[b.route_a[r]], b.city_names[b.route_b[r]]],
                "posts": [_piece(g, state.posts[p]) for p in b.route_post_range[r]],
                "bonus": _kind(state.route_marker[r]),
            }
        )
    cities = []
    for c in range(b.n_cities):
        start = b.office_start[c]
        cities.append(
            {
                "name": b.city_names[c],
                "offices": [_piece(g, state.offices[start + i]) for i in range(b.office_count[c])],
                "extra_offices": [_piece(g, code) for code in state.extras[c]],
                "full": state.filled[c] == b.office_count[c],
            }
        )
    coellen = [
        {"points": COELLEN_POINTS[i], "privilege": COELLEN_PRIVILEGE[i], "piece": _piece(g, code)}
        for i, code in enumerate(state.coellen)
    ]
    players = []
    for s in range(n):
        levels = state.levels[5 * s : 5 * s + 5]
        markers = []
        for kind, name in enumerate(BONUS_KINDS):
            markers += [{"kind": name, "used": False}] * state.bonus[6 * s + kind]
            markers += [{"kind": name, "used": True}] * state.bonus_used[6 * s + kind]
        players.append(
            {
                "seat": s,
                "prestige": state.prestige[s],
                "supply": {"traders": state.supply[2 * s], "merchants": state.supply[2 * s + 1]},
                "stock": {"traders": state.stock[2 * s], "merchants": state.stock[2 * s + 1]},
                "abilities": {name: TRACK_VALUES[a][levels[a]] for a, name in enumerate(ABILITIES)},
                "ability_levels": {name: levels[a] for a, name in enumerate(ABILITIES)},
                "bonus_markers": markers,
                "east_west": state.east_west.index(s) + 1 if s in state.east_west else None,
            }
        )
    neutral = None
    if g.neutral >= 0:
        neutral = {
            "prestige": state.prestige[g.neutral],
            "supply": state.supply[2 * g.neutral],
            "east_west": (
                state.east_west.index(g.neutral) + 1 if g.neutral in state.east_west else None
            ),
        }
    return {
        "game": "hansa",
        "seat": seat,
        "decider": decider_json(g.current_player(state)),
        "decision": A.DECISION_NAMES[state.decision],
        "turn_owner": state.turn_owner,
        "board": b.side,
        "num_players": n,
        "actions_left": state.actions_left,
        "full_cities": state.full_cities,
        "markers_left": sum(state.pile) - state.plate,
        "markers_unrevealed": {name: state.pile[k] for k, name in enumerate(BONUS_KINDS)},
        "markers_on_plate": state.plate,
        "marker_to_place": _kind(state.revealed),
        "markers_out_of_game": {name: state.removed[k] for k, name in enumerate(BONUS_KINDS)},
        "routes": routes,
        "cities": cities,
        "coellen": coellen,
        "players": players,
        "neutral": neutral,
        "east_west": [_seat_json(g, s) for s in state.east_west],
        "pending": {
            "fresh_marker": _kind(state.fresh),
            "displacement": (
                None
                if state.disp_route < 0
                else {
                    "route": state.disp_route,
                    "owner": _seat_json(g, state.disp_owner),
                    "hand": {"traders": state.hand_t, "merchants": state.hand_m},
                    "extras_left": state.extra_left,
                }
            ),
            "move": {
                "lifts_left": state.move_left,
                "held": {"traders": state.held_t, "merchants": state.held_m},
            },
            "establish_route": state.est_route if state.est_route >= 0 else None,
            "removals_left": state.remove_left,
            "neutral_route": state.neutral_route if state.neutral_route >= 0 else None,
        },
        "ending": state.ending,
        "scores": g.scores(state),
    }


def determinize(g: HansaGame, v: View) -> HansaState:
    """The state a view describes (nothing is hidden but the pile's order, which does not exist)."""
    b = g.board
    if v.get("board") != b.side or v.get("num_players") != g.num_players:
        raise IllegalActionError("this view belongs to another game")
    n = g.num_players
    s = HansaState()
    s.legal_cache = None
    s.posts = [_code(g, piece) for route in v["routes"] for piece in route["posts"]]
    s.offices = [_code(g, piece) for city in v["cities"] for piece in city["offices"]]
    s.filled = [sum(1 for piece in city["offices"] if piece is not None) for city in v["cities"]]
    s.extras = [tuple(_code(g, piece) for piece in city["extra_offices"]) for city in v["cities"]]
    s.coellen = [_code(g, space["piece"]) for space in v["coellen"]]
    s.route_marker = [_kind_from(route["bonus"]) for route in v["routes"]]
    players = v["players"]
    s.prestige = [p["prestige"] for p in players]
    s.supply = []
    for p in players:
        s.supply += [p["supply"]["traders"], p["supply"]["merchants"]]
    if g.neutral >= 0:
        s.prestige.append(v["neutral"]["prestige"])
        s.supply += [v["neutral"]["supply"], 0]
    s.stock = []
    for p in players:
        s.stock += [p["stock"]["traders"], p["stock"]["merchants"]]
    s.levels = [p["ability_levels"][name] for p in players for name in ABILITIES]
    s.bonus = [0] * (6 * n)
    s.bonus_used = [0] * (6 * n)
    for seat, p in enumerate(players):
        for marker in p["bonus_markers"]:
            kind = BONUS_KINDS.index(marker["kind"])
            (s.bonus_used if marker["used"] else s.bonus)[6 * seat + kind] += 1
    s.pile = [v["markers_unrevealed"][name] for name in BONUS_KINDS]
    s.plate = v["markers_on_plate"]
    s.revealed = _kind_from(v["marker_to_place"])
    s.removed = [v["markers_out_of_game"][name] for name in BONUS_KINDS]
    s.full_cities = v["full_cities"]
    s.east_west = [_seat_from(g, x) for x in v["east_west"]]
    s.turn_owner = v["turn_owner"]
    s.actions_left = v["actions_left"]
    s.decision = A.DECISION_NAMES.index(v["decision"])
    pending = v["pending"]
    s.fresh = _kind_from(pending["fresh_marker"])
    disp = pending["displacement"]
    if disp is None:
        s.disp_route = s.disp_owner = -1
        s.hand_t = s.hand_m = s.extra_left = 0
    else:
        s.disp_route = disp["route"]
        s.disp_owner = _seat_from(g, disp["owner"])
        s.hand_t = disp["hand"]["traders"]
        s.hand_m = disp["hand"]["merchants"]
        s.extra_left = disp["extras_left"]
    move = pending["move"]
    s.move_left = move["lifts_left"]
    s.held_t = move["held"]["traders"]
    s.held_m = move["held"]["merchants"]
    s.est_route = -1 if pending["establish_route"] is None else pending["establish_route"]
    s.remove_left = pending["removals_left"]
    s.neutral_route = -1 if pending["neutral_route"] is None else pending["neutral_route"]
    s.ending = v["ending"]
    posts.recount(b, s, 2 * len(s.prestige))
    return s
