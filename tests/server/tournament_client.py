"""A small random client for tournament tests: accounts, their programs' bot tokens, and the
moves of a tournament's tables, played through the API as any program would play them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import httpx

KOGGE_SWISS = {
    "name": "Kogge Swiss",
    "game": "kogge",
    "players": 2,
    "mode": "live",
    "clock": {"base": 3600, "increment": 10},
    "system": "swiss",
    "rounds": 3,
}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Entrant:
    """An account (its session) and the bot token of its program."""

    name: str
    session: str
    program: str

    @property
    def label(self) -> str:
        return f"{self.name}/rand"


def sign_up(http: httpx.Client, name: str) -> Entrant:
    made = http.post("/api/accounts", json={"name": name, "password": "password1"})
    assert made.status_code in (200, 201), made.text
    session = made.json()["token"]
    http.cookies.clear()
    token = http.post("/api/me/bot-tokens", json={"name": "rand"}, headers=bearer(session))
    assert token.status_code == 201, token.text
    return Entrant(name, session, token.json()["token"])


def tournament(http: httpx.Client, tournament_id: str, token: str | None = None) -> dict[str, Any]:
    read = http.get(f"/api/tournaments/{tournament_id}", headers=bearer(token) if token else {})
    assert read.status_code == 200, read.text
    return dict(read.json())


def play_table(
    http: httpx.Client, table_id: str, tokens: dict[int, str], rng: random.Random, most: int
) -> bool:
    """Up to `most` random legal moves at a table, each by the program of the seat that
    decides (`tokens`: a program's bot token per seat); whether the game is over."""
    payload = _read(http, table_id, next(iter(tokens.values())))
    for _ in range(most):
        if payload["status"] == "finished":
            return True
        decider = payload["decider"]
        if payload["seat"] != decider:
            payload = _read(http, table_id, tokens[decider])
        action = rng.choice(payload["legal"])["text"]
        moved = http.post(
            f"/api/tables/{table_id}/moves",
            json={"action": action, "version": payload["version"]},
            headers=bearer(tokens[decider]),
        )
        assert moved.status_code == 200, moved.text
        payload = moved.json()
    return payload["status"] == "finished"


def _read(http: httpx.Client, table_id: str, token: str) -> dict[str, Any]:
    read = http.get(
        f"/api/tables/{table_id}", headers=bearer(token), params={"log_from": 1_000_000}
    )
    assert read.status_code == 200, read.text
    return dict(read.json())


def play_round(
    http: httpx.Client,
    read: dict[str, Any],
    programs: dict[str, str],
    rng: random.Random,
    most: int = 100_000,
) -> bool:
    """Moves at every table of the tournament's current round still being played (`programs`:
    each entrant's bot token by its name), up to `most` per table; whether all are over."""
    current = read["rounds_played"][-1]
    over = True
    for table in current["tables"]:
        if table["status"] == "finished":
            continue
        tokens = {s["seat"]: programs[s["name"]] for s in table["seats"]}
        over &= play_table(http, table["table"], tokens, rng, most)
    return over
