"""The JSON and WebSocket API (OpenAPI at ``/docs``); the contract of issue 15, and a little more.

Authentication: a seat token as ``Authorization: Bearer <token>`` or in the table's signed seat
cookie (set by joining); an account's session token the same way (``hanse_session`` cookie). A
request authenticated by a cookie that changes anything needs the CSRF header (``security``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import ORJSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server import bot_tokens, clocks, private, security
from hanse.server.errors import (
    DATABASE_AWAY,
    SERVICE_AWAY,
    TRY_AGAIN_LATER,
    ApiError,
    forbidden,
    unauthorized,
)
from hanse.server.lobby_query import LobbyQuery
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import BOT_LEVELS, TableService
from hanse.server.waiting import Origin
from hanse.web.i18n import choose

router = APIRouter(prefix="/api")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    level: Literal["random", "easy", "medium", "hard"] | None = None


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=40)
    players: StrictInt
    flags: dict[StrictStr, StrictBool | StrictInt | StrictStr] = Field(default_factory=dict)
    mode: Literal["live", "async"] = "live"
    visibility: Literal["public", "private"] = "public"
    seats: list[SeatIn] = Field(max_length=8)
    # A time control (``clocks.parse``: {"base", "increment"} live, {"per_move"} one move a day)
    # and, when a clock runs out, a bot of `level` takes the seat.
    clock: dict[StrictStr, Any] | None = None
    on_time_out: StrictStr | None = None
    level: StrictStr | None = None
    # The creator's language, which the lobby filters by (default: the page's or browser's)
    lang: Literal["en", "de", "it"] | None = None


class Invite(BaseModel):
    seat: int
    url: str


class TableCreated(BaseModel):
    id: str
    url: str
    invites: list[Invite]
    spectate: str | None = None  # a private table's spectator link (private.py)


class NameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)
    seat: StrictInt | None = None


class Joined(BaseModel):
    table: str
    seat: int
    token: str


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: StrictStr = Field(max_length=500)
    version: StrictInt


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt


class HandToBotIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt
    level: Literal["random", "easy", "medium", "hard"] = "easy"


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: StrictStr = Field(max_length=1000)


class ChatSaid(BaseModel):
    number: int


class AccountIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)
    password: StrictStr = Field(max_length=1000)


class SignedIn(BaseModel):
    name: str
    token: str


def _service(request: Request | WebSocket) -> TableService:
    service: TableService = request.app.state.service
    return service


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _bearer(headers: Any) -> str | None:
    value = headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise unauthorized("the Authorization header is 'Bearer <token>'")
    return str(token.strip())


def _cookie(request: Request | WebSocket, name: str) -> str | None:
    value = request.cookies.get(name)
    if value is None:
        return None
    token = request.app.state.signer.unsign(name, value)
    if token is None:
        raise unauthorized(f"the cookie {name} was not issued by this server")
    return str(token)


def _check_csrf(request: Request) -> None:
    cookie = request.cookies.get(security.CSRF_COOKIE)
    header = request.headers.get(security.CSRF_HEADER)
    if not cookie or not header or not security.same_secret(cookie, header):
        raise forbidden(
            f"a request signed in by cookie needs the {security.CSRF_HEADER} header "
            f"(the value of the {security.CSRF_COOKIE} cookie)"
        )


async def _account(request: Request | WebSocket, unsafe: bool) -> tuple[int, str] | None:
    """The signed-in account, by bearer session token or session cookie."""
    service = _service(request)
    token = _bearer(request.headers)
    if token is not None:
        account = await _account_of_bearer(request, token)
        if account is None:
            raise unauthorized("unknown, ended or revoked token")
        return account
    token = _cookie(request, security.SESSION_COOKIE)
    if token is None:
        return None
    if unsafe and isinstance(request, Request):
        _check_csrf(request)
    account = await run_in_threadpool(service.account_of_session, token)
    if account is None:
        raise unauthorized("the session has ended; sign in again")
    return account


async def _account_of_bearer(request: Request | WebSocket, token: str) -> tuple[int, str] | None:
    """The account of a session token, or of a program's bot token (then remembered as
    ``request.state.program``, so that a seat it takes is marked as a program's)."""
    service = _service(request)
    account = await run_in_threadpool(service.account_of_session, token)
    if account is not None:
        return account
    program = await run_in_threadpool(bot_tokens.program_of, service.engine, token)
    if program is None:
        return None
    request.state.program = program
    return program.account_id, program.account_name


