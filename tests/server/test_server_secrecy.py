"""Secrecy (issue 15): every endpoint and the WebSocket give a caller exactly its seat's payload,
and that payload holds nothing beyond ``view(state, seat)``: it does not change when everything
the seat may not know is re-dealt (``resample_hidden``)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from hanse.server import storage
from hanse.server.live_table import LiveTable
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from tests.server.api_client import Api, drive, receive
from tests.server.server_process import ServerProcess

HIDDEN = [
    ("kogge", 3, {"conflicts": True, "memory": True}),
    ("speicherstadt", 3, {"kaispeicher": True}),
    ("luebeck", 3, {}),
]


def _plain(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload as JSON, without the seconds the decider has had and the clocks (they move
    between two readings; they tell no secret)."""
    plain = dict(json.loads(json.dumps(payload)))
    plain.pop("waiting", None)
    plain.pop("clocks", None)
    return plain


def _service(server: ServerProcess) -> TableService:
    return TableService(storage.create_engine(server.database_url))


@pytest.mark.parametrize(("game", "players", "flags"), HIDDEN, ids=[g for g, _, _ in HIDDEN])
def test_each_caller_gets_its_own_view_and_nothing_more(
    api: Api, server: ServerProcess, game: str, players: int, flags: dict[str, bool]
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (
        players - 2
    )
    created = api.create(game, seats, flags)
    table_id = created["id"]
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    rng = random.Random(5)
    drive(api, table_id, tokens, rng, moves=12)  # both people play, bots the rest
    # Compare at rest: wait until a person is to decide, so no bot moves between the reads.
    for _ in range(300):
        now = api.table(table_id)
        if now["status"] == "finished" or now["decider"] in (0, 1):
            break
        time.sleep(0.1)
    service = _service(server)
    try:
        live = service.live(table_id)
        credentials: list[tuple[str | None, int | None]] = [
            (tokens[0], 0),
            (tokens[1], 1),
            (None, None),
        ]
        for token, seat in credentials:
            expected = _plain(live.payload(seat))
            assert _plain(api.table(table_id, token)) == expected
            with api.live(table_id, token) as connection:
                assert _plain(receive(connection)) == expected
            for attempt in range(5):
                resampled = live.with_state(
                    live.game.resample_hidden(live.state, seat, random.Random(attempt))
                )
                assert _plain(resampled.payload(seat)) == expected, (
                    f"seat {seat}'s payload tells what its view does not"
                )
        lobby = api.http.get("/api/tables", params={"status": "playing"}).json()
        listed = next(t for t in lobby if t["id"] == table_id)
        assert "view" not in listed and "log" not in listed and "legal" not in listed
        response = api.http.get(f"/api/tables/{table_id}/record")
        if live.status != "finished":
            assert response.status_code == 409
    finally:
        service.engine.dispose()


def test_a_move_answers_with_the_movers_own_payload(api: Api, server: ServerProcess) -> None:
    created = api.create("kogge", [{"kind": "human"}] * 3, {"memory": True})
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    table_id = created["id"]
    decider = api.table(table_id)["decider"]
    state = api.table(table_id, tokens[decider])
    response = api.move(table_id, tokens[decider], state["legal"][0]["text"], state["version"])
    assert response.status_code == 200
    service = _service(server)
    try:
        assert _plain(response.json()) == _plain(service.live(table_id).payload(decider))
    finally:
        service.engine.dispose()


def test_the_secrecy_check_catches_a_payload_that_tells_another_seats_view(
    tmp_path: Path,
) -> None:
    """The check above is not vacuous: a payload that carried another seat's view fails it."""
    engine = storage.create_engine(f"sqlite:///{tmp_path / 'leak.sqlite3'}")
    storage.migrate(engine)
    service = TableService(engine)
    spec = TableSpec("kogge", 3, {"memory": True}, "live", "public", [SeatSpec("bot", "easy")] * 3)
    table_id, _ = service.create(spec)
    live = service.live(table_id)
    # Seats 0 and 1 choose their start cities in secret: seat 1's view now tells its choice.
    state = live.state.clone()
    while live.game.current_player(state) != 2:
        live.game.apply_action(state, live.game.legal_actions(state)[-1])
    live = live.with_state(state)

    def leaky(table: LiveTable) -> dict[str, Any]:
        return {**table.payload(0), "other": table.game.view(table.state, 1)}

    expected = _plain(leaky(live))
    caught = False
    for attempt in range(10):
        resampled = live.with_state(
            live.game.resample_hidden(live.state, 0, random.Random(attempt))
        )
        assert _plain(resampled.payload(0)) == _plain(live.payload(0))
        caught = caught or _plain(leaky(resampled)) != expected
    engine.dispose()
    assert caught
