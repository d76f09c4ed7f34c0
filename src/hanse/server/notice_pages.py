"""Turn notices over HTTP: the account's settings (``GET``/``PUT /api/me/notices``, a new webhook
secret), and the two pages a message links to, which work without signing in: the confirmation
of an address and the unsubscribe page (``GET`` asks, ``POST`` does it, as RFC 8058's one-click
unsubscribe posts)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.server.callers import account_of, base_url
from hanse.server.errors import unauthorized, unprocessable
from hanse.server.notices import Links, NoticeBook
from hanse.server.pages import _lang, _page
from hanse.web.i18n import translations

router = APIRouter()


def _book(request: Request) -> NoticeBook:
    book: NoticeBook = request.app.state.notice_book
    return book


def _links(request: Request) -> Links:
    links: Links = request.app.state.notice_links
    return links


async def _signed_in(request: Request, unsafe: bool) -> int:
    account = await account_of(request, unsafe)
    if account is None:
        raise unauthorized("not signed in")
    return account[0]


@router.get("/api/me/notices")
async def read_notices(request: Request) -> dict[str, Any]:
    """The account's notice settings and its last notices given up on."""
    account_id = await _signed_in(request, unsafe=False)
    book = _book(request)
    settings = await run_in_threadpool(book.settings, account_id)
    failures = await run_in_threadpool(book.failures, account_id)
    return {**settings.to_json(), "failures": failures, "email_on": _email_on(request)}


@router.put("/api/me/notices")
async def change_notices(request: Request) -> dict[str, Any]:
    """Change the fields given: ``email``, ``webhook`` (null or "" for none), ``live`` and
    ``async`` ("now", "digest" or "never"). The first webhook URL's signing secret comes back
    once, as ``webhook_secret``."""
    account_id = await _signed_in(request, unsafe=True)
    body = await request.json()
    if not isinstance(body, dict):
        body = {"": body}
    unknown = sorted(set(body) - {"email", "webhook", "live", "async"})
    if unknown:
        raise unprocessable(f"unknown field(s): {', '.join(unknown)}")
    if body.get("email") and not _email_on(request):
        raise unprocessable("email: e-mail is off on this server (no HANSE_SMTP_URL)")
    settings, secret = await run_in_threadpool(
        _book(request).change, account_id, body, _lang(request), base_url(request)
    )
    answer = {**settings.to_json(), "email_on": _email_on(request)}
    if secret is not None:
        answer["webhook_secret"] = secret
    return answer


@router.post("/api/me/notices/webhook-secret")
async def new_webhook_secret(request: Request) -> dict[str, str]:
    """A new signing secret for the account's webhook (the old one stops working)."""
    account_id = await _signed_in(request, unsafe=True)
    secret = await run_in_threadpool(_book(request).new_webhook_secret, account_id)
    return {"webhook_secret": secret}


def _email_on(request: Request) -> bool:
    return request.app.state.settings.smtp_url is not None


# -- the pages a message links to ------------------------------------------------------------
@router.get("/notices/confirm", include_in_schema=False)
async def confirm_page(request: Request, token: str = "") -> HTMLResponse:
    _ = translations(_lang(request)).gettext
    found = _links(request).confirmed(token)
    done = found is not None and await run_in_threadpool(_book(request).confirm, *found)
    if found is not None and done:
        sent_to = _("Turn notices will be sent to %(email)s.") % {"email": found[1]}
        return _said(request, _("Address confirmed"), sent_to)
    return _said(
        request,
        _("This link does not work"),
        _(
            "It is older than a week, or the address was changed since. "
            "Set it again on your account page."
        ),
        status=400,
    )


@router.get("/notices/unsubscribe", include_in_schema=False)
async def unsubscribe_page(request: Request, token: str = "") -> HTMLResponse:
    """Asks first: a mail program or a link checker opening the link changes nothing."""
    found = _links(request).unsubscribed(token)
    if found is None:
        return _bad_unsubscribe(request)
    return _page(request, "unsubscribe.html", email=found[1], token=token, done=False)


@router.post("/notices/unsubscribe", include_in_schema=False)
async def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    found = _links(request).unsubscribed(token)
    if found is None:
        return _bad_unsubscribe(request)
    await run_in_threadpool(_book(request).unsubscribe, *found)
    return _page(request, "unsubscribe.html", email=found[1], token=token, done=True)


def _bad_unsubscribe(request: Request) -> HTMLResponse:
    _ = translations(_lang(request)).gettext
    return _said(
        request,
        _("This link does not work"),
        _("It was not made by this server. Turn notices are set on your account page."),
        status=400,
    )


def _said(request: Request, heading: str, message: str, status: int = 200) -> HTMLResponse:
    response = _page(request, "error.html", heading=heading, message=message, table_id=None)
    response.status_code = status
    return response
