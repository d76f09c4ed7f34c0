"""Post-game analyses computed in the background: queued on request, judged in a process pool of
their own at a lower CPU priority, so that they never take the bots of live tables their turn.

The bots' pool (``bots.py``) keeps its processes for live tables; analyses get their own small
pool (``analysis_processes``, one by default), whose processes run at a niceness of
:data:`NICENESS`: on a busy machine the operating system gives the bots' and the server's work the
processor first. A worker takes an analysis under a lease in the database
(``analysis_store.py``), so with several workers exactly one computes it; it judges the decisions
a few seconds' worth at a time, storing the progress and renewing the lease after each batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from hanse.analysis import Analysis, DecisionEvaluation, choice_steps, evaluate_decision
from hanse.analysis.game_analysis import decision_rng
from hanse.core.match import iter_replay
from hanse.core.protocol import IllegalActionError
from hanse.core.record import MatchRecord
from hanse.server.analysis_store import AnalysisStore, StoredAnalysis
from hanse.server.bots import _game, _leave_with_parent
from hanse.server.errors import ApiError
from hanse.server.tables import TableService

log = logging.getLogger("hanse.server")
LEASE_SECONDS = 60.0
BATCH_SECONDS = 3.0  # judged between two stores of the progress
NICENESS = 10


def _start_process(parent: int) -> None:
    os.nice(NICENESS)  # below the server and the bots' processes
    _leave_with_parent(parent)


@dataclass(frozen=True)
class Batch:
    """Decisions of a record to judge in a pool process: `steps` in order, until `seconds` have
    passed (at least one)."""

    record: dict[str, Any]
    steps: tuple[int, ...]
    budget: int
    seed: int
    seconds: float


def plan(record_json: dict[str, Any]) -> list[int]:
    """The steps an analysis judges: every seat's decisions with a choice."""
    return choice_steps(MatchRecord.from_json(record_json))


def judge(batch: Batch) -> list[dict[str, Any]]:
    """A batch's decisions judged (in a pool process), as JSON."""
    record = MatchRecord.from_json(batch.record)
    game = _game(record.game_id, record.num_players, tuple(sorted(record.flags.items())))
    wanted = set(batch.steps)
    deadline = time.monotonic() + batch.seconds
    judged: list[dict[str, Any]] = []
    state = game.new_initial_state()
    for step, (player, action, after) in enumerate(iter_replay(record, game), start=1):
        if step in wanted:
            rng = decision_rng(batch.seed, step)
            evaluation = evaluate_decision(game, state, player, action, step, batch.budget, rng)
            judged.append(evaluation.to_json())
            if time.monotonic() >= deadline or len(judged) == len(wanted):
                break
        state = after.clone()
    return judged


class AnalysisRunner:
    def __init__(
        self,
        service: TableService,
        store: AnalysisStore,
        processes: int,
        sweep_seconds: float,
    ) -> None:
        self.service = service
        self.store = store
        self.processes = max(1, processes)
        self.sweep_seconds = sweep_seconds
        self.holder = uuid.uuid4().hex
        self._pool: ProcessPoolExecutor | None = None  # started with the first analysis
        self._active: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        tasks = [*self._tasks] + ([self._sweeper] if self._sweeper is not None else [])
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def poke(self, table_id: str) -> None:
        """An analysis may wait at this table: compute it here if no other worker does."""
        if table_id in self._active:
            return
        self._active.add(table_id)
        task = asyncio.create_task(self._compute(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _in_pool(self, function: Any, argument: Any) -> Any:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = self._new_pool()
        try:
            return await loop.run_in_executor(self._pool, function, argument)
        except BrokenProcessPool:
            self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, function, argument)

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_process,
            initargs=(os.getpid(),),
        )

    async def _compute(self, table_id: str) -> None:
        try:
            claimed = await run_in_threadpool(
                self.store.claim, table_id, self.holder, LEASE_SECONDS
            )
            if claimed is not None:
                await self._judge_all(table_id, claimed)
        except asyncio.CancelledError:
            raise
        except (ApiError, IllegalActionError) as error:  # no record, or one that does not replay
            message = getattr(error, "message", None) or str(error)
            log.warning("analysis of table %s failed: %s", table_id, message)
            await run_in_threadpool(self.store.fail, table_id, self.holder, message)
        except Exception:  # a database hiccup: the lease runs out, the sweep tries again
            log.exception("analysis of table %s stopped", table_id)
        finally:
            self._active.discard(table_id)

    async def _judge_all(self, table_id: str, claimed: StoredAnalysis) -> None:
        record = await run_in_threadpool(self.service.record, table_id)
        steps = await self._in_pool(plan, record)
        so_far = claimed.result["decisions"] if claimed.result else []
        decisions = [DecisionEvaluation.from_json(d) for d in so_far]
        judged = {d.step for d in decisions}
        remaining = [step for step in steps if step not in judged]
        analysis = Analysis(
            record["game"],
            record["num_players"],
            list(range(record["num_players"])),
            claimed.budget,
            claimed.seed,
            len(steps),
            decisions,
        )
        log.info("analysis of table %s: %d decisions to judge", table_id, len(remaining))
        while True:
            finished = not remaining
            kept = await run_in_threadpool(
                self.store.save, table_id, self.holder, analysis.to_json(), LEASE_SECONDS, finished
            )
            if not kept or finished:
                if not kept:
                    log.info("analysis of table %s taken over by another worker", table_id)
                return
            batch = Batch(record, tuple(remaining), claimed.budget, claimed.seed, BATCH_SECONDS)
            new = [DecisionEvaluation.from_json(d) for d in await self._in_pool(judge, batch)]
            analysis.decisions.extend(new)
            remaining = remaining[len(new) :]

    async def _sweep(self) -> None:
        """Analyses queued and held by nobody (never taken, or their worker died): take them."""
        while True:
            try:
                for table_id in await run_in_threadpool(self.store.waiting):
                    self.poke(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("analysis sweep failed")
            await asyncio.sleep(self.sweep_seconds)
