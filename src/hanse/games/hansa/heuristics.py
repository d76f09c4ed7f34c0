"""Features of a Hansa Teutonica position for the heuristic bot (`easy`), from the view alone.

Everything in Hansa is public, so the view is turned back into a state (:func:`views.determinize`)
and :func:`state_value` values that state; the bot may call :func:`state_value` directly on states
it built from its own view (same value, without the round trip through a view).

A seat's worth is the final scoring as if the game ended now (Auswertung A-F: track, developed
abilities, markers, Coellen, city control, network) plus the promise of what is on the way,
following the rulebook's "Tipps für die ersten Partien":

- routes: a complete route is worth a little more than half of the best thing establishing it
  could bring now (an office, the next level of a pictured ability, a Coellen space), and the
  square of its filled share of that before, so pieces gathered on few routes beat pieces spread
  thin; each foreign piece on it halves its worth (it must be displaced first);
- abilities: each level uncovered is worth the increment in ``Weights.level_worth``. "Die erste
  Ausbaustufe der Eigenschaften zu entwickeln lohnt sich immer; 3 Aktionen sollte man möglichst
  schnell erreichen", so first levels are worth most and Actiones' first level most of all;
- pieces in the supply (Vorrat) or in hand, then in the stock (Kasse), a little each, and a
  shortage of pieces in play as a cost ("unter Mangel an Händlersteinen leiden"), and another
  when almost none are left to place, so that a seat whose pieces all sit on routes establishes
  one rather than passing its turns.

The promise fades as the game nears one of its three ends (20 prestige, 10 full cities, the last
marker), since then only points count. The value of a position is the margin over the best
opponent. :func:`unfinished` tells the bot which decisions only continue an action already chosen
(moving, establishing, removing pieces), so that it values an action by its completion.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from hanse.bots.heuristic import heuristic_order, turn_leaf
from hanse.games.hansa.actions import ESTABLISH, MOVE_DROP, MOVE_LIFT, OVER, REMOVE
from hanse.games.hansa.data import (
    ABILITIES,
    BONUS_COUNTS,
    COELLEN_POINTS,
    COELLEN_PRIVILEGE,
    FULL_CITIES_TO_END,
    GOLDEN_MARKERS,
    PRESTIGE_TO_END,
    TRACK_VALUES,
)
from hanse.games.hansa.rules import cities, scoring
from hanse.games.hansa.views import determinize


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights; :data:`WEIGHTS` are the easy bot's. A study may value the
    game differently with its own (``examples/hansa_actiones.py``)."""

    route_worth: float = 0.6
    prospect_share: float = 0.5
    """A complete own route is worth route_worth plus this share of what establishing it could
    bring (:func:`_prospect`): less than the office or ability itself, so that establishing pays."""
    office_prospect: float = 0.8
    """What a free office within reach adds to a route's promise, beyond the points the office
    brings once taken (control, network, the coin): at 1.5 the bot filled offices route after
    route, left its abilities undeveloped and soon had no pieces to play (below)."""
    foreign_piece_factor: float = 0.5
    piece_in_supply: float = 0.08
    piece_in_stock: float = 0.03
    shortage_line: int = 12
    shortage_cost: float = 0.6
    """Fewer than shortage_line own pieces in play (supply, stock, hand, routes) cost this each:
    offices keep their pieces for good and only developing abilities brings new ones ("unter
    Mangel an Händlersteinen leiden"). A seat starts with 12 in play, so every office taken
    without an ability developed costs this much promise. At 8 and 0.4 the bot soon had all its
    pieces in offices and on routes it could not complete, and ended turn after turn with
    actions left: against a seat that only passed it took 92 to 220 turns to reach 20 prestige,
    against itself 30 to 95 (2 players; 28 to 138 with 3)."""
    idle_line: int = 2
    idle_cost: float = 0.6
    """Fewer than idle_line pieces to place (supply, stock, hand) cost this each: a seat whose
    pieces all sit on routes can only move them or establish, so it must free some."""
    action_left: float = -0.001
    """Actions left in the own turn cost a hair, so that among actions of equal worth ending the
    turn comes first and the bot does not shuffle pieces to no end."""
    level_worth: tuple[tuple[float, ...], ...] = (
        (1.6, 1.0, 1.0, 1.0),  # Stadtschlüssel (its network points are in the scoring already)
        (4.0, 1.5, 2.0, 1.0, 1.0),  # Actiones: 3 actions first of all
        (3.0, 2.0, 1.6),  # Privilegium: the office colours
        (2.0, 1.2, 1.0),  # Liber Sophiae
        (2.0, 1.2, 1.2),  # Geldbeutel
    )
    """Worth of uncovering each level of each ability (order of ``data.ABILITIES``). "Die erste
    Ausbaustufe der Eigenschaften zu entwickeln lohnt sich immer": the first level of each is worth
    more than an office's promise, so that the bot develops its abilities, each level bringing a
    piece into play, rather than only filling offices."""
    fade: float = 0.75
    """How much of the promise is gone when an end condition is reached."""

    @cached_property
    def level_sums(self) -> tuple[tuple[float, ...], ...]:
        """Worth of each level reached, per ability (running sums of level_worth)."""
        return tuple(
            tuple(sum(steps[:level]) for level in range(len(steps) + 1))
            for steps in self.level_worth
        )

    def with_ability_worth(self, ability: str, factor: float) -> Weights:
        """These weights with every level of one ability (a name in ``data.ABILITIES``) worth
        `factor` times as much."""
        levels = list(self.level_worth)
        index = ABILITIES.index(ability)
        levels[index] = tuple(factor * worth for worth in levels[index])
        return replace(self, level_worth=tuple(levels))


