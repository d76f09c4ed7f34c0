"""The ladder's pairing (issue 33) on the table service and a real database (SQLite and
PostgreSQL): whom a program meets, the caps per program and per server, one pass however many
workers try at once, leaving and revoking, and a program out of time losing its game and its
place in the ladder."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest
import sqlalchemy as sa

from hanse.core.protocol import CHANCE
from hanse.server import bot_tokens, ladder, storage
from hanse.server.bot_tokens import Program
from hanse.server.clock import ManualClock
from hanse.server.ladder_pairing import Entrant, Rules, pair, run_pass
from hanse.server.models import (
    game_tables,
    ladder_tables,
    notice_settings,
    outbox,
    rating_history,
    seats,
)
from hanse.server.tables import TableService
from hanse.server.timeouts import TimeOuts

RULES = Rules(seconds=60.0, tables=10, per_program=1, base=120.0, increment=2.0)


def entrant(token: int, mu: float = 25.0, account: int | None = None, **more: object) -> Entrant:
    fields: dict[str, object] = {
        "token_id": token,
        "account_id": token if account is None else account,
        "label": f"a{token}/p",
        "game": "kogge",
        "klass": "2p",
        "mu": mu,
        "open_tables": 0,
        **more,
    }
    return Entrant(**fields)  # type: ignore[arg-type]


def test_a_program_meets_the_nearest_rating_and_rather_a_program_than_a_bot() -> None:
    strong, weak, middle = entrant(1, mu=40.0), entrant(2, mu=12.0), entrant(3, mu=24.0)
    made = pair([middle, strong, weak], room=10, per_program=1)
    # middle: easy (25) 1 + 2 for a bot, before weak 12 and strong 16 away; strong: hard (32)
    # 8 + 2, before medium (30) 10 + 2 and weak 28; weak: easy 13 + 2 before random (-5) 17 + 2
    assert [(t.programs[0].token_id, len(t.programs), t.bots) for t in made] == [
        (3, 1, ("easy",)),
        (1, 1, ("hard",)),
        (2, 1, ("easy",)),
    ]
    equals = pair([entrant(1), entrant(2)], room=10, per_program=1)
    assert [[p.token_id for p in t.programs] for t in equals] == [[1, 2]]
    assert equals[0].bots == ()


def test_the_same_opponent_costs_more_each_time_it_was_met() -> None:
    seeker = entrant(1, met=("program:2", "program:2"))
    made = pair([seeker, entrant(2)], room=10, per_program=1)
    assert made[0].bots == ("easy",)  # 0 + 2 x 4 for program 2, 0 + 2 for easy
    assert [t.programs[0].token_id for t in made] == [1, 2]  # and program 2 seeks on its own
    tired_of_easy = entrant(1, met=("bot:easy",) * 3)
    assert pair([tired_of_easy], 10, 1)[0].bots == ("medium",)  # 5 + 2 below 0 + 12 + 2


def test_two_programs_of_one_account_never_meet() -> None:
    made = pair([entrant(1, account=7), entrant(2, account=7)], room=10, per_program=1)
    assert [(t.programs[0].token_id, len(t.programs), t.bots) for t in made] == [
        (1, 1, ("easy",)),
        (2, 1, ("easy",)),
    ]


def test_the_caps_per_program_and_per_pass_and_the_room_left() -> None:
    busy = entrant(1, open_tables=2)
    assert pair([busy, entrant(2)], room=10, per_program=2) == pair([entrant(2)], 10, 2)
    assert len(pair([entrant(1), entrant(2), entrant(3)], room=10, per_program=2)) == 2
    assert len(pair([entrant(i, account=i) for i in range(1, 9)], room=3, per_program=2)) == 3
    three = replace(entrant(1), game="luebeck", klass="3p+")
    table = pair([three], room=1, per_program=1)[0]
    assert len(table.programs) + len(table.bots) == 3 and len(set(table.bots)) == 2


def test_house_bots_fill_seats_only_once_the_seeker_has_waited_a_pass() -> None:
    """Programs entering about together meet each other rather than a house bot each."""
    early = entrant(1, waited=5.0)
    assert pair([early], room=10, per_program=1, bot_after=60.0) == []  # alone, too early
    together = pair([early, entrant(2, waited=1.0)], room=10, per_program=1, bot_after=60.0)
    assert [([p.token_id for p in t.programs], t.bots) for t in together] == [([1, 2], ())]
    waited = pair([entrant(1, waited=60.0)], room=10, per_program=1, bot_after=60.0)
    assert [t.bots for t in waited] == [("easy",)]
    three = entrant(1, game="luebeck", klass="3p+", waited=5.0)
    assert pair([three, entrant(2, game="luebeck", klass="3p+")], 10, 1, bot_after=60.0) == []


@pytest.fixture
def world(database_url: str) -> Iterator[tuple[TableService, ManualClock]]:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    clock = ManualClock(1_800_000_000.0)
    yield TableService(engine, now=clock), clock
    engine.dispose()


def program(service: TableService, account: str, name: str = "p") -> Program:
    account_id, _ = service.create_account(account, "password1")
    listed, secret = bot_tokens.create(service.engine, account_id, name)
    found = bot_tokens.program_of(service.engine, secret)
    assert found is not None and found.token_id == listed["id"]
    return found


def ladder_table_seats(service: TableService) -> list[list[tuple[str, int | None]]]:
    """Each ladder table's seats: (kind, the program's token), oldest table first."""
    with service.engine.connect() as conn:
        ids = conn.execute(
            sa.select(ladder_tables.c.table_id).order_by(ladder_tables.c.created_at)
        ).scalars()
        return [
            [
                (str(r.kind), r.bot_token)
                for r in conn.execute(
                    sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
                )
            ]
            for table_id in list(ids)
        ]


def test_a_pass_seats_two_programs_together_at_a_started_live_table_once(
    world: tuple[TableService, ManualClock],
) -> None:
    service, clock = world
    ada, bea = program(service, "ada"), program(service, "bea")
    for entered in (ada, bea):
        assert ladder.enter(service.engine, entered, "kogge", "2p", clock())[1] is True
    assert ladder.enter(service.engine, ada, "kogge", "2p", clock())[1] is False  # once
    rng = random.Random(3)
    made = run_pass(service, RULES, rng)
    assert made is not None and len(made) == 1
    assert run_pass(service, RULES, rng) is None  # a pass ran less than a period ago
    live = service.live(made[0])
    assert live.status == "playing" and live.mode == "live"
    assert live.clock is not None and live.clock.control.base == RULES.base
    assert sorted(tokens for _, tokens in ladder_table_seats(service)[0]) == sorted(
        [ada.token_id, bea.token_id]
    )
    for who in (ada, bea):  # each finds its seat with its own bot token
        seat = service.seat_of_account(made[0], who.account_id, who.token_id)
        assert seat is not None and live.seats[seat].name == who.label
        assert ladder.mine(service.engine, who)["tables"][0]["seat"] == seat
    clock.advance(RULES.seconds)
    assert run_pass(service, RULES, rng) == []  # each at its cap of one table
    clock.advance(RULES.seconds)
    two = replace(RULES, per_program=2)
    again = run_pass(service, two, rng)
    assert again is not None and len(again) == 2  # they met: now each meets a house bot
    assert [sorted(kind for kind, _ in table) for table in ladder_table_seats(service)[1:]] == [
        ["bot", "human"],
        ["bot", "human"],
    ]
    clock.advance(RULES.seconds)
    assert run_pass(service, two, rng) == []  # two tables each


def test_a_lone_program_meets_a_house_bot_at_its_first_pass_after_waiting(
    world: tuple[TableService, ManualClock],
) -> None:
    service, clock = world
    ada = program(service, "ada")
    ladder.enter(service.engine, ada, "kogge", "2p", clock())
    patient = replace(RULES, bot_after=RULES.seconds)
    rng = random.Random(5)
    assert run_pass(service, patient, rng) == []  # just entered: a program may come
    clock.advance(RULES.seconds)
    made = run_pass(service, patient, rng)
    assert made is not None and len(made) == 1
    assert sorted(kind for kind, _ in ladder_table_seats(service)[0]) == ["bot", "human"]


def test_the_servers_cap_on_ladder_tables(world: tuple[TableService, ManualClock]) -> None:
    service, clock = world
    entered = [program(service, f"p{i}") for i in range(5)]
    for each in entered:
        ladder.enter(service.engine, each, "hansa", "2p", clock())
    rng = random.Random(1)
    cap = replace(RULES, tables=2, per_program=3)
    made = run_pass(service, cap, rng)
    assert made is not None and len(made) == 2
    clock.advance(cap.seconds)
    assert run_pass(service, cap, rng) == []  # two playing: no room
    assert len(ladder_table_seats(service)) == 2


def test_two_workers_at_once_make_one_pass(world: tuple[TableService, ManualClock]) -> None:
    service, clock = world
    for i in range(4):
        ladder.enter(service.engine, program(service, f"w{i}"), "kogge", "2p", clock())
    # A second service on its own engine: another worker's connection pool
    url = service.engine.url.render_as_string(hide_password=False)
    other = TableService(storage.create_engine(url), now=clock)
    results: list[list[str] | None] = []
    start = threading.Barrier(2)

    def worker(worker_service: TableService, seed: int) -> None:
        start.wait()
        results.append(run_pass(worker_service, RULES, random.Random(seed)))

    threads = [threading.Thread(target=worker, args=(s, n)) for n, s in enumerate([service, other])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    other.engine.dispose()
    assert sorted(results, key=lambda made: made is not None) == [None, results[0] or results[1]]
    assert len(ladder_table_seats(service)) == 2  # four programs at two tables, once


def test_who_left_or_was_revoked_is_paired_no_more(
    world: tuple[TableService, ManualClock],
) -> None:
    service, clock = world
    ada, bea = program(service, "ada"), program(service, "bea")
    for each in (ada, bea):
        ladder.enter(service.engine, each, "kogge", "2p", clock())
    ladder.leave(service.engine, ada, "kogge", "2p")
    bot_tokens.revoke(service.engine, bea.account_id, bea.token_id)
    assert run_pass(service, RULES, random.Random(2)) == []
    standings = ladder.standings(service.engine, "kogge", "2p")["standings"]
    assert [e["kind"] for e in standings] == ["house bot"] * 4  # no games: not in the standings


def play_out(service: TableService, table_id: str, rng: random.Random) -> None:
    """Every seat plays random legal moves to the end (as the bots would)."""
    while True:
        live = service.live(table_id)
        if live.status == "finished":
            return
        seat = live.decider
        assert seat is not None and seat != CHANCE
        legal = live.game.legal_actions(live.state)
        text = live.game.action_to_str(rng.choice(legal))
        service.submit(table_id, seat, text, live.version, True)


def test_a_program_out_of_time_loses_the_game_and_leaves_the_ladder(
    world: tuple[TableService, ManualClock],
) -> None:
    service, clock = world
    ada, bea = program(service, "ada"), program(service, "bea")
    for each in (ada, bea):
        ladder.enter(service.engine, each, "kogge", "2p", clock())
    rng = random.Random(5)
    made = run_pass(service, RULES, rng)
    assert made is not None
    table_id = made[0]
    late = service.live(table_id).decider  # a program: two programs sit at this table
    assert late is not None
    clock.advance(RULES.base + 1)
    assert TimeOuts(service).time_out(table_id) is not None  # a bot plays on for it
    assert service.live(table_id).seats[late].kind == "bot"
    play_out(service, table_id, rng)
    with service.engine.connect() as conn:
        rated = conn.execute(
            sa.select(rating_history.c.seat, rating_history.c.rank, rating_history.c.left)
            .where(rating_history.c.table_id == table_id)
            .order_by(rating_history.c.seat)
        ).all()
        assert conn.execute(
            sa.select(game_tables.c.rated).where(game_tables.c.id == table_id)
        ).scalar_one()
    assert {(r.seat, r.rank, r.left) for r in rated} == {(late, 2, True), (1 - late, 1, False)}
    clock.advance(RULES.seconds)
    assert run_pass(service, RULES, rng) is not None
    ada_seat = service.seat_of_account(table_id, ada.account_id, ada.token_id)
    late_program = ada if ada_seat == late else bea
    assert ladder.mine(service.engine, late_program)["entries"] == []  # it left the ladder
    staying = bea if late_program is ada else ada
    assert [e["game"] for e in ladder.mine(service.engine, staying)["entries"]] == ["kogge"]
    board = ladder.standings(service.engine, "kogge", "2p")["standings"]
    rows = {e["name"]: (e["games"], e["wins"], e["losses"], e["entered"]) for e in board}
    assert rows[late_program.label] == (1, 0, 1, False)
    assert rows[staying.label][:3] == (1, 1, 0)
    recent = next(e for e in board if e["name"] == staying.label)["recent"]
    assert [(g["table"], g["rank"]) for g in recent][-1] == (table_id, 1)


def test_a_programs_turn_at_a_ladder_table_tells_its_person_nothing(
    world: tuple[TableService, ManualClock],
) -> None:
    """Its person wants every turn told at once, by webhook: the program's turns are not its."""
    service, clock = world
    ada, bea = program(service, "ada"), program(service, "bea")
    with service.engine.begin() as conn:
        for each in (ada, bea):
            conn.execute(
                notice_settings.insert().values(
                    account_id=each.account_id,
                    webhook_url="http://127.0.0.1:9/hook",
                    webhook_secret="s" * 32,
                    live="now",
                    **{"async": "now"},
                    lang="en",
                    base_url="http://127.0.0.1:9",
                    updated_at=sa.func.now(),
                )
            )
    for each in (ada, bea):
        ladder.enter(service.engine, each, "kogge", "2p", clock())
    made = run_pass(service, RULES, random.Random(4))
    assert made is not None and len(made) == 1
    live = service.live(made[0])
    assert live.decider is not None and live.seats[live.decider].program
    with service.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(outbox)).scalar_one() == 0
