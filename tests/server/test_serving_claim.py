"""Servers on one PostgreSQL database (serving_claim.py): a worker without Redis serves it as
the only writer, answering reads from its copies, so a second server beside it, with Redis or
without, refuses to start and says why (else the first would answer with tables the second
changed); workers with Redis start together; a claim ends with its server, and one lost with
its connection (PostgreSQL restarted) is taken again. On SQLite, one server a file."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from hanse.server import app as app_module
from hanse.server import serving_claim, storage
from hanse.server.app import create_app
from hanse.server.serving_claim import ServingClaim, ServingConflictError
from hanse.server.settings import Settings
from hanse.server.tables import TableService
from tests.server.server_process import (
    REDIS,
    drop_postgres_schema,
    free_port,
    new_postgres_schema,
)


@pytest.fixture
def database() -> Iterator[str]:
    schema, url = new_postgres_schema()
    yield url
    drop_postgres_schema(schema)


def server(url: str, redis: bool) -> TestClient:
    settings = Settings(database_url=url, secret_key="k" * 32, redis_url=REDIS if redis else None)
    return TestClient(create_app(settings))


def test_a_second_server_beside_one_without_redis_does_not_start(database: str) -> None:
    with server(database, redis=False) as alone:
        for redis in (False, True):
            with pytest.raises(ServingConflictError, match="Redis"), server(database, redis=redis):
                pass
        assert alone.get("/readyz").status_code == 200  # the first serves on
    with server(database, redis=False) as after:  # its claim ended with it
        assert after.get("/api/tables").status_code == 200


def test_workers_with_redis_serve_together_and_keep_out_one_without(database: str) -> None:
    with server(database, redis=True) as first, server(database, redis=True) as second:
        assert first.get("/api/tables").status_code == 200
        assert second.get("/api/tables").status_code == 200
        refused = pytest.raises(ServingConflictError, match="another Hanse server")
        with refused, server(database, redis=False):
            pass
    with server(database, redis=False) as alone:
        assert alone.get("/api/tables").status_code == 200


def test_servers_on_other_schemas_of_the_database_do_not_meet(database: str) -> None:
    schema, other = new_postgres_schema()
    try:
        with server(database, redis=False), server(other, redis=False) as beside:
            assert beside.get("/api/tables").status_code == 200
    finally:
        drop_postgres_schema(schema)


def test_a_second_server_on_one_sqlite_file_does_not_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hanse.sqlite3'}"
    with server(url, redis=False) as first:
        with pytest.raises(ServingConflictError, match="SQLite file"), server(url, redis=False):
            pass
        created = first.post(
            "/api/tables",
            json={
                "game": "hansa",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            },
        )
        assert created.status_code == 201, created.text  # SQLite's own locks still work
    with server(url, redis=False) as after:
        assert after.get(f"/api/tables/{created.json()['id']}").status_code == 200


def _end_claim_sessions(url: str) -> int:
    """End the PostgreSQL sessions holding Hanse's claims of `url`'s schema, as a restart of
    PostgreSQL would; how many there were."""
    engine = storage.create_engine(url)
    try:
        with engine.begin() as connection:
            return len(
                connection.execute(
                    sa.text(
                        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = "
                        "'advisory' AND classid::int = hashtext('hanse serve') "
                        "AND objid::int = hashtext(current_schema())"
                    )
                ).all()
            )
    finally:
        engine.dispose()


def test_a_claim_lost_with_its_connection_is_taken_again(database: str) -> None:
    engine = storage.create_engine(database)
    claim = ServingClaim(engine, exclusive=True)
    claim.take()
    try:
        assert _end_claim_sessions(database) == 1
        assert claim.kept()  # taken again on a new connection
        other = ServingClaim(storage.create_engine(database), exclusive=True)
        with pytest.raises(ServingConflictError):
            other.take()
        assert _end_claim_sessions(database) == 1
    finally:
        claim.release()
        engine.dispose()


def test_a_worker_whose_database_another_took_meanwhile_reads_it_from_then_on(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection lost, a server without Redis started in between: the first one (without
    Redis too) no longer answers from its copies."""
    engine = storage.create_engine(database)
    storage.migrate(engine)
    claim = ServingClaim(engine, exclusive=True)
    claim.take()
    service = TableService(engine, exclusive=True)
    _end_claim_sessions(database)
    other_engine = storage.create_engine(database)
    other = ServingClaim(other_engine, exclusive=True)
    other.take()  # the lock was free for a moment: the other server took it
    monkeypatch.setattr(serving_claim, "CHECK_SECONDS", 0.01)
    try:
        asyncio.run(asyncio.wait_for(app_module._keep_claim(claim, service, None), 10))
        assert not service.exclusive
    finally:
        other.release()
        claim.release()
        other_engine.dispose()
        engine.dispose()


def test_hanse_serve_beside_a_server_without_redis_says_why_and_fails(database: str) -> None:
    """Refused before it says it serves, with a failing exit status, also with two workers
    (whose own refusal under uvicorn's supervisor would end with status 0)."""
    with server(database, redis=False):
        refused = subprocess.run(
            [
                sys.executable,
                "-c",
                "from hanse.cli import main; main()",
                "serve",
                "--port",
                str(free_port()),
                "--workers",
                "2",
                "--database-url",
                database,
                "--redis-url",
                REDIS,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert refused.returncode != 0
    assert "without Redis serves this database" in refused.stderr
    assert "serving at" not in refused.stdout