WEIGHTS = Weights()

SEARCH_WEIGHTS = WEIGHTS.with_ability_worth("actions", 2.0)
"""The search levels' evaluation: the easy bot's with Actiones worth twice as much. The README's
study (``examples/hansa_actiones.py``) found that this one change makes the one-step bot win 2.4
times its fair share against ``easy`` (the ``easy`` of before 2026-11-28, which valued abilities
less); the rulebook agrees ("3 Aktionen sollte man möglichst
schnell erreichen"). ``easy`` keeps the plainer weights, so that the levels stay apart."""

ROOT_CANDIDATES = 6
"""The search levels consider only the 6 best root actions by their one-step lookahead: a Hansa
turn offers about a hundred (every route times two pieces), too many for a second of search."""
SEARCH_TUNING = {
    "rollout_limit": 0,
    "widening": 2.0,
    "evaluate": turn_leaf,
    "expansion_order": heuristic_order,
}
"""How the search levels search Hansa. A turn is a chain of 2 to 5 actions by one seat, so a leaf
is judged only after the turn under way is played to its end, every decision by the heuristic
choice on :data:`SEARCH_WEIGHTS` (``turn_leaf``, with :func:`turn_of`): halfway through a turn a
position with one action done and two to come looks worse than one with three done. Random
rollouts would only spoil a leaf. Each node tries first what that heuristic choice prefers
(``heuristic_order``) and widens progressively, each of a seat's decisions offering dozens of
actions, mostly poor. Such a leaf costs a tenth of a second or more, so ``hard`` judges a few to
a few dozen per move: in effect the six root candidates each played to the end of the turn, the
best refined.

Arena runs (hard against three easy bots, 4 players, seats rotated, ``--games 4 --jobs 2 --seed
11``): leaves judged mid-turn by ``SEARCH_WEIGHTS``, tried in random order: 4 of 16 games (mean
score 33.8 against 33.2); as now: 13 of 16 (46.1 against 28.1). Earlier, with random rollouts or
without the widening: 0 of 4."""
MARGIN_SCALE = 15.0
"""A typical winning margin in points, for the search bots' leaf evaluation."""

_PILE = sum(BONUS_COUNTS) - len(GOLDEN_MARKERS)
"""The face-down pile at the start (the golden markers lie on the board)."""
PRIVILEGE = 2  # index of Privilegium in data.ABILITIES


def _closeness(state: Any) -> float:
    """How near the game is to its end, 0 at the start and 1 when an end condition is met."""
    return min(
        1.0,
        max(
            max(state.prestige) / PRESTIGE_TO_END,
            state.full_cities / FULL_CITIES_TO_END,
            1.0 - (sum(state.pile) - state.plate) / _PILE,
        ),
    )


