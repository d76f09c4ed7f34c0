"""`hanse serve` and each of its worker processes pause the garbage collector for start-up; the
started application switches it on again, and a start that fails leaves it on."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from hanse.cli import app
from hanse.server import storage, worker
from hanse.server.app import create_app
from hanse.server.settings import Settings


@pytest.fixture
def collector_as_it_was() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.enable()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector_as_it_was")
def test_the_started_application_switches_the_collector_on_again(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 't.sqlite3'}", secret_key="k" * 32)
    application = create_app(settings)
    gc.disable()
    with TestClient(application) as client:
        assert gc.isenabled()
        assert client.get("/api/games").status_code == 200


@pytest.mark.usefixtures("collector_as_it_was")
def test_a_serve_that_cannot_start_leaves_the_collector_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--database-url", url])
    assert result.exit_code == 2
    assert "PostgreSQL" in result.output
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_as_it_was")
def test_a_worker_pauses_the_collector_until_its_application_has_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    engine = storage.create_engine(url)
    storage.migrate(engine)  # `hanse serve` migrates before its workers start
    engine.dispose()
    monkeypatch.setenv("HANSE_DATABASE_URL", url)
    monkeypatch.setenv("HANSE_SECRET_KEY", "k" * 32)
    application = worker.application()
    assert not gc.isenabled()
    with TestClient(application) as client:
        assert gc.isenabled()
        assert client.get("/api/games").status_code == 200
