"""A real ``hanse serve`` in a child process, on a free port, with its own database.

The server tests talk to it over real HTTP and WebSockets, kill it with SIGKILL and start it again
on the same database. PostgreSQL and Redis are the machine's services (127.0.0.1:5432, database
``test``; 127.0.0.1:6379); each server gets a schema of its own, so tests running in parallel
share nothing. Where a service is missing, the tests fail with the connection error: CI machines
have both.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

from hanse.server.listeners import LISTEN, sockets_on

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
POSTGRES_DSN = "host=127.0.0.1 port=5432 dbname=test user=postgres"
REDIS = "redis://127.0.0.1:6379/0"


def socket_inodes(pid: int) -> set[int]:
    """The inodes of the sockets process `pid` holds open."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = fd.readlink().name
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(int(target[8:-1]))
    return inodes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def new_postgres_schema() -> tuple[str, str]:
    """A fresh schema in the test database; (its name, a URL whose search_path is it)."""
    schema = f"hanse_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return schema, f"{POSTGRES}?options=-csearch_path%3D{schema}"


def drop_postgres_schema(schema: str) -> None:
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@dataclass
class ServerProcess:
    database_url: str
    data_dir: Path
    redis_url: str | None = None
    workers: int = 1
    port: int = field(default_factory=free_port)
    # Tests create tables by the dozen from one address: the default rates and the number of
    # waiting tables one address may have are for people.
    environ: dict[str, str] = field(
        default_factory=lambda: {
            "HANSE_CREATE_RATE": "100000",
            "HANSE_SUBMIT_RATE": "1000",
            "HANSE_MAX_WAITING": "100000",
            # accounts too: the machine's Redis keeps every test's sign-ups from 127.0.0.1
            "HANSE_SIGNUP_RATE": "100000",
        }
    )
    options: list[str] = field(default_factory=list)  # more `hanse serve` options
    process: subprocess.Popen[bytes] | None = None
    output: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        command = [
            sys.executable,
            "-c",
            "from hanse.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--workers",
            str(self.workers),
        ]
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        command += self.options
        env = {**os.environ, "XDG_DATA_HOME": str(self.data_dir), **self.environ}
        self.output = self.data_dir / f"server-{self.port}-{time.monotonic_ns()}.log"
        with self.output.open("wb") as sink:
            self.process = subprocess.Popen(
                command, stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output.read_text()}")
            try:
                answered = httpx.get(self.url + "/api/games", timeout=2).status_code == 200
            except httpx.HTTPError:
                answered = False
            # Each worker listens on a socket of its own once it has started (listeners.py).
            if answered and len(sockets_on(self.port, LISTEN) or ()) >= self.workers:
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s")

    def worker_pids(self) -> list[int]:
        """The processes that serve (not the supervisor's resource tracker)."""
        assert self.process is not None
        pid = self.process.pid
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        if self.workers == 1:
            return [pid]
        return [c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]

    def kill(self) -> None:
        """SIGKILL to the server and all its workers: no chance to clean up."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=20)

    def restart(self) -> ServerProcess:
        """Stop the server if it still runs (a test may have killed it), start it again on a new
        port with the same database."""
        self.stop()
        self.port = free_port()
        return self.start()
