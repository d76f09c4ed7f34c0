"""How many moves a seat may take back: at most ``Settings.undo_per_decision`` in one turn and
``Settings.undo_rate`` in any minute (issue 32: 777 move/take-back pairs at one table, every row
kept for good).

A turn is the seat's run of decisions since another player or chance last moved: the moves a
take-back may reach (``LiveTable.undo_refusal``), so the limit per turn bounds what one decision
can be tried over. Both counts are read from the table's stored take-backs (``table_events``,
with the time each was stored), so they hold across workers and restarts; time is the service's
clock. The payload's ``can_undo`` is false once a limit is reached, and ``undo_limit`` says which,
in words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hanse.server.errors import ApiError, RefusalError
from hanse.server.table_events import UNDO

if TYPE_CHECKING:
    from hanse.server.live_table import LiveTable

MINUTE = 60.0
# The refusals' words (``errors.RefusalError``: also said in the reader's language)
PER_TURN = "no more take-backs this turn: at most {most} in one turn"
PER_MINUTE = "too many take-backs: at most {most} a minute; try again in {seconds} s"


@dataclass(frozen=True)
class UndoLimits:
    per_turn: int = 3
    per_minute: int = 6

    def refusal(self, live: LiveTable, seat: int, now: float) -> ApiError | None:
        """Why `seat` may take back no more now (409 for the turn's, 429 for the minute's, with
        when to try again), or None."""
        turn_start = max((entry[0] for entry in live.log if entry[1] != seat), default=0)
        mine = [e for e in live.events if e.kind == UNDO and e.seat == seat]
        this_turn = sum(1 for e in mine if e.seq > turn_start)
        if this_turn >= self.per_turn:
            return RefusalError(
                409,
                "undo_per_turn",
                PER_TURN,
                {"most": self.per_turn},
                version=live.version,
            )
        recent = sorted(e.at for e in mine if e.at is not None and e.at > now - MINUTE)
        if len(recent) >= self.per_minute:
            wait = max(1, math.ceil(recent[-self.per_minute] + MINUTE - now))
            return RefusalError(
                429,
                "undo_rate",
                PER_MINUTE,
                {"most": self.per_minute, "seconds": wait},
                retry_after=wait,
            )
        return None

    def reason(self, live: LiveTable, seat: int) -> str | None:
        """The payload's ``undo_limit``: the refusal's words, or None."""
        refused = self.refusal(live, seat, live.now())
        return None if refused is None else refused.message
