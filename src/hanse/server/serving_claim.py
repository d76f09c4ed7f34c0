"""Which servers may serve one database together, told to each other at start-up.

A worker without Redis believes it is the only one writing its database (``TableService
.exclusive``): it answers reads from its copies of the tables and stores a move without reading
the table first. Beside a second server on the same database it would answer with tables that
the other changed (its moves would still be refused as stale, never stored twice: the write
checks the version). Workers with Redis hear each other's moves and may be many.

So every worker claims the database (its schema) for as long as it runs, with a session-level
advisory lock on a connection of its own: a worker without Redis exclusively, a worker with
Redis shared. A worker whose claim is refused does not start, and says why. A lost connection
(PostgreSQL restarted) loses the lock: the worker looks every :data:`CHECK_SECONDS` and takes it
again; where another server took the database meanwhile, a worker without Redis stops answering
from its copies (every read goes to the database), and either says so in its log. Where the database
cannot be reached at start-up the claim is not made (the server starts and answers 503 until the
database is back, as before); that is said in the log.

On SQLite (one worker only: ``hanse serve`` refuses more) the claim is an exclusive ``flock`` on
the database file, held while the worker runs: a second ``hanse serve`` on the same file (on
another port) does not start. SQLite's own locks are of another kind (``fcntl``), which
``flock`` does not touch; the file is opened once for the claim and closed only at the end,
after the database engine, since closing any descriptor of the file would drop the process's
``fcntl`` locks.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os

import sqlalchemy as sa

log = logging.getLogger("hanse.server")

# Two 32-bit keys: Hanse's servers, and the schema (tests and operators may keep several
# Hanse schemas in one database, each served on its own).
_CLAIM = "SELECT pg_try_advisory_lock{shared}(hashtext('hanse serve'), hashtext(current_schema()))"

# The sessions holding that lock now: the workers serving this schema (pg_locks shows the two
# keys as unsigned 32-bit numbers).
_SHARERS = """
SELECT count(DISTINCT pid) FROM pg_locks
WHERE locktype = 'advisory' AND granted AND objsubid = 2
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND classid::bigint = (hashtext('hanse serve')::bigint & 4294967295)
  AND objid::bigint = (hashtext(current_schema())::bigint & 4294967295)
"""

CHECK_SECONDS = 15.0


class ServingConflictError(RuntimeError):
    """Another server serves this database in a way this worker cannot serve beside."""


class ServingClaim:
    def __init__(self, engine: sa.Engine, exclusive: bool) -> None:
        self.engine = engine
        self.exclusive = exclusive
        self._connection: sa.Connection | None = None
        self._file: int | None = None  # SQLite: the descriptor holding the flock
        self._claimed = False  # PostgreSQL: claimed (kept() takes it again where it is lost)

    def take(self) -> None:
        """Claim the database for this worker, or raise :class:`ServingConflictError`."""
        if self.engine.dialect.name == "sqlite":
            self._take_file()
            return
        if self.engine.dialect.name != "postgresql":
            return
        shared = "" if self.exclusive else "_shared"
        self._claimed = True  # wanted from now on: kept() takes it where it could not be taken
        connection: sa.Connection | None = None
        try:
            connection = self.engine.connect()
            claimed = connection.execute(sa.text(_CLAIM.format(shared=shared))).scalar()
            connection.commit()  # the lock is the session's: it outlives the transaction
        except sa.exc.DBAPIError as error:
            if connection is not None:
                with contextlib.suppress(sa.exc.DBAPIError):
                    connection.close()
            log.warning(
                "could not tell whether another server serves this database (%s); "
                "serving without knowing, asked again later",
                error.orig,
            )
            return
        if not claimed:
            connection.close()
            raise ServingConflictError(_conflict(self.exclusive))
        connection.detach()  # out of the pool: closing it ends the session and the claim
        self._connection = connection

    def kept(self) -> bool:
        """Whether the claim still stands, taken again where its connection was lost (a
        restart or failover of PostgreSQL ends the session and with it the lock); False where
        another server took the database meanwhile. While the database cannot be reached it
        cannot be told: True, and asked again next time."""
        if self.engine.dialect.name != "postgresql" or not self._claimed:
            return True
        if self._connection is not None:
            try:
                self._connection.execute(sa.text("SELECT 1")).scalar()
                self._connection.commit()
                return True
            except sa.exc.DBAPIError:
                with contextlib.suppress(sa.exc.DBAPIError):
                    self._connection.close()
                self._connection = None
        try:
            self.take()
        except ServingConflictError:
            return False
        return True

    def sharers(self) -> int | None:
        """How many workers serve this database now, this one included (PostgreSQL: those
        holding the claim); None where that cannot be told (another database, or it cannot be
        reached)."""
        if self.engine.dialect.name != "postgresql" or self._connection is None:
            return None
        try:  # on the claim's own connection (kept() looks after it), not one of the pool's
            count = self._connection.execute(sa.text(_SHARERS)).scalar()
            self._connection.commit()
        except sa.exc.DBAPIError:
            with contextlib.suppress(sa.exc.DBAPIError):
                self._connection.rollback()  # the session, and with it the claim, kept
            return None
        return int(count or 0)

    def _take_file(self) -> None:
        path = self.engine.url.database
        if not path or path == ":memory:" or not os.path.exists(path):
            return  # a database in memory is this process's alone
        descriptor = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise ServingConflictError(
                f"another Hanse server serves this SQLite file ({path}); stop it first"
            ) from None
        self._file = descriptor

    def release(self) -> None:
        """End the claim (after the engine is disposed: see the module docstring)."""
        self._claimed = False
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._file is not None:
            os.close(self._file)
            self._file = None


def _conflict(exclusive: bool) -> str:
    if exclusive:
        return (
            "another Hanse server serves this database; servers that share one must each be "
            "given Redis (--redis-url or HANSE_REDIS_URL), so that each hears the others' moves"
        )
    return (
        "a Hanse server without Redis serves this database as its only writer; give it Redis "
        "too (--redis-url or HANSE_REDIS_URL), or stop it, before starting more workers"
    )
