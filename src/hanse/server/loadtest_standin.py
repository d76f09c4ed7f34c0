"""The yardstick of ``hanse bench --server --clients N --standin``: a minimal server of the
standard library, played by the same closed loop in the same minutes.

The speed goal of the server (issue 32) is set against such a stand-in: one lock around
everything, the games in memory, every accepted move appended to a JSON-lines file and fsynced
before the answer, no WebSocket, no log in words, no accounts, no limits, no database. It speaks
only what the closed loop (:mod:`hanse.server.loadtest_closed`) asks: create a table, join its
seats, read a table as the seat that decides (its view and legal moves), post a move at a
version. Moves are checked and applied by the same engine as in ``hanse serve``, chance drawn
with the system's random source. Run as ``python -m hanse.server.loadtest_standin PORT FILE``.

This machine's speed changes by up to a factor of two within minutes, so a figure of the server
means something only beside the stand-in's, measured right after it.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sys
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, IllegalActionError
from hanse.games import make


@dataclass
class _Table:
    game: Any
    state: Any
    secrets: list[str]
    tokens: list[str | None]
    version: int = 0
    moves: list[str] = field(default_factory=list)


class _Store:
    """The tables in memory, one lock for all, and the file every move goes to."""

    def __init__(self, path: str) -> None:
        self.lock = threading.Lock()
        self.tables: dict[str, _Table] = {}
        self.joins: dict[str, tuple[str, int]] = {}
        self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open while serving
        self.random = random.SystemRandom()

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        game = make(str(body["game"]), int(body["players"]))
        state = game.new_initial_state()
        self._resolve_chance(game, state)
        table_id = secrets.token_hex(6)
        invites = [secrets.token_urlsafe(12) for _ in range(game.num_players)]
        with self.lock:
            self.tables[table_id] = _Table(game, state, invites, [None] * game.num_players)
            for seat, secret in enumerate(invites):
                self.joins[secret] = (table_id, seat)
        return {"id": table_id, "invites": [{"url": f"/join/{s}"} for s in invites]}

    def join(self, secret: str) -> dict[str, Any]:
        token = secrets.token_urlsafe(16)
        with self.lock:
            table_id, seat = self.joins.pop(secret)
            self.tables[table_id].tokens[seat] = token
        return {"token": token, "seat": seat}

    def read(self, table_id: str, token: str) -> dict[str, Any]:
        with self.lock:
            table = self.tables[table_id]
            seat = table.tokens.index(token)
            return self._payload(table, seat)

    def move(self, table_id: str, token: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            table = self.tables[table_id]
            seat = table.tokens.index(token)
            game, state = table.game, table.state
            if int(body["version"]) != table.version:
                return 409, {"error": "stale move", "version": table.version}
            if game.current_player(state) != seat:
                return 403, {"error": "not this seat's decision"}
            try:
                action = game.action_from_str(str(body["action"]))
            except IllegalActionError as error:
                return 422, {"error": str(error)}
            if action not in game.legal_actions(state):
                return 422, {"error": "not legal now"}
            game.apply_action(state, action)
            self._resolve_chance(game, state)
            table.version += 1
            record = {"table": table_id, "seat": seat, "action": body["action"]}
            self.file.write(json.dumps(record) + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())
            return 200, self._payload(table, seat)

    def _resolve_chance(self, game: Any, state: Any) -> None:
        while game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, self.random))

    @staticmethod
    def _payload(table: _Table, seat: int) -> dict[str, Any]:
        game, state = table.game, table.state
        player = game.current_player(state)
        over = player == TERMINAL
        decides = not over and player == seat
        return {
            "status": "finished" if over else "playing",
            "version": table.version,
            "decider": None if over else player,
            "view": game.view(state, seat),
            "legal": [{"text": game.action_to_str(a)} for a in game.legal_actions(state)]
            if decides
            else [],
        }


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the closed loop's client expects
    # Headers and body leave in two writes: without TCP_NODELAY the body waits for the
    # client's delayed acknowledgement (about 40 ms an answer).
    disable_nagle_algorithm = True
    store: _Store

    def log_message(self, *args: Any) -> None:  # no access log, as hanse serve
        return

    def _answer(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _token(self) -> str:
        return self.headers.get("Authorization", "").removeprefix("Bearer ")

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        return dict(json.loads(self.rfile.read(length) or b"{}"))

    def do_GET(self) -> None:
        parts = self.path.strip("/").split("/")
        try:
            if parts == ["api", "games"]:
                self._answer(200, [])
            elif parts[:2] == ["api", "tables"] and len(parts) == 3:
                self._answer(200, self.store.read(parts[2], self._token()))
            else:
                self._answer(404, {"error": "not found"})
        except (KeyError, ValueError) as error:
            self._answer(404, {"error": str(error)})

    def do_POST(self) -> None:
        parts = self.path.strip("/").split("/")
        try:
            body = self._body()
            if parts == ["api", "tables"]:
                self._answer(200, self.store.create(body))
            elif parts[:2] == ["api", "join"] and len(parts) == 3:
                self._answer(200, self.store.join(parts[2]))
            elif parts[:2] == ["api", "tables"] and parts[3:] == ["moves"]:
                self._answer(*self.store.move(parts[2], self._token(), body))
            else:
                self._answer(404, {"error": "not found"})
        except (KeyError, ValueError) as error:
            self._answer(400, {"error": str(error)})


def serve(port: int, path: str) -> None:
    """Serve on 127.0.0.1:`port`, every move appended to `path`, until stopped."""
    _Handler.store = _Store(path)
    server = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    serve(int(sys.argv[1]), sys.argv[2])
