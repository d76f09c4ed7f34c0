"""Where several workers listen: each on a socket of its own, bound with ``SO_REUSEPORT``.

uvicorn's workers share the one socket their supervisor bound, and each takes from it every
connection waiting when it wakes. A burst of new connections (sixteen players arriving at once,
or nginx opening its upstream connections) then lands mostly on whichever worker woke first: in
the closed-loop benchmark 14 of 16 connections went to one of two workers, which did nearly all
the work while the other idled. With a socket per worker in one ``SO_REUSEPORT`` group, Linux
hands each new connection to one of the sockets by a hash of its addresses, so connections
spread evenly over the workers whoever is awake.

The socket is made in the worker itself: uvicorn's supervisor pickles the list of sockets it is
given into every worker it starts (and restarts), and an :class:`OwnListener` list unpickles as
a list holding a new socket bound in that worker. The supervisor itself holds none, so no
connection waits on a socket nobody accepts from.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

SHARED_PORTS = hasattr(socket, "SO_REUSEPORT")
"""Whether this system lets several sockets listen on one port (Linux, the BSDs, macOS)."""


LISTEN, ESTABLISHED = "0A", "01"
"""TCP states as Linux writes them in ``/proc/net/tcp``."""


def sockets_on(port: int, state: str, remote_port: int | None = None) -> set[int] | None:
    """The inodes of the IPv4 sockets on local `port` in `state`, only those connected to
    `remote_port` if given (Linux ``/proc/net/tcp``; None where it cannot be read). With several
    workers, as many listen on the port as have started."""
    try:
        table = Path("/proc/net/tcp").read_text()
    except OSError:
        return None
    found = set()
    for line in table.splitlines()[1:]:
        fields = line.split()
        local, remote = int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)
        if local == port and fields[3] == state and remote_port in (None, remote):
            found.add(int(fields[9]))
    return found


def bound(host: str, port: int) -> socket.socket:
    """A socket bound to `host`:`port` that shares the port with the other workers'."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        # Not listening yet: uvicorn listens once the worker's application has started, and
        # only then does the kernel send this worker connections.
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


class OwnListener(list[socket.socket]):
    """Empty where it is made (the supervisor); in each worker that unpickles it, a list of one
    socket bound there (:func:`bound`)."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__()
        self.host, self.port = host, port

    def __reduce__(self) -> tuple[Any, ...]:
        return (_bound_in_worker, (self.host, self.port))


def _bound_in_worker(host: str, port: int) -> list[socket.socket]:
    return [bound(host, port)]
