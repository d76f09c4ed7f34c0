"""Several workers each listen on a socket of their own in one ``SO_REUSEPORT`` group
(``listeners.py``), so that a burst of new connections spreads over them: with the one socket
uvicorn's workers share, 14 of 16 connections opened at once went to one of two workers."""

from __future__ import annotations

import pickle
import socket
from pathlib import Path

import pytest

from hanse.server import listeners
from hanse.server.listeners import ESTABLISHED, LISTEN, sockets_on
from tests.server.server_process import (
    REDIS,
    ServerProcess,
    drop_postgres_schema,
    free_port,
    new_postgres_schema,
    socket_inodes,
)

pytestmark = pytest.mark.skipif(not listeners.SHARED_PORTS, reason="no SO_REUSEPORT here")


def test_each_worker_unpickles_a_socket_of_its_own_on_the_shared_port() -> None:
    port = free_port()
    made = listeners.OwnListener("127.0.0.1", port)
    assert made == []  # the supervisor holds none
    first, second = pickle.loads(pickle.dumps(made)), pickle.loads(pickle.dumps(made))
    try:
        assert first[0] is not second[0]
        for sock in (first[0], second[0]):
            assert sock.getsockname() == ("127.0.0.1", port)
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
        # A server that does not share the port (another `hanse serve`) cannot take it.
        with socket.socket() as other, pytest.raises(OSError):
            other.bind(("127.0.0.1", port))
    finally:
        first[0].close()
        second[0].close()


def test_connections_opened_at_once_spread_over_the_workers(tmp_path: Path) -> None:
    schema, url = new_postgres_schema()
    server = ServerProcess(url, tmp_path, redis_url=REDIS, workers=2).start()
    try:
        listening = sockets_on(server.port, LISTEN)
        assert listening is not None and len(listening) == 2  # each worker a socket of its own
        # Sixty-four connections opened together, each answered once (so accepted).
        clients = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(64)]
        request = b"GET /healthz HTTP/1.1\r\nHost: hanse\r\n\r\n"
        for client in clients:
            client.sendall(request)
        for client in clients:
            assert client.recv(4096).startswith(b"HTTP/1.1 200")
        accepted = sockets_on(server.port, ESTABLISHED)
        assert accepted is not None
        per_worker = [len(socket_inodes(pid) & accepted) for pid in server.worker_pids()]
        for client in clients:
            client.close()
    finally:
        server.stop()
        drop_postgres_schema(schema)
    assert sum(per_worker) == 64 and len(per_worker) == 2
    # Evenly within chance: at 64 fair coin tosses, fewer than 12 on one side is 1 in 10^7.
    assert min(per_worker) >= 12, per_worker
