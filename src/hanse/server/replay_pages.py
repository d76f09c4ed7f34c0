"""The replay of a finished game: its page and the frames it steps through (HTML rendered on the
server from the table's record, as a seat saw the game or as a spectator)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.core.protocol import CHANCE
from hanse.core.record import MatchRecord
from hanse.games import REGISTRY
from hanse.server import private
from hanse.server.analysis_pages import evaluation_said
from hanse.server.callers import caller_seat
from hanse.server.errors import unprocessable
from hanse.server.live_table import game_for
from hanse.server.pages import (
    SEAT_MARKS,
    _bot_name,
    _breakdown,
    _lang,
    _page,
    board_svg,
    templates,
    variants_said,
)
from hanse.server.panel_log import log_entry, log_items, repeats_joined
from hanse.server.tables import BOT_LEVELS, TableService
from hanse.web.i18n import game_translations, translations

router = APIRouter(include_in_schema=False)


@router.get("/tables/{table_id}/replay")
async def replay_page(
    table_id: str, request: Request, step: int = 0, seat: int | None = None
) -> HTMLResponse:
    """A finished game, step by step (a public game's record is open to all once it is over, a
    private one's to its players and those holding its link); ``?step=N`` and ``&seat=K`` open
    it at a step as a seat saw it, so that a step can be shared."""
    record = await _record(request, table_id)
    _check_seat(record, seat)
    lang = _lang(request)
    frame = await run_in_threadpool(replayed_frame, record, step, seat, lang)
    evaluation = await _evaluation(request, table_id, record, frame.step, seat, lang)
    translate = translations(lang).gettext
    return _page(
        request,
        "replay.html",
        table_id=table_id,
        title=REGISTRY[record["game"]].title,
        steps=len(record["actions"]),
        step=frame.step,
        seat=seat,
        said=frame.said,
        evaluation=evaluation,
        frame=frame.html,
        variants=variants_said(record["game"], record["flags"], translate),
        seats=[_record_name(name, translate) for name in record["players"]],
        marks=SEAT_MARKS,
    )


@router.get("/tables/{table_id}/replay/frame")
async def replay_frame(
    table_id: str, request: Request, step: int = 0, seat: int | None = None
) -> HTMLResponse:
    """One step's frame for the page's script: the step's move in words (``data-said``, which
    the script shows beside the controls), the board and the log up to it."""
    record = await _record(request, table_id)
    _check_seat(record, seat)
    lang = _lang(request)
    frame = await run_in_threadpool(replayed_frame, record, step, seat, lang)
    evaluation = await _evaluation(request, table_id, record, frame.step, seat, lang)
    return HTMLResponse(
        f'<p class="evaluation" data-evaluation>{escape(evaluation or "")}</p>\n'
        + frame.html_with_said()
    )


async def _evaluation(
    request: Request,
    table_id: str,
    record: dict[str, Any],
    step: int,
    seat: int | None,
    lang: str,
) -> str | None:
    """The step's evaluation by the game's analysis, where one is stored (analysis_pages), its
    best move as `seat` would have seen it."""
    store = request.app.state.analysis_store
    return await run_in_threadpool(evaluation_said, store, table_id, record, step, seat, lang)


def _check_seat(record: dict[str, Any], seat: int | None) -> None:
    if seat is not None and not 0 <= seat < record["num_players"]:
        raise unprocessable(f"seat is 0 to {record['num_players'] - 1}, or none for a spectator")


async def _record(request: Request, table_id: str) -> dict[str, Any]:
    service: TableService = request.app.state.service
    # A private game is replayed by its players and those holding its link (private.py).
    await private.check_watcher(request, table_id, await caller_seat(request, table_id, False))
    record: dict[str, Any] = await run_in_threadpool(service.record, table_id)
    return record


LOG_LINES = 60
"""How many moves before a step the frame's log shows (and says in words: saying a move costs
more than applying it)."""


@dataclass(frozen=True)
class Frame:
    """A step of a replay: which step (the one asked, kept within the game), its move in words
    as the viewer saw it, and the frame's HTML (board, log, at the end the result)."""

    step: int
    said: str
    html: str

    def html_with_said(self) -> str:
        return f'<p class="said" data-said>{escape(self.said)}</p>\n{self.html}'


