"""The PettingZoo AEC env passes PettingZoo's own API and seed tests, its masks are the legal
actions, and its rewards are the game's returns."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from env_helpers import CODEC_CONFIG_IDS, CODEC_CONFIGS
from pettingzoo.test import api_test, render_test, seed_test

from hanse.core.protocol import IllegalActionError
from hanse.env import pettingzoo_env
from hanse.env.aec import HanseAECEnv


@pytest.mark.parametrize("config", CODEC_CONFIGS, ids=CODEC_CONFIG_IDS)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, flags = config
    with warnings.catch_warnings():
        # PettingZoo recommends Box observations; ours are Dict(observation, action_mask),
        # the form its own classic board games use.
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(game_id, players, **flags), num_cycles=200)
        seed_test(lambda: pettingzoo_env(game_id, players, **flags), num_cycles=100)


def _play_to_the_end(env: Any, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        runner = env.runner
        legal = runner.game.legal_actions(runner.state)
        assert {runner.codec.decode(int(c)) for c in np.flatnonzero(mask)} == set(legal)
        assert info["view"] == runner.game.view(runner.state, env.possible_agents.index(agent))
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


@pytest.mark.parametrize("game_id, players", [("luebeck", 3), ("speicherstadt", 2)])
def test_masks_are_the_legal_actions_and_rewards_the_returns_of_whole_games(
    game_id: str, players: int
) -> None:
    env = pettingzoo_env(game_id, players)
    for seed in range(3):
        totals = _play_to_the_end(env, seed)
        game, state = env.runner.game, env.runner.state
        assert game.is_terminal(state)
        assert list(totals.values()) == game.returns(state)


def test_score_rewards_add_up_to_the_final_scores() -> None:
    env = pettingzoo_env("speicherstadt", 3, reward="scores")
    totals = _play_to_the_end(env, 4)
    game, state = env.runner.game, env.runner.state
    start = game.scores(game.new_initial_state())
    assert [totals[a] + start[i] for i, a in enumerate(env.possible_agents)] == game.scores(state)


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("luebeck", 3)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.runner.game.view(env.runner.state, None)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.runner.game.view(env.runner.state, None) == before


def test_a_refused_code_keeps_the_agents_pending_reward() -> None:
    """Score rewards: an illegal code or a float raises and the reward the agent has not yet
    seen stays as it was."""
    env = pettingzoo_env("kogge", 2, reward="scores")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    while not any(env.unwrapped._cumulative_rewards.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    agent = env.agent_selection
    pending = dict(env.unwrapped._cumulative_rewards)
    mask = env.observe(agent)["action_mask"]
    for refused in (int(np.flatnonzero(mask == 0)[0]), float(np.flatnonzero(mask)[0]) + 0.5):
        with pytest.raises(IllegalActionError):
            env.step(refused)  # type: ignore[arg-type]
        assert env.unwrapped._cumulative_rewards == pending and env.agent_selection == agent
    assert env.last()[1] == pending[agent]


def test_games_are_cut_after_max_steps() -> None:
    env = pettingzoo_env("hansa", 2, max_steps=30)
    env.reset(seed=0)
    steps = 0
    for _agent in env.agent_iter():
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        steps += 1
    assert steps == 30


def test_render_modes_pass_pettingzoo_s_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    """``ansi`` returns the spectator's text board, ``human`` prints it."""
    render_test(lambda render_mode=None: pettingzoo_env("luebeck", 3, render_mode=render_mode))
    capsys.readouterr()
    env = pettingzoo_env("kogge", 2, render_mode="human")
    env.reset(seed=0)
    assert capsys.readouterr().out.startswith("Kogge, round 0")  # printed by reset
    assert env.render() is None


def test_the_env_is_order_enforced_like_pettingzoo_s_own_games() -> None:
    env = pettingzoo_env("luebeck", 3)
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        env.agent_selection  # noqa: B018
    assert isinstance(env.unwrapped, HanseAECEnv)
