"""``GET /api/tables/{id}/analysis``: a finished table's post-game analysis, asked for once and
then computed in the background (``analysis_jobs.py``): 202 with the progress while it is
computed, 200 with the result once stored. Open to whoever may see the table's record: anyone for
a public table, a private one's players and the holders of its spectator link."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from hanse.analysis.decisions import default_budget
from hanse.server import private
from hanse.server.analysis_store import DONE, FAILED, QUEUED, AnalysisStore, StoredAnalysis
from hanse.server.callers import caller_seat
from hanse.server.errors import ApiError, conflict

router = APIRouter()
ANALYSIS_SEED = 0
"""Every table's analysis searches with this seed: asked again (another server, a lost row), it
comes out the same."""
POLL_SECONDS = 2


async def requested_analysis(
    request: Request, table_id: str
) -> tuple[dict[str, Any], StoredAnalysis]:
    """The table's record and its analysis, queued (and this worker told to compute it) if it
    was not yet: 404 for no table (or a private one the caller may not see), 409 while the game
    goes on."""
    service = request.app.state.service
    await private.check_watcher(request, table_id, await caller_seat(request, table_id, False))
    try:
        record: dict[str, Any] = await run_in_threadpool(service.record, table_id)
    except ApiError as error:
        if error.status == 409:
            raise conflict("the game is not finished: it is analysed once it is over") from None
        raise
    store: AnalysisStore = request.app.state.analysis_store
    budget = request.app.state.settings.analysis_budget or default_budget(record["game"])
    stored = await run_in_threadpool(store.request, table_id, budget, ANALYSIS_SEED)
    if stored.status == QUEUED:
        request.app.state.analyses.poke(table_id)
    return record, stored


def progress(stored: StoredAnalysis) -> dict[str, Any]:
    return {"status": stored.status, "done": stored.done, "total": stored.total}


@router.get("/api/tables/{table_id}/analysis")
async def table_analysis(table_id: str, request: Request) -> JSONResponse:
    """The finished game's analysis: per decision with a choice (``decisions``) the deciding
    seat, the move taken and its value, the best move and its value, the loss and whether it
    is among the largest; ``chances``: every seat's win chance after each of them. Values are
    win chances from 0 to 1. 202 ``{status: "queued", done, total}`` while it is computed."""
    _, stored = await requested_analysis(request, table_id)
    if stored.status == DONE and stored.result is not None:
        return JSONResponse({"status": DONE, "table": table_id, **stored.result})
    if stored.status == FAILED:
        raise ApiError(500, f"the analysis could not be computed: {stored.error}")
    return JSONResponse(
        progress(stored), status_code=202, headers={"Retry-After": str(POLL_SECONDS)}
    )
