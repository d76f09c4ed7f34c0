"""Waiting tables: who made them, how many one creator may have open, and when they expire.

A table waits for its human seats to be taken. One creator (an account; a guest: its client
address) may have at most ``Settings.max_waiting`` waiting tables at a time: the next is refused
with 429 until one starts or expires. A table that has not started ``Settings.waiting_days`` after
it was made is closed by the sweep (``upkeep.py``): its status becomes ``expired``, so it leaves
the lobby (which lists waiting, playing and finished tables), and a join through its invite or
from its id is refused with 410 and a message that says why. Its rows stay: an expired table is
read as before, as a table nobody sat down at.

The count is taken in the transaction that adds the table, so one worker cannot exceed it; two
workers creating for one creator at the same instant could each see one place left (the
per-address rate limit of table creation bounds that).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from hanse.server import storage
from hanse.server.errors import ApiError, RefusalError
from hanse.server.models import game_tables

EXPIRED = "expired"
EXPIRED_MESSAGE = (
    "this table has expired: its seats were not all taken in time, so it was closed; "
    "ask for a new invitation or open a new table"
)
ACCOUNT_CAP = (
    "too many waiting tables: an account may have at most {most} tables waiting for players "
    "at a time; start or wait out one of them first"
)
ADDRESS_CAP = (
    "too many waiting tables: a guest's address may have at most {most} tables waiting for "
    "players at a time; start or wait out one of them first"
)


_CREATOR_LOCK = sa.text("SELECT pg_advisory_xact_lock(hashtext('hanse waiting'), hashtext(:who))")


@dataclass(frozen=True)
class Origin:
    """Who makes a table: a signed-in account, else a guest's client address; and the language
    the creator reads (the lobby filters by it)."""

    account_id: int | None
    address: str | None
    lang: str | None = None

    def columns(self) -> dict[str, Any]:
        """The table row's values that name the creator."""
        return {
            "lang": self.lang,
            "creator_account": self.account_id,
            # An account's tables are counted by the account wherever it signs in from.
            "creator_address": None if self.account_id is not None else self.address,
        }

    def _mine(self) -> Any:
        if self.account_id is not None:
            return game_tables.c.creator_account == self.account_id
        return sa.and_(
            game_tables.c.creator_account.is_(None),
            game_tables.c.creator_address == self.address,
        )

    def check_room(self, conn: sa.Connection, most: int) -> None:
        """429 once the creator has `most` open waiting tables (call in the creating
        transaction)."""
        if self.account_id is None and self.address is None:
            return
        # One creator's tables are counted and made one after the other (through every
        # worker): counted at once, twelve creations at the same moment all found room (a
        # trial). SQLite: the one writer's turn, taken before the count.
        if conn.dialect.name == "postgresql":
            who = f"account {self.account_id}" if self.account_id is not None else self.address
            conn.execute(_CREATOR_LOCK, {"who": who})
        else:
            storage.write_turn(conn)
        open_now = conn.execute(
            sa.select(sa.func.count())
            .select_from(game_tables)
            .where(game_tables.c.status == "waiting", self._mine())
        ).scalar_one()
        if open_now >= most:
            template = ACCOUNT_CAP if self.account_id is not None else ADDRESS_CAP
            fields = {"most": most}
            raise RefusalError(429, "too_many_waiting_tables", template, fields, retry_after=3600)


def refuse_if_expired(conn: sa.Connection, table_id: str) -> None:
    """410 with :data:`EXPIRED_MESSAGE` for a join to an expired table."""
    status = conn.execute(
        sa.select(game_tables.c.status).where(game_tables.c.id == table_id)
    ).scalar_one_or_none()
    if status == EXPIRED:
        raise ApiError(410, EXPIRED_MESSAGE)


def expire(engine: sa.Engine, now: float, days: float) -> list[str]:
    """Close every table still waiting `days` after it was made; the ids closed."""
    cutoff = datetime.fromtimestamp(now, UTC) - timedelta(days=days)
    stale = sa.and_(game_tables.c.status == "waiting", game_tables.c.created_at < cutoff)
    with engine.begin() as conn:
        ids = list(conn.execute(sa.select(game_tables.c.id).where(stale)).scalars())
        if ids:
            # Only those still waiting: a table that started meanwhile stays as it is.
            conn.execute(
                game_tables.update()
                .where(game_tables.c.id.in_(ids), game_tables.c.status == "waiting")
                # A worker's cached copy sees the new status at its next read (``_live``).
                .values(status=EXPIRED, updated_at=datetime.fromtimestamp(now, UTC))
            )
    return ids
