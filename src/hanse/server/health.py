"""Health checks for a load balancer or an orchestrator (Kubernetes' liveness and readiness).

``GET /healthz``: the process answers (200 ``{"status": "ok"}``); it looks at nothing else, so a
database outage never gets a healthy worker restarted. ``GET /readyz``: whether this worker can
serve, with each dependency's state: the database is needed (503 while it does not answer);
Redis only accelerates, so a worker without it is ``degraded`` but ready (200), and says why.
"""

from __future__ import annotations

import asyncio
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from hanse.server.redis_link import FAILURES, RedisLink

router = APIRouter(tags=["health"])
CHECK_SECONDS = 2.0


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """``{"status": "ready" | "degraded" | "unavailable", "database": {...}, "redis": {...}}``;
    503 when the database does not answer."""
    database = await _database(request.app.state.service.engine)
    redis = await _redis(request.app.state.events.link)
    if database["state"] != "up":
        status, code = "unavailable", 503
    elif redis["state"] == "down":
        status, code = "degraded", 200
    else:
        status, code = "ready", 200
    body: dict[str, Any] = {"status": status, "database": database, "redis": redis}
    return JSONResponse(body, status_code=code, headers={"Cache-Control": "no-store"})


async def _database(engine: sa.Engine) -> dict[str, str]:
    def ping() -> None:
        with engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))

    try:
        await asyncio.wait_for(run_in_threadpool(ping), CHECK_SECONDS)
    except (sa.exc.SQLAlchemyError, OSError) as error:  # OSError: TimeoutError too
        return {"state": "down", "error": _said(error)}
    return {"state": "up"}


async def _redis(link: RedisLink) -> dict[str, str]:
    if link.redis is None:
        return {"state": "not configured"}
    try:
        await asyncio.wait_for(link.redis.ping(), CHECK_SECONDS)
    except FAILURES as error:  # a time-out too: TimeoutError is an OSError
        return {
            "state": "down",
            "error": _said(error),
            "effect": "live updates reach this worker's clients from the database, "
            "and rate limits are counted per worker",
        }
    return {"state": "up"}


def _said(error: BaseException) -> str:
    """The error's first line, shortened (SQLAlchemy appends the statement and a link)."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]
