"""Sign-in and sign-up limits through a real server (issue 32): a guesser's wrong passwords never
lock the owner out, sign-up is limited apart from sign-in, and a name is refused with its reason.
Other addresses are the loopback's 127.0.0.2 and 127.0.0.3 (a client binds its end to them)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data_dir = tmp_path_factory.mktemp("signin")
    process = ServerProcess(f"sqlite:///{data_dir / 't.sqlite3'}", data_dir)
    process.environ["HANSE_SIGNUP_RATE"] = "3"
    process.start()
    yield process
    process.stop()


def client_from(server: ServerProcess, address: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, transport=transport, timeout=30)


def sign_in(client: httpx.Client, name: str, password: str) -> httpx.Response:
    return client.post("/api/login", json={"name": name, "password": password})


def test_a_guesser_does_not_lock_the_owner_out(server: ServerProcess) -> None:
    with client_from(server, "127.0.0.1") as guesser, client_from(server, "127.0.0.2") as owner:
        made = owner.post("/api/accounts", json={"name": "hedwig", "password": "salt herring"})
        assert made.status_code == 201, made.text
        guesses = [sign_in(guesser, "hedwig", f"guess {n}").status_code for n in range(8)]
        assert guesses[:5] == [401] * 5 and set(guesses[5:]) == {429}
        held = sign_in(guesser, "hedwig", "salt herring")  # held before the password is looked at
        assert held.status_code == 429 and int(held.headers["Retry-After"]) >= 1
        assert "wrong passwords" in held.json()["detail"]
        mine = sign_in(owner, "hedwig", "salt herring")
        assert mine.status_code == 200, mine.text
        assert mine.json()["name"] == "hedwig"


def test_sign_up_is_limited_apart_from_sign_in(server: ServerProcess) -> None:
    with client_from(server, "127.0.0.3") as newcomer:
        made = [
            newcomer.post(
                "/api/accounts", json={"name": f"crew_{n}", "password": "long enough"}
            ).status_code
            for n in range(4)
        ]
        assert made == [201, 201, 201, 429]
        assert sign_in(newcomer, "crew_0", "long enough").status_code == 200


def test_a_name_with_a_right_to_left_override_is_refused(server: ServerProcess) -> None:
    api = Api(server.url)
    created = api.create("hansa", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    secret = created["invites"][0]["url"].rsplit("/", 1)[1]
    refused = api.http.post(f"/api/join/{secret}", json={"name": "Anna\u202egnirts"})
    assert refused.status_code == 422
    assert "U+202E" in refused.json()["detail"]
    joined = api.http.post(f"/api/join/{secret}", json={"name": "Ju\u0308rgen"})
    assert joined.status_code == 200, joined.text
    seats = api.table(created["id"])["seats"]
    assert seats[0]["name"] == "J\u00fcrgen"
    api.close()
