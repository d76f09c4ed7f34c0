"""Engines and migrations: embedded SQLite by default, PostgreSQL through psycopg 3.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed move survives a killed server
process (only a power loss could take the last commits, and the server acknowledges a move only
after its commit). Foreign keys are switched on, which SQLite leaves off by default.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

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
        return engine
    if parsed.get_backend_name() != "postgresql":
        raise StorageError(f"Hanse stores tables in SQLite or PostgreSQL, not {parsed.drivername}")
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return sa.create_engine(parsed, pool_size=24, max_overflow=24, pool_pre_ping=True)


def _alembic_config(connection: sa.Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
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
            command.upgrade(_alembic_config(connection), "head")
    except sa.exc.OperationalError as error:
        raise StorageError(f"cannot reach the database: {error.orig}") from None


def head_revision() -> str | None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()
