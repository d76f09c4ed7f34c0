"""Bot seats: they move by themselves, through the same submit path as people.

A bot decision is claimed with a lease in the database (``TableService.claim_bot_turn``), so with
several workers exactly one thinks about it; should that worker die, the lease runs out and
another worker's sweep takes the decision over. Even a doubled move could not be stored twice: it
is submitted at the version it was chosen at. The same sweep hands a seat whose clock ran out to
a bot (``timeouts.py``). The thinking runs in worker processes, never in the
event loop, and sees only the seat's view and legal actions, exactly what a person's client gets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any

from starlette.concurrency import run_in_threadpool

from hanse.bots import make_bot
from hanse.games import make
from hanse.server.errors import ApiError
from hanse.server.events import Events
from hanse.server.table_specs import BotTurn
from hanse.server.tables import TableService
from hanse.server.timeouts import TimeOuts

log = logging.getLogger("hanse.server")
LEASE_SECONDS = 15.0
PARENT_CHECK_SECONDS = 1.0


@lru_cache(maxsize=64)
def _game(game_id: str, players: int, flags: tuple[tuple[str, Any], ...]) -> Any:
    return make(game_id, players, **dict(flags))


@lru_cache(maxsize=16)
def _bot(level: str) -> Any:
    return make_bot(level)


def _leave_with_parent(parent: int) -> None:
    """A bot worker ends when the server that started it is gone (killed with -9, its pool never
    shut down): it would otherwise idle on as an orphan until the machine stops."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="hanse-parent-watch", daemon=True).start()


def think(turn: BotTurn) -> str:
    """The bot's move, in a worker process: its notation."""
    game = _game(turn.game, turn.players, tuple(sorted(turn.flags.items())))
    legal = [game.action_from_str(text) for text in turn.legal]
    rng = random.Random(random.SystemRandom().randrange(2**63))
    action = _bot(turn.level).act(game, turn.view, legal, rng)
    return str(game.action_to_str(action))


class BotRunner:
    def __init__(
        self, service: TableService, events: Events, processes: int, sweep_seconds: float
    ) -> None:
        self.service = service
        self.events = events
        self.processes = max(1, processes)
        self.sweep_seconds = sweep_seconds
        self.holder = uuid.uuid4().hex
        self._pool: ProcessPoolExecutor | None = None
        self._active: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: the server process has threads and open database connections.
        return ProcessPoolExecutor(
            self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_leave_with_parent,
            initargs=(os.getpid(),),
        )

    async def start(self) -> None:
        self._pool = self._new_pool()
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._tasks):
            task.cancel()
        waited = [*self._tasks] + ([self._sweeper] if self._sweeper is not None else [])
        for task in waited:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    @property
    def queue_length(self) -> int:
        """Tables whose bot decision this worker is claiming, thinking about or storing."""
        return len(self._active)

    def poke(self, table_id: str) -> None:
        """A bot may have a decision at this table: let it think (once per table at a time)."""
        if table_id in self._active:
            return
        self._active.add(table_id)
        task = asyncio.create_task(self._play(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, table_id: str) -> None:
        try:
            while True:
                turn = await run_in_threadpool(
                    self.service.claim_bot_turn, table_id, self.holder, LEASE_SECONDS
                )
                if turn is None:
                    return
                text = await self._think(turn)
                try:
                    done = await run_in_threadpool(
                        self.service.submit, table_id, turn.seat, text, turn.version, True
                    )
                except ApiError as error:  # someone else's move came first: look again
                    log.info("bot move at %s not stored: %s", table_id, error.message)
                    continue
                await self.events.publish(table_id, done.seq, news=done.news)
                if not done.bot_to_move:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot's failure must not take the server down; the sweep retries
            log.exception("bot at table %s failed", table_id)
        finally:
            self._active.discard(table_id)

    async def _think(self, turn: BotTurn) -> str:
        loop = asyncio.get_running_loop()
        assert self._pool is not None
        try:
            return await loop.run_in_executor(self._pool, think, turn)
        except BrokenProcessPool:
            self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, think, turn)

    async def _sweep(self) -> None:
        time_outs = TimeOuts(self.service)
        while True:
            try:
                await self._time_outs(time_outs)
                for table_id in await run_in_threadpool(self.service.tables_awaiting_bots):
                    self.poke(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup; the next sweep tries again
                log.exception("bot sweep failed")
            await asyncio.sleep(self.sweep_seconds)

    async def _time_outs(self, time_outs: TimeOuts) -> None:
        """Tables whose running clock is out: a bot takes the seat (once, whichever worker
        stores it first) and thinks at once."""
        for table_id in await run_in_threadpool(time_outs.tables_out_of_time):
            done = await run_in_threadpool(time_outs.time_out, table_id)
            if done is not None:
                log.info("time ran out at table %s: a bot plays on", table_id)
                await self.events.publish(table_id, done.seq)
                self.poke(table_id)
