"""The JSON API of the tables (OpenAPI at ``/docs``); the contract of issue 15, and a little more.
Who is asking is told by ``callers.py``; accounts are in ``account_api.py``, the live connection
in ``live_api.py``."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server import clocks, limits, private, security
from hanse.server.callers import (
    account_of,
    after_change,
    base_url,
    caller_seat,
    client_address,
    creator_language,
    limit_rate,
    program_token_id,
    service_of,
    set_cookie,
)
from hanse.server.errors import (
    ApiError,
    forbidden,
    unauthorized,
)
from hanse.server.json_response import OrjsonResponse
from hanse.server.lobby_query import LobbyQuery
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import BOT_LEVELS
from hanse.server.waiting import Origin

router = APIRouter(prefix="/api")
# Where a table read was answered from (metrics.py counts them): this worker's copy ("copy"),
# its copy once every move before was heard of ("heard"), or the database ("database").
READ_FROM = "hanse.table_read_from"


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
    await limit_rate(request, f"create:{client_address(request)}", settings.create_rate, 60)
    spec = TableSpec(
        game=body.game,
        players=body.players,
        flags=dict(body.flags),
        mode=body.mode,
        visibility=body.visibility,
        seats=[SeatSpec(seat.kind, seat.level) for seat in body.seats],
        clock=clocks.parse(body.clock, body.mode, body.on_time_out, body.level),
    )
    service = service_of(request)
    # Counted against the account signed in (reading who it is changes nothing), else the address
    try:
        account = await account_of(request, unsafe=False)
    except ApiError:
        account = None
    origin = Origin(
        account and account[0], client_address(request), body.lang or creator_language(request)
    )
    table_id, invites = await run_in_threadpool(service.create, spec, origin, settings.max_waiting)
    base = base_url(request)
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
    page = await run_in_threadpool(service_of(request).lobby_page, query)
    if page.next is not None:
        response.headers["X-Next-Before"] = page.next
        following = request.url.include_query_params(before=page.next)
        response.headers["Link"] = f'<{following}>; rel="next"'
    return page.tables


@router.get("/tables/{table_id}", response_class=OrjsonResponse)
async def read_table(
    table_id: str,
    request: Request,
    log_from: Annotated[int, Query(ge=0)] = 0,
    log_after: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    """The table as the caller may see it: its view, legal actions when it decides, its log
    (from entry `log_from`, or for a caller holding the log up to the entry numbered
    `log_after`, from where its log goes on: ``log_start``)."""
    return await read_table_answer(request, table_id, log_from, log_after)


async def read_table_answer(
    request: Request, table_id: str, log_from: int, log_after: int | None
) -> Response:
    """:func:`read_table`'s answer to arguments already checked (also ``hot_routes``)."""
    seat = await caller_seat(request, table_id, unsafe=False)
    await private.check_watcher(request, table_id, seat)
    service = service_of(request)
    payload = service.read_now(table_id, seat, log_from, log_after, log_json=True)
    source = "copy"
    # Where other workers write too: from the cache once every move before is heard of.
    if payload is None and service.hearing is not None and await request.app.state.events.barrier():
        payload = service.read_heard(table_id, seat, log_from, log_after, log_json=True)
        source = "heard"
    if payload is None:
        read = partial(service.read, log_json=True)
        payload = await run_in_threadpool(read, table_id, seat, log_from, log_after)
        source = "database"
    request.scope[READ_FROM] = source  # counted by the metrics, where they are on
    return OrjsonResponse(payload)


@router.post("/tables/{table_id}/moves", response_class=OrjsonResponse)
async def submit_move(table_id: str, body: MoveIn, request: Request) -> Response:
    """Play a move (its notation) at the version it was chosen at; the new table state."""
    return await submit_move_answer(request, table_id, body.action, body.version)


async def submit_move_answer(
    request: Request, table_id: str, action: str, version: int
) -> Response:
    """:func:`submit_move`'s answer to a body already checked (also ``hot_routes``)."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to move; spectators cannot")
    settings = request.app.state.settings
    await limit_rate(request, f"submit:{table_id}:{seat}", settings.submit_rate, 1)
    service = service_of(request)
    submit = partial(service.submit, log_json=True)
    done = await run_in_threadpool(submit, table_id, seat, action, version)
    await after_change(request, table_id, done.seq, done.bot_to_move, done.news)
    return OrjsonResponse(done.payload)


@router.post("/tables/{table_id}/undo", response_class=OrjsonResponse)
async def undo_move(table_id: str, body: UndoIn, request: Request) -> Response:
    """Take back one's last move while still deciding (the payload's ``can_undo`` says when),
    shown at `version`; the new table state."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to take a move back; spectators cannot")
    settings = request.app.state.settings
    await limit_rate(request, f"submit:{table_id}:{seat}", settings.submit_rate, 1)
    done = await run_in_threadpool(service_of(request).undo, table_id, seat, body.version)
    await after_change(request, table_id, done.seq, False)
    return OrjsonResponse(done.payload)


