"""The tournaments' API (issue 33): list, create, read one, join, leave, start.

A person or a program (its bot token) is an account here as at the tables: it creates (as
organiser), joins and leaves with its session or token; a program's entry is the program's, so
its seats are played with that token. A round's tables are private: the answer gives each its
spectator link (``url``), which is also how its players reach it (signed in, they sit there).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from hanse.server import bot_tokens, clocks, private
from hanse.server.callers import account_of, base_url, client_address, limit_rate
from hanse.server.errors import ApiError, unauthorized
from hanse.server.tournament_rounds import Rounds
from hanse.server.tournament_service import (
    MOST_ROUND_ROBIN,
    MOST_SWISS,
    TournamentService,
    TournamentSpec,
    parse_time,
)

router = APIRouter(prefix="/api")


class TournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)
    game: StrictStr = Field(max_length=40)
    players: StrictInt  # seats per table
    fewest: StrictInt | None = None  # the smallest table allowed (default: players)
    flags: dict[StrictStr, StrictBool | StrictInt | StrictStr] = Field(default_factory=dict)
    mode: Literal["live", "async"] = "live"
    # As at a table (``clocks.parse``): {"base", "increment"} live, {"per_move"} one move a day;
    # required, so that every round ends. `level`: the bot that plays a seat out of time.
    clock: dict[StrictStr, Any]
    level: StrictStr | None = None
    on_time_out: StrictStr | None = None
    system: Literal["swiss", "round_robin"] = "swiss"
    rounds: StrictInt | None = None
    least: StrictInt | None = None  # entrants needed to start (default: two tables' worth)
    most: StrictInt | None = None  # at most (default: 64 for Swiss, 16 for a round robin)
    starts_at: StrictStr | None = Field(default=None, max_length=40)


def service(request: Request) -> TournamentService:
    tournaments: TournamentService = request.app.state.tournaments
    return tournaments


def rounds(request: Request) -> Rounds:
    made: Rounds = request.app.state.tournament_rounds
    return made


async def signed_in(request: Request, unsafe: bool) -> tuple[int, str]:
    account = await account_of(request, unsafe)
    if account is None:
        raise unauthorized("sign in (or send a bot token) to take part in tournaments")
    return account


async def viewer(request: Request) -> int | None:
    """The signed-in account reading, if any (a stale cookie reads as nobody)."""
    try:
        account = await account_of(request, unsafe=False)
    except ApiError:
        return None
    return None if account is None else account[0]


def with_links(request: Request, tournament: dict[str, Any]) -> dict[str, Any]:
    """Each table of the tournament with its address: the spectator link of a private table."""
    base = base_url(request)
    key = request.app.state.settings.secret_key
    for played in tournament["rounds_played"]:
        for table in played["tables"]:
            table["url"] = private.spectate_url(base, key, table["table"])
    tournament["url"] = f"{base}/tournaments/{tournament['id']}"
    return tournament


@router.get("/tournaments")
async def list_tournaments(
    request: Request,
    status: Annotated[Literal["signup", "playing", "finished", "cancelled"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> list[dict[str, Any]]:
    """The newest tournaments (of one status: ``signup``, ``playing``, ``finished``,
    ``cancelled``), each with its number of entrants."""
    return await run_in_threadpool(service(request).listing, status, limit)


@router.post("/tournaments", status_code=201)
async def create_tournament(body: TournamentIn, request: Request) -> dict[str, Any]:
    """A new tournament, open for sign-up, its caller the organiser: ``201`` and the
    tournament as ``GET`` gives it."""
    account = await signed_in(request, unsafe=True)
    settings = request.app.state.settings
    await limit_rate(request, f"create:{client_address(request)}", settings.create_rate, 60)
    fewest = body.players if body.fewest is None else body.fewest
    spec = TournamentSpec(
        name=body.name,
        game=body.game,
        players=body.players,
        fewest=fewest,
        flags=dict(body.flags),
        mode=body.mode,
        clock=_clock(body),
        system=body.system,
        rounds=body.rounds,
        least=max(2, fewest) if body.least is None else body.least,
        most=body.most or (MOST_ROUND_ROBIN if body.system == "round_robin" else MOST_SWISS),
        starts_at=parse_time(body.starts_at),
    )
    made = await run_in_threadpool(service(request).create, spec, account[0])
    return with_links(request, await run_in_threadpool(service(request).read, made, account[0]))


def _clock(body: TournamentIn) -> clocks.TimeControl:
    control = clocks.parse(body.clock, body.mode, body.on_time_out, body.level)
    assert control is not None  # a clock was given (the field is required)
    return control


@router.get("/tournaments/{tournament_id}")
async def read_tournament(tournament_id: str, request: Request) -> dict[str, Any]:
    """One tournament: its settings, entrants, rounds (tables with their links and results,
    byes), standings, and ``me`` (the caller's entrant id, whether it organises it)."""
    reader = await viewer(request)
    read = await run_in_threadpool(service(request).read, tournament_id, reader)
    return with_links(request, read)


@router.post("/tournaments/{tournament_id}/join", status_code=201)
async def join_tournament(tournament_id: str, request: Request) -> dict[str, Any]:
    """Enter the tournament (a program with its bot token enters as that program): ``201
    {"entrant", "name"}``; 409 once it started, when it is full or the account is in."""
    account = await signed_in(request, unsafe=True)
    program: bot_tokens.Program | None = getattr(request.state, "program", None)
    entrant = await run_in_threadpool(service(request).join, tournament_id, account, program)
    return {"entrant": entrant, "name": program.label if program else account[1]}


@router.post("/tournaments/{tournament_id}/leave", status_code=204)
async def leave_tournament(tournament_id: str, request: Request) -> Response:
    """Leave before the start (204); 409 once it started or for an account not entered."""
    account = await signed_in(request, unsafe=True)
    await run_in_threadpool(service(request).leave, tournament_id, account[0])
    return Response(status_code=204)


@router.post("/tournaments/{tournament_id}/start")
async def start_tournament(tournament_id: str, request: Request) -> dict[str, Any]:
    """The organiser starts the tournament now: round 1 is seated and its tables begin; the
    tournament as ``GET`` gives it. 403 for anyone else, 409 with too few entrants or once
    started."""
    account = await signed_in(request, unsafe=True)
    await run_in_threadpool(service(request).check_start, tournament_id, account[0])
    await run_in_threadpool(rounds(request).begin, tournament_id)
    read = await run_in_threadpool(service(request).read, tournament_id, account[0])
    return with_links(request, read)
