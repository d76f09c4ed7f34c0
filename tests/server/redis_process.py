"""A private ``redis-server`` on a free port, which a test may stop and start again.

The machine's shared Redis (6379) is never stopped by a test: an outage is played on one of
these, started with no persistence so a restart comes back empty, as after a crash.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass, field

import redis

from tests.server.server_process import free_port


@dataclass
class RedisProcess:
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    socket_file: str | None = None  # also listen on this Unix socket (``unix_url``)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def unix_url(self) -> str:
        assert self.socket_file is not None
        return f"unix://{self.socket_file}"

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_connect_timeout=1)

    def start(self) -> RedisProcess:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                # DEBUG SLEEP plays a Redis that hangs (test_events_barrier.py).
                "--enable-debug-command",
                "local",
                *(
                    ["--unixsocket", self.socket_file, "--unixsocketperm", "700"]
                    if self.socket_file
                    else []
                ),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return self
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not start")

    def stop(self) -> None:
        """Stop it (SIGTERM to this one process); connections to it are closed."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
