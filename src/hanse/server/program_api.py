"""The API of programs and ratings (issue 33): an account's bot tokens (``bot_tokens.py``), a
game's leaderboard and a player's rated games (``rating_board.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server import bot_tokens, rating_board
from hanse.server.callers import account_of, service_of
from hanse.server.errors import ApiError, forbidden, not_found, unauthorized

router = APIRouter(prefix="/api")


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)


async def _person(request: Request, unsafe: bool) -> int:
    """The signed-in person's account: tokens are made and revoked by a person, never by a
    program with a token of its own."""
    account = await account_of(request, unsafe)
    if account is None:
        raise unauthorized("not signed in")
    if getattr(request.state, "program", None) is not None:
        raise forbidden("a program's token cannot manage bot tokens; sign in as a person")
    return account[0]


@router.post("/me/bot-tokens", status_code=201)
async def create_bot_token(body: TokenIn, request: Request) -> dict[str, Any]:
    """A new bot token for one of the account's programs: ``{"id", "name", "created_at",
    "token"}``, the token shown this once (only its digest is kept)."""
    account = await _person(request, unsafe=True)
    engine = service_of(request).engine
    listed, secret = await run_in_threadpool(bot_tokens.create, engine, account, body.name)
    return {**listed, "token": secret}


@router.get("/me/bot-tokens")
async def list_bot_tokens(request: Request) -> list[dict[str, Any]]:
    """The account's live bot tokens (id, name, created_at), never their secrets."""
    account = await _person(request, unsafe=False)
    return await run_in_threadpool(bot_tokens.listed, service_of(request).engine, account)


@router.delete("/me/bot-tokens/{token_id}", status_code=204)
async def revoke_bot_token(token_id: int, request: Request) -> Response:
    """Revoke a bot token: its program is refused from now on (401)."""
    account = await _person(request, unsafe=True)
    await run_in_threadpool(bot_tokens.revoke, service_of(request).engine, account, token_id)
    return Response(status_code=204)


async def signed_in_person(request: Request) -> int | None:
    """The signed-in person, if any (a leaderboard shows its place)."""
    try:
        account = await account_of(request, unsafe=False)
    except ApiError:  # a stale cookie shows the board all the same
        return None
    return None if account is None else account[0]


@router.get("/ratings/{game}")
async def game_ratings(
    game: str,
    request: Request,
    players: Annotated[Literal["2p", "3p+"], Query()] = "2p",
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> dict[str, Any]:
    """The leaderboard of a game for 2 players (``players=2p``) or 3 and more (``3p+``): the
    top `limit` (place, name, rating, mu, sigma, games, kind person/program/house bot), the
    signed-in person's own entry (``me``) and how many are rated (``count``)."""
    if game not in REGISTRY:
        raise not_found("game")
    me = await signed_in_person(request)
    engine = service_of(request).engine
    return await run_in_threadpool(rating_board.leaderboard, engine, game, players, limit, me)


@router.get("/players/{name:path}")
async def player(name: str, request: Request) -> dict[str, Any]:
    """A player (an account's name, a program's "account/token", a house bot's level): its
    ratings per game and class and its rated games with results and the rating after each."""
    return await run_in_threadpool(rating_board.player, service_of(request).engine, name)
