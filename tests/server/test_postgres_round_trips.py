"""PostgreSQL's round trips on the hot paths (issue 32, speed): reads run without a transaction
(no ``BEGIN``, no ``ROLLBACK``), a pooled connection is pinged only after lying unused for
``storage.PING_AFTER_IDLE`` seconds, and one that died while idle is replaced, not handed out.
The machine's PostgreSQL is used for real (``tests/server/server_process.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from psycopg.pq import TransactionStatus

from hanse.server import storage
from tests.server.server_process import POSTGRES_DSN, drop_postgres_schema, new_postgres_schema


@pytest.fixture
def engine() -> Iterator[sa.Engine]:
    schema, url = new_postgres_schema()
    made = storage.create_engine(url)
    try:
        yield made
    finally:
        made.dispose()
        drop_postgres_schema(schema)


def _commands(engine: sa.Engine) -> list[str]:
    """Every command the engine's connections send from now on, BEGIN and ROLLBACK included
    (psycopg sends these itself, past SQLAlchemy's statement events)."""
    sent: list[str] = []
    original = psycopg.Connection._exec_command

    def counted(self: Any, command: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(bytes(command).decode() if isinstance(command, bytes) else str(command))
        return original(self, command, *args, **kwargs)

    sa.event.listen(
        engine, "before_cursor_execute", lambda *args: sent.append(" ".join(args[2].split()))
    )
    psycopg.Connection._exec_command = counted  # type: ignore[method-assign]
    return sent


@pytest.fixture
def restore_psycopg() -> Iterator[None]:
    original = psycopg.Connection._exec_command
    yield
    psycopg.Connection._exec_command = original  # type: ignore[method-assign]


def test_a_read_sends_its_query_and_nothing_around_it(
    engine: sa.Engine, restore_psycopg: None
) -> None:
    with storage.reader(engine).connect() as warm:  # the pool's first connection is made here
        warm.execute(sa.text("SELECT 1"))
    sent = _commands(engine)
    with storage.reader(engine).connect() as conn:
        assert conn.execute(sa.text("SELECT 2")).scalar() == 2
        raw = conn.connection.dbapi_connection
        assert raw is not None
        assert raw.info.transaction_status == TransactionStatus.IDLE  # no transaction open
    assert sent == ["SELECT 2"]


def test_a_write_still_runs_in_one_transaction(engine: sa.Engine) -> None:
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE t (x int)"))
    with pytest.raises(RuntimeError), engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO t VALUES (1)"))
        raw = conn.connection.dbapi_connection
        assert raw is not None
        assert raw.info.transaction_status == TransactionStatus.INTRANS
        raise RuntimeError("the write fails half-way")
    with storage.reader(engine).connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM t")).scalar() == 0  # nothing kept


def test_a_connection_in_use_is_not_pinged(engine: sa.Engine, restore_psycopg: None) -> None:
    with storage.reader(engine).connect() as conn:
        conn.execute(sa.text("SELECT 1"))
    sent = _commands(engine)
    for _ in range(3):
        with storage.reader(engine).connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    assert sent == ["SELECT 1"] * 3


def test_a_connection_that_died_while_idle_is_replaced(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    with storage.reader(engine).connect() as conn:
        pid = conn.execute(sa.text("SELECT pg_backend_pid()")).scalar()
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as admin:  # as a database restart does
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    monkeypatch.setattr(storage, "PING_AFTER_IDLE", 0.0)
    with storage.reader(engine).connect() as conn:
        assert conn.execute(sa.text("SELECT pg_backend_pid()")).scalar() != pid


def test_sqlite_reads_are_left_as_they_were(tmp_path: Any) -> None:
    engine = storage.create_engine(f"sqlite:///{tmp_path / 'hanse.sqlite'}")
    assert storage.reader(engine) is engine
