"""The heuristic bot: one-step lookahead on a game's own evaluation of views (issue 7).

A game supplies ``heuristic_value(game, view, seat) -> float`` in its package's ``heuristics.py``
(reached through ``GameBase.heuristic_value``): how good a position looks to ``seat``, computed
from that seat's view only. The bot determinizes its view
once, applies each legal action to a copy, and takes the action whose resulting view scores best
(ties broken at random). So it never reads hidden information, and it is fast enough to serve as
the rollout policy of the search bots.

Optional parts of a ``heuristics.py`` refine this:

- ``state_value(game, state, seat)``: the same value as ``heuristic_value`` of ``seat``'s view of
  ``state``, computed on the state directly (for games where that is cheaper; a test per game
  checks the two agree). The bot only ever calls it on states built from its own view.
- ``state_values(game, state)``: ``state_value`` of every seat at once, for the search bots'
  leaf evaluation (:func:`heuristic_leaf`).
- ``search_state_value(game, state, seat)`` and ``search_state_values(game, state)``: the
  evaluation of the search levels (their leaves and root candidates) where it differs from the
  easy bot's, e.g. with weights that arena studies found stronger (Hansa).
- ``unfinished(game, state, seat)``: true while ``seat`` is inside an action it already chose
  (Hansa's Umsetzen or Einrichten open sub-decisions whose first step alone looks like a loss).
  The bot then values an action by its greedy completion: it keeps taking its best one-step choice
  until the action is finished, at most :data:`FOLLOW_LIMIT` steps.
- ``turn_of(game, state)``: whose turn it is, for games whose turns are chains of decisions by
  one seat; the search levels may then judge a leaf at the end of the turn under way
  (:func:`turn_leaf`) and try each node's actions best first (:func:`heuristic_order`), as Hansa's
  ``SEARCH_TUNING`` asks.

The bot remembers the views it decided in and what it chose there. Seeing the same view again means
the game went round in a circle, so it then chooses among the actions it has not yet tried there,
and among those the ones that lead to no view it decided in before (:meth:`HeuristicBot._leaving`).
Without that, positions where every action helps an opponent (late in Hansa: any route established
pays the city owners) made every seat end its turn for ever; "Ein Spieler darf auch weniger Aktionen
durchführen als ihm zustehen", so the rules themselves allow such a standstill.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from hanse.bots.search import SearchSettings, score_utility
from hanse.core.game import GameBase
from hanse.core.match import trusted_child
from hanse.core.protocol import Action, Game, IllegalActionError, View


def has_heuristic(game: Game) -> bool:
    if _module(game) is not None:
        return True
    return type(game).heuristic_value is not GameBase.heuristic_value  # type: ignore[attr-defined]


FOLLOW_LIMIT = 8
MEMORY_LIMIT = 100_000  # views remembered before the memory starts afresh


def _view_key(view: View) -> bytes:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


StateValue = Callable[[Any, int], float]


def _value(game: Game, view: View, seat: int) -> float:
    value: float = game.heuristic_value(view, seat)  # type: ignore[attr-defined]
    return value


def _module(game: Game) -> Any | None:
    module_of = getattr(type(game), "heuristics_module", None)
    return module_of() if module_of is not None else None


def state_evaluator(game: Game) -> StateValue:
    """How the bot values a state built from its own view: the game's ``state_value`` when it has
    one, else ``heuristic_value`` of the seat's view of the state."""
    fast = getattr(_module(game), "state_value", None)
    if fast is not None:
        return lambda state, seat: float(fast(game, state, seat))
    return lambda state, seat: _value(game, game.view(state, seat), seat)


def search_evaluator(game: Game) -> StateValue:
    """How the search levels value a state for one seat: the game's ``search_state_value`` where
    its heuristics.py has one, else as the easy bot does (:func:`state_evaluator`)."""
    tuned = getattr(_module(game), "search_state_value", None)
    if tuned is not None:
        return lambda state, seat: float(tuned(game, state, seat))
    return state_evaluator(game)


def _search_values(game: Game, module: Any, state: Any) -> list[float]:
    """Every seat's search value of `state` at once, by the game's fastest way to it (`module`
    is the game's heuristics.py)."""
    if getattr(module, "search_state_value", None) is not None:
        every_seat = getattr(module, "search_state_values", None)
    else:
        every_seat = getattr(module, "state_values", None)
    if every_seat is not None:
        return [float(value) for value in every_seat(game, state)]
    evaluate = search_evaluator(game)
    return [evaluate(state, seat) for seat in range(game.num_players)]


