"""Observation vectors for the OpenSpiel adapter, written from the state as the batched env does.

At a decision node a seat's vector is written by the game's state encoder
(``hanse.env.state_observations.<game_id>``) as one byte code per number, then divided by each
position's divisor in one NumPy call (:mod:`hanse.env.sparse`, :mod:`hanse.env.rows`); tests
compare it with the view encoding. At chance nodes and after the end, where the state encoders
are not checked, and for a game without a state encoder, the vector is the view encoding itself.
Either way it equals ``ObservationEncoder.encode(game.view(state, seat))``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hanse.core.protocol import State
from hanse.env.observation import ObservationEncoder
from hanse.env.rows import float32_division_is_exact
from hanse.env.sparse import SparseObservation

Vector = np.ndarray[Any, np.dtype[np.float32]]


class StateTensors:
    """A seat's observation vector (float32) of one game configuration."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.size = encoder.size
        self.state_encoder = SparseObservation(encoder).state_encoder
        self._codes = bytearray(self.size)
        self._code_array = np.frombuffer(self._codes, dtype=np.uint8)
        divisors = self.state_encoder.divisors if self.state_encoder is not None else []
        # Dividing the codes in float32 gives the view encoder's numbers only where it is exact
        # for every code and divisor; else the division runs in float64 and is rounded once.
        self._divisors = np.array(
            divisors, dtype=np.float32 if float32_division_is_exact(divisors) else np.float64
        )

    def vector(self, state: State, seat: int, at_decision: bool) -> Vector:
        """`seat`'s observation of `state` (a new array); `at_decision`: someone is to decide."""
        if self.state_encoder is None or not at_decision:
            return self.encoder.encode(self.encoder.game.view(state, seat))
        positions: list[int] = []
        values: list[float] = []
        self.state_encoder.encode(state, seat, self._codes, 0, positions, values)
        out: Vector = np.divide(self._code_array, self._divisors).astype(np.float32, copy=False)
        if positions:
            out[positions] = values
        return out
