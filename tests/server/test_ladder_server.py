"""The ladder over a real server (issue 33): two programs (the example program, with their bot
tokens) enter a game's ladder, the server pairs them, they play to the end, the games are rated
once, and leaving stops the pairing; a revoked token leaves; the page shows the standings; with
two workers on PostgreSQL and Redis one table is made, not two."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    new_postgres_schema,
)

PROGRAM = Path(__file__).resolve().parents[2] / "examples" / "random_program.py"
LADDER_ARGS = ["--ladder", "kogge", "--games", "1"]
# House bots only after a minute: the two programs of a test, started together, meet each other
LADDER = {
    "HANSE_LADDER_SECONDS": "1",
    "HANSE_LADDER_PER_PROGRAM": "1",
    "HANSE_LADDER_BOT_AFTER": "60",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("ladder")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data)
    process.environ.update(LADDER)
    process.start()
    yield process
    process.stop()


def person(server: ServerProcess, name: str) -> str:
    made = httpx.post(f"{server.url}/api/accounts", json={"name": name, "password": "password1"})
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def bot_token(server: ServerProcess, session: str, name: str = "p") -> dict[str, Any]:
    made = httpx.post(
        f"{server.url}/api/me/bot-tokens", json={"name": name}, headers=bearer(session)
    )
    assert made.status_code == 201, made.text
    return dict(made.json())


def mine(server: ServerProcess, token: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/me/ladder", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def play_in_ladder(server: ServerProcess, token: str, seed: int) -> list[str]:
    command = [sys.executable, str(PROGRAM), "--server", server.url, "--token", token]
    done = subprocess.run(
        [*command, *LADDER_ARGS, "--seed", str(seed)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.strip().splitlines()[-1])["tables"])


def test_a_ladder_is_entered_by_programs_only_and_where_it_exists(server: ServerProcess) -> None:
    session = person(server, "olga")
    token = bot_token(server, session)["token"]
    url = f"{server.url}/api/ladder/kogge/entries"
    assert httpx.post(url, json={"players": "2p"}).status_code == 401
    by_person = httpx.post(url, json={"players": "2p"}, headers=bearer(session))
    assert by_person.status_code == 403 and "bot token" in by_person.json()["detail"]
    lubeck = httpx.post(
        f"{server.url}/api/ladder/luebeck/entries", json={"players": "2p"}, headers=bearer(token)
    )
    assert lubeck.status_code == 422 and "3 to 5" in lubeck.json()["detail"]
    unknown = httpx.post(f"{server.url}/api/ladder/chess/entries", json={}, headers=bearer(token))
    assert unknown.status_code == 404
    strange = httpx.post(url, json={"players": "9p"}, headers=bearer(token))
    assert strange.status_code == 422
    gone = httpx.delete(url, params={"players": "2p"}, headers=bearer(token))
    assert gone.status_code == 404 and gone.json()["detail"].startswith("no such ladder entry")
    assert mine(server, token) == {"program": "olga/p", "entries": [], "tables": []}


def test_two_programs_are_paired_play_to_the_end_are_rated_once_and_leave(
    server: ServerProcess,
) -> None:
    tokens = [bot_token(server, person(server, name))["token"] for name in ("ada", "bea")]
    with ThreadPoolExecutor(2) as pool:
        played = list(pool.map(play_in_ladder, [server] * 2, tokens, [1, 2]))
    # They met (before a minute is up, a house bot takes no seat)
    assert played[0][0] == played[1][0]
    for name, tables in zip(("ada/p", "bea/p"), played, strict=True):
        rated = httpx.get(f"{server.url}/api/players/{name}").json()
        games = [g["table"] for g in rated["games"]]
        assert sorted(games) == sorted(tables)  # every ladder game rated, each once
        for table_id in tables:
            table = httpx.get(f"{server.url}/api/tables/{table_id}").json()
            assert table["status"] == "finished" and table["mode"] == "live"
            assert table["clocks"]["control"]["base"] == 300.0
    time.sleep(3)  # three passes: nobody entered, nothing made
    for token in tokens:
        assert mine(server, token)["entries"] == [] and mine(server, token)["tables"] == []
    board = httpx.get(f"{server.url}/api/ladder/kogge", params={"players": "2p"}).json()
    assert board["playing"] == 0 and board["rules"]["per_program"] == 1
    rows = {e["name"]: e for e in board["standings"]}
    for name, tables in zip(("ada/p", "bea/p"), played, strict=True):
        entry = rows[name]
        assert entry["kind"] == "program" and entry["account"] == name[:3]
        assert entry["entered"] is False and entry["games"] == len(tables)
        assert entry["wins"] + entry["losses"] == len(tables)
        assert {g["table"] for g in entry["recent"]} == set(tables[-5:])
        assert entry["rating"] != 0.0  # rated: no longer a newcomer's 0
    met = rows["ada/p"]["recent"][-1]["table"]
    assert {rows["ada/p"]["recent"][-1]["rank"], rows["bea/p"]["recent"][-1]["rank"]} <= {1, 2}
    assert met == played[0][0]


def test_a_revoked_token_leaves_the_ladder(server: ServerProcess) -> None:
    session = person(server, "carl")
    made = bot_token(server, session)
    url = f"{server.url}/api/ladder/kogge/entries"
    entered = httpx.post(url, json={"players": "2p"}, headers=bearer(made["token"]))
    assert entered.status_code == 201, entered.text
    again = httpx.post(url, json={"players": "2p"}, headers=bearer(made["token"]))
    assert again.status_code == 200 and again.json()["entered_at"] == entered.json()["entered_at"]
    revoked = httpx.delete(f"{server.url}/api/me/bot-tokens/{made['id']}", headers=bearer(session))
    assert revoked.status_code == 204

    def carl() -> dict[str, Any]:
        """Carl's program in the standings (there only once it has ladder games)."""
        board = httpx.get(f"{server.url}/api/ladder/kogge").json()
        found = [e for e in board["standings"] if e["name"] == "carl/p"]
        return found[0] if found else {"entered": False, "recent": []}

    before = carl()
    assert before["entered"] is False
    time.sleep(3)
    assert carl()["recent"] == before["recent"]  # no table since
    assert (
        httpx.get(f"{server.url}/api/me/ladder", headers=bearer(made["token"])).status_code == 401
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Recent games"), ("de", "Letzte Partien"), ("it", "Partite recenti")],
)
def test_the_ladder_page_in_three_languages(server: ServerProcess, lang: str, words: str) -> None:
    page = httpx.get(f"{server.url}/ladder/kogge", params={"lang": lang})
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert words in page.text and "/players/easy" in page.text
    lobby = httpx.get(f"{server.url}/", params={"lang": lang}).text
    assert 'href="/ladder/kogge?players=2p"' in lobby
    params = {"lang": lang, "players": "3p+"}
    ratings = httpx.get(f"{server.url}/ratings/luebeck", params=params).text
    assert 'href="/ladder/luebeck?players=3p%2B"' in ratings
    assert httpx.get(f"{server.url}/ladder/chess").status_code == 404


