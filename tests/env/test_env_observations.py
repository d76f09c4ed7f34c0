"""Observations are built from views only (DESIGN.md, "Views are the only window on hidden
information"): fixed length per configuration, equal for equal views, blind to what the seat may
not know."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import numpy as np
import pytest
from env_helpers import CONFIG_IDS, CONFIGS, GAME_IDS, make_config, walk

from hanse.env import ObservationEncoder
from hanse.env.sparse import SparseObservation
from hanse.games import make


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_observations_have_the_layout_length_and_are_functions_of_the_view(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game = make_config(config)
    encoder = ObservationEncoder(game)
    offsets = [start for _, start, _ in encoder.layout]
    assert offsets == sorted(offsets) and offsets[0] == 0
    assert sum(size for _, _, size in encoder.layout) == encoder.size
    assert len({name for name, _, _ in encoder.layout}) == len(encoder.layout)
    for seed in range(2):
        for i, (state, seat) in enumerate(walk(game, seed, max_decisions=400)):
            if i % 7:
                continue
            for viewer in range(game.num_players):
                view = game.view(state, viewer)
                vector = encoder.encode(view)
                assert vector.shape == (encoder.size,) and vector.dtype == np.float32
                assert np.isfinite(vector).all()
                # The state rebuilt from the view alone gives the same observation.
                twin = game.determinize(view, random.Random(seed))
                assert np.array_equal(encoder.encode(game.view(twin, viewer)), vector)
            assert encoder.encode(game.view(state, seat))[encoder.segment("decider")].any()


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_no_observation_changes_when_hidden_parts_are_redealt(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    """resample_hidden re-deals what a seat may not know; its observation must not change, from
    the view or from the state (the batched env's state encoder, ``hanse.env.sparse``)."""
    game = make_config(config)
    encoder = ObservationEncoder(game)
    from_state = SparseObservation(encoder)
    rng = random.Random(5)
    for seed in range(3):
        for i, (state, _seat) in enumerate(walk(game, seed, max_decisions=400)):
            if i % 5:
                continue
            for viewer in range(game.num_players):
                before = encoder.encode(game.view(state, viewer))
                other = game.resample_hidden(state, viewer, rng)
                assert np.array_equal(encoder.encode(game.view(other, viewer)), before)
                assert np.array_equal(from_state.vector(other, viewer), before)


def test_the_viewer_comes_first_in_every_seat_segment() -> None:
    """Seats are relative to the viewer: a seat's own score is always player.score[0]."""
    game = make("luebeck", 3)
    encoder = ObservationEncoder(game)
    for state, _seat in walk(game, 1, max_decisions=200):
        for viewer in range(3):
            vector = encoder.encode(game.view(state, viewer))
            own = vector[encoder.segment("player.score[0]")][0] * 50
            assert own == pytest.approx(game.scores(state)[viewer])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_documented_lengths_are_the_lengths(game_id: str) -> None:
    """Each observation module's docstring states the vector length per configuration."""
    doc = importlib.import_module(f"hanse.env.observations.{game_id}").__doc__ or ""
    total = doc[doc.index("Total:") :]
    sections = [("", total)]
    if "Kaispeicher" in total:
        base, _, kai = total.partition("Kaispeicher")
        sections = [("", base), ("kaispeicher", kai)]
    checked = 0
    for flag, text in sections:
        for players, size in re.findall(r"(\d) players (\d+)", text):
            flags = {flag: True} if flag else {}
            game = make(game_id, int(players), **flags)
            assert ObservationEncoder(game).size == int(size), (game_id, players, flags)
            checked += 1
    assert checked >= 2
