"""The lobby's pages and filters: public tables of a status, newest first, a page at a time.

A page ends with a cursor, the (creation time, id) of its last table; the next page is the tables
after it in that order. Tables made meanwhile come before the cursor, so paging on never repeats
or skips a table (an offset would, as tables are made and start). Filters: the game, the number
of players, the mode and the language of the table's creator (``tables.lang``, kept at creation).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from hanse.server.errors import unprocessable
from hanse.server.models import game_tables
from hanse.web.i18n import LANGUAGES

STATUSES = ("waiting", "playing", "finished")
PAGE = 50  # tables a page, unless asked for fewer
MOST = 100


@dataclass(frozen=True)
class LobbyQuery:
    status: str = "waiting"
    game: str | None = None
    players: int | None = None
    mode: str | None = None
    lang: str | None = None
    before: str | None = None  # the cursor of the page before
    limit: int = PAGE


@dataclass(frozen=True)
class LobbyPage:
    tables: list[dict[str, Any]]
    next: str | None  # the cursor of the next page; None: this is the last


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def cursor(created_at: datetime, table_id: str) -> str:
    moment = created_at if created_at.tzinfo else created_at.replace(tzinfo=UTC)
    micros = (moment - _EPOCH) // _MICROSECOND  # exact: the stored time to the microsecond
    return base64.urlsafe_b64encode(f"{micros}:{table_id}".encode()).decode().rstrip("=")


def _read_cursor(text: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        micros, table_id = raw.split(":", 1)
        return _EPOCH + int(micros) * _MICROSECOND, table_id
    except (ValueError, OverflowError):
        raise unprocessable("before is the cursor a page of the lobby ends with") from None


def page(
    conn: sa.Connection, query: LobbyQuery, summary: Callable[[sa.Connection, Any], dict[str, Any]]
) -> LobbyPage:
    """The tables of `query`'s page (each as `summary` tells it) and the next page's cursor."""
    if query.status not in STATUSES:
        raise unprocessable(f"status is one of {', '.join(STATUSES)}, not {query.status!r}")
    if not 1 <= query.limit <= MOST:
        raise unprocessable(f"limit is 1 to {MOST}, not {query.limit}")
    tables = game_tables.c
    where = [tables.visibility == "public", tables.status == query.status]
    if query.game is not None:
        where.append(tables.game == query.game)
    if query.players is not None:
        where.append(tables.players == query.players)
    if query.mode is not None:
        where.append(tables.mode == query.mode)
    if query.lang is not None:
        where.append(tables.lang == query.lang)
    if query.before is not None:
        at, table_id = _read_cursor(query.before)
        where.append(
            sa.or_(tables.created_at < at, sa.and_(tables.created_at == at, tables.id < table_id))
        )
    rows = conn.execute(
        sa.select(game_tables)
        .where(*where)
        .order_by(tables.created_at.desc(), tables.id.desc())
        .limit(query.limit + 1)  # one more tells whether a next page exists
    ).all()
    shown = rows[: query.limit]
    more = len(rows) > query.limit
    return LobbyPage(
        [summary(conn, row) for row in shown],
        cursor(shown[-1].created_at, shown[-1].id) if more else None,
    )


def lobby_filter(params: Mapping[str, str]) -> LobbyQuery:
    """The lobby page's filters from its address (``?game=&players=&mode=&language=&before=``;
    ``lang`` is the page's own language): a value the lobby does not know is no filter."""
    players = params.get("players", "")
    mode = params.get("mode")
    language = params.get("language")
    return LobbyQuery(
        game=params.get("game") or None,
        players=int(players) if players.isdigit() and 1 <= int(players) <= 8 else None,
        mode=mode if mode in ("live", "async") else None,
        lang=language if language in LANGUAGES else None,
        before=params.get("before") or None,
    )
