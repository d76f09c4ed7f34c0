"""Prometheus metrics at ``/metrics`` (off unless ``HANSE_METRICS=1``).

What is measured: HTTP requests by method, route template (``/api/tables/{table_id}/moves``,
never the table's id, so the series stay few) and status; how long a move takes to answer; the
live connections open; where table reads were answered from (a worker's copy or the database);
the tables whose bots have a decision being claimed or thought about.

Who may read it: loopback addresses, and those ``HANSE_METRICS_FROM`` allows (addresses or
networks, comma-separated: ``10.0.0.0/8,192.168.1.5``); anyone else gets 403. Numbers of
requests and of tables tell outsiders nothing they need.

Several workers: ``hanse serve --workers N`` runs prometheus-client's multiprocess mode (each
worker writes its numbers to files in ``PROMETHEUS_MULTIPROC_DIR``, a folder of its own unless
that variable is set already); whichever worker answers ``/metrics`` sums them all, and gauges
count the live workers only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import time
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hanse.server.api import READ_FROM

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
MOVES_ROUTE = "/api/tables/{table_id}/moves"
BOT_QUEUE_SECONDS = 1.0  # how often the bot queue's length is looked at

REQUESTS = Counter(
    "hanse_http_requests",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
)
MOVE_SECONDS = Histogram(
    "hanse_move_seconds",
    "Seconds to answer a move (POST /api/tables/{table_id}/moves), whatever its status.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
WEBSOCKETS = Gauge(
    "hanse_websockets_open",
    "Live connections (WS /api/tables/{table_id}/live) open.",
    multiprocess_mode="livesum",
)
TABLE_READS = Counter(
    "hanse_table_reads",
    "Tables read (GET /api/tables/{table_id}) by where the answer came from: the worker's own "
    "copy, its copy once the other workers' moves were heard of, or the database.",
    ["source"],
)
BOT_QUEUE = Gauge(
    "hanse_bot_queue_length",
    "Tables whose bot decision a worker is claiming, thinking about or storing.",
    multiprocess_mode="livesum",
)


def multiprocess_mode() -> bool:
    return bool(os.environ.get(MULTIPROC_DIR))


class Networks:
    """The addresses allowed to read the metrics: loopback, and those of ``metrics_from``."""

    def __init__(self, allowed: str) -> None:
        self.networks = [
            ipaddress.ip_network(part.strip(), strict=False)
            for part in allowed.split(",")
            if part.strip()
        ]

    def allow(self, host: str | None) -> bool:
        try:
            address = ipaddress.ip_address(host or "")
        except ValueError:  # no address at all (a Unix socket, a test client)
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return address.is_loopback or any(address in network for network in self.networks)


def endpoint(networks: Networks) -> Callable[[Request], Any]:
    async def metrics(request: Request) -> Response:
        """The Prometheus text exposition of every worker's numbers."""
        if not networks.allow(request.client.host if request.client else None):
            refused = "metrics are read from loopback or an address HANSE_METRICS_FROM allows"
            return JSONResponse({"detail": refused}, status_code=403)
        registry = REGISTRY
        if multiprocess_mode():
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    return metrics


class MetricsMiddleware:
    """Counts every HTTP request by its route template and status, times moves, and counts the
    live connections from their acceptance to their end."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # unless a response starts
        started = time.perf_counter()

        async def sent(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sent)
        finally:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            REQUESTS.labels(scope["method"], route, str(status)).inc()
            if (source := scope.get(READ_FROM)) is not None:
                TABLE_READS.labels(source).inc()
            if route == MOVES_ROUTE and scope["method"] == "POST":
                MOVE_SECONDS.observe(time.perf_counter() - started)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        accepted = False

        async def sent(message: Message) -> None:
            nonlocal accepted
            await send(message)
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                WEBSOCKETS.inc()

        try:
            await self.app(scope, receive, sent)
        finally:
            if accepted:
                WEBSOCKETS.dec()


async def watch_bot_queue(queue_length: Callable[[], int]) -> None:
    """Keep the bot queue's gauge up to date (a task of the server's lifetime)."""
    while True:
        BOT_QUEUE.set(queue_length())
        await asyncio.sleep(BOT_QUEUE_SECONDS)


def worker_ended() -> None:
    """This worker's gauges no longer count (multiprocess mode)."""
    if multiprocess_mode():
        multiprocess.mark_process_dead(os.getpid())
