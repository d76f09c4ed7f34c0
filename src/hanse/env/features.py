"""A writer of fixed-length observation vectors with named segments.

A game's encoder (``hanse.env.observations.<game>``) writes a view into a :class:`Features`
segment by segment. Every segment has a size fixed by the game's configuration (never by the
view), so the vector has one length per configuration; an encoding with ``record=True`` records
the segment names, offsets and sizes (:meth:`Features.named_layout`), which document the vector.
A name written several times (one per player, route, card slot) is numbered in order:
``player.score[0]`` is the viewer's score, ``player.score[1]`` the next seat's.

Seats are written relative to the viewer: relative seat 0 is the viewer, 1 the next seat in
clockwise order, and so on, so that one policy serves every seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence


class Features:
    """Appends numbers segment by segment; see the module docstring."""

    __slots__ = ("layout", "num_players", "values", "viewer")

    def __init__(self, num_players: int, viewer: int, record: bool = False) -> None:
        self.values: list[float] = []
        self.num_players = num_players
        self.viewer = viewer
        self.layout: list[tuple[str, int, int]] | None = [] if record else None

    def _mark(self, name: str, start: int) -> None:
        if self.layout is not None:
            self.layout.append((name, start, len(self.values) - start))

    def named_layout(self) -> list[tuple[str, int, int]]:
        """The recorded (name, offset, size) of each segment; repeated names numbered."""
        assert self.layout is not None, "record=True records the layout"
        total = Counter(name for name, _, _ in self.layout)
        seen: Counter[str] = Counter()
        named = []
        for name, start, size in self.layout:
            if total[name] > 1:
                named.append((f"{name}[{seen[name]}]", start, size))
                seen[name] += 1
            else:
                named.append((name, start, size))
        return named

    def relative(self, seat: int) -> int:
        """The seat as the viewer counts: 0 the viewer, then clockwise."""
        return (seat - self.viewer) % self.num_players

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        """One number divided by `scale` (a typical maximum, so most values lie in [0, 1])."""
        start = len(self.values)
        self.values.append(value / scale)
        self._mark(name, start)

    def flag(self, name: str, value: object) -> None:
        """1.0 when `value` is true (present, set), else 0.0."""
        start = len(self.values)
        self.values.append(1.0 if value else 0.0)
        self._mark(name, start)

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """`size` numbers, 1.0 at `index`; all zero for None or a negative index."""
        start = len(self.values)
        row = [0.0] * size
        if index is not None and index >= 0:
            row[index] = 1.0
        self.values += row
        self._mark(name, start)

    def seat(self, name: str, seat: int | None) -> None:
        """A seat one-hot in relative order (all zero for None)."""
        self.one_hot(name, None if seat is None else self.relative(seat), self.num_players)

    def seats(self, name: str, seats: Iterable[int]) -> None:
        """A set of seats as relative bits."""
        start = len(self.values)
        row = [0.0] * self.num_players
        for s in seats:
            row[self.relative(s)] = 1.0
        self.values += row
        self._mark(name, start)

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float = 1.0) -> None:
        """How often each of `size` kinds occurs in `indices`, divided by `scale`."""
        start = len(self.values)
        row = [0.0] * size
        step = 1.0 / scale
        for i in indices:
            row[i] += step
        self.values += row
        self._mark(name, start)

    def vector(self, name: str, values: Sequence[float], scale: float = 1.0) -> None:
        """Numbers of a fixed count, each divided by `scale`."""
        start = len(self.values)
        self.values += values if scale == 1.0 else [v / scale for v in values]
        self._mark(name, start)

    def decider(self, name: str, decider: object) -> None:
        """The view's `decider`: relative seat, then "chance", then None (game over)."""
        n = self.num_players
        if decider == "chance":
            index = n
        elif decider is None:
            index = n + 1
        else:
            index = self.relative(int(decider))  # type: ignore[call-overload]
        self.one_hot(name, index, n + 2)
