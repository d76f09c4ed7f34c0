"""Accounts and their sign-ins: create an account, sign in and out, whose session a token is, and
the tables an account sits at.

Accounts are optional (a guest plays under a seat token); a password is kept as an argon2 hash
and a session as the digest of its token, never in clear.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server import security
from hanse.server.errors import conflict, unauthorized
from hanse.server.errors import unprocessable as invalid
from hanse.server.models import accounts, bot_tokens, game_tables, seats, sessions

_ACCOUNT_NAME = re.compile(r"^[\w.\-]{2,40}$")

MOST_GUEST_SEATS = 200
"""Seat cookies of one request looked up for its guest tables (a browser keeps at most some 180
cookies for a site; more are not read)."""

# A table's row, summed up as the lobby and "My tables" list it (``TableService._summary``).
Summary = Callable[[sa.Connection, Any], dict[str, Any]]


def _now() -> datetime:
    return datetime.now(UTC)


class AccountService:
    def __init__(self, engine: sa.Engine, summary: Summary) -> None:
        self.engine = engine
        self._summary = summary

    def create_account(self, name: Any, password: Any) -> tuple[int, str]:
        if not isinstance(name, str) or not _ACCOUNT_NAME.match(name):
            raise invalid("an account name is 2 to 40 letters, digits, '.', '_' or '-'")
        if not isinstance(password, str) or not 8 <= len(password) <= 256:
            raise invalid("a password is 8 to 256 characters")
        try:
            with self.engine.begin() as conn:
                inserted = conn.execute(
                    accounts.insert().values(
                        name=name,
                        password_hash=security.hash_password(password),
                        created_at=_now(),
                    )
                ).inserted_primary_key
                assert inserted is not None
                account_id = inserted[0]
        except sa.exc.IntegrityError:
            raise conflict(f"the account name {name!r} is taken") from None
        return int(account_id), self._new_session(int(account_id))

    def login(self, name: Any, password: Any) -> tuple[int, str]:
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 256:
            raise unauthorized("wrong account name or password")
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(accounts).where(accounts.c.name == name)).first()
        if row is None or not security.verify_password(row.password_hash, password):
            raise unauthorized("wrong account name or password")
        return int(row.id), self._new_session(int(row.id))

    def _new_session(self, account_id: int) -> str:
        token = security.new_secret()
        with self.engine.begin() as conn:
            conn.execute(
                sessions.insert().values(
                    token_hash=security.digest(token), account_id=account_id, created_at=_now()
                )
            )
        return token

    def account_of_session(self, token: str) -> tuple[int, str] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(accounts.c.id, accounts.c.name)
                .join(sessions, sessions.c.account_id == accounts.c.id)
                .where(sessions.c.token_hash == security.digest(token))
            ).first()
        return None if row is None else (int(row.id), str(row.name))

    def logout(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sessions.delete().where(sessions.c.token_hash == security.digest(token)))

    def tables_of_account(self, account_id: int) -> list[dict[str, Any]]:
        """Every table the account sits at, with whose turn it is: the person's own seats and
        its programs' (``program``: the name of the bot token a seat was taken with, else
        None), so that a page lists them apart."""
        return [table for _, table in self._tables_where(seats.c.account_id == account_id)]

    def tables_of_guest(self, held: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
        """The tables a browser sits at as a guest: `held` are its seat cookies' (table id, token);
        a seat taken by an account is left out (its account lists it)."""
        if not held:
            return []
        tables_of = {
            security.digest(token): table_id for table_id, token in held[:MOST_GUEST_SEATS]
        }
        found = self._tables_where(
            seats.c.token_hash.in_(list(tables_of)), seats.c.account_id.is_(None)
        )
        # a cookie's token counts only at the table it was set for
        return [table for token_hash, table in found if tables_of.get(token_hash) == table["id"]]

    def _tables_where(self, *where: sa.ColumnElement[bool]) -> list[tuple[str, dict[str, Any]]]:
        """The tables of the seats `where` selects, each with its seat's token digest."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    game_tables,
                    seats.c.seat.label("my_seat"),
                    seats.c.token_hash.label("seat_token_hash"),
                    bot_tokens.c.name.label("program_name"),
                )
                .join(seats, seats.c.table_id == game_tables.c.id)
                .outerjoin(bot_tokens, bot_tokens.c.id == seats.c.bot_token)
                .where(*where)
                .order_by(game_tables.c.updated_at.desc(), seats.c.seat)
            ).all()
            listed = []
            for row in rows:
                summary = self._summary(conn, row)
                summary["seat"] = row.my_seat
                summary["my_turn"] = row.status == "playing" and row.decider == row.my_seat
                summary["program"] = row.program_name
                listed.append((row.seat_token_hash, summary))
            return listed
