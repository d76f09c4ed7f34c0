"""Private tables are watched only through an invitation of their own.

A private table has a spectator link, ``/tables/{id}?watch=<secret>``, given in the create
response (``"spectate"``) and shown to its players on the table page. Its secret is an HMAC of
the table's id under the server's key, so it is made with the table, never stored, and the same
in every worker. Opening the link sets a cookie for that table (``hanse_watch_<id>``), with
which the page's own reads and its WebSocket are let in; a program passes ``?watch=<secret>``.

Anyone else, neither seated at the table nor holding its link, is answered 404, as if the table
did not exist, wherever its id alone would show it: the table page and its panel, the API read,
the chat, the WebSocket, the record and the replay. That holds after the game is over too: a
private game stays between its players and those they invited (they may share the record
themselves). A public table's rematch is private, so spectators are not given its id.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

import sqlalchemy as sa
from fastapi import Request, Response, WebSocket
from starlette.concurrency import run_in_threadpool

from hanse.server import security
from hanse.server.errors import not_found
from hanse.server.models import game_tables

WATCH_PARAMETER = "watch"
_visibility: dict[str, str] = {}  # a table's visibility never changes: each worker keeps it
_REMEMBERED = 100_000


def watch_cookie_name(table_id: str) -> str:
    return f"hanse_watch_{table_id}"


def watch_secret(key: str, table_id: str) -> str:
    """The secret of a table's spectator link."""
    mac = hmac.new(key.encode(), f"watch:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")


def spectate_url(base: str, key: str, table_id: str) -> str:
    return f"{base}/tables/{table_id}?{WATCH_PARAMETER}={watch_secret(key, table_id)}"


def _read_visibility(engine: sa.Engine, table_id: str) -> str | None:
    with engine.connect() as conn:
        found = conn.execute(
            sa.select(game_tables.c.visibility).where(game_tables.c.id == table_id)
        ).scalar_one_or_none()
    return None if found is None else str(found)


async def visibility(request: Request | WebSocket, table_id: str) -> str | None:
    """The table's visibility, None for no such table."""
    known = _visibility.get(table_id)
    if known is None:
        known = await run_in_threadpool(
            _read_visibility, request.app.state.service.engine, table_id
        )
        if known is not None:
            if len(_visibility) > _REMEMBERED:
                _visibility.clear()
            _visibility[table_id] = known
    return known


def holds_link(request: Request | WebSocket, table_id: str) -> bool:
    """Whether the request carries the table's spectator secret (its parameter or cookie)."""
    expected = watch_secret(request.app.state.settings.secret_key, table_id)
    given = [
        request.query_params.get(WATCH_PARAMETER),
        request.cookies.get(watch_cookie_name(table_id)),
    ]
    return any(value and security.same_secret(value, expected) for value in given)


async def check_watcher(request: Request | WebSocket, table_id: str, seat: int | None) -> None:
    """404 for a spectator of a private table without its link (`seat`: the caller's, None for
    a spectator)."""
    if seat is not None:
        return
    if await visibility(request, table_id) == "private" and not holds_link(request, table_id):
        raise not_found("table")


def remember_link(request: Request, response: Response, table_id: str) -> None:
    """The page opened through the spectator link: the browser keeps the secret for this table
    (its reads and WebSocket come without the parameter)."""
    settings = request.app.state.settings
    given = request.query_params.get(WATCH_PARAMETER)
    if given is None or request.cookies.get(watch_cookie_name(table_id)) == given:
        return
    if not security.same_secret(given, watch_secret(settings.secret_key, table_id)):
        return  # a player opening a wrong link is let in as a player; nothing is kept
    response.set_cookie(
        watch_cookie_name(table_id),
        given,
        httponly=True,
        samesite="lax",
        secure=security.cookies_secure(
            settings.cookie_secure, settings.public_url, request.url.scheme
        ),
        max_age=400 * 24 * 3600,
    )