async def caller_seat(request: Request | WebSocket, table_id: str, unsafe: bool) -> int | None:
    """The caller's seat at the table, or None for a spectator; 401/403 for bad credentials."""
    service = _service(request)
    bearer = _bearer(request.headers)
    if bearer is not None:
        known = service.cached_seat(table_id, bearer)
        if known is not None:
            return known
        try:
            return await run_in_threadpool(service.seat_of_token, table_id, bearer)
        except ApiError as error:
            if error.status != 401:
                raise
            account = await _account_of_bearer(request, bearer)
            if account is None:
                raise
            return await run_in_threadpool(
                service.seat_of_account, table_id, account[0], _program(request)
            )
    token = _cookie(request, security.seat_cookie_name(table_id))
    if token is not None:
        if unsafe and isinstance(request, Request):
            _check_csrf(request)
        return await run_in_threadpool(service.seat_of_token, table_id, token)
    account = await _account(request, unsafe)
    if account is not None:
        return await run_in_threadpool(service.seat_of_account, table_id, account[0])
    return None


def _set_cookie(request: Request, response: Response, name: str, token: str) -> None:
    settings = request.app.state.settings
    secure = security.cookies_secure(
        settings.cookie_secure, settings.public_url, request.url.scheme
    )
    response.set_cookie(
        name,
        request.app.state.signer.sign(name, token),
        httponly=True,
        samesite="lax",
        secure=secure,
        max_age=400 * 24 * 3600,
    )
    if security.CSRF_COOKIE not in request.cookies:
        response.set_cookie(
            security.CSRF_COOKIE,
            security.new_secret(),
            httponly=False,
            samesite="strict",
            secure=secure,
        )


def _base_url(request: Request) -> str:
    public: str | None = request.app.state.settings.public_url
    return (public or str(request.base_url)).rstrip("/")


async def _limit(request: Request, key: str, limit: int, window: int) -> None:
    if not await request.app.state.limiter.allow(key, limit, window):
        raise ApiError(
            429, f"too many requests; at most {limit} per {window} s", retry_after=window
        )


async def _after_change(request: Request, table_id: str, seq: int, bot_to_move: bool) -> None:
    await request.app.state.events.publish(table_id, seq)
    if bot_to_move:
        request.app.state.bots.poke(table_id)


# -- games and tables ------------------------------------------------------------------------
@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    """Every game: id, title, player counts, variant flags (name, default, label, meaning)."""
    return [
        {
            "id": game_id,
            "title": cls.title,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "flags": [
                {"name": f.name, "default": f.default, "label": f.label, "help": f.help}
                for f in cls.flag_docs()
            ],
            "bot_levels": list(BOT_LEVELS),
        }
        for game_id, cls in REGISTRY.items()
    ]


@router.post("/tables", status_code=201, response_model=TableCreated)
async def create_table(body: TableIn, request: Request) -> TableCreated:
    """A new table; one invite link per human seat. It starts when every human seat is taken."""
    settings = request.app.state.settings
    await _limit(request, f"create:{_client(request)}", settings.create_rate, 60)
    spec = TableSpec(
        game=body.game,
        players=body.players,
        flags=dict(body.flags),
        mode=body.mode,
        visibility=body.visibility,
        seats=[SeatSpec(seat.kind, seat.level) for seat in body.seats],
        clock=clocks.parse(body.clock, body.mode, body.on_time_out, body.level),
    )
    service = _service(request)
    # Counted against the account signed in (reading who it is changes nothing), else the address
    try:
        account = await _account(request, unsafe=False)
    except ApiError:
        account = None
    origin = Origin(account and account[0], _client(request), body.lang or _language(request))
    table_id, invites = await run_in_threadpool(service.create, spec, origin, settings.max_waiting)
    base = _base_url(request)
    if not invites:
        request.app.state.bots.poke(table_id)
    return TableCreated(
        id=table_id,
        url=f"{base}/tables/{table_id}",
        invites=[Invite(seat=seat, url=f"{base}/join/{secret}") for seat, secret in invites],
        spectate=private.spectate_url(base, settings.secret_key, table_id)
        if spec.visibility == "private"
        else None,
    )


def _language(request: Request) -> str:
    """The creator's language: the page's choice (its cookie), else the browser's."""
    return choose(None, request.cookies.get("hanse_lang"), request.headers.get("accept-language"))


