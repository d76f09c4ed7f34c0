"""The Gymnasium env of one seat passes Gymnasium's env checker; bots play the other seats."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from env_helpers import CODEC_CONFIG_IDS, CODEC_CONFIGS, GAME_IDS
from gymnasium.utils.env_checker import check_env

from hanse.core.protocol import IllegalActionError
from hanse.env import GYMNASIUM_IDS, gym_env


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
        assert env.view() == runner.game.view(runner.state, 1) and "view" not in info
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
    observation, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not observation["action_mask"].any() and not env.action_masks().any()  # it is over
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    observation, _info = env.reset(seed=0)
    assert observation["action_mask"].any()
    strict = gym_env("luebeck", 3, opponents="random", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    legal = int(np.flatnonzero(strict.action_masks())[0])
    with pytest.raises(IllegalActionError, match="an action is an integer code"):
        strict.step(legal + 0.7)  # type: ignore[arg-type]  # a float is refused, not rounded


def test_opponents_are_named_per_seat() -> None:
    env = gym_env("hansa", 3, seat=1, opponents=["random", "easy"])
    assert [bot.name for bot in env.bots.values()] == ["random", "easy"]
    with pytest.raises(ValueError, match="2 opponents needed"):
        gym_env("hansa", 3, opponents=["random"])


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("opponents", ["easy", "medium@4"])
def test_the_checker_passes_against_bots_that_remember_or_search(
    game_id: str, opponents: str
) -> None:
    """The checker's determinism test: the same seed gives the same episode, also against
    `easy` (which remembers the views it decided in) and a search level with a budget."""
    env = gym_env(game_id, 2 if game_id != "luebeck" else 3, opponents=opponents)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(env, skip_render_check=True)


def _episode(env: Any, seed: int, steps: int) -> list[bytes]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [observation["observation"].tobytes()]
    for _ in range(steps):
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, _ = env.step(code)
        seen.append(observation["observation"].tobytes())
        if terminated or truncated:
            break
    return seen


def test_one_env_replays_a_seed_against_easy_bots() -> None:
    env = gym_env("kogge", 3, opponents="easy")
    first = _episode(env, 8, 60)
    _episode(env, 9, 60)
    assert _episode(env, 8, 60) == first


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_vector_envs_stack_the_infos(game_id: str) -> None:
    """gymnasium.vector stacks each info entry; a nested view would break it, so the view is
    in the info only when asked for (``info_view=True``)."""
    players = 3 if game_id == "luebeck" else 2
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: gym_env(game_id, players, opponents="random", max_steps=150)] * 2
    )
    observations, infos = vector.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(200):
        masks = observations["action_mask"]
        # A row whose episode just ended has no legal code: its next step only resets it.
        codes = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])
        observations, _rewards, _terminated, _truncated, infos = vector.step(codes)
        assert infos["action_mask"].shape == masks.shape
    vector.close()
    shown = gym_env(game_id, players, opponents="random", info_view=True)
    _observation, info = shown.reset(seed=2)
    assert info["view"] == shown.view()


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    """``ansi`` returns the learner's text board, ``human`` prints it at reset and each step."""
    env = gym_env("speicherstadt", 2, opponents="random", render_mode="ansi")
    env.reset(seed=0)
    board = env.render()
    assert isinstance(board, str) and board == env.runner.game.render(env.view())
    shown = gym_env("speicherstadt", 2, opponents="random", render_mode="human")
    shown.reset(seed=0)
    assert capsys.readouterr().out.strip() == board.strip()
    assert shown.render() is None
    with pytest.raises(ValueError, match="render_mode is one of"):
        gym_env("speicherstadt", 2, render_mode="rgb_array")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_make_knows_the_games(game_id: str) -> None:
    """``gymnasium.make("hanse/Kogge-v0", players=3, ...)`` with gym_env's arguments."""
    env_id = GYMNASIUM_IDS[game_id]
    env = gymnasium.make(env_id, opponents="random", max_episode_steps=20)
    assert env.unwrapped.runner.game.game_id == game_id  # type: ignore[attr-defined]
    observation, _info = env.reset(seed=0)
    assert observation["action_mask"].any()
    env.close()
    bigger = gymnasium.make(env_id, players=4, opponents="random")
    assert bigger.unwrapped.runner.game.num_players == 4  # type: ignore[attr-defined]
