"""The stand-in of ``hanse bench --server --clients N --standin`` (``loadtest_standin.py``): the
yardstick server checks moves with the engine, refuses what ``hanse serve`` refuses, writes every
accepted move to its file before answering, and the closed loop plays it without errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hanse.server.loadtest_closed import StandIn, bench_standin


@pytest.fixture
def standin() -> Iterator[StandIn]:
    server = StandIn()
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def _table(url: str) -> tuple[str, list[str]]:
    body = {"game": "luebeck", "players": 3, "seats": [{"kind": "human"}] * 3}
    created = httpx.post(url + "/api/tables", json=body).json()
    tokens = []
    for invite in created["invites"]:
        secret = invite["url"].rsplit("/", 1)[1]
        tokens.append(httpx.post(f"{url}/api/join/{secret}", json={"name": "x"}).json()["token"])
    return created["id"], tokens


def test_the_standin_refuses_stale_foreign_and_illegal_moves_and_keeps_the_legal_one(
    standin: StandIn,
) -> None:
    table_id, tokens = _table(standin.url)
    url = f"{standin.url}/api/tables/{table_id}"

    def as_seat(seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {tokens[seat]}"}

    shown = httpx.get(url, headers=as_seat(0)).json()
    decider = shown["decider"]
    state = httpx.get(url, headers=as_seat(decider)).json()
    move = state["legal"][0]["text"]
    other = (decider + 1) % 3
    refusals = [
        (decider, {"action": move, "version": state["version"] + 1}, 409),
        (other, {"action": move, "version": state["version"]}, 403),
        (decider, {"action": "no such move", "version": state["version"]}, 422),
    ]
    for seat, body, status in refusals:
        assert httpx.post(url + "/moves", json=body, headers=as_seat(seat)).status_code == status
    assert not (Path(standin.folder.name) / "moves.jsonl").read_text()  # nothing was kept
    body = {"action": move, "version": state["version"]}
    answer = httpx.post(url + "/moves", json=body, headers=as_seat(decider))
    assert answer.status_code == 200
    assert answer.json()["version"] == state["version"] + 1
    kept = (Path(standin.folder.name) / "moves.jsonl").read_text().splitlines()
    assert [json.loads(line) for line in kept] == [
        {"table": table_id, "seat": decider, "action": move}
    ]


def test_the_closed_loop_plays_the_standin_without_errors() -> None:
    result = bench_standin(clients=3, tables=6, seconds=2, warmup=1)
    assert result.errors == 0, result.error_samples
    assert result.accepted > 0 and result.database.startswith("stand-in")
