"""Engines and migrations: embedded SQLite by default, PostgreSQL through psycopg 3.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed move survives a killed server
process (only a power loss could take the last commits, and the server acknowledges a move only
after its commit). Foreign keys are switched on, which SQLite leaves off by default.

SQLite lets one connection write at a time. Left to itself, a connection that finds the write
lock taken sleeps in SQLite's busy handler (1, 2, 5, ... up to 100 ms between tries), so that
under load a write waits far longer than the write before it took: the long tail of the submit
latency. The writers of one server process therefore queue on a lock of its own instead
(:class:`_OneWriter`), taken at a transaction's first write and given back at its end, which
hands the write on the moment it is free.

A database already at the newest migration (a server restarted, the second of two servers started
together) is recognised with one query, without Alembic: importing Alembic and reading its
scripts costs a server start about a fifth of a second of CPU, which it then pays only when there
is something to migrate.

On PostgreSQL every round trip costs both processes CPU, so the hot paths make as few as they
can. A connection taken from the pool is pinged only when it lay unused for
:data:`PING_AFTER_IDLE` seconds (a restarted database is noticed there; a connection lost while
in use fails its one request, 503, and SQLAlchemy then renews the whole pool), and reads go
through :func:`reader`, whose connections run in autocommit: no ``BEGIN`` before the first
query and no ``ROLLBACK`` when the connection goes back (at PostgreSQL's default isolation, read
committed, each statement sees the latest commits either way). With a ping at every checkout
and a transaction around every read, a move cost 17 statements, 9 of them these.
"""

from __future__ import annotations

import re
import threading
import time
import weakref
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATING = 0x48616E7365  # "Hanse": the advisory lock held while migrating


class StorageError(RuntimeError):
    """A database URL that cannot be used, said in one line."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLAC", "CREATE", "DROP", "ALTER")


class _OneWriter:
    """The write lock of one SQLite engine's connections in this process (see the module
    docstring), held from a transaction's first write until its commit or rollback has been
    done (the engine's own ``commit`` event comes before it). Reentrant: a thread writing on two
    connections at once waited for itself in SQLite before (until the busy timeout), and still
    does, not forever."""

    def __init__(self, engine: sa.Engine) -> None:
        self.lock = threading.RLock()
        self.writing: set[int] = set()  # the DBAPI connections holding the lock, by id
        sa.event.listen(engine, "before_cursor_execute", self.before_execute)
        dialect = engine.dialect
        commit, rollback = dialect.do_commit, dialect.do_rollback

        def do_commit(connection: Any) -> None:
            try:
                commit(connection)
            finally:
                self.ended(connection)

        def do_rollback(connection: Any) -> None:  # also the pool's, on giving a connection back
            try:
                rollback(connection)
            finally:
                self.ended(connection)

        dialect.do_commit = do_commit  # type: ignore[method-assign,assignment]
        dialect.do_rollback = do_rollback  # type: ignore[method-assign,assignment]

    def before_execute(self, _conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip()[:6].upper().startswith(_WRITES):
            self.take(cursor.connection)

    def take(self, dbapi_connection: Any) -> None:
        """The lock for the transaction of `dbapi_connection`, unless it holds it already."""
        raw = id(dbapi_connection)
        if raw not in self.writing:
            self.lock.acquire()
            self.writing.add(raw)

    def ended(self, connection: Any) -> None:
        raw = id(getattr(connection, "dbapi_connection", connection))
        if raw in self.writing:
            self.writing.discard(raw)
            self.lock.release()


_WRITERS: weakref.WeakKeyDictionary[sa.Engine, _OneWriter] = weakref.WeakKeyDictionary()


def write_turn(conn: sa.Connection) -> None:
    """On SQLite, take the engine's write lock for `conn`'s transaction now, before its first
    read, so that what it reads no other writer of this process changes before it writes (held
    to its commit or rollback). PostgreSQL: nothing (lock what is read there)."""
    writer = _WRITERS.get(conn.engine)
    if writer is not None:
        writer.take(conn.connection.dbapi_connection)


def write_lock(engine: sa.Engine) -> threading.RLock | None:
    """The lock an SQLite engine's writers queue on in this process (None for PostgreSQL)."""
    writer = _WRITERS.get(engine)
    return None if writer is None else writer.lock


def create_engine(url: str) -> sa.Engine:
    """An engine for `url`; the SQLite file's folder is created when missing."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError as error:
        raise StorageError(f"not a database URL: {url!r} ({error})") from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # As many connections as the server has threads: a thread never waits for one.
        engine = sa.create_engine(
            parsed,
            connect_args={"check_same_thread": False},
            pool_size=48,
            max_overflow=16,
        )
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        _WRITERS[engine] = _OneWriter(engine)
        return engine
    if parsed.get_backend_name() != "postgresql":
        raise StorageError(f"Hanse stores tables in SQLite or PostgreSQL, not {parsed.drivername}")
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    engine = sa.create_engine(parsed, pool_size=24, max_overflow=24)
    _ping_after_idle(engine)
    return engine


PING_AFTER_IDLE = 10.0
"""Seconds a pooled PostgreSQL connection may lie unused before it is pinged at checkout."""


def _ping_after_idle(engine: sa.Engine) -> None:
    """SQLAlchemy's pre-ping, only for a connection unused for :data:`PING_AFTER_IDLE` s: one
    found dead is replaced (the pool takes another when checkout raises ``DisconnectionError``)."""

    def checked_in(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.pop("idle_since", None)
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # any failure means: not this connection
            raise sa.exc.DisconnectionError(f"a pooled connection is gone: {error}") from error

    sa.event.listen(engine, "checkin", checked_in)
    sa.event.listen(engine, "checkout", checked_out)


def reader(engine: sa.Engine) -> sa.Engine:
    """`engine` for reading only: on PostgreSQL its connections run in autocommit (see the
    module docstring); SQLite's are left as they are (in-process, a transaction costs no round
    trip, and its write lock is taken by statement)."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


