"""The upkeep sweep: what would otherwise pile up for good is closed or deleted.

Every ``Settings.upkeep_seconds`` each worker closes the tables that waited too long for their
players (``waiting.expire``), deletes the chat of tables that ended (finished or expired) more
than ``Settings.chat_days`` ago, and rates the finished tables whose rating failed when they
ended (``rating_retry.py``). Any number of workers may do each at once: every change is claimed
by a conditional statement, and the second finds nothing left to do. Time comes from the
injected clock, so tests move it instead of sleeping.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from hanse.server import rating_retry, waiting
from hanse.server.background import BackgroundTask
from hanse.server.clock import Now, system
from hanse.server.errors import SERVICE_AWAY
from hanse.server.models import chat_messages, game_tables

log = logging.getLogger("hanse.server.upkeep")
ENDED = ("finished", waiting.EXPIRED)


def forget_chat(engine: sa.Engine, now: float, days: float) -> int:
    """Delete the chat of tables that ended more than `days` ago (a table's last change,
    ``updated_at``, is its end once it is over); how many messages were deleted."""
    cutoff = datetime.fromtimestamp(now, UTC) - timedelta(days=days)
    ended_long_ago = sa.select(game_tables.c.id).where(
        game_tables.c.status.in_(ENDED), game_tables.c.updated_at < cutoff
    )
    with engine.begin() as conn:
        deleted = conn.execute(
            chat_messages.delete().where(chat_messages.c.table_id.in_(ended_long_ago))
        )
    return int(deleted.rowcount or 0)


@dataclass(frozen=True)
class Swept:
    expired: list[str]
    messages_deleted: int
    rated: int = 0  # tables rated on this pass whose rating had failed


def sweep(
    engine: sa.Engine,
    now: float,
    waiting_days: float,
    chat_days: float,
    live_of: Callable[[str], Any] | None = None,
) -> Swept:
    """One pass of the upkeep: expire waiting tables, delete old chat, and (given `live_of`,
    ``TableService.live``, which replays a table) rate the tables whose rating failed."""
    expired = waiting.expire(engine, now, waiting_days)
    deleted = forget_chat(engine, now, chat_days)
    rated = 0 if live_of is None else rating_retry.retry_unrated(engine, live_of)
    return Swept(expired, deleted, rated)


class Upkeep(BackgroundTask):
    """The sweep as a task of a worker, every `seconds`."""

    def __init__(
        self,
        engine: sa.Engine,
        seconds: float,
        waiting_days: float,
        chat_days: float,
        now: Now = system,
        live_of: Callable[[str], Any] | None = None,
    ) -> None:
        self.engine = engine
        self.live_of = live_of
        self.seconds = seconds
        self.waiting_days = waiting_days
        self.chat_days = chat_days
        self.now = now

    async def _run(self) -> None:
        while True:
            try:
                swept = await run_in_threadpool(
                    sweep, self.engine, self.now(), self.waiting_days, self.chat_days, self.live_of
                )
            except SERVICE_AWAY as error:  # the database is away: the next pass tries again
                log.warning("upkeep skipped: %s", error)
            else:
                if swept.expired or swept.messages_deleted or swept.rated:
                    log.info(
                        "upkeep: %d waiting tables expired, %d chat messages deleted, "
                        "%d tables rated",
                        len(swept.expired),
                        swept.messages_deleted,
                        swept.rated,
                    )
            await asyncio.sleep(self.seconds)
