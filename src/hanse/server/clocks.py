"""Clocks: a table's time control, each seat's time left, and when a clock runs out.

A live table may have a Fischer clock (``{"base": seconds, "increment": seconds}``: every person
starts with the base and gains the increment after each of their moves); a table of one move a
day a limit per decision (``{"per_move": seconds}``, one to fourteen days, full again at every
decision). Only a person's own decisions are charged: a clock runs from the moment a decision
became that person's (``started``, stored as the table's ``clock_started_at``) and stands while a
bot or chance moves, and while the person is away on vacation (one move a day only; the spans
come from ``vacations.py``). What runs out is handled by ``TableService.time_out``: the seat goes
to a bot of the table's chosen level.

Every moment here is seconds since the epoch from the service's one clock (``hanse.server.clock``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from hanse.server.errors import unprocessable as invalid

BOT_LEVELS = ("random", "easy", "medium", "hard")
# Why a table ended without a result (its ``notice``; no winner): a person's time ran out and the
# others agreed (``timeouts.TimeOuts.agree_to_end``).
ABANDONED = "ended without a result: a player's time ran out and the others agreed"

# What happens when a person's clock runs out: a bot of the table's level takes the seat, or (at a
# live table) the others may end the game without a result (``timeouts.TimeOuts.agree_to_end``).
BOT, ABANDON = "bot", "abandon"
ON_TIME_OUT = (BOT, ABANDON)
DAY = 86_400.0
MIN_BASE, MAX_BASE = 60.0, 3 * 3600.0  # a live game's base: one minute to three hours
MAX_INCREMENT = 600.0
MIN_PER_MOVE, MAX_PER_MOVE = DAY, 14 * DAY
# A person taking back a seat a bot played on time-out at a live table gets at least this much
# for its next decision (its own clock ran out; the increment alone may be nothing).
BACK_AT_LEAST = 30.0

Span = tuple[float, float]


@dataclass(frozen=True)
class TimeControl:
    """A table's time control: Fischer (`base`, `increment`) or a limit per decision
    (`per_move`), and what happens when a clock runs out (a bot of `level` takes the seat)."""

    base: float | None = None
    increment: float = 0.0
    per_move: float | None = None
    on_time_out: str = "bot"
    level: str = "easy"

    @property
    def abandon(self) -> bool:
        """A clock run out lets the others end the game without a result (no bot)."""
        return self.on_time_out == ABANDON

    @property
    def fischer(self) -> bool:
        return self.base is not None

    def initial(self) -> float:
        """A seat's time before its first decision."""
        return float(self.base if self.base is not None else self.per_move or 0.0)

    def after_move(self, left: float, spent: float) -> float:
        """A seat's time after one of its decisions took `spent` seconds: Fischer charges them
        and adds the increment; a limit per decision is full again for the next."""
        if self.per_move is not None:
            return self.per_move
        return max(0.0, left - spent) + self.increment

    def taken_back(self, left: float) -> float:
        """A seat's time when its person takes it back from the bot that played on time-out."""
        if self.per_move is not None:
            return self.per_move
        return max(left, self.increment, BACK_AT_LEAST)

    def public(self) -> dict[str, Any]:
        """As the API takes and gives it."""
        shape: dict[str, Any] = (
            {"base": self.base, "increment": self.increment}
            if self.base is not None
            else {"per_move": self.per_move}
        )
        return shape | {"on_time_out": self.on_time_out, "level": self.level}

    def to_json(self) -> dict[str, Any]:
        return self.public()

    @classmethod
    def from_json(cls, raw: dict[str, Any] | None) -> TimeControl | None:
        if not raw:
            return None
        return cls(
            base=raw.get("base"),
            increment=float(raw.get("increment") or 0.0),
            per_move=raw.get("per_move"),
            on_time_out=str(raw.get("on_time_out", "bot")),
            level=str(raw.get("level", "easy")),
        )


def _seconds(raw: Any, name: str, low: float, high: float) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw <= high:
        raise invalid(f"clock: {name} is a number of seconds from {low:g} to {high:g}, not {raw!r}")
    return float(raw)


