"""Who is asking: the table service of a request, the caller's account (session or a program's
bot token) and seat, cookies, the CSRF check, rate limits and the news of a change. Shared by the
JSON API, the pages and the program API.

Authentication: a seat token as ``Authorization: Bearer <token>`` or in the table's signed seat
cookie (set by joining); an account's session token the same way (``hanse_session`` cookie). A
request authenticated by a cookie that changes anything needs the CSRF header (``security``).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response, WebSocket
from starlette.concurrency import run_in_threadpool

from hanse.server import bot_tokens, limits, security
from hanse.server.errors import ApiError, forbidden, unauthorized
from hanse.server.hearing import MoveNews
from hanse.server.tables import TableService
from hanse.web.i18n import choose


def service_of(request: Request | WebSocket) -> TableService:
    service: TableService = request.app.state.service
    return service


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def bearer_token(headers: Any) -> str | None:
    value = headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise unauthorized("the Authorization header is 'Bearer <token>'")
    return str(token.strip())


def signed_cookie(request: Request | WebSocket, name: str) -> str | None:
    value = request.cookies.get(name)
    if value is None:
        return None
    token = request.app.state.signer.unsign(name, value)
    if token is None:
        raise unauthorized(f"the cookie {name} was not issued by this server")
    return str(token)


def check_csrf(request: Request) -> None:
    cookie = request.cookies.get(security.CSRF_COOKIE)
    header = request.headers.get(security.CSRF_HEADER)
    if not cookie or not header or not security.same_secret(cookie, header):
        raise forbidden(
            f"a request signed in by cookie needs the {security.CSRF_HEADER} header "
            f"(the value of the {security.CSRF_COOKIE} cookie)"
        )


async def account_of(request: Request | WebSocket, unsafe: bool) -> tuple[int, str] | None:
    """The signed-in account, by bearer session token or session cookie."""
    service = service_of(request)
    token = bearer_token(request.headers)
    if token is not None:
        account = await account_of_bearer(request, token)
        if account is None:
            raise unauthorized("unknown, ended or revoked token")
        return account
    token = signed_cookie(request, security.SESSION_COOKIE)
    if token is None:
        return None
    if unsafe and isinstance(request, Request):
        check_csrf(request)
    account = await run_in_threadpool(service.account_of_session, token)
    if account is None:
        raise unauthorized("the session has ended; sign in again")
    return account


async def account_of_bearer(request: Request | WebSocket, token: str) -> tuple[int, str] | None:
    """The account of a session token, or of a program's bot token (then remembered as
    ``request.state.program``, so that a seat it takes is marked as a program's)."""
    service = service_of(request)
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
    service = service_of(request)
    bearer = bearer_token(request.headers)
    if bearer is not None:
        known = service.cached_seat(table_id, bearer)
        if known is not None:
            return known
        try:
            return await run_in_threadpool(service.seat_of_token, table_id, bearer)
        except ApiError as error:
            if error.status != 401:
                raise
            account = await account_of_bearer(request, bearer)
            if account is None:
                raise
            return await run_in_threadpool(
                service.seat_of_account, table_id, account[0], program_token_id(request)
            )
    token = signed_cookie(request, security.seat_cookie_name(table_id))
    if token is not None:
        if unsafe and isinstance(request, Request):
            check_csrf(request)
        return await run_in_threadpool(service.seat_of_token, table_id, token)
    account = await account_of(request, unsafe)
    if account is not None:
        return await run_in_threadpool(service.seat_of_account, table_id, account[0])
    return None


def set_cookie(request: Request, response: Response, name: str, token: str) -> None:
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


def base_url(request: Request) -> str:
    public: str | None = request.app.state.settings.public_url
    return (public or str(request.base_url)).rstrip("/")


async def limit_rate(request: Request, key: str, limit: int, window: int) -> None:
    if not await request.app.state.limiter.allow(key, limit, window):
        raise limits.too_many(limit, window)


async def after_change(
    request: Request, table_id: str, seq: int, bot_to_move: bool, news: MoveNews | None = None
) -> None:
    """Tell every worker's clients (with the moves made, `news`, for the other workers'
    caches) and wake the bot whose turn it is."""
    await request.app.state.events.publish(table_id, seq, news=news)
    if bot_to_move:
        request.app.state.bots.poke(table_id)


def creator_language(request: Request) -> str:
    """The creator's language: the page's choice (its cookie), else the browser's."""
    return choose(None, request.cookies.get("hanse_lang"), request.headers.get("accept-language"))


def program_token_id(request: Request | WebSocket) -> int | None:
    """The bot token a program joins with (its seat is then marked as a program's)."""
    program: bot_tokens.Program | None = getattr(request.state, "program", None)
    return None if program is None else program.token_id
