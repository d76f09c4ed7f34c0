"""A move's two requests answered without FastAPI's routing (``server/hot_routes.py``): the same
answers, byte for byte, as FastAPI gives with the middleware switched off, for plain requests
and refused ones; anything but the plain form left to FastAPI; the metrics see the same route."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY

from hanse.server import hot_routes, private
from hanse.server.app import create_app
from hanse.server.settings import Settings

KEY = "k" * 32


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 't.sqlite3'}", secret_key=KEY, metrics=True
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the middleware answered itself."""
    paths: list[str] = []
    answer = hot_routes._answer

    async def counted(request: Any, send: Any, answering: Any) -> None:
        paths.append(request.url.path)
        await answer(request, send, answering)

    monkeypatch.setattr(hot_routes, "_answer", counted)
    return paths


def _table(client: TestClient, visibility: str = "public") -> tuple[str, list[str]]:
    """A started three-seat Lübeck table of people: its id and each seat's token."""
    made = client.post(
        "/api/tables",
        json={
            "game": "luebeck",
            "players": 3,
            "seats": [{"kind": "human"}] * 3,
            "visibility": visibility,
        },
    ).json()
    tokens = []
    for invite in made["invites"]:
        secret = invite["url"].rsplit("/", 1)[1]
        tokens.append(client.post(f"/api/join/{secret}", json={"name": "p"}).json()["token"])
        client.cookies.clear()
    return made["id"], tokens


def _both(client: TestClient, method: str, url: str, **given: Any) -> httpx.Response:
    """The request answered with the middleware on and off: the same status, headers, bytes."""
    app: Any = client.app
    app.state.hot_routes = True
    hot = client.request(method, url, **given)
    app.state.hot_routes = False
    try:
        routed = client.request(method, url, **given)
    finally:
        app.state.hot_routes = True
    assert (hot.status_code, hot.headers.items(), _timeless(hot.content)) == (
        routed.status_code,
        routed.headers.items(),
        _timeless(routed.content),
    ), url
    return hot


def _timeless(content: bytes) -> bytes:
    """An answer without the moment it was made (the clocks' ``at``: now)."""
    return re.sub(rb'"at":"[^"]*"', b'"at":""', content)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_reads_are_answered_as_fastapi_answers_them(client: TestClient, taken: list[str]) -> None:
    table_id, tokens = _table(client)
    url = f"/api/tables/{table_id}"
    decider = _both(client, "GET", url, headers=_bearer(tokens[0])).json()["decider"]
    assert decider is not None
    for token in tokens:
        assert _both(client, "GET", url, headers=_bearer(token)).status_code == 200
    assert _both(client, "GET", url).json()["legal"] == []  # a spectator
    plain = {
        f"{url}?log_from=1": 200,
        f"{url}?log_after=0": 200,
        f"{url}?log_from=0&log_after=0&watch=x": 200,
        "/api/tables/nosuchtable": 404,
    }
    for address, status in plain.items():
        assert _both(client, "GET", address).status_code == status, address
    assert _both(client, "GET", url, headers=_bearer("forged")).status_code == 401
    assert _both(client, "GET", url, headers={"Authorization": "Token x"}).status_code == 401
    assert len(taken) == 1 + len(tokens) + 1 + len(plain) + 2
    taken.clear()
    left_to_fastapi = [
        f"{url}?log_from=-1",
        f"{url}?log_from=abc",
        f"{url}?log_after=",
        f"{url}?log_from=1&log_from=2",
        f"{url}?other=1",
        f"{url}/",  # redirected by FastAPI to the plain address
    ]
    for address in left_to_fastapi:
        _both(client, "GET", address, headers=_bearer(tokens[0]), follow_redirects=False)
    assert taken == []


def test_a_private_table_is_read_only_by_its_players_and_link(
    client: TestClient, taken: list[str]
) -> None:
    table_id, tokens = _table(client, "private")
    url = f"/api/tables/{table_id}"
    assert _both(client, "GET", url).status_code == 404
    assert _both(client, "GET", f"{url}?watch=wrong").status_code == 404
    link = private.watch_secret(KEY, table_id)
    assert _both(client, "GET", f"{url}?watch={link}").status_code == 200
    assert _both(client, "GET", url, headers=_bearer(tokens[1])).status_code == 200
    assert len(taken) == 4