def replayed_frame(record_json: dict[str, Any], step: int, seat: int | None, lang: str) -> Frame:
    """The position after `step` actions of a record, as `seat` saw it (None: a spectator):
    its move in words, the board, the log up to it with that move marked, and after the last
    move the result's score table and the winners."""
    record = MatchRecord.from_json(record_json)
    game = game_for(record.game_id, record.num_players, record.flags)
    steps = len(record.actions)
    step = max(0, min(step, steps))
    _ = translations(lang).gettext
    words = game_translations(lang, record.game_id).gettext
    names = [_record_name(name, _) for name in record.players or []]
    state = game.new_initial_state()
    log: list[dict[str, str]] = []
    for index, (player, text) in enumerate(record.actions[:step]):
        action = game.action_from_str(text)
        entry: dict[str, Any] = {
            "player": player,
            "text": game.observe_action(state, player, action, seat),
        }
        if index >= step - LOG_LINES:  # said in words as far as the viewer saw the move
            said = game.log_said(state, player, action, [entry["text"]], [seat])[0]
            if said is not None:
                entry["said"] = said
        log.append(log_entry(entry, _replay_name(names, player, _), words))
        game.apply_action(state, action)
    lines = repeats_joined(log[-LOG_LINES:], max(0, len(log) - LOG_LINES))
    if lines:  # the step's own move: the last line (a run of equal lines ends with it)
        lines[-1]["current"] = True
    if step == 0:
        said = _("The game as it was set up, before the first move.")
    else:
        move = " ".join(part for part in (log[-1]["who"], log[-1]["text"]) if part)
        said = _("Move %(step)s of %(steps)s: %(move)s") % {
            "step": step,
            "steps": steps,
            "move": move,
        }
    view = game.view(state, seat)
    html = (
        templates(lang)
        .get_template("frame.html")
        .render(
            board=game.render(view),
            svg=board_svg(record.game_id, view, [], lang, names=names or None)[0],
            log=lines,
            log_items=log_items(lines, _),
            result=_result(game, state, record, names, words) if step == steps else None,
            replay=True,
            marks=SEAT_MARKS,
        )
    )
    return Frame(step=step, said=said, html=html)


def _result(
    game: Any,
    state: Any,
    record: MatchRecord,
    names: list[str],
    words: Callable[[str], str],
) -> dict[str, Any]:
    """The finished game's score table (each part of the score, the total) and its winners, as
    the table page shows them; the totals and winners are the record's."""
    scores = record.scores if record.scores is not None else list(game.scores(state))
    winners = record.winners if record.winners is not None else list(game.winners(state))
    seats = [names[seat] if seat < len(names) else "" for seat in range(record.num_players)]
    return {
        "seats": seats,
        "rows": _breakdown({"breakdown": game.score_breakdown(state)}, words),
        "scores": scores,
        "winners": winners,
        "winner_names": ", ".join(f"{seats[seat]} ({SEAT_MARKS[seat]})" for seat in winners),
    }


def _replay_name(names: list[str], player: int, translate: Callable[[str], str]) -> str:
    """Who made a move of the record: "Anna (A)", "chance"."""
    if player == CHANCE:
        return translate("chance")
    who = names[player] if player < len(names) else translate("seat")
    return f"{who} ({SEAT_MARKS[player]})"


def _record_name(name: str, translate: Callable[[str], str]) -> str:
    """A player's name in a record, a bot's ("bot easy") in the reader's language."""
    kind, _, level = name.partition(" ")
    return _bot_name(level, translate) if kind == "bot" and level in BOT_LEVELS else name
