"""The FastAPI application of ``hanse serve``: its parts, wired at start-up, closed at the end."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from hanse import __version__
from hanse.server import (
    analysis_api,
    analysis_pages,
    health,
    invite_pages,
    ladder_api,
    ladder_pages,
    notice_pages,
    outbox_worker,
    pages,
    rating_pages,
    replay_pages,
    serving_claim,
    storage,
    tournament_api,
    tournament_pages,
)
from hanse.server.account_api import router as account_router
from hanse.server.analysis_jobs import AnalysisRunner
from hanse.server.analysis_store import AnalysisStore
from hanse.server.api import router
from hanse.server.bots import BotRunner
from hanse.server.clock_api import router as clock_router
from hanse.server.errors import DATABASE_AWAY, REDIS_AWAY, SERVICE_AWAY, ApiError, RefusalError
from hanse.server.events import Events
from hanse.server.hot_routes import HotRoutes
from hanse.server.ladder_pairing import LadderPairing, Rules
from hanse.server.limits import BodyLimit, RateLimiter
from hanse.server.live_api import router as live_router
from hanse.server.program_api import router as program_router
from hanse.server.security import CookieSigner
from hanse.server.serving_claim import ServingClaim, ServingConflictError
from hanse.server.settings import Settings
from hanse.server.sharing_check import SharingCheck
from hanse.server.signin import SignInGuard
from hanse.server.tables import TableService
from hanse.server.tournament_rounds import Rounds, TournamentDirector
from hanse.server.tournament_service import TournamentService
from hanse.server.undo_limits import UndoLimits
from hanse.server.upkeep import Upkeep
from hanse.web import STATIC
from hanse.web.i18n import choose, translations

log = logging.getLogger("hanse.server")


def _no_telemetry() -> dict[str, Any]:
    """FastAPI's own OpenTelemetry hooks switched off, where this FastAPI has them (0.16x on).
    The server's figures are its Prometheus metrics (metrics.py); left on, every request asked
    OpenTelemetry (and the environment) whether a provider had been set up: about 3% of the
    CPU of a request."""
    if "telemetry" not in inspect.signature(FastAPI.__init__).parameters:
        return {}
    off = {"tracing": False, "metrics": False, "logs": False, "operation_spans": False}
    return {"telemetry": off}


async def _keep_claim(
    claim: ServingClaim, service: TableService, sharing: SharingCheck | None
) -> None:
    """Look after the worker's claim of its database (serving_claim.py) while it serves, and
    where workers share it, whether they share this worker's Redis (sharing_check.py)."""
    while True:
        await asyncio.sleep(serving_claim.CHECK_SECONDS)
        if await asyncio.to_thread(claim.kept):
            if sharing is not None:
                await sharing.check()
            continue
        if service.exclusive:
            service.exclusive = False  # its copies may miss the other's moves: read the database
            log.error(
                "another Hanse server took this database while the connection to it was lost; "
                "this worker now reads every table from the database. Servers that share a "
                "database must each be given Redis (--redis-url or HANSE_REDIS_URL)"
            )
        else:
            log.error(
                "a Hanse server without Redis took this database while the connection to it was "
                "lost; it answers from its own copies and misses this worker's moves: stop it"
            )
        return


