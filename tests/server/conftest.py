"""Fixtures: real servers on SQLite, on PostgreSQL, and on PostgreSQL + Redis with two workers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.api_client import Api
from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
)

BACKENDS = ["sqlite", "postgres", "postgres-redis-2-workers"]


def make_server(backend: str, data_dir: Path) -> tuple[ServerProcess, str | None]:
    """An unstarted server for `backend`, and the PostgreSQL schema to drop afterwards."""
    if backend == "sqlite":
        return ServerProcess(f"sqlite:///{data_dir / 'tables.sqlite3'}", data_dir), None
    schema, url = new_postgres_schema()
    if backend == "postgres":
        return ServerProcess(url, data_dir), schema
    return ServerProcess(url, data_dir, redis_url=REDIS, workers=2), schema


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    process, schema = make_server(request.param, tmp_path_factory.mktemp(request.param))
    process.start()
    try:
        yield process
    finally:
        process.stop()
        if schema:
            drop_postgres_schema(schema)


@pytest.fixture
def api(server: ServerProcess) -> Iterator[Api]:
    client = Api(server.url)
    yield client
    client.close()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database for services built in the test itself (no server process): a SQLite
    file, or a PostgreSQL schema dropped afterwards."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    schema, url = new_postgres_schema()
    yield url
    drop_postgres_schema(schema)
