"""Post-game analyses in the database: asked for once per finished table, computed by one worker
at a time under a lease, their progress and result stored as they go (``models.analyses``).

A worker claims a queued analysis by setting itself as ``holder`` until ``expires_at``; the claim
is one conditional UPDATE, so of two workers claiming at once exactly one succeeds. The holder
renews the lease with every batch of decisions it stores; one whose lease was taken over (it
stalled past the lease, and another worker's sweep took the analysis) stores nothing more. A worker
that dies leaves a lease that runs out: another takes the analysis up where the stored progress
ends (each decision is judged with its own seed, so the result is the same).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server.models import analyses

QUEUED, DONE, FAILED = "queued", "done", "failed"


@dataclass(frozen=True)
class StoredAnalysis:
    """An analysis as stored: its status, `done` of `total` decisions judged (total unknown until
    a worker planned it), the result (so far, while queued) and why it failed, if it did."""

    status: str
    budget: int
    seed: int
    done: int
    total: int | None
    result: dict[str, Any] | None
    error: str | None
    claims: int = 0  # how many times a worker took it up


class AnalysisStore:
    def __init__(self, engine: sa.Engine, clock: Any = time.time) -> None:
        self.engine = engine
        self.clock = clock  # seconds, as the bot leases count them

    def read(self, table_id: str) -> StoredAnalysis | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(analyses).where(analyses.c.table_id == table_id)).first()
        if row is None:
            return None
        return StoredAnalysis(
            row.status, row.budget, row.seed, row.done, row.total, row.result, row.error, row.claims
        )

    def request(self, table_id: str, budget: int, seed: int) -> StoredAnalysis:
        """The table's analysis, queued now if nobody asked for it before (once: the table's id
        is the key, so of two first requests one inserts and the other reads)."""
        known = self.read(table_id)
        if known is not None:
            return known
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    analyses.insert().values(
                        table_id=table_id,
                        status=QUEUED,
                        budget=budget,
                        seed=seed,
                        done=0,
                        requested_at=datetime.now(UTC),
                    )
                )
        except sa.exc.IntegrityError:
            pass
        stored = self.read(table_id)
        assert stored is not None
        return stored

    def claim(self, table_id: str, holder: str, ttl: float) -> StoredAnalysis | None:
        """The queued analysis for `holder` to compute, if no other worker holds a live lease on
        it (the holder's own lease is renewed)."""
        now = self.clock()
        with self.engine.begin() as conn:
            claimed = conn.execute(
                analyses.update()
                .where(
                    analyses.c.table_id == table_id,
                    analyses.c.status == QUEUED,
                    sa.or_(
                        analyses.c.holder.is_(None),
                        analyses.c.holder == holder,
                        analyses.c.expires_at < now,
                    ),
                )
                .values(
                    holder=holder,
                    expires_at=now + ttl,
                    claims=sa.case(
                        (analyses.c.holder == holder, analyses.c.claims),
                        else_=analyses.c.claims + 1,
                    ),
                )
            )
        return self.read(table_id) if claimed.rowcount == 1 else None

    def save(
        self, table_id: str, holder: str, result: dict[str, Any], ttl: float, finished: bool
    ) -> bool:
        """Store the result so far (all of it once `finished`) and renew the lease; false when
        `holder` no longer holds it (nothing is stored then)."""
        now = self.clock()
        values: dict[str, Any] = {
            "result": result,
            "done": int(result["done"]),
            "total": int(result["total"]),
            "expires_at": now + ttl,
        }
        if finished:
            values.update(status=DONE, expires_at=None, finished_at=datetime.now(UTC))
        with self.engine.begin() as conn:
            stored = conn.execute(
                analyses.update()
                .where(
                    analyses.c.table_id == table_id,
                    analyses.c.status == QUEUED,
                    analyses.c.holder == holder,
                )
                .values(**values)
            )
        return stored.rowcount == 1

    def fail(self, table_id: str, holder: str, error: str) -> None:
        """The analysis cannot be computed (a record that does not replay): said once, kept."""
        with self.engine.begin() as conn:
            conn.execute(
                analyses.update()
                .where(analyses.c.table_id == table_id, analyses.c.holder == holder)
                .values(status=FAILED, error=error[:2000], holder=None, expires_at=None)
            )

    def waiting(self) -> list[str]:
        """Queued analyses nobody holds a live lease on, oldest first."""
        now = self.clock()
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(analyses.c.table_id)
                .where(
                    analyses.c.status == QUEUED,
                    sa.or_(analyses.c.holder.is_(None), analyses.c.expires_at < now),
                )
                .order_by(analyses.c.requested_at)
            ).all()
        return [row.table_id for row in rows]
