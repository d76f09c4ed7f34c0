"""The example program (examples/random_program.py) as its docstring says to use it: with a bot
token, against a real server, it plays whole games against house bots (a new table of its own,
an invite, a public table's open seat), and the games are rated."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.server_process import ServerProcess

PROGRAM = Path(__file__).resolve().parents[2] / "examples" / "random_program.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("program")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def token(server: ServerProcess) -> str:
    signed = httpx.post(
        f"{server.url}/api/accounts", json={"name": "ada", "password": "password1"}
    ).json()
    made = httpx.post(
        f"{server.url}/api/me/bot-tokens",
        json={"name": "randbot"},
        headers={"Authorization": f"Bearer {signed['token']}"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def run(server: ServerProcess, token: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(PROGRAM), "--server", server.url, "--token", token, *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    result = dict(json.loads(done.stdout.strip().splitlines()[-1]))
    assert result["status"] == "finished" and result["scores"] and result["winners"]
    return result


# Hansa is left out: the program moves at random, and random Hansa moves hold a game up for
# thousands of decisions (the program is the same for every game; Hansa's whole games over the
# API are played in test_server_games.py).
@pytest.mark.parametrize("game", ["kogge", "luebeck", "speicherstadt"])
def test_the_program_plays_each_game_to_its_end_but_hansa(
    server: ServerProcess, token: str, game: str
) -> None:
    result = run(server, token, "--game", game, "--bots", "easy", "--seed", "5")
    table = httpx.get(f"{server.url}/api/tables/{result['table']}").json()
    assert table["status"] == "finished"
    assert [s["program"] for s in table["seats"]] == [True] + [False] * (table["players"] - 1)
    player = httpx.get(f"{server.url}/api/players/ada/randbot").json()
    assert player["kind"] == "program"
    assert result["table"] in [g["table"] for g in player["games"] if g["game"] == game]


def test_the_program_takes_an_invite_or_an_open_seat(server: ServerProcess, token: str) -> None:
    seats = [{"kind": "bot", "level": "random"}, {"kind": "human"}]
    body = {"game": "kogge", "players": 2, "mode": "live", "seats": seats}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    result = run(server, token, "--invite", created["invites"][0]["url"], "--seed", "1")
    assert result["table"] == created["id"] and result["seat"] == 1
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    # "=": a table's id may begin with "-", which argparse takes for an option
    result = run(server, token, f"--table={created['id']}", "--seed", "2")
    assert result["table"] == created["id"] and result["seat"] == 1
