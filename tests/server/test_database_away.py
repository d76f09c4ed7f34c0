"""The database away (issue 32): the server answers 503 with what is missing, in JSON for a
program and on a page in the reader's language for a person, never a bare 500; ``/healthz``
still says the process is up and ``/readyz`` says the database is down. The database here is a
PostgreSQL address nobody answers at (the machine's PostgreSQL is never stopped)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hanse.server.app import create_app
from hanse.server.settings import Settings
from tests.server.server_process import free_port


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    away = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/test"
    app = create_app(Settings(database_url=away, secret_key="k" * 32), migrate=False)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/tables", None),
        ("GET", "/api/tables/abc", None),
        ("POST", "/api/tables/abc/moves", {"action": "x", "version": 0}),
        ("POST", "/api/login", {"name": "anna_b", "password": "correct horse"}),
    ],
)
def test_a_request_that_needs_the_database_is_answered_503_in_json(
    client: TestClient, method: str, path: str, body: dict[str, object] | None
) -> None:
    response = client.request(
        method, path, json=body, headers={"Authorization": "Bearer some-token"}
    )
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {
        "detail": "the server cannot reach its database right now; try again in a moment"
    }
    assert response.headers["Retry-After"] == "5"


def test_a_person_reads_it_on_a_page_in_their_language(client: TestClient) -> None:
    page = client.get("/?lang=de", headers={"Accept": "text/html"})
    assert page.status_code == 503
    assert "Der Server erreicht seine Datenbank gerade nicht." in page.text


def test_health_is_up_and_readiness_says_the_database_is_down(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 503
    body = ready.json()
    assert body["status"] == "unavailable"
    assert body["database"]["state"] == "down" and "Connection refused" in body["database"]["error"]
    assert body["redis"] == {"state": "not configured"}


def test_a_live_connection_is_told_to_try_again_later(client: TestClient) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/api/tables/abc/live"),
    ):
        pass
    assert closed.value.code == 1013  # "Try Again Later": the page connects again by itself
    assert "database" in closed.value.reason
