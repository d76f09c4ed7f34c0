"""A program at the Hanse web tables: it plays any game with a random legal move, to the end.

It is a complete client of the table API as any outside program would use it (issue 33): a
person creates a bot token on the account page (or ``POST /api/me/bot-tokens``) and gives it to
the program, which sends it as ``Authorization: Bearer <token>`` with every call. Its seat is
then marked as a program's at the table, rated apart from the person, and it plays at the same
rate limits as a person.

Usage (the standard library and ``httpx`` and ``websockets``, both Hanse dependencies)::

    python examples/random_program.py --server http://127.0.0.1:8000 --token TOKEN \\
        --game luebeck [--players 3] [--bots easy] [--seed 7]
    python examples/random_program.py --server URL --token TOKEN --invite URL
    python examples/random_program.py --server URL --token TOKEN --table ID
    python examples/random_program.py --server URL --token TOKEN --ladder kogge \\
        [--ladder-players 2p] [--games 3]

Without ``--invite`` or ``--table`` it creates a public table of ``--game`` for ``--players``
seats (the game's fewest by default), takes the first and fills the others with house bots of
level ``--bots``; with ``--invite`` it takes the seat of an invite link, with ``--table`` the
first open seat of a public table in the lobby. Then it follows the table over its WebSocket
(``/api/tables/{id}/live``): whenever its seat decides, it posts a random one of the legal
actions with the version it saw (``POST /api/tables/{id}/moves``). A move refused as stale (409)
or too fast (429, it waits as ``Retry-After`` says) is chosen again from the table read afresh;
should the WebSocket go quiet it reads the table by polling. At the end it prints one line of
JSON, ``{"table", "seat", "status", "scores", "winners"}``, and exits 0 (1 if the table
expired instead).

With ``--ladder GAME`` it enters that game's ladder (``POST /api/ladder/{game}/entries``, of
``--ladder-players`` 2p or 3p+) and plays every table the server's pairing seats it at: it
reads its ladder tables (``GET /api/me/ladder``) four times a second and moves at each where it
decides. Once ``--games`` of its ladder tables have ended it leaves the ladder (``DELETE``),
plays out the tables it still has, and prints ``{"ladder", "players", "tables"}``: the ids of
the tables it played.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

QUIET_SECONDS = 10.0  # no message for this long: read the table by polling instead
RETRIES = 120  # calls tried again while the server does not answer (a restart), a second apart
LADDER_POLL_SECONDS = 0.25  # in a ladder, how often the program looks for a decision


class Program:
    def __init__(self, server: str, token: str, rng: random.Random) -> None:
        self.server = server.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}
        self.http = httpx.Client(base_url=self.server, headers=self.headers, timeout=30)
        self.rng = rng

    def create(self, game: str, players: int | None, bots: str) -> str:
        """A public live table: the first seat a person's (ours), the others house bots (as
        many players as asked, else as few as the game allows)."""
        if players is None:
            games = self.http.get("/api/games").json()
            players = next(int(g["min_players"]) for g in games if g["id"] == game)
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": bots}] * (players - 1)
        created = self.call(
            "POST",
            "/api/tables",
            {"game": game, "players": players, "mode": "live", "seats": seats},
        )
        return str(created["invites"][0]["url"])

    def join_invite(self, invite_url: str) -> tuple[str, int]:
        secret = invite_url.rstrip("/").rsplit("/", 1)[1]
        joined = self.call("POST", f"/api/join/{secret}", {"name": "random program"})
        return str(joined["table"]), int(joined["seat"])

    def join_table(self, table_id: str) -> tuple[str, int]:
        joined = self.call("POST", f"/api/tables/{table_id}/join", {"name": "random program"})
        return str(joined["table"]), int(joined["seat"])

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        """One API call; waits and tries again when the server says it came too fast, or does
        not answer (it restarts)."""
        for _attempt in range(RETRIES):
            try:
                response = self.http.request(method, path, json=body)
            except httpx.TransportError:  # the server restarts: it is back in a moment
                time.sleep(1.0)
                continue
            if response.status_code == 429:
                time.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            if response.status_code >= 400:
                raise SystemExit(f"{method} {path}: {response.status_code} {response.text}")
            return dict(response.json())
        raise SystemExit(f"{method} {path}: no answer after {RETRIES} tries")

    def play(self, table_id: str) -> dict[str, Any]:
        """Follow the table until it is over; its last state."""
        ws_url = self.server.replace("http", "ws", 1) + f"/api/tables/{table_id}/live"
        with connect(ws_url, additional_headers=self.headers, open_timeout=30) as live:
            state = self.call("GET", f"/api/tables/{table_id}")
            while True:
                state = self.act(table_id, state)
                if state["status"] in ("finished", "expired"):
                    return state
                state = self.next_state(live, table_id, state)

    def next_state(self, live: Any, table_id: str, state: dict[str, Any]) -> dict[str, Any]:
        """The table's next state from the WebSocket (chat is skipped), or read when quiet."""
        while True:
            try:
                message = json.loads(live.recv(timeout=QUIET_SECONDS))
            except TimeoutError:
                return self.call("GET", f"/api/tables/{table_id}")
            except ConnectionClosed:  # the server went away a moment: read, then go on polling
                time.sleep(1)
                return self.call("GET", f"/api/tables/{table_id}")
            if "chat" not in message:
                return dict(message)

    def act(self, table_id: str, state: dict[str, Any]) -> dict[str, Any]:
        """While our seat decides, make random legal moves; the state after them."""
        while state["status"] == "playing" and state["decider"] == state["seat"]:
            if not state["legal"]:
                return state
            action = self.rng.choice(state["legal"])["text"]
            response = self.http.post(
                f"/api/tables/{table_id}/moves",
                json={"action": action, "version": state["version"]},
            )
            if response.status_code == 200:
                state = dict(response.json())
            elif response.status_code in (409, 429):  # stale, or too fast: look again
                time.sleep(float(response.headers.get("Retry-After", "0")))
                state = self.call("GET", f"/api/tables/{table_id}")
            else:
                raise SystemExit(f"move {action!r}: {response.status_code} {response.text}")
        return state


