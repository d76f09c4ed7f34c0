"""What one client can pile up, through a real server (issue 32): a guest's address, and an
account wherever it signs in, has at most ``HANSE_MAX_WAITING`` waiting tables (429 beyond,
with a message); take-backs beyond ``HANSE_UNDO_PER_DECISION`` a turn are refused and the
payload says why; the lobby pages with a cursor (``X-Next-Before``, ``Link``) and filters, in
the API and on the lobby page. Other addresses are the loopback's 127.0.0.2 (a client binds its
end to it). Expiry and chat retention need the clock moved: test_waiting_limits.py."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.server_process import ServerProcess

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data_dir = tmp_path_factory.mktemp("limits")
    process = ServerProcess(f"sqlite:///{data_dir / 't.sqlite3'}", data_dir)
    process.environ["HANSE_MAX_WAITING"] = "3"
    process.environ["HANSE_UNDO_PER_DECISION"] = "2"
    process.start()
    yield process
    process.stop()


def client_from(server: ServerProcess, address: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, transport=transport, timeout=30)


def create(client: httpx.Client, **fields: object) -> httpx.Response:
    body = {"game": "hansa", "players": 2, "seats": HUMANS, **fields}
    return client.post("/api/tables", json=body)


def test_a_guest_or_an_account_has_at_most_so_many_waiting_tables(server: ServerProcess) -> None:
    with client_from(server, "127.0.0.1") as guest, client_from(server, "127.0.0.2") as other:
        made = [create(guest).status_code for _ in range(3)]
        refused = create(guest)
        assert made == [201] * 3 and refused.status_code == 429, refused.text
        assert "at most 3 tables waiting for players" in refused.json()["detail"]
        assert refused.headers["Retry-After"]
        assert create(other).status_code == 201  # another address has its own count
        signed = other.post("/api/accounts", json={"name": "wiebke", "password": "cod liver"})
        token = signed.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        body = {"game": "hansa", "players": 2, "seats": HUMANS}
        as_account = [
            guest.post("/api/tables", json=body, headers=auth).status_code for _ in range(4)
        ]
        assert as_account == [201, 201, 201, 429]  # the account's own three, from any address


def test_take_backs_stop_at_the_limit_of_a_turn(server: ServerProcess) -> None:
    with client_from(server, "127.0.0.3") as client:
        created = create(client).json()
        tokens = []
        for invite in created["invites"]:
            secret = invite["url"].rsplit("/", 1)[1]
            tokens.append(client.post(f"/api/join/{secret}", json={"name": "P"}).json()["token"])
            client.cookies.clear()
        table_id = created["id"]
        seat = client.get(f"/api/tables/{table_id}").json()["decider"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        for taken in range(3):
            table = client.get(f"/api/tables/{table_id}", headers=auth).json()
            place = next(a["text"] for a in table["legal"] if a["text"].startswith("place"))
            moved = client.post(
                f"/api/tables/{table_id}/moves",
                json={"action": place, "version": table["version"]},
                headers=auth,
            ).json()
            back = client.post(
                f"/api/tables/{table_id}/undo", json={"version": moved["version"]}, headers=auth
            )
            if taken < 2:
                assert moved["can_undo"] and back.status_code == 200, back.text
            else:
                assert not moved["can_undo"] and "at most 2 in one turn" in moved["undo_limit"]
                assert back.status_code == 409 and "at most 2 in one turn" in back.text
        page = client.get(f"/tables/{table_id}", headers=auth).text
        assert "Take back my last move" not in page
        assert "No more take-backs for now" in page


def test_the_lobby_pages_and_filters(server: ServerProcess) -> None:
    with client_from(server, "127.0.0.4") as client:
        for lang in ("it", "it", "de"):
            made = create(client, game="speicherstadt", lang=lang, mode="async")
            assert made.status_code == 201, made.text
        shown = client.get("/api/tables", params={"game": "speicherstadt", "limit": 2})
        first = [t["id"] for t in shown.json()]
        cursor = shown.headers["X-Next-Before"]
        assert len(first) == 2 and 'rel="next"' in shown.headers["Link"]
        rest = client.get("/api/tables", params={"game": "speicherstadt", "before": cursor})
        assert len(rest.json()) == 1 and "X-Next-Before" not in rest.headers
        assert rest.json()[0]["id"] not in first
        italian = client.get("/api/tables", params={"lang": "it", "mode": "async"}).json()
        assert len(italian) == 2 and {t["game"] for t in italian} == {"speicherstadt"}
        assert client.get("/api/tables", params={"lang": "fr"}).status_code == 422
        assert client.get("/api/tables", params={"before": "nonsense"}).status_code == 422
        # The lobby page: the same filters in its form, the language's own name.
        page = client.get("/", params={"game": "speicherstadt", "language": "de"}).text
        assert page.count('data-join="') == 1 and "Italiano" in page
        # A later page of waiting tables still shows the newest games being played.
        bots = [{"kind": "bot", "level": "random"}] * 2
        playing = create(client, game="speicherstadt", seats=bots).json()["id"]
        later = client.get("/", params={"game": "speicherstadt", "before": cursor}).text
        assert later.count('data-join="') == 1 and f"/tables/{playing}" in later
        german = client.get("/", params={"lang": "de"}).text
        assert ">Anzeigen</button>" in german and '<option value="">alle</option>' in german
        assert "Weitere Tische" not in german  # one page holds every waiting table here
