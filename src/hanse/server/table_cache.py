"""One worker's cache of the tables it has replayed, and what it answers from the cache alone.

A table is replayed from its stored moves (``TableService._live``, which reads the database) and
kept here, under a lock per table that every change of it takes. What may be answered from the
cache without the database: where this worker is the only one writing (``exclusive``), its cached
table is the table; where other workers write too, the cached table is the table once the worker
has heard every move published before the read and its hearing trusts it (``hearing.py``), the
moves heard from the other workers being replayed into the cache as they come (:meth:`hear`).
Only a game under way without a clock is answered so: a clock is read afresh at each read, and
the end of a game (ratings, the rematch) is read from the database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from hanse.core.protocol import IllegalActionError
from hanse.server.hearing import Hearing, MoveNews
from hanse.server.live_table import LiveTable


class TableCache:
    """The cache part of ``TableService``. `cache_size` bounds the tables one worker keeps."""

    def __init__(
        self, cache_size: int, exclusive: bool, turn_limits: Mapping[str, float] | None
    ) -> None:
        # Per mode, the seconds a person may take over a decision before the other players may
        # let a bot play the seat (``Settings.live_turn_limit``, ``async_turn_limit``).
        self.turn_limits = dict(turn_limits or {"live": 300.0, "async": 3 * 86_400.0})
        # The only worker writing to this database: its cache of a table is the table, so a move
        # needs no read before its write (the write still checks the table's seq).
        self.exclusive = exclusive
        # Else: what this worker heard of the other workers' moves (hearing.py).
        self.hearing = None if exclusive else Hearing()
        self._cache: OrderedDict[str, LiveTable] = OrderedDict()
        self._cache_size = cache_size
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    @contextmanager
    def _locked(self, table_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.Lock())
        with lock:
            yield

    @contextmanager
    def _unless_busy(self, table_id: str) -> Iterator[bool]:
        """The table's lock held for the block if nobody holds it now (True), else not waited
        for (False): what the event loop may do with a cached table."""
        with self._guard:
            lock = self._locks.get(table_id)
        if lock is None or not lock.acquire(blocking=False):
            yield False
            return
        try:
            yield True
        finally:
            lock.release()

    def _remember(self, live: LiveTable) -> None:
        with self._guard:
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            while len(self._cache) > self._cache_size:
                old, _ = self._cache.popitem(last=False)
                self._locks.pop(old, None)

    def _forget(self, table_id: str) -> None:
        with self._guard:
            self._cache.pop(table_id, None)

    def _playing_cached(self, table_id: str) -> LiveTable | None:
        """The cached table if its game is on (its turn limit the service's now), else None."""
        with self._guard:
            cached = self._cache.get(table_id)
        if cached is None or cached.status != "playing":
            return None
        cached.turn_limit = self.turn_limits[cached.mode]
        return cached

    def _exclusive_cached(self, table_id: str) -> LiveTable | None:
        """The cached table where this worker is the only one writing (its cache is the table)
        and the game is on, else None: the table is read from the database (call with the
        table's lock held)."""
        return self._playing_cached(table_id) if self.exclusive else None

    def _cached_at(self, table_id: str, version: int) -> LiveTable | None:
        """With other workers writing too: the cached table if it is at `version`, the version a
        move was chosen at, with the game on and no clock; else None. Its move needs no read
        first: it is stored only from the cached table's seq and version (``move_store.ADVANCE``),
        and every change of a game under way moves the version on, so a table changed meanwhile
        through another worker refuses it as stale, as a read would have (call with the table's
        lock held)."""
        cached = self._playing_cached(table_id)
        if cached is None or cached.version != version or cached.clock is not None:
            return None
        return cached

    def read_now(
        self,
        table_id: str,
        seat: int | None,
        log_from: int = 0,
        held: int | None = None,
        *,
        log_json: bool = False,
    ) -> dict[str, Any] | None:
        """As :meth:`read`, from the cache without waiting or the database, where this worker is
        the only one writing, the game is on without a clock and no move is being stored right
        now; else None. Cheap enough for the event loop (as :meth:`read_cached`)."""
        if not self.exclusive:
            return None
        return self._read_playing(table_id, seat, log_from, held, log_json)

    def read_heard(
        self,
        table_id: str,
        seat: int | None,
        log_from: int = 0,
        held: int | None = None,
        *,
        log_json: bool = False,
    ) -> dict[str, Any] | None:
        """As :meth:`read_now` where other workers write too, once the worker has heard every
        move published before the read (``Events.barrier``): from the cache if it is the table
        (``hearing.py``), else None."""
        if self.hearing is None:
            return None
        return self._read_playing(table_id, seat, log_from, held, log_json, self.hearing.trusts)

    def _read_playing(
        self,
        table_id: str,
        seat: int | None,
        log_from: int,
        held: int | None,
        log_json: bool,
        trusted: Callable[[LiveTable], bool] | None = None,
    ) -> dict[str, Any] | None:
        """The payload from the cached table if its game is on without a clock, nobody is
        changing it right now and `trusted` (if given) trusts it; else None."""
        with self._unless_busy(table_id) as free:
            live = self._playing_cached(table_id) if free else None
            if live is None or live.clock is not None or (trusted and not trusted(live)):
                return None
            return live.payload(seat, log_from, held, log_json=log_json)

    def read_cached(
        self, table_id: str, seat: int | None, held: int, seq: int
    ) -> dict[str, Any] | None:
        """The payload for a client holding the log up to entry `held`, from the cache, without
        waiting or the database, if it holds move `seq` and no move is being stored right now;
        else None. Cheap enough for the event loop."""
        with self._unless_busy(table_id) as free:
            with self._guard:
                live = self._cache.get(table_id) if free else None
            return (
                live.payload(seat, held=held) if live is not None and live.seq >= seq > 0 else None
            )

    def hear(self, table_id: str, seq: int, news: MoveNews | None) -> None:
        """Another worker (or this one) changed the table up to `seq`, by the moves in `news`
        if given: the cached table, if it is where the moves were made from, replays them, as
        after reading them from the database. Cheap enough for the event loop: where the table
        is being changed here right now, it is left behind (and read afresh when next asked)."""
        if self.hearing is None:
            return
        self.hearing.heard(table_id, seq)
        if news is None:
            return
        with self._unless_busy(table_id) as free:
            live = self._playing_cached(table_id) if free else None
            if (
                live is None
                or live.clock is not None
                or (live.seq, live.version) != (news.old_seq, news.old_version)
                or live.heard_epoch != self.hearing.epoch
            ):
                return
            try:
                for number, (player, text) in enumerate(news.made, start=news.old_seq + 1):
                    live.replay(number, player, text)
            except Exception as error:  # not the game this worker has: read it afresh
                self._forget(table_id)
                if isinstance(error, IllegalActionError):
                    return
                raise
            if live.is_over:  # its end (ratings, the rematch) is read from the database
                self._forget(table_id)
                return
            live.seq, live.version, live.changed_at = news.seq, news.version, news.at

    def deaf(self) -> None:
        """News of other workers' changes may have been missed (``Hearing.deaf``)."""
        if self.hearing is not None:
            self.hearing.deaf()
