"""``hanse bench --server``: a real server under simulated players, measured from outside.

A server is started as ``hanse serve`` would run it (its own process or processes, a fresh
database), then `tables` all-human tables are created and every seat is taken by a simulated
client holding a WebSocket. A client whose seat decides plays a random legal move over HTTP at
the version it was shown: at once (``rate=None``: the server's most), or after a random
think time, so that all tables together offer `rate` moves a second. Measured, after a warm-up:
accepted moves per second; the latency from sending a move until every seat of the table has
received the new version; errors (any answer but 200, any dropped connection). Clients run in
this process, the server in others.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import aiohttp
import httpx
import orjson

from hanse.server import listeners

GAMES = [("luebeck", 3), ("kogge", 3), ("speicherstadt", 3), ("hansa", 3)]


class ServerLoad(NamedTuple):
    """What ``hanse bench --server`` was asked to run (`clients`: the closed loop instead)."""

    tables: int
    rate: float | None
    clients: int | None
    seconds: float
    workers: int
    database_url: str | None
    redis_url: str | None
    seed: int
    standin: bool = False  # the closed loop then runs against the stand-in too
    advance: int = 0  # the closed loop: moves each table is played in before the warm-up


@dataclass
class LoadResult:
    database: str
    workers: int
    tables: int
    offered_rate: float | None
    seconds: float
    accepted: int
    moves_per_second: float
    latency_p50_ms: float
    latency_p99_ms: float
    errors: int
    error_samples: list[str] = field(default_factory=list)
    clients: int | None = None  # closed loop (loadtest_closed.py): its clients
    # Closed loop on Linux: CPU milliseconds per accepted move, of the server's processes (its
    # workers and their bot processes) and of the simulated players (this process).
    server_cpu_ms: float | None = None
    players_cpu_ms: float | None = None
    advanced: int = 0  # closed loop: moves a table had been played, on average, before

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def measured(
        cls,
        database_url: str | None,
        workers: int,
        tables: int,
        rate: float | None,
        seconds: float,
        load: Any,
        clients: int | None = None,
    ) -> LoadResult:
        """The figures of a run: `load` holds its accepted count, latencies and errors."""
        return cls(
            database="sqlite" if database_url is None else database_url.split("://", 1)[0],
            workers=workers,
            tables=tables,
            offered_rate=rate,
            seconds=seconds,
            accepted=load.accepted,
            moves_per_second=load.accepted / seconds,
            latency_p50_ms=1000 * statistics.median(load.latencies) if load.latencies else 0.0,
            latency_p99_ms=1000 * percentile(load.latencies, 0.99),
            errors=len(load.errors),
            error_samples=load.errors[:5],
            clients=clients,
            server_cpu_ms=_per_move(getattr(load, "server_cpu", None), load.accepted),
            players_cpu_ms=_per_move(getattr(load, "players_cpu", None), load.accepted),
            advanced=getattr(load, "advanced", 0),
        )


def _per_move(cpu_seconds: float | None, accepted: int) -> float | None:
    return None if cpu_seconds is None or not accepted else 1000 * cpu_seconds / accepted


def tree_cpu_seconds(pid: int) -> float | None:
    """CPU seconds used so far by process `pid` and its descendants (Linux ``/proc``; None
    elsewhere). A process that ends between two readings takes its seconds with it."""
    clock_ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total, waiting = 0, [pid]
    while waiting:
        current = waiting.pop()
        try:
            stat = Path(f"/proc/{current}/stat").read_text()
            children = Path(f"/proc/{current}/task/{current}/children").read_text()
        except OSError:
            if current == pid:
                return None
            continue
        fields = stat.rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])  # utime and stime, in clock ticks
        waiting += [int(child) for child in children.split()]
    return total / clock_ticks


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``hanse serve`` in processes of its own (a fresh database, its output in a log): started,
    waited for until ``/api/games`` answers, stopped. :class:`loadtest_closed.StandIn` runs the
    stand-in the same way."""

    name = "the server"
    workers = 1

    def __init__(self, database_url: str | None, redis_url: str | None, workers: int) -> None:
        self._prepare("hanse-bench-")
        command = [sys.executable, "-c", "from hanse.cli import main; main()", "serve"]
        command += ["--port", str(self.port), "--workers", str(workers)]
        self.workers = workers
        if database_url:
            command += ["--database-url", database_url]
        if redis_url:
            command += ["--redis-url", redis_url]
        env = {
            **os.environ,
            "XDG_DATA_HOME": self.folder.name,  # a fresh SQLite file and secret
            "HANSE_CREATE_RATE": "1000000",  # the simulated players share one address
            "HANSE_MAX_WAITING": "1000000",  # and wait for each other at 200 tables
            "HANSE_SUBMIT_RATE": "1000000",
        }
        self._start(command, env)

    def _prepare(self, prefix: str) -> None:
        """A free port and a fresh folder (its log, its files)."""
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = tempfile.TemporaryDirectory(prefix=prefix)
        self.log = Path(self.folder.name) / "server.log"

    def _start(self, command: list[str], env: dict[str, str] | None = None) -> None:
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(
                command, stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )

    def wait_ready(self, timeout: float = 60) -> None:
        """Until the server answers and, where Linux shows it, every worker listens (each on a
        socket of its own, which it opens only once it has started: listeners.py), so that the
        players' connections spread over all of them."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log.read_text()}")
            try:
                answered = httpx.get(self.url + "/api/games", timeout=2).status_code == 200
            except httpx.HTTPError:
                answered = False
            listening = listeners.sockets_on(self.port, listeners.LISTEN)
            if answered and (listening is None or len(listening) >= self.workers):
                return
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        self.folder.cleanup()


class _Load:
    def __init__(self, url: str, tables: int, seed: int, rate: float | None = None) -> None:
        self.url = url
        # think time per move, so that `tables` tables offer `rate` moves a second together
        self.think = tables / rate if rate else 0.0
        self.tables = tables
        self.rng = random.Random(seed)
        self.measuring = False
        self.accepted = 0
        self.errors: list[str] = []
        self.sent: dict[tuple[str, int], float] = {}  # (table, version after) -> sent at
        self.arrivals: dict[tuple[str, int], list[float]] = {}
        self.players: dict[str, int] = {}
        self.latencies: list[float] = []

    async def setup(self, client: aiohttp.ClientSession) -> list[tuple[str, int, str]]:
        seats = []
        for number in range(self.tables):
            game, players = GAMES[number % len(GAMES)]
            table = {
                "game": game,
                "players": players,
                "seats": [{"kind": "human"}] * players,
                "visibility": "private",
            }
            async with client.post(self.url + "/api/tables", json=table) as response:
                response.raise_for_status()
                created = await response.json()
            self.players[created["id"]] = players
            for invite in created["invites"]:
                secret = invite["url"].rsplit("/", 1)[1]
                async with client.post(
                    f"{self.url}/api/join/{secret}", json={"name": "load"}
                ) as joined:
                    joined.raise_for_status()
                    token = (await joined.json())["token"]
                client.cookie_jar.clear()
                seats.append((created["id"], invite["seat"], token))
        return seats

    def _arrived(self, table_id: str, version: int) -> None:
        key = (table_id, version)
        arrivals = self.arrivals.setdefault(key, [])
        arrivals.append(time.perf_counter())
        if len(arrivals) == self.players[table_id] and key in self.sent:
            sent = self.sent.pop(key)
            del self.arrivals[key]
            if self.measuring:
                self.latencies.append(max(arrivals) - sent)

    async def seat(
        self, client: aiohttp.ClientSession, table_id: str, seat: int, token: str
    ) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        moves_url = f"{self.url}/api/tables/{table_id}/moves"
        try:
            async with client.ws_connect(
                f"{self.url}/api/tables/{table_id}/live", headers=headers, max_msg_size=2**24
            ) as live:
                async for message in live:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        self.errors.append(f"live connection: {message.type.name}")
                        return
                    state = orjson.loads(message.data)
                    self._arrived(table_id, state["version"])
                    if state["status"] == "finished":
                        return
                    if state["decider"] == seat and state["legal"]:
                        if self.think:
                            await asyncio.sleep(self.rng.expovariate(1 / self.think))
                        move = self.rng.choice(state["legal"])["text"]
                        after = state["version"] + 1
                        self.sent[(table_id, after)] = time.perf_counter()
                        body = {"action": move, "version": state["version"]}
                        async with client.post(moves_url, json=body, headers=headers) as answer:
                            await answer.read()
                            if answer.status == 200:
                                self.accepted += self.measuring
                            else:
                                self.errors.append(f"{answer.status} {(await answer.text())[:200]}")
        except (aiohttp.ClientError, OSError) as error:
            self.errors.append(f"{type(error).__name__}: {error}")


async def _run(
    url: str, tables: int, seconds: float, warmup: float, seed: int, rate: float | None = None
) -> _Load:
    load = _Load(url, tables, seed, rate)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as client:
        seats = await load.setup(client)
        tasks = [asyncio.create_task(load.seat(client, *seat)) for seat in seats]
        await asyncio.sleep(warmup)
        load.errors.clear()
        load.measuring = True
        await asyncio.sleep(seconds)
        load.measuring = False
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return load


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_server(
    database_url: str | None = None,
    redis_url: str | None = None,
    workers: int = 1,
    tables: int = 200,
    seconds: float = 20.0,
    warmup: float = 5.0,
    seed: int = 0,
    rate: float | None = None,
) -> LoadResult:
    server = Server(database_url, redis_url, workers)
    try:
        server.wait_ready()
        load = asyncio.run(_run(server.url, tables, seconds, warmup, seed, rate))
    finally:
        server.stop()
    return LoadResult.measured(database_url, workers, tables, rate, seconds, load)