@router.post("/tables/{table_id}/seats/{seat}/bot", response_class=OrjsonResponse)
async def hand_to_bot(table_id: str, seat: int, body: HandToBotIn, request: Request) -> Response:
    """Let a bot play a seat from now on: one's own (leaving the game), or that of a player who
    has had its decision for longer than the table's turn limit (``can_take_over``)."""
    caller = await caller_seat(request, table_id, unsafe=True)
    if caller is None:
        raise unauthorized("join the table (or sign in) to change its seats; spectators cannot")
    service = service_of(request)
    done = await run_in_threadpool(
        service.hand_to_bot, table_id, caller, seat, body.version, body.level
    )
    await after_change(request, table_id, done.seq, done.bot_to_move)
    return OrjsonResponse(done.payload)


@router.post("/tables/{table_id}/chat", status_code=201, response_model=ChatSaid)
async def write(table_id: str, body: ChatIn, request: Request) -> ChatSaid:
    """Write at the table (the people seated at it; one line, 1 to 300 characters); everyone
    connected hears it live (``{"chat": [...]}`` on the WebSocket)."""
    seat = await caller_seat(request, table_id, unsafe=True)
    if seat is None:
        raise unauthorized("join the table (or sign in) to write at it; spectators read")
    chat_rate = request.app.state.settings.chat_rate
    if not await request.app.state.limiter.allow_sliding(f"chat:{table_id}:{seat}", chat_rate, 10):
        raise limits.too_fast(chat_rate, 10)
    number = await run_in_threadpool(service_of(request).say, table_id, seat, body.text)
    await request.app.state.events.publish(table_id, -1, chatted=True)
    return ChatSaid(number=number)


@router.get("/tables/{table_id}/chat")
async def read_chat(
    table_id: str, request: Request, after: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """What the people at the table wrote after message `after`, oldest first (the last 50)."""
    seat = await caller_seat(request, table_id, unsafe=False)  # a forged token is refused too
    await private.check_watcher(request, table_id, seat)
    return await run_in_threadpool(service_of(request).chat, table_id, after)


@router.post("/tables/{table_id}/join", response_model=Joined)
async def join_public(table_id: str, body: NameIn, request: Request, response: Response) -> Joined:
    """Take an open seat of a public table from the lobby."""
    account = await account_of(request, unsafe=True)
    service = service_of(request)
    joined = await run_in_threadpool(
        service.join_public,
        table_id,
        body.seat,
        body.name,
        account and account[0],
        program_token_id(request),
    )
    return await _joined(request, response, joined)


@router.post("/join/{secret}", response_model=Joined)
async def join(secret: str, body: NameIn, request: Request, response: Response) -> Joined:
    """Take the seat of an invite link; the token is returned and set as the table's cookie."""
    account = await account_of(request, unsafe=True)
    service = service_of(request)
    joined = await run_in_threadpool(
        service.join, secret, body.name, account and account[0], program_token_id(request)
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
    service = service_of(request)
    joined = await run_in_threadpool(service.rematch, table_id, seat)
    await after_change(request, table_id, 0, False)  # the others' pages offer the rematch
    return await _joined(request, response, joined)


async def _joined(request: Request, response: Response, joined: Any) -> Joined:
    set_cookie(request, response, security.seat_cookie_name(joined.table_id), joined.token)
    live = await run_in_threadpool(service_of(request).live, joined.table_id)
    # seq 0: a join changes seats, not moves, so clients read the table afresh
    await after_change(request, joined.table_id, 0, live.decider is not None)
    return Joined(table=joined.table_id, seat=joined.seat, token=joined.token)


@router.get("/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> dict[str, Any]:
    """The finished game's record (``hanse replay`` reads it)."""
    await private.check_watcher(request, table_id, await caller_seat(request, table_id, False))
    return await run_in_threadpool(service_of(request).record, table_id)
