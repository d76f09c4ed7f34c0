"""Decisions per second through each adapter, for ``hanse bench --env`` (:mod:`hanse.bench`).

Each measurement plays random legal actions (drawn from the masks) for `seconds` and counts the
decisions applied, every seat's, chance excluded. The batched env's codes are drawn from its
mask array with a few NumPy calls per step, as a learner's sampling would be, so that the figure
is the env's and not the sampler's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hanse.env import VectorEnv, gym_env, pettingzoo_env, register_openspiel


def _timed(seconds: float, run: Callable[[float], int]) -> float:
    start = time.perf_counter()
    decisions = run(start + seconds)
    return decisions / (time.perf_counter() - start)


def _pettingzoo(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Callable[[float], int]:
    env = pettingzoo_env(game_id, n, **flags)
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        decisions = 0
        while time.perf_counter() < deadline:
            env.reset(seed=rng.randrange(2**31))
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                codes = np.flatnonzero(observation["action_mask"])
                env.step(int(codes[rng.randrange(len(codes))]))
                decisions += 1
                if decisions & 63 == 0 and time.perf_counter() >= deadline:
                    break
        return decisions

    return run


def _gymnasium(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Callable[[float], int]:
    env = gym_env(game_id, n, opponents="random", **flags)
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        decisions = 0
        while time.perf_counter() < deadline:
            observation, _info = env.reset(seed=rng.randrange(2**31))
            before = env.runner.steps
            done = False
            while not done and time.perf_counter() < deadline:
                codes = np.flatnonzero(observation["action_mask"])
                observation, _r, terminated, truncated, _info = env.step(
                    int(codes[rng.randrange(len(codes))])
                )
                done = terminated or truncated
            decisions += env.runner.steps - before
        return decisions

    return run


def _openspiel(game_id: str, n: int, seed: int, flags: dict[str, Any]) -> Callable[[float], int]:
    import pyspiel

    register_openspiel()
    game = pyspiel.load_game(f"python_hanse_{game_id}", {"players": n, **flags})
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        decisions = 0
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    codes, weights = zip(*outcomes, strict=True)
                    state.apply_action(rng.choices(codes, weights)[0])
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                legal = state.legal_actions(player)
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
                if decisions & 63 == 0 and time.perf_counter() >= deadline:
                    break
        return decisions

    return run


def _vector(
    game_id: str, n: int, seed: int, flags: dict[str, Any], num_envs: int
) -> Callable[[float], int]:
    venv = VectorEnv(game_id, n, num_envs, **flags)
    generator = np.random.default_rng(seed)
    row_starts = np.arange(num_envs) * venv.action_size

    def random_codes(masks: np.ndarray[Any, np.dtype[np.int8]]) -> np.ndarray[Any, Any]:
        # A random legal code per row, in one pass over the masks (a learner's sampling costs
        # about as much): the flat positions of the legal codes are sorted by row.
        legal = np.flatnonzero(masks.view(np.bool_))
        starts = np.searchsorted(legal, row_starts)
        ends = np.append(starts[1:], legal.size)
        picks = starts + (generator.random(num_envs) * (ends - starts)).astype(np.int64)
        return legal[picks] - row_starts

    def run(deadline: float) -> int:
        batch = venv.reset(seed=seed)
        decisions = 0
        while time.perf_counter() < deadline:
            batch = venv.step(random_codes(batch.masks))
            decisions += num_envs
        return decisions

    return run


def measure(
    game_id: str, n: int, seconds: float, seed: int, flags: dict[str, Any], num_envs: int
) -> dict[str, float]:
    """Decisions per second per adapter."""
    runs = {
        "pettingzoo": _pettingzoo(game_id, n, seed, flags),
        "gymnasium": _gymnasium(game_id, n, seed, flags),
        "openspiel": _openspiel(game_id, n, seed, flags),
        f"vector x{num_envs}": _vector(game_id, n, seed, flags, num_envs),
    }
    return {name: _timed(seconds, run) for name, run in runs.items()}
