"""Two workers on PostgreSQL + Redis answer reads from their caches (``hearing.py``), yet a read
through either worker shows every move acknowledged before it was asked, whichever worker stored
it (DESIGN.md: the move log is the one source of truth; a worker's cache is only a copy of it).

Each connection is served by one worker; the test finds which from the server's sockets, moves
through a connection of one worker and reads at once through a connection of the other."""

from __future__ import annotations

import http.client
import json
import random
from pathlib import Path
from typing import Any

from hanse.server.listeners import ESTABLISHED, sockets_on
from tests.server.api_client import Api
from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
    socket_inodes,
)


class Connection:
    """One keep-alive HTTP connection, and the worker serving it."""

    def __init__(self, server: ServerProcess) -> None:
        self.http = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        self.http.connect()
        self.ask("GET", "/healthz", None)  # accepted by its worker
        assert self.http.sock is not None
        mine = self.http.sock.getsockname()[1]
        self.worker = _worker_serving(server, mine)

    def ask(self, method: str, path: str, token: str | None, body: Any = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        self.http.request(method, path, body=data, headers=headers)
        answer = self.http.getresponse()
        content = answer.read()
        assert answer.status == 200, content
        return json.loads(content)


def _worker_serving(server: ServerProcess, client_port: int) -> int:
    """The worker whose socket is the other end of the client's connection from `client_port`."""
    ours = sockets_on(server.port, ESTABLISHED, remote_port=client_port)
    assert ours is not None
    (worker,) = [pid for pid in server.worker_pids() if socket_inodes(pid) & ours]
    return worker


def test_a_read_through_either_worker_shows_every_move_acknowledged_before(tmp_path: Path) -> None:
    schema, url = new_postgres_schema()
    server = ServerProcess(url, tmp_path, redis_url=REDIS, workers=2).start()
    try:
        api = Api(server.url)
        created = api.create("luebeck", [{"kind": "human"}] * 3)
        tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
        api.close()
        path = f"/api/tables/{created['id']}"
        connections = [Connection(server) for _ in range(12)]
        by_worker: dict[int, list[Connection]] = {}
        for connection in connections:
            by_worker.setdefault(connection.worker, []).append(connection)
        assert len(by_worker) == 2, "the connections reached both workers"
        first, second = by_worker.values()
        choose = random.Random(5)
        moves = 0
        while moves < 200:
            mover, reader = choose.sample([first, second], 2)
            connection = choose.choice(mover)
            shown = connection.ask("GET", path, None)
            if shown["status"] == "finished":
                break
            token = tokens[shown["decider"]]
            mine = connection.ask("GET", path, token)
            action = choose.choice(mine["legal"])["text"]
            body = {"action": action, "version": mine["version"]}
            done = connection.ask("POST", path + "/moves", token, body)
            moves += 1
            # At once through the other worker: the move is there, as seen by every seat.
            for seat in (None, *range(3)):
                read = choose.choice(reader).ask(
                    "GET", path, seat if seat is None else tokens[seat]
                )
                assert read["version"] == done["version"], (moves, seat)
                assert read["log"][-1] == done["log"][-1] or seat != done["seat"]
        assert moves >= 50
        for connection in connections:
            connection.http.close()
    finally:
        server.stop()
        drop_postgres_schema(schema)
