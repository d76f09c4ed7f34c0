"""A revoked bot token ends its program's access to the seats it took (issue 33): the seat token
the program was given on joining is refused from then on (read, move, chat, live; a live
connection open before is closed at the table's next change), though this worker had already
seen it; the seat stays taken, and the game goes on as when a person stays
away: the other person lets a bot play the seat once the turn limit passed."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hanse.server.bot_tokens import REVOKED_SEAT
from tests.server.api_client import Api, play_until_over, receive
from tests.server.server_process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("revoked")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data)
    process.environ["HANSE_LIVE_TURN_LIMIT"] = "1"  # the others may hand a seat on at once
    yield process.start()
    process.stop()


def _signed_up(api: Api, name: str) -> str:
    response = api.http.post("/api/accounts", json={"name": name, "password": "password1"})
    assert response.status_code == 201, response.text
    api.http.cookies.clear()
    return str(response.json()["token"])


def _until_program_decides(api: Api, table_id: str, guest: str, rng: random.Random) -> Any:
    """The guest plays on until the program's seat (0) decides; that state."""
    for _ in range(2_000):
        state = api.table(table_id, guest)
        if state["decider"] == 0:
            return state
        assert state["status"] == "playing", state["status"]
        if state["decider"] == 1 and state["legal"]:
            choice = rng.choice(state["legal"])["text"]
            assert api.move(table_id, guest, choice, state["version"]).status_code in (200, 409)
        else:
            time.sleep(0.02)
    raise AssertionError("the program's seat never came to decide")


def test_revoking_a_token_ends_its_programs_seat_tokens(server: ServerProcess) -> None:
    api = Api(server.url)
    session = _signed_up(api, "ilse")
    made = api.http.post("/api/me/bot-tokens", json={"name": "keeper"}, headers=Api.auth(session))
    assert made.status_code == 201, made.text
    created = api.create("kogge", [{"kind": "human"}, {"kind": "human"}])
    secret = created["invites"][0]["url"].rsplit("/", 1)[1]
    joined = api.http.post(
        f"/api/join/{secret}", json={"name": "keeper"}, headers=Api.auth(made.json()["token"])
    )
    assert joined.status_code == 200, joined.text
    api.http.cookies.clear()
    seat_token = str(joined.json()["token"])
    guest = str(api.join(created["invites"][1]["url"], "Gesa")["token"])
    table_id = created["id"]
    # The seat token works (and this worker has now seen it), on the API and live
    assert api.table(table_id, seat_token)["seat"] == 0
    live = api.live(table_id, seat_token)
    assert receive(live)["seat"] == 0
    revoked = api.http.delete(f"/api/me/bot-tokens/{made.json()['id']}", headers=Api.auth(session))
    assert revoked.status_code == 204
    # The live connection open before is closed at the table's next change, sent nothing more
    said = api.http.post(
        f"/api/tables/{table_id}/chat", json={"text": "still there?"}, headers=Api.auth(guest)
    )
    assert said.status_code == 201, said.text
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20):
            assert "still there?" not in str(receive(live))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    live.close()
    read = api.http.get(f"/api/tables/{table_id}", headers=Api.auth(seat_token))
    assert read.status_code == 401 and read.json()["detail"] == REVOKED_SEAT
    state = _until_program_decides(api, table_id, guest, random.Random(11))
    assert state["legal"] == []  # the guest sees no choice of the program's
    move = api.move(table_id, seat_token, "anything", state["version"])
    assert move.status_code == 401 and move.json()["detail"] == REVOKED_SEAT
    said = api.http.post(
        f"/api/tables/{table_id}/chat", json={"text": "hi"}, headers=Api.auth(seat_token)
    )
    assert said.status_code == 401
    with pytest.raises(InvalidStatus):  # refused before the connection opens
        api.live(table_id, seat_token)
    # The seat stays the program's, taken; the guest hands it to a bot as for one who left
    seat = api.table(table_id)["seats"][0]
    assert (seat["kind"], seat["taken"], seat["program"]) == ("human", True, True)
    for _ in range(500):
        state = api.table(table_id, guest)
        if state["can_take_over"]:
            break
        time.sleep(0.05)
    assert state["can_take_over"] and state["decider"] == 0
    handed = api.http.post(
        f"/api/tables/{table_id}/seats/0/bot",
        json={"version": state["version"], "level": "random"},
        headers=Api.auth(guest),
    )
    assert handed.status_code == 200, handed.text
    final = play_until_over(api, table_id, guest, random.Random(12))
    assert final["status"] == "finished" and final["seats"][0]["kind"] == "bot"
    api.close()
