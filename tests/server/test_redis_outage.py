"""Redis goes away and comes back under two workers on PostgreSQL (issue 32): moves and chat go on,
every live client ends with the final version, the rate limits go back to Redis, and readiness
says what is missing. A private ``redis-server`` is stopped, never the machine's shared one."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.server.api_client import Api
from tests.server.redis_process import RedisProcess
from tests.server.server_process import ServerProcess, drop_postgres_schema, new_postgres_schema

Outage = tuple[RedisProcess, ServerProcess]


@pytest.fixture(scope="module")
def outage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outage]:
    redis_server = RedisProcess().start()
    schema, url = new_postgres_schema()
    server = ServerProcess(
        url, tmp_path_factory.mktemp("outage"), redis_url=redis_server.url, workers=2
    )
    try:
        server.start()
        yield redis_server, server
    finally:
        server.stop()
        redis_server.stop()
        drop_postgres_schema(schema)


class LiveReader:
    """A live client in a thread of its own, remembering the highest version it was sent."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.version = -1
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.connection:
                message = json.loads(text)
                if "version" in message:
                    self.version = max(self.version, int(message["version"]))
        except ConnectionClosed:
            return

    def close(self) -> None:
        self.connection.close()
        self.thread.join(timeout=10)


class Players:
    """Two people playing random legal moves through the API, and writing now and then."""

    def __init__(self, api: Api, table_id: str, tokens: list[str]) -> None:
        self.api = api
        # A new connection for every request, so that both workers take some.
        api.http = httpx.Client(
            base_url=api.base_url, timeout=30, limits=httpx.Limits(max_keepalive_connections=0)
        )
        self.table_id = table_id
        self.tokens = tokens
        self.rng = random.Random(32)
        self.moves: list[int] = []
        self.chats: list[int] = []
        self.reads: list[int] = []

    def play(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        turn = 0
        while time.monotonic() < deadline:
            turn += 1
            # A private table: read as a player (a spectator without its link gets 404).
            state = self.api.http.get(
                f"/api/tables/{self.table_id}", headers=self.api.auth(self.tokens[0])
            )
            self.reads.append(state.status_code)
            if state.status_code != 200 or state.json()["status"] != "playing":
                time.sleep(0.1)
                continue
            token = self.tokens[state.json()["decider"]]
            mine = self.api.http.get(
                f"/api/tables/{self.table_id}", headers=self.api.auth(token)
            ).json()
            choice = self.rng.choice(mine["legal"])["text"]
            self.moves.append(
                self.api.move(self.table_id, token, choice, mine["version"]).status_code
            )
            if turn % 3 == 0:
                said = self.api.http.post(
                    f"/api/tables/{self.table_id}/chat",
                    json={"text": f"move {turn}"},
                    headers=self.api.auth(token),
                )
                self.chats.append(said.status_code)
            time.sleep(0.03)


def _table_for_two(api: Api) -> tuple[str, list[str]]:
    created = api.create("hansa", [{"kind": "human"}, {"kind": "human"}], visibility="private")
    tokens = [
        api.join(invite["url"], name)["token"]
        for invite, name in zip(created["invites"], ["Anna", "Bert"], strict=True)
    ]
    return created["id"], tokens


def _log(server: ServerProcess) -> str:
    assert server.output is not None
    return server.output.read_text()


def test_moves_and_chat_go_on_while_redis_is_away(outage: Outage) -> None:
    redis_server, server = outage
    api = Api(server.url)
    table_id, tokens = _table_for_two(api)
    # Six connections: the kernel spreads them over both workers.
    readers = [LiveReader(api.live(table_id, tokens[n % 2])) for n in range(6)]
    players = Players(Api(server.url), table_id, tokens)
    try:
        players.play(2.0)
        redis_server.stop()
        players.play(5.0)
        redis_server.start()
        players.play(4.0)
        final = api.table(table_id, tokens[0])["version"]  # a private table: a player reads
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(r.version != final for r in readers):
            time.sleep(0.1)
        assert [r.version for r in readers] == [final] * len(readers)
    finally:
        for reader in readers:
            reader.close()
        api.close()
        players.api.close()

    assert set(players.moves) <= {200, 503}, players.moves
    assert players.moves.count(200) >= 20
    assert set(players.chats) <= {201, 429, 503}, players.chats
    assert 201 in players.chats
    assert set(players.reads) <= {200, 503}
    # The limits went back to Redis: it came back empty, so these keys were written since.
    back = redis_server.client()
    assert back.keys("hanse:rate:submit:*") and back.keys("hanse:slide:chat:*")
    log = _log(server)
    assert "Exception in ASGI application" not in log, log
    # One line per worker when it falls back, one when it uses Redis again.
    for purpose in ("rate limits", "live events"):
        said = _said_by_worker(log, purpose)
        assert 1 <= len(said) <= 2, log
        assert all(lines == ["unreachable", "back"] for lines in said.values()), said


def _said_by_worker(log: str, purpose: str) -> dict[str, list[str]]:
    """Each worker's log lines about Redis for `purpose`: "unreachable" or "back", in order."""
    said: dict[str, list[str]] = {}
    for match in re.finditer(rf"worker (\d+), {purpose}: Redis is (unreachable|back)", log):
        said.setdefault(match[1], []).append(match[2])
    return said


def test_readiness_says_redis_is_away_and_the_worker_still_serves(outage: Outage) -> None:
    redis_server, server = outage
    with httpx.Client(base_url=server.url, timeout=10) as http:
        assert http.get("/readyz").json()["status"] == "ready"
        redis_server.stop()
        try:
            for _ in range(6):  # both workers, most likely
                assert http.get("/healthz").json() == {"status": "ok"}
                ready = http.get("/readyz")
                assert ready.status_code == 200, ready.text
                body = ready.json()
                assert body["status"] == "degraded"
                assert body["database"] == {"state": "up"}
                assert (
                    body["redis"]["state"] == "down"
                    and "from the database" in body["redis"]["effect"]
                )
        finally:
            redis_server.start()
        assert http.get("/readyz").json() == {
            "status": "ready",
            "database": {"state": "up"},
            "redis": {"state": "up"},
        }


def test_a_worker_starts_while_redis_is_away(outage: Outage, tmp_path: Path) -> None:
    """A worker (re)started during an outage serves, and hears Redis once it is back."""
    redis_server, running = outage
    redis_server.stop()
    server = ServerProcess(running.database_url, tmp_path, redis_url=redis_server.url, workers=2)
    try:
        server.start()
        assert httpx.get(server.url + "/readyz").json()["status"] == "degraded"
        redis_server.start()
        deadline = time.monotonic() + 10
        while httpx.get(server.url + "/readyz").json()["status"] != "ready":
            assert time.monotonic() < deadline
            time.sleep(0.2)
    finally:
        server.stop()
        if redis_server.process is None or redis_server.process.poll() is not None:
            redis_server.start()
