"""Vacations, as on Yucata: an account may be away a number of days a year
(``HANSE_VACATION_DAYS``, 21 by default); meanwhile the clocks of its tables of one move a day
stand (``clocks.TableClock.spent`` leaves the time away out), never those of live tables.

An account has at most one vacation that is not over: the one going on or the next one planned.
It is set with a start ("now" or a time) and an end (a time, or a number of days), and may be
ended early ("now"). Days are counted per calendar year (UTC) of the vacation's start, a day
begun counting whole; a vacation ended early counts only the days it lasted.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server.clock import Now
from hanse.server.clocks import DAY, Span
from hanse.server.errors import conflict
from hanse.server.errors import unprocessable as invalid
from hanse.server.models import vacations

# A start given as a time may lie this far in the past (the page's clock and the server's differ).
SLACK = 300.0


def _epoch(moment: datetime) -> float:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).isoformat()


def _public(vacation: tuple[int, float, float]) -> dict[str, Any]:
    _, start, end = vacation
    return {"from": _iso(start), "until": _iso(end), "days": days_of(start, end)}


def days_of(start: float, end: float) -> int:
    """Days a vacation from `start` to `end` counts (a day begun counts whole)."""
    return max(1, math.ceil((end - start) / DAY - 1e-9))


def _year(moment: float) -> int:
    return datetime.fromtimestamp(moment, UTC).year


def _moment(raw: Any, name: str, now: float) -> float:
    if raw == "now":
        return now
    if not isinstance(raw, str):
        raise invalid(f'{name} is "now" or a time (ISO 8601), not {raw!r}')
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        raise invalid(f'{name} is "now" or a time (ISO 8601), not {raw!r}') from None
    return _epoch(moment)


def spans_of(conn: sa.Connection, account_id: int, since: float) -> list[Span]:
    """The account's vacations that end after `since`, as (start, end) in epoch seconds."""
    rows = conn.execute(
        sa.select(vacations.c.starts_at, vacations.c.ends_at)
        .where(
            vacations.c.account_id == account_id,
            vacations.c.ends_at > datetime.fromtimestamp(since, UTC),
        )
        .order_by(vacations.c.starts_at)
    )
    return [(_epoch(row.starts_at), _epoch(row.ends_at)) for row in rows]


class VacationService:
    def __init__(self, engine: sa.Engine, now: Now, days_per_year: int = 21) -> None:
        self.engine = engine
        self.now = now
        self.days_per_year = days_per_year

    def _all(self, conn: sa.Connection, account_id: int) -> list[tuple[int, float, float]]:
        rows = conn.execute(
            sa.select(vacations.c.id, vacations.c.starts_at, vacations.c.ends_at)
            .where(vacations.c.account_id == account_id)
            .order_by(vacations.c.starts_at)
        )
        return [(int(r.id), _epoch(r.starts_at), _epoch(r.ends_at)) for r in rows]

    def _days_used(self, taken: list[tuple[int, float, float]], year: int, but: int | None) -> int:
        return sum(days_of(a, b) for i, a, b in taken if _year(a) == year and i != but)

    def read(self, account_id: int) -> dict[str, Any]:
        """``GET /api/me/vacation``: the days a year, those left this year, whether the account
        is away now and its vacation that is not over (or None)."""
        now = self.now()
        with self.engine.connect() as conn:
            taken = self._all(conn, account_id)
        coming = [(i, a, b) for i, a, b in taken if b > now]
        current = coming[0] if coming else None
        return {
            "days_per_year": self.days_per_year,
            "days_left": self.days_per_year - self._days_used(taken, _year(now), None),
            "away": current is not None and current[1] <= now,
            "vacation": None if current is None else _public(current),
        }

    def update(self, account_id: int, body: Any) -> dict[str, Any]:
        """``PUT /api/me/vacation``: ``{"from": "now" | time, "until": time}`` or ``{"from",
        "days": n}`` sets the vacation that is not over (a planned one is replaced; one going on
        keeps its start); ``{"until": "now"}`` ends the one going on. 422 for what is not a
        vacation, 409 for more days than are left."""
        if not isinstance(body, dict) or not set(body) <= {"from", "until", "days"} or not body:
            raise invalid(
                'a vacation is {"from": "now" | time, "until": time | "now"} or {"from", "days": n}'
            )
        now = self.now()
        with self.engine.begin() as conn:
            taken = self._all(conn, account_id)
            coming = [(i, a, b) for i, a, b in taken if b > now]
            current = coming[0] if coming and coming[0][1] <= now else None
            planned = coming[0] if coming and current is None else None
            if current is not None:
                start = current[1]
                if "from" in body and body["from"] != "now":
                    raise conflict("a vacation going on keeps its start; end it or change its end")
            else:
                start = _moment(body.get("from", "now"), "from", now)
                if start < now - SLACK:
                    raise invalid("a vacation starts now or later")
                start = max(start, now)
            end = self._end(body, start, now)
            if end <= start:
                if current is None:
                    raise invalid("a vacation ends after it starts")
                end = now  # "until": "now" on the day it began: ended at once
            replaced = current or planned
            but = None if replaced is None else replaced[0]
            days = days_of(start, end)
            left = self.days_per_year - self._days_used(taken, _year(start), but)
            if days > left:
                raise conflict(f"{days} days asked, {left} left in {_year(start)}")
            if replaced is not None:
                conn.execute(
                    vacations.update()
                    .where(vacations.c.id == replaced[0])
                    .values(
                        starts_at=datetime.fromtimestamp(start, UTC),
                        ends_at=datetime.fromtimestamp(end, UTC),
                    )
                )
            else:
                conn.execute(
                    vacations.insert().values(
                        account_id=account_id,
                        starts_at=datetime.fromtimestamp(start, UTC),
                        ends_at=datetime.fromtimestamp(end, UTC),
                    )
                )
        return self.read(account_id)

    @staticmethod
    def _end(body: dict[str, Any], start: float, now: float) -> float:
        if "days" in body:
            if "until" in body:
                raise invalid("a vacation has an end (until) or a number of days, not both")
            days = body["days"]
            if isinstance(days, bool) or not isinstance(days, int) or days < 1:
                raise invalid(f"days is a whole number from 1, not {days!r}")
            return start + days * DAY
        if "until" not in body:
            raise invalid('a vacation needs its end: until (a time or "now") or days')
        return _moment(body["until"], "until", now)
