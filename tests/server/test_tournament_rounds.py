"""The round pass (tournament_rounds.py) on the real databases, without a server: two workers
finding a round over at the same instant score it and seat the next once; a seat left to a bot
places last; a finished tournament stays finished."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from hanse.server import storage
from hanse.server.clocks import TimeControl
from hanse.server.models import tournament_places, tournament_rounds, tournament_tables
from hanse.server.tables import TableService
from hanse.server.tournament_rounds import Rounds
from hanse.server.tournament_service import TournamentService, TournamentSpec

KOGGE_PAIRS = TournamentSpec(
    name="Pass",
    game="kogge",
    players=2,
    fewest=2,
    flags={},
    mode="live",
    clock=TimeControl(base=3600.0, increment=10.0),
    system="swiss",
    rounds=2,
    least=2,
    most=16,
    starts_at=None,
)


@pytest.fixture
def engine(database_url: str) -> Iterator[sa.Engine]:
    made = storage.create_engine(database_url)
    storage.migrate(made)
    yield made
    made.dispose()


def enter(engine: sa.Engine, count: int) -> tuple[TableService, str]:
    tables = TableService(engine)
    tournaments = TournamentService(engine)
    accounts = [tables.create_account(f"player{n}", "password1") for n in range(count)]
    tournament_id = tournaments.create(KOGGE_PAIRS, accounts[0][0])
    for account_id, _token in accounts:
        tournaments.join(tournament_id, (account_id, f"player{account_id}"), None)
    return tables, tournament_id


def play_to_the_end(tables: TableService, table_id: str, rng: random.Random) -> None:
    live = tables.live(table_id)
    while live.status != "finished":
        decider = live.decider
        assert decider is not None
        action = rng.choice(live.game.legal_actions(live.state))
        by_bot = live.seats[decider].kind == "bot"
        tables.submit(table_id, decider, live.game.action_to_str(action), live.version, by_bot)
        live = tables.live(table_id)


def rows(engine: sa.Engine, table: sa.Table, tournament_id: str) -> list[sa.Row[tuple[object]]]:
    with engine.connect() as conn:
        return list(conn.execute(sa.select(table).where(table.c.tournament_id == tournament_id)))


def test_two_workers_finding_a_round_over_at_once_seat_the_next_once(engine: sa.Engine) -> None:
    tables, tournament_id = enter(engine, 4)
    first = Rounds(tables).begin(tournament_id)
    assert len(first) == 2
    rng = random.Random(4)
    for table_id in first:
        play_to_the_end(tables, table_id, rng)
    workers = [Rounds(TableService(engine)) for _ in range(2)]
    together = threading.Barrier(2)
    made: list[list[str]] = []

    def settle(worker: Rounds) -> None:
        together.wait()
        made.append(worker.settle(tournament_id))

    threads = [threading.Thread(target=settle, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(len(m) for m in made) == [0, 2]  # one worker seated round 2's two tables
    assert len(rows(engine, tournament_tables, tournament_id)) == 4
    places = rows(engine, tournament_places, tournament_id)
    assert len(places) == 8 and all(p.points is not None for p in places if p.round == 1)
    assert [r.number for r in rows(engine, tournament_rounds, tournament_id)] == [1, 2]
    assert workers[0].settle(tournament_id) == []  # round 2 is still being played


def test_a_seat_left_to_a_bot_places_last_and_the_end_is_final(engine: sa.Engine) -> None:
    tables, tournament_id = enter(engine, 2)
    rounds = Rounds(tables)
    (table_id,) = rounds.begin(tournament_id)
    live = tables.live(table_id)
    tables.hand_to_bot(table_id, 0, 0, live.version, "random")  # seat 0's person leaves
    rng = random.Random(9)
    play_to_the_end(tables, table_id, rng)  # the bot's moves too, as the sweep would make them
    (second,) = rounds.settle(tournament_id)
    seat_zero = next(p for p in rows(engine, tournament_places, tournament_id) if p.seat == 0)
    assert (seat_zero.rank, seat_zero.points) == (2, 0.0)
    play_to_the_end(tables, second, rng)
    assert rounds.settle(tournament_id) == []
    read = TournamentService(engine).read(tournament_id)
    assert read["status"] == "finished" and read["round"] == 2
    assert sum(s["points"] for s in read["standings"]) == 4.0
    assert rounds.settle(tournament_id) == [] and rounds.pass_once() == []
    assert datetime.fromisoformat(read["rounds_played"][1]["finished_at"]) <= datetime.now(UTC)
