"""A finished table whose rating failed is rated later by the upkeep, exactly once (issue 33).

Over a real server with two workers on PostgreSQL, the rating is made to fail where the database
itself refuses it (a trigger on ``rating_history``): the last move stands, the table unrated, and
the sweeps keep failing while the trigger stays; once it is gone, a sweep rates the table, once
across both workers' sweeps. In the service itself: an exception in the rating leaves the table
to the next sweep; two sweeps racing for one table rate it once; a table that ended without its
game's end is marked unrated, never rated.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import sqlalchemy as sa

from hanse.server import rating_retry, ratings, storage, upkeep
from hanse.server.accounts import AccountService
from hanse.server.models import game_tables, rating_history
from hanse.server.models import ratings as ratings_table
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from tests.server.api_client import Api, play_until_over
from tests.server.conftest import make_server
from tests.server.server_process import POSTGRES_DSN, drop_postgres_schema

REFUSE = """
CREATE FUNCTION "{schema}".refuse_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the test refuses every rating'; END $$;
CREATE TRIGGER refuse_rating BEFORE INSERT ON "{schema}".rating_history
FOR EACH ROW EXECUTE FUNCTION "{schema}".refuse_rating();
"""


def _rated(engine: sa.Engine, table_id: str) -> tuple[bool | None, list[str]]:
    """The table's `rated` and the subjects rated at it (one row each, if rated once)."""
    with engine.connect() as conn:
        flag = conn.execute(
            sa.select(game_tables.c.rated).where(game_tables.c.id == table_id)
        ).scalar_one()
        subjects = conn.execute(
            sa.select(rating_history.c.subject).where(rating_history.c.table_id == table_id)
        ).scalars()
        return flag, sorted(subjects)


def test_a_failed_rating_is_rated_by_a_later_sweep_once(tmp_path: Path) -> None:
    server, schema = make_server("postgres-redis-2-workers", tmp_path)
    assert schema is not None
    server.environ["HANSE_UPKEEP_SECONDS"] = "1"  # both workers sweep every second
    server.start()
    engine = storage.create_engine(server.database_url)
    try:
        api = Api(server.url)
        signed = api.http.post("/api/accounts", json={"name": "berta", "password": "password1"})
        assert signed.status_code == 201, signed.text
        api.http.cookies.clear()
        session = str(signed.json()["token"])
        created = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        secret = created["invites"][0]["url"].rsplit("/", 1)[1]
        joined = api.http.post(f"/api/join/{secret}", json={"name": "b"}, headers=Api.auth(session))
        assert joined.status_code == 200, joined.text
        api.http.cookies.clear()
        with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
            conn.execute(REFUSE.format(schema=schema).encode())
        final = play_until_over(api, created["id"], session, random.Random(21))
        assert final["status"] == "finished" and final["winners"] is not None  # the move stood
        assert _rated(engine, created["id"]) == (None, [])
        time.sleep(2.5)  # sweeps pass meanwhile, each refused again
        assert _rated(engine, created["id"]) == (None, [])
        with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
            conn.execute(f'DROP TRIGGER refuse_rating ON "{schema}".rating_history'.encode())
        for _ in range(600):
            if _rated(engine, created["id"])[0] is not None:
                break
            time.sleep(0.1)
        flag, subjects = _rated(engine, created["id"])
        assert flag is True and len(subjects) == 2 and "bot:easy" in subjects
        time.sleep(2.5)  # more sweeps of both workers change nothing
        assert _rated(engine, created["id"]) == (flag, subjects)
        player = httpx.get(f"{server.url}/api/players/berta").json()
        assert [(r["game"], r["players"], r["games"]) for r in player["ratings"]] == [
            ("kogge", "2p", 1)
        ]
        api.close()
    finally:
        engine.dispose()
        server.stop()
        drop_postgres_schema(schema)


def _two_people_play_out(service: TableService, spec: TableSpec) -> str:
    """A table of two accounts, played to its end with random moves in the service itself."""
    people = AccountService(service.engine, service._summary)
    table_id, invites = service.create(spec)
    for number, (_, secret) in enumerate(invites):
        account, _ = people.create_account(f"p{number}-{table_id[:6]}", "password1")
        service.join(secret, f"P{number}", account)
    rng = random.Random(5)
    for _ in range(20_000):
        seat = service.live(table_id).decider
        if seat is None:
            return table_id
        payload = service.read(table_id, seat)
        choice = rng.choice(payload["legal"])["text"]
        service.submit(table_id, seat, choice, payload["version"])
    raise AssertionError("the game did not end")


def test_an_exception_leaves_the_table_to_the_sweep_and_racing_sweeps_rate_once(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    workers = [TableService(engine), TableService(engine)]  # two workers' services
    spec = TableSpec("kogge", 2, {}, "live", "public", [SeatSpec("human")] * 2)
    real = ratings._settle
    failures: list[str] = []

    def fail_once(conn: sa.Connection, table_id: str, *rest: Any) -> bool:
        if not failures:
            failures.append(table_id)
            raise RuntimeError("the rating broke once")
        return real(conn, table_id, *rest)

    monkeypatch.setattr(ratings, "_settle", fail_once)
    table_id = _two_people_play_out(workers[0], spec)
    assert failures == [table_id]
    assert _rated(engine, table_id) == (None, [])
    assert rating_retry.unrated(engine) == [table_id]
    # Two sweeps at once, one in each worker: exactly one rates it
    outcomes: list[int] = []
    barrier = threading.Barrier(2)

    def sweep(service: TableService) -> None:
        barrier.wait()
        outcomes.append(rating_retry.retry_unrated(engine, service.live))

    racers = [threading.Thread(target=sweep, args=(worker,)) for worker in workers]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(60)
    assert sorted(outcomes) == [0, 1]
    flag, subjects = _rated(engine, table_id)
    assert flag is True and len(subjects) == 2
    with engine.connect() as conn:
        games = conn.execute(sa.select(ratings_table.c.games)).scalars()
        assert sorted(games) == [1, 1]
    swept = upkeep.sweep(engine, time.time(), 7, 90, workers[1].live)
    assert swept.rated == 0 and _rated(engine, table_id) == (flag, subjects)
    engine.dispose()


def test_a_table_ended_without_its_games_end_is_marked_unrated(database_url: str) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    service = TableService(engine)
    spec = TableSpec("kogge", 2, {}, "live", "public", [SeatSpec("human")] * 2)
    table_id, invites = service.create(spec)
    for number, (_, secret) in enumerate(invites):
        service.join(secret, f"P{number}", None)
    with engine.begin() as conn:  # finished as a table ended without a result is
        conn.execute(
            game_tables.update().where(game_tables.c.id == table_id).values(status="finished")
        )
    swept = upkeep.sweep(engine, time.time(), 7, 90, service.live)
    assert swept.rated == 0 and _rated(engine, table_id) == (False, [])
    engine.dispose()
