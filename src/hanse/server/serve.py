"""``hanse serve``: migrate the database once, then run uvicorn with one or more workers."""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import shutil
import socket
import tempfile
from typing import Any

import sqlalchemy as sa
import uvicorn
from uvicorn.supervisors import Multiprocess

from hanse.server import listeners, storage
from hanse.server.mailer import SmtpServer
from hanse.server.serving_claim import ServingClaim, ServingConflictError
from hanse.server.settings import Settings

APPLICATION = "hanse.server.worker:application"


class ServeError(RuntimeError):
    """A configuration that cannot serve, said in one line before anything starts."""


def check_settings(settings: Settings, workers: int) -> None:
    backend = sa.make_url(settings.database_url).get_backend_name()
    if workers < 1:
        raise ServeError("--workers takes a number of at least 1")
    if workers > 1 and backend != "postgresql":
        raise ServeError(
            "several workers share their tables through PostgreSQL: "
            "give --database-url postgresql+psycopg://..."
        )
    if workers > 1 and not settings.redis_url:
        raise ServeError("several workers fan live updates out through Redis: give --redis-url")


def check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise ServeError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def _mail_said(settings: Settings) -> str:
    """One line on turn notices by e-mail: off, or through which server."""
    if not settings.smtp_url:
        return "e-mail is off (no HANSE_SMTP_URL): turn notices go by webhook only"
    server = SmtpServer.from_url(settings.smtp_url)
    return f"e-mail goes out through {server.host}:{server.port} as {settings.mail_from}"


def shown_url(database_url: str) -> str:
    return sa.make_url(database_url).render_as_string(hide_password=True)


def serve(settings: Settings, host: str, port: int, workers: int) -> None:
    settings = settings.with_secret()
    check_settings(settings, workers)
    check_port(host, port)
    if settings.smtp_url:
        try:
            SmtpServer.from_url(settings.smtp_url)
        except ValueError as error:
            raise ServeError(str(error)) from None
    try:
        engine = storage.create_engine(settings.database_url)
    except storage.StorageError as error:
        raise ServeError(str(error)) from None
    # Refused at once, with the reason, beside a server this one cannot serve beside
    # (serving_claim.py): each worker claims the database again as it starts, but a worker's
    # refusal under uvicorn's supervisor would end the server with exit status 0.
    claim = ServingClaim(engine, exclusive=settings.redis_url is None)
    try:
        storage.migrate(engine)
        claim.take()
    except (storage.StorageError, ServingConflictError) as error:
        raise ServeError(str(error)) from None
    finally:
        engine.dispose()
        claim.release()  # after the engine (serving_claim.py)
    shown_host = f"[{host}]" if ":" in host else host
    print(f"Hanse is serving at http://{shown_host}:{port}/  (Ctrl-C stops it)", flush=True)
    print(f"tables are stored in {shown_url(settings.database_url)}", flush=True)
    print(_mail_said(settings), flush=True)
    if settings.proxy_headers:
        print(
            f"behind a proxy: client addresses and scheme from {settings.forwarded_allow_ips}",
            flush=True,
        )
    os.environ.update(settings.to_environ())
    metrics_dir = None
    if settings.metrics and workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Each worker writes its numbers here; whichever answers /metrics sums them all.
        metrics_dir = tempfile.mkdtemp(prefix="hanse-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    if workers > 1:
        # Worker processes serve (each a new interpreter): this one only watches them, and
        # nothing here would switch on again the collector `hanse serve` paused for start-up.
        gc.enable()
    try:
        _run(settings, host, port, workers)
    finally:
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)


def _run(settings: Settings, host: str, port: int, workers: int) -> None:
    options: dict[str, Any] = {
        "factory": True,
        "host": host,
        "port": port,
        "workers": workers,
        "log_level": "warning",
        # Off unless asked: without a proxy in front, X-Forwarded-For is whatever a client wrote.
        "proxy_headers": settings.proxy_headers,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        # Views are small; compressing every message costs more CPU than it saves on a LAN.
        "ws_per_message_deflate": False,
    }
    if workers == 1 or not listeners.SHARED_PORTS:
        uvicorn.run(APPLICATION, **options)
        return
    # Each worker listens on a socket of its own (listeners.py), so that the kernel spreads the
    # connections over them. uvicorn's supervisor (as ``uvicorn.run`` with workers) starts the
    # workers, restarts one that dies and stops them all on Ctrl-C or SIGTERM.
    config = uvicorn.Config(APPLICATION, **options)
    # The supervisor says when a worker died and was started again (the workers keep to
    # warnings: nothing per request or connection).
    logging.getLogger("uvicorn.error").setLevel(logging.INFO)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=listeners.OwnListener(host, port)).run()