def parse(raw: Any, mode: str, on_time_out: Any = None, level: Any = None) -> TimeControl | None:
    """The time control `POST /api/tables` asks for (None: no clock), or a 422 saying what is
    wrong: a live table takes ``{"base", "increment"}``, one of one move a day ``{"per_move"}``."""
    if raw is None:
        if on_time_out is not None or level is not None:
            raise invalid("on_time_out and level go with a clock; this table has none")
        return None
    if not isinstance(raw, dict):
        raise invalid('clock is {"base": s, "increment": s} or {"per_move": s}')
    if on_time_out is None:
        on_time_out = "bot"
    if on_time_out not in ON_TIME_OUT:
        raise invalid(
            f"on_time_out is 'bot' (a bot takes the seat) or 'abandon' (at a live table, the "
            f"others may end the game without a result), not {on_time_out!r}"
        )
    if on_time_out == ABANDON and mode != "live":
        raise invalid("'abandon' is for live tables; at one of one move a day a bot takes the seat")
    if level is None:
        level = "easy"
    if level not in BOT_LEVELS:
        raise invalid(
            f"level (the bot that takes a seat out of time) is one of "
            f"{', '.join(BOT_LEVELS)}, not {level!r}"
        )
    keys = set(raw)
    if mode == "live":
        if not keys <= {"base", "increment"} or "base" not in keys:
            raise invalid(
                'a live table\'s clock is {"base": seconds, "increment": seconds} (Fischer); '
                '"per_move" is for tables of one move a day'
            )
        base = _seconds(raw["base"], "base", MIN_BASE, MAX_BASE)
        increment = _seconds(raw.get("increment", 0), "increment", 0.0, MAX_INCREMENT)
        return TimeControl(base=base, increment=increment, on_time_out=on_time_out, level=level)
    if keys != {"per_move"}:
        raise invalid(
            'a table of one move a day has a clock {"per_move": seconds} (1 to 14 days); '
            '"base" and "increment" are for live tables'
        )
    per_move = _seconds(raw["per_move"], "per_move", MIN_PER_MOVE, MAX_PER_MOVE)
    return TimeControl(per_move=per_move, on_time_out=on_time_out, level=level)


def overlap(spans: Sequence[Span], start: float, end: float) -> float:
    """Seconds of [start, end] inside the `spans` (which do not overlap each other)."""
    return sum(max(0.0, min(end, b) - max(start, a)) for a, b in spans)


@dataclass
class TableClock:
    """The clocks of one table as a worker holds them: every seat's time left at the moment the
    running clock started, and that moment (None: no clock runs: a bot or nobody decides)."""

    control: TimeControl
    left: list[float]
    started: float | None = None
    # The deciding person's vacations (one move a day only): their clock stands meanwhile.
    away: list[Span] = field(default_factory=list)

    @classmethod
    def fresh(cls, control: TimeControl, players: int) -> TableClock:
        return cls(control, [control.initial()] * players)

    def spent(self, now: float) -> float:
        """Seconds the running decision has been charged so far."""
        if self.started is None:
            return 0.0
        stood = overlap(self.away, self.started, now) if self.control.per_move else 0.0
        return max(0.0, now - self.started - stood)

    def seconds_left(self, seat: int, running: int | None, now: float) -> float:
        left = self.left[seat]
        return max(0.0, left - self.spent(now)) if seat == running else left

    def away_now(self, now: float) -> bool:
        return bool(self.control.per_move) and any(a <= now < b for a, b in self.away)

    def out_of_time(self, running: int | None, now: float) -> bool:
        return (
            running is not None
            and self.started is not None
            and (self.seconds_left(running, running, now) <= 0.0)
        )

    def payload(self, running: int | None, people: Sequence[bool], now: float) -> dict[str, Any]:
        """The payload's ``clocks``: each seat's seconds left now (None for a bot's seat), the
        seat whose clock runs and since when (ISO), and the time control."""
        runs = running if self.started is not None else None
        return {
            "control": self.control.public(),
            "seconds": [
                round(self.seconds_left(seat, runs, now), 1) if people[seat] else None
                for seat in range(len(self.left))
            ],
            "running": runs,
            "started": None if self.started is None else iso(self.started),
            "at": iso(now),
            "away": runs is not None and self.away_now(now),
        }


def no_clock(players: int, now: float) -> dict[str, Any]:
    """The payload's ``clocks`` at a table without a time control."""
    return {
        "control": None,
        "seconds": [None] * players,
        "running": None,
        "started": None,
        "at": iso(now),
        "away": False,
        "out": [],
        "agreed": [],
        "abandoned": False,
    }


def iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).isoformat()
