"""``hanse bench --server --clients N``: the closed loop an operator's first load test runs.

`clients` simulated players share `tables` all-human three-player Lübeck tables (each client its
own tables, taken in turn). A client reads a table as the seat that decides (``GET`` with that
seat's token: the view and the legal moves), posts a random legal move at the version it was
shown, and goes on to its next table as soon as the answer has come: no think time, no live
connection. Measured, after a warm-up: accepted moves per second and the submit latency (from
sending the move to its answer). A finished game is replaced by a new table. New tables are
cheap to read (a short log, few pieces); ``advance`` plays the tables that many moves each
before the warm-up (a three-player Lübeck game takes about 250), so that the figures are those
of a server whose tables are under way, as an operator's are. Clients run in this
process (one event loop), the server in others (``loadtest.Server``).

:func:`bench_standin` runs the same loop against the standard-library stand-in
(:mod:`hanse.server.loadtest_standin`), the yardstick of the server's speed goal.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import orjson

from hanse.server.loadtest import LoadResult, Server, tree_cpu_seconds

GAME, PLAYERS = "luebeck", 3
_GIVE_UP_ADVANCING = 1000  # errors after which the tables are measured as far as they came


@dataclass
class _Table:
    id: str
    tokens: list[str]
    decider: int = 0


@dataclass
class _Loop:
    url: str
    rng: random.Random
    measuring: bool = False
    accepted: int = 0
    made: int = 0  # moves accepted since the start, measured or not
    advanced: int = 0  # moves a table had been played, on average, when measuring began
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    server_cpu: float | None = None  # CPU seconds of the server's processes while measured
    players_cpu: float | None = None  # and of this process, the players

    async def new_table(self, client: aiohttp.ClientSession) -> _Table:
        table = {
            "game": GAME,
            "players": PLAYERS,
            "seats": [{"kind": "human"}] * PLAYERS,
            "visibility": "private",
        }
        async with client.post(self.url + "/api/tables", json=table) as response:
            response.raise_for_status()
            created = await response.json()
        tokens = []
        for invite in created["invites"]:
            secret = invite["url"].rsplit("/", 1)[1]
            async with client.post(f"{self.url}/api/join/{secret}", json={"name": "load"}) as join:
                join.raise_for_status()
                tokens.append((await join.json())["token"])
            client.cookie_jar.clear()
        async with client.get(
            f"{self.url}/api/tables/{created['id']}",
            headers={"Authorization": f"Bearer {tokens[0]}"},
        ) as read:
            read.raise_for_status()
            decider = (await read.json())["decider"]
        return _Table(created["id"], tokens, decider)

    async def play(self, client: aiohttp.ClientSession, tables: list[_Table]) -> None:
        """One client: a move at each of its tables in turn, for as long as the run lasts."""
        turn = 0
        while True:
            table = tables[turn % len(tables)]
            turn += 1
            headers = {"Authorization": f"Bearer {table.tokens[table.decider]}"}
            url = f"{self.url}/api/tables/{table.id}"
            try:
                async with client.get(url, headers=headers) as read:
                    state = await read.json(loads=orjson.loads)
                if state["status"] == "finished" or state["decider"] != table.decider:
                    # Over, or another seat decides: the table is replaced or read again.
                    if state["status"] == "finished":
                        tables[tables.index(table)] = await self.new_table(client)
                    elif state["decider"] is not None:
                        table.decider = state["decider"]
                    continue
                move = self.rng.choice(state["legal"])["text"]
                body = {"action": move, "version": state["version"]}
                sent = time.perf_counter()
                async with client.post(url + "/moves", json=body, headers=headers) as answer:
                    answered = await answer.json(loads=orjson.loads)
                    took = time.perf_counter() - sent
                    if answer.status != 200:
                        self.errors.append(f"{answer.status} {str(answered)[:200]}")
                        continue
                self.made += 1
                if self.measuring:
                    self.accepted += 1
                    self.latencies.append(took)
                if answered["decider"] is not None:
                    table.decider = answered["decider"]
            except (aiohttp.ClientError, OSError, KeyError, ValueError) as error:
                self.errors.append(f"{type(error).__name__}: {error}")


async def _run(
    url: str,
    clients: int,
    tables: int,
    seconds: float,
    warmup: float,
    seed: int,
    server_pid: int | None = None,
    advance: int = 0,
) -> _Loop:
    loop = _Loop(url, random.Random(seed))
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as client:
        made = [await loop.new_table(client) for _ in range(tables)]
        shares = [made[number::clients] for number in range(clients)]
        tasks = [asyncio.create_task(loop.play(client, share)) for share in shares if share]
        # Played in (unless the server only errs): clients take their tables in turn, so each
        # table has about the average.
        while loop.made < advance * tables and len(loop.errors) < _GIVE_UP_ADVANCING:
            await asyncio.sleep(0.1)
        loop.advanced = loop.made // tables
        await asyncio.sleep(warmup)
        loop.errors.clear()
        loop.measuring = True
        server_before = None if server_pid is None else tree_cpu_seconds(server_pid)
        players_before = time.process_time()
        await asyncio.sleep(seconds)
        loop.measuring = False
        loop.players_cpu = time.process_time() - players_before
        server_after = None if server_pid is None else tree_cpu_seconds(server_pid)
        if server_before is not None and server_after is not None:
            loop.server_cpu = server_after - server_before
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return loop


def bench_closed_loop(
    database_url: str | None = None,
    redis_url: str | None = None,
    workers: int = 1,
    clients: int = 16,
    tables: int = 200,
    seconds: float = 20.0,
    warmup: float = 5.0,
    seed: int = 0,
    advance: int = 0,
) -> LoadResult:
    """Accepted moves per second and submit latency of `clients` closed-loop players."""
    server = Server(database_url, redis_url, workers)
    loop = _played(server, clients, tables, seconds, warmup, seed, advance)
    return LoadResult.measured(database_url, workers, tables, None, seconds, loop, clients)


def _played(
    server: Server,
    clients: int,
    tables: int,
    seconds: float,
    warmup: float,
    seed: int,
    advance: int = 0,
) -> _Loop:
    """The closed loop run against `server` (started), which is stopped afterwards."""
    try:
        server.wait_ready()
        pid = server.process.pid
        played = _run(server.url, clients, tables, seconds, warmup, seed, pid, advance)
        return asyncio.run(played)
    finally:
        server.stop()


class StandIn(Server):
    """The stand-in server (:mod:`hanse.server.loadtest_standin`) in a process of its own, its
    moves going to ``moves.jsonl`` in its fresh folder; used as :class:`loadtest.Server` is."""

    name = "the stand-in"

    def __init__(self) -> None:
        self._prepare("hanse-standin-")
        moves = Path(self.folder.name) / "moves.jsonl"
        module = "hanse.server.loadtest_standin"
        self._start([sys.executable, "-m", module, str(self.port), str(moves)])


def bench_standin(
    clients: int = 16,
    tables: int = 200,
    seconds: float = 20.0,
    warmup: float = 5.0,
    seed: int = 0,
    advance: int = 0,
) -> LoadResult:
    """The closed loop of :func:`bench_closed_loop` against the stand-in."""
    loop = _played(StandIn(), clients, tables, seconds, warmup, seed, advance)
    result = LoadResult.measured(None, 1, tables, None, seconds, loop, clients)
    result.database = "stand-in (standard library, one lock, a file fsynced per move)"
    return result
