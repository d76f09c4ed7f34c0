"""The replay of a finished game: its page and the frames it steps through (HTML rendered on the
server from the table's record, as a seat saw the game or as a spectator)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.core.protocol import CHANCE
from hanse.core.record import MatchRecord
from hanse.games import REGISTRY
from hanse.server.errors import unprocessable
from hanse.server.live_table import game_for
from hanse.server.pages import (
    SEAT_MARKS,
    _bot_name,
    _lang,
    _log_entry,
    _page,
    _repeats_joined,
    board_svg,
    templates,
    variants_said,
)
from hanse.server.tables import BOT_LEVELS, TableService
from hanse.web.i18n import game_translations, translations

router = APIRouter(include_in_schema=False)


@router.get("/tables/{table_id}/replay")
async def replay_page(table_id: str, request: Request) -> HTMLResponse:
    """A finished game, step by step (its record is public once it is over)."""
    record = await _record(request, table_id)
    title = REGISTRY[record["game"]].title
    translate = translations(_lang(request)).gettext
    return _page(
        request,
        "replay.html",
        table_id=table_id,
        title=title,
        steps=len(record["actions"]),
        variants=variants_said(record["game"], record["flags"], translate),
        seats=[_record_name(name, translate) for name in record["players"]],
        marks=SEAT_MARKS,
    )


@router.get("/tables/{table_id}/replay/frame")
async def replay_frame(
    table_id: str, request: Request, step: int = 0, seat: int | None = None
) -> HTMLResponse:
    record = await _record(request, table_id)
    if seat is not None and not 0 <= seat < record["num_players"]:
        raise unprocessable(f"seat is 0 to {record['num_players'] - 1}, or none for a spectator")
    html = await run_in_threadpool(render_frame, record, step, seat, _lang(request))
    return HTMLResponse(html)


async def _record(request: Request, table_id: str) -> dict[str, Any]:
    service: TableService = request.app.state.service
    record: dict[str, Any] = await run_in_threadpool(service.record, table_id)
    return record


def render_frame(record_json: dict[str, Any], step: int, seat: int | None, lang: str) -> str:
    """The position after `step` actions of a record, as `seat` saw it, with its log."""
    record = MatchRecord.from_json(record_json)
    game = game_for(record.game_id, record.num_players, record.flags)
    step = max(0, min(step, len(record.actions)))
    state = game.new_initial_state()
    viewer = seat
    names = {"players": record.players or [], "lang": lang}
    words = game_translations(lang, record.game_id).gettext
    log: list[dict[str, str]] = []
    for index, (player, text) in enumerate(record.actions[:step]):
        action = game.action_from_str(text)
        entry: dict[str, Any] = {
            "player": player,
            "text": game.observe_action(state, player, action, viewer),
        }
        if index >= step - 60:  # said in words as far as the viewer saw the move
            said = game.log_said(state, player, action, [entry["text"]], [viewer])[0]
            if said is not None:
                entry["said"] = said
        log.append(_log_entry(entry, _replay_name(names, player), words))
        game.apply_action(state, action)
    view = game.view(state, viewer)
    return (
        templates(lang)
        .get_template("frame.html")
        .render(
            board=game.render(view),
            svg=board_svg(
                record.game_id,
                view,
                [],
                lang,
                names=[_record_name(name, translations(lang).gettext) for name in names["players"]],
            )[0],
            log=_repeats_joined(log[-60:], max(0, len(log) - 60)),
            scores=record.scores if step == len(record.actions) else None,
            replay=True,
        )
    )


def _replay_name(names: dict[str, Any], player: int) -> str:
    _ = translations(names["lang"]).gettext
    if player == CHANCE:
        return _("chance")
    players = names["players"]
    who = _record_name(players[player], _) if player < len(players) else _("seat")
    return f"{who} ({SEAT_MARKS[player]})"


def _record_name(name: str, translate: Callable[[str], str]) -> str:
    """A player's name in a record, a bot's ("bot easy") in the reader's language."""
    kind, _, level = name.partition(" ")
    return _bot_name(level, translate) if kind == "bot" and level in BOT_LEVELS else name