def create_app(settings: Settings, migrate: bool = True) -> FastAPI:
    """The application; `migrate=False` where ``hanse serve`` already migrated once for all."""
    settings = settings.with_secret()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = storage.create_engine(settings.database_url)
        if migrate:
            storage.migrate(engine)
        claim = ServingClaim(engine, exclusive=settings.redis_url is None)
        try:
            claim.take()
        except ServingConflictError as conflict:
            log.error("%s", conflict)
            engine.dispose()
            raise
        service = TableService(
            engine,
            exclusive=claim.exclusive,
            turn_limits={"live": settings.live_turn_limit, "async": settings.async_turn_limit},
            vacation_days=settings.vacation_days,
        )
        events = Events(settings.redis_url)
        if not service.exclusive:  # moves heard from the other workers (hearing.py)
            events.hearer = service
        await events.start()
        bots = BotRunner(service, events, settings.bot_processes, settings.sweep_seconds)
        await bots.start()
        app.state.analysis_store = AnalysisStore(engine)
        analyses = AnalysisRunner(
            service, app.state.analysis_store, settings.analysis_processes, settings.sweep_seconds
        )
        await analyses.start()
        app.state.analyses = analyses
        book, links, outbox = outbox_worker.from_settings(settings, engine, service)
        app.state.notice_book, app.state.notice_links = book, links
        await outbox.start()
        service.undo_limits = UndoLimits(settings.undo_per_decision, settings.undo_rate)
        upkeep = Upkeep(
            engine,
            settings.upkeep_seconds,
            settings.waiting_days,
            settings.chat_days,
            live_of=service.live,  # a table replayed, to rate it where that failed at its end
        )
        await upkeep.start()
        app.state.tournaments = TournamentService(engine)
        app.state.tournament_rounds = Rounds(service)
        director = TournamentDirector(app.state.tournament_rounds, settings.tournament_seconds)
        await director.start()
        ladder = LadderPairing(service, bots, Rules.of(settings))
        await ladder.start()
        app.state.settings = settings
        app.state.service = service
        app.state.events = events
        app.state.bots = bots
        app.state.limiter = RateLimiter(settings.redis_url)
        app.state.signin_guard = SignInGuard(app.state.limiter)
        app.state.signer = CookieSigner(settings.secret_key)
        app.state.hot_routes = True  # hot_routes.py: a move's two requests without the router
        # What start-up made lives as long as the server: keep the collector off it, and let it
        # run less often (a move allocates many short-lived objects; full passes make p99).
        # `hanse serve` switched it off for start-up; this is where it is switched on again.
        hearing = service.hearing
        sharing = None if hearing is None else SharingCheck(claim, events, hearing)
        keeping = asyncio.create_task(_keep_claim(claim, service, sharing))
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 50, 100)
        gc.enable()
        watch = None
        if settings.metrics:
            from hanse.server import metrics  # prometheus-client only where metrics are on

            watch = asyncio.create_task(metrics.watch_bot_queue(lambda: bots.queue_length))
        try:
            yield
        finally:
            if watch is not None:
                watch.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch
                metrics.worker_ended()
            keeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeping
            await ladder.stop()
            await director.stop()
            await upkeep.stop()
            await outbox.stop()
            await analyses.stop()
            await bots.stop()
            await events.stop()
            await app.state.limiter.close()
            engine.dispose()
            claim.release()

    # Swagger UI's files are served by the server itself: the tables must work offline on a LAN.
    app = FastAPIOffline(
        title="Hanse",
        version=__version__,
        description="Web tables for Lübeck, Hansa Teutonica, Kogge and Die Speicherstadt.",
        lifespan=lifespan,
        **_no_telemetry(),
    )
    app.include_router(router)
    app.include_router(account_router)
    app.include_router(live_router)
    app.include_router(clock_router)
    app.include_router(program_router)
    app.include_router(ladder_api.router)
    app.include_router(health.router)
    app.include_router(pages.router)
    app.include_router(invite_pages.router)
    app.include_router(replay_pages.router)
    app.include_router(analysis_api.router)
    app.include_router(analysis_pages.router)
    app.include_router(rating_pages.router)
    app.include_router(ladder_pages.router)
    app.include_router(notice_pages.router)
    app.include_router(tournament_api.router)
    app.include_router(tournament_pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # The innermost of the application's own middleware: inside the body limit and the metrics.
    app.add_middleware(HotRoutes, routes=router.routes)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    if settings.metrics:
        from hanse.server import metrics

        app.add_middleware(metrics.MetricsMiddleware)
        allowed = metrics.Networks(settings.metrics_from)
        app.add_api_route("/metrics", metrics.endpoint(allowed), include_in_schema=False)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> Response:
        body = error.body()
        if isinstance(error, RefusalError):  # also in the reader's language, for the pages' scripts
            body["message"] = error.said(translations(_reader_language(request)).gettext)
        if pages.is_page(request):
            return pages.error_page(request, error.status, body.get("message", error.message))
        headers = {"Retry-After": str(error.extra["retry_after"])} if error.status == 429 else None
        return JSONResponse(body, status_code=error.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        """An unknown address or method: a page for a person, JSON for a program."""
        if pages.is_page(request):
            return pages.error_page(request, error.status_code, str(error.detail))
        return JSONResponse(
            {"detail": error.detail}, status_code=error.status_code, headers=error.headers
        )

    async def unavailable(request: Request, error: Exception) -> Response:
        """The database (or a Redis call nothing falls back from) is away: 503, said so, in
        JSON for a program and a page for a person, never a bare 500."""
        database = isinstance(error, sa.exc.SQLAlchemyError)
        said = (str(error).splitlines() or [type(error).__name__])[0]
        what = "the database" if database else "Redis"
        log.warning("%s %s: %s is unreachable (%s)", request.method, request.url.path, what, said)
        message = DATABASE_AWAY if database else REDIS_AWAY
        if pages.is_page(request):
            response = pages.error_page(request, 503, message)
            response.headers["Retry-After"] = "5"
            return response
        return JSONResponse({"detail": message}, status_code=503, headers={"Retry-After": "5"})

    for unreachable in SERVICE_AWAY:
        app.add_exception_handler(unreachable, unavailable)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for problem in error.errors():
            where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body")
            problems.append(f"{where or 'body'}: {problem.get('msg', 'invalid')}")
        return JSONResponse({"detail": "; ".join(problems)}, status_code=422)

    return app


def _reader_language(request: Request) -> str:
    """The language of the page a request comes from: its language cookie, else the browser's."""
    return choose(
        None, request.cookies.get(pages.LANG_COOKIE), request.headers.get("accept-language")
    )


def app_from_environ() -> FastAPI:
    """The application of a uvicorn worker process, configured by ``HANSE_*`` variables."""
    return create_app(Settings.from_environ().with_secret(), migrate=False)
