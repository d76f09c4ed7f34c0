"""The heuristic bot: one-step lookahead on a game's own evaluation of views (issue 7).

A game supplies ``heuristic_value(game, view, seat) -> float`` in its package's ``heuristics.py``
(reached through ``GameBase.heuristic_value``): how good a position looks to ``seat``, computed
from that seat's view only. The bot determinizes its view
once, applies each legal action to a copy, and takes the action whose resulting view scores best
(ties broken at random). So it never reads hidden information, and it is fast enough to serve as
the rollout policy of the search bots.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from hanse.bots.search import score_utility
from hanse.core.game import GameBase
from hanse.core.match import child
from hanse.core.protocol import Action, Game, IllegalActionError, View


def has_heuristic(game: Game) -> bool:
    module_of = getattr(type(game), "heuristics_module", None)
    if module_of is not None and module_of() is not None:
        return True
    return type(game).heuristic_value is not GameBase.heuristic_value  # type: ignore[attr-defined]


def _value(game: Game, view: View, seat: int) -> float:
    value: float = game.heuristic_value(view, seat)  # type: ignore[attr-defined]
    return value


class HeuristicBot:
    name = "easy"

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not has_heuristic(game):
            raise IllegalActionError(f"{type(game).game_id} has no heuristics for the easy bot")
        seat = view["seat"]
        state = game.determinize(view, rng)
        return best_by_lookahead(game, state, legal, seat, rng)


def best_by_lookahead(
    game: Game, state: Any, legal: Sequence[Action], seat: int, rng: random.Random
) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal:
        value = _value(game, game.view(child(game, state, action), seat), seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[rng.randrange(len(best))]


def heuristic_rollout(
    game: Game, state: Any, legal: Sequence[Action], rng: random.Random
) -> Action:
    """A rollout policy for the search bots: the heuristic choice of the player to move."""
    return best_by_lookahead(game, state, legal, game.current_player(state), rng)


def heuristic_leaf(game: Game, state: Any) -> list[float]:
    """Leaf evaluation for the search bots: each seat's heuristic value of its own view, squashed
    into (-1, 1) by tanh(value / MARGIN_SCALE) (a typical winning margin, set in the game's
    heuristics.py). A game without heuristics falls back to who leads on points."""
    if game.is_terminal(state):
        return game.returns(state)
    if not has_heuristic(game):
        return score_utility(game, state)
    module = type(game).heuristics_module()  # type: ignore[attr-defined]
    scale = getattr(module, "MARGIN_SCALE", 10.0)
    return [
        math.tanh(_value(game, game.view(state, seat), seat) / scale)
        for seat in range(game.num_players)
    ]
