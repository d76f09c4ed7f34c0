"""Workers of one database that do not share one Redis.

Workers that share a database must share one Redis (``docs/deploy.md``): each hears the others'
moves through it, and answers reads from its cached tables on the strength of what it heard
(``hearing.py``). A unit given another Redis (a typing error in one unit's settings) would start,
and serve tables that the others changed unheard. Nothing at start-up can tell: each worker
sees a Redis and a database. So each worker compares, as often as it looks after its claim
(``serving_claim.CHECK_SECONDS``), how many
workers serve its database (those holding the claim, ``serving_claim.py``) with how many listen
to the live events on its Redis (``PUBSUB NUMSUB``). Fewer listening than serving, twice in a row
(a worker just started, or whose Redis link is down for a moment, is not yet or not now
listening), means a worker this one cannot hear: it says so in its log and reads every table
from the database until the two agree again. A worker that hangs, or whose host died, is such a
worker too until PostgreSQL ends its session (its TCP keep-alive settings: deploy.md): reading
the database meanwhile is right, only slower.

More listening than serving is no fault: deployments on other schemas, or tools, may listen to
the same Redis. Where either count cannot be told (SQLite, a database or Redis away), nothing is
concluded.
"""

from __future__ import annotations

import asyncio
import logging

from hanse.server.events import Events
from hanse.server.hearing import Hearing
from hanse.server.serving_claim import ServingClaim

log = logging.getLogger("hanse.server")

TIMES_IN_A_ROW = 2
"""How many checks in a row must find fewer listening than serving."""


class SharingCheck:
    def __init__(self, claim: ServingClaim, events: Events, hearing: Hearing) -> None:
        self.claim = claim
        self.events = events
        self.hearing = hearing
        self._short = 0  # checks in a row that found fewer listening than serving

    async def check(self) -> None:
        """Compare the two counts once, and act on what they say (module docstring)."""
        serving = await asyncio.to_thread(self.claim.sharers)
        listening = await self.events.listeners()
        if serving is None or listening is None:
            return
        if listening >= serving:
            self._short = 0
            if self.hearing.unheard_workers:
                self.hearing.unheard_workers = False
                log.warning(
                    "every worker of this database listens on this worker's Redis again: "
                    "tables are answered from this worker's copies again"
                )
            return
        self._short += 1
        if self._short >= TIMES_IN_A_ROW and not self.hearing.unheard_workers:
            self.hearing.unheard_workers = True
            log.error(
                "workers serving this database: %d; listening on this worker's Redis: %d. A "
                "worker uses another Redis (or hangs, its database session still open), and "
                "its moves are not heard here: this worker now reads every table from the "
                "database. Every unit that shares a database must be given the same Redis "
                "(docs/deploy.md)",
                serving,
                listening,
            )
