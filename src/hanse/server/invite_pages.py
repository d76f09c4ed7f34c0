"""An invite's pages: the join page, which tells the invited person the table before they sit
down (game, host, seats, variants, mode), and the QR code of the invite link, which the host's
waiting page shows for a phone across the table."""

from __future__ import annotations

import io
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from hanse.server.callers import account_of, base_url, caller_seat
from hanse.server.errors import ApiError
from hanse.server.models import seats
from hanse.server.pages import SEAT_MARKS, _lang, _page, variants_said
from hanse.server.tables import TableService
from hanse.web.i18n import translations

router = APIRouter(include_in_schema=False)

QR_CACHE = "private, max-age=86400"
"""An invite's link never changes: its code may be kept a day, but only by the host's browser
(the code holds the seat's secret, so no shared cache keeps it)."""


def first_seated(engine: sa.Engine, table_id: str) -> str | None:
    """The name of the person who took a seat first, or None while nobody has. A table does
    not record who set it up; the lobby seats its creator before it shows the invites, so the
    first to sit is the host there (a program may create a table and sit nobody)."""
    with engine.connect() as conn:
        name = conn.execute(
            sa.select(seats.c.name)
            .where(seats.c.table_id == table_id, seats.c.joined_at.is_not(None))
            .order_by(seats.c.joined_at, seats.c.seat)
            .limit(1)
        ).scalar_one_or_none()
    return None if name is None else str(name)


def invitation(service: TableService, table_id: str) -> dict[str, Any]:
    """What an invited person learns of the table: what every spectator may see of it (game,
    variants, mode, visibility, seats), and who sat down first."""
    table = service.read(table_id, None)
    return {
        "table_id": table_id,
        "game_id": table["game"],
        "title": table["title"],
        "players": table["players"],
        "flags": table["flags"],
        "mode": table["mode"],
        "visibility": table["visibility"],
        "seats": table["seats"],
        "host": first_seated(service.engine, table_id),
    }


@router.get("/join/{secret}", response_model=None)
async def join_page(secret: str, request: Request) -> HTMLResponse | RedirectResponse:
    """An invite: the table it seats one at, and the form that takes its seat; to the table for
    the one who holds the seat already (the seat's cookie, or the account that joined with it);
    else that it is taken."""
    service: TableService = request.app.state.service
    table_id, seat, taken = await run_in_threadpool(service.invite, secret)
    if taken and await _holds_seat(request, table_id, seat):
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    table = await run_in_threadpool(invitation, service, table_id)
    account = None if taken else await account_of(request, unsafe=False)
    signed_in = account is not None
    return _page(
        request,
        "join.html",
        secret=secret,
        seat=seat,
        taken=taken,
        signed_in=signed_in,
        account_name=account[1] if account is not None else None,
        marks=SEAT_MARKS,
        variants=variants_said(
            table["game_id"], table["flags"], translations(_lang(request)).gettext
        ),
        **table,
    )


async def _holds_seat(request: Request, table_id: str, seat: int) -> bool:
    try:
        return await caller_seat(request, table_id, unsafe=False) == seat
    except ApiError:  # an expired or another table's cookie: not this seat's holder
        return False


@router.get("/join/{secret}/qr.svg", response_model=None)
async def invite_qr(secret: str, request: Request) -> Response:
    """The invite link as a QR code (SVG), for a valid invite only. A bare 404 otherwise: an
    image is asked for, not a page."""
    service: TableService = request.app.state.service
    try:
        await run_in_threadpool(service.invite, secret)
    except ApiError as error:
        return Response(status_code=error.status)
    url = f"{base_url(request)}/join/{secret}"
    return Response(qr_svg(url), media_type="image/svg+xml", headers={"Cache-Control": QR_CACHE})


def qr_svg(url: str) -> bytes:
    """`url` as a QR code in SVG: dark on white whatever the page's colours (a scanner needs
    the contrast and the quiet zone), sized by the page (a viewBox, no width or height)."""
    import segno  # on the first QR code, not at every server start

    buffer = io.BytesIO()
    segno.make(url, micro=False).save(
        buffer, kind="svg", scale=4, border=4, light="#fff", xmldecl=False, omitsize=True
    )
    return buffer.getvalue()
