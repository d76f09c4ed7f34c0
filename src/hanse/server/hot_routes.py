"""The two requests every move makes, answered without FastAPI's routing: reading a table
(``GET /api/tables/{id}``) and playing a move (``POST /api/tables/{id}/moves``).

A player's client makes these two for each move and nothing else, and FastAPI spends on each
about as much CPU as the answer itself: matching the path against every route of seventeen
routers, solving the endpoint's dependencies, validating the parameters through pydantic and
wrapping the call in its exception and exit-stack layers. This middleware, the innermost of the
application's own, answers the plain form of both directly, through the same functions as the
routes (``api.read_table_answer``, ``api.submit_move_answer``), and an error through the
application's own handler for it, so the answers are the same byte for byte.

Only the plain form is taken here: a read whose query has at most ``log_from``, ``log_after``
(each once, digits only) and the spectator link's ``watch``; a move whose body is JSON with
exactly a text ``action`` of at most 500 characters and an integer ``version``. Anything else
(a bad parameter, a malformed or extra field, another content type) goes on to FastAPI as
before, the body handed on as it came, so that its refusals keep their words. The metrics see
the route they would have seen (``scope["route"]``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl

import orjson
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hanse.server import api
from hanse.server.tables import MAX_ACTION_TEXT

READ_PATH = re.compile(r"/api/tables/([^/]+)")
MOVE_PATH = re.compile(r"/api/tables/([^/]+)/moves")
READ_ROUTE, MOVE_ROUTE = "/api/tables/{table_id}", "/api/tables/{table_id}/moves"
_COUNT = re.compile(r"[0-9]{1,9}")
_READ_PARAMETERS = {"log_from", "log_after", "watch"}


class HotRoutes:
    """See the module docstring. ``app.state.hot_routes`` (True once the server has started)
    switches it on; off, every request goes through FastAPI (the tests compare the two)."""

    def __init__(self, app: ASGIApp, routes: list[BaseRoute]) -> None:
        self.app = app
        # The FastAPI routes these requests would have matched (the metrics label them by it)
        self._routes = {
            path: route
            for route in routes
            if (path := getattr(route, "path", "")) in (READ_ROUTE, MOVE_ROUTE)
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not getattr(scope["app"].state, "hot_routes", False):
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        if method == "GET" and (found := READ_PATH.fullmatch(path)):
            await self._read(scope, receive, send, found.group(1))
        elif method == "POST" and (found := MOVE_PATH.fullmatch(path)):
            await self._move(scope, receive, send, found.group(1))
        else:
            await self.app(scope, receive, send)

    async def _read(self, scope: Scope, receive: Receive, send: Send, table_id: str) -> None:
        counts = _read_query(scope.get("query_string", b""))
        if counts is None:
            await self.app(scope, receive, send)
            return
        request = self._request(scope, receive, READ_ROUTE, table_id)
        log_from, log_after = counts
        await _answer(request, send, api.read_table_answer(request, table_id, log_from, log_after))

    async def _move(self, scope: Scope, receive: Receive, send: Send, table_id: str) -> None:
        if not _json_content(scope):
            await self.app(scope, receive, send)
            return
        body, ended = await _whole_body(receive)
        if ended:
            return  # the client went away before it had sent its move: nothing to answer
        move = _plain_move(body)
        if move is None:
            await self.app(scope, _handing_on(body, receive), send)
            return
        request = self._request(scope, _handing_on(body, receive), MOVE_ROUTE, table_id)
        action, version = move
        await _answer(request, send, api.submit_move_answer(request, table_id, action, version))

    def _request(self, scope: Scope, receive: Receive, route: str, table_id: str) -> Request:
        scope["route"] = self._routes[route]
        scope["path_params"] = {"table_id": table_id}
        return Request(scope, receive)


async def _answer(request: Request, send: Send, answering: Any) -> None:
    """Send the answer, or the application's own answer to the error raised on the way (an
    error without a handler goes on up, as it would from FastAPI)."""
    try:
        response: Response = await answering
    except Exception as error:  # answered by the app's handler for it, or raised
        handler = _handler_for(request, error)
        if handler is None:
            raise
        response = await handler(request, error)
    await response(request.scope, request.receive, send)


def _handler_for(request: Request, error: Exception) -> Any:
    handlers = request.app.exception_handlers
    for kind in type(error).__mro__:
        if kind in handlers and kind is not Exception:
            return handlers[kind]
    return None


def _read_query(query: bytes) -> tuple[int, int | None] | None:
    """``log_from`` and ``log_after`` of a plain read's query; None for any other query."""
    if not query:
        return 0, None
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names) or not set(names) <= _READ_PARAMETERS:
        return None
    given = dict(pairs)
    for name in ("log_from", "log_after"):
        if name in given and not _COUNT.fullmatch(given[name]):
            return None
    log_after = given.get("log_after")
    return int(given.get("log_from", 0)), None if log_after is None else int(log_after)


def _json_content(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return value.split(b";", 1)[0].strip().lower() == b"application/json"
    return False


async def _whole_body(receive: Receive) -> tuple[bytes, bool]:
    """The request's body, and whether the client disconnected before sending all of it."""
    parts = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"", True
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(parts), False


def _plain_move(body: bytes) -> tuple[str, int] | None:
    """A move's action and version, from a body that is exactly ``{"action", "version"}`` with
    a text of at most 500 characters and an integer; None for anything else."""
    try:
        move = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(move, dict) or move.keys() != {"action", "version"}:
        return None
    action, version = move["action"], move["version"]
    if type(action) is not str or len(action) > MAX_ACTION_TEXT or type(version) is not int:
        return None
    return action, version


def _handing_on(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body already read once, then what the client sends next."""
    given = False

    async def again() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again