def settle(game: Game, state: Any, seat: int, evaluate: StateValue) -> Any:
    """`state` once `seat` has greedily finished the action it is in (`state` itself if none)."""
    unfinished = getattr(_module(game), "unfinished", None)
    if unfinished is not None:
        for _ in range(FOLLOW_LIMIT):
            if (
                game.is_terminal(state)
                or game.current_player(state) != seat
                or not unfinished(game, state, seat)
            ):
                break
            state = max(
                (trusted_child(game, state, action) for action in game.legal_actions(state)),
                key=lambda after: evaluate(after, seat),
            )
    return state


def settled_value(game: Game, state: Any, seat: int, evaluate: StateValue) -> float:
    """The value of `state` for `seat` once `seat` has greedily finished the action it is in."""
    return evaluate(settle(game, state, seat, evaluate), seat)


class HeuristicBot:
    name = "easy"

    def __init__(
        self, name: str = "easy", state_value: Callable[[Game, Any, int], float] | None = None
    ) -> None:
        """`state_value(game, state, seat)` replaces the game's own evaluation (a study's variant
        of it, say); it is only ever given states built from the bot's own view."""
        self.name = name
        self.state_value = state_value
        self._tried: dict[bytes, set[str]] = {}  # per view decided in: the actions chosen there

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.state_value is None and not has_heuristic(game):
            raise IllegalActionError(f"{type(game).game_id} has no heuristics for the easy bot")
        if len(self._tried) > MEMORY_LIMIT:
            self._tried.clear()
        tried = self._tried.setdefault(_view_key(view), set())
        circling = bool(tried)  # this view came round again: the game goes in a circle
        untried = [a for a in legal if game.action_to_str(a) not in tried]
        if not untried:  # every action was tried in this view: start the round again
            tried.clear()
            untried = list(legal)
        action = self._choose(game, view, untried, rng, circling)
        tried.add(game.action_to_str(action))
        return action

    def _choose(
        self,
        game: Game,
        view: View,
        legal: Sequence[Action],
        rng: random.Random,
        circling: bool = False,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        evaluate: StateValue | None = None
        if self.state_value is not None:
            own = self.state_value
            evaluate = lambda state, seat: own(game, state, seat)  # noqa: E731
        seat = view["seat"]
        state = game.determinize(view, rng)
        if circling:
            legal = self._leaving(game, state, legal, seat, evaluate) or legal
        return best_by_lookahead(game, state, legal, seat, rng, evaluate)

    def _leaving(
        self,
        game: Game,
        state: Any,
        legal: Sequence[Action],
        seat: int,
        evaluate: StateValue | None,
    ) -> list[Action]:
        """The actions after which (their action finished) the bot does not stand in a view it
        decided in before. In a circle, trying untried actions best first could take the
        whole circle's length for each (Hansa's easy bots once moved their pieces to and fro
        for 1,500 actions, each round a new move first); these leave it at once."""
        judge = evaluate if evaluate is not None else state_evaluator(game)
        leaving = []
        for action in legal:
            after = settle(game, trusted_child(game, state, action), seat, judge)
            if game.is_terminal(after) or game.current_player(after) != seat:
                leaving.append(action)  # the turn passes: what follows is the others' doing
            elif _view_key(game.view(after, seat)) not in self._tried:
                leaving.append(action)
        return leaving


def best_by_lookahead(
    game: Game,
    state: Any,
    legal: Sequence[Action],
    seat: int,
    rng: random.Random,
    evaluate: StateValue | None = None,
) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    if evaluate is None:
        evaluate = state_evaluator(game)
    for action in legal:
        value = settled_value(game, trusted_child(game, state, action), seat, evaluate)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[rng.randrange(len(best))]


def heuristic_candidates(
    game: Game, view: View, legal: Sequence[Action], rng: random.Random
) -> list[Action]:
    """The root actions the search levels consider: where the game's heuristics.py sets
    ``ROOT_CANDIDATES`` (games with very many legal actions), that many of the best by a one-step
    lookahead on the search evaluation (:func:`search_evaluator`), best first; otherwise every
    legal action."""
    limit = getattr(_module(game), "ROOT_CANDIDATES", None)
    if limit is None or len(legal) <= limit:
        return list(legal)
    state = game.determinize(view, rng)
    return heuristic_order(game, state, legal, view["seat"], rng)[:limit]


def heuristic_order(
    game: Game, state: Any, legal: Sequence[Action], player: int, rng: random.Random
) -> list[Action]:
    """`legal` best first for `player` by a one-step lookahead on the search evaluation, each
    action judged by its greedy completion: an ``expansion_order`` for the search levels, so that
    a node tries first what the heuristic bot would choose (ties in random order)."""
    evaluate = search_evaluator(game)
    keyed = [
        (settled_value(game, trusted_child(game, state, action), player, evaluate), rng.random(), i)
        for i, action in enumerate(legal)
    ]
    keyed.sort(reverse=True)
    return [legal[i] for _, _, i in keyed]


TURN_LIMIT = 24
"""Decisions :func:`finish_turn` plays at most to finish a turn."""


def finish_turn(game: Game, state: Any, widest: int | None = None) -> Any:
    """`state` once the turn under way is played to its end, every decision the heuristic choice
    of the seat to decide (a displaced seat's or a trading partner's too) on the search
    evaluation; `state` itself in a game without turns (no ``turn_of`` in its heuristics.py) or
    between turns (``turn_of`` negative). A chance event ends the play-out, and so does a decision
    offering more than `widest` actions (too dear to weigh one by one)."""
    turn_of = getattr(_module(game), "turn_of", None)
    if turn_of is None or game.is_terminal(state):
        return state
    owner = turn_of(game, state)
    if owner < 0:
        return state
    evaluate = search_evaluator(game)
    rng = random.Random(0)  # ties only; the search's own RNG stays untouched
    for _ in range(TURN_LIMIT):
        player = game.current_player(state)
        if player < 0 or turn_of(game, state) != owner:
            break
        legal = game.legal_actions(state)
        if widest is not None and len(legal) > widest:
            break
        state = trusted_child(
            game, state, best_by_lookahead(game, state, legal, player, rng, evaluate)
        )
    return state


def turn_leaf(game: Game, state: Any) -> list[float]:
    """Leaf evaluation for games whose turns are chains of decisions by one seat (Hansa: 2 to 5
    actions, each of one to several decisions): the turn under way is first played to its end
    (:func:`finish_turn`), then judged by :func:`heuristic_leaf`. Positions in the middle of a
    turn are not comparable with one another (one with two actions done looks better than one with
    one done and two to come); the ends of turns are. The game's heuristics.py tells whose turn it
    is (``turn_of(game, state)``)."""
    return heuristic_leaf(game, finish_turn(game, state))


def game_tuning(game: Game, settings: SearchSettings) -> SearchSettings:
    """A search level's settings as the game's heuristics.py adjusts them (``SEARCH_TUNING``, a
    dict of :class:`SearchSettings` fields), for games where the defaults search badly."""
    tuning = getattr(_module(game), "SEARCH_TUNING", None)
    return replace(settings, **tuning) if tuning else settings


def heuristic_rollout(
    game: Game, state: Any, legal: Sequence[Action], rng: random.Random
) -> Action:
    """A rollout policy for the search bots: the heuristic choice of the player to move."""
    return best_by_lookahead(game, state, legal, game.current_player(state), rng)


def heuristic_leaf(game: Game, state: Any) -> list[float]:
    """Leaf evaluation for the search bots: each seat's search value (:func:`search_evaluator`,
    the heuristic value of its own view unless the game tunes it), squashed into (-1, 1) by
    tanh(value / MARGIN_SCALE) (a typical winning margin, set in the game's heuristics.py), after
    the player to move has greedily finished an action it is in (a leaf halfway through
    establishing a Hansa route would look like a loss). A game without heuristics falls back to
    who leads on points."""
    if game.is_terminal(state):
        return game.returns(state)
    if not has_heuristic(game):
        return score_utility(game, state)
    module = _module(game)
    player = game.current_player(state)
    if player >= 0 and getattr(module, "unfinished", None) is not None:
        state = settle(game, state, player, search_evaluator(game))
        if game.is_terminal(state):
            return game.returns(state)
    scale = getattr(module, "MARGIN_SCALE", 10.0)
    return [math.tanh(value / scale) for value in _search_values(game, module, state)]
