"""Taking a move back at a table (``POST /api/tables/{id}/undo``; DESIGN.md, "The web platform":
undo marks rows undone, never deletes). As on Board Game Arena, a player may take back its own
moves while it still decides, one per call, when nothing came after them; the table returns to
the position before the move for every viewer, the move leaves the log (where every viewer reads
that it was taken back) and the record, and a move chosen before the take-back is refused as
stale, in any worker."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.server.api_client import Api, receive
from tests.server.server_process import ServerProcess


def _hansa(api: Api) -> tuple[str, list[str]]:
    created = api.create("hansa", [{"kind": "human"}, {"kind": "human"}])
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    return created["id"], tokens


def _undo(api: Api, table_id: str, token: str | None, version: Any) -> Any:
    return api.http.post(
        f"/api/tables/{table_id}/undo", json={"version": version}, headers=api.auth(token)
    )


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
def test_a_player_takes_back_its_move_while_it_still_decides(api: Api) -> None:
    """Hansa Teutonica: a turn of two actions (Actiones 2); the first may be taken back, and the
    table is as before it for both players; once the turn has passed, nothing may."""
    table_id, tokens = _hansa(api)
    start = api.table(table_id)
    seat = start["decider"]
    mine, theirs = tokens[seat], tokens[1 - seat]
    before = {who: api.table(table_id, token) for who, token in (("me", mine), ("you", theirs))}
    assert not before["me"]["can_undo"]  # nothing of mine yet
    places = [a["text"] for a in before["me"]["legal"] if a["text"].startswith("place")]
    first = api.move(table_id, mine, places[0], start["version"]).json()
    assert first["decider"] == seat and first["can_undo"]
    assert not api.table(table_id, theirs)["can_undo"]

    back = _undo(api, table_id, mine, first["version"])
    assert back.status_code == 200, back.text
    told = {"seq": first["log"][-1]["seq"] + 1, "player": seat, "event": {"kind": "undo"}}
    told["event"]["move"] = first["log"][-1]["seq"]
    assert back.json()["version"] > first["version"]  # versions only grow
    assert not back.json()["can_undo"]  # back at the turn's start: nothing more to take back
    for who, token in (("me", mine), ("you", theirs)):
        now = api.table(table_id, token)
        assert now["view"] == before[who]["view"] and now["log"] == [*before[who]["log"], told]
        assert now["legal"] == before[who]["legal"]
    nothing = _undo(api, table_id, mine, back.json()["version"])
    assert nothing.status_code == 409 and "nothing to take back" in nothing.text
    # The game goes on from there: other places this time, and the turn passes.
    again = api.move(table_id, mine, places[1], back.json()["version"]).json()
    passed = api.move(table_id, mine, places[2], again["version"]).json()
    assert passed["decider"] == 1 - seat and not passed["can_undo"]
    assert not api.table(table_id, theirs)["can_undo"]
    assert _undo(api, table_id, mine, passed["version"]).status_code == 409


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
def test_a_take_back_that_is_not_allowed_is_refused_and_changes_nothing(api: Api) -> None:
    table_id, tokens = _hansa(api)
    state = api.table(table_id)
    seat = state["decider"]
    mine, theirs = tokens[seat], tokens[1 - seat]
    place = next(a["text"] for a in api.table(table_id, mine)["legal"] if "place" in a["text"])
    moved = api.move(table_id, mine, place, state["version"]).json()
    version = moved["version"]
    refusals = [
        (_undo(api, table_id, theirs, version), 409, "still decides"),  # not its move
        (_undo(api, table_id, None, version), 401, "spectators cannot"),
        (_undo(api, table_id, "forged-token", version), 401, ""),
        (_undo(api, table_id, mine, version - 1), 409, "stale"),
        (_undo(api, table_id, mine, "3"), 422, ""),
        (
            api.http.post(
                f"/api/tables/{table_id}/undo",
                content=b"{not json",
                headers={**api.auth(mine), "content-type": "application/json"},
            ),
            422,
            "",
        ),
        (_undo(api, "no-such-table", mine, version), 404, ""),
    ]
    for response, status, words in refusals:
        assert response.status_code == status, response.text
        assert words in response.text
    after = api.table(table_id, mine)
    assert after["version"] == version and after["view"] == moved["view"] and after["can_undo"]


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
def test_random_games_with_take_backs_end_and_their_record_holds_no_taken_back_move(
    api: Api,
) -> None:
    """Kogge's bids are laid one marker at a time: many moves may be taken back. Two people
    play a whole game, taking back a move whenever they may, one time in three; the record of
    the finished game replays to its scores and holds none of the moves taken back."""
    from hanse.core.record import MatchRecord
    from hanse.games import make

    created = api.create("kogge", [{"kind": "human"}, {"kind": "human"}])
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    table_id = created["id"]
    rng = random.Random(8)
    taken_back = 0
    deadline = time.monotonic() + 240
    while (state := api.table(table_id))["status"] != "finished":
        assert time.monotonic() < deadline
        token = tokens[state["decider"]]
        mine = api.table(table_id, token)
        if mine["can_undo"] and rng.random() < 1 / 3:
            response = _undo(api, table_id, token, mine["version"])
            if response.status_code == 409:  # found when asked: the move showed something
                assert "showed you something hidden" in response.text
                assert not api.table(table_id, token)["can_undo"]
                continue
            taken_back += 1
        else:
            response = api.move(table_id, token, rng.choice(mine["legal"])["text"], mine["version"])
        assert response.status_code == 200, response.text
    assert taken_back >= 5
    record = MatchRecord.from_json(api.http.get(f"/api/tables/{table_id}/record").json())
    game = make("kogge", 2)
    replayed = game.new_initial_state()
    for _player, text in record.actions:
        game.apply_action(replayed, game.action_from_str(text))
    assert list(game.scores(replayed)) == state["scores"] == record.scores
    decisions = sum(1 for player, _ in record.actions if player >= 0)
    assert decisions + 2 * taken_back == state["version"]  # a move and its take-back: 2 each


@pytest.mark.parametrize("server", ["postgres-redis-2-workers"], indirect=True)
def test_a_take_back_is_seen_by_every_worker_and_makes_older_moves_stale(
    api: Api, server: ServerProcess
) -> None:
    """Two workers: whichever answers, the table is the one after the take-back; a move chosen
    before it is refused (409), and a live connection is sent the log where the move gave way to
    its take-back."""
    table_id, tokens = _hansa(api)
    start = api.table(table_id)
    seat = start["decider"]
    mine = tokens[seat]
    legal = [a["text"] for a in api.table(table_id, mine)["legal"] if "place" in a["text"]]
    moved = api.move(table_id, mine, legal[0], start["version"]).json()
    with api.live(table_id, tokens[1 - seat]) as live:
        watched = receive(live)
        assert watched["version"] == moved["version"]
        back = _undo(api, table_id, mine, moved["version"]).json()
        update = receive(live)
        while update["version"] != back["version"]:
            update = receive(live)
    for _ in range(8):  # requests are shared between the two workers
        now = api.table(table_id, mine)
        assert now["version"] == back["version"] and now["view"] == back["view"]
        assert len(now["log"]) == len(moved["log"])  # the move gave way to its take-back
        assert now["log"][-1]["event"] == {"kind": "undo", "move": moved["log"][-1]["seq"]}
    stale = api.move(table_id, mine, legal[1], moved["version"])
    assert stale.status_code == 409
    # A live client that holds the move learns it was taken back: the log from log_start (the
    # take-back) replaces what it holds from there.
    assert update["log_start"] == len(moved["log"]) - 1 and update["log"] == [now["log"][-1]]
