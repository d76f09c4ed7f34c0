"""A writer of fixed-length observation vectors with named segments.

A game's encoder (``hanse.env.observations.<game>``) writes a view into a :class:`Features`
segment by segment. Every segment has a size fixed by the game's configuration (never by the
view), so the vector has one length per configuration; an encoding into a :class:`LayoutRecorder`
notes the segment names, offsets and sizes (:meth:`LayoutRecorder.named_layout`), which document
the vector.
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

    __slots__ = ("num_players", "values", "viewer")

    def __init__(self, num_players: int, viewer: int) -> None:
        self.values: list[float] = []
        self.num_players = num_players
        self.viewer = viewer

    def relative(self, seat: int) -> int:
        """The seat as the viewer counts: 0 the viewer, then clockwise."""
        return (seat - self.viewer) % self.num_players

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        """One number divided by `scale` (a typical maximum, so most values lie in [0, 1])."""
        self.values.append(value / scale)

    def flag(self, name: str, value: object) -> None:
        """1.0 when `value` is true (present, set), else 0.0."""
        self.values.append(1.0 if value else 0.0)

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """`size` numbers, 1.0 at `index`; all zero for None or a negative index."""
        row = [0.0] * size
        if index is not None and index >= 0:
            row[index] = 1.0
        self.values += row

    def seat(self, name: str, seat: int | None) -> None:
        """A seat one-hot in relative order (all zero for None)."""
        self.one_hot(name, None if seat is None else self.relative(seat), self.num_players)

    def seats(self, name: str, seats: Iterable[int]) -> None:
        """A set of seats as relative bits."""
        row = [0.0] * self.num_players
        for s in seats:
            row[self.relative(s)] = 1.0
        self.values += row

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float = 1.0) -> None:
        """How often each of `size` kinds occurs in `indices`, divided by `scale`."""
        row = [0.0] * size
        step = 1.0 / scale
        for i in indices:
            row[i] += step
        self.values += row

    def vector(self, name: str, values: Sequence[float], scale: float = 1.0) -> None:
        """Numbers of a fixed count, each divided by `scale`."""
        self.values += values if scale == 1.0 else [v / scale for v in values]

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


class LayoutRecorder(Features):
    """Features that also note where each segment lies (used once per configuration), and
    which positions are flags or one-hots (0 or 1 in every view)."""

    __slots__ = ("layout", "units")

    def __init__(self, num_players: int, viewer: int) -> None:
        super().__init__(num_players, viewer)
        self.layout: list[tuple[str, int, int]] = []
        self.units: list[int] = []
        """The positions of flags, one-hots and seat sets."""

    def _note(self, name: str, start: int, unit: bool = False) -> None:
        self.layout.append((name, start, len(self.values) - start))
        if unit:
            self.units += range(start, len(self.values))

    def named_layout(self) -> list[tuple[str, int, int]]:
        """(name, offset, size) of each segment; a repeated name numbered in order."""
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

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        start = len(self.values)
        super().scalar(name, value, scale)
        self._note(name, start)

    def flag(self, name: str, value: object) -> None:
        start = len(self.values)
        super().flag(name, value)
        self._note(name, start, unit=True)

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        start = len(self.values)
        super().one_hot(name, index, size)
        self._note(name, start, unit=True)

    def seats(self, name: str, seats: Iterable[int]) -> None:
        start = len(self.values)
        super().seats(name, seats)
        self._note(name, start, unit=True)

    def counts(self, name: str, indices: Iterable[int], size: int, scale: float = 1.0) -> None:
        start = len(self.values)
        super().counts(name, indices, size, scale)
        self._note(name, start)

    def vector(self, name: str, values: Sequence[float], scale: float = 1.0) -> None:
        start = len(self.values)
        super().vector(name, values, scale)
        self._note(name, start)
