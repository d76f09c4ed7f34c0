"""The tournament pages (issue 33): the list (``/tournaments``: open for sign-up, being played,
over), the form that creates one (``/tournaments/new``) and a tournament's page (its settings,
entrants, standings with their tie-breaks, and every round's tables with links and results).
What a person does there (create, join, leave, start) goes through the API
(``static/tournament.js``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.server.api import list_games
from hanse.server.clocks import BOT_LEVELS, DAY, MAX_PER_MOVE
from hanse.server.pages import _lang, _page, variants_said
from hanse.server.tournament_api import service, viewer, with_links
from hanse.server.tournament_service import (
    CANCELLED,
    FINISHED,
    MOST_ROUNDS,
    PLAYING,
    SIGNUP,
)
from hanse.web.i18n import translations

router = APIRouter(include_in_schema=False)  # pages a person reads, not the API


def clock_said(clock: dict[str, Any], translate: Callable[[str], str]) -> str:
    """A time control in words: "60+10" (minutes + seconds a move) or "2 days a move"."""
    if clock.get("per_move"):
        days = round(float(clock["per_move"]) / DAY)
        return translate("%(days)s days a move") % {"days": days}
    minutes = round(float(clock.get("base") or 0) / 60)
    return f"{minutes}+{round(float(clock.get('increment') or 0))}"


def when(iso: str | None) -> str:
    """A stored time as the pages write it (UTC, to the minute)."""
    if iso is None:
        return ""
    return datetime.fromisoformat(iso).strftime("%Y-%m-%d %H:%M UTC")


def described(tournament: dict[str, Any], translate: Callable[[str], str]) -> dict[str, Any]:
    """A tournament with the words its page and the list show."""
    return {
        **tournament,
        "variants": variants_said(tournament["game"], tournament["flags"], translate),
        "clock_said": clock_said(tournament["clock"], translate),
        "starts_said": when(tournament["starts_at"]),
    }


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments_page(request: Request) -> HTMLResponse:
    listed = await run_in_threadpool(service(request).listing, None, 100)
    translate = translations(_lang(request)).gettext
    shown = [described(t, translate) for t in listed]
    groups = [
        (SIGNUP, [t for t in shown if t["status"] == SIGNUP]),
        (PLAYING, [t for t in shown if t["status"] == PLAYING]),
        (FINISHED, [t for t in shown if t["status"] in (FINISHED, CANCELLED)]),
    ]
    signed_in = await viewer(request) is not None
    return _page(request, "tournaments.html", groups=groups, signed_in=signed_in)


@router.get("/tournaments/new", response_class=HTMLResponse)
async def new_tournament_page(request: Request) -> HTMLResponse:
    signed_in = await viewer(request) is not None
    return _page(
        request,
        "tournament_new.html",
        games=list_games(),
        levels=BOT_LEVELS,
        signed_in=signed_in,
        most_rounds=MOST_ROUNDS,
        most_days=round(MAX_PER_MOVE / DAY),
    )


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse)
async def tournament_page(tournament_id: str, request: Request) -> HTMLResponse:
    reader = await viewer(request)
    read = await run_in_threadpool(service(request).read, tournament_id, reader)
    translate = translations(_lang(request)).gettext
    tournament = described(with_links(request, read), translate)
    for played in tournament["rounds_played"]:
        played["started_said"] = when(played["started_at"])
    return _page(
        request,
        "tournament.html",
        t=tournament,
        signed_in=reader is not None,
        rounds_newest_first=list(reversed(tournament["rounds_played"])),
    )
