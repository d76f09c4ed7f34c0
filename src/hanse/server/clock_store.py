"""The clocks as the table service stores them (``clocks.py`` says what they mean): read with a
table, and written in the transaction of each change that moves them: a move (the mover charged,
the next person's clock started), a move taken back (its increment goes with it) and a seat a bot
takes while it decides (the clock stops)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.core.protocol import CHANCE
from hanse.server.clocks import Span, TableClock, TimeControl
from hanse.server.live_table import LiveTable, Move
from hanse.server.models import game_tables, seats
from hanse.server.vacations import spans_of

_SEAT_LEFT = (
    seats.update()
    .where(
        seats.c.table_id == sa.bindparam("clock_table"),
        seats.c.seat == sa.bindparam("clock_seat"),
    )
    .values(seconds_left=sa.bindparam("left"))
)
_STARTED = (
    game_tables.update()
    .where(game_tables.c.id == sa.bindparam("clock_table"))
    .values(clock_started_at=sa.bindparam("clock_started"))
)


def _epoch(moment: datetime) -> float:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _set_left(conn: sa.Connection, table_id: str, seat: int, left: float) -> None:
    conn.execute(_SEAT_LEFT, {"clock_table": table_id, "clock_seat": seat, "left": left})


def read(
    conn: sa.Connection, live: LiveTable, control_json: Any, started_at: datetime | None
) -> TableClock | None:
    """The table's clocks as stored (None: no time control), with the vacations of the person
    deciding at a table of one move a day, during which its clock stands."""
    control = TimeControl.from_json(control_json)
    if control is None:
        return None
    rows = conn.execute(
        sa.select(seats.c.seat, seats.c.seconds_left).where(seats.c.table_id == live.id)
    )
    left = [control.initial()] * live.players
    for row in rows:
        if row.seconds_left is not None:
            left[row.seat] = float(row.seconds_left)
    clock = TableClock(control, left, None if started_at is None else _epoch(started_at))
    clock.away = _away(conn, live, clock, live.decider)
    return clock


def _away(
    conn: sa.Connection, live: LiveTable, clock: TableClock, decider: int | None
) -> list[Span]:
    """The vacations since its clock started of the person deciding at a table of one move a
    day (never at a live table)."""
    if clock.control.per_move is None or clock.started is None or decider is None:
        return []
    account = live.seats[decider].account_id if decider < len(live.seats) else None
    return [] if account is None else spans_of(conn, account, clock.started)


def after_moves(
    conn: sa.Connection, table: LiveTable, made: list[Move], decider: int | None, now: float
) -> TableClock | None:
    """The clocks after `made` (written here, in the moves' transaction): the person who decided
    is charged from when the decision became theirs (Fischer adds the increment; a limit per
    move is full again), and the clock of the next person deciding starts now. A bot's or
    chance's moves start no clock and charge nobody. The table's ``clock_started_at`` is written
    with its seq by the caller."""
    old = table.clock
    if old is None:
        return None
    clock = TableClock(old.control, list(old.left))
    mover = made[0].player if made and made[0].player != CHANCE else None
    if mover is not None and old.started is not None:
        clock.left[mover] = old.control.after_move(old.left[mover], old.spent(now))
        _set_left(conn, table.id, mover, clock.left[mover])
    seated = table.seats[decider] if decider is not None else None
    # A person whose time ran out at a table whose others may end the game plays on untimed.
    if (
        decider is not None
        and seated is not None
        and seated.kind == "human"
        and not seated.timed_out
    ):
        clock.started = now
        per_move = old.control.per_move
        if per_move is not None and clock.left[decider] != per_move:
            clock.left[decider] = per_move  # full at each decision
            _set_left(conn, table.id, decider, per_move)
        clock.away = _away(conn, table, clock, decider)
    return clock


def take_increment_back(
    conn: sa.Connection, table_id: str, seat: int, clock: TableClock | None
) -> None:
    """A move taken back takes its Fischer increment with it (the clock runs on from where it
    was), so that moving and taking back gains no time."""
    if clock is not None and clock.control.fischer and clock.started is not None:
        _set_left(conn, table_id, seat, max(0.0, clock.left[seat] - clock.control.increment))


def stopper(live: LiveTable, seat: int, now: float) -> Callable[[sa.Connection], None]:
    """What stops the clock of `seat` when a bot takes it while it decides: the person is
    charged the time so far (no increment: no move was made); no clock runs while the bot
    thinks."""
    clock = live.clock
    if clock is None or clock.started is None or live.decider != seat:
        return lambda conn: None
    left = clock.control.after_move(clock.left[seat], clock.spent(now))
    left = max(0.0, left - clock.control.increment)

    def stop(conn: sa.Connection) -> None:
        _set_left(conn, live.id, seat, left)
        conn.execute(_STARTED, {"clock_table": live.id, "clock_started": None})

    return stop
