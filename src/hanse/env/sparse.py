"""Observations written straight from the state, as one small integer code per number.

The batched env spends most of its time on observations when it goes through views: building the
view dict, then a list of mostly zeros, then converting it to NumPy. A game may add a state
encoder, ``hanse.env.state_observations.<game_id>``, that writes the *same* vector from the
state, at positions taken from the view encoder's layout, reading only what the seat's view shows
(tests compare it with the view encoding at every decision of many random games, and re-deal
hidden information with ``resample_hidden`` to check that the result does not move). A game
without one falls back to its view encoder.

A state encoder writes *codes*: one byte per position of the vector, the number being the code
divided by the position's divisor (``StateEncoder.divisors``): a flag or a one-hot is code 1 over
1, a count of cards over the copies of their kind is the count over the copies, a score over 50
is the score over 50. A number that is no such code (a negative score, a count above 255) is
written as code 0 plus an *extra* (position, value) pair. Codes are cheap to write from Python
(a pile's counts are ``bytes(counts)``, a hand's codes are remembered by hand), and NumPy turns a
whole batch of code rows into float32 numbers with one division (:mod:`hanse.env.rows`). The
numbers are the view encoder's: ``value / scale`` is the same IEEE division (and its sums of
1/scale per card equal it in float32 for every count and divisor in use).

A state encoder may be made of *blocks* (:class:`BlockEncoder`), each naming the state fields it
reads, so that the batched env rewrites only the blocks whose fields changed since a seat last
decided.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from hanse.core.protocol import Game, State
from hanse.env.observation import ObservationEncoder


class StateEncoder(Protocol):
    """The contract of ``hanse.env.state_observations.<game_id>.StateEncoder``."""

    divisors: list[float]
    """The divisor of every position of the vector (1.0 for flags, one-hots and plain counts)."""

    def __init__(self, game: Any, layout: Layout) -> None: ...

    def encode(
        self,
        state: Any,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        """Write the codes of `seat`'s vector into every byte of ``row[at : at + size]``, and
        append the numbers that are no code (their code being 0) as extras, their positions
        counted from the start of `row`."""


BlockWriter = Callable[[Any, int, bytearray, int, list[int], list[float]], None]
"""Writes the codes of one block: (state, seat, row, at, extra_positions, extra_values), as
:meth:`StateEncoder.encode` does for the whole vector."""


@dataclass(frozen=True)
class Block:
    """A part of a state encoder's vector, for the batched env's incremental rows
    (:mod:`hanse.env.rows`): a writer, the state fields it reads, the spans of positions it
    writes."""

    name: str
    write: BlockWriter
    """Sets the codes of the block's positions (all zero before it is called, unless
    `covers`) and appends its extras."""
    reads: tuple[str, ...]
    """Every state field (attribute) the writer reads at a decision, directly or through the
    rules' helper functions: the block is written again only when one of them changed since the
    seat's last decision. (The seat to decide needs none: at a decision it is the seat itself;
    the batched env keeps no rows for chance nodes or finished games.)"""
    spans: tuple[tuple[int, int], ...]
    """(start, end) ranges of the positions the block writes; the blocks' spans are disjoint."""
    covers: bool = False
    """The writer sets every byte of its spans, so they need not be zeroed first."""


