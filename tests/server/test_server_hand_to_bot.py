"""A seat left to a bot (``POST /api/tables/{id}/seats/{seat}/bot``), as Board Game Arena lets the
others expel a player out of time and Yucata lets them kick one: a player may leave its own seat
to a bot whenever it likes; the others may let a bot play the seat of a person who has had its
decision for longer than the table's turn limit (``live_turn_limit``, ``async_turn_limit``). The
seat keeps its name, and the game goes on; the person may still watch from the seat."""

from __future__ import annotations

import time

import pytest

from hanse.server.errors import ApiError
from hanse.server.pages import duration
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from hanse.web.i18n import translations
from tests.server.api_client import Api
from tests.server.two_workers import three_people, two_workers

LIMIT = 0.5  # seconds a decision may take at the tests' live tables


def _workers(database_url: str) -> tuple[TableService, TableService]:
    return two_workers(database_url, turn_limits={"live": LIMIT, "async": 3600.0})


def _refused(call: object, *args: object) -> ApiError:
    with pytest.raises(ApiError) as refused:
        call(*args)  # type: ignore[operator]
    return refused.value


def test_the_others_may_let_a_bot_play_for_a_player_out_of_time(database_url: str) -> None:
    first, second = _workers(database_url)  # two workers, one database
    table_id = three_people(first)
    live = first.live(table_id)
    decider, other = live.decider, (live.decider + 1) % 3
    assert decider is not None
    early = _refused(first.hand_to_bot, table_id, other, decider, live.version)
    assert early.status == 409 and "a decision may take" in early.message
    assert first.read(table_id, other, 0)["can_take_over"] is False
    # Another player's seat, while it does not decide, is never the others' to hand over.
    waiting_seat = (decider + 2) % 3
    time.sleep(LIMIT + 0.2)
    assert first.read(table_id, other, 0)["can_take_over"] is True
    assert (
        "while it decides"
        in _refused(first.hand_to_bot, table_id, other, waiting_seat, live.version).message
    )
    stale = _refused(first.hand_to_bot, table_id, other, decider, live.version - 1)
    assert stale.status == 409 and "stale" in stale.message
    done = second.hand_to_bot(table_id, other, decider, live.version)
    assert done.bot_to_move and done.payload["version"] == live.version + 1
    seat = done.payload["seats"][decider]
    assert (seat["kind"], seat["level"], seat["name"]) == ("bot", "easy", f"P{decider}")
    # The first worker sees the change; the person's move from before it is refused, and a bot
    # of this table now takes the decision.
    assert first.live(table_id).seats[decider].kind == "bot"
    legal = first.read(table_id, decider, 0)
    assert legal["legal"] == [] and legal["seat"] == decider  # still watching from the seat
    assert not legal["can_undo"]  # the bot's moves are not the person's to take back
    late = _refused(first.submit, table_id, decider, "pass", live.version)
    assert late.status == 409
    assert first.claim_bot_turn(table_id, "worker") is not None


def test_a_player_leaves_its_own_seat_to_a_bot_at_any_time(database_url: str) -> None:
    service, _ = _workers(database_url)
    table_id = three_people(service)
    live = service.live(table_id)
    leaver = (live.decider + 1) % 3  # not deciding: leaving needs no wait
    done = service.hand_to_bot(table_id, leaver, leaver, live.version, "medium")
    assert not done.bot_to_move
    assert done.payload["seats"][leaver]["level"] == "medium"
    again = _refused(service.hand_to_bot, table_id, leaver, leaver, done.payload["version"])
    assert again.status == 409 and "person's seat" in again.message
    assert _refused(service.undo, table_id, leaver, done.payload["version"]).status == 403
    bad_level = _refused(service.hand_to_bot, table_id, 0, 0, done.payload["version"], "wise")
    assert bad_level.status == 422
    bad_seat = _refused(service.hand_to_bot, table_id, 0, 7, done.payload["version"])
    assert bad_seat.status == 422
    assert service.read(table_id, None, 0)["version"] == done.payload["version"]


def test_a_table_waiting_for_players_keeps_its_seats(database_url: str) -> None:
    service, _ = _workers(database_url)
    table_id, _ = service.create(
        TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("human")] * 3)
    )
    refused = _refused(service.hand_to_bot, table_id, 0, 0, 0)
    assert refused.status == 409 and "not being played" in refused.message


def test_the_time_a_player_has_had_is_said_in_the_readers_language() -> None:
    german = translations("de").gettext
    assert duration(42, german) == "42 s"
    assert duration(150, german) == "2 Min."
    assert duration(3 * 3600 + 5, german) == "3 Std."
    assert duration(36 * 3600, german) == "36 Std."
    assert duration(3 * 86_400, translations("it").gettext) == "3 giorni"


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
def test_leaving_on_the_page_and_through_the_api(api: Api) -> None:
    """The table page offers a seated person to leave; the API does it; the page then names the
    seat "P1 (bot easy)" and offers leaving no more."""
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    table_id = created["id"]
    page = api.http.get(f"/tables/{table_id}/panel", headers=api.auth(tokens[1])).text
    assert "Leave: a bot plays on for me" in page and 'data-take-over="1"' in page
    state = api.table(table_id, tokens[1])
    spectator = api.http.post(
        f"/api/tables/{table_id}/seats/1/bot", json={"version": state["version"]}
    )
    assert spectator.status_code == 401
    response = api.http.post(
        f"/api/tables/{table_id}/seats/1/bot",
        json={"version": state["version"]},
        headers=api.auth(tokens[1]),
    )
    assert response.status_code == 200, response.text
    page = api.http.get(f"/tables/{table_id}/panel", headers=api.auth(tokens[1])).text
    assert "P1 (bot easy)" in page and "Leave: a bot plays on for me" not in page
