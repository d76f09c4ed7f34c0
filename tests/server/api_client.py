"""A small client of the table API for tests, as a program would use it."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


class Api:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=30)

    def close(self) -> None:
        self.http.close()

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def create(
        self,
        game: str,
        seats: list[dict[str, Any]],
        flags: dict[str, Any] | None = None,
        visibility: str = "public",
    ) -> dict[str, Any]:
        response = self.http.post(
            "/api/tables",
            json={
                "game": game,
                "players": len(seats),
                "flags": flags or {},
                "mode": "live",
                "visibility": visibility,
                "seats": seats,
            },
        )
        assert response.status_code == 201, response.text
        return dict(response.json())

    def join(self, invite_url: str, name: str) -> dict[str, Any]:
        secret = invite_url.rsplit("/", 1)[1]
        response = self.http.post(f"/api/join/{secret}", json={"name": name})
        assert response.status_code == 200, response.text
        self.http.cookies.clear()  # each test player is its own client
        return dict(response.json())

    def table(self, table_id: str, token: str | None = None, log_from: int = 0) -> dict[str, Any]:
        response = self.http.get(
            f"/api/tables/{table_id}", headers=self.auth(token), params={"log_from": log_from}
        )
        assert response.status_code == 200, response.text
        return dict(response.json())

    def move(self, table_id: str, token: str | None, action: str, version: int) -> httpx.Response:
        return self.http.post(
            f"/api/tables/{table_id}/moves",
            json={"action": action, "version": version},
            headers=self.auth(token),
        )

    def live(self, table_id: str, token: str | None) -> ClientConnection:
        ws_url = self.base_url.replace("http://", "ws://") + f"/api/tables/{table_id}/live"
        return connect(ws_url, additional_headers=self.auth(token), open_timeout=30)


def receive(connection: ClientConnection, timeout: float = 30.0) -> dict[str, Any]:
    return dict(json.loads(connection.recv(timeout=timeout)))


WANDER = 40
"""Random moves of a seat in play_until_over before it ends its turns whenever it may (Hansa:
random play runs to 10,000-24,000 decisions)."""


def play_until_over(
    api: Api,
    table_id: str,
    token: str,
    rng: random.Random,
    timeout: float = 600.0,
    stop_after: int | None = None,
) -> dict[str, Any]:
    """Play random legal moves for the token's seat until the game ends (bots play the rest)."""
    deadline = time.monotonic() + timeout
    made = 0
    while time.monotonic() < deadline:
        state = api.table(table_id, token)
        if state["status"] == "finished" or (stop_after is not None and made >= stop_after):
            return state
        if state["decider"] == state["seat"] and state["legal"]:
            choice = rng.choice(state["legal"])["text"]
            if made >= WANDER and "end_turn" in (a["text"] for a in state["legal"]):
                choice = "end_turn"  # random Hansa play holds a game up: the bots end it
            response = api.move(table_id, token, choice, state["version"])
            if response.status_code == 429:  # the server's rate limit: wait as it says
                time.sleep(float(response.headers["Retry-After"]))
                continue
            assert response.status_code in (200, 409), response.text
            made += response.status_code == 200
        else:
            time.sleep(0.02)
    raise AssertionError(f"table {table_id} did not finish within {timeout} s")


def drive(
    api: Api, table_id: str, tokens: list[str], rng: random.Random, moves: int
) -> dict[str, Any]:
    """The people at seats 0..len(tokens)-1 play `moves` random moves between them (bots the
    rest), or until the game ends."""
    made = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = api.table(table_id)
        if state["status"] == "finished" or made >= moves:
            return state
        decider = state["decider"]
        if decider is not None and decider < len(tokens):
            mine = api.table(table_id, tokens[decider])
            if mine["legal"]:
                choice = rng.choice(mine["legal"])["text"]
                response = api.move(table_id, tokens[decider], choice, mine["version"])
                assert response.status_code in (200, 409), response.text
                made += response.status_code == 200
                continue
        time.sleep(0.02)
    raise AssertionError(f"table {table_id}: {made} of {moves} moves within 120 s")
