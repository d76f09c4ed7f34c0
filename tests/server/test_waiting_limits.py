"""What one client can pile up (issue 32), at the table service with its clock moved by hand, on
SQLite and PostgreSQL: waiting tables expire after ``waiting_days`` and are refused on join
(410), a creator has at most ``max_waiting`` waiting tables (429), chat is deleted
``chat_days`` after its table ended, take-backs are limited per turn and per minute, and the
lobby pages with a stable cursor and filters."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from hanse.server import storage, upkeep, waiting
from hanse.server.clock import ManualClock
from hanse.server.errors import ApiError
from hanse.server.lobby_query import LobbyQuery
from hanse.server.models import game_tables
from hanse.server.pages import render_panel
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from hanse.server.undo_limits import UndoLimits

DAY = 86_400.0


@pytest.fixture
def service(database_url: str) -> Iterator[TableService]:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    made = TableService(engine, now=ManualClock(1_900_000_000.0))
    yield made
    engine.dispose()


def _clock(service: TableService) -> ManualClock:
    assert isinstance(service.now, ManualClock)
    return service.now


def _spec(
    game: str = "hansa", players: int = 2, mode: str = "live", visibility: str = "public"
) -> TableSpec:
    return TableSpec(game, players, {}, mode, visibility, [SeatSpec("human")] * players)


def _status(service: TableService, table_id: str) -> str:
    with service.engine.connect() as conn:
        return str(
            conn.execute(
                sa.select(game_tables.c.status).where(game_tables.c.id == table_id)
            ).scalar_one()
        )


def test_a_table_nobody_starts_expires_and_refuses_a_join(service: TableService) -> None:
    guest = waiting.Origin(None, "203.0.113.9", "de")
    old, _ = service.create(_spec(), guest, 5)
    _clock(service).advance(3 * DAY)
    young, young_invites = service.create(_spec(), guest, 5)
    started, started_invites = service.create(_spec(), guest, 5)
    for _, secret in started_invites:
        service.join(secret, "Anna", None)
    assert _status(service, started) == "playing"
    _clock(service).advance(4 * DAY + 1)  # the first is now older than 7 days, the others not

    swept = upkeep.sweep(service.engine, service.now(), waiting_days=7, chat_days=90)
    assert swept.expired == [old]
    assert _status(service, old) == "expired"
    assert _status(service, young) == "waiting" and _status(service, started) == "playing"
    assert old not in [t["id"] for t in service.lobby("waiting")]
    assert young in [t["id"] for t in service.lobby("waiting")]
    with pytest.raises(ApiError) as refused:
        service.join_public(old, None, "Bruno", None)
    assert refused.value.status == 410 and "expired" in refused.value.message
    read = service.read(old, None)  # an expired table is still read, as one never started
    assert read["status"] == "expired" and read["view"] is None and read["decider"] is None
    panel = render_panel(read, "de")  # its page says so, and draws no board nor log
    assert "abgelaufen: Nicht alle Plätze wurden rechtzeitig besetzt" in panel
    assert 'class="board"' not in panel
    # A second sweep finds nothing more; the young table expires in its turn.
    assert upkeep.sweep(service.engine, service.now(), 7, 90).expired == []
    _clock(service).advance(3 * DAY)
    assert upkeep.sweep(service.engine, service.now(), 7, 90).expired == [young]
    with pytest.raises(ApiError) as by_invite:
        service.join(young_invites[0][1], "Carla", None)
    assert by_invite.value.status == 410


def test_a_creator_has_at_most_so_many_waiting_tables(service: TableService) -> None:
    guest = waiting.Origin(None, "203.0.113.9")
    made = [service.create(_spec(), guest, 3)[0] for _ in range(3)]
    with pytest.raises(ApiError) as refused:
        service.create(_spec(), guest, 3)
    assert refused.value.status == 429
    assert "at most 3 tables waiting" in refused.value.message
    # Others are not counted with this guest: another address, an account (wherever it is).
    service.create(_spec(), waiting.Origin(None, "198.51.100.7"), 3)
    for _ in range(3):
        service.create(_spec(), waiting.Origin(7, "203.0.113.9"), 3)
    with pytest.raises(ApiError):
        service.create(_spec(), waiting.Origin(7, "192.0.2.1"), 3)
    # A table of bots alone starts at once, so it never waits: always allowed.
    bots = TableSpec("hansa", 2, {}, "live", "public", [SeatSpec("bot", "random")] * 2)
    service.create(bots, guest, 3)
    # Once one of the guest's tables starts, there is room for one more.
    table_id = made[0]
    for seat in range(2):
        service.join_public(table_id, seat, f"P{seat}", None)
    service.create(_spec(), guest, 3)


def test_creations_at_once_keep_to_the_most_waiting(service: TableService) -> None:
    """Twelve tables asked for at the same moment, as a trial did through two servers: still
    at most so many wait (on PostgreSQL one creator's creations take turns; SQLite has one
    writer at a time)."""
    account = waiting.Origin(11, "203.0.113.20")
    at_once = threading.Barrier(12)

    def create() -> bool:
        at_once.wait()
        try:
            service.create(_spec(), account, 5)
        except ApiError as refused:
            assert refused.status == 429
            return False
        return True

    with ThreadPoolExecutor(12) as pool:
        made = [future.result(timeout=60) for future in [pool.submit(create) for _ in range(12)]]
    assert made.count(True) == 5


def test_chat_is_deleted_some_days_after_its_table_ended(service: TableService) -> None:
    ended, _ = service.create(_spec())
    going, going_invites = service.create(_spec())
    for _, secret in going_invites:
        service.join(secret, "P", None)
    for seat in range(2):
        service.join_public(ended, seat, f"P{seat}", None)
    for table_id in (ended, going):
        service.say(table_id, 0, "hello")
    with service.engine.begin() as conn:  # the game ends (its last move stored now)
        conn.execute(
            game_tables.update().where(game_tables.c.id == ended).values(status="finished")
        )
    _clock(service).advance(89 * DAY)
    assert upkeep.sweep(service.engine, service.now(), 7, 90).messages_deleted == 0
    _clock(service).advance(2 * DAY)
    assert upkeep.sweep(service.engine, service.now(), 7, 90).messages_deleted == 1
    assert service.chat(ended) == []
    assert [m["text"] for m in service.chat(going)] == ["hello"]  # still being played


def test_take_backs_are_limited_per_turn_and_per_minute(service: TableService) -> None:
    """Hansa Teutonica: a turn of several actions; each placed trader may be taken back, three
    times a turn, six times a minute (all seats together count per seat)."""
    service.undo_limits = UndoLimits(per_turn=3, per_minute=4)
    table_id, invites = service.create(_spec("hansa"))
    for _, secret in invites:
        service.join(secret, "P", None)

    def place_and_take_back(seat: int) -> dict[str, object]:
        table = service.read(table_id, seat)
        place = next(a["text"] for a in table["legal"] if a["text"].startswith("place"))
        moved = service.submit(table_id, seat, place, table["version"]).payload
        assert moved["can_undo"] and moved["undo_limit"] is None
        return service.undo(table_id, seat, moved["version"]).payload

    seat = int(service.read(table_id, None)["decider"])
    for _ in range(3):
        place_and_take_back(seat)
    table = service.read(table_id, seat)
    place = next(a["text"] for a in table["legal"] if a["text"].startswith("place"))
    moved = service.submit(table_id, seat, place, table["version"]).payload
    assert not moved["can_undo"]
    assert moved["undo_limit"] == "no more take-backs this turn: at most 3 in one turn"
    with pytest.raises(ApiError) as refused:
        service.undo(table_id, seat, moved["version"])
    assert refused.value.status == 409 and "at most 3 in one turn" in refused.value.message

    # The turn passes to the other seat, then comes back: a new turn, but a fourth take-back
    # within the minute is one too many.
    while (table := service.read(table_id, None))["decider"] == seat:
        mine = service.read(table_id, seat)
        service.submit(table_id, seat, mine["legal"][-1]["text"], mine["version"])
    other = int(table["decider"])
    while (table := service.read(table_id, None))["decider"] == other:
        theirs = service.read(table_id, other)
        service.submit(table_id, other, theirs["legal"][-1]["text"], theirs["version"])
    place_and_take_back(seat)
    table = service.read(table_id, seat)
    place = next(a["text"] for a in table["legal"] if a["text"].startswith("place"))
    moved = service.submit(table_id, seat, place, table["version"]).payload
    assert not moved["can_undo"] and "at most 4 a minute" in str(moved["undo_limit"])
    with pytest.raises(ApiError) as too_fast:
        service.undo(table_id, seat, moved["version"])
    assert too_fast.value.status == 429 and too_fast.value.extra["retry_after"] >= 1
    _clock(service).advance(61)
    assert service.read(table_id, seat)["can_undo"]
    service.undo(table_id, seat, moved["version"])


def test_the_lobby_pages_with_a_stable_cursor_and_filters(service: TableService) -> None:
    made = []
    for number in range(7):
        spec = _spec("luebeck" if number % 2 else "kogge", 3 if number < 4 else 4)
        creator = waiting.Origin(None, None, "it" if number < 3 else "de")
        made.append(service.create(spec, creator)[0])
        _clock(service).advance(1)
    newest_first = made[::-1]
    first = service.lobby_page(LobbyQuery("waiting", limit=3))
    assert [t["id"] for t in first.tables] == newest_first[:3] and first.next is not None
    # A table made meanwhile comes before the cursor: the next page neither repeats nor skips.
    service.create(_spec())
    second = service.lobby_page(LobbyQuery("waiting", limit=3, before=first.next))
    assert [t["id"] for t in second.tables] == newest_first[3:6]
    last = service.lobby_page(LobbyQuery("waiting", limit=3, before=second.next))
    assert [t["id"] for t in last.tables] == newest_first[6:] and last.next is None

    def ids(**filters: object) -> list[str]:
        return [t["id"] for t in service.lobby_page(LobbyQuery("waiting", **filters)).tables]  # type: ignore[arg-type]

    assert ids(game="kogge", lang="it") == [made[2], made[0]]
    assert ids(players=4, lang="de") == newest_first[:3]
    assert ids(mode="async") == []
    with pytest.raises(ApiError) as bad:
        service.lobby_page(LobbyQuery("waiting", before="not a cursor"))
    assert bad.value.status == 422


def test_each_worker_sweeps_at_its_start_and_then_every_so_often(service: TableService) -> None:
    """The upkeep task (app.py starts one per worker) sweeps at once, with the service's clock."""
    stale, _ = service.create(_spec())
    _clock(service).advance(8 * DAY)

    async def run_once() -> None:
        sweeper = upkeep.Upkeep(service.engine, 3600.0, 7, 90, now=service.now)
        await sweeper.start()
        for _ in range(500):  # the first pass runs in a thread at once; yield until it is done
            if _status(service, stale) == "expired":
                break
            await asyncio.sleep(0.01)
        await sweeper.stop()

    asyncio.run(run_once())
    assert _status(service, stale) == "expired"
