"""What a worker hears of the moves stored through the other workers, so that it can answer a
read from its cache instead of the database.

With several workers no worker's cache is the table: another worker may have stored a move since.
Each stored move is published to every worker (``events.py``), and its news carries the moves
themselves (:class:`MoveNews`): a worker whose cached table is at the seq and version the moves
were made from replays them (as it would after reading them from the database), so its cache
stays current without a read. Before a read is answered from the cache, the worker makes sure it
has heard every move published before the read arrived (``Events.barrier``: a PING on its pub/sub
connection, which Redis answers after every message published before it). The cached table is
then the table if, besides:

- its seq is at least the newest seq heard for it (a change heard but not replayed here, such as
  a take-back, a seat handed to a bot, or moves that found the cache elsewhere, is read from the
  database);
- the listener has not lost Redis since the table was last read from the database (the *epoch*:
  news may have been missed meanwhile);
- it was read from the database at most :data:`TRUSTED_SECONDS` ago. This bounds what a move
  whose news never left its worker can hide: one stored just before its worker died, or whose
  publishing failed while the others still heard Redis. A move chosen at such a stale version is
  refused as stale anyway (the write checks the table's seq), and the refusal reads afresh.

As for the only worker's cache (``TableService.exclusive``), only a game under way without a
clock is answered from the cache: a clock is read afresh at each read, and the end of a game
(ratings, the rematch) is read from the database.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import orjson

if TYPE_CHECKING:
    from hanse.server.live_table import LiveTable

TRUSTED_SECONDS = 10.0
"""How long a table read from the database may be answered from the cache without another read."""

HEARD_KEPT = 65_536
"""Tables whose newest seq a worker remembers (the least recently heard are forgotten first).
Forgetting one is safe unless a read of that very table from the database is under way while
65,536 other tables are heard of; then a read might be answered from the cache at most
:data:`TRUSTED_SECONDS` stale."""


@dataclass(frozen=True)
class MoveNews:
    """Moves stored at a table: from seq `old_seq` and version `old_version` to `seq` and
    `version`, at `at` (seconds since the epoch), each move as (player, notation)."""

    old_seq: int
    old_version: int
    seq: int
    version: int
    at: float
    made: tuple[tuple[int, str], ...]

    def to_text(self) -> str:
        return orjson.dumps(
            [self.old_seq, self.old_version, self.seq, self.version, self.at, self.made]
        ).decode()

    @classmethod
    def from_text(cls, text: str) -> MoveNews | None:
        """The news written by :meth:`to_text`; None for anything else (a worker of another
        version may write otherwise: its news is then only a seq)."""
        try:
            old_seq, old_version, seq, version, at, made = orjson.loads(text)
            moves = tuple((int(player), str(notation)) for player, notation in made)
            return cls(int(old_seq), int(old_version), int(seq), int(version), float(at), moves)
        except (ValueError, TypeError):
            return None


class Hearing:
    """One worker's record of what it heard: the newest seq of each table, and its epoch."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.epoch = 0
        self._newest: OrderedDict[str, int] = OrderedDict()
        # Some worker of this database is not heard here (another Redis: ``sharing_check.py``):
        # no cached table is the table.
        self.unheard_workers = False

    def heard(self, table_id: str, seq: int) -> None:
        """Table `table_id` was changed up to `seq` through some worker."""
        newest = self._newest.pop(table_id, 0)
        self._newest[table_id] = max(newest, seq)
        if len(self._newest) > HEARD_KEPT:
            self._newest.popitem(last=False)

    def newest(self, table_id: str) -> int:
        return self._newest.get(table_id, 0)

    def deaf(self) -> None:
        """The listener lost Redis (or has not heard it yet): news may have been missed, so no
        table read before now is answered from the cache again before it is read afresh."""
        self.epoch += 1

    def checked(self, live: LiveTable, epoch: int) -> None:
        """`live` was just read from the database, in a read that began in `epoch`."""
        live.heard_epoch = epoch
        live.checked_at = self.clock()

    def trusts(self, live: LiveTable) -> bool:
        """Whether the cached `live` is the table (call after a barrier, see the module)."""
        return (
            not self.unheard_workers
            and live.heard_epoch == self.epoch
            and self.clock() - live.checked_at < TRUSTED_SECONDS
            and live.seq >= self.newest(live.id)
        )
