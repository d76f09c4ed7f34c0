"""`hanse serve` and `hanse backup`: the web tables, and a copy of their database."""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from hanse.cli.common import console, fail


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database (default: SQLite in the user's data folder); "
            "postgresql+psycopg://... for PostgreSQL."
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            help="Redis URL for live updates across workers, e.g. redis://127.0.0.1:6379 "
            "[default: none, one worker]."
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Server processes (more than one needs PostgreSQL and Redis).")
    ] = 1,
    bot_processes: Annotated[
        int | None,
        typer.Option(help="Processes in which bot seats think, per worker [default: 1]."),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address invite links point to (default: the request's); https makes "
            "cookies Secure."
        ),
    ] = None,
    proxy_headers: Annotated[
        bool | None,
        typer.Option(
            "--proxy-headers",
            help="Behind a reverse proxy (docs/deploy.md): take the client's address and the "
            "scheme from X-Forwarded-For and X-Forwarded-Proto.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="With --proxy-headers: the proxies believed (addresses or networks, commas) "
            "[default: 127.0.0.1]."
        ),
    ] = None,
) -> None:
    """Serve the web tables: play in the browser, with friends and against bots.

    Settings by environment variable (HANSE_<NAME>, see README "Web tables"): HANSE_SUBMIT_RATE,
    HANSE_LOGIN_RATE, HANSE_SIGNUP_RATE, HANSE_CREATE_RATE, HANSE_CHAT_RATE (limits; wrong
    passwords earn growing delays per name and address, never a locked name); HANSE_METRICS=1
    serves Prometheus metrics at /metrics to loopback and to HANSE_METRICS_FROM (addresses or
    networks, commas). /healthz and /readyz tell a load balancer whether a worker lives and can
    serve. Without Redis (or while it is away) each worker counts limits alone and feeds its
    live clients from the database. Clocks: HANSE_VACATION_DAYS (days a year an account may be
    away; its one-move-a-day clocks stop meanwhile, 21); HANSE_SWEEP_SECONDS (how often clocks
    run out and bot seats are checked); HANSE_LIVE_TURN_LIMIT, HANSE_ASYNC_TURN_LIMIT (seconds
    a decision may take before the others may let a bot play the seat).
    Turn notices: HANSE_SMTP_URL (smtp://user:password@host:587?starttls=1 or smtps://...;
    none: e-mail is off), HANSE_MAIL_FROM, HANSE_REMIND_HOURS (24), HANSE_NOTICE_POLL_SECONDS,
    HANSE_NOTICE_RETRY_SECONDS, HANSE_NOTICE_TRIES, HANSE_NOTICE_LEASE_SECONDS.
    What one client can pile up: HANSE_WAITING_DAYS (a table not started by then expires, 7),
    HANSE_MAX_WAITING (waiting tables per account, per address for guests, 5),
    HANSE_UNDO_PER_DECISION (take-backs a turn, 3), HANSE_UNDO_RATE (take-backs a minute, 6),
    HANSE_CHAT_DAYS (a table's chat kept after it ended, 90), HANSE_UPKEEP_SECONDS (how often
    the sweep that expires and deletes runs, 600).
    """
    # Start-up builds what lives as long as the server; the collector would walk it again and
    # again to find next to nothing (about a tenth of a start's CPU). The started application
    # collects once, freezes what is left and switches the collector on again (hanse.server.app;
    # hanse.server.serve, where worker processes serve instead).
    gc.disable()
    try:
        from hanse.server.serve import ServeError, serve
        from hanse.server.settings import Settings

        settings = Settings.from_environ()
        given: dict[str, Any] = {
            "database_url": database_url,
            "redis_url": redis_url,
            "bot_processes": bot_processes,
            "public_url": public_url,
            "proxy_headers": proxy_headers,
            "forwarded_allow_ips": forwarded_allow_ips,
        }
        settings = replace(settings, **{k: v for k, v in given.items() if v is not None})
        try:
            serve(settings, host, port, workers)
        except ServeError as error:
            raise fail(str(error)) from None
    finally:
        gc.enable()


def backup_command(
    file: Annotated[Path, typer.Argument(help="Where the copy goes (must not exist yet).")],
    database_url: Annotated[
        str | None,
        typer.Option(
            help="The server's database [default: HANSE_DATABASE_URL, else the SQLite file in "
            "the user's data folder]."
        ),
    ] = None,
) -> None:
    """Copy the tables' SQLite database to FILE while the server serves: a consistent snapshot
    (SQLite's online backup), checked before it is kept. For PostgreSQL it names the pg_dump
    command to use instead."""
    from hanse.server.backup import BackupError, backup
    from hanse.server.settings import Settings

    url = database_url or Settings.from_environ().database_url
    try:
        copied = backup(url, file)
    except BackupError as error:
        raise fail(str(error)) from None
    console().print(
        f"{copied.tables} tables and {copied.moves} moves copied to {copied.path} "
        f"({copied.size:,} bytes)"
    )
