"""When a clock runs out: the seat goes to a bot, and its person may take it back.

The background sweep (``bots.BotRunner``) asks :meth:`TimeOuts.tables_out_of_time` which tables'
running clock is out and applies each table's choice with :meth:`TimeOuts.time_out`: a bot of the
table's level takes the seat (never a silent pass), told in the log by a ``bot`` event handed over
by nobody ("time ran out: a bot (easy) plays on for Anna (A)"). Like every change it is stored
only from the seq and version it was read at (``TableService._change``), so of two workers
finding the same clock out, exactly one hands the seat over. The seat's own person may take it
back (:meth:`TimeOuts.take_seat_back`) from its next decision on, with the time a decision gets
(``TimeControl.taken_back``).

At a live table created with ``"on_time_out": "abandon"`` no bot comes: the seat whose time ran
out is marked (``timed_out``, a ``late`` event) and its person plays on untimed, while each other
person seated may agree to end the game without a result (:meth:`TimeOuts.agree_to_end`, an
``agree`` event); the last agreement (an ``end`` event) finishes the table with no winner (its
``notice`` says why). Where nobody else sits, the game ends when the time runs out.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from hanse.server.clock import epoch_seconds, stored_moment
from hanse.server.clocks import ABANDONED, TableClock, TimeControl
from hanse.server.errors import ApiError, conflict, forbidden
from hanse.server.live_table import LiveTable
from hanse.server.models import DECIDER_SEAT, game_tables, seats
from hanse.server.table_events import (
    AGREE,
    END,
    agreed_to_end,
    handed_to_bot,
    ran_out,
    seat_taken_back,
)
from hanse.server.table_specs import Submitted
from hanse.server.tables import TableService, check_version
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
                    DECIDER_SEAT,
                )
                .where(
                    game_tables.c.status == "playing",
                    game_tables.c.clock_started_at.is_not(None),
                    seats.c.kind == "human",
                    seats.c.timed_out == sa.false(),
                )
            ).all()
            for row in rows:
                control = TimeControl.from_json(row.time_control)
                if control is None or row.seconds_left is None:
                    continue
                started = epoch_seconds(row.clock_started_at)
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
            if clock.control.abandon:
                return self._ran_out(live, seat)
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

    def _ran_out(self, live: LiveTable, seat: int) -> Submitted | None:
        """At a table whose others may end the game: the seat's time ran out; its person plays on
        untimed (``timed_out``) until the others agree to end the game (:meth:`agree_to_end`),
        at once where nobody else sits."""
        others = self._others(live, seat)
        out = (
            seats.update()
            .where(seats.c.table_id == live.id, seats.c.seat == seat)
            .values(timed_out=True, seconds_left=0.0)
        )
        stopped = (
            game_tables.update().where(game_tables.c.id == live.id).values(clock_started_at=None)
        )

        def write(conn: sa.Connection) -> None:
            conn.execute(out)
            conn.execute(stopped)
            if not others:
                conn.execute(self._ended(live.id))

        try:
            live = self.service._change(live, write, ran_out(live.seq + 1, seat))
        except ApiError:  # another worker changed the table first (the same time-out)
            return None
        return Submitted(live.payload(None), False, live.seq)

    @staticmethod
    def _others(live: LiveTable, late: int | None = None) -> list[int]:
        """The people seated whose time has not run out (besides `late`): those who agree."""
        return [
            s.seat for s in live.seats if s.kind == "human" and not s.timed_out and s.seat != late
        ]

    @staticmethod
    def _ended(table_id: str) -> Any:
        """The statement that ends the game without a result (no winner: the table's notice)."""
        return (
            game_tables.update()
            .where(game_tables.c.id == table_id)
            .values(status="finished", decider=None, clock_started_at=None, notice=ABANDONED)
        )

    def agree_to_end(self, table_id: str, seat: int, version: int) -> Submitted:
        """`seat` agrees to end the game without a result, at a table whose others may do so
        once a person's time ran out; the last of the others to agree ends it (status
        ``finished``, no winner). 409 where nobody's time ran out, for a second agreement or a
        stale version; 403 for the person whose time ran out or a bot's seat."""
        service = self.service
        with service._locked(table_id):
            with service.engine.connect() as conn:
                live = service._live(conn, table_id)
            check_version(live, version)
            clock = live.clock
            out = [s.seat for s in live.seats if s.timed_out and s.kind == "human"]
            if live.status != "playing" or clock is None or not clock.control.abandon or not out:
                raise conflict(
                    "nobody's time has run out at this table: there is nothing to agree to",
                    version=live.version,
                )
            others = self._others(live)
            if seat not in others:
                raise forbidden(
                    "only the others seated agree to end the game, not a bot's seat "
                    "nor the person whose time ran out"
                )
            agreed = {e.seat for e in live.events if e.kind in (AGREE, END)}
            if seat in agreed:
                raise conflict("you agreed already", version=live.version)
            last = set(others) <= agreed | {seat}
            ended = self._ended(table_id)

            def write(conn: sa.Connection) -> None:
                if last:
                    conn.execute(ended)

            told = agreed_to_end(live.seq + 1, seat, last)
            live = service._change(live, write, told)
            return Submitted(live.payload(seat), False, live.seq)

    def take_seat_back(self, table_id: str, seat: int, version: int) -> Submitted:
        """The seat's own person takes back the seat a bot took when their time ran out: from
        its next decision on (at once if it decides now) it is theirs again, with the time a
        decision gets. 409 for a seat no bot took on time-out, or a stale version."""
        service = self.service
        with service._locked(table_id):
            with service.engine.connect() as conn:
                live = service._live(conn, table_id)
            check_version(live, version)
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
                        .values(clock_started_at=stored_moment(now))
                    )

            told = seat_taken_back(live.seq + 1, seat)
            live = service._change(live, write, told)
            return Submitted(live.payload(seat), False, live.seq)
