"""Whole games through the HTTP API (issue 15): every title, a human seat against bots, and an
all-human table whose players follow the game over WebSockets."""

from __future__ import annotations

import random
import threading

import pytest

from hanse.core.match import replay_final
from hanse.core.record import MatchRecord
from hanse.games import make
from tests.server.api_client import Api, play_until_over, receive
from tests.server.server_process import ServerProcess

# Whole games with bots take a minute for Hansa: SQLite, and PostgreSQL with two workers and Redis
# (the other test modules use every backend).
pytestmark = pytest.mark.parametrize(
    "server", ["sqlite", "postgres-redis-2-workers"], indirect=True
)

GAMES = [
    ("luebeck", 3, {}),
    ("hansa", 3, {}),
    ("kogge", 3, {"taxes": True}),
    ("speicherstadt", 2, {"kaispeicher": True}),
]


@pytest.mark.parametrize(("game", "players", "flags"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_person_plays_a_whole_game_against_bots(
    api: Api, game: str, players: int, flags: dict[str, bool]
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    created = api.create(game, seats, flags)
    joined = api.join(created["invites"][0]["url"], "Anna")
    final = play_until_over(api, created["id"], joined["token"], random.Random(1))

    assert final["status"] == "finished"
    assert final["scores"] is not None and len(final["scores"]) == players
    record_response = api.http.get(f"/api/tables/{created['id']}/record")
    assert record_response.status_code == 200
    record = MatchRecord.from_json(record_response.json())
    assert record.players is not None and record.players[0] == "Anna"
    state = replay_final(record, make(game, players, **flags))
    assert make(game, players, **flags).scores(state) == final["scores"] == record.scores


def test_an_all_human_table_follows_the_game_live(api: Api, server: ServerProcess) -> None:
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    tokens = [
        api.join(invite["url"], f"P{i}")["token"] for i, invite in enumerate(created["invites"])
    ]
    table_id = created["id"]
    versions: list[list[int]] = [[] for _ in tokens]
    errors: list[BaseException] = []

    def player(seat: int) -> None:
        rng = random.Random(seat)
        try:
            with api.live(table_id, tokens[seat]) as live:
                log_length = 0
                while True:
                    state = receive(live)
                    assert state["seat"] == seat
                    assert state["log_start"] == log_length, "the live log skipped entries"
                    log_length += len(state["log"])
                    versions[seat].append(state["version"])
                    if state["status"] == "finished":
                        return
                    if state["decider"] == seat:
                        move = rng.choice(state["legal"])["text"]
                        response = Api(server.url).move(
                            table_id, tokens[seat], move, state["version"]
                        )
                        assert response.status_code == 200, response.text
        except BaseException as error:  # noqa: BLE001  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=player, args=(seat,)) for seat in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not errors, errors
    final = api.table(table_id, tokens[0])
    assert final["status"] == "finished"
    for seen in versions:
        assert seen == sorted(seen) and seen[-1] == final["version"]
