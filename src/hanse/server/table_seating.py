"""Creating tables and taking their seats: a part of the table service (``tables.py``) kept in a
file of its own. A table is created with invites for its people's seats; an invite, an open seat
of a public table or a rematch seats a person (or a program); the game starts when every person's
seat is taken, and a table of bots alone starts at once. Who is asking is read here too: the seat
a token or an account holds at a table."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from hanse.games import game_class
from hanse.server import bot_tokens, security
from hanse.server.clock import Now, moment
from hanse.server.clocks import TableClock, TimeControl
from hanse.server.errors import conflict, forbidden, not_found, unauthorized
from hanse.server.live_table import LiveTable, Move, Seat
from hanse.server.models import game_tables, seats
from hanse.server.names import clean_name
from hanse.server.table_specs import Joined, SeatHolder, SeatSpec, TableSpec
from hanse.server.waiting import Origin, refuse_if_expired

TABLE_ROW = sa.select(game_tables).where(game_tables.c.id == sa.bindparam("table_id"))


def fresh_table(row: Any, status: str, seated: list[Seat]) -> LiveTable:
    """A table's game before its first move, from its row."""
    control = TimeControl.from_json(row.time_control)
    live = LiveTable(
        id=row.id,
        game_id=row.game,
        players=row.players,
        flags=dict(row.flags),
        mode=row.mode,
        visibility=row.visibility,
        status=status,
        seats=seated,
        rematch=row.rematch,
    )
    live.clock = None if control is None else TableClock.fresh(control, row.players)
    return live