@router.get("/tables")
async def lobby(
    request: Request,
    response: Response,
    status: Annotated[Literal["waiting", "playing", "finished"], Query()] = "waiting",
    game: Annotated[str | None, Query(max_length=40)] = None,
    players: Annotated[int | None, Query(ge=1, le=8)] = None,
    mode: Annotated[Literal["live", "async"] | None, Query()] = None,
    lang: Annotated[Literal["en", "de", "it"] | None, Query()] = None,
    before: Annotated[str | None, Query(max_length=200)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> list[dict[str, Any]]:
    """The public tables with this status, newest first (the lobby), a page at a time: of a
    game, a number of players, a mode, a creator's language if asked. A page that is not the
    last says where the next begins: its cursor in the ``X-Next-Before`` header (pass it as
    `before`) and the next page's address in ``Link: <...>; rel="next"``."""
    query = LobbyQuery(status, game, players, mode, lang, before, limit)
    page = await run_in_threadpool(_service(request).lobby_page, query)
    if page.next is not None:
        response.headers["X-Next-Before"] = page.next
        following = request.url.include_query_params(before=page.next)
        response.headers["Link"] = f'<{following}>; rel="next"'
    return page.tables


@router.get("/tables/{table_id}", response_class=ORJSONResponse)
async def read_table(
    table_id: str,
    request: Request,
    log_from: Annotated[int, Query(ge=0)] = 0,
    log_after: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    """The table as the caller may see it: its view, legal actions when it decides, its log
    (from entry `log_from`, or for a caller holding the log up to the entry numbered
    `log_after`, from where its log goes on: ``log_start``)."""
    seat = await caller_seat(request, table_id, unsafe=False)
    await private.check_watcher(request, table_id, seat)
    service = _service(request)
    payload = await run_in_threadpool(service.read, table_id, seat, log_from, log_after)
    return ORJSONResponse(payload)


@router.post("/tables/{table_id}/moves", response_class=ORJSONResponse)
async def submit_move(table_id: str, body: MoveIn, request: Request) -> Response:
    """Play a move (its notation) at the version it was chosen at; the new table state."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to move; spectators cannot")
    settings = request.app.state.settings
    await _limit(request, f"submit:{table_id}:{seat}", settings.submit_rate, 1)
    service = _service(request)
    done = await run_in_threadpool(service.submit, table_id, seat, body.action, body.version)
    await _after_change(request, table_id, done.seq, done.bot_to_move)
    return ORJSONResponse(done.payload)


@router.post("/tables/{table_id}/undo", response_class=ORJSONResponse)
async def undo_move(table_id: str, body: UndoIn, request: Request) -> Response:
    """Take back one's last move while still deciding (the payload's ``can_undo`` says when),
    shown at `version`; the new table state."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to take a move back; spectators cannot")
    settings = request.app.state.settings
    await _limit(request, f"submit:{table_id}:{seat}", settings.submit_rate, 1)
    done = await run_in_threadpool(_service(request).undo, table_id, seat, body.version)
    await _after_change(request, table_id, done.seq, False)
    return ORJSONResponse(done.payload)


@router.post("/tables/{table_id}/seats/{seat}/bot", response_class=ORJSONResponse)
async def hand_to_bot(table_id: str, seat: int, body: HandToBotIn, request: Request) -> Response:
    """Let a bot play a seat from now on: one's own (leaving the game), or that of a player who
    has had its decision for longer than the table's turn limit (``can_take_over``)."""
    caller = await caller_seat(request, table_id, unsafe=True)
    if caller is None:
        raise unauthorized("join the table (or sign in) to change its seats; spectators cannot")
    service = _service(request)
    done = await run_in_threadpool(
        service.hand_to_bot, table_id, caller, seat, body.version, body.level
    )
    await _after_change(request, table_id, done.seq, done.bot_to_move)
    return ORJSONResponse(done.payload)


@router.post("/tables/{table_id}/chat", status_code=201, response_model=ChatSaid)
async def write(table_id: str, body: ChatIn, request: Request) -> ChatSaid:
    """Write at the table (the people seated at it; one line, 1 to 300 characters); everyone
    connected hears it live (``{"chat": [...]}`` on the WebSocket)."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to write at it; spectators read")
    chat_rate = request.app.state.settings.chat_rate
    if not await request.app.state.limiter.allow_sliding(f"chat:{table_id}:{seat}", chat_rate, 10):
        raise ApiError(429, f"too many messages; at most {chat_rate} in 10 s", retry_after=10)
    number = await run_in_threadpool(_service(request).say, table_id, seat, body.text)
    await request.app.state.events.publish(table_id, -1, chatted=True)
    return ChatSaid(number=number)


@router.get("/tables/{table_id}/chat")
async def read_chat(
    table_id: str, request: Request, after: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """What the people at the table wrote after message `after`, oldest first (the last 50)."""
    seat = await caller_seat(request, table_id, unsafe=False)  # a forged token is refused too
    await private.check_watcher(request, table_id, seat)
    return await run_in_threadpool(_service(request).chat, table_id, after)


@router.post("/tables/{table_id}/join", response_model=Joined)
async def join_public(table_id: str, body: NameIn, request: Request, response: Response) -> Joined:
    """Take an open seat of a public table from the lobby."""
    account = await _account(request, unsafe=True)
    service = _service(request)
    joined = await run_in_threadpool(
        service.join_public,
        table_id,
        body.seat,
        body.name,
        account and account[0],
        _program(request),
    )
    return await _joined(request, response, joined)


@router.post("/join/{secret}", response_model=Joined)
async def join(secret: str, body: NameIn, request: Request, response: Response) -> Joined:
    """Take the seat of an invite link; the token is returned and set as the table's cookie."""
    account = await _account(request, unsafe=True)
    service = _service(request)
    joined = await run_in_threadpool(
        service.join, secret, body.name, account and account[0], _program(request)
    )
    return await _joined(request, response, joined)


@router.post("/tables/{table_id}/rematch", response_model=Joined)
async def rematch(table_id: str, request: Request, response: Response) -> Joined:
    """At a finished table, take one's seat at its rematch (the same game, variants and seats;
    made by the first player who asks, then joined by the others): the rematch's token, also
    set as its cookie. 409 if the game is not over or one's rematch seat is taken already."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise forbidden("only the players of the game take a rematch")
    service = _service(request)
    joined = await run_in_threadpool(service.rematch, table_id, seat)
    await _after_change(request, table_id, 0, False)  # the others' pages offer the rematch
    return await _joined(request, response, joined)


def _program(request: Request | WebSocket) -> int | None:
    """The bot token a program joins with (its seat is then marked as a program's)."""
    program: bot_tokens.Program | None = getattr(request.state, "program", None)
    return None if program is None else program.token_id


async def _joined(request: Request, response: Response, joined: Any) -> Joined:
    _set_cookie(request, response, security.seat_cookie_name(joined.table_id), joined.token)
    live = await run_in_threadpool(_service(request).live, joined.table_id)
    # seq 0: a join changes seats, not moves, so clients read the table afresh
    await _after_change(request, joined.table_id, 0, live.decider is not None)
    return Joined(table=joined.table_id, seat=joined.seat, token=joined.token)


@router.get("/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> dict[str, Any]:
    """The finished game's record (``hanse replay`` reads it)."""
    await private.check_watcher(request, table_id, await caller_seat(request, table_id, False))
    return await run_in_threadpool(_service(request).record, table_id)


# -- accounts --------------------------------------------------------------------------------
@router.post("/accounts", status_code=201, response_model=SignedIn)
async def create_account(body: AccountIn, request: Request, response: Response) -> SignedIn:
    """An account (name and password); signs in at once."""
    settings = request.app.state.settings
    await _limit(request, f"signup:{_client(request)}", settings.signup_rate, 3600)
    _, token = await run_in_threadpool(_service(request).create_account, body.name, body.password)
    _set_cookie(request, response, security.SESSION_COOKIE, token)
    return SignedIn(name=body.name, token=token)


@router.post("/login", response_model=SignedIn)
async def login(body: AccountIn, request: Request, response: Response) -> SignedIn:
    settings = request.app.state.settings
    await _limit(request, f"login:{_client(request)}", settings.login_rate, 60)
    guard = request.app.state.signin_guard  # growing delays per (name, address), per address
    await guard.check(body.name, _client(request))
    try:
        _, token = await run_in_threadpool(_service(request).login, body.name, body.password)
    except ApiError as error:
        if error.status == 401:
            await guard.failed(body.name, _client(request))
        raise
    await guard.succeeded(body.name, _client(request))
    _set_cookie(request, response, security.SESSION_COOKIE, token)
    return SignedIn(name=body.name, token=token)


@router.post("/logout", status_code=204)
async def logout(request: Request, response: Response) -> None:
    token = _bearer(request.headers)
    if token is None:
        token = _cookie(request, security.SESSION_COOKIE)
        if token is not None:
            _check_csrf(request)
    if token is not None:
        await run_in_threadpool(_service(request).logout, token)
    response.delete_cookie(security.SESSION_COOKIE)


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account and its tables, with whose turn it is at each."""
    account = await _account(request, unsafe=False)
    if account is None:
        raise unauthorized("not signed in")
    tables = await run_in_threadpool(_service(request).tables_of_account, account[0])
    return {"name": account[1], "tables": tables}


# -- live --------------------------------------------------------------------------------------
def _same_origin(websocket: WebSocket) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


@router.websocket("/tables/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    """The table as the caller may see it, first at once, then after every change.

    Each message has the shape of ``GET /api/tables/{id}``; after the first, ``log`` holds only
    the entries from ``log_start`` on, which the client has not seen yet. A move taken back
    leaves the log, and its take-back stands last: ``log_start`` is then below the end of the
    entries the client holds, and those from ``log_start`` on are replaced by the message's (the
    connection remembers the number, ``seq``, of the last entry it sent). What the people at the
    table write comes
    as ``{"chat": [...], "history": bool}`` (the shape of ``GET /api/tables/{id}/chat``): the
    last messages right after the first message (``history``), then each new one.
    """
    service = _service(websocket)
    try:
        if websocket.cookies and not _same_origin(websocket):
            raise forbidden("a live connection signed in by cookie must come from this site")
        seat = await caller_seat(websocket, table_id, unsafe=False)
        await private.check_watcher(websocket, table_id, seat)
        payload = await run_in_threadpool(service.read, table_id, seat, 0)
    except ApiError as error:
        await websocket.close(code=4000 + error.status, reason=error.message[:120])
        return
    except SERVICE_AWAY:
        await websocket.close(code=TRY_AGAIN_LATER, reason=DATABASE_AWAY[:120])
        return
    await websocket.accept()
    events = websocket.app.state.events
    queue = events.subscribe(table_id)
    receiver = asyncio.create_task(_drain(websocket))
    try:
        await websocket.send_text(orjson.dumps(payload).decode())
        seen = _fingerprint(payload)
        held = _last_seq(payload, 0)
        chat_next = await _send_chat(websocket, service, table_id, 0, history=True)
        while True:
            waiting = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({waiting, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                waiting.cancel()
                return
            seq, chatted = waiting.result()
            if chatted:
                chat_next = await _send_chat(websocket, service, table_id, chat_next)
            if seq < 0:  # a message alone
                continue
            cached = service.read_cached(table_id, seat, held, seq)
            if cached is None:
                cached = await run_in_threadpool(service.read_after, table_id, seat, held, seq)
            payload = cached
            if _fingerprint(payload) != seen:
                await websocket.send_text(orjson.dumps(payload).decode())
                seen = _fingerprint(payload)
                held = _last_seq(payload, held)
    except (WebSocketDisconnect, RuntimeError):
        return
    except SERVICE_AWAY:  # the client connects again later and is sent the table afresh
        with contextlib.suppress(RuntimeError):
            await websocket.close(code=TRY_AGAIN_LATER, reason=DATABASE_AWAY[:120])
    finally:
        events.unsubscribe(table_id, queue)
        receiver.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await receiver


async def _send_chat(
    websocket: WebSocket, service: TableService, table_id: str, after: int, history: bool = False
) -> int:
    """Send the table's messages after number `after`, if any (`history`: the chat so far, sent
    when a connection opens); the last number sent."""
    messages = await run_in_threadpool(service.chat, table_id, after)
    if messages:
        said: dict[str, Any] = {"chat": messages, "history": history}
        await websocket.send_text(orjson.dumps(said).decode())
        return int(messages[-1]["number"])
    return after


def _last_seq(payload: dict[str, Any], held: int) -> int:
    """The number of the last log entry a client holds once it has `payload` (a log never
    goes back without a new entry after it: a take-back is one)."""
    return int(payload["log"][-1]["seq"]) if payload["log"] else held


def _fingerprint(payload: dict[str, Any]) -> tuple[Any, ...]:
    taken = tuple((seat["taken"], seat["kind"]) for seat in payload["seats"])
    log_end = payload["log_start"] + len(payload["log"])
    return payload["version"], payload["status"], log_end, taken, payload["rematch"]


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
