"""The analysis page of a finished game (``/tables/{id}/analysis``): while it is computed, its
progress (the page's script polls the API and shows the result once stored); then every seat's
win chance through the game as a chart, the largest losses, and each decision with a choice
beside the move the ``hard`` bot's search prefers, in the reader's language. The replay shows a
move's evaluation beside it (:func:`evaluation_said`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from hanse.core.match import iter_replay
from hanse.core.record import MatchRecord
from hanse.games import REGISTRY
from hanse.games.svg_parts import SEAT_COLOURS
from hanse.server.analysis_api import requested_analysis
from hanse.server.analysis_chart import win_chance_chart
from hanse.server.analysis_store import DONE, AnalysisStore
from hanse.server.live_table import game_for
from hanse.server.pages import SEAT_MARKS, _lang, _page
from hanse.server.panel_log import log_entry
from hanse.web.i18n import game_translations, translations

router = APIRouter(include_in_schema=False)


@router.get("/tables/{table_id}/analysis")
async def analysis_page(table_id: str, request: Request) -> HTMLResponse:
    record, stored = await requested_analysis(request, table_id)
    lang = _lang(request)
    from hanse.server.replay_pages import _record_name  # the replay names seats alike

    translate = translations(lang).gettext
    names = [_record_name(name, translate) for name in record["players"]]
    context: dict[str, Any] = {
        "table_id": table_id,
        "title": REGISTRY[record["game"]].title,
        "status": stored.status,
        "done": stored.done,
        "total": stored.total,
        "budget": stored.budget,
        "seats": [
            {"name": name, "mark": SEAT_MARKS[seat], "colour": SEAT_COLOURS[seat]}
            for seat, name in enumerate(names)
        ],
        "error": stored.error,
    }
    if stored.status == DONE and stored.result is not None:
        context.update(
            await run_in_threadpool(described, table_id, record, stored.result, names, lang)
        )
    return _page(request, "analysis.html", **context)


def described(
    table_id: str,
    record_json: dict[str, Any],
    analysis: dict[str, Any],
    names: list[str],
    lang: str,
) -> dict[str, Any]:
    """The analysis in the reader's words: each decision's row (the move taken and the best in
    words, as the deciding seat saw them), the largest losses in order, the chart."""
    _ = translations(lang).gettext
    record = MatchRecord.from_json(record_json)
    shown = [f"{name} ({SEAT_MARKS[seat]})" for seat, name in enumerate(names)]
    said = moves_said(record, analysis, shown, lang)
    rows: list[dict[str, Any]] = []
    for decision in analysis["decisions"]:
        step, seat = int(decision["step"]), int(decision["seat"])
        taken, best = said[step]
        rows.append(
            {
                "step": step,
                "seat": seat,
                "who": shown[seat],
                "taken": taken,
                "best": best if decision["best"] != decision["move"] else None,
                "value": _percent(decision["value"]),
                "best_value": _percent(decision["best_value"]),
                "loss": f"{100 * float(decision['loss']):.1f}" if decision["loss"] else "",
                "largest": bool(decision.get("largest_loss")),
            }
        )
    losses = {int(d["step"]): float(d["loss"]) for d in analysis["decisions"]}
    largest = sorted(
        (r for r in rows if r["largest"]), key=lambda r: (-losses[r["step"]], r["step"])
    )
    for rank, row in enumerate(largest, start=1):
        row["rank"] = rank
    chart = win_chance_chart(
        table_id,
        analysis,
        len(record.actions),
        names,
        _("Win chance of every player through the game"),
        (_("move"), _("win chance")),
        _("Largest loss {rank}: {who}, move {step}, -{loss} points"),
    )
    return {"rows": rows, "largest": largest, "chart": chart}


DECIDER = -1
"""A viewer for :func:`moves_said`: each move as the seat that decided it saw it."""


def moves_said(
    record: MatchRecord,
    analysis: dict[str, Any],
    shown: list[str],
    lang: str,
    viewer: int | None = DECIDER,
) -> dict[int, tuple[str, str]]:
    """Each judged step's move taken and best move in words, as `viewer` saw (or would have
    seen) them: a seat, None for a spectator, :data:`DECIDER` for the deciding seat."""
    game = game_for(record.game_id, record.num_players, record.flags)
    words = game_translations(lang, record.game_id).gettext
    judged = {int(d["step"]): d for d in analysis["decisions"]}
    last = max(judged, default=0)
    said: dict[int, tuple[str, str]] = {}
    state = game.new_initial_state()
    for step, (player, _, after) in enumerate(iter_replay(record, game), start=1):
        if step > last:
            break
        decision = judged.get(step)
        if decision is not None:
            seen_by = player if viewer == DECIDER else viewer
            taken = _said(game, state, player, decision["move"], seen_by, shown[player], words)
            best = _said(game, state, player, decision["best"], seen_by, shown[player], words)
            said[step] = (taken, best)
        state = after.clone()
    return said


def _said(
    game: Any,
    state: Any,
    seat: int,
    text: str,
    viewer: int | None,
    who: str,
    words: Callable[[str], str],
) -> str:
    action = game.action_from_str(text)
    seen = game.observe_action(state, seat, action, viewer)
    entry: dict[str, Any] = {"player": seat, "text": seen}
    phrase = game.log_said(state, seat, action, [seen], [viewer])[0]
    if phrase is not None:
        entry["said"] = phrase
    line = log_entry(entry, who, words)
    return " ".join(part for part in (line["who"], line["text"]) if part)


def _percent(value: float) -> str:
    return f"{100 * float(value):.0f}%"


def evaluation_said(
    store: AnalysisStore,
    table_id: str,
    record_json: dict[str, Any],
    step: int,
    viewer: int | None,
    lang: str,
) -> str | None:
    """The replay's words for a step's evaluation, once the table's analysis is stored: the
    win chance after the move taken and, where the search preferred another, that move in words
    as `viewer` (the replay's seat, None for a spectator) would have seen it, with its win
    chance."""
    stored = store.read(table_id)
    if stored is None or stored.status != DONE or stored.result is None:
        return None
    decision = next((d for d in stored.result["decisions"] if d["step"] == step), None)
    if decision is None:
        return None
    _ = translations(lang).gettext
    if decision["move"] == decision["best"]:
        return _(
            "Analysis: the hard bot's search would choose this move too (win chance %(value)s)."
        ) % {"value": _percent(decision["value"])}
    from hanse.server.replay_pages import _record_name

    record = MatchRecord.from_json(record_json)
    names = [_record_name(name, _) for name in record.players or []]
    shown = [f"{name} ({SEAT_MARKS[seat]})" for seat, name in enumerate(names)]
    _taken, best = moves_said(record, {"decisions": [decision]}, shown, lang, viewer)[step]
    return _(
        "Analysis: win chance %(value)s; the hard bot's search prefers: %(best)s (%(best_value)s, "
        "%(loss)s points more)."
    ) % {
        "value": _percent(decision["value"]),
        "best": best,
        "best_value": _percent(decision["best_value"]),
        "loss": f"{100 * float(decision['loss']):.1f}",
    }
