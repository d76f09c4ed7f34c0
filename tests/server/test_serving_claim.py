"""Servers on one PostgreSQL database (serving_claim.py): a worker without Redis serves it as
the only writer, answering reads from its copies, so a second server beside it, with Redis or
without, refuses to start and says why (else the first would answer with tables the second
changed); workers with Redis start together; a claim ends with its server. On SQLite, one
server a file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hanse.server.app import create_app
from hanse.server.serving_claim import ServingConflictError
from hanse.server.settings import Settings
from tests.server.server_process import REDIS, drop_postgres_schema, new_postgres_schema


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
