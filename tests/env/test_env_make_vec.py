"""make_vec: self-play across processes as a gymnasium.vector.VectorEnv, for every game."""

from __future__ import annotations

import os
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from env_helpers import GAME_IDS
from gymnasium.utils import env_checker
from gymnasium.vector import AutoresetMode

from hanse.core.protocol import IllegalActionError
from hanse.env import VectorEnv, make_vec
from hanse.env.process_vector import HanseVectorEnv
from hanse.games import game_class


def _codes(observations: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in observations["action_mask"]])


def _play(envs: HanseVectorEnv, seed: int, steps: int) -> list[tuple[Any, ...]]:
    """Every call's results for random legal codes drawn with `seed`."""
    rng = np.random.default_rng(seed)
    observations, info = envs.reset(seed=seed)
    calls: list[tuple[Any, ...]] = [(observations, info)]
    for _ in range(steps):
        result = envs.step(_codes(observations, rng))
        observations = result[0]
        calls.append(result)
    return calls


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_checks_pass_on_two_worker_processes(game_id: str) -> None:
    players = game_class(game_id).min_players
    envs = make_vec(game_id, players, num_envs=3, workers=2)
    try:
        assert isinstance(envs, gymnasium.vector.VectorEnv)
        assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # Gymnasium warns of an infinite bound
            env_checker.check_space_limit(envs.single_observation_space, "observation")
            env_checker.check_space_limit(envs.single_action_space, "action")
        env_checker.check_reset_seed_determinism(envs)  # type: ignore[arg-type]
        env_checker.check_reset_options(envs)  # type: ignore[arg-type]
        assert envs.action_space == gymnasium.spaces.MultiDiscrete([envs.single_action_space.n] * 3)
        first = _play(envs, 5, 40)
        again = _play(envs, 5, 40)
        for one, other in zip(first, again, strict=True):
            assert env_checker.data_equivalence(one, other, exact=True)
        for observations, rewards, terminated, truncated, info in first[1:]:
            assert observations in envs.observation_space
            assert rewards.shape == terminated.shape == truncated.shape == (3,)
            assert rewards.dtype == np.float32 and terminated.dtype == truncated.dtype == bool
            assert info["seat"].shape == (3,) and info["rewards"].shape == (3, players)
            assert info["_seat"].all() and info["_rewards"].all()
        # Every call returns new arrays: the caller may keep them.
        arrays = [a for call in first for part in call for a in _arrays(part)]
        for i, one in enumerate(arrays):
            assert not any(np.shares_memory(one, other) for other in arrays[i + 1 :])
    finally:
        envs.close()


def _arrays(part: Any) -> list[np.ndarray]:
    if isinstance(part, dict):
        return [a for value in part.values() for a in _arrays(value)]
    return [part] if isinstance(part, np.ndarray) else []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_gives_the_same_games_with_0_1_and_2_workers(game_id: str) -> None:
    players = game_class(game_id).min_players
    runs = []
    for workers in (0, 1, 2):
        with make_vec(game_id, players, num_envs=4, workers=workers, max_steps=60) as envs:
            runs.append(_play(envs, 11, 150))
    for other in runs[1:]:
        for one, same in zip(runs[0], other, strict=True):
            assert env_checker.data_equivalence(one, same, exact=True)
    # Cut games were restarted (max_steps=60).
    assert any(call[3].any() for call in runs[0][1:])
    # One seed per game, as Gymnasium allows, is the same as a seed for the first.
    with make_vec(game_id, players, num_envs=4, workers=2, max_steps=60) as envs:
        given, _ = envs.reset(seed=[11, 12, 13, 14])
        numpy_seed, _ = envs.reset(seed=np.int64(11))
    assert env_checker.data_equivalence(given, runs[0][0][0], exact=True)
    assert env_checker.data_equivalence(numpy_seed, given, exact=True)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="pinning is Linux's")
