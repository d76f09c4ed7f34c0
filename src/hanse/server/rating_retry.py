"""Rating a finished table again where rating it failed (issue 33).

A table is rated in the transaction that stores its last move (``ratings.settle``); should the
rating fail there (an error in the rating, a statement refused), the move stands and the table's
``rated`` stays null. Every other finished table has it set (true or false) in that same
transaction, or was set false by migration 0009, so a finished table with ``rated`` null is one
whose rating failed, or one that ended otherwise (its time ran out and the others agreed, or it
was finished on upgrading). The upkeep sweep (``upkeep.py``) hands each to :func:`retry_unrated`:
a table whose game ended with its last move is rated by ``settle``, any other is marked not
rated. Both claim the table where ``rated`` is still null, so of two workers sweeping at once
exactly one rates it; the other finds it claimed and does nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from hanse.server import ratings
from hanse.server.errors import ApiError
from hanse.server.models import game_tables

log = logging.getLogger("hanse.server.ratings")
BATCH = 50  # tables a pass looks at: the rest wait for the next pass


def unrated(engine: sa.Engine, limit: int = BATCH) -> list[str]:
    """Finished tables not claimed by a rating yet, the longest finished first."""
    with engine.connect() as conn:
        return list(
            conn.execute(
                sa.select(game_tables.c.id)
                .where(game_tables.c.status == "finished", game_tables.c.rated.is_(None))
                .order_by(game_tables.c.updated_at, game_tables.c.id)
                .limit(limit)
            ).scalars()
        )


def result_of(live: Any) -> tuple[list[int], list[int]] | None:
    """The scores and winners of a table whose game ended with its last move, else None (it
    was finished on upgrading, or ended without a result)."""
    if live.notice is not None or not live.game.is_terminal(live.state):
        return None
    return list(live.game.scores(live.state)), list(live.game.winners(live.state))


def retry_unrated(engine: sa.Engine, live_of: Callable[[str], Any]) -> int:
    """Rate (or mark unrated) each finished table still unclaimed, `live_of` replaying it
    (``TableService.live``); how many this call rated. A table whose rating fails again stays
    unclaimed for the next pass."""
    rated = 0
    for table_id in unrated(engine):
        try:
            live = live_of(table_id)
        except ApiError as error:  # a table this version cannot replay: left as it is
            log.warning("rating table %s again: %s", table_id, error.message)
            continue
        result = result_of(live)
        with engine.begin() as conn:
            if result is None:
                conn.execute(
                    game_tables.update()
                    .where(game_tables.c.id == table_id, game_tables.c.rated.is_(None))
                    .values(rated=False)
                )
                continue
            if ratings.settle(conn, table_id, live.game_id, live.players, result):
                log.info("rated table %s on a later pass", table_id)
                rated += 1
    return rated
