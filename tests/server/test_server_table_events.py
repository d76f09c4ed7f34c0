"""The log tells a move taken back and a seat handed to a bot (``table_events``), as Board Game
Arena's log does: every viewer (each player, a spectator) reads the event at its place, numbered
with the moves; a client holding the log (a live connection, ``GET ?log_after=``) is sent
exactly what changed; the record stays the moves only; the lobby and "My tables" name a seat
a bot plays on for by its person, as the table does."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from hanse.server import storage
from hanse.server.pages import SEAT_MARKS, render_panel
from hanse.server.panel_log import log_entry
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from hanse.web.i18n import game_translations
from tests.server.api_client import Api, receive

LIMIT = 0.3  # seconds a decision may take at the service tests' live tables


def _two_people(service: TableService) -> tuple[str, int]:
    """A Hansa Teutonica table of P0 and P1, started; its first decider."""
    table_id, invites = service.create(
        TableSpec("hansa", 2, {}, "live", "public", [SeatSpec("human")] * 2)
    )
    for seat, secret in invites:
        service.join(secret, f"P{seat}", None)
    decider = service.live(table_id).decider
    assert decider is not None
    return table_id, decider


def _held_then(held: list[dict[str, Any]], update: dict[str, Any]) -> list[dict[str, Any]]:
    """The log a client holds once it takes `update` in (as the WebSocket documents it)."""
    assert 0 <= update["log_start"] <= len(held)
    return held[: update["log_start"]] + update["log"]


def _seqs_grow(log: list[dict[str, Any]]) -> None:
    seqs = [entry["seq"] for entry in log]
    assert seqs == sorted(set(seqs)), seqs


def test_a_take_back_and_a_hand_over_stand_in_every_viewers_log(database_url: str) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    limits = {"live": LIMIT, "async": 3600.0}
    first, second = (
        TableService(engine, turn_limits=limits),
        TableService(engine, turn_limits=limits),
    )
    table_id, mover = _two_people(first)
    other = 1 - mover
    viewers = (mover, other, None)
    before = {who: first.read(table_id, who) for who in viewers}
    place = next(a["text"] for a in before[mover]["legal"] if a["text"].startswith("place"))
    moved = first.submit(table_id, mover, place, before[mover]["version"]).payload
    held = {who: first.read(table_id, who)["log"] for who in viewers}
    move_seq = moved["log"][-1]["seq"]

    back = second.undo(table_id, mover, moved["version"]).payload  # another worker takes it back
    undo = {"seq": move_seq + 1, "player": mover, "event": {"kind": "undo", "move": move_seq}}
    for who in viewers:
        now = first.read(table_id, who)
        assert now["log"] == [*before[who]["log"], undo]  # the move gave way to its take-back
        _seqs_grow(now["log"])
        # A client holding the move is told to replace it from there: exactly the log now.
        update = first.read(table_id, who, held=held[who][-1]["seq"])
        assert update["log_start"] == len(held[who]) - 1 and update["log"] == [undo]
        assert _held_then(held[who], update) == now["log"]
        held[who] = now["log"]
    assert back["log"][-1] == undo

    time.sleep(LIMIT + 0.2)  # the mover decides again, and has had too long
    handed = first.hand_to_bot(table_id, other, mover, back["version"]).payload
    bot = {"seq": move_seq + 2, "player": mover, "event": {"kind": "bot", "by": other}}
    bot["event"]["level"] = "easy"
    for who in viewers:
        now = second.read(table_id, who)  # the worker that did not hand it over
        assert now["log"] == [*before[who]["log"], undo, bot]
        update = second.read(table_id, who, held=held[who][-1]["seq"])
        assert update["log_start"] == len(held[who]) and update["log"] == [bot]
        # A client that still held the move taken back: replaced from there, take-back and all.
        stale = second.read(table_id, who, held=move_seq)
        assert stale["log_start"] == len(before[who]["log"]) and stale["log"] == [undo, bot]
    assert handed["log"][-1] == bot

    # A worker that starts afresh replays events and moves from the database alike.
    fresh = TableService(engine, turn_limits=limits)
    for who in viewers:
        assert fresh.read(table_id, who)["log"] == second.read(table_id, who)["log"]

    # The page numbers the moves by their step in the replay; an event is shown without one.
    panel = render_panel(fresh.read(table_id, None), "en")
    moves = len(before[None]["log"])
    assert re.findall(r'data-number="(\d+)"', panel) == [str(n) for n in range(1, moves + 1)]
    assert re.findall(r'data-event="(\w+)"', panel) == ["undo", "bot"]
    assert "P1 (B) lets a bot (easy) play for P0 (A)" in panel or "P0 (A) lets a bot" in panel
    engine.dispose()


def test_the_events_are_said_in_the_readers_language() -> None:
    seats = ["Anna (A)", "Bruno (B)"]
    undo = {"seq": 5, "player": 0, "event": {"kind": "undo", "move": 4}}
    left = {"seq": 6, "player": 0, "event": {"kind": "bot", "by": 0, "level": "easy"}}
    taken = {"seq": 7, "player": 0, "event": {"kind": "bot", "by": 1, "level": "medium"}}
    said = {
        "en": [
            "Anna (A) takes back a move",
            "Anna (A) leaves the game; a bot (easy) plays on",
            "Bruno (B) lets a bot (medium) play for Anna (A)",
        ],
        "de": [
            "Anna (A) nimmt einen Zug zurück",
            "Anna (A) verlässt das Spiel; ein Bot (leicht) spielt weiter",
            "Bruno (B) lässt einen Bot (mittel) für Anna (A) spielen",
        ],
        "it": [
            "Anna (A) annulla una mossa",
            "Anna (A) lascia la partita; un bot (facile) continua a giocare",
            "Bruno (B) fa giocare un bot (medio) al posto di Anna (A)",
        ],
    }
    for lang, lines in said.items():
        words = game_translations(lang, "hansa").gettext
        shown = [log_entry(e, seats[0], words, seats.__getitem__) for e in (undo, left, taken)]
        assert [line["text"] for line in shown] == lines
        assert all(line["who"] == "" for line in shown)  # the name is in the sentence
    # Without names (no payload at hand) the other seat is its letter, never a wrong name.
    words = game_translations("en", "hansa").gettext
    assert log_entry(taken, seats[0], words)["text"].startswith(f"{SEAT_MARKS[1]} lets a bot")


def _play_until(api: Api, table_id: str, done: Any, timeout: float = 240.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = api.table(table_id)
        if done(state):
            return state
        time.sleep(0.05)
    raise AssertionError(f"table {table_id}: not there within {timeout} s")


@pytest.mark.parametrize("server", ["sqlite", "postgres"], indirect=True)
def test_every_live_viewer_reads_the_take_back_and_the_hand_over(api: Api) -> None:
    """Two players and a spectator hold live connections; P-mover moves and takes it back, then
    leaves the game (a bot plays on for it); each connection's log, taken in message by message,
    is the log the viewer reads afresh. Then the other leaves too; the bots end the game: its
    record holds the moves only, and the lobby and "My tables" name the people the bots played
    for."""
    session = api.http.post("/api/accounts", json={"name": "Tester", "password": "s3cret-pass"})
    assert session.status_code == 201, session.text
    account = session.json()["token"]
    api.http.cookies.clear()
    created = api.create("hansa", [{"kind": "human"}, {"kind": "human"}])
    table_id = created["id"]
    secrets = [invite["url"].rsplit("/", 1)[1] for invite in created["invites"]]
    joined = api.http.post(
        f"/api/join/{secrets[0]}", json={"name": "Tester"}, headers=api.auth(account)
    )
    assert joined.status_code == 200, joined.text
    api.http.cookies.clear()
    tokens = [joined.json()["token"], api.join(created["invites"][1]["url"], "Bruno")["token"]]
    state = api.table(table_id)
    mover = state["decider"]
    viewers = {"mover": tokens[mover], "other": tokens[1 - mover], "spectator": None}
    connections = {who: api.live(table_id, token) for who, token in viewers.items()}
    try:
        held = {who: receive(live)["log"] for who, live in connections.items()}

        def catch_up(version: int) -> None:
            """Each connection takes its messages in until the table's `version`."""
            for who, live in connections.items():
                message: dict[str, Any] = {"version": -1}
                while message.get("version") != version:
                    message = receive(live)
                    if "log" in message:
                        held[who] = _held_then(held[who], message)

        mine = api.table(table_id, tokens[mover])
        place = next(a["text"] for a in mine["legal"] if a["text"].startswith("place"))
        moved = api.move(table_id, tokens[mover], place, mine["version"]).json()
        catch_up(moved["version"])
        after_move = api.table(table_id)["log"]  # what a spectator polling the API holds
        back = api.http.post(
            f"/api/tables/{table_id}/undo",
            json={"version": moved["version"]},
            headers=api.auth(tokens[mover]),
        ).json()
        catch_up(back["version"])
        undo = {"kind": "undo", "move": moved["log"][-1]["seq"]}
        for who, token in viewers.items():
            now = api.table(table_id, token)["log"]
            assert held[who] == now and now[-1]["event"] == undo and now[-1]["player"] == mover
            assert place not in [entry.get("text") for entry in now]

        left = api.http.post(
            f"/api/tables/{table_id}/seats/{mover}/bot",
            json={"version": back["version"]},
            headers=api.auth(tokens[mover]),
        )
        assert left.status_code == 200, left.text
        # The bot plays the mover's turn; the table waits for the other person then.
        waiting = _play_until(api, table_id, lambda s: s["decider"] == 1 - mover)
        catch_up(waiting["version"])
        leave = {"kind": "bot", "by": mover, "level": "easy"}
        for who, token in viewers.items():
            now = api.table(table_id, token)["log"]
            assert held[who] == now, who
            events = [entry for entry in now if "event" in entry]
            assert [e["event"] for e in events] == [undo, leave]
            assert events[1]["seq"] == events[0]["seq"] + 1  # nothing came between them
            _seqs_grow(now)
        # A program polling the API that holds the log up to the move taken back is sent the
        # rest exactly.
        polled = api.http.get(
            f"/api/tables/{table_id}", params={"log_after": after_move[-1]["seq"]}
        ).json()
        assert _held_then(after_move, polled) == api.table(table_id)["log"]
    finally:
        for live in connections.values():
            live.close()

    page = api.http.get(f"/tables/{table_id}/panel?lang=de", headers=api.auth(tokens[1 - mover]))
    name = "Tester" if mover == 0 else "Bruno"
    mark = SEAT_MARKS[mover]
    assert f"{name} ({mark}) nimmt einen Zug zurück" in page.text
    assert f"{name} ({mark}) verlässt das Spiel; ein Bot (leicht) spielt weiter" in page.text

    still = api.table(table_id)
    gone = api.http.post(
        f"/api/tables/{table_id}/seats/{1 - mover}/bot",
        json={"version": still["version"]},
        headers=api.auth(tokens[1 - mover]),
    )
    assert gone.status_code == 200, gone.text
    over = _play_until(api, table_id, lambda s: s["status"] == "finished")
    record = api.http.get(f"/api/tables/{table_id}/record").json()
    moves = [entry for entry in over["log"] if "event" not in entry]
    assert len(record["actions"]) == len(moves) and len(over["log"]) == len(moves) + 3
    assert record["players"] == ["Tester", "Bruno"]
    # The page's log numbers the moves as the replay steps through them (its last 60 lines).
    finished = api.http.get(f"/tables/{table_id}/panel?lang=en").text
    numbers = [int(n) for n in re.findall(r'data-number="(\d+)"', finished)]
    assert numbers[-1] == len(record["actions"]) and numbers == sorted(set(numbers))
    assert f'?step={len(record["actions"])}"' in finished
    lobby = api.http.get("/?lang=en").text
    assert "Tester (bot easy), Bruno (bot easy)" in lobby
    my_tables = api.http.get("/account?lang=en", headers=api.auth(account)).text
    assert "Tester (bot easy), Bruno (bot easy)" in my_tables
