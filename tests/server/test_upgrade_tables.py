"""Tables stored by an older Hanse resume after an upgrade (issue 32, "Upgrades keep games").

``data/kogge_v1_table.json`` holds the rows the Hanse of commit 1bbea5a^ wrote for a two-player
Kogge table half-way through (its TableService, SQLite, migration 0001; written once, see
``data/README.md``): moves of notation 1, which today's rules cannot read as they are. The test
lays those rows into a database of that schema, starts today's server on it (the migrations run,
0007 carries the moves over) and plays the table to its end through the API.
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from hanse.core.match import replay_final
from hanse.core.record import MatchRecord
from hanse.core.upgrade import upgrade_moves
from hanse.games import make
from hanse.server import security, storage
from hanse.server.tables import TableService
from tests.server.api_client import Api
from tests.server.conftest import make_server
from tests.server.server_process import drop_postgres_schema

DATA = Path(__file__).parent / "data"
REFUSED = Path(__file__).parents[1] / "games" / "kogge" / "data" / "v1_3p_memory_home_step.json"


def _rows(conn: sa.Connection, name: str, rows: list[dict[str, Any]]) -> None:
    table = sa.Table(name, sa.MetaData(), autoload_with=conn)
    stamps = {c.name for c in table.columns if isinstance(c.type, sa.DateTime)}
    conn.execute(
        table.insert(),
        [{k: datetime.fromisoformat(v) if k in stamps else v for k, v in r.items()} for r in rows],
    )


def _store_as_the_old_hanse(url: str, stored: list[dict[str, Any]]) -> None:
    engine = storage.create_engine(url)
    try:
        with engine.begin() as conn:
            command.upgrade(storage._alembic_config(conn), "0001")  # the old Hanse's schema
            for data in stored:
                for name in ("tables", "seats", "moves"):
                    _rows(conn, name, data[name])
    finally:
        engine.dispose()


def _kept(url: str, table_id: str) -> tuple[int, int]:
    """(rows in moves_old, the table's notation) as the database holds them."""
    engine = storage.create_engine(url)
    try:
        with engine.connect() as conn:
            old = conn.execute(
                sa.text("SELECT COUNT(*) FROM moves_old WHERE table_id = :t"), {"t": table_id}
            ).scalar_one()
            notation = conn.execute(
                sa.text("SELECT notation FROM tables WHERE id = :t"), {"t": table_id}
            ).scalar_one()
        return int(old), int(notation)
    finally:
        engine.dispose()


def _play_to_the_end(api: Api, table_id: str, tokens: dict[int, str], rng: random.Random) -> Any:
    for _ in range(5_000):
        state = api.table(table_id, tokens[0])
        if state["status"] == "finished":
            return state
        seat = state["decider"]
        mine = api.table(table_id, tokens[seat])
        choice = rng.choice(mine["legal"])["text"]
        response = api.move(table_id, tokens[seat], choice, mine["version"])
        assert response.status_code == 200, response.text
    raise AssertionError("the table did not finish")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_kogge_table_of_notation_1_resumes_and_plays_to_its_end(
    backend: str, tmp_path: Path
) -> None:
    data = json.loads((DATA / "kogge_v1_table.json").read_text())
    row = data["tables"][0]
    table_id = row["id"]
    tokens = {int(seat): token for seat, token in data["tokens"].items()}
    old_moves = [(m["player"], m["action"]) for m in data["moves"] if not m["undone"]]
    flags, expected = upgrade_moves("kogge", row["players"], row["flags"], 1, old_moves)

    process, schema = make_server(backend, tmp_path)
    try:
        _store_as_the_old_hanse(process.database_url, [data])
        process.start()
        api = Api(process.url)
        try:
            state = api.table(table_id, tokens[0])
            assert state["status"] == "playing"
            assert state["notice"] is None
            assert state["version"] > row["version"]  # the chains added decisions
            assert _kept(process.database_url, table_id) == (len(data["moves"]), 3)

            final = _play_to_the_end(api, table_id, tokens, random.Random(5))
            record = api.http.get(
                f"/api/tables/{table_id}/record", headers=api.auth(tokens[0])
            ).json()
        finally:
            api.close()
    finally:
        process.stop()
        if schema:
            drop_postgres_schema(schema)

    assert record["notation"] == 3
    assert flags == {"open_holdings": True}  # the old game's holdings were open
    assert record["flags"]["open_holdings"] is True
    # The migration wrote exactly the upgrader's moves, and the game went on from them.
    assert [tuple(a) for a in record["actions"][: len(expected)]] == expected
    assert len(record["actions"]) > len(expected)
    game = make("kogge", 2, **record["flags"])
    end = replay_final(MatchRecord.from_json(record), game)
    assert game.is_terminal(end)
    assert list(game.scores(end)) == final["scores"] == record["scores"]


def _table_of_record(path: Path, table_id: str, moves: int, token: str) -> dict[str, Any]:
    """The rows of a table as the old Hanse stored it, holding the first ``moves`` actions of an
    old record (written by the old code: data/README.md in tests/games/kogge)."""
    record = json.loads(path.read_text())
    actions = record["actions"][:moves]
    at = "2026-11-20T10:00:00"
    return {
        "tables": [
            {
                "id": table_id,
                "game": "kogge",
                "players": record["num_players"],
                "flags": record["flags"],
                "mode": "async",
                "visibility": "private",
                "status": "playing",
                "seq": len(actions),
                "version": sum(1 for player, _ in actions if player >= 0),
                "decider": record["actions"][moves][0],
                "created_at": at,
                "updated_at": at,
            }
        ],
        "seats": [
            {
                "table_id": table_id,
                "seat": seat,
                "kind": "human",
                "level": None,
                "name": f"Old {'ABCD'[seat]}",
                "account_id": None,
                "invite_hash": None,
                "token_hash": security.digest(token) if seat == 0 else None,
                "joined_at": at,
            }
            for seat in range(record["num_players"])
        ],
        "moves": [
            {
                "table_id": table_id,
                "seq": number,
                "player": player,
                "action": text,
                "undone": False,
                "created_at": at,
            }
            for number, (player, text) in enumerate(actions, start=1)
        ],
    }


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_table_the_rules_now_play_otherwise_is_finished_with_a_notice(
    backend: str, tmp_path: Path
) -> None:
    """Its move 62 (the robber's free step along a marker pointing home, Memory) the current rules
    would play otherwise: the table keeps the 61 moves before it, carried over, and reads as a
    finished table saying why; its stored rows are all kept."""
    token = "old-seat-zero-token-0123456789"
    data = _table_of_record(REFUSED, "oldmemorytable000000001", 100, token)
    process, schema = make_server(backend, tmp_path)
    try:
        _store_as_the_old_hanse(process.database_url, [data])
        process.start()
        api = Api(process.url)
        try:
            state = api.table("oldmemorytable000000001", token)
            answer = api.http.get(
                "/api/tables/oldmemorytable000000001/record", headers=api.auth(token)
            )
        finally:
            api.close()
        kept = _kept(process.database_url, "oldmemorytable000000001")
    finally:
        process.stop()
        if schema:
            drop_postgres_schema(schema)

    assert state["status"] == "finished"
    assert "cannot be carried over" in state["notice"]
    assert "move 62 ('step 0')" in state["notice"]
    assert state["winners"] == []  # stopped, not played out: nobody won
    assert kept == (100, 3)
    assert answer.status_code == 200, answer.text
    record = MatchRecord.from_json(answer.json())
    assert record.scores is None and record.winners is None
    assert record.flags["open_holdings"] is False  # Memory kept holdings secret anyway
    stored = [tuple(a) for a in json.loads(REFUSED.read_text())["actions"][:61]]
    _, carried = upgrade_moves("kogge", 3, record.flags, 1, stored)
    assert record.actions == carried


def test_a_taken_back_move_is_carried_over_taken_back(database_url: str) -> None:
    """Old rows 30 (a whole bid), 31 (a bid taken back), 32 (its take-back), 33 (the bid again):
    each move becomes its chain of bids, the one taken back stays taken back, and the event
    names the first move of its chain; every row after them moves up by what the chains add."""
    data = json.loads((DATA / "kogge_v1_table.json").read_text())
    table_id = data["tables"][0]["id"]
    moves = data["moves"]
    assert (moves[29]["action"], moves[30]["action"]) == ("bid 7 6 3 1", "bid 8 6 3")
    taken_back = {**moves[30], "undone": True}
    later = [{**m, "seq": m["seq"] + 2} for m in moves[30:]]
    data["moves"] = [*moves[:30], taken_back, *later]
    data["tables"][0].update(seq=len(moves) + 2, version=data["tables"][0]["version"] + 2)
    event = {
        "table_id": table_id,
        "seq": 32,
        "kind": "undo",
        "seat": 0,
        "undone_seq": 31,
        "by_seat": None,
        "level": None,
        "created_at": moves[30]["created_at"],
    }
    engine = storage.create_engine(database_url)
    try:
        with engine.begin() as conn:
            command.upgrade(storage._alembic_config(conn), "0004")  # take-backs came with it
            for name in ("tables", "seats", "moves"):
                _rows(conn, name, data[name])
            _rows(conn, "table_events", [event])
        storage.migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT seq, player, action, undone FROM moves WHERE table_id = :t "
                    "AND seq BETWEEN 30 AND 43 ORDER BY seq"
                ),
                {"t": table_id},
            ).all()
            told = conn.execute(
                sa.text("SELECT seq, kind, undone_seq FROM table_events WHERE table_id = :t"),
                {"t": table_id},
            ).all()
            head = conn.execute(
                sa.text("SELECT seq, version, notation FROM tables WHERE id = :t"), {"t": table_id}
            ).one()
            kept = conn.execute(
                sa.text("SELECT COUNT(*) FROM table_events_old WHERE table_id = :t"),
                {"t": table_id},
            ).scalar_one()
        chain = ["bid 8", "bid 6", "bid 3", "bid done"]
        assert [(r.seq, r.action, bool(r.undone)) for r in rows] == [
            *((30 + i, text, False) for i, text in enumerate(["bid 7", "bid 6", "bid 3", "bid 1"])),
            (34, "bid done", False),
            *((35 + i, text, True) for i, text in enumerate(chain)),
            *((40 + i, text, False) for i, text in enumerate(chain)),
        ]
        assert [(e.seq, e.kind, e.undone_seq) for e in told] == [(39, "undo", 35)]
        assert kept == 1 and head.notation == 3
        # Today's service reads the table where the old one left it.
        live = TableService(engine).live(table_id)
        old_moves = [(m["player"], m["action"]) for m in moves]
        flags, carried = upgrade_moves("kogge", 2, {}, 1, old_moves)
        assert head.seq == len(carried) + 4 + 1
        assert live.version == head.version > data["tables"][0]["version"]
        game = make("kogge", 2, **flags)
        state = game.new_initial_state()
        for _, text in carried:
            game.apply_action(state, game.action_from_str(text))
        assert str(live.state) == str(state)
    finally:
        engine.dispose()
