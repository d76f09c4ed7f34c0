"""A base for game states: slotted records compared field by field (DESIGN.md, "Performance").

Games subclass :class:`GameState`, declare their own ``__slots__`` and write ``clone`` by hand.
Equality and ``repr`` walk the slots, so tests can compare whole states (replay, clone checks)
without every game writing them again. ``legal_cache`` holds the legal actions of the current
decision once computed; :class:`hanse.core.game.GameBase` clears it on every applied action.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class GameState(ABC):
    __slots__ = ("legal_cache",)

    legal_cache: list[Any] | None

    @abstractmethod
    def clone(self) -> GameState:
        """A fast hand-written copy; it may share `legal_cache` (never mutated)."""

    def _slot_names(self) -> list[str]:
        names: list[str] = []
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name != "legal_cache" and name not in names:
                    names.append(name)
        return names

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._slot_names())

    __hash__ = None  # type: ignore[assignment]  # mutable: never a dict key

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._slot_names())
        return f"{type(self).__name__}({fields})"
