"""Observations from views only: a fixed-length float32 vector per game configuration.

:class:`ObservationEncoder` turns ``game.view(state, seat)`` into a vector with the game's encoder
in ``hanse.env.observations.<game_id>`` (each module documents its segments and lengths). The
encoder is handed the view and nothing else, so an observation can hold only what the seat may
know; equal views give equal vectors. (The batched env writes the same vectors faster from the
state, with encoders tested against these: :mod:`hanse.env.sparse`.)
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from hanse.core.protocol import Game, View
from hanse.env.features import Features, LayoutRecorder


class ObservationEncoder:
    """The view-to-vector encoder of one game configuration."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._encode = importlib.import_module(f"hanse.env.observations.{game.game_id}").encode
        record = LayoutRecorder(game.num_players, 0)
        self._encode(game, game.view(game.new_initial_state(), 0), record)
        self.layout: tuple[tuple[str, int, int], ...] = tuple(record.named_layout())
        """(segment name, offset, size) of every segment, in order."""
        self.size = len(record.values)
        self.units: frozenset[int] = frozenset(record.units)
        """The positions that are flags or one-hots (0 or 1 in every view)."""

    def features(self, view: View) -> list[float]:
        """The vector as a list (the viewer is the view's `seat`)."""
        f = Features(self.game.num_players, view["seat"])
        self._encode(self.game, view, f)
        return f.values

    def encode(self, view: View) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation vector of a seat's view (float32, length :attr:`size`)."""
        return np.fromiter(self.features(view), np.float32, self.size)

    def segment(self, name: str) -> slice:
        """Where segment `name` lies in the vector."""
        for segment, start, size in self.layout:
            if segment == name:
                return slice(start, start + size)
        raise KeyError(f"{self.game.game_id} observations have no segment {name!r}")
