"""The one clock the server's time comes from (DESIGN.md: clocks, expiry and reminders read it,
so tests never sleep): a function giving seconds since the epoch. The server uses the system's;
a test gives the services a :class:`ManualClock` and moves it on by hand."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

Now = Callable[[], float]


def system() -> float:
    return time.time()


def moment(now: Now) -> datetime:
    """The clock's time as a stored moment (UTC)."""
    return datetime.fromtimestamp(now(), UTC)


class ManualClock:
    """A clock that stands still until moved (for tests, and for replaying a scenario)."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def stored_moment(seconds: float) -> datetime:
    """Seconds since the epoch as a stored moment (UTC)."""
    return datetime.fromtimestamp(seconds, UTC)


def epoch_seconds(stored: datetime) -> float:
    """A stored moment in seconds since the epoch (SQLite gives it back without its zone: UTC)."""
    return (stored if stored.tzinfo else stored.replace(tzinfo=UTC)).timestamp()
