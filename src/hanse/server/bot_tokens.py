"""Bot tokens (issue 33): an account's named, revocable tokens for its programs.

A program sends its token as ``Authorization: Bearer <token>`` and is then its account at the
tables, through exactly the API a person uses (the same rate limits); a seat it takes is marked
as a program's (``seats.bot_token``), and rated apart from the person (``ratings.py``). Like every
secret here a token is 192 random bits of which only the SHA-256 digest is stored: it is shown
once, when it is made. A revoked token is refused as if it had never existed, and so are the
seat tokens its program was given on taking seats with it (:func:`seat_revoked`, checked on every
request with such a seat's token: a worker never remembers one); the seats themselves stay, and
the table goes on as when a person stays away (the clock, or the others handing the seat to a
bot once the turn limit passed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server import security
from hanse.server.errors import RefusalError, not_found
from hanse.server.models import accounts, bot_tokens, ladder_entries

_TOKEN_NAME = re.compile(r"^[\w.\-]{1,40}$")
MAX_TOKENS = 20  # live tokens per account: enough for a stable of programs, not for a flood
# The refusals' words (``errors.RefusalError``: also said in the reader's language)
NAME_RULE = "a token's name is 1 to 40 letters, digits, '.', '_' or '-'"
NAME_TAKEN = "a token named '{name}' exists already; revoke it first"
TOO_MANY = "at most {most} tokens at a time; revoke one first"


@dataclass(frozen=True)
class Program:
    """Who a bot token speaks for: its account and the token's own id and name."""

    account_id: int
    account_name: str
    token_id: int
    token_name: str

    @property
    def label(self) -> str:
        """How it is named on leaderboards: its account's name, a slash, the token's name."""
        return f"{self.account_name}/{self.token_name}"


def _now() -> datetime:
    return datetime.now(UTC)


def utc_iso(moment: datetime) -> str:
    """A stored time in ISO 8601 with its zone (SQLite gives it back without one: it is UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def create(engine: sa.Engine, account_id: int, name: Any) -> tuple[dict[str, Any], str]:
    """A new token named `name` (unique among the account's live ones): its listing and the
    secret, which is never shown again."""
    if not isinstance(name, str) or not _TOKEN_NAME.match(name):
        raise RefusalError(422, "token_name_rule", NAME_RULE, {})
    secret = security.new_secret()
    with engine.begin() as conn:
        live = conn.execute(
            sa.select(bot_tokens.c.name).where(
                bot_tokens.c.account_id == account_id, bot_tokens.c.revoked_at.is_(None)
            )
        ).scalars()
        names = set(live)
        if name in names:
            raise RefusalError(409, "token_name_taken", NAME_TAKEN, {"name": name})
        if len(names) >= MAX_TOKENS:
            raise RefusalError(409, "too_many_tokens", TOO_MANY, {"most": MAX_TOKENS})
        created = _now()
        inserted = conn.execute(
            bot_tokens.insert().values(
                account_id=account_id,
                name=name,
                token_hash=security.digest(secret),
                created_at=created,
            )
        ).inserted_primary_key
        assert inserted is not None
    return {"id": int(inserted[0]), "name": name, "created_at": created.isoformat()}, secret


def listed(engine: sa.Engine, account_id: int) -> list[dict[str, Any]]:
    """The account's live tokens (never their secrets), oldest first."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(bot_tokens.c.id, bot_tokens.c.name, bot_tokens.c.created_at)
            .where(bot_tokens.c.account_id == account_id, bot_tokens.c.revoked_at.is_(None))
            .order_by(bot_tokens.c.id)
        ).all()
    return [
        {"id": int(r.id), "name": str(r.name), "created_at": utc_iso(r.created_at)} for r in rows
    ]


def revoke(engine: sa.Engine, account_id: int, token_id: int) -> None:
    """Revoke one of the account's tokens: from now on it is refused (401), and its program
    leaves every ladder (``ladder.py``)."""
    with engine.begin() as conn:
        done = conn.execute(
            bot_tokens.update()
            .where(
                bot_tokens.c.id == token_id,
                bot_tokens.c.account_id == account_id,
                bot_tokens.c.revoked_at.is_(None),
            )
            .values(revoked_at=_now())
        )
        if done.rowcount == 1:
            conn.execute(ladder_entries.delete().where(ladder_entries.c.token_id == token_id))
    if done.rowcount != 1:
        raise not_found("bot token")


REVOKED_SEAT = (
    "this seat was taken with a bot token that has since been revoked: its program may no "
    "longer read or play it (the seat stays; a bot may play it on as for a person who left)"
)


def seat_token_revoked() -> RefusalError:
    """The 401 of a seat token whose program's bot token was revoked."""
    return RefusalError(401, "seat_token_revoked", REVOKED_SEAT, {})


def seat_revoked(conn: sa.Connection, token_id: int | None) -> bool:
    """Whether a seat taken with bot token `token_id` (None: taken by a person) lost it: its
    token was revoked, and with it every seat token of the seats the program took."""
    if token_id is None:
        return False
    revoked_at = conn.execute(
        sa.select(bot_tokens.c.revoked_at).where(bot_tokens.c.id == token_id)
    ).scalar_one_or_none()
    return revoked_at is not None


def program_of(engine: sa.Engine, secret: str) -> Program | None:
    """The program a live token speaks for, or None (unknown or revoked)."""
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(bot_tokens.c.id, bot_tokens.c.name, accounts.c.id.label("account"))
            .add_columns(accounts.c.name.label("account_name"))
            .join(accounts, accounts.c.id == bot_tokens.c.account_id)
            .where(
                bot_tokens.c.token_hash == security.digest(secret),
                bot_tokens.c.revoked_at.is_(None),
            )
        ).first()
    if row is None:
        return None
    return Program(int(row.account), str(row.account_name), int(row.id), str(row.name))
