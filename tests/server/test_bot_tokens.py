"""Bot tokens (issue 33) over a real server: made, listed and revoked by a person; a program
with one joins (an invite, an open public seat), its seat marked, and plays through the API a
person uses; a revoked token is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.api_client import Api, drive, play_until_over
from tests.server.server_process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("tokens")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data).start()
    yield process
    process.stop()


@pytest.fixture
def api(server: ServerProcess) -> Iterator[Api]:
    client = Api(server.url)
    yield client
    client.close()


def _person(api: Api, name: str) -> str:
    response = api.http.post("/api/accounts", json={"name": name, "password": "password1"})
    assert response.status_code == 201, response.text
    api.http.cookies.clear()
    return str(response.json()["token"])


def _token(api: Api, session: str, name: str) -> dict[str, object]:
    response = api.http.post("/api/me/bot-tokens", json={"name": name}, headers=Api.auth(session))
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_tokens_are_made_listed_and_revoked_by_their_person(api: Api, tmp_path: Path) -> None:
    session = _person(api, "grete")
    made = _token(api, session, "dicer")
    assert isinstance(made["token"], str) and len(str(made["token"])) >= 32
    listed = api.http.get("/api/me/bot-tokens", headers=Api.auth(session)).json()
    assert [t["name"] for t in listed] == ["dicer"] and "token" not in listed[0]
    again = api.http.post("/api/me/bot-tokens", json={"name": "dicer"}, headers=Api.auth(session))
    assert again.status_code == 409
    bad = api.http.post("/api/me/bot-tokens", json={"name": "a b"}, headers=Api.auth(session))
    assert bad.status_code == 422
    # A program cannot make tokens of its own, and another account cannot revoke this one
    program = Api.auth(str(made["token"]))
    refused = api.http.post("/api/me/bot-tokens", json={"name": "more"}, headers=program)
    assert refused.status_code == 403
    other = _person(api, "hinrich")
    gone = api.http.delete(f"/api/me/bot-tokens/{made['id']}", headers=Api.auth(other))
    assert gone.status_code == 404
    assert api.http.get("/api/me", headers=program).json()["name"] == "grete"
    done = api.http.delete(f"/api/me/bot-tokens/{made['id']}", headers=Api.auth(session))
    assert done.status_code == 204
    assert api.http.get("/api/me/bot-tokens", headers=Api.auth(session)).json() == []
    assert api.http.get("/api/me", headers=program).status_code == 401
    assert api.http.get("/api/me/bot-tokens").status_code == 401  # nobody signed in


def test_a_program_joins_plays_and_is_refused_once_revoked(api: Api) -> None:
    session = _person(api, "tilde")
    made = _token(api, session, "walker")
    token = str(made["token"])
    created = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    joined = api.http.post(
        f"/api/tables/{created['id']}/join", json={"name": "walker"}, headers=Api.auth(token)
    )
    assert joined.status_code == 200, joined.text
    api.http.cookies.clear()
    table = api.table(created["id"], token)  # the bot token itself names the seat
    assert table["seat"] == 0
    assert table["seats"][0]["program"] is True and table["seats"][1]["program"] is False
    mine = api.http.get("/api/me", headers=Api.auth(session)).json()["tables"]
    assert [t["id"] for t in mine] == [created["id"]]
    # It moves with the bot token as a person moves with theirs
    state = play_until_over(api, created["id"], token, random.Random(3), stop_after=2)
    assert state["status"] in ("playing", "finished")
    api.http.delete(f"/api/me/bot-tokens/{made['id']}", headers=Api.auth(session))
    refused = api.http.get(f"/api/tables/{created['id']}", headers=Api.auth(token))
    assert refused.status_code == 401
    move = api.move(created["id"], token, "anything", state["version"])
    assert move.status_code == 401
    second = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    secret = second["invites"][0]["url"].rsplit("/", 1)[1]
    again = httpx.post(
        f"{api.base_url}/api/join/{secret}", json={"name": "walker"}, headers=Api.auth(token)
    )
    assert again.status_code == 401


def test_a_person_at_a_table_is_no_program(api: Api) -> None:
    session = _person(api, "wobbe")
    created = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    secret = created["invites"][0]["url"].rsplit("/", 1)[1]
    joined = api.http.post(f"/api/join/{secret}", json={"name": "w"}, headers=Api.auth(session))
    assert joined.status_code == 200
    api.http.cookies.clear()
    assert api.table(created["id"])["seats"][0]["program"] is False


def test_a_person_and_its_own_program_sit_apart_unrated(api: Api) -> None:
    """Each credential names its own seat; the game between them is not rated (one account)."""
    session = _person(api, "eilike")
    token = str(_token(api, session, "mirror")["token"])
    created = api.create("kogge", [{"kind": "human"}, {"kind": "human"}])
    for invite, credential in zip(created["invites"], (session, token), strict=True):
        secret = invite["url"].rsplit("/", 1)[1]
        joined = api.http.post(
            f"/api/join/{secret}", json={"name": "e"}, headers=Api.auth(credential)
        )
        assert joined.status_code == 200, joined.text
        api.http.cookies.clear()
    assert api.table(created["id"], session)["seat"] == 0
    assert api.table(created["id"], token)["seat"] == 1
    final = drive(api, created["id"], [session, token], random.Random(8), moves=100_000)
    assert final["status"] == "finished"
    assert [s["rating"] for s in api.table(created["id"])["seats"]] == [None, None]
    assert api.http.get("/api/players/eilike").json()["games"] == []
