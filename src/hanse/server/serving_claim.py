"""Which workers serve one PostgreSQL database together, told to each other at start-up.

A worker without Redis believes it is the only one writing its database (``TableService
.exclusive``): it answers reads from its copies of the tables and stores a move without reading
the table first. Beside a second server on the same database it would answer with tables that
the other changed (its moves would still be refused as stale, never stored twice: the write
checks the version). Workers with Redis hear each other's moves and may be many.

So every worker claims the database (its schema) for as long as it runs, with a session-level
advisory lock on a connection of its own: a worker without Redis exclusively, a worker with
Redis shared. A worker whose claim is refused does not start, and says why. Where the database
cannot be reached at start-up the claim is not made (the server starts and answers 503 until the
database is back, as before); that is said in the log. SQLite takes no claim: several workers
need PostgreSQL (``hanse serve`` refuses them on SQLite), and SQLite serves one process.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

log = logging.getLogger("hanse.server")

# Two 32-bit keys: Hanse's servers, and the schema (tests and operators may keep several
# Hanse schemas in one database, each served on its own).
_CLAIM = "SELECT pg_try_advisory_lock{shared}(hashtext('hanse serve'), hashtext(current_schema()))"


class ServingConflictError(RuntimeError):
    """Another server serves this database in a way this worker cannot serve beside."""


class ServingClaim:
    def __init__(self, engine: sa.Engine, exclusive: bool) -> None:
        self.engine = engine
        self.exclusive = exclusive
        self._connection: sa.Connection | None = None

    def take(self) -> None:
        """Claim the database for this worker, or raise :class:`ServingConflictError`."""
        if self.engine.dialect.name != "postgresql":
            return
        shared = "" if self.exclusive else "_shared"
        try:
            connection = self.engine.connect()
            claimed = connection.execute(sa.text(_CLAIM.format(shared=shared))).scalar()
            connection.commit()  # the lock is the session's: it outlives the transaction
        except sa.exc.DBAPIError as error:
            log.warning(
                "could not tell whether another server serves this database (%s); "
                "starting without knowing",
                error.orig,
            )
            return
        if not claimed:
            connection.close()
            raise ServingConflictError(_conflict(self.exclusive))
        connection.detach()  # out of the pool: closing it ends the session and the claim
        self._connection = connection

    def release(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


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
