"""A table's analysis is queued once and computed by one worker at a time: a lease in the
database, renewed as the progress is stored, taken over once it runs out (the worker died), with
the progress kept; a worker whose lease was taken over stores nothing more."""

from __future__ import annotations

from typing import Any

from hanse.server import storage
from hanse.server.analysis_store import DONE, QUEUED, AnalysisStore
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def _result(done: int, total: int) -> dict[str, Any]:
    return {"done": done, "total": total, "decisions": [{"step": s} for s in range(done)]}


def test_one_worker_computes_an_analysis_until_its_lease_runs_out(database_url: str) -> None:
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    clock = Clock()
    first, second = AnalysisStore(engine, clock), AnalysisStore(engine, clock)  # two workers
    try:
        spec = TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("bot", "random")] * 3)
        table_id, _ = TableService(engine).create(spec)
        assert first.read(table_id) is None
        asked = first.request(table_id, budget=7, seed=0)
        again = second.request(table_id, budget=99, seed=5)  # asked twice: queued once
        assert (asked.status, again.status, again.budget, again.seed) == (QUEUED, QUEUED, 7, 0)
        assert first.waiting() == [table_id]

        claimed = first.claim(table_id, "worker-1", ttl=60)
        assert claimed is not None and claimed.done == 0 and claimed.result is None
        assert second.claim(table_id, "worker-2", ttl=60) is None
        assert second.waiting() == []  # held: no sweep takes it
        clock.now += 30
        assert first.save(table_id, "worker-1", _result(4, 10), ttl=60, finished=False)
        clock.now += 59  # renewed by the save: still worker-1's
        assert second.claim(table_id, "worker-2", ttl=60) is None

        clock.now += 2  # worker-1 died: its lease ran out, the sweep and worker-2 take over
        assert second.waiting() == [table_id]
        taken = second.claim(table_id, "worker-2", ttl=60)
        assert taken is not None and taken.done == 4 and taken.total == 10
        assert taken.result == _result(4, 10)  # the progress kept, to go on from
        # worker-1 comes back late: it stores nothing more
        assert not first.save(table_id, "worker-1", _result(5, 10), ttl=60, finished=False)
        assert second.save(table_id, "worker-2", _result(10, 10), ttl=60, finished=True)
        stored = first.read(table_id)
        assert stored is not None and stored.status == DONE and stored.done == 10
        assert stored.claims == 2  # worker-1, then worker-2 (worker-1's renewals are no claims)
        assert first.claim(table_id, "worker-1", ttl=60) is None  # done: nothing to take
        assert first.waiting() == []
    finally:
        engine.dispose()