def test_pinned_workers_run_on_cpus_of_their_own_and_play_the_same_games() -> None:
    cpus = sorted(os.sched_getaffinity(0))
    with make_vec("kogge", 2, num_envs=4, workers=2, pin_workers=True, max_steps=60) as envs:
        pinned = [os.sched_getaffinity(process.pid) for process in envs._processes]
        played = _play(envs, 5, 80)
    assert pinned == [{cpus[0]}, {cpus[1 % len(cpus)]}]
    with make_vec("kogge", 2, num_envs=4, workers=2, max_steps=60) as envs:
        assert all(os.sched_getaffinity(p.pid) == set(cpus) for p in envs._processes)
        for one, same in zip(played, _play(envs, 5, 80), strict=True):
            assert env_checker.data_equivalence(one, same, exact=True)


def test_rows_match_the_in_process_batch_and_rewards_go_to_the_acting_seat() -> None:
    venv = VectorEnv("kogge", 2, num_envs=4)
    batch = venv.reset(seed=3)
    finished = 0
    with make_vec("kogge", 2, num_envs=4, workers=2) as envs:
        observations, info = envs.reset(seed=3)
        rng = np.random.default_rng(3)
        for _ in range(400):
            assert np.array_equal(observations["observation"], batch.observations)
            assert np.array_equal(observations["action_mask"], batch.masks)
            assert np.array_equal(info["seat"], batch.seats)
            acting = info["seat"]
            codes = _codes(observations, rng)
            observations, rewards, terminated, _truncated, info = envs.step(codes)
            batch = venv.step(codes)
            assert np.array_equal(info["rewards"], batch.rewards)
            assert np.array_equal(rewards, batch.rewards[np.arange(4), acting])
            for i in np.flatnonzero(terminated):
                finished += 1
                assert info["rewards"][i].sum() == pytest.approx(2 - 2)  # zero-sum
        assert envs.games_finished == finished == venv.games_finished > 0


