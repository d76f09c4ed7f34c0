"""Bad input never harms a table (issue 15): always a 4xx with a message, never a 500, nothing
changed. Fuzzing of the OpenAPI schema (schemathesis) and the cases a person or a script gets
wrong on purpose or by accident."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

pytestmark = pytest.mark.parametrize("server", ["sqlite"], indirect=True)


@pytest.fixture
def api_schema(server: ServerProcess) -> Any:
    return schemathesis.openapi.from_url(server.url + "/openapi.json")


fuzzed = schemathesis.pytest.from_fixture("api_schema")


@fuzzed.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_fuzzed_requests_get_a_clear_4xx_never_a_5xx(case: Any) -> None:
    response = case.call(timeout=30)
    assert response.status_code < 500, (case.method, case.path, response.text)
    if response.status_code >= 400:
        assert response.json()["detail"], response.text


@pytest.fixture
def table(api: Api) -> dict[str, Any]:
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    state = api.table(created["id"])
    return {"id": created["id"], "tokens": tokens, "decider": state["decider"], "state": state}


def _unchanged(api: Api, table: dict[str, Any]) -> None:
    after = api.table(table["id"])
    assert after["version"] == table["state"]["version"]
    assert after["log"] == table["state"]["log"]


def _detail(response: httpx.Response, status: int, *words: str) -> None:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    for word in words:
        assert word in detail, detail


def test_malformed_json_is_refused(api: Api, table: dict[str, Any]) -> None:
    token = table["tokens"][table["decider"]]
    response = api.http.post(
        f"/api/tables/{table['id']}/moves",
        content=b'{"action": "x", "version": ',
        headers={**Api.auth(token), "content-type": "application/json"},
    )
    _detail(response, 422, "JSON")
    _unchanged(api, table)


def test_a_huge_body_is_refused(api: Api, table: dict[str, Any]) -> None:
    token = table["tokens"][table["decider"]]
    body = b'{"action": "' + b"x" * 200_000 + b'", "version": 0}'
    response = api.http.post(
        f"/api/tables/{table['id']}/moves",
        content=body,
        headers={**Api.auth(token), "content-type": "application/json"},
    )
    _detail(response, 413, "too large")
    _unchanged(api, table)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "monopoly", "players": 3}, ["unknown game", "luebeck"]),
        ({"game": "luebeck", "players": 7}, ["3 to 5 players"]),
        ({"game": "luebeck", "players": 3, "flags": {"nonsense": True}}, ["no flag"]),
        ({"game": "luebeck", "players": 3, "flags": {"must_pass_at_three": 3}}, ["takes a bool"]),
        ({"game": "luebeck", "players": 3, "seats": [{"kind": "human"}]}, ["1 seats"]),
        ({"game": "luebeck", "players": 3, "mode": "blitz"}, ["mode"]),
    ],
)
def test_a_table_that_cannot_be_is_refused_with_the_reason(
    api: Api, body: dict[str, Any], words: list[str]
) -> None:
    full = {"flags": {}, "seats": [{"kind": "human"}] * body.get("players", 3), **body}
    response = api.http.post("/api/tables", json=full)
    _detail(response, 422, *words)


def test_moves_out_of_turn_stale_illegal_or_unauthenticated_change_nothing(
    api: Api, table: dict[str, Any]
) -> None:
    table_id, decider = table["id"], table["decider"]
    other = table["tokens"][(decider + 1) % 3]
    mine = table["tokens"][decider]
    version = table["state"]["version"]
    legal = api.table(table_id, mine)["legal"][0]["text"]
    _detail(api.move(table_id, other, legal, version), 403, "decision")
    _detail(api.move(table_id, mine, legal, version + 5), 409, "stale")
    _detail(api.move(table_id, mine, "fly to the moon", version), 422)
    _detail(api.move(table_id, None, legal, version), 401)
    _detail(api.move(table_id, "forged-token-0123456789", legal, version), 401)
    _detail(api.move("no-such-table", mine, legal, version), 404)
    response = api.http.post(
        f"/api/tables/{table_id}/moves",
        json={"action": legal, "version": str(version)},
        headers=Api.auth(mine),
    )
    _detail(response, 422, "version")
    _unchanged(api, table)


def test_a_token_of_another_table_is_refused(api: Api, table: dict[str, Any]) -> None:
    elsewhere = api.create("luebeck", [{"kind": "human"}] * 3)
    stranger = api.join(elsewhere["invites"][0]["url"], "Stranger")["token"]
    legal = api.table(table["id"], table["tokens"][table["decider"]])["legal"][0]["text"]
    _detail(api.move(table["id"], stranger, legal, table["state"]["version"]), 403, "not a seat")
    response = api.http.get(f"/api/tables/{table['id']}", headers=Api.auth(stranger))
    _detail(response, 403, "not a seat")
    _unchanged(api, table)


def test_a_forged_cookie_is_refused(api: Api, table: dict[str, Any]) -> None:
    response = api.http.get(
        f"/api/tables/{table['id']}",
        headers={"Cookie": f"hanse_seat_{table['id']}=forged.value"},
    )
    _detail(response, 401, "not issued by this server")


def test_a_cookie_signed_in_move_needs_the_csrf_header(api: Api, server: ServerProcess) -> None:
    created = api.create("luebeck", [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2)
    browser = httpx.Client(base_url=server.url)
    secret = created["invites"][0]["url"].rsplit("/", 1)[1]
    assert browser.post(f"/api/join/{secret}", json={"name": "Anna"}).status_code == 200
    table_id = created["id"]
    state = browser.get(f"/api/tables/{table_id}").json()
    while state["decider"] != 0:
        state = browser.get(f"/api/tables/{table_id}").json()
    move = {"action": state["legal"][0]["text"], "version": state["version"]}
    _detail(browser.post(f"/api/tables/{table_id}/moves", json=move), 403, "X-CSRF-Token")
    csrf = browser.cookies["hanse_csrf"]
    response = browser.post(
        f"/api/tables/{table_id}/moves", json=move, headers={"X-CSRF-Token": csrf}
    )
    assert response.status_code == 200, response.text


def test_an_invite_seats_one_person_once(api: Api) -> None:
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    url = created["invites"][0]["url"]
    api.join(url, "Anna")
    secret = url.rsplit("/", 1)[1]
    _detail(api.http.post(f"/api/join/{secret}", json={"name": "Bert"}), 409, "taken")
    _detail(api.http.post("/api/join/not-a-secret", json={"name": "Bert"}), 404, "invite")
    _detail(api.http.post(f"/api/join/{secret}", json={"name": "\x00"}), 422, "name")
