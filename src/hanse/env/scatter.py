"""The rows of a batch gathered as Python lists, then stored with one NumPy call per array.

Writing a row element by element from Python costs a NumPy call per row and per array, and
converting a dense row of mostly zeros costs one Python float per number. The batched env instead
gathers, row after row (in order 0..K-1, every row once), the nonzero numbers of each observation
and the legal codes of each mask, and :meth:`RowScatter.store` puts them in place at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hanse.core.protocol import State
from hanse.env.sparse import SparseObservation


class RowScatter:
    """Gathers the observation, mask and seat of each row; see the module docstring."""

    def __init__(self, observer: SparseObservation, num_rows: int, action_size: int) -> None:
        self.observer = observer
        self.observation_positions: list[int] = []
        self.observation_values: list[float] = []
        self.observation_ends: list[int] = []
        self.codes: list[int] = []
        self.code_ends: list[int] = []
        self.seats: list[int] = []
        self._observation_starts = np.arange(num_rows, dtype=np.int64) * observer.size
        self._mask_starts = np.arange(num_rows, dtype=np.int64) * action_size

    def add(self, state: State, seat: int, codes: list[int]) -> None:
        """The next row: `seat`'s observation of `state` and the legal `codes`."""
        self.observer.write(state, seat, self.observation_positions, self.observation_values)
        self.observation_ends.append(len(self.observation_positions))
        self.codes += codes
        self.code_ends.append(len(self.codes))
        self.seats.append(seat)

    def store(
        self,
        observations: np.ndarray[Any, np.dtype[np.float32]],
        masks: np.ndarray[Any, np.dtype[np.int8]],
        seats: np.ndarray[Any, np.dtype[np.int64]],
    ) -> None:
        """Write every gathered row (all rows of the arrays) and start over."""
        observations.fill(0.0)
        flat = _flat(self._observation_starts, self.observation_ends, self.observation_positions)
        observations.reshape(-1)[flat] = self.observation_values
        masks.fill(0)
        masks.reshape(-1)[_flat(self._mask_starts, self.code_ends, self.codes)] = 1
        seats[:] = self.seats
        for gathered in (
            self.observation_positions,
            self.observation_values,
            self.observation_ends,
            self.codes,
            self.code_ends,
            self.seats,
        ):
            gathered.clear()


def _flat(
    row_starts: np.ndarray[Any, np.dtype[np.int64]], ends: list[int], positions: list[int]
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Positions within rows (row i's end where `ends[i]` says) as positions in the flat array."""
    flat = np.repeat(row_starts, np.diff(ends, prepend=0))
    flat += np.asarray(positions, dtype=np.int64)
    return flat