def test_two_workers_make_one_table_for_two_programs(tmp_path: Path) -> None:
    schema, url = new_postgres_schema()
    process = ServerProcess(url, tmp_path, redis_url=REDIS, workers=2)
    process.environ.update(LADDER | {"HANSE_LADDER_SECONDS": "0.5"})
    process.start()
    try:
        tokens = [bot_token(process, person(process, n))["token"] for n in ("dan", "eva")]
        for token in tokens:  # they enter and never move: their table stays open
            entered = httpx.post(
                f"{process.url}/api/ladder/hansa/entries", json={}, headers=bearer(token)
            )
            assert entered.status_code == 201, entered.text
        # However the two workers' passes fall, each program is seated once (they meet: no
        # house bot within the first minute), never at a second table
        seen: list[set[str]] = [set(), set()]
        deadline = time.monotonic() + 6
        while time.monotonic() < deadline:
            for token, its in zip(tokens, seen, strict=True):
                tables = [t["table"] for t in mine(process, token)["tables"]]
                assert len(tables) <= 1  # its cap, at every moment
                its.update(tables)
            time.sleep(0.2)
        assert [len(its) for its in seen] == [1, 1]  # each was seated once, by one worker
        board = httpx.get(f"{process.url}/api/ladder/hansa").json()
        assert board["playing"] == len(seen[0] | seen[1])
    finally:
        process.stop()
        drop_postgres_schema(schema)