class LadderProgram(Program):
    """The program standing in a ladder: it plays the tables the server seats it at."""

    def ladder(self, game: str, players: str, games: int) -> list[str]:
        """Enter, leave once seated at `games` ladder tables, play them out; the ids of the
        tables played. (Leaving only once they had ended let the server seat the program at
        one more table in between, which it then never played: its clock ran out.)"""
        self.call("POST", f"/api/ladder/{game}/entries", {"players": players})
        played: list[str] = []
        entered = True
        while True:
            mine = self.call("GET", "/api/me/ladder")
            now_open = [t["table"] for t in mine["tables"]]
            played += [t for t in now_open if t not in played]
            if entered and len(played) >= games:
                self.http.delete(f"/api/ladder/{game}/entries", params={"players": players})
                entered = False
            if not entered and not now_open:
                return played
            waiting = [t["table"] for t in mine["tables"] if t["my_turn"]]
            for table_id in waiting:
                self.act(table_id, self.call("GET", f"/api/tables/{table_id}"))
            if not waiting:  # nothing to decide: look again in a moment
                time.sleep(LADDER_POLL_SECONDS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="the server's URL")
    parser.add_argument("--token", required=True, help="a bot token of your account")
    parser.add_argument("--game", help="the game of a new table: luebeck, hansa, kogge, ...")
    parser.add_argument("--players", type=int, help="seats of a new table (the fewest)")
    parser.add_argument("--bots", default="easy", help="the house bots' level at a new table")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--invite", help="take the seat of this invite link")
    where.add_argument("--table", help="take an open seat of this public table")
    where.add_argument("--ladder", metavar="GAME", help="enter this game's ladder and play")
    parser.add_argument("--ladder-players", default="2p", choices=("2p", "3p+"))
    parser.add_argument("--games", type=int, default=1, help="ladder games before leaving")
    parser.add_argument("--seed", type=int, default=None, help="the random moves' seed")
    args = parser.parse_args(argv)
    program = LadderProgram(args.server, args.token, random.Random(args.seed))
    if args.ladder:
        tables = program.ladder(args.ladder, args.ladder_players, args.games)
        print(json.dumps({"ladder": args.ladder, "players": args.ladder_players, "tables": tables}))
        return 0
    if args.invite:
        table_id, seat = program.join_invite(args.invite)
    elif args.table:
        table_id, seat = program.join_table(args.table)
    elif args.game:
        table_id, seat = program.join_invite(program.create(args.game, args.players, args.bots))
    else:
        parser.error("name a --game for a new table, or an --invite or a --table to join")
    final = program.play(table_id)
    result = {
        "table": table_id,
        "seat": seat,
        "status": final["status"],
        "scores": final["scores"],
        "winners": final["winners"],
    }
    print(json.dumps(result))
    return 0 if final["status"] == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