def test_refused_moves_are_answered_as_fastapi_answers_them_and_change_nothing(
    client: TestClient, taken: list[str]
) -> None:
    table_id, tokens = _table(client)
    url = f"/api/tables/{table_id}"
    state = client.get(url, headers=_bearer(tokens[0])).json()
    decider, version = state["decider"], state["version"]
    legal = state["legal"][0]["text"]
    mover, waiter = _bearer(tokens[decider]), _bearer(tokens[(decider + 1) % 3])
    taken.clear()
    refused = [
        ({"action": legal, "version": version + 1}, mover, 409),  # stale
        ({"action": "no such move", "version": version}, mover, 422),  # illegal
        ({"action": " ", "version": version}, mover, 422),
        ({"action": legal, "version": version}, waiter, 403),  # not its decision
        ({"action": legal, "version": version}, {}, 401),  # a spectator
        ({"action": legal, "version": version}, _bearer("forged"), 401),
    ]
    for body, headers, status in refused:
        assert _both(client, "POST", f"{url}/moves", json=body, headers=headers).status_code == (
            status
        ), body
    missing = _both(client, "POST", "/api/tables/nosuch/moves", json=refused[0][0], headers=mover)
    assert missing.status_code == 404
    assert len(taken) == len(refused) + 1
    taken.clear()
    left_to_fastapi: list[dict[str, Any]] = [
        {"json": {"action": "x" * 501, "version": version}},
        {"json": {"action": legal, "version": version, "more": 1}},
        {"json": {"action": legal, "version": True}},
        {"json": {"action": legal, "version": "0"}},
        {"json": {"action": legal}},
        {"json": [legal, version]},
        {"content": b'{"action": "x", ', "headers": {"Content-Type": "application/json"}},
        {"content": b"x", "headers": {"Content-Type": "text/plain"}},
    ]
    for given in left_to_fastapi:
        headers = {**mover, **given.pop("headers", {})}
        assert _both(client, "POST", f"{url}/moves", headers=headers, **given).status_code == 422
    assert taken == []
    assert client.get(url, headers=mover).json()["version"] == version


def test_a_move_is_answered_with_the_table_as_read_afterwards(
    client: TestClient, taken: list[str]
) -> None:
    table_id, tokens = _table(client)
    url = f"/api/tables/{table_id}"
    app: Any = client.app
    for hot in (True, False, True, False):
        decider = client.get(url).json()["decider"]
        mover = _bearer(tokens[decider])
        state = client.get(url, headers=mover).json()
        move = {"action": state["legal"][-1]["text"], "version": state["version"]}
        app.state.hot_routes = hot
        answer = client.post(f"{url}/moves", json=move, headers=mover)
        app.state.hot_routes = not hot
        read = client.get(url, headers=mover)
        app.state.hot_routes = True
        assert answer.status_code == 200
        assert _timeless(answer.content) == _timeless(read.content)
        assert answer.json()["version"] > move["version"]
    assert taken.count(f"{url}/moves") == 2


def test_the_metrics_count_a_hot_route_under_its_template(client: TestClient) -> None:
    table_id, tokens = _table(client)
    labels = {"method": "GET", "route": "/api/tables/{table_id}", "status": "200"}
    before = REGISTRY.get_sample_value("hanse_http_requests_total", labels) or 0.0
    moves_before = REGISTRY.get_sample_value("hanse_move_seconds_count") or 0.0
    client.get(f"/api/tables/{table_id}", headers=_bearer(tokens[0]))
    client.post(f"/api/tables/{table_id}/moves", json={"action": "x", "version": 99})
    assert REGISTRY.get_sample_value("hanse_http_requests_total", labels) == before + 1
    assert REGISTRY.get_sample_value("hanse_move_seconds_count") == moves_before + 1