def test_an_illegal_code_loses_its_game_or_raises_before_any_game_moves() -> None:
    with make_vec("luebeck", 3, num_envs=4, workers=2, illegal_action="raise") as envs:
        observations, info = envs.reset(seed=0)
        codes = _codes(observations, np.random.default_rng(0))
        illegal = int(np.flatnonzero(observations["action_mask"][3] == 0)[0])
        wrong = codes.copy()
        wrong[3] = illegal
        with pytest.raises(IllegalActionError, match=rf"game 3: action code {illegal}: "):
            envs.step(wrong)
        with pytest.raises(IllegalActionError, match="an action is an integer code"):
            envs.step(codes + 0.5)
        with pytest.raises(ValueError, match="4 action codes needed"):
            envs.step(codes[:3])
        after, *_ = envs.step(codes)
    # Nothing moved: the same step without the refused ones gives the same observations.
    with make_vec("luebeck", 3, num_envs=4, workers=1) as envs:
        envs.reset(seed=0)
        expected, *_ = envs.step(codes)
    assert env_checker.data_equivalence(after, expected, exact=True)

    with make_vec("luebeck", 3, num_envs=2, workers=2) as envs:  # illegal_action="lose"
        observations, info = envs.reset(seed=0)
        seat = int(info["seat"][1])
        codes = _codes(observations, np.random.default_rng(0))
        codes[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
        observations, rewards, terminated, truncated, info = envs.step(codes)
        assert terminated.tolist() == [False, True] and not truncated.any()
        assert info["illegal"].tolist() == [False, True]
        assert rewards[1] == -1.0 and info["rewards"][1, seat] == -1.0
        assert info["rewards"][1].sum() == -1.0
        assert observations["action_mask"][1].any()  # the next game's first decision


def test_record_episode_statistics_counts_the_games() -> None:
    with make_vec("kogge", 2, num_envs=2, workers=2, max_steps=50) as envs:
        wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(envs)
        observations, _ = wrapped.reset(seed=1)
        rng = np.random.default_rng(1)
        lengths = []
        for _ in range(120):
            observations, _r, _terminated, _truncated, info = wrapped.step(
                _codes(observations, rng)
            )
            if "episode" in info:
                lengths += info["episode"]["l"][info["_episode"]].tolist()
        assert lengths and all(0 < length <= 50 for length in lengths)


def test_workers_stop_at_close_and_bad_arguments_are_refused() -> None:
    envs = make_vec("speicherstadt", 2, num_envs=2, workers=2)
    processes = list(envs._processes)
    assert all(p.is_alive() for p in processes)
    _play(envs, 0, 20)
    assert envs.worker_cpu_seconds() > 0  # the workers' own CPU time, for hanse bench --env
    envs.close()
    assert not any(p.is_alive() for p in processes)
    with pytest.raises(RuntimeError, match="closed"):
        envs.reset(seed=0)
    with pytest.raises(ValueError, match="workers is 0"):
        make_vec("kogge", 2, num_envs=2, workers=3)
    with pytest.raises(IllegalActionError, match="has no flag 'nonsense'"):
        make_vec("kogge", 2, num_envs=2, workers=1, nonsense=True)
    with make_vec("kogge", 2, num_envs=1, workers=0) as envs, pytest.raises(ValueError):
        envs.reset(options={"reset_mask": [True]})


def test_a_worker_that_dies_is_reported_not_waited_for() -> None:
    envs = make_vec("kogge", 2, num_envs=2, workers=2)
    try:
        envs.reset(seed=0)
        envs._processes[1].kill()
        envs._processes[1].join()
        with pytest.raises(RuntimeError, match="a worker process ended unexpectedly"):
            envs.reset(seed=0)
    finally:
        envs.close()


def test_spawned_workers_play_as_forked_ones() -> None:
    runs = []
    for context in ("fork", "spawn"):
        with make_vec("kogge", 2, num_envs=2, workers=2, context=context) as envs:
            runs.append(_play(envs, 2, 30))
    for one, other in zip(*runs, strict=True):
        assert env_checker.data_equivalence(one, other, exact=True)


def test_final_observations_come_as_gymnasium_puts_them_in_the_same_step_mode() -> None:
    """``info["final_obs"]``: an object array, the in-process batch's last observation and mask
    for each game that ended or was cut (None elsewhere); ``info["final_info"]``: the seat that
    acted, the rewards and ``illegal``; each with its ``_`` mask, as Gymnasium's own vector envs
    give them; and no such entries in a step where no game ended."""
    venv = VectorEnv("hansa", 2, num_envs=3, max_steps=15)
    batch = venv.reset(seed=8)
    seen = 0
    with make_vec("hansa", 2, num_envs=3, workers=2, max_steps=15) as envs:
        observations, info = envs.reset(seed=8)
        rng = np.random.default_rng(8)
        for _ in range(40):
            acting = info["seat"]
            codes = _codes(observations, rng)
            observations, _rewards, terminated, truncated, info = envs.step(codes)
            batch = venv.step(codes)
            ended = terminated | truncated
            if not ended.any():
                assert "final_obs" not in info and "final_info" not in info
                continue
            assert np.array_equal(info["_final_obs"], ended)
            assert np.array_equal(info["_final_info"], ended)
            for i in range(3):
                final = info["final_obs"][i]
                if not ended[i]:
                    assert final is None
                    continue
                seen += 1
                assert final in envs.single_observation_space
                assert np.array_equal(final["observation"], batch.final_observations[i])
                assert np.array_equal(final["action_mask"], batch.final_masks[i])
                assert info["final_info"]["seat"][i] == acting[i]
            assert np.array_equal(info["final_info"]["rewards"], info["rewards"])
            assert info["final_info"]["_seat"].tolist() == ended.tolist()
    assert seen >= 6
