"""Storage (issue 15): the migrations build exactly the tables the code uses, on SQLite and on
PostgreSQL; ``hanse serve`` starts with nothing set up and says where it serves."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from hanse.server import storage
from hanse.server.models import metadata
from tests.server.server_process import drop_postgres_schema, free_port, new_postgres_schema


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_migrations_build_exactly_the_models(backend: str, tmp_path: Path) -> None:
    schema = None
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    else:
        schema, url = new_postgres_schema()
    engine = storage.create_engine(url)
    try:
        storage.migrate(engine)
        storage.migrate(engine)  # a second run changes nothing
        with engine.connect() as conn:
            context = MigrationContext.configure(conn)
            assert context.get_current_revision() == storage.head_revision()
            assert compare_metadata(context, metadata) == []
    finally:
        engine.dispose()
        if schema:
            drop_postgres_schema(schema)


def test_a_bad_database_url_is_one_clear_line() -> None:
    with pytest.raises(storage.StorageError, match="SQLite or PostgreSQL"):
        storage.create_engine("mysql://nobody@127.0.0.1/nothing")
    with pytest.raises(storage.StorageError, match="not a database URL"):
        storage.create_engine("::nonsense::")


def test_hanse_serve_starts_on_a_fresh_machine_and_prints_its_address(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-c", "from hanse.cli import main; main()", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("hanse serve did not answer")
        assert (tmp_path / "hanse" / "hanse.sqlite3").exists()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_two_workers_without_postgres_are_refused_before_anything_starts(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", "from hanse.cli import main; main()", "serve", "--workers", "2"],
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},
        timeout=60,
    )
    assert result.returncode == 2
    assert "PostgreSQL" in result.stderr and "Traceback" not in result.stderr


def test_models_and_a_fresh_engine_agree_on_sqlite_foreign_keys(tmp_path: Path) -> None:
    engine = storage.create_engine(f"sqlite:///{tmp_path / 'fk.sqlite3'}")
    with engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar_one() == 1
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar_one() == "wal"
    engine.dispose()
