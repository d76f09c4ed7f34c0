"""Monte Carlo tree search over the protocol: MCTS and single-observer ISMCTS (issue 7).

Both bots see only a view. :class:`ISMCTSBot` samples a fresh determinization of the view
(``game.determinize(view, rng)``) in every iteration and shares one tree across them, selecting
among the actions legal in that determinization with availability counts (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012). :class:`MCTSBot` determinizes once,
which is exact for positions without hidden information. Chance nodes are sampled by their
probabilities; backups are max^n (a vector of returns, each player maximising their own), so 3 to
5 players work. A ``root_filter`` lets the search spend its budget on the few root actions a
cheaper judgement ranks best (for the ``medium`` and ``hard`` levels, the heuristic bot's, where a
game asks for it): with a hundred legal actions a second of search otherwise barely visits each.

Progressive widening (``widening``) lets a node try a new action only while it has fewer than
``widening * sqrt(visits + 1)`` children (Coulom, "Computing Elo ratings of move patterns in the
game of Go", 2007; Chaslot et al., "Progressive strategies for Monte-Carlo tree search", 2008).
Without it a node with a hundred actions is valued by the mean of a hundred mostly poor first
tries; with it the search settles on its best tries before widening. With an ``expansion_order``
a node tries its actions in the order a cheap judgement ranks them instead of at random
(progressive unpruning, Chaslot et al. 2008), the root in its filter's order; and among root
actions visited equally often the best valued is chosen, for searches whose leaves are so slow
that a second visits each candidate about once. ``tune`` lets a game adjust
a level's settings to itself when the bot acts (``SEARCH_TUNING`` in a game's heuristics.py).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hanse.core.game import top_seats, win_returns
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, Game, View

RolloutPolicy = Callable[[Game, Any, Sequence[Action], random.Random], Action]
LeafEvaluation = Callable[[Game, Any], list[float]]
RootFilter = Callable[[Game, View, Sequence[Action], random.Random], list[Action]]
ExpansionOrder = Callable[[Game, Any, Sequence[Action], int, random.Random], list[Action]]


def random_rollout(game: Game, state: Any, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def score_utility(game: Game, state: Any) -> list[float]:
    """Utility of an unfinished state: who leads on points shares the win (for cut rollouts)."""
    if game.is_terminal(state):
        return game.returns(state)
    return win_returns(top_seats(game.scores(state)), game.num_players)


@dataclass
class SearchSettings:
    iterations: int | None = 1000  # a budget in iterations (deterministic given the RNG) ...
    seconds: float | None = None  # ... or in seconds (whichever comes first)
    exploration: float = 0.7  # UCT constant for returns in [-1, 1]
    rollout: RolloutPolicy = random_rollout
    rollout_limit: int = 400  # decisions per rollout before `evaluate` decides
    evaluate: LeafEvaluation = score_utility  # utility of a rollout cut before the end
    root_filter: RootFilter | None = None  # the root actions worth searching (default: all)
    widening: float | None = None  # progressive widening constant (default: try every action)
    expansion_order: ExpansionOrder | None = None  # best first: a node tries actions in this order
    tune: Callable[[Game, SearchSettings], SearchSettings] | None = None  # per-game adjustment

    def for_game(self, game: Game) -> SearchSettings:
        """These settings as adjusted by ``tune`` for `game` (unchanged without it)."""
        if self.tune is None:
            return self
        return replace(self.tune(game, self), tune=None)


class _Node:
    __slots__ = ("availability", "children", "order", "player", "totals", "visits")

    def __init__(self, num_players: int, player: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.availability = 0
        self.totals = [0.0] * num_players
        self.player = player  # who moves here (CHANCE or a seat)
        self.order: list[Action] | None = None  # the actions best first, with expansion_order


class _Search:
    def __init__(
        self,
        game: Game,
        settings: SearchSettings,
        rng: random.Random,
        root_actions: Sequence[Action] | None = None,
        first: Action | None = None,
    ) -> None:
        self.game = game
        self.settings = settings
        self.rng = rng
        # the root's candidates (best first, where a root filter ranks them), None for all
        self.root_order = list(root_actions) if root_actions is not None else None
        self.root_actions = frozenset(root_actions) if root_actions is not None else None
        self.first = first  # the root's first try, whatever the expansion order (analysis)
        self.root: _Node | None = None

    def run(self, root_state: Callable[[], Any], seat: int) -> _Node:
        settings = self.settings
        root = _Node(self.game.num_players, seat)
        root.order = self.root_order  # the root tries its candidates in the filter's order
        self.root = root
        deadline = time.perf_counter() + settings.seconds if settings.seconds else None
        done = 0
        while True:
            if settings.iterations is not None and done >= settings.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, root_state())
            done += 1
        return root

    def _iterate(self, root: _Node, state: Any) -> None:
        game, rng = self.game, self.rng
        node = root
        path = [root]
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                legal = game.legal_actions(state)
                if node is root and self.root_actions is not None:
                    # a determinization may lack some candidates, never all (they come from one)
                    legal = [a for a in legal if a in self.root_actions] or legal
                untried = [a for a in legal if a not in node.children]
                if untried and self._may_widen(node, len(legal) - len(untried)):
                    action = self._untried_action(node, state, untried, player)
                    game.apply_trusted(state, action)
                    child = _Node(game.num_players, game.current_player(state))
                    node.children[action] = child
                    child.availability = 1
                    for a in legal:
                        other = node.children.get(a)
                        if other is not None and other is not child:
                            other.availability += 1
                    path.append(child)
                    break
                if untried:  # tried ones only: the widening holds the rest back for now
                    legal = [a for a in legal if a in node.children]
                action = self._select(node, legal, player)
            game.apply_trusted(state, action)
            known = node.children.get(action)
            if known is None:  # a chance outcome met for the first time
                known = node.children[action] = _Node(game.num_players, game.current_player(state))
            node = known
            path.append(node)
        rewards = self._rollout(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, reward in enumerate(rewards):
                totals[seat] += reward

    def _untried_action(
        self, node: _Node, state: Any, untried: list[Action], player: int
    ) -> Action:
        """The action a node tries next: at random, or with an ``expansion_order`` the first
        untried one in the node's order (the root's is its candidates' order, set in run)."""
        if node is self.root and self.first in untried:
            return self.first
        order_of = self.settings.expansion_order
        if order_of is None:
            return untried[self.rng.randrange(len(untried))]
        if node.order is None:
            node.order = order_of(self.game, state, untried, player, self.rng)
        waiting = set(untried)
        for action in node.order:
            if action in waiting:
                return action
        # another determinization may offer actions the first one did not
        return untried[self.rng.randrange(len(untried))]

    def _may_widen(self, node: _Node, tried: int) -> bool:
        widening = self.settings.widening
        if widening is None or tried == 0:
            return True
        return tried < math.ceil(widening * math.sqrt(node.visits + 1))

    def _select(self, node: _Node, legal: Sequence[Action], player: int) -> Action:
        c = self.settings.exploration
        best_value = -math.inf
        best: Action = legal[0]
        for action in legal:
            child = node.children[action]
            child.availability += 1
            value = child.totals[player] / child.visits + c * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if value > best_value:
                best_value, best = value, action
        return best

    def _rollout(self, state: Any) -> list[float]:
        game, rng, policy = self.game, self.rng, self.settings.rollout
        for _ in range(self.settings.rollout_limit):
            player = game.current_player(state)
            if player == TERMINAL:
                return game.returns(state)
            if player == CHANCE:
                game.apply_trusted(state, sample_chance(game, state, rng))
            else:
                legal = game.legal_actions(state)
                game.apply_trusted(state, policy(game, state, legal, rng))
        if game.is_terminal(state):
            return game.returns(state)
        return self.settings.evaluate(game, state)


