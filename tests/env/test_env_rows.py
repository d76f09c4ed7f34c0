"""The batched env's observation rows (``hanse.env.rows``): kept per game and seat and rewritten
block by block, they stay exactly the state encoder's vector written from scratch (itself the
view encoding, test_env_state_observations.py), in every configuration the tests sweep."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from env_helpers import CONFIG_IDS, CONFIGS, make_config, walk

from hanse.env import ObservationEncoder, VectorEnv
from hanse.env.rows import ObservationRows
from hanse.env.sparse import BlockEncoder, SparseObservation
from hanse.games import make


def _play(venv: VectorEnv, steps: int, seed: int) -> Any:
    """Random legal codes for `steps` steps; yields the batch after each."""
    rng = random.Random(seed)
    batch = venv.reset(seed=seed)
    yield batch
    for _ in range(steps):
        batch = venv.step([codes[rng.randrange(len(codes))] for codes in venv._legal_codes])
        yield batch


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_kept_rows_are_the_vectors_written_from_scratch(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, flags = config
    venv = VectorEnv(game_id, players, num_envs=3, **flags)
    observer = venv.observer
    for step, batch in enumerate(_play(venv, 700, seed=players)):
        for i, runner in enumerate(venv.runners):
            seat = int(batch.seats[i])
            expected = observer.vector(runner.state, seat)
            assert np.array_equal(batch.observations[i], expected), (step, i, seat)
            if step % 50 == 0:
                view = runner.game.view(runner.state, seat)
                assert np.array_equal(batch.observations[i], runner.encoder.encode(view))
                assert np.array_equal(
                    batch.masks[i], runner.codec.mask(runner.game.legal_actions(runner.state))
                )


@pytest.mark.parametrize("game_id", ["hansa", "kogge", "speicherstadt", "luebeck"])
def test_games_whose_vectors_change_little_are_written_in_blocks(game_id: str) -> None:
    encoder = SparseObservation(ObservationEncoder(make(game_id, 3))).state_encoder
    blocks = isinstance(encoder, BlockEncoder) and bool(encoder.blocks)
    assert blocks == (game_id != "luebeck")


_BLOCK_CONFIGS = [(c, i) for c, i in zip(CONFIGS, CONFIG_IDS, strict=True) if c[0] != "luebeck"]
"""Lübeck's encoder has no blocks: between two decisions of a seat most of its vector changes,
so it is written whole (test_games_whose_vectors_change_little_are_written_in_blocks)."""


@pytest.mark.parametrize(
    "config", [c for c, _ in _BLOCK_CONFIGS], ids=[i for _, i in _BLOCK_CONFIGS]
)
def test_each_block_writes_inside_its_spans_and_the_blocks_write_everything(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    """A block's codes and extras fall inside its spans (so zeroing them, or the block's own
    writing, clears what it wrote before); together the blocks give the whole vector."""
    game = make_config(config)
    observer = SparseObservation(ObservationEncoder(game))
    encoder = observer.state_encoder
    assert isinstance(encoder, BlockEncoder)
    size = encoder.size
    for state, _seat in walk(game, 3, max_decisions=300):
        for viewer in range(game.num_players):
            whole = bytearray(size)
            for block in encoder.blocks:
                row = bytearray(size)
                positions: list[int] = []
                values: list[float] = []
                block.write(state, viewer, row, 0, positions, values)
                inside = {p for start, end in block.spans for p in range(start, end)}
                written = {p for p, code in enumerate(row) if code} | set(positions)
                assert written <= inside, block.name
                if block.covers:  # it sets every byte of its spans, whatever they held
                    stale = bytearray(b"\xff" * size)
                    block.write(state, viewer, stale, 0, [], [])
                    assert all(stale[p] == row[p] for p in inside), block.name
                for start, end in block.spans:
                    whole[start:end] = row[start:end]
            full = bytearray(size)
            encoder.encode(state, viewer, full, 0, [], [])
            assert whole == full


def test_the_blocks_spans_are_disjoint() -> None:
    for config in CONFIGS:
        game = make_config(config)
        # ObservationRows refuses blocks whose spans overlap.
        ObservationRows(SparseObservation(ObservationEncoder(game)), 2, game.num_players)


def test_a_game_without_a_state_encoder_is_written_from_its_view() -> None:
    venv = VectorEnv("kogge", 2, num_envs=2)
    venv.observer.state_encoder = None
    venv._observations = ObservationRows(venv.observer, 2, 2)
    for batch in _play(venv, 60, seed=0):
        for i, runner in enumerate(venv.runners):
            view = runner.game.view(runner.state, int(batch.seats[i]))
            assert np.array_equal(batch.observations[i], runner.encoder.encode(view))


def test_numbers_outside_the_codes_are_exact() -> None:
    """Negative Lübeck scores are extras beside the codes; rows keep them across steps."""
    venv = VectorEnv("luebeck", 3, num_envs=4)
    negative = 0
    for batch in _play(venv, 600, seed=5):
        for i, runner in enumerate(venv.runners):
            seat = int(batch.seats[i])
            assert np.array_equal(batch.observations[i], venv.observer.vector(runner.state, seat))
            negative += any(score < 0 for score in runner.state.scores)
    assert negative
