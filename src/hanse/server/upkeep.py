"""The upkeep sweep: what would otherwise pile up for good is closed or deleted.

Every ``Settings.upkeep_seconds`` each worker closes the tables that waited too long for their
players (``waiting.expire``) and deletes the chat of tables that ended (finished or expired)
more than ``Settings.chat_days`` ago. Both are single statements that any number of workers may
run at once: the second finds nothing left to do. Time comes from the injected clock, so tests
move it instead of sleeping.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from hanse.server import waiting
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


def sweep(engine: sa.Engine, now: float, waiting_days: float, chat_days: float) -> Swept:
    """One pass of the upkeep: expire waiting tables, delete old chat."""
    return Swept(waiting.expire(engine, now, waiting_days), forget_chat(engine, now, chat_days))


class Upkeep(BackgroundTask):
    """The sweep as a task of a worker, every `seconds`."""

    def __init__(
        self,
        engine: sa.Engine,
        seconds: float,
        waiting_days: float,
        chat_days: float,
        now: Now = system,
    ) -> None:
        self.engine = engine
        self.seconds = seconds
        self.waiting_days = waiting_days
        self.chat_days = chat_days
        self.now = now

    async def _run(self) -> None:
        while True:
            try:
                swept = await run_in_threadpool(
                    sweep, self.engine, self.now(), self.waiting_days, self.chat_days
                )
            except SERVICE_AWAY as error:  # the database is away: the next pass tries again
                log.warning("upkeep skipped: %s", error)
            else:
                if swept.expired or swept.messages_deleted:
                    log.info(
                        "upkeep: %d waiting tables expired, %d chat messages deleted",
                        len(swept.expired),
                        swept.messages_deleted,
                    )
            await asyncio.sleep(self.seconds)
