"""Finite observation bounds that random games stay within; each game's default cut."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from env_helpers import CONFIG_IDS, CONFIGS, GAME_IDS
from gymnasium.utils import env_checker

from hanse.env import VectorEnv, gym_env, pettingzoo_env
from hanse.env.bounds import POINTS, observation_bounds
from hanse.env.limits import MAX_STEPS, resolve_max_steps
from hanse.env.observation import ObservationEncoder
from hanse.env.runtime import GameRunner
from hanse.games import make


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_random_games_stay_within_the_bounds(config: tuple) -> None:
    game_id, players, flags = config
    venv = VectorEnv(game_id, players, num_envs=8, **flags)
    low, high = observation_bounds(venv.encoder)
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= 0).all()
    units = sorted(venv.encoder.units)
    assert (high[units] == 1.0).all()  # flags and one-hots
    box = venv.single_observation_space
    batch = venv.reset(seed=len(CONFIG_IDS))
    rng = np.random.default_rng(0)
    # Long enough for several whole games (Hansa: deep into its first ones).
    steps = 3000 if game_id == "hansa" else 800
    for _ in range(steps):
        outside = (batch.observations < low) | (batch.observations > high)
        assert not outside.any(), np.argwhere(outside)[:5]
        assert all(row in box for row in batch.observations)
        legal = batch.masks.astype(bool)
        picks = [rng.choice(np.flatnonzero(row)) for row in legal]
        batch = venv.step(picks)
    assert venv.games_finished > 0 or game_id == "hansa"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_finds_no_infinite_bound(game_id: str) -> None:
    env = gym_env(game_id, 3, opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_space_limit(env.observation_space, "observation")
    space = pettingzoo_env(game_id, 3).observation_space("player_0")
    assert space == env.observation_space


def test_points_are_the_only_numbers_below_zero() -> None:
    encoder = ObservationEncoder(make("speicherstadt", 3))
    low, _high = observation_bounds(encoder)
    below = {name for name, start, size in encoder.layout if (low[start : start + size] < 0).any()}
    assert {name.partition("[")[0] for name in below} == {
        "player.coins",
        "player.score",
        "player.end_points",
    }
    assert low.min() == pytest.approx(POINTS["speicherstadt"][0] / 20, rel=1e-6)  # coins / 20


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_env_cuts_a_game_at_its_default_limit(game_id: str) -> None:
    game = make(game_id, 3)
    assert GameRunner(game).max_steps == MAX_STEPS[game_id]
    assert GameRunner(game, 0).max_steps is None  # 0: never cut
    assert GameRunner(game, 7).max_steps == 7
    assert VectorEnv(game_id, 3, num_envs=1).max_steps == MAX_STEPS[game_id]
    for wrong in (-1, 2.5, True):
        with pytest.raises(ValueError, match="max_steps is a number of decisions"):
            resolve_max_steps(game, wrong)  # type: ignore[arg-type]


def test_a_cut_game_is_truncated_as_gymnasium_expects() -> None:
    env = gym_env("hansa", 2, opponents="random", max_steps=30)
    observation, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    truncated = terminated = False
    while not (terminated or truncated):
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _r, terminated, truncated, _ = env.step(code)
    assert truncated and not terminated and env.runner.steps >= 30
    aec = pettingzoo_env("hansa", 2, max_steps=30)
    aec.reset(seed=0)
    for _agent in aec.agent_iter():
        observation, _r, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated and not terminated
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert aec.unwrapped.runner.steps == 30
