"""Decisions per second through each adapter, for ``hanse bench --env`` (:mod:`hanse.bench`).

Each measurement plays random legal actions (drawn from the masks) and counts the decisions
applied, every seat's, chance excluded. The raw engine, every adapter and the yardstick are
*interleaved*: each runs for a short slice in turn, round after round, and picks up its games
where it left them, so that a machine whose load changes during the measurement slows them all
alike. Each is reported on the wall clock and per CPU second (this process's CPU time, and its
worker processes' for :func:`hanse.env.make_vec`): on a loaded machine the CPU figure is the one
to compare.

The yardstick is OpenSpiel's chess, a game written in C++, stepped from Python in the same loop
as the Hanse OpenSpiel adapter (legal actions, the observation tensor, apply). The batched envs'
codes are drawn from their mask arrays with a few NumPy calls per step, as a learner's sampling
would be, so that the figure is the env's and not the sampler's.

What two worker processes can gain depends on the machine as much as on Hanse: a virtual
machine's second core may be shared with its host's other guests. So a second yardstick runs
interleaved with the rest: a fixed Python loop in this process and in two processes at once
(``python loop``); its two-to-one ratio is what the machine gave two processes during the
measurement, beside ``make_vec``'s (two workers are pinned to two CPUs,
``make_vec(pin_workers=True)``).
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env import VectorEnv, gym_env, make_vec, pettingzoo_env, register_openspiel
from hanse.games import make

SLICE = 0.25
"""Seconds each measurement runs at a time before the next one's turn."""


@dataclass
class Measurement:
    """A way of playing and its running totals."""

    run: Callable[[float], int]
    """Plays until the deadline (``time.perf_counter``); returns the decisions applied."""
    extra_cpu: Callable[[], float] = lambda: 0.0
    """CPU seconds used so far by processes other than this one (worker processes)."""
    close: Callable[[], None] = lambda: None
    decisions: int = 0
    wall: float = 0.0
    cpu: float = 0.0


