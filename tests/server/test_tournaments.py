"""Tournaments over a real server (issue 33): a Swiss tournament of 8 accounts, their seats
played by their programs' bot tokens, runs 3 rounds to its standings with nobody touching it
but the players' moves, across a server killed and started again, on PostgreSQL with Redis and
two workers (each running the round pass: every round is seated once)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import combinations
from pathlib import Path

import httpx
import pytest

from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
)
from tests.server.tournament_client import (
    KOGGE_SWISS,
    bearer,
    play_round,
    sign_up,
    tournament,
)

FAST_PASS = {"HANSE_TOURNAMENT_SECONDS": "0.2"}


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[ServerProcess]:
    schema, url = new_postgres_schema()
    process = ServerProcess(url, tmp_path, redis_url=REDIS, workers=2)
    process.environ.update(FAST_PASS)
    try:
        yield process.start()
    finally:
        process.stop()
        drop_postgres_schema(schema)


def wait_for(http: httpx.Client, tournament_id: str, done: object, timeout: float = 120) -> dict:
    """The tournament once `done(read)` holds (the pass runs every 0.2 s in each worker)."""
    deadline = time.monotonic() + timeout
    while True:
        read = tournament(http, tournament_id)
        if done(read):  # type: ignore[operator]
            return read
        assert time.monotonic() < deadline, f"the tournament stays at {read['status']}"
        time.sleep(0.2)


def test_a_swiss_tournament_of_eight_programs_plays_to_its_standings_across_a_restart(
    two_workers: ServerProcess,
) -> None:
    server = two_workers
    rng = random.Random(33)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        entrants = [sign_up(http, f"hanse{n}") for n in range(8)]
        organiser = entrants[0]
        made = http.post("/api/tournaments", json=KOGGE_SWISS, headers=bearer(organiser.session))
        assert made.status_code == 201, made.text
        tournament_id = made.json()["id"]
        for entrant in entrants:  # each account enters as its program
            joined = http.post(
                f"/api/tournaments/{tournament_id}/join", headers=bearer(entrant.program)
            )
            assert joined.status_code == 201, joined.text
            assert joined.json()["name"] == entrant.label
        started = http.post(
            f"/api/tournaments/{tournament_id}/start", headers=bearer(organiser.session)
        )
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing" and started.json()["round"] == 1
        programs = {e.label: e.program for e in entrants}

        # Round 1 to its last move, then the server is killed at once: whether or not a worker
        # seated round 2 first, the tournament goes on from the database.
        read = tournament(http, tournament_id)
        assert play_round(http, read, programs, rng)
        server.kill()
        server.start()
        # Round 2 half played, killed again mid-round
        read = wait_for(http, tournament_id, lambda r: r["round"] == 2)
        play_round(http, read, programs, rng, most=60)
        server.kill()
        server.start()
        while read["status"] != "finished":
            read = tournament(http, tournament_id)
            if read["status"] == "playing" and not play_round(http, read, programs, rng):
                continue
            read = wait_for(
                http,
                tournament_id,
                lambda r, n=read["round"]: r["round"] > n or r["status"] == "finished",
            )

        final = tournament(http, tournament_id, organiser.session)
    assert final["status"] == "finished" and final["round"] == 3
    assert final["me"] == {
        "entrant": final["entrants"][0]["id"],
        "program": True,
        "organiser": True,
    }
    rounds = final["rounds_played"]
    assert [r["number"] for r in rounds] == [1, 2, 3]
    pairs = []
    for played in rounds:
        assert played["finished_at"] and not played["byes"]
        assert len(played["tables"]) == 4  # seated once, though two workers ran the pass
        seated = [s["name"] for t in played["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(programs)
        for table in played["tables"]:
            assert table["status"] == "finished"
            assert sorted(s["points"] for s in table["seats"]) in ([0.0, 2.0], [1.0, 1.0])
            pairs.append(frozenset(s["name"] for s in table["seats"]))
    assert len(set(pairs)) == 12  # nobody met twice
    standings = final["standings"]
    assert sorted(s["name"] for s in standings) == sorted(programs)
    assert sum(s["points"] for s in standings) == 3 * 4 * 2.0
    assert all(s["played"] == 3 and s["byes"] == 0 for s in standings)
    keys = [(s["points"], s["opponents"], s["score"]) for s in standings]
    assert keys == sorted(keys, reverse=True)
    assert standings[0]["place"] == 1
    # Buchholz as the standings define it: the opponents' final points, over one's tables
    points = {s["name"]: s["points"] for s in standings}
    for standing in standings:
        met = [n for p in pairs if standing["name"] in p for n in p if n != standing["name"]]
        assert standing["opponents"] == sum(points[n] for n in met)

    # A round's table is private: its spectator link shows it, its bare id does not; its seats
    # are the programs', and the game was rated as any other
    table = rounds[0]["tables"][0]
    assert httpx.get(f"{server.url}/api/tables/{table['table']}").status_code == 404
    watch = table["url"].split("?watch=")[1]
    seen = httpx.get(f"{server.url}/api/tables/{table['table']}", params={"watch": watch})
    assert seen.status_code == 200
    assert all(s["program"] for s in seen.json()["seats"])
    winner = next(s["name"] for s in table["seats"] if s["rank"] == 1)
    rated = httpx.get(f"{server.url}/api/players/{winner}").json()
    assert table["table"] in [g["table"] for g in rated["games"]]


@pytest.fixture(scope="module")
def one_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("tournaments")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data)
    process.environ.update(FAST_PASS)
    yield process.start()
    process.stop()


def test_signing_up_leaving_and_starting_are_refused_with_clear_reasons(
    one_server: ServerProcess,
) -> None:
    with httpx.Client(base_url=one_server.url, timeout=30) as http:
        ann, bea, cid = (sign_up(http, name) for name in ("ann", "bea", "cid"))
        body = {**KOGGE_SWISS, "least": 3}
        refused = http.post("/api/tournaments", json=body)
        assert refused.status_code == 401 and "sign in" in refused.json()["detail"]
        for wrong, said in [
            ({"system": "round_robin", "players": 3, "rounds": None}, "two-player tables"),
            ({"system": "round_robin"}, "leave rounds out"),
            ({"rounds": 0}, "1 to 15 rounds"),
            ({"players": 6}, "2 to 4 players"),
            ({"clock": None}, "clock"),
            ({"on_time_out": "abandon"}, "always reach a result"),
            ({"least": 1}, "at least 2 needed"),
            ({"starts_at": "2001-01-01T00:00:00Z"}, "time to come"),
            ({"name": "\u202eevil"}, "invisible formatting"),
        ]:
            answer = http.post(
                "/api/tournaments", json={**body, **wrong}, headers=bearer(ann.session)
            )
            assert answer.status_code == 422, (wrong, answer.text)
            assert said in answer.json()["detail"], (wrong, answer.text)
        made = http.post("/api/tournaments", json=body, headers=bearer(ann.session))
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        assert made.json()["status"] == "signup" and made.json()["me"]["organiser"]

        def post(path: str, who: str | None) -> httpx.Response:
            return http.post(f"/api/tournaments/{tid}/{path}", headers=bearer(who) if who else {})

        assert post("join", None).status_code == 401
        assert post("join", ann.session).status_code == 201
        again = post("join", ann.program)  # the person is in: its program is the same account
        assert again.status_code == 409 and "entered already" in again.json()["detail"]
        assert post("join", bea.program).status_code == 201
        too_few = post("start", ann.session)
        assert too_few.status_code == 409 and "needs 3" in too_few.json()["detail"]
        not_yours = post("start", bea.session)
        assert not_yours.status_code == 403 and "organiser" in not_yours.json()["detail"]
        assert post("leave", cid.session).status_code == 409
        assert post("leave", bea.session).status_code == 204  # the account leaves, its program too
        assert [e["name"] for e in tournament(http, tid)["entrants"]] == ["ann"]
        assert post("join", bea.program).status_code == 201
        assert post("join", cid.session).status_code == 201
        started = post("start", ann.session)
        assert started.status_code == 200, started.text
        for path, who in (("join", cid.program), ("leave", bea.session), ("start", ann.session)):
            late = post(path, who)
            assert late.status_code == 409 and "has started" in late.json()["detail"], path
        read = tournament(http, tid, cid.session)
        assert read["me"] == {
            "entrant": read["entrants"][2]["id"],
            "program": False,
            "organiser": False,
        }
        first = read["rounds_played"][0]
        assert len(first["tables"]) == 1 and len(first["byes"]) == 1  # 3 at tables of 2
        assert first["byes"][0]["points"] == 2.0  # a bye: a win at a full table
        assert http.get("/api/tournaments/nothing").status_code == 404
        listed = http.get("/api/tournaments", params={"status": "playing"}).json()
        assert [t["id"] for t in listed] == [tid] and listed[0]["entrants"] == 3


def test_a_round_robin_plays_every_pair_and_a_set_time_starts_or_cancels(
    one_server: ServerProcess,
) -> None:
    rng = random.Random(7)
    with httpx.Client(base_url=one_server.url, timeout=30) as http:
        people = [sign_up(http, f"robin{n}") for n in range(3)]
        soon = time.time() + 1.5
        body = {
            **KOGGE_SWISS,
            "name": "Kogge round robin",
            "system": "round_robin",
            "rounds": None,
            "starts_at": datetime.fromtimestamp(soon, UTC).isoformat(),
        }
        made = http.post("/api/tournaments", json=body, headers=bearer(people[0].session))
        assert made.status_code == 201, made.text
        lonely = http.post(
            "/api/tournaments", json={**body, "name": "Too few"}, headers=bearer(people[1].session)
        ).json()["id"]
        tid = made.json()["id"]
        for person in people:
            assert (
                http.post(
                    f"/api/tournaments/{tid}/join", headers=bearer(person.program)
                ).status_code
                == 201
            )
        assert (
            http.post(
                f"/api/tournaments/{lonely}/join", headers=bearer(people[1].program)
            ).status_code
            == 201
        )
        read = wait_for(http, tid, lambda r: r["status"] != "signup")
        assert read["status"] == "playing" and read["rounds"] == 3
        cancelled = wait_for(http, lonely, lambda r: r["status"] != "signup")
        assert cancelled["status"] == "cancelled" and "fewer entrants" in cancelled["notice"]
        programs = {f"{p.name}/rand": p.program for p in people}
        while read["status"] != "finished":
            if read["status"] == "playing":
                play_round(http, read, programs, rng)
            time.sleep(0.2)
            read = tournament(http, tid)
    pairs = [
        frozenset(s["name"] for s in t["seats"]) for r in read["rounds_played"] for t in r["tables"]
    ]
    assert sorted(map(sorted, pairs)) == sorted(sorted(p) for p in combinations(programs, 2))
    assert sorted(b["name"] for r in read["rounds_played"] for b in r["byes"]) == sorted(programs)
    assert sum(s["points"] for s in read["standings"]) == 3 * 2.0 + 3 * 2.0  # games and byes


def test_the_pages_show_a_tournament_in_the_readers_language(one_server: ServerProcess) -> None:
    with httpx.Client(base_url=one_server.url, timeout=30) as http:
        host = sign_up(http, "gastgeber")
        made = http.post(
            "/api/tournaments",
            json={**KOGGE_SWISS, "name": "Abendturnier"},
            headers=bearer(host.session),
        )
        tid = made.json()["id"]
        assert http.post(f"/api/tournaments/{tid}/join", headers=bearer(host.program)).is_success
        listed = http.get("/tournaments", params={"lang": "de"})
        assert listed.status_code == 200
        assert "Abendturnier" in listed.text and "Anmeldung offen" in listed.text
        assert f'href="/tournaments/{tid}"' in listed.text
        page = http.get(f"/tournaments/{tid}", params={"lang": "it"}, headers=bearer(host.session))
        assert page.status_code == 200
        assert "Iscrizioni aperte" in page.text and "gastgeber/rand" in page.text
        assert 'data-tournament-do="leave"' in page.text  # its account entered (as its program)
        assert 'data-tournament-do="start"' in page.text  # and organises it
        form = http.get("/tournaments/new", params={"lang": "de"}, headers=bearer(host.session))
        assert "Turnier anlegen" in form.text and 'name="rounds"' in form.text
        missing = http.get("/tournaments/nothing-here", params={"lang": "de"})
        assert missing.status_code == 404 and "Dieses Turnier gibt es nicht" in missing.text
        lobby = http.get("/", params={"lang": "en"})
        assert 'href="/tournaments"' in lobby.text
