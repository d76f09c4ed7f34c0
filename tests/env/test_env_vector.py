"""The batched env steps K games with auto-reset; rows match single games."""

from __future__ import annotations

import numpy as np
import pytest
from env_helpers import GAME_IDS

from hanse.core.protocol import IllegalActionError
from hanse.env import VectorEnv


def _random_codes(masks: np.ndarray, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(np.flatnonzero(row))) for row in masks]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rows_are_the_deciding_seats_observations_and_masks(game_id: str) -> None:
    venv = VectorEnv(game_id, 3, num_envs=4)
    batch = venv.reset(seed=1)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(600 if game_id == "luebeck" else 150):
        for i, runner in enumerate(venv.runners):
            seat = runner.game.current_player(runner.state)
            assert batch.seats[i] == seat
            view = runner.game.view(runner.state, seat)
            assert np.array_equal(batch.observations[i], runner.encoder.encode(view))
            assert np.array_equal(
                batch.masks[i], runner.codec.mask(runner.game.legal_actions(runner.state))
            )
        batch = venv.step(_random_codes(batch.masks, rng))
        for i in np.flatnonzero(batch.terminated):
            finished += 1
            # A finished game's returns: winners share +1, the rest -1 (constant sum 2 - n).
            assert batch.rewards[i].sum() == pytest.approx(2 - 3)
        assert not batch.rewards[~batch.terminated].any()
    assert finished == venv.games_finished
    assert finished > 0 or game_id != "luebeck"


def test_a_seed_fixes_the_stream_of_games() -> None:
    def run() -> list[np.ndarray]:
        venv = VectorEnv("speicherstadt", 2, num_envs=3)
        batch = venv.reset(seed=9)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(500):
            batch = venv.step(_random_codes(batch.masks, rng))
            seen.append(batch.observations.copy())
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(), run(), strict=True))


def test_cut_games_are_truncated_and_restarted() -> None:
    venv = VectorEnv("hansa", 2, num_envs=2, max_steps=10)
    batch = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    for step in range(1, 21):
        batch = venv.step(_random_codes(batch.masks, rng))
        assert batch.truncated.all() == (step % 10 == 0)
    assert venv.games_finished == 0


def test_an_illegal_code_is_refused_before_any_game_moves() -> None:
    venv = VectorEnv("luebeck", 3, num_envs=2)
    batch = venv.reset(seed=0)
    legal = int(np.flatnonzero(batch.masks[0])[0])
    illegal = int(np.flatnonzero(batch.masks[1] == 0)[0])
    before = [runner.state.clone() for runner in venv.runners]
    observations = batch.observations.copy()
    with pytest.raises(IllegalActionError, match=rf"game 1: action code {illegal}: .*not legal"):
        venv.step([legal, illegal])
    with pytest.raises(IllegalActionError, match=r"game 1: .*outside"):
        venv.step([legal, venv.action_size])
    with pytest.raises(IllegalActionError, match=r"an action is an integer code, not \d+\.9"):
        venv.step(np.array([legal, illegal]) + 0.9)  # refused, not rounded down
    for runner, state in zip(venv.runners, before, strict=True):
        assert runner.game.view(runner.state, None) == runner.game.view(state, None)
    assert np.array_equal(batch.observations, observations)


def test_the_spaces_of_one_row_describe_the_batch() -> None:
    venv = VectorEnv("kogge", 3, num_envs=3)
    batch = venv.reset(seed=4)
    assert venv.single_action_space.n == batch.masks.shape[1] == venv.codec.size
    assert venv.single_observation_space.shape == batch.observations.shape[1:]
    for row in batch.observations:
        assert venv.single_observation_space.contains(row)


@pytest.mark.parametrize(("game_id", "max_steps"), [("luebeck", None), ("kogge", 25)])
def test_a_finished_or_cut_game_leaves_its_last_observation_as_the_acting_seat_saw_it(
    game_id: str, max_steps: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gymnasium's same-step auto-reset keeps a finished game's last observation: the row moves
    on to the next game, ``final_observations`` and ``final_masks`` hold the last one, as the
    seat that acted saw it, with its legal actions (none once the game is over)."""
    venv = VectorEnv(game_id, 3, num_envs=3, max_steps=max_steps)
    last: dict[int, object] = {}
    restart = VectorEnv._restart

    def remembering(self: VectorEnv, i: int) -> int:
        last[i] = self.runners[i].state.clone()  # the state the row leaves
        return restart(self, i)

    batch = venv.reset(seed=4)
    monkeypatch.setattr(VectorEnv, "_restart", remembering)
    rng = np.random.default_rng(4)
    ends = 0
    for _ in range(700 if max_steps is None else 60):
        acting = batch.seats.copy()
        last.clear()
        batch = venv.step(_random_codes(batch.masks, rng))
        ended = np.flatnonzero(batch.terminated | batch.truncated)
        assert sorted(last) == ended.tolist()
        for i in ended:
            game, state, seat = venv.runners[i].game, last[i], int(acting[i])
            expected = venv.encoder.encode(game.view(state, seat))
            assert np.array_equal(batch.final_observations[i], expected)
            assert not np.array_equal(batch.final_observations[i], batch.observations[i])
            decides = game.current_player(state) == seat
            mask = venv.codec.mask(game.legal_actions(state)) if decides else 0 * batch.masks[i]
            assert np.array_equal(batch.final_masks[i], mask)
            if batch.terminated[i]:
                assert not batch.final_masks[i].any()
            ends += 1
    assert ends > 0
