"""The ladder's API (issue 33): a program enters and leaves a game's ladder with its bot token,
finds its ladder tables, and anyone reads the standings (``ladder.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict
from starlette.concurrency import run_in_threadpool

from hanse.server import ladder
from hanse.server.bot_tokens import Program
from hanse.server.callers import account_of, service_of
from hanse.server.errors import forbidden, unauthorized
from hanse.server.ladder_pairing import Rules

router = APIRouter(prefix="/api")
PlayersClass = Literal["2p", "3p+"]


class EntryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: PlayersClass = "2p"


async def _program(request: Request, unsafe: bool) -> Program:
    """The program calling with its bot token: the ladder is for programs, a person plays at
    the lobby's tables."""
    account = await account_of(request, unsafe)
    if account is None:
        raise unauthorized("the ladder is entered with a bot token: Authorization: Bearer <token>")
    program: Program | None = getattr(request.state, "program", None)
    if program is None:
        raise forbidden("the ladder is for programs: call with one of your bot tokens")
    return program


def rules_of(request: Request) -> dict[str, Any]:
    """How the server runs its ladders (its settings), as the standings tell them."""
    rules = Rules.of(request.app.state.settings)
    return {
        "seconds": rules.seconds,
        "tables": rules.tables,
        "per_program": rules.per_program,
        "clock": rules.clock().public(),
    }


@router.get("/ladder/{game}")
async def standings(
    game: str, request: Request, players: Annotated[PlayersClass, Query()] = "2p"
) -> dict[str, Any]:
    """A game's ladder for 2 players (``players=2p``) or 3 and more (``3p+``): the house bots
    and the programs by rating (``{place, name, account, kind, rating, mu, sigma, games, wins,
    losses, entered, recent: [{table, status, rank, at}]}``), the size of its tables, how many
    are being played, and the server's ladder settings (``rules``)."""
    engine = service_of(request).engine
    board = await run_in_threadpool(ladder.standings, engine, game, players)
    return {**board, "rules": rules_of(request)}


@router.post("/ladder/{game}/entries", status_code=201)
async def enter(game: str, body: EntryIn, request: Request, response: Response) -> dict[str, Any]:
    """The calling program enters the game's ladder of a class: 201 with its entry, 200 when it
    stood there already. The pairing pass seats it at new tables from now on."""
    program = await _program(request, unsafe=True)
    service = service_of(request)
    entry, new = await run_in_threadpool(
        ladder.enter, service.engine, program, game, body.players, service.now()
    )
    if not new:
        response.status_code = 200
    return entry


@router.delete("/ladder/{game}/entries", status_code=204)
async def leave(
    game: str, request: Request, players: Annotated[PlayersClass, Query()] = "2p"
) -> Response:
    """The calling program leaves the ladder: no new tables (those begun are played out)."""
    program = await _program(request, unsafe=True)
    await run_in_threadpool(ladder.leave, service_of(request).engine, program, game, players)
    return Response(status_code=204)


@router.get("/me/ladder")
async def mine(request: Request) -> dict[str, Any]:
    """The calling program's ladder entries and its ladder tables being played, each with its
    seat and whether it decides now (``my_turn``)."""
    program = await _program(request, unsafe=False)
    return await run_in_threadpool(ladder.mine, service_of(request).engine, program)
