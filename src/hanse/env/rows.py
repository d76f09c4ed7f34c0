"""The observation rows of a batch: kept per game and seat, rewritten block by block.

A state encoder writes *codes*, one byte per number, and is made of *blocks*
(:class:`hanse.env.sparse.Block`), each naming the state fields it reads. The batch keeps one
code row per game and seat, and beside it a copy of the fields as they were when that row was
last written. When seat p of game i is to decide, the fields are compared with that copy (one
pass in C over the tuple of fields; between two decisions of a seat only a few of some forty or
sixty fields change) and only the blocks that read a changed field are written again.
:meth:`ObservationRows.store` then gathers the row of each game's deciding seat and divides the
codes by the divisors of their positions, straight into the float32 batch (one NumPy call for all
rows), and sets the few extra numbers that are no codes. The result is exactly the vector the
state encoder writes from scratch (tests compare the two over many random games of every
configuration), which is the view encoder's vector (:mod:`hanse.env.sparse`).

A game whose state encoder has no blocks (one whose vector changes mostly between two decisions
of a seat) is written whole at every decision, into one code row per game; a game without a state
encoder is written from its view encoder, every nonzero number an extra.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, ne
from typing import Any

import numpy as np

from hanse.core.protocol import State
from hanse.env.sparse import BlockEncoder, SparseObservation

_UNSEEN = object()
"""The copy of a field no row was written from yet: unequal to every value."""


def float32_division_is_exact(divisors: list[float]) -> bool:
    """Whether dividing in float32 gives, for every code and divisor, the float32 of the
    division in float64 (the Python number rounded once more): then one float32 division serves;
    else the batch divides in float64 and converts."""
    codes = np.arange(256, dtype=np.float64)
    for divisor in set(divisors):
        exact = (codes / divisor).astype(np.float32)
        if not np.array_equal(codes.astype(np.float32) / np.float32(divisor), exact):
            return False
    return True


class ObservationRows:
    """The observation rows of a batch; see the module docstring."""

    def __init__(self, observer: SparseObservation, num_rows: int, num_players: int) -> None:
        self.observer = observer
        self.size = size = observer.size
        self.num_players = num_players
        encoder = observer.state_encoder
        self.encoder = encoder
        self._blocks = encoder.blocks if isinstance(encoder, BlockEncoder) else ()
        # With blocks, a code row per game and seat (gathered at each store); else one per game.
        slots = num_rows * num_players if self._blocks else num_rows
        self._codes = bytearray(slots * size)
        self._code_array = np.frombuffer(self._codes, dtype=np.uint8).reshape(slots, size)
        self._gathered = np.zeros((num_rows, size), dtype=np.uint8) if self._blocks else None
        divisors = encoder.divisors if encoder is not None else [1.0] * size
        exact = float32_division_is_exact(divisors)
        self._divisors = np.array(divisors, dtype=np.float32 if exact else np.float64)
        self._wide: np.ndarray[Any, np.dtype[np.float64]] | None = (
            None if exact else np.zeros((num_rows, size), dtype=np.float64)
        )
        self._slots: list[int] = []
        self.extra_positions: list[int] = []
        self.extra_values: list[float] = []
        if self._blocks:
            self._init_blocks(slots)

    def _init_blocks(self, slots: int) -> None:
        blocks = self._blocks
        encoder = self.encoder
        assert isinstance(encoder, BlockEncoder)
        derived = encoder.derived
        attributes = sorted({field for block in blocks for field in block.reads} - set(derived))
        fields = [*attributes, *derived]
        if len(attributes) > 1:
            getter: Any = attrgetter(*attributes)
        else:
            single = attrgetter(*attributes)
            getter = lambda s: (single(s),)  # noqa: E731
        if derived:
            derive = encoder.derive
            self._fields: Any = lambda s: getter(s) + derive(s)
        else:
            self._fields = getter
        # readers[j]: the blocks reading field j, as a bit mask.
        self._readers = [
            sum(1 << b for b, block in enumerate(blocks) if field in block.reads)
            for field in fields
        ]
        self._field_range = range(len(fields))
        self._seen: list[list[Any]] = [[_UNSEEN] * len(fields) for _ in range(slots)]
        """Per slot, the fields as they were when its row was last written."""
        self._extras: list[dict[int, tuple[list[int], list[float]]]] = [{} for _ in range(slots)]
        """Per slot, the extras of its blocks (positions from the row's start)."""
        zeros = bytes(self.size)
        self._zero_spans = [
            [] if block.covers else [(start, end, zeros[start:end]) for start, end in block.spans]
            for block in blocks
        ]
        taken: set[int] = set()
        for block in blocks:
            for start, end in block.spans:
                span = set(range(start, end))
                if span & taken:
                    raise ValueError(f"block {block.name} writes positions of another block")
                taken |= span

    def add(self, i: int, state: State, seat: int) -> None:
        """Row i: `seat`'s observation of `state` (rows are added in order, each once a step)."""
        encoder = self.encoder
        if not self._blocks:
            if encoder is None:
                self._add_from_view(i, state, seat)
            else:
                at = i * self.size
                extra_positions, extra_values = self.extra_positions, self.extra_values
                encoder.encode(state, seat, self._codes, at, extra_positions, extra_values)
            return
        positions: list[int]
        values: list[float]
        slot = i * self.num_players + seat
        self._slots.append(slot)
        at = slot * self.size
        new = self._fields(state)
        seen = self._seen[slot]
        dirty = 0
        readers = self._readers
        for j in compress(self._field_range, map(ne, new, seen)):
            dirty |= readers[j]
            value = new[j]
            # A copy the state's later changes cannot reach (items are ints and tuples).
            seen[j] = value[:] if type(value) is list else value
        if not dirty:
            return
        row = self._codes
        blocks = self._blocks
        kept = self._extras[slot]
        while dirty:
            b = (dirty & -dirty).bit_length() - 1
            dirty &= dirty - 1
            for start, end, zeros in self._zero_spans[b]:
                row[at + start : at + end] = zeros
            positions = []
            values = []
            blocks[b].write(state, seat, row, at, positions, values)
            if positions:
                kept[b] = [p - at for p in positions], values
            elif b in kept:
                del kept[b]

    def _add_from_view(self, i: int, state: State, seat: int) -> None:
        observer = self.observer
        features = observer.encoder.features(observer.encoder.game.view(state, seat))
        at = i * self.size
        self._codes[at : at + self.size] = bytes(self.size)
        for position, value in enumerate(features):
            if value:
                self.extra_positions.append(at + position)
                self.extra_values.append(value)

    def store(self, observations: np.ndarray[Any, np.dtype[np.float32]]) -> None:
        """Write every row of `observations` (one per game, each added since the last store)."""
        codes = self._code_array
        positions, values = self.extra_positions, self.extra_values
        if self._gathered is not None:
            slots = self._slots
            np.take(codes, slots, axis=0, out=self._gathered)
            codes = self._gathered
            # Extras are kept per slot and block: each row's, moved to the row of its game.
            size = self.size
            for i, slot in enumerate(slots):
                extras = self._extras[slot]
                if extras:
                    for block_positions, block_values in extras.values():
                        positions += [i * size + p for p in block_positions]
                        values += block_values
            slots.clear()
        if self._wide is None:
            np.divide(codes, self._divisors, out=observations)
        else:
            np.divide(codes, self._divisors, out=self._wide)
            observations[:] = self._wide
        if positions:
            observations.reshape(-1)[positions] = values
            positions.clear()
            values.clear()
