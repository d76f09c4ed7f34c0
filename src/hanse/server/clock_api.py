"""The API of clocks and vacations: a seat taken back from the bot that played it when its time
ran out, agreeing to end a game without a result where a clock ran out, and an account's vacation
(``timeouts.py``, ``vacations.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, StrictInt
from starlette.concurrency import run_in_threadpool

from hanse.server.callers import account_of, after_change, caller_seat, service_of
from hanse.server.errors import forbidden, unauthorized
from hanse.server.errors import unprocessable as invalid
from hanse.server.json_response import OrjsonResponse
from hanse.server.timeouts import TimeOuts

router = APIRouter(prefix="/api")


class BackIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt


@router.post("/tables/{table_id}/seats/{seat}/back", response_class=OrjsonResponse)
async def take_seat_back(table_id: str, seat: int, body: BackIn, request: Request) -> Response:
    """The seat's own person takes back the seat a bot took when their time ran out."""
    caller = await caller_seat(request, table_id, unsafe=True)
    if caller is None:
        raise unauthorized("only the seat's own person takes it back")
    if caller != seat:
        raise forbidden("only the seat's own person takes it back")
    time_outs = TimeOuts(service_of(request))
    done = await run_in_threadpool(time_outs.take_seat_back, table_id, seat, body.version)
    await after_change(request, table_id, done.seq, done.bot_to_move)
    return OrjsonResponse(done.payload)


@router.post("/tables/{table_id}/end", response_class=OrjsonResponse)
async def agree_to_end(table_id: str, body: BackIn, request: Request) -> Response:
    """Agree to end the game without a result, once a person's time ran out at a table created
    with ``"on_time_out": "abandon"``; the last of the others to agree ends it."""
    caller = await caller_seat(request, table_id, unsafe=True)
    if caller is None:
        raise unauthorized("only the people seated agree to end the game")
    time_outs = TimeOuts(service_of(request))
    done = await run_in_threadpool(time_outs.agree_to_end, table_id, caller, body.version)
    await after_change(request, table_id, done.seq, done.bot_to_move)
    return OrjsonResponse(done.payload)


@router.get("/me/vacation")
async def read_vacation(request: Request) -> dict[str, Any]:
    """Days away a year, those left this year, and the vacation going on or planned."""
    account = await account_of(request, unsafe=False)
    if account is None:
        raise unauthorized("not signed in")
    return await run_in_threadpool(service_of(request).vacations.read, account[0])


@router.put("/me/vacation")
async def set_vacation(request: Request) -> dict[str, Any]:
    """``{"from": "now" | time, "until": time}``, ``{"from", "days": n}`` or ``{"until":
    "now"}`` (end the one going on); answered as ``GET``."""
    account = await account_of(request, unsafe=True)
    if account is None:
        raise unauthorized("not signed in")
    try:
        body = await request.json()
    except ValueError:
        raise invalid("the body is a JSON object") from None
    return await run_in_threadpool(service_of(request).vacations.update, account[0], body)