def _alembic_config(connection: sa.Connection | None = None) -> Config:
    """Alembic's configuration of our migrations (on `connection`, to run them there)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def migrate(engine: sa.Engine) -> None:
    """Bring the schema up to the newest migration (idempotent)."""
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # Servers started together (a systemd unit per worker, docs/deploy.md) migrate
                # one after the other; the next finds the schema at head and does nothing.
                connection.execute(
                    sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATING}
                )
            if _is_at_head(connection):
                return
            from alembic import command

            command.upgrade(_alembic_config(connection), "head")
    except sa.exc.OperationalError as error:
        raise StorageError(f"cannot reach the database: {error.orig}") from None


def head_revision() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config()).get_current_head()


_REVISION = re.compile(r'^revision = "([^"]+)"$', re.M)
_DOWN_REVISION = re.compile(r'^down_revision = (?:None|"([^"]+)")$', re.M)


@cache
def scripts_head() -> str | None:
    """The newest migration's revision as its script names it, read without Alembic; None
    where the scripts are not one plain chain of ``revision = "..."`` and ``down_revision =
    ...`` lines (then Alembic decides)."""
    revisions, downs = set(), set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
        if script.name == "__init__.py":
            continue
        text = script.read_text(encoding="utf-8")
        revision, down = _REVISION.findall(text), _DOWN_REVISION.search(text)
        if len(revision) != 1 or down is None:
            return None
        revisions.add(revision[0])
        downs.add(down.group(1))
    heads = revisions - downs
    return heads.pop() if len(heads) == 1 else None


def _is_at_head(connection: sa.Connection) -> bool:
    """Whether the schema is at the newest migration already: its ``alembic_version`` names
    exactly that one revision (what ``alembic upgrade head`` would find, and then do nothing)."""
    head = scripts_head()
    if head is None or not sa.inspect(connection).has_table("alembic_version"):
        return False
    versions = connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalars()
    return list(versions) == [head]
