"""Observations written straight from the state as sparse (position, value) pairs.

The batched env spends most of its time on observations when it goes through views: building the
view dict, then a list of mostly zeros, then converting it to NumPy. A game may add a state
encoder, ``hanse.env.state_observations.<game_id>``, that writes the *same* vector from the
state: only its nonzero numbers, each at most once, at positions taken from the view encoder's
layout. It reads only what the seat's view shows (tests compare it with the view encoding at
every decision of many random games, and re-deal hidden information with ``resample_hidden``
to check that the result does not move). A game without one falls back to its view encoder.

Each value is computed by the same floating-point operations as in the view encoder, so the two
vectors are equal bit for bit after the conversion to float32.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from hanse.core.protocol import Game, State
from hanse.env.observation import ObservationEncoder


class StateEncoder(Protocol):
    """The contract of ``hanse.env.state_observations.<game_id>.StateEncoder``."""

    def __init__(self, game: Any, layout: Layout) -> None: ...

    def write(self, state: Any, seat: int, positions: list[int], values: list[float]) -> None:
        """Append the nonzero numbers of `seat`'s observation and their positions."""


class Layout:
    """Segment offsets of a configuration's vector, from :attr:`ObservationEncoder.layout`."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self._start = {name: start for name, start, _ in encoder.layout}

    def at(self, name: str) -> int:
        """Where the segment named once starts."""
        return self._start[name]

    def all(self, name: str) -> list[int]:
        """Where each segment of a repeated name starts, in order (``name[0]``, ``name[1]``, ...;
        a name written once gives one start)."""
        starts: list[int] = []
        while True:
            start = self._start.get(f"{name}[{len(starts)}]")
            if start is None:
                break
            starts.append(start)
        return starts or [self._start[name]]


def _state_encoder(game: Game, layout: Layout) -> StateEncoder | None:
    try:
        module = importlib.import_module(f"hanse.env.state_observations.{game.game_id}")
    except ModuleNotFoundError as error:
        if error.name != f"hanse.env.state_observations.{game.game_id}":
            raise
        return None
    encoder: StateEncoder = module.StateEncoder(game, layout)
    return encoder


class SparseObservation:
    """A seat's observation as (position, value) pairs; the state encoder if the game has one."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.size = encoder.size
        self.state_encoder = _state_encoder(encoder.game, Layout(encoder))

    def write(self, state: State, seat: int, positions: list[int], values: list[float]) -> None:
        """Append the nonzero numbers of `seat`'s observation and their positions."""
        if self.state_encoder is not None:
            self.state_encoder.write(state, seat, positions, values)
            return
        features = self.encoder.features(self.encoder.game.view(state, seat))
        for i, value in enumerate(features):
            if value:
                positions.append(i)
                values.append(value)

    def vector(self, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The dense vector (float32, length :attr:`size`); equals ``encoder.encode(view)``."""
        positions: list[int] = []
        values: list[float] = []
        self.write(state, seat, positions, values)
        out = np.zeros(self.size, dtype=np.float32)
        out[positions] = values
        return out


Entries = tuple[list[int], list[float]]
"""Offsets within a segment and values of its nonzero numbers."""


class SegmentMemo:
    """A segment's entries remembered by an immutable key (a card tuple, a tuple of counts):
    many parts of a state (a pile, a hand) stay unchanged over many decisions, so their entries
    are built once. Bounded: forgets everything when full."""

    __slots__ = ("_build", "_entries", "limit")

    def __init__(self, build: Callable[[Any], Entries], limit: int = 50_000) -> None:
        self._build = build
        self._entries: dict[Any, Entries] = {}
        self.limit = limit

    def write(self, start: int, key: Any, positions: list[int], values: list[float]) -> None:
        """Append the entries of `key`, the segment starting at `start`."""
        entries = self._entries.get(key)
        if entries is None:
            if len(self._entries) >= self.limit:
                self._entries.clear()
            entries = self._entries[key] = self._build(key)
        positions += [start + offset for offset in entries[0]]
        values += entries[1]