class ISMCTSBot:
    """Single-observer information-set MCTS: a new determinization of the view per iteration."""

    def __init__(self, name: str = "ismcts", settings: SearchSettings | None = None) -> None:
        self.name = name
        self.settings = settings or SearchSettings()
        self.last_iterations = 0

    def _root_state(self, game: Game, view: View, rng: random.Random) -> Callable[[], Any]:
        return lambda: game.determinize(view, rng)

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        settings = self.settings.for_game(game)
        seat = view["seat"]
        candidates = list(legal)
        if settings.root_filter is not None:
            candidates = settings.root_filter(game, view, legal, rng) or candidates
        search = _Search(game, settings, rng, candidates)
        root = search.run(self._root_state(game, view, rng), seat)
        self.last_iterations = root.visits
        return candidates[preferred(_root_choices(root, candidates), seat)]


@dataclass(frozen=True)
class RootChoice:
    """A root candidate after a search: how often it was visited and the mean return of every
    seat below it (empty when the budget never reached it)."""

    action: Action
    visits: int
    means: tuple[float, ...]


def _root_choices(root: _Node, candidates: Sequence[Action]) -> list[RootChoice]:
    choices = []
    for action in candidates:
        node = root.children.get(action)
        if node is None or node.visits == 0:
            choices.append(RootChoice(action, 0, ()))
        else:
            means = tuple(total / node.visits for total in node.totals)
            choices.append(RootChoice(action, node.visits, means))
    return choices


def preferred(choices: Sequence[RootChoice], seat: int) -> int:
    """The index of the choice a search bot plays: the most visited; among equals the best
    valued for `seat`, then the earliest (a root filter lists its best first): with slow leaves
    a second may visit each candidate only once."""
    keys = [(c.visits, c.means[seat] if c.visits else -math.inf, -i) for i, c in enumerate(choices)]
    return -max(keys)[2]


def search_root(
    game: Game,
    view: View,
    candidates: Sequence[Action],
    settings: SearchSettings,
    rng: random.Random,
) -> list[RootChoice]:
    """ISMCTS from `view` (every iteration a fresh ``determinize(view, rng)``: the search never
    sees more than the view) over exactly these root candidates, the first of them tried first
    (before any other, whatever the expansion order or widening); each candidate's visits and
    mean returns. For judging moves after the fact (``hanse.analysis``)."""
    settings = settings.for_game(game)
    search = _Search(game, settings, rng, candidates, first=candidates[0] if candidates else None)
    root = search.run(lambda: game.determinize(view, rng), view["seat"])
    return _root_choices(root, candidates)


class MCTSBot(ISMCTSBot):
    """Plain UCT on one determinization: exact where the view hides nothing."""

    def __init__(self, name: str = "mcts", settings: SearchSettings | None = None) -> None:
        super().__init__(name, settings)

    def _root_state(self, game: Game, view: View, rng: random.Random) -> Callable[[], Any]:
        state = game.determinize(view, rng)
        return state.clone
