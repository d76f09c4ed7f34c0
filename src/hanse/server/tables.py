"""The table service: read and play tables; the one place that writes moves. Creating tables and
taking their seats are in ``table_seating.py``, the worker's cache of replayed tables (and what
it answers without the database) in ``table_cache.py``, what the service is asked and answers
with in ``table_specs.py``.

Every method is synchronous and runs in a thread of the server's pool (or a test's thread). Of
concurrent writes to one table, the database decides: a move is stored by one transaction that
advances the table's ``seq`` only if it is still the one the move was checked against, and inserts
the move rows under the primary key ``(table_id, seq)``. So of any number of submits at one
version, in one worker or several, exactly one is stored and the others get 409. Within a worker a
lock per table spares the losers the work. A move is acknowledged only after its commit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.core.record import MatchRecord
from hanse.games import game_class
from hanse.server import (
    bot_turns,
    clock_store,
    lobby_query,
    move_store,
    ratings,
    storage,
    table_events,
)
from hanse.server.accounts import AccountService
from hanse.server.chat import ChatService
from hanse.server.clock import Now, epoch_seconds, moment, system
from hanse.server.clocks import BOT_LEVELS, TableClock
from hanse.server.errors import ApiError, conflict, forbidden, not_found
from hanse.server.errors import unprocessable as invalid
from hanse.server.hearing import MoveNews
from hanse.server.live_table import LiveTable, Move, Seat
from hanse.server.lobby_query import LobbyPage, LobbyQuery
from hanse.server.models import moves, seats
from hanse.server.table_cache import TableCache
from hanse.server.table_events import TableEvent, handed_to_bot, taken_back
from hanse.server.table_seating import TABLE_ROW, TableSeating, fresh_table
from hanse.server.table_specs import (
    BotTurn,
    Submitted,
)
from hanse.server.undo_limits import UndoLimits
from hanse.server.vacations import VacationService

MAX_ACTION_TEXT = 500
UNREADABLE = (
    "this table's moves were stored by another version of Hanse, which wrote them differently; "
    "they are kept unchanged"
)


def check_version(live: LiveTable, version: int) -> None:
    """409 with the table's version for a change chosen at another version."""
    if version != live.version:
        raise conflict(
            f"stale: the table is at version {live.version}, not {version}",
            version=live.version,
        )


