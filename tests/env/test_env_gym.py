"""The Gymnasium env of one seat passes Gymnasium's env checker; bots play the other seats."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from env_helpers import CODEC_CONFIG_IDS, CODEC_CONFIGS
from gymnasium.utils.env_checker import check_env

from hanse.core.protocol import IllegalActionError
from hanse.env import gym_env


@pytest.mark.parametrize("config", CODEC_CONFIGS, ids=CODEC_CONFIG_IDS)
def test_gymnasium_env_checker_passes(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, flags = config
    env = gym_env(game_id, players, seat=players - 1, opponents="random", **flags)
    with warnings.catch_warnings():
        # Scores are unbounded, so the observation Box is too (the checker advises bounds).
        warnings.simplefilter("ignore", UserWarning)
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game_id, players", [("luebeck", 3), ("speicherstadt", 3)])
def test_an_episode_against_easy_bots_ends_with_the_seats_return(
    game_id: str, players: int
) -> None:
    env = gym_env(game_id, players, seat=1, opponents="easy")
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        runner = env.runner
        assert runner.decider == 1
        assert info["view"] == runner.game.view(runner.state, 1)
        assert np.array_equal(observation["action_mask"], env.action_masks())
        legal = runner.game.legal_actions(runner.state)
        codes = np.flatnonzero(env.action_masks())
        assert {runner.codec.decode(int(c)) for c in codes} == set(legal)
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(codes)))
    assert terminated and not truncated
    assert reward == env.runner.game.returns(env.runner.state)[1]


def test_an_illegal_code_loses_or_raises_as_asked() -> None:
    env = gym_env("luebeck", 3, opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = gym_env("luebeck", 3, opponents="random", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_opponents_are_named_per_seat() -> None:
    env = gym_env("hansa", 3, seat=1, opponents=["random", "easy"])
    assert [bot.name for bot in env.bots.values()] == ["random", "easy"]
    with pytest.raises(ValueError, match="2 opponents needed"):
        gym_env("hansa", 3, opponents=["random"])
