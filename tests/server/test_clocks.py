"""Clocks, time-outs and vacations (issue 31): the table services with one injected clock
(``hanse.server.clock.ManualClock``), on SQLite and on PostgreSQL, never sleeping. A live table's
Fischer clock, a one-move-a-day table's limit per decision, nobody charged for a bot's thinking,
a clock run out handing the seat to the table's bot once (two workers, one database) and the game
going on, the seat taken back by its person, and vacations stopping one-move-a-day clocks only."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from hanse.server import clocks
from hanse.server.clock import ManualClock
from hanse.server.clock_view import clock_text, seat_clocks
from hanse.server.clocks import DAY, TimeControl
from hanse.server.errors import ApiError
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from hanse.server.timeouts import TimeOuts
from hanse.web.i18n import translations
from tests.server.two_workers import two_workers

START = datetime(2027, 3, 1, 9, 0, tzinfo=UTC).timestamp()
FISCHER = TimeControl(base=300.0, increment=10.0)
ONE_DAY = TimeControl(per_move=2 * DAY, level="medium")


def _workers(database_url: str, clock: ManualClock) -> tuple[TableService, TableService]:
    return two_workers(database_url, now=clock)


def _table(
    service: TableService,
    control: TimeControl | None,
    mode: str = "live",
    kinds: tuple[str, ...] = ("human", "human"),
    accounts: list[int | None] | None = None,
) -> str:
    seats = [SeatSpec(kind, "easy" if kind == "bot" else None) for kind in kinds]
    table_id, invites = service.create(
        TableSpec("hansa", len(kinds), {}, mode, "public", seats, control)
    )
    for seat, secret in invites:
        service.join(secret, f"P{seat}", None if accounts is None else accounts[seat])
    return table_id


def _move(service: TableService, table_id: str) -> dict[str, Any]:
    """The deciding person plays their first legal choice."""
    live = service.live(table_id)
    seat = live.decider
    assert seat is not None
    shown = service.read(table_id, seat)
    return service.submit(table_id, seat, shown["legal"][0]["text"], shown["version"]).payload


def _clocks(service: TableService, table_id: str) -> dict[str, Any]:
    clocks_now: dict[str, Any] = service.read(table_id, None)["clocks"]
    return clocks_now


def test_a_fischer_clock_charges_the_decider_and_adds_the_increment(database_url: str) -> None:
    clock = ManualClock(START)
    first, second = _workers(database_url, clock)
    table_id = _table(first, FISCHER)
    shown = _clocks(first, table_id)
    decider = first.live(table_id).decider
    assert decider is not None
    other = 1 - decider
    assert shown["control"] == {
        "base": 300.0,
        "increment": 10.0,
        "on_time_out": "bot",
        "level": "easy",
    }
    assert shown["seconds"] == [300.0, 300.0] and shown["running"] == decider
    assert shown["started"] == datetime.fromtimestamp(START, UTC).isoformat()
    clock.advance(42)
    assert _clocks(second, table_id)["seconds"][decider] == 258.0  # another worker agrees
    assert _clocks(first, table_id)["seconds"][other] == 300.0  # only the decider's runs
    payload = _move(first, table_id)
    # 300 - 42 + 10 after the move; if the same person decides again (a chain of sub-steps), the
    # clock runs on from the move.
    assert payload["clocks"]["seconds"][decider] == 268.0
    while first.live(table_id).decider == decider:
        _move(first, table_id)
    assert _clocks(second, table_id)["seconds"][decider] >= 268.0
    left = _clocks(second, table_id)["seconds"][decider]
    clock.advance(100)
    now = _clocks(second, table_id)
    assert now["running"] == other
    assert now["seconds"][decider] == left and now["seconds"][other] == 200.0


def test_a_limit_per_move_is_full_again_at_each_decision(database_url: str) -> None:
    clock = ManualClock(START)
    service, _ = _workers(database_url, clock)
    table_id = _table(service, ONE_DAY, mode="async")
    decider = service.live(table_id).decider
    assert decider is not None
    clock.advance(DAY + 3600)
    assert _clocks(service, table_id)["seconds"][decider] == DAY - 3600
    _move(service, table_id)
    after = _clocks(service, table_id)
    assert after["seconds"][decider] == 2 * DAY  # full for its next decision
    running = after["running"]
    clock.advance(600)
    assert _clocks(service, table_id)["seconds"][running] == 2 * DAY - 600


def test_a_bots_thinking_is_never_charged_to_a_person(database_url: str) -> None:
    clock = ManualClock(START)
    service, _ = _workers(database_url, clock)
    table_id = _table(service, FISCHER, kinds=("human", "bot"))
    assert _clocks(service, table_id)["seconds"][1] is None  # a bot's seat has no clock
    played = 0
    while played < 3:
        live = service.live(table_id)
        if live.decider == 0:
            clock.advance(5)
            _move(service, table_id)
            continue
        # The bot decides: no clock runs, however long it thinks.
        before = _clocks(service, table_id)
        assert before["running"] is None and before["started"] is None
        clock.advance(1000)
        assert _clocks(service, table_id)["seconds"][0] == before["seconds"][0]
        turn = service.claim_bot_turn(table_id, "worker")
        assert turn is not None
        service.submit(table_id, 1, turn.legal[0], turn.version, by_bot=True)
        played += 1
        after = _clocks(service, table_id)
        if after["running"] == 0:  # the person's clock starts at the bot's move, not before
            assert after["seconds"][0] == before["seconds"][0]
            assert after["started"] == datetime.fromtimestamp(clock(), UTC).isoformat()


def test_a_clock_run_out_hands_the_seat_to_the_bot_once_and_the_game_goes_on(
    database_url: str,
) -> None:
    clock = ManualClock(START)
    first, second = _workers(database_url, clock)
    table_id = _table(first, TimeControl(base=60.0, increment=0.0, level="medium"))
    late = first.live(table_id).decider
    assert late is not None
    clock.advance(59)
    assert TimeOuts(first).tables_out_of_time() == []
    assert TimeOuts(first).time_out(table_id) is None  # not out yet: nothing happens
    clock.advance(1)
    assert TimeOuts(second).tables_out_of_time() == [table_id]
    # Two workers find it out at once: one hands the seat over, the other finds it done.
    done = [TimeOuts(first).time_out(table_id), TimeOuts(second).time_out(table_id)]
    assert [d is not None for d in done] == [True, False]
    assert TimeOuts(first).tables_out_of_time() == []
    payload = second.read(table_id, late)
    seat = payload["seats"][late]
    assert (seat["kind"], seat["level"], seat["timed_out"]) == ("bot", "medium", True)
    assert payload["log"][-1]["event"] == {"kind": "bot", "by": None, "level": "medium"}
    assert payload["clocks"]["running"] is None
    # The game goes on: the bot now decides for the seat.
    turn = second.claim_bot_turn(table_id, "worker")
    assert turn is not None and turn.seat == late and turn.level == "medium"
    second.submit(table_id, late, turn.legal[0], turn.version, by_bot=True)
    assert first.read(table_id, None)["version"] == turn.version + 1


def test_the_seats_person_takes_it_back_with_the_time_a_decision_gets(database_url: str) -> None:
    clock = ManualClock(START)
    service, other_worker = _workers(database_url, clock)
    table_id = _table(service, TimeControl(base=60.0, increment=5.0))
    late = service.live(table_id).decider
    assert late is not None
    version = service.live(table_id).version
    with pytest.raises(ApiError) as refused:  # a seat a person holds is nobody's to take back
        TimeOuts(service).take_seat_back(table_id, late, version)
    assert refused.value.status == 403
    clock.advance(61)
    done = TimeOuts(service).time_out(table_id)
    assert done is not None
    version = done.payload["version"]
    with pytest.raises(ApiError) as stale:
        TimeOuts(other_worker).take_seat_back(table_id, late, version - 1)
    assert stale.value.status == 409
    back = TimeOuts(other_worker).take_seat_back(table_id, late, version)
    payload = back.payload
    assert payload["seats"][late]["kind"] == "human" and not payload["seats"][late]["timed_out"]
    assert payload["log"][-1]["event"] == {"kind": "back"}
    # Its decision is the person's again (the bot had not moved yet), with 30 s at least.
    assert payload["decider"] == late and payload["legal"]
    assert payload["clocks"]["running"] == late
    assert payload["clocks"]["seconds"][late] == clocks.BACK_AT_LEAST
    assert service.claim_bot_turn(table_id, "worker") is None


def _account(service: TableService, name: str) -> int:
    account_id, _ = service.create_account(name, "a long password")
    return account_id


def test_a_vacation_stops_a_one_move_a_day_clock_and_not_a_live_one(database_url: str) -> None:
    clock = ManualClock(START)
    service, _ = _workers(database_url, clock)
    anna, bruno = _account(service, "anna"), _account(service, "bruno")
    slow = _table(service, ONE_DAY, mode="async", accounts=[anna, bruno])
    fast = _table(service, FISCHER, accounts=[anna, bruno])
    # Let Anna decide at both tables.
    for table_id in (slow, fast):
        while service.live(table_id).decider != 0:
            _move(service, table_id)
    clock.advance(3600)
    away = service.vacations.update(anna, {"from": "now", "days": 3})
    assert away["away"] and away["days_left"] == 21 - 3
    clock.advance(2 * DAY)
    slow_clocks = _clocks(service, slow)
    assert slow_clocks["seconds"][0] == 2 * DAY - 3600  # only the hour before she left counts
    assert slow_clocks["away"] is True
    assert _clocks(service, fast)["seconds"][0] == 0.0  # a live clock runs on regardless
    assert TimeOuts(service).tables_out_of_time() == [fast]
    ended = service.vacations.update(anna, {"until": "now"})
    assert not ended["away"] and ended["days_left"] == 21 - 2  # two days begun, two counted
    clock.advance(600)
    assert _clocks(service, slow)["seconds"][0] == 2 * DAY - 3600 - 600
    clock.advance(2 * DAY)
    assert slow in TimeOuts(service).tables_out_of_time()


def test_vacation_days_are_counted_per_year(database_url: str) -> None:
    clock = ManualClock(START)
    service, _ = _workers(database_url, clock)
    anna = _account(service, "anna")
    vacations = service.vacations
    assert vacations.read(anna) == {
        "days_per_year": 21,
        "days_left": 21,
        "away": False,
        "vacation": None,
    }
    planned = vacations.update(
        anna, {"from": "2027-04-01T00:00:00+00:00", "until": "2027-04-15T00:00:00+00:00"}
    )
    assert not planned["away"] and planned["days_left"] == 7
    assert planned["vacation"]["days"] == 14
    # Planned again: the new one replaces it.
    again = vacations.update(anna, {"from": "2027-05-01T00:00:00+00:00", "days": 21})
    assert again["days_left"] == 0 and again["vacation"]["from"].startswith("2027-05-01")
    with pytest.raises(ApiError) as too_many:
        vacations.update(anna, {"from": "2027-05-01T00:00:00+00:00", "days": 22})
    assert too_many.value.status == 409 and "21 left" in too_many.value.message
    for wrong in (
        {"from": "yesterday", "days": 2},
        {"from": "2027-01-01T00:00:00+00:00", "days": 2},  # in the past
        {"from": "now", "days": 0},
        {"from": "now"},
        {"from": "now", "days": 2, "until": "2027-05-01T00:00:00+00:00"},
        {"away": True},
    ):
        with pytest.raises(ApiError) as refused:
            vacations.update(anna, wrong)
        assert refused.value.status == 422, wrong


@pytest.mark.parametrize(
    ("raw", "mode", "extra", "says"),
    [
        ({"per_move": DAY}, "live", {}, "live table's clock"),
        ({"base": 600, "increment": 10}, "async", {}, "one move a day"),
        ({"base": 10, "increment": 10}, "live", {}, "base is a number of seconds from 60"),
        ({"base": 600, "increment": -1}, "live", {}, "increment"),
        ({"per_move": 15 * DAY}, "async", {}, "per_move"),
        ({"per_move": "a day"}, "async", {}, "per_move"),
        ({"base": 600}, "live", {"on_time_out": "pass"}, "on_time_out"),
        ({"per_move": DAY}, "async", {"on_time_out": "abandon"}, "for live tables"),
        ({"base": 600}, "live", {"level": "wise"}, "level"),
        (None, "live", {"level": "easy"}, "go with a clock"),
        ([600, 10], "live", {}, "clock is"),
    ],
)
def test_time_controls_are_checked_with_clear_messages(
    raw: Any, mode: str, extra: dict[str, Any], says: str
) -> None:
    with pytest.raises(ApiError) as refused:
        clocks.parse(raw, mode, extra.get("on_time_out"), extra.get("level"))
    assert refused.value.status == 422 and says in refused.value.message


def test_time_controls_as_the_lobby_offers_them() -> None:
    assert clocks.parse({"base": 300, "increment": 5}, "live") == TimeControl(300.0, 5.0)
    assert clocks.parse({"per_move": 14 * DAY}, "async", "bot", "hard") == TimeControl(
        per_move=14 * DAY, level="hard"
    )
    assert clocks.parse(None, "live") is None


def test_the_page_shows_time_left_as_a_clock_in_the_readers_language() -> None:
    german = translations("de").gettext
    assert clock_text(245, "{days} d {time}") == "4:05"
    assert clock_text(3723, "{days} d {time}") == "1:02:03"
    assert clock_text(2 * DAY + 3 * 3600 + 15 * 60, german("{days} d {time}")) == "2 T 3:15"
    payload: dict[str, Any] = {
        "players": 3,
        "status": "playing",
        "clocks": {
            "control": {"per_move": 4 * DAY, "on_time_out": "bot", "level": "easy"},
            "seconds": [DAY / 2, 4 * DAY, None],
            "running": 0,
            "away": False,
        },
    }
    anna, bruno, bot = seat_clocks(payload, german)
    assert anna["running"] and anna["low"] and anna["text"] == "12:00:00"  # under a quarter
    assert not bruno["running"] and not bruno["low"] and bruno["text"] == "4 T 0:00"
    assert bot is None
    payload["clocks"]["away"] = True  # on vacation: the clock stands, nothing counts down
    assert not seat_clocks(payload, german)[0]["running"]
    live = {**payload, "clocks": {**payload["clocks"], "control": FISCHER.public()}}
    live["clocks"]["seconds"] = [59.0, 61.0, None]
    assert [c["low"] for c in seat_clocks(live, german)[:2]] == [True, False]


def test_where_a_clock_run_out_lets_the_others_end_the_game_they_all_agree(
    database_url: str,
) -> None:
    """``"on_time_out": "abandon"``: no bot comes; the late person plays on untimed, and the
    game ends without a result once every other person seated agreed (two workers: the time-out
    is told once)."""
    clock = ManualClock(START)
    first, second = _workers(database_url, clock)
    control = TimeControl(base=60.0, increment=0.0, on_time_out="abandon")
    table_id = _table(first, control, kinds=("human", "human", "human"))
    late = first.live(table_id).decider
    assert late is not None
    clock.advance(60)
    assert TimeOuts(first).tables_out_of_time() == [table_id]
    done = [TimeOuts(first).time_out(table_id), TimeOuts(second).time_out(table_id)]
    assert [d is not None for d in done] == [True, False]
    assert TimeOuts(second).tables_out_of_time() == []
    payload = second.read(table_id, None)
    assert payload["seats"][late]["kind"] == "human" and payload["seats"][late]["timed_out"]
    assert payload["log"][-1]["event"] == {"kind": "late"}
    assert payload["clocks"]["out"] == [late] and payload["clocks"]["running"] is None
    # The late person plays on, untimed: no clock runs for them, none is charged.
    clock.advance(500)
    _move(first, table_id)
    assert TimeOuts(first).tables_out_of_time() == []
    version = first.live(table_id).version
    refused = _refused_end(first, table_id, late, version)
    assert refused.status == 403 and "time ran out" in refused.message
    others = [seat for seat in range(3) if seat != late]
    agreed = TimeOuts(first).agree_to_end(table_id, others[0], version).payload
    assert agreed["status"] == "playing" and agreed["log"][-1]["event"] == {"kind": "agree"}
    assert agreed["clocks"]["agreed"] == [others[0]]
    again = _refused_end(second, table_id, others[0], agreed["version"])
    assert again.status == 409 and "already" in again.message
    ended = TimeOuts(second).agree_to_end(table_id, others[1], agreed["version"]).payload
    assert ended["status"] == "finished" and ended["winners"] == []
    assert ended["log"][-1]["event"] == {"kind": "end"} and "without a result" in ended["notice"]
    assert ended["clocks"]["abandoned"] and ended["clocks"]["agreed"] == others
    assert first.read(table_id, late)["status"] == "finished"
    after = _refused_end(first, table_id, others[0], ended["version"])
    assert after.status == 409


def _refused_end(service: TableService, table_id: str, seat: int, version: int) -> ApiError:
    with pytest.raises(ApiError) as refused:
        TimeOuts(service).agree_to_end(table_id, seat, version)
    return refused.value


def test_nobody_agrees_where_no_time_ran_out_or_a_bot_takes_the_seat(database_url: str) -> None:
    clock = ManualClock(START)
    service, _ = _workers(database_url, clock)
    table_id = _table(service, TimeControl(base=60.0, on_time_out="abandon"))
    version = service.live(table_id).version
    assert _refused_end(service, table_id, 0, version).status == 409  # nobody's time ran out
    with_bot = _table(service, TimeControl(base=60.0))
    clock.advance(60)
    assert TimeOuts(service).time_out(with_bot) is not None
    refused = _refused_end(service, with_bot, 1, service.live(with_bot).version)
    assert refused.status == 409  # a bot took the seat: nothing to agree to
