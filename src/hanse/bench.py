"""Throughput of a game's engine (`hanse bench`; DESIGN.md, "Performance").

Per game and player count: complete random games per second, decisions (a player's
`legal_actions` plus `apply_action`) and all actions (chance included) per second, and the mean
cost of `clone` and of `legal_actions` (cache cleared) in microseconds, over states met in the
playouts. A game may offer other playout policies than uniform in ``bench_policies`` on its class
(for instance Hansa's kind-balanced policy); each is measured too. One process, one core.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, Game
from hanse.games import make

Policy = Callable[[Game, Any, Sequence[Action], random.Random], Action]


def uniform_policy(game: Game, state: Any, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class BenchResult:
    game_id: str
    num_players: int
    flags: dict[str, Any]
    policy: str
    games_completed: int
    games_per_second: float
    decisions_per_second: float
    actions_per_second: float
    mean_decisions_per_game: float
    clone_us: float
    legal_actions_us: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def policies_of(game: Game) -> dict[str, Policy]:
    return {"uniform": uniform_policy, **getattr(type(game), "bench_policies", {})}


def bench_game(
    game_id: str,
    num_players: int,
    seconds: float = 2.0,
    seed: int = 0,
    policy: str = "uniform",
    max_actions_per_game: int = 100_000,
    flags: dict[str, Any] | None = None,
) -> BenchResult:
    game = make(game_id, num_players, **(flags or {}))
    choose = policies_of(game)[policy]
    rng = random.Random(seed)
    samples: list[Any] = []
    games = decisions = actions = 0
    decisions_in_complete = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        game_decisions = 0
        for _ in range(max_actions_per_game):
            player = game.current_player(state)
            if player == TERMINAL:
                games += 1
                decisions_in_complete += game_decisions
                break
            if player == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                legal = game.legal_actions(state)
                action = choose(game, state, legal, rng)
                game_decisions += 1
                if len(samples) < 2000 and rng.random() < 0.02:
                    samples.append(state.clone())
            game.apply_trusted(state, action)
            actions += 1
            if game_decisions & 255 == 0 and time.perf_counter() >= deadline:
                break
        decisions += game_decisions
    elapsed = time.perf_counter() - start
    return BenchResult(
        game_id=game_id,
        num_players=num_players,
        flags=dict(game.flags),
        policy=policy,
        games_completed=games,
        games_per_second=games / elapsed,
        decisions_per_second=decisions / elapsed,
        actions_per_second=actions / elapsed,
        mean_decisions_per_game=decisions_in_complete / games if games else 0.0,
        clone_us=_clone_cost(samples),
        legal_actions_us=_legal_cost(game, samples),
    )


def _clone_cost(samples: Sequence[Any], repeat: int = 20) -> float:
    if not samples:
        return 0.0
    start = time.perf_counter()
    for _ in range(repeat):
        for state in samples:
            state.clone()
    return (time.perf_counter() - start) / (repeat * len(samples)) * 1e6


def _legal_cost(game: Game, samples: Sequence[Any], repeat: int = 5) -> float:
    if not samples:
        return 0.0
    total = 0.0
    for _ in range(repeat):
        for state in samples:
            state.legal_cache = None
            start = time.perf_counter()
            game.legal_actions(state)
            total += time.perf_counter() - start
    return total / (repeat * len(samples)) * 1e6


@dataclass(frozen=True)
class SearchBenchResult:
    game_id: str
    num_players: int
    bot: str
    positions: int
    iterations_per_second: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def bench_search(
    game_id: str, num_players: int, seconds: float = 2.0, seed: int = 0, positions: int = 4
) -> list[SearchBenchResult]:
    """Iterations per second from positions met in random games: plain MCTS and ISMCTS (random
    rollouts to the end) and the search of the `medium`/`hard` levels (ISMCTS, rollouts cut after
    10 decisions, heuristic leaves; only for games with heuristics)."""
    from hanse.bots.heuristic import has_heuristic
    from hanse.bots.registry import level_settings
    from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings

    game = make(game_id, num_players)
    rng = random.Random(seed)
    states = _decision_states(game, rng, positions)
    share = seconds / len(states) if states else seconds
    plain = SearchSettings(iterations=None, seconds=share)
    bots: list[tuple[str, Callable[[], Any]]] = [
        ("mcts", lambda: MCTSBot(settings=plain)),
        ("ismcts", lambda: ISMCTSBot(settings=plain)),
    ]
    if has_heuristic(game):
        bots.append(("hard", lambda: ISMCTSBot("hard", level_settings(share))))
    results = []
    for name, make_searcher in bots:
        iterations = 0
        elapsed = 0.0
        for state in states:
            seat = game.current_player(state)
            bot = make_searcher()
            start = time.perf_counter()
            bot.act(game, game.view(state, seat), game.legal_actions(state), rng)
            elapsed += time.perf_counter() - start
            iterations += bot.last_iterations
        rate = iterations / elapsed if elapsed else 0.0
        results.append(SearchBenchResult(game_id, num_players, name, len(states), rate))
    return results


def _decision_states(game: Game, rng: random.Random, count: int) -> list[Any]:
    """Decision states with more than one legal action, from the first stretch of random games."""
    states: list[Any] = []
    for _ in range(50 * count):  # bounded: a game may rarely offer a real choice early
        if len(states) == count:
            break
        state = game.new_initial_state()
        stop = rng.randrange(5, 60)
        for _ in range(stop):
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                game.apply_action(state, sample_chance(game, state, rng))
            else:
                legal = game.legal_actions(state)
                game.apply_action(state, legal[rng.randrange(len(legal))])
        while game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
        if game.current_player(state) >= 0 and len(game.legal_actions(state)) > 1:
            states.append(state)
    return states


@dataclass(frozen=True)
class EnvBenchResult:
    """Decisions per second through one adapter of ``hanse.env`` (or the raw engine, or the
    chess yardstick), beside the raw engine's, on the wall clock and per CPU second."""

    game_id: str
    num_players: int
    adapter: str
    decisions_per_second: float
    engine_decisions_per_second: float
    decisions_per_cpu_second: float
    engine_decisions_per_cpu_second: float

    @property
    def share_of_engine(self) -> float:
        """The adapter's speed as a share of the raw engine's on the wall clock (1.0: no loss)."""
        return self.decisions_per_second / self.engine_decisions_per_second

    @property
    def cpu_share_of_engine(self) -> float:
        """The same per CPU second: the cost of a decision, whatever else the machine runs."""
        return self.decisions_per_cpu_second / self.engine_decisions_per_cpu_second

    def to_json(self) -> dict[str, Any]:
        return {
            **self.__dict__,
            "share_of_engine": self.share_of_engine,
            "cpu_share_of_engine": self.cpu_share_of_engine,
        }


def bench_env(
    game_id: str,
    num_players: int,
    seconds: float = 2.0,
    seed: int = 0,
    flags: dict[str, Any] | None = None,
    num_envs: int = 16,
    workers: tuple[int, ...] = (1, 2),
) -> list[EnvBenchResult]:
    """Random masked play through each adapter (needs the ``rl`` extra), interleaved with the
    raw engine and the yardstick (:mod:`hanse.env.bench_adapters`): the PettingZoo AEC env, the
    Gymnasium env (other seats random bots; its decisions count every seat's), OpenSpiel (legal
    actions, observation tensor and apply per decision), the batched env with `num_envs` games,
    ``make_vec`` with `num_envs` games in each count of `workers` processes, and OpenSpiel's
    C++ chess in the OpenSpiel loop (``chess``). Every adapter builds an observation and a mask
    per decision. The first row is the engine's own."""
    from hanse.env import bench_adapters

    rates = bench_adapters.measure(
        game_id, num_players, seconds, seed, flags or {}, num_envs, workers
    )
    engine_wall, engine_cpu = rates["engine"]
    return [
        EnvBenchResult(game_id, num_players, adapter, wall, engine_wall, cpu, engine_cpu)
        for adapter, (wall, cpu) in rates.items()
    ]