class TableService(TableCache, TableSeating):
    """See the module docstring. `cache_size` bounds the tables one worker keeps replayed."""

    def __init__(
        self,
        engine: sa.Engine,
        cache_size: int = 2048,
        exclusive: bool = False,
        turn_limits: Mapping[str, float] | None = None,
        now: Now = system,
        vacation_days: int = 21,
    ) -> None:
        TableCache.__init__(self, cache_size, exclusive, turn_limits)
        self.engine = engine
        # Reads go through connections without a transaction on PostgreSQL (storage.reader).
        self.reader = storage.reader(engine)
        # The one clock the service's time comes from (``hanse.server.clock``): tests move it.
        self.now = now
        # Tables whose moves this version cannot replay; their bots are not asked to move.
        self._unreadable: set[str] = set()
        # A seat's token never changes once set, so its seat can be remembered.
        self._token_seats: dict[str, tuple[str, int]] = {}
        self.accounts = AccountService(engine, self._summary)
        self.chat_room = ChatService(engine)
        self.vacations = VacationService(engine, now, vacation_days)
        # How many take-backs a seat may make (undo_limits.py; the app sets its settings').
        self.undo_limits: UndoLimits | None = None

    # -- replaying (the cache itself: table_cache.py) -------------------------------------------
    def _seats(self, conn: sa.Connection, table_id: str) -> list[Seat]:
        rated = ratings.seat_ratings(conn, table_id)  # beside each name (ratings.py)
        rows = conn.execute(
            sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        )
        return [
            Seat(
                r.seat,
                r.kind,
                r.level,
                r.name,
                r.token_hash is not None,
                r.account_id,
                r.timed_out,
                program=r.bot_token is not None,
                rating=rated[r.seat][0] if r.seat in rated else None,
                rating_change=rated[r.seat][1] if r.seat in rated else None,
            )
            for r in rows
        ]

    def _live(self, conn: sa.Connection, table_id: str) -> LiveTable:
        """The table brought up to its last stored move (call with the table's lock held)."""
        epoch = self.hearing.epoch if self.hearing is not None else 0
        head = conn.execute(move_store.HEAD, {"table_id": table_id}).first()
        if head is None:
            raise not_found("table")
        with self._guard:
            live = self._cache.get(table_id)
        stored: Sequence[Any] = ()
        # Events only where the table is replayed from its start: each moved the version without
        # a decision, so a cached table with one stored after it is never brought up to date.
        told: list[TableEvent] = []
        if live is not None and live.seq <= head.seq:
            if live.status != head.status or head.status == "waiting":
                live.seats = self._seats(conn, table_id)
            if head.seq > live.seq:
                stored = conn.execute(
                    move_store.MOVES_AFTER,
                    {"table_id": table_id, "after": live.seq, "upto": head.seq},
                ).all()
            # A move taken back since (it moved the version but added no decision) makes the
            # cached state wrong: the table is replayed from its start instead.
            decisions = sum(1 for _, player, _ in stored if player != CHANCE)
            if live.version + decisions != head.version:
                live = None
        if live is None or live.seq > head.seq:
            row = conn.execute(TABLE_ROW, {"table_id": table_id}).one()
            live = fresh_table(row, row.status, self._seats(conn, table_id))
            stored = conn.execute(
                move_store.MOVES_AFTER, {"table_id": table_id, "after": 0, "upto": head.seq}
            ).all()
            told = table_events.stored(conn, table_id, head.seq)
        try:
            for item in sorted([*stored, *told], key=lambda item: int(item.seq)):
                if isinstance(item, TableEvent):
                    live.tell(item)
                    continue
                seq, player, text = item
                live.replay(seq, player, text)
        except IllegalActionError as error:
            raise self._unreadable_table(table_id, seq, text, error) from None
        # The head counts changes without a move too (each moved seq and version once).
        live.seq, live.version = head.seq, head.version
        live.changed_at = epoch_seconds(head.updated_at)
        live.turn_limit = self.turn_limits[live.mode]
        live.undo_limits = self.undo_limits
        live.status = head.status
        live.rematch = head.rematch
        live.notice = head.notice
        live.now = self.now
        live.clock = clock_store.read(conn, live, head.time_control, head.clock_started_at)
        if self.hearing is not None:
            self.hearing.checked(live, epoch)
        self._remember(live)
        return live

    def _unreadable_table(
        self, table_id: str, seq: int, text: str, error: IllegalActionError
    ) -> ApiError:
        """A table whose stored moves this version cannot replay (written by an older notation):
        it is answered with this error, left as it is in the database, and its bots rest."""
        self._forget(table_id)
        with self._guard:
            self._unreadable.add(table_id)
        return conflict(f"{UNREADABLE}: move {seq}, {text!r}: {error}")

    def live(self, table_id: str) -> LiveTable:
        with self._locked(table_id), self.reader.connect() as conn:
            return self._live(conn, table_id)

    # -- reading -----------------------------------------------------------------------------
    def read(
        self,
        table_id: str,
        seat: int | None,
        log_from: int = 0,
        held: int | None = None,
        *,
        log_json: bool = False,
    ) -> dict[str, Any]:
        """The payload (:meth:`LiveTable.payload`: its log from entry `log_from`, or after the
        entry numbered `held`; with `log_json`, the log already serialised)."""
        with self._locked(table_id):
            live = self._exclusive_cached(table_id)
            # A clock is read afresh: a vacation may have begun since the last move (clock_store).
            if live is not None and live.clock is None:
                return live.payload(seat, log_from, held, log_json=log_json)
            with self.reader.connect() as conn:
                live = self._live(conn, table_id)
                return live.payload(seat, log_from, held, log_json=log_json)

    def read_after(self, table_id: str, seat: int | None, held: int, seq: int) -> dict[str, Any]:
        """As :meth:`read_cached`, waiting for the table and reading the database when the
        worker's cache does not hold move `seq` yet."""
        with self._locked(table_id):
            with self._guard:
                live = self._cache.get(table_id)
            if live is not None and live.seq >= seq > 0:
                return live.payload(seat, held=held)
            with self.reader.connect() as conn:
                return self._live(conn, table_id).payload(seat, held=held)

    def lobby(self, status: str, limit: int = 100) -> list[dict[str, Any]]:
        return self.lobby_page(LobbyQuery(status, limit=limit)).tables

    def lobby_page(self, query: LobbyQuery) -> LobbyPage:
        """A page of the lobby (``lobby_query.py``: filters, and a cursor for the next)."""
        with self.reader.connect() as conn:
            return lobby_query.page(conn, query, self._summary)

    def _summary(self, conn: sa.Connection, row: Any) -> dict[str, Any]:
        return {
            "id": row.id,
            "game": row.game,
            "title": game_class(row.game).title,
            "players": row.players,
            "flags": {**{f.name: f.default for f in game_class(row.game).flag_docs()}, **row.flags},
            "mode": row.mode,
            "visibility": row.visibility,
            "status": row.status,
            "version": row.version,
            "decider": row.decider,
            "seats": [s.public() for s in self._seats(conn, row.id)],
            "updated_at": row.updated_at.isoformat(),
            "clock": row.time_control,
            "lang": row.lang,  # its creator's language (the lobby's filter)
        }

    def record(self, table_id: str) -> dict[str, Any]:
        """The finished game's record, as ``hanse replay`` reads it."""
        with self._locked(table_id), self.reader.connect() as conn:
            live = self._live(conn, table_id)
            if live.status != "finished":
                raise conflict("the game is not finished; its record would tell hidden moves")
            stored = conn.execute(
                sa.select(moves.c.player, moves.c.action)
                .where(moves.c.table_id == table_id, moves.c.undone == sa.false())
                .order_by(moves.c.seq)
            ).all()
        record = MatchRecord(
            game_id=live.game_id,
            num_players=live.players,
            flags=dict(live.game.flags),
            seed=None,
            actions=[(player, text) for player, text in stored],
            # A table finished on upgrading (its notice) was not played out: no result.
            scores=list(live.game.scores(live.state)) if live.notice is None else None,
            winners=list(live.game.winners(live.state)) if live.notice is None else None,
            players=[s.name or f"bot {s.level}" for s in live.seats],
        )
        return record.to_json()

    # -- playing -----------------------------------------------------------------------------
    def submit(
        self,
        table_id: str,
        seat: int,
        text: Any,
        version: Any,
        by_bot: bool = False,
        *,
        log_json: bool = False,
    ) -> Submitted:
        """Check and store one move of `seat`, then draw and store the chance that follows (the
        answer's log already serialised with `log_json`)."""
        if not isinstance(version, int) or isinstance(version, bool):
            raise invalid("version is the table's version number the move was chosen at")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_ACTION_TEXT:
            raise invalid("action is the move's notation, a non-empty text")
        with self._locked(table_id):
            if self.exclusive:
                cached = self._exclusive_cached(table_id)
            else:
                cached = self._cached_at(table_id, version)
            if cached is not None:
                live = cached
            else:
                with self.reader.connect() as conn:
                    live = self._live(conn, table_id)
            if live.status == "waiting":
                raise conflict("the game has not started: seats are still open", version=0)
            if live.status == "finished":
                raise conflict("the game is over", version=live.version)
            if version != live.version:
                raise conflict(
                    f"stale move: it was chosen at version {version}, "
                    f"the table is at version {live.version}",
                    version=live.version,
                )
            decider = live.decider
            if decider != seat:
                raise forbidden(f"it is seat {decider}'s decision, not seat {seat}'s")
            if not by_bot and live.seats[seat].kind == "bot":
                raise forbidden(f"seat {seat} is a bot's")
            state = live.state.clone()
            try:
                action = live.game.action_from_str(text.strip())
                made = [live.step(state, seat, action)]
            except IllegalActionError as error:
                raise invalid(str(error)) from None
            made += live.resolve_chance(state)
            try:
                with self.engine.begin() as conn:
                    clock = self._store(conn, live, live.seq, made, state)
            except sa.exc.IntegrityError:
                raise self._lost_race(table_id) from None
            old_seq, old_version = live.seq, live.version
            live.commit(state, made)
            live.clock = clock
            live.status = "finished" if live.is_over else "playing"
            decider = live.decider
            bot_next = decider is not None and live.seats[decider].kind == "bot"
            made_text = tuple((move.player, move.text) for move in made)
            news = MoveNews(
                old_seq, old_version, live.seq, live.version, live.changed_at, made_text
            )
            return Submitted(live.payload(seat, log_json=log_json), bot_next, live.seq, news)

    def undo(self, table_id: str, seat: int, version: int) -> Submitted:
        """Take back `seat`'s last move, shown at `version` (DESIGN.md: the row is marked undone,
        never deleted; the table's seq and version move on, so a move chosen before the undo is
        refused as stale, in any worker). Allowed while the seat still decides, for its own
        decisions since the last move of another player or of chance, when they showed it
        nothing hidden (:meth:`LiveTable.undo_refusal`); one move per call."""
        with self._locked(table_id):
            with self.reader.connect() as conn:
                live = self._live(conn, table_id)
            check_version(live, version)
            if live.seats[seat].kind != "human":
                raise forbidden(f"seat {seat} is a bot's")
            refusal = live.undo_refusal(seat)
            if refusal is not None:
                raise conflict(f"nothing to take back: {refusal}", version=live.version)
            limited = self.undo_limits and self.undo_limits.refusal(live, seat, self.now())
            if limited:
                raise limited
            move_seq = live.log[-1][0]
            undone = {"move_table": table_id, "move_seq": move_seq}
            told = taken_back(live.seq + 1, seat, move_seq)
            clock = live.clock

            def write(conn: sa.Connection) -> None:
                conn.execute(move_store.MARK_UNDONE, undone)
                clock_store.take_increment_back(conn, table_id, seat, clock)

            live = self._change(live, write, told)
            return Submitted(live.payload(seat), False, live.seq)

    def hand_to_bot(
        self, table_id: str, caller: int, seat: int, version: int, level: str = "easy"
    ) -> Submitted:
        """Let a bot of `level` play `seat` from now on (its name stays): the caller's own seat,
        which a player leaves whenever it likes, or the seat of a player who has had its decision
        for longer than the table's turn limit (:meth:`LiveTable.take_over_refusal`)."""
        if level not in BOT_LEVELS:
            raise invalid(f"a bot level is one of {', '.join(BOT_LEVELS)}, not {level!r}")
        with self._locked(table_id):
            with self.reader.connect() as conn:
                live = self._live(conn, table_id)
            if not 0 <= seat < live.players:
                raise invalid(f"seat is 0 to {live.players - 1}, not {seat}")
            check_version(live, version)
            refusal = live.take_over_refusal(caller, seat)
            if refusal is not None:
                raise conflict(f"the seat stays: {refusal}", version=live.version)
            to_bot = (
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind="bot", level=level)
            )
            told = handed_to_bot(live.seq + 1, seat, caller, level)
            stop = clock_store.stopper(live, seat, self.now())

            def write(conn: sa.Connection) -> None:
                conn.execute(to_bot)
                stop(conn)

            live = self._change(live, write, told)
            return Submitted(live.payload(caller), live.decider == seat, live.seq)

    def _change(
        self, live: LiveTable, write: Callable[[sa.Connection], Any], event: TableEvent
    ) -> LiveTable:
        """Store a change that is no move (`write`, and the `event` that tells it in the log,
        numbered with the table's next seq, in the transaction that moves the table's seq and
        version on, only if nobody changed the table first); the table replayed again (call
        with the table's lock held)."""
        now = moment(self.now)
        with self.engine.begin() as conn:
            updated = conn.execute(
                move_store.CHANGED,
                {
                    "table_id": live.id,
                    "old_seq": live.seq,
                    "old_version": live.version,
                    "at": now,
                },
            )
            if updated.rowcount != 1:
                raise self._lost_race(live.id)
            write(conn)
            table_events.store(conn, live.id, event, now)
        self._forget(live.id)
        with self.reader.connect() as conn:
            return self._live(conn, live.id)

    def _lost_race(self, table_id: str) -> ApiError:
        with self.reader.connect() as conn:
            live = self._live(conn, table_id)
        return conflict(
            f"stale move: another move was stored first; the table is at version {live.version}",
            version=live.version,
        )

    def _store(
        self, conn: sa.Connection, table: LiveTable, seq: int, made: list[Move], after: Any
    ) -> TableClock | None:
        """Advance the table by `made` (``move_store.advance``); its clocks returned."""
        clock, rated = move_store.advance(conn, table, seq, made, after, self.now)
        if rated:
            table.seats = self._seats(conn, table.id)  # the new ratings beside the names
        return clock

    # -- chat (chat.py) ------------------------------------------------------------------------
    def say(self, table_id: str, seat: int, text: Any) -> int:
        return self.chat_room.say(table_id, seat, text)

    def chat(self, table_id: str, after: int = 0, limit: int = 50) -> list[dict[str, Any]]:
        return self.chat_room.chat(table_id, after, limit)

    # -- bots (bot_turns.py) ---------------------------------------------------------------------
    def claim_bot_turn(self, table_id: str, holder: str, ttl: float = 20.0) -> BotTurn | None:
        """The pending decision of a bot seat, if no other worker is thinking about it."""
        with self._locked(table_id):
            with self.reader.connect() as conn:
                live = self._live(conn, table_id)
            return bot_turns.claim(self.engine, live, holder, ttl)

    def tables_awaiting_bots(self) -> list[str]:
        """Playing tables whose decider is a bot seat, but those this version cannot replay."""
        return [id_ for id_ in bot_turns.awaiting(self.engine) if id_ not in self._unreadable]

    # -- accounts (accounts.py) ----------------------------------------------------------------
    def create_account(self, name: Any, password: Any) -> tuple[int, str]:
        return self.accounts.create_account(name, password)

    def login(self, name: Any, password: Any) -> tuple[int, str]:
        return self.accounts.login(name, password)

    def account_of_session(self, token: str) -> tuple[int, str] | None:
        return self.accounts.account_of_session(token)

    def logout(self, token: str) -> None:
        self.accounts.logout(token)

    def tables_of_account(self, account_id: int) -> list[dict[str, Any]]:
        return self.accounts.tables_of_account(account_id)

    def tables_of_guest(self, held: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
        return self.accounts.tables_of_guest(held)
