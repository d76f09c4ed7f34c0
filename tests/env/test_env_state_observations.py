"""The state encoders of the batched env write exactly the view encoding (``hanse.env.sparse``):
at every decision of random games, for every seat, in every configuration the tests sweep. (That
they ignore re-dealt hidden information is checked beside the view encoders, in
test_env_observations.py.)"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from env_helpers import CONFIG_IDS, CONFIGS, GAME_IDS, make_config, walk

from hanse.env import ObservationEncoder
from hanse.env.sparse import SparseObservation
from hanse.games import make


def _sparse_vector(observer: SparseObservation, state: Any, seat: int) -> np.ndarray:
    positions: list[int] = []
    values: list[float] = []
    observer.write(state, seat, positions, values)
    assert len(set(positions)) == len(positions), "a position written twice"
    assert all(values), "a zero written"
    return observer.vector(state, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_state_encoder(game_id: str) -> None:
    assert SparseObservation(ObservationEncoder(make(game_id, 3))).state_encoder is not None


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_the_state_encoding_is_the_view_encoding_at_every_decision(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = make_config(config)
    encoder = ObservationEncoder(game)
    observer = SparseObservation(encoder)
    for seed in range(2):
        for state, _seat in walk(game, seed, max_decisions=1500):
            for viewer in range(game.num_players):
                expected = encoder.encode(game.view(state, viewer))
                assert np.array_equal(_sparse_vector(observer, state, viewer), expected)


def test_a_game_without_a_state_encoder_is_written_from_its_view() -> None:
    game = make("kogge", 2)
    encoder = ObservationEncoder(game)
    observer = SparseObservation(encoder)
    observer.state_encoder = None
    for state, seat in walk(game, 0, max_decisions=60):
        assert np.array_equal(
            _sparse_vector(observer, state, seat), encoder.encode(game.view(state, seat))
        )