class BlockEncoder:
    """A state encoder made of blocks: :meth:`encode` zeroes the row and runs every block.

    Besides state fields, blocks may read *derived* fields: values computed from the state by
    :meth:`derive` (named in :attr:`derived`), such as "a conflict's stakes are being chosen",
    so that a block reading only that does not depend on every change of the phase."""

    size: int
    divisors: list[float]
    blocks: tuple[Block, ...] = ()
    derived: tuple[str, ...] = ()

    def derive(self, state: Any) -> tuple[Any, ...]:
        """The values of the :attr:`derived` fields, in order."""
        return ()

    def encode(
        self,
        state: Any,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        row[at : at + self.size] = bytes(self.size)
        for block in self.blocks:
            block.write(state, seat, row, at, extra_positions, extra_values)


class Layout:
    """Segment offsets of a configuration's vector, from :attr:`ObservationEncoder.layout`."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self._start = {name: start for name, start, _ in encoder.layout}
        self._size = {name: size for name, _, size in encoder.layout}
        self.size = encoder.size
        """The length of the vector."""

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

    def spans(self, *names: str) -> tuple[tuple[int, int], ...]:
        """The positions of every segment of these names (repeated names included), as merged
        (start, end) ranges."""
        ranges = sorted(
            (start, start + self._size[segment])
            for segment, start in self._start.items()
            if segment in names or segment.partition("[")[0] in names
        )
        if not ranges:
            raise KeyError(f"no segment named {names}")
        merged = [ranges[0]]
        for start, end in ranges[1:]:
            if start == merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
            else:
                merged.append((start, end))
        return tuple(merged)

    def length(self, name: str) -> int:
        """The size of a segment (the first of a repeated name)."""
        size = self._size.get(name)
        return self._size[f"{name}[0]"] if size is None else size


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
    """A seat's observation from the state: the state encoder if the game has one, else the
    view encoder."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.size = encoder.size
        self.state_encoder = _state_encoder(encoder.game, Layout(encoder))

    def write(self, state: State, seat: int, positions: list[int], values: list[float]) -> None:
        """Append the nonzero numbers of `seat`'s observation and their positions."""
        if self.state_encoder is None:
            features = self.encoder.features(self.encoder.game.view(state, seat))
        else:
            features = self.features(state, seat)
        for i, value in enumerate(features):
            if value:
                positions.append(i)
                values.append(value)

    def features(self, state: State, seat: int) -> list[float]:
        """The vector as a list of Python floats, from the state encoder's codes and extras."""
        assert self.state_encoder is not None
        row = bytearray(self.size)
        extra_positions: list[int] = []
        extra_values: list[float] = []
        self.state_encoder.encode(state, seat, row, 0, extra_positions, extra_values)
        if len(row) != self.size:
            raise AssertionError(f"codes of length {len(row)} written, not {self.size}")
        divisors = self.state_encoder.divisors
        features = [code / divisor for code, divisor in zip(row, divisors, strict=True)]
        for position, value in zip(extra_positions, extra_values, strict=True):
            if row[position]:
                raise AssertionError(f"an extra number at position {position}, which has a code")
            features[position] = value
        return features

    def vector(self, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The dense vector (float32, length :attr:`size`); equals ``encoder.encode(view)``."""
        positions: list[int] = []
        values: list[float] = []
        self.write(state, seat, positions, values)
        out = np.zeros(self.size, dtype=np.float32)
        out[positions] = values
        return out


def code_or_extra(
    value: int,
    position: int,
    divisor: float,
    extra_positions: list[int],
    extra_values: list[float],
) -> int:
    """`value` as its position's code where it fits a byte (0-255); else 0, and the number
    (``value / divisor``) appended as an extra at `position` (counted from the row's start), as
    negative points need."""
    if 0 <= value < 256:
        return value
    extra_positions.append(position)
    extra_values.append(value / divisor)
    return 0


class Memo(dict[Any, Any]):
    """Values remembered by an immutable key (a card tuple, a tuple of cogs): many parts of a
    state (a hand, a pile) stay unchanged over many decisions or come back, so their codes are
    built once. ``memo[key]`` builds a missing value with the function given; indexing a dict is
    the cheapest look-up Python has (``map(memo.__getitem__, keys)`` runs without a Python
    frame while the values are known). Bounded: forgets everything when full."""

    __slots__ = ("build", "limit")

    def __init__(self, build: Callable[[Any], Any], limit: int = 50_000) -> None:
        super().__init__()
        self.build = build
        self.limit = limit

    def __missing__(self, key: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.build(key)
        return value


def one_hots(size: int) -> list[bytes]:
    """``one_hots(size)[i]``: `size` codes, 1 at i; the last entry (index `size`, or -1 for
    the -1 of "none" in a state) is all zeros."""
    rows = []
    for i in range(size):
        row = bytearray(size)
        row[i] = 1
        rows.append(bytes(row))
    rows.append(bytes(size))
    return rows
