"""The ladder's page (issue 33): a game's ladder of a player-count class (``/ladder/{game}``),
its standings with each program's rating, games, wins and losses and its recent games linking
to their tables and replays (``ladder.py``)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server import ladder
from hanse.server.callers import service_of
from hanse.server.errors import not_found
from hanse.server.ladder_api import rules_of
from hanse.server.ladder_pairing import table_size
from hanse.server.pages import _page

router = APIRouter(include_in_schema=False)  # a page a person reads, not the API


@router.get("/ladder/{game}", response_class=HTMLResponse)
async def ladder_page(
    game: str,
    request: Request,
    players: Annotated[Literal["2p", "3p+"], Query()] = "2p",
) -> HTMLResponse:
    if game not in REGISTRY:
        raise not_found("game")
    classes = [klass for klass in ladder.CLASSES if table_size(game, klass) is not None]
    if players not in classes:  # Lübeck has no two-player ladder: its other one
        players = classes[0]  # type: ignore[assignment]
    engine = service_of(request).engine
    board = await run_in_threadpool(ladder.standings, engine, game, players)
    rules = rules_of(request)
    return _page(
        request,
        "ladder.html",
        board=board,
        rules=rules,
        every=_duration(rules["seconds"]),
        base=_number(rules["clock"]["base"] / 60),
        increment=_number(rules["clock"]["increment"]),
        title=REGISTRY[game].title,
        game=game,
        classes=classes,
    )


def _duration(seconds: float) -> str:
    """How often the ladder pairs, as people write it in every language here: 3 min, 30 s."""
    if seconds >= 60:
        return f"{_number(seconds / 60)} min"
    return f"{_number(seconds)} s"


def _number(value: float) -> str:
    """A number of minutes or seconds as people write it: 3, 2.5, 0.02."""
    return f"{round(value, 2):g}"