def _engine(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Measurement:
    game = make(game_id, n, **flags)
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(deadline: float) -> int:
        nonlocal state
        decisions = 0
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                state = game.new_initial_state()
                continue
            if player == CHANCE:
                game.apply_trusted(state, sample_chance(game, state, rng))
                continue
            legal = game.legal_actions(state)
            game.apply_trusted(state, legal[rng.randrange(len(legal))])
            decisions += 1
            if decisions & 63 == 0 and time.perf_counter() >= deadline:
                return decisions

    return Measurement(run)


def _pettingzoo(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Measurement:
    env = pettingzoo_env(game_id, n, **flags)
    rng = random.Random(seed)
    env.reset(seed=rng.randrange(2**31))

    def run(deadline: float) -> int:
        decisions = 0
        while True:
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.reset(seed=rng.randrange(2**31))
                continue
            codes = np.flatnonzero(observation["action_mask"])
            env.step(int(codes[rng.randrange(len(codes))]))
            decisions += 1
            if decisions & 63 == 0 and time.perf_counter() >= deadline:
                return decisions

    return Measurement(run)


def _gymnasium(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Measurement:
    env = gym_env(game_id, n, opponents="random", **flags)
    rng = random.Random(seed)
    observation, _info = env.reset(seed=rng.randrange(2**31))

    def run(deadline: float) -> int:
        nonlocal observation
        before = env.runner.steps
        decisions = 0
        while time.perf_counter() < deadline:
            codes = np.flatnonzero(observation["action_mask"])
            observation, _r, terminated, truncated, _info = env.step(
                int(codes[rng.randrange(len(codes))])
            )
            if terminated or truncated:
                decisions += env.runner.steps - before
                observation, _info = env.reset(seed=rng.randrange(2**31))
                before = env.runner.steps
        return decisions + env.runner.steps - before

    return Measurement(run)


def _openspiel(game: Any, seed: int) -> Measurement:
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(deadline: float) -> int:
        nonlocal state
        decisions = 0
        while True:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                codes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(codes, weights)[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
            if decisions & 63 == 0 and time.perf_counter() >= deadline:
                return decisions

    return Measurement(run)


def _hanse_openspiel(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Measurement:
    import pyspiel

    register_openspiel()
    return _openspiel(pyspiel.load_game(f"python_hanse_{game_id}", {"players": n, **flags}), seed)


def _chess(seed: int) -> Measurement:
    import pyspiel

    return _openspiel(pyspiel.load_game("chess"), seed)


def random_codes_sampler(
    num_envs: int, action_size: int, seed: int
) -> Callable[[np.ndarray[Any, np.dtype[np.int8]]], np.ndarray[Any, Any]]:
    """A random legal code per row of a mask batch, in one pass over the masks (a learner's
    sampling costs about as much): the flat positions of the legal codes are sorted by row."""
    generator = np.random.default_rng(seed)
    row_starts = np.arange(num_envs) * action_size

    def sample(masks: np.ndarray[Any, np.dtype[np.int8]]) -> np.ndarray[Any, Any]:
        legal = np.flatnonzero(masks.view(np.bool_))
        starts = np.searchsorted(legal, row_starts)
        ends = np.append(starts[1:], legal.size)
        picks = starts + (generator.random(num_envs) * (ends - starts)).astype(np.int64)
        return legal[picks] - row_starts

    return sample


def _vector(game_id: str, n: int, seed: int, flags: dict[str, Any], num_envs: int) -> Measurement:
    venv = VectorEnv(game_id, n, num_envs, **flags)
    sample = random_codes_sampler(num_envs, venv.action_size, seed)
    batch = venv.reset(seed=seed)

    def run(deadline: float) -> int:
        decisions = 0
        while time.perf_counter() < deadline:
            venv.step(sample(batch.masks))
            decisions += num_envs
        return decisions

    return Measurement(run)


def _processes(
    game_id: str, n: int, seed: int, flags: dict[str, Any], num_envs: int, workers: int
) -> Measurement:
    envs = make_vec(game_id, n, num_envs, workers=workers, pin_workers=workers > 1, **flags)
    sample = random_codes_sampler(num_envs, envs.action_size, seed)
    observations, _info = envs.reset(seed=seed)

    def run(deadline: float) -> int:
        nonlocal observations
        decisions = 0
        while time.perf_counter() < deadline:
            observations, *_ = envs.step(sample(observations["action_mask"]))
            decisions += num_envs
        return decisions

    return Measurement(run, envs.worker_cpu_seconds, envs.close)


LOOP_ROUND = 20_000
"""Iterations of the ``python loop`` yardstick between two looks at the clock."""


def _python_loop(deadline: float) -> int:
    """A fixed pure-Python loop until the deadline; its iterations."""
    count = 0
    while True:
        for _ in range(LOOP_ROUND):
            pass  # the yardstick is the interpreter's loop itself: nothing else to do
        count += LOOP_ROUND
        if time.perf_counter() >= deadline:
            return count


def _loop_process(connection: Any) -> None:
    """A process of the ``python loop`` yardstick: loops until each deadline it is sent."""
    while True:
        deadline = connection.recv()
        if deadline is None:
            return
        if deadline == "cpu":
            connection.send(time.process_time())
            continue
        connection.send(_python_loop(deadline))


def _cores(processes: int) -> Measurement:
    """The ``python loop`` in this process (1) or in that many processes at once, each the
    same loop until the same deadline (``time.perf_counter`` is the system's monotonic clock)."""
    if processes == 1:
        return Measurement(_python_loop)
    context = multiprocessing.get_context()
    pipes = []
    started = []
    for _ in range(processes):
        mine, theirs = context.Pipe()
        process = context.Process(target=_loop_process, args=(theirs,), daemon=True)
        process.start()
        theirs.close()
        pipes.append(mine)
        started.append(process)

    def run(deadline: float) -> int:
        for pipe in pipes:
            pipe.send(deadline)
        return sum(int(pipe.recv()) for pipe in pipes)

    def cpu() -> float:
        for pipe in pipes:
            pipe.send("cpu")
        return sum(float(pipe.recv()) for pipe in pipes)

    def close() -> None:
        for pipe in pipes:
            pipe.send(None)
            pipe.close()
        for process in started:
            process.join(timeout=5)

    return Measurement(run, cpu, close)


def measure(
    game_id: str,
    n: int,
    seconds: float,
    seed: int,
    flags: dict[str, Any],
    num_envs: int,
    workers: tuple[int, ...] = (1, 2),
) -> dict[str, tuple[float, float]]:
    """(decisions per wall-clock second, decisions per CPU second) of the engine
    (``engine``), every adapter and the yardsticks (``chess``; with `workers` beyond 1, the
    ``python loop`` in 1 and in 2 processes: iterations, not decisions), interleaved for
    `seconds` each."""
    measurements = {
        "engine": _engine(game_id, n, seed, flags),
        "pettingzoo": _pettingzoo(game_id, n, seed, flags),
        "gymnasium": _gymnasium(game_id, n, seed, flags),
        "openspiel": _hanse_openspiel(game_id, n, seed, flags),
        f"vector x{num_envs}": _vector(game_id, n, seed, flags, num_envs),
    }
    try:
        for count in workers:
            measurements[make_vec_name(num_envs, count)] = _processes(
                game_id, n, seed, flags, num_envs, count
            )
        measurements["chess"] = _chess(seed)
        if max(workers, default=0) > 1:
            measurements[LOOP_NAMES[0]] = _cores(1)
            measurements[LOOP_NAMES[1]] = _cores(2)
        rounds = max(1, round(seconds / SLICE))
        for _ in range(rounds):
            for m in measurements.values():
                _run_slice(m, seconds / rounds)
    finally:
        for m in measurements.values():
            m.close()
    return {
        name: (m.decisions / m.wall, m.decisions / m.cpu if m.cpu else 0.0)
        for name, m in measurements.items()
    }


LOOP_NAMES = ("python loop, 1 process", "python loop, 2 processes")


def make_vec_name(num_envs: int, workers: int) -> str:
    """The row of ``make_vec`` with `workers` processes: ``make_vec xN, `` and its
    :func:`workers_label`."""
    return f"make_vec x{num_envs}, {workers_label(workers)}"


def workers_label(workers: int) -> str:
    """How a row names its worker processes (two and more are pinned to CPUs)."""
    return "1 worker" if workers == 1 else f"{workers} workers pinned"


def _run_slice(m: Measurement, seconds: float) -> None:
    extra = m.extra_cpu()
    cpu = time.process_time()
    wall = time.perf_counter()
    m.decisions += m.run(wall + seconds)
    m.wall += time.perf_counter() - wall
    m.cpu += time.process_time() - cpu + m.extra_cpu() - extra
