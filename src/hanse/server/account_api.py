"""The account routes of the JSON API: create an account, sign in and out, and ``/me``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from hanse.server import security
from hanse.server.callers import (
    account_of,
    bearer_token,
    check_csrf,
    client_address,
    limit_rate,
    service_of,
    set_cookie,
    signed_cookie,
)
from hanse.server.errors import ApiError, unauthorized

router = APIRouter(prefix="/api")


class AccountIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=200)
    password: StrictStr = Field(max_length=1000)


class SignedIn(BaseModel):
    name: str
    token: str


# -- accounts -----------------------------------------------------------------------------
@router.post("/accounts", status_code=201, response_model=SignedIn)
async def create_account(body: AccountIn, request: Request, response: Response) -> SignedIn:
    """An account (name and password); signs in at once."""
    settings = request.app.state.settings
    await limit_rate(request, f"signup:{client_address(request)}", settings.signup_rate, 3600)
    _, token = await run_in_threadpool(service_of(request).create_account, body.name, body.password)
    set_cookie(request, response, security.SESSION_COOKIE, token)
    return SignedIn(name=body.name, token=token)


@router.post("/login", response_model=SignedIn)
async def login(body: AccountIn, request: Request, response: Response) -> SignedIn:
    settings = request.app.state.settings
    await limit_rate(request, f"login:{client_address(request)}", settings.login_rate, 60)
    guard = request.app.state.signin_guard  # growing delays per (name, address), per address
    await guard.check(body.name, client_address(request))
    try:
        _, token = await run_in_threadpool(service_of(request).login, body.name, body.password)
    except ApiError as error:
        if error.status == 401:
            await guard.failed(body.name, client_address(request))
        raise
    await guard.succeeded(body.name, client_address(request))
    set_cookie(request, response, security.SESSION_COOKIE, token)
    return SignedIn(name=body.name, token=token)


@router.post("/logout", status_code=204)
async def logout(request: Request, response: Response) -> None:
    token = bearer_token(request.headers)
    if token is None:
        token = signed_cookie(request, security.SESSION_COOKIE)
        if token is not None:
            check_csrf(request)
    if token is not None:
        await run_in_threadpool(service_of(request).logout, token)
    response.delete_cookie(security.SESSION_COOKIE)


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account and its tables, with whose turn it is at each."""
    account = await account_of(request, unsafe=False)
    if account is None:
        raise unauthorized("not signed in")
    tables = await run_in_threadpool(service_of(request).tables_of_account, account[0])
    return {"name": account[1], "tables": tables}