def _promise(game: Any, state: Any, seat: int, w: Weights) -> float:
    """The worth of the own routes, pieces, abilities and actions beyond the points."""
    board = game.board
    n = board.n_routes
    count = state.count
    route_posts = board.route_posts
    free = state.free
    traders = count[2 * seat * n : (2 * seat + 1) * n]
    merchants = count[(2 * seat + 1) * n : (2 * seat + 2) * n]
    levels = state.levels
    value = 0.0
    for route in range(n):
        own = traders[route] + merchants[route]
        if own:
            posts = route_posts[route]
            share = own / posts
            foreign = posts - free[route] - own
            prospect = _prospect(board, state, seat, route, merchants[route], w)
            worth = w.route_worth + w.prospect_share * prospect
            value += worth * share * share * w.foreign_piece_factor**foreign
    held = state.supply[2 * seat] + state.supply[2 * seat + 1]
    if state.turn_owner == seat:
        held += state.held_t + state.held_m
        value += w.action_left * state.actions_left
    if state.disp_owner == seat:
        held += state.hand_t + state.hand_m
    stock = state.stock[2 * seat] + state.stock[2 * seat + 1]
    value += w.piece_in_supply * held + w.piece_in_stock * stock
    if held + stock < w.idle_line:
        value -= w.idle_cost * (w.idle_line - held - stock)
    in_play = held + stock + sum(traders) + sum(merchants)
    if in_play < w.shortage_line:
        value -= w.shortage_cost * (w.shortage_line - in_play)
    for ability, sums in enumerate(w.level_sums):
        value += sums[levels[5 * seat + ability]]
    return value


def _prospect(board: Any, state: Any, seat: int, route: int, merchants: int, w: Weights) -> float:
    """What establishing `route` could bring beyond its marker (c1 office, c2 ability and its
    freed piece, c3 Coellen), by the most valuable of them open to `seat` with the pieces it has
    on the route (a round office or a Coellen space needs a merchant there)."""
    levels = state.levels
    privilege = TRACK_VALUES[PRIVILEGE][levels[5 * seat + PRIVILEGE]]
    best = 0.0
    for city in (board.route_a[route], board.route_b[route]):
        filled = state.filled[city]
        if (
            filled < board.office_count[city]
            and board.office_priv[city][filled] <= privilege
            and (merchants or not board.office_round[city][filled])
        ):
            best = max(best, w.office_prospect)
        ability = board.city_ability[city]
        if ability >= 0:
            steps = w.level_worth[ability]
            level = levels[5 * seat + ability]
            if level < len(steps):
                best = max(best, steps[level] + w.piece_in_supply)
    if route == board.coellen_route and merchants:
        for space, needed in enumerate(COELLEN_PRIVILEGE):
            if state.coellen[space] < 0 and needed <= privilege:
                best = max(best, float(COELLEN_POINTS[space]))
    return best


def _worth(game: Any, state: Any, seat: int, fade: float, control: list[int], w: Weights) -> float:
    points = float(sum(scoring.breakdown(game, state, seat, control).values()))
    if fade <= 0.0:
        return points
    return points + fade * _promise(game, state, seat, w)


def state_values(game: Any, state: Any, weights: Weights = WEIGHTS) -> list[float]:
    """Every seat's margin over its best opponent at once (for the search bots' leaves)."""
    fade = 0.0 if state.decision == OVER else 1.0 - weights.fade * _closeness(state)
    control = cities.controllers(game.board, state)
    worths = [_worth(game, state, seat, fade, control, weights) for seat in range(game.num_players)]
    margins = []
    for seat, mine in enumerate(worths):
        margins.append(mine - max(w for other, w in enumerate(worths) if other != seat))
    return margins


def state_value(game: Any, state: Any, seat: int, weights: Weights = WEIGHTS) -> float:
    """The margin of `seat`'s worth over the best opponent's (the neutral player aside), every
    seat valued by `weights`."""
    fade = 0.0 if state.decision == OVER else 1.0 - weights.fade * _closeness(state)
    control = cities.controllers(game.board, state)
    mine = _worth(game, state, seat, fade, control, weights)
    best = max(
        _worth(game, state, other, fade, control, weights)
        for other in range(game.num_players)
        if other != seat
    )
    return mine - best


def search_state_value(game: Any, state: Any, seat: int) -> float:
    """The search levels' value of `state` for `seat` (:data:`SEARCH_WEIGHTS`)."""
    return state_value(game, state, seat, SEARCH_WEIGHTS)


def search_state_values(game: Any, state: Any) -> list[float]:
    """The search levels' value of `state` for every seat at once (:data:`SEARCH_WEIGHTS`)."""
    return state_values(game, state, SEARCH_WEIGHTS)


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    return state_value(game, determinize(game, view), seat)  # the view hides nothing


def unfinished(game: Any, state: Any, seat: int) -> bool:
    """Is `seat` in the middle of an action it chose (Umsetzen, Einrichten, 3 Steine entfernen)?"""
    return state.decision in (MOVE_LIFT, MOVE_DROP, ESTABLISH, REMOVE)


def turn_of(game: Any, state: Any) -> int:
    """Whose turn it is (a displaced seat decides within another's turn), for the search
    levels' leaves, which play the turn under way to its end (``turn_leaf``)."""
    return int(state.turn_owner)
