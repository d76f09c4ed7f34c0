"""``hanse backup FILE``: a consistent copy of a SQLite database while the server writes to it.

SQLite's online backup (``sqlite3.Connection.backup``) copies every page inside one read
transaction, so the copy is the database as it stood at one commit: no half-written move, however
busy the tables are. Copied in a single step it cannot be restarted by a writer (a stepwise backup
starts over whenever another connection writes, and could chase a busy server for ever); in WAL
mode the server's writers go on meanwhile. The copy is written beside FILE, switched out of WAL
mode so it is one self-contained file, checked (``PRAGMA integrity_check``) and only then given
its name.

PostgreSQL has its own consistent dump, ``pg_dump``; for a PostgreSQL URL this names the command
(without the password, which pg_dump reads from ``~/.pgpass`` or ``PGPASSWORD``).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import sqlalchemy as sa


class BackupError(RuntimeError):
    """A backup that was not made, and why, in words for the operator."""


@dataclass(frozen=True)
class Copied:
    path: Path
    tables: int
    moves: int
    size: int


def backup(database_url: str, target: Path) -> Copied:
    try:
        url = sa.make_url(database_url)
    except sa.exc.ArgumentError:
        raise BackupError(f"not a database URL: {database_url!r}") from None
    backend = url.get_backend_name()
    if backend == "postgresql":
        raise BackupError(
            "hanse backup copies SQLite databases; PostgreSQL makes its own consistent dump "
            f"while the server serves:\n  {pg_dump_command(url, target)}\n"
            "(pg_dump reads the password from ~/.pgpass or PGPASSWORD; restore with pg_restore)"
        )
    if backend != "sqlite":
        raise BackupError(f"Hanse stores tables in SQLite or PostgreSQL, not {url.drivername}")
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory database has nothing to copy")
    source = Path(url.database).expanduser()
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists():
        raise BackupError(f"{target} exists already; name a new file")
    if not target.parent.is_dir():
        raise BackupError(f"there is no folder {target.parent}")
    return _copy_sqlite(source, target)


def pg_dump_command(url: sa.URL, target: Path) -> str:
    """The pg_dump command line for `url`: its host, port, user, database and, where the URL
    sets a search_path (one schema per server), that schema only."""
    command = ["pg_dump", "--format=custom", f"--file={target}"]
    if url.host:
        command.append(f"--host={url.host}")
    if url.port:
        command.append(f"--port={url.port}")
    if url.username:
        command.append(f"--username={url.username}")
    options = url.query.get("options", "")
    for option in options if isinstance(options, tuple) else (options,):
        prefix = "-csearch_path="
        if unquote(option).startswith(prefix):
            command.append(f"--schema={unquote(option)[len(prefix) :]}")
    command.append(url.database or "postgres")
    return shlex.join(command)


def _copy_sqlite(source: Path, target: Path) -> Copied:
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(source, timeout=30)) as reader,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            reader.backup(copy)  # pages=-1: all in one read transaction, one commit's state
            copy.execute("PRAGMA journal_mode=DELETE")
            checked = copy.execute("PRAGMA integrity_check").fetchone()[0]
            if checked != "ok":
                raise BackupError(f"the copy failed SQLite's integrity check: {checked}")
            tables, moves = _counts(copy)
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"the copy failed: {error}") from None
    finally:
        partial.unlink(missing_ok=True)
    return Copied(target, tables, moves, target.stat().st_size)


def _counts(copy: sqlite3.Connection) -> tuple[int, int]:
    try:
        tables = copy.execute("SELECT count(*) FROM tables").fetchone()[0]
        moves = copy.execute("SELECT count(*) FROM moves").fetchone()[0]
    except sqlite3.OperationalError:
        raise BackupError("that database holds no Hanse tables") from None
    return int(tables), int(moves)