class TableSeating:
    """The table service's creating and seating, and the seat of who is asking (``TableService``
    is one); what it uses of the rest of the service is declared here."""

    engine: sa.Engine
    reader: sa.Engine
    now: Now
    _cache: OrderedDict[str, LiveTable]
    _guard: threading.Lock
    _token_seats: dict[str, tuple[str, int]]

    if TYPE_CHECKING:

        def _locked(self, table_id: str) -> AbstractContextManager[None]: ...

        def _seats(self, conn: sa.Connection, table_id: str) -> list[Seat]: ...

        def _store(
            self, conn: sa.Connection, table: LiveTable, seq: int, made: list[Move], after: Any
        ) -> TableClock | None: ...

    def create(
        self, spec: TableSpec, origin: Origin | None = None, most_waiting: int = 0
    ) -> tuple[str, list[tuple[int, str]]]:
        """A new table; returns its id and (seat, invite secret) for every human seat. Made by
        `origin` (``waiting.py``), which may have at most `most_waiting` waiting tables (0: no
        limit)."""
        spec.check()
        table_id = secrets.token_urlsafe(16)
        invites = [
            (number, security.new_secret())
            for number, seat in enumerate(spec.seats)
            if seat.kind == "human"
        ]
        with self.engine.begin() as conn:
            if origin is not None and most_waiting and invites:
                origin.check_room(conn, most_waiting)
            self._create_in(conn, spec, table_id, dict(invites), origin)
        return table_id, invites

    def _create_in(
        self,
        conn: sa.Connection,
        spec: TableSpec,
        table_id: str,
        secret_of: dict[int, str],
        origin: Origin | None = None,
    ) -> None:
        """The rows of a new table (invites for the seats in `secret_of`); a table of bots
        alone starts at once."""
        now = moment(self.now)
        conn.execute(
            game_tables.insert().values(
                id=table_id,
                game=spec.game,
                notation=game_class(spec.game).NOTATION_VERSION,
                players=spec.players,
                flags=dict(spec.flags),
                mode=spec.mode,
                visibility=spec.visibility,
                status="waiting",
                seq=0,
                version=0,
                decider=None,
                created_at=now,
                updated_at=now,
                time_control=None if spec.clock is None else spec.clock.to_json(),
                clock_started_at=None,
                **(origin.columns() if origin is not None else {}),
            )
        )
        conn.execute(
            seats.insert(),
            [
                {
                    "table_id": table_id,
                    "seat": number,
                    "kind": seat.kind,
                    "level": seat.level,
                    "name": None,
                    "account_id": None,
                    "invite_hash": security.digest(secret_of[number])
                    if number in secret_of
                    else None,
                    "token_hash": None,
                    "joined_at": None,
                    "seconds_left": None if spec.clock is None else spec.clock.initial(),
                    "timed_out": False,
                }
                for number, seat in enumerate(spec.seats)
            ],
        )
        if all(seat.kind == "bot" for seat in spec.seats):
            self._start(conn, table_id)

    def create_seated(
        self, conn: sa.Connection, spec: TableSpec, holders: Sequence[SeatHolder | None]
    ) -> str:
        """A table made with every seat taken already, in `conn`'s transaction, and started
        (a tournament's round: ``tournament_rounds.py``; a ladder's table, its house bots' seats
        None: ``ladder_pairing.py``); its id. Each holder plays through its account (a session,
        or its program's bot token: ``seat_of_account``); the seat's token is a secret nobody is
        given, there only to mark the seat as taken."""
        spec.check()
        if len(holders) != spec.players or any(
            (holder is None) != (seat.kind == "bot")
            for holder, seat in zip(holders, spec.seats, strict=True)
        ):
            raise ValueError("a seated table has one holder for each of its people's seats")
        table_id = secrets.token_urlsafe(16)
        self._create_in(conn, spec, table_id, {})
        now = moment(self.now)
        for number, holder in enumerate(holders):
            if holder is None:  # a house bot's seat
                continue
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == number)
                .values(
                    token_hash=security.digest(security.new_secret()),
                    name=holder.name,
                    account_id=holder.account_id,
                    bot_token=holder.bot_token,
                    joined_at=now,
                )
            )
        self._start(conn, table_id)
        return table_id

    def join(
        self, secret: str, name: Any, account_id: int | None, bot_token: int | None = None
    ) -> Joined:
        """Take the seat an invite secret stands for (each invite seats one person, once; or
        the program of `bot_token`, bot_tokens.py)."""
        table_id, seat, _taken = self.invite(secret)
        return self._take_seat(table_id, seat, name, account_id, bot_token)

    def invite(self, secret: Any) -> tuple[str, int, bool]:
        """The table and seat an invite secret stands for, and whether that seat is taken."""
        if not isinstance(secret, str) or len(secret) > 200:
            raise not_found("invite")
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.token_hash).where(
                    seats.c.invite_hash == security.digest(secret)
                )
            ).first()
        if row is None:
            raise not_found("invite")
        return str(row.table_id), int(row.seat), row.token_hash is not None

    def rematch(self, table_id: str, seat: int) -> Joined:
        """`seat` of a finished table takes the same seat at its rematch: a table of the same
        game, variants, mode and seats (bots of the same levels), private so that its seats wait
        for the same people, made by the first player who asks. The seat is taken under the
        finished table's seat name and account."""
        with self.engine.connect() as conn:
            row = conn.execute(TABLE_ROW, {"table_id": table_id}).first()
            if row is None:
                raise not_found("table")
            if row.status != "finished":
                raise conflict("a rematch is set up once the game is over")
            seated = self._seats(conn, table_id)
        if seated[seat].kind != "human":
            raise forbidden("a bot's seat takes no rematch")
        rematch_id = row.rematch
        if rematch_id is None:
            new_id = secrets.token_urlsafe(16)
            with self.engine.begin() as conn:
                # Two players asking at once: the first name written is the rematch.
                claimed = conn.execute(
                    game_tables.update()
                    .where(game_tables.c.id == table_id, game_tables.c.rematch.is_(None))
                    .values(rematch=new_id)
                ).rowcount
                if claimed == 1:
                    self._create_in(conn, self._rematch_spec(row, seated), new_id, {})
                    rematch_id = new_id
                else:
                    rematch_id = conn.execute(
                        sa.select(game_tables.c.rematch).where(game_tables.c.id == table_id)
                    ).scalar_one()
            with self._guard:
                live = self._cache.get(table_id)
            if live is not None:
                live.rematch = rematch_id
        old = seated[seat]
        return self._take_seat(rematch_id, seat, old.name, old.account_id)

    @staticmethod
    def _rematch_spec(row: Any, seated: list[Seat]) -> TableSpec:
        return TableSpec(
            game=row.game,
            players=row.players,
            flags=dict(row.flags),
            mode=row.mode,
            visibility="private",
            seats=[SeatSpec(s.kind, s.level) for s in seated],
            clock=TimeControl.from_json(row.time_control),
        )

    def join_public(
        self,
        table_id: str,
        seat: int | None,
        name: Any,
        account_id: int | None,
        bot_token: int | None = None,
    ) -> Joined:
        """Take an open human seat of a public table from the lobby (the first, or `seat`)."""
        with self.engine.connect() as conn:
            table = conn.execute(
                sa.select(game_tables.c.visibility).where(game_tables.c.id == table_id)
            ).first()
            if table is None:
                raise not_found("table")
            if table.visibility != "public":  # its id alone tells nothing (private.py)
                raise not_found("table")
            open_seats = [
                s.seat for s in self._seats(conn, table_id) if s.kind == "human" and not s.taken
            ]
        if not open_seats:
            raise conflict("every seat of this table is taken")
        if seat is None:
            seat = open_seats[0]
        elif seat not in open_seats:
            raise conflict(f"seat {seat} is not an open seat of this table")
        return self._take_seat(table_id, seat, name, account_id, bot_token)

    def _take_seat(
        self,
        table_id: str,
        seat: int,
        name: Any,
        account_id: int | None,
        bot_token: int | None = None,
    ) -> Joined:
        name = clean_name(name)
        token = security.new_secret()
        with self._locked(table_id), self.engine.begin() as conn:
            refuse_if_expired(conn, table_id)
            # The table's row first: its lock, held to the commit, makes joins of one table
            # (through other workers too) take turns, so that the last one counts every other
            # seat taken and starts the game. Counted without it, two joins at once could each
            # see the other's seat open, and neither would start it.
            conn.execute(
                game_tables.update()
                .where(game_tables.c.id == table_id)
                .values(updated_at=moment(self.now))
            )
            taken = conn.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
                .values(
                    token_hash=security.digest(token),
                    name=name,
                    account_id=account_id,
                    bot_token=bot_token,
                    joined_at=moment(self.now),
                )
            )
            if taken.rowcount != 1:
                raise conflict("this seat is already taken")
            open_left = conn.execute(
                sa.select(sa.func.count())
                .select_from(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
            ).scalar_one()
            if open_left == 0:
                self._start(conn, table_id)
        return Joined(table_id, seat, token)

    def _start(self, conn: sa.Connection, table_id: str) -> None:
        """Every human seat is taken: the game begins; setup's chance is drawn and logged."""
        row = conn.execute(TABLE_ROW, {"table_id": table_id}).one()
        live = fresh_table(row, "playing", self._seats(conn, table_id))
        state = live.state.clone()
        drawn = live.resolve_chance(state)
        live.commit(state, drawn)
        self._store(conn, live, 0, drawn, live.state)

    # -- who is asking -----------------------------------------------------------------------
    def cached_seat(self, table_id: str, token: str) -> int | None:
        """The token's seat at this table if this worker has seen the token (no database)."""
        known = self._token_seats.get(security.digest(token))
        return known[1] if known is not None and known[0] == table_id else None

    def seat_of_token(self, table_id: str, token: str) -> int:
        """The seat a token holds at this table; 401 for an unknown token, 403 for another's."""
        known = self.cached_seat(table_id, token)
        if known is not None:
            return known
        with self.reader.connect() as conn:
            row = conn.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.bot_token).where(
                    seats.c.token_hash == security.digest(token)
                )
            ).first()
            exists = conn.execute(
                sa.select(game_tables.c.id).where(game_tables.c.id == table_id)
            ).first()
            revoked = row is not None and bot_tokens.seat_revoked(conn, row.bot_token)
        if exists is None:
            raise not_found("table")
        if row is None:
            raise unauthorized()
        if row.table_id != table_id:
            raise forbidden("this token is not a seat of this table")
        if revoked:
            raise bot_tokens.seat_token_revoked()
        if row.bot_token is not None:  # a program's: asked every time, its token may be revoked
            return int(row.seat)
        if len(self._token_seats) > 100_000:
            self._token_seats.clear()
        self._token_seats[security.digest(token)] = (row.table_id, int(row.seat))
        return int(row.seat)

    def seat_of_account(
        self, table_id: str, account_id: int, bot_token: int | None = None
    ) -> int | None:
        """The account's seat: the person's own, or its program's of `bot_token` (a person and
        its program may sit at one table; neither acts for the other)."""
        with self.reader.connect() as conn:
            row = conn.execute(
                sa.select(seats.c.seat)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.account_id == account_id,
                    seats.c.bot_token.is_(None)
                    if bot_token is None
                    else seats.c.bot_token == bot_token,
                )
                .order_by(seats.c.seat)
            ).first()
        return None if row is None else int(row.seat)
