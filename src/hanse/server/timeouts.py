"""When a clock runs out: the seat goes to a bot, and its person may take it back.

The background sweep (``bots.BotRunner``) asks :meth:`TimeOuts.tables_out_of_time` which tables'
running clock is out and applies each table's choice with :meth:`TimeOuts.time_out`: a bot of the
table's level takes the seat (never a silent pass), told in the log by a ``bot`` event handed over
by nobody ("time ran out: a bot (easy) plays on for Anna (A)"). Like every change it is stored
only from the seq and version it was read at (``TableService._change``), so of two workers
finding the same clock out, exactly one hands the seat over. The seat's own person may take it
back (:meth:`TimeOuts.take_seat_back`) from its next decision on, with the time a decision gets
(``TimeControl.taken_back``).
"""

from __future__ import annotations

import sqlalchemy as sa

from hanse.server.clocks import TableClock, TimeControl
from hanse.server.errors import ApiError, conflict, forbidden
from hanse.server.models import game_tables, seats
from hanse.server.table_events import handed_to_bot, seat_taken_back
from hanse.server.tables import Submitted, TableService, _at, _check_version, _epoch
from hanse.server.vacations import spans_of


class TimeOuts:
    """Time-outs and seats taken back, for one table service (holds nothing of its own)."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    def tables_out_of_time(self) -> list[str]:
        """Playing tables whose deciding person's clock has run out (a vacation at a table of
        one move a day counted out)."""
        service = self.service
        now = service.now()
        found = []
        with service.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    game_tables.c.id,
                    game_tables.c.time_control,
                    game_tables.c.clock_started_at,
                    seats.c.seconds_left,
                    seats.c.account_id,
                )
                .join(
                    seats,
                    sa.and_(
                        seats.c.table_id == game_tables.c.id,
                        seats.c.seat == game_tables.c.decider,
                    ),
                )
                .where(
                    game_tables.c.status == "playing",
                    game_tables.c.clock_started_at.is_not(None),
                    seats.c.kind == "human",
                )
            ).all()
            for row in rows:
                control = TimeControl.from_json(row.time_control)
                if control is None or row.seconds_left is None:
                    continue
                started = _epoch(row.clock_started_at)
                clock = TableClock(control, [float(row.seconds_left)], started)
                if not clock.out_of_time(0, now):
                    continue
                if control.per_move is not None and row.account_id is not None:
                    clock.away = spans_of(conn, row.account_id, started)
                    if not clock.out_of_time(0, now):
                        continue
                found.append(str(row.id))
        return found

    def time_out(self, table_id: str) -> Submitted | None:
        """Apply the table's choice if the deciding person's clock is out: a bot of the table's
        level plays the seat from now on. None if the clock is not out (any more), or another
        worker applied it first."""
        service = self.service
        with service._locked(table_id):
            with service.engine.connect() as conn:
                live = service._live(conn, table_id)
            seat, clock = live.decider, live.clock
            if seat is None or clock is None or live.seats[seat].kind != "human":
                return None
            if not clock.out_of_time(seat, service.now()):
                return None
            level = clock.control.level
            left = 0.0 if clock.control.fischer else clock.control.initial()
            to_bot = (
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind="bot", level=level, timed_out=True, seconds_left=left)
            )
            stopped = (
                game_tables.update()
                .where(game_tables.c.id == table_id)
                .values(clock_started_at=None)
            )

            def write(conn: sa.Connection) -> None:
                conn.execute(to_bot)
                conn.execute(stopped)

            told = handed_to_bot(live.seq + 1, seat, None, level)
            try:
                live = service._change(live, write, told)
            except ApiError:  # another worker changed the table first (the same time-out)
                return None
            return Submitted(live.payload(None), True, live.seq)

    def take_seat_back(self, table_id: str, seat: int, version: int) -> Submitted:
        """The seat's own person takes back the seat a bot took when their time ran out: from
        its next decision on (at once if it decides now) it is theirs again, with the time a
        decision gets. 409 for a seat no bot took on time-out, or a stale version."""
        service = self.service
        with service._locked(table_id):
            with service.engine.connect() as conn:
                live = service._live(conn, table_id)
            _check_version(live, version)
            if live.status != "playing":
                raise conflict("the game is not being played", version=live.version)
            held = live.seats[seat]
            if held.kind != "bot" or not held.timed_out:
                raise forbidden("only a seat a bot took when its time ran out can be taken back")
            clock = live.clock
            left = None if clock is None else clock.control.taken_back(clock.left[seat])
            back = (
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind="human", level=None, timed_out=False, seconds_left=left)
            )
            now = service.now()
            runs = live.decider == seat and clock is not None

            def write(conn: sa.Connection) -> None:
                conn.execute(back)
                if runs:
                    conn.execute(
                        game_tables.update()
                        .where(game_tables.c.id == table_id)
                        .values(clock_started_at=_at(now))
                    )

            told = seat_taken_back(live.seq + 1, seat)
            live = service._change(live, write, told)
            return Submitted(live.payload(seat), False, live.seq)
