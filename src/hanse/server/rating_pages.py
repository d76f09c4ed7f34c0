"""The rating pages (issue 33): a game's leaderboard (``/ratings/{game}``: the top, one's own
place, both player-count classes) and a player's page (``/players/{name}``: ratings, rated games
with their results, and the rating history as a small chart drawn here as SVG, no script)."""

from __future__ import annotations

from typing import Annotated, Literal
from xml.sax.saxutils import escape

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server import rating_board
from hanse.server.callers import service_of
from hanse.server.errors import not_found
from hanse.server.pages import _page
from hanse.server.program_api import signed_in_person

router = APIRouter(include_in_schema=False)  # pages a person reads, not the API
TOP = 50
CHART_WIDTH, CHART_HEIGHT, MARGIN = 320, 120, 28


@router.get("/ratings/{game}", response_class=HTMLResponse)
async def leaderboard_page(
    game: str,
    request: Request,
    players: Annotated[Literal["2p", "3p+"] | None, Query()] = None,
) -> HTMLResponse:
    """A game's ratings in one player-count class: by default the first the game has (Lübeck,
    for 3 to 5, has no 2-player class)."""
    if game not in REGISTRY:
        raise not_found("game")
    cls = REGISTRY[game]
    classes = [c for c in rating_board.CLASSES if c != "2p" or cls.min_players <= 2]
    classes = [c for c in classes if c != "3p+" or cls.max_players >= 3]
    shown: str = players or classes[0]
    me = await signed_in_person(request)
    engine = service_of(request).engine
    board = await run_in_threadpool(rating_board.leaderboard, engine, game, shown, TOP, me)
    return _page(
        request,
        "ratings.html",
        board=board,
        title=cls.title,
        game=game,
        classes=classes,
        anchors=rating_board.anchors(shown),
    )


@router.get("/players/{name:path}", response_class=HTMLResponse)
async def player_page(name: str, request: Request) -> HTMLResponse:
    engine = service_of(request).engine
    player = await run_in_threadpool(rating_board.player, engine, name)
    charts = []
    for rated in player["ratings"]:
        points = [
            g["rating"]
            for g in player["games"]
            if g["game"] == rated["game"] and g["players"] == rated["players"]
        ]
        charts.append(
            {
                **rated,
                "title": REGISTRY[rated["game"]].title if rated["game"] in REGISTRY else "",
                "svg": chart(points, f"{rated['game']} {rated['players']}"),
            }
        )
    titles = {game_id: cls.title for game_id, cls in REGISTRY.items()}
    return _page(request, "player.html", player=player, charts=charts, titles=titles)


def chart(points: list[float], label: str) -> str:
    """A rating history as a line over the games (the rating after each), its lowest and
    highest value written at the left; a single game is a dot."""
    if not points:
        return ""
    low, high = min(points), max(points)
    span = high - low or 1.0
    inner_w = CHART_WIDTH - MARGIN - 8
    inner_h = CHART_HEIGHT - 24
    step = inner_w / max(len(points) - 1, 1)

    def xy(index: int, value: float) -> tuple[float, float]:
        return MARGIN + index * step, 8 + inner_h * (high - value) / span

    coords = [xy(i, v) for i, v in enumerate(points)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in coords)
    bottom = CHART_HEIGHT - 16
    return (
        f'<svg class="rating-chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
        f'aria-label="{escape(label)}: {points[0]:g} … {points[-1]:g}">'
        f'<line class="axis" x1="{MARGIN}" y1="8" x2="{MARGIN}" y2="{bottom}"/>'
        f'<line class="axis" x1="{MARGIN}" y1="{bottom}" x2="{CHART_WIDTH - 8}" y2="{bottom}"/>'
        f'<text x="{MARGIN - 4}" y="12" text-anchor="end">{high:g}</text>'
        f'<text x="{MARGIN - 4}" y="{bottom}" text-anchor="end">{low:g}</text>'
        f'<text x="{MARGIN}" y="{CHART_HEIGHT - 2}">1</text>'
        f'<text x="{CHART_WIDTH - 8}" y="{CHART_HEIGHT - 2}" text-anchor="end">{len(points)}</text>'
        f'<polyline points="{line}"/>{dots}</svg>'
    )
