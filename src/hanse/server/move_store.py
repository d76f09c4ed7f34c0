"""Storing moves: the statements every move runs, built once (building a SQLAlchemy statement
costs more than running it on SQLite), and the transaction's body that advances a table by its
moves with their clocks, turn notice and rating. ``tables.py`` holds the locks and the cache."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from hanse.core.protocol import CHANCE
from hanse.server import clock_store, notices, ratings
from hanse.server.clock import Now, moment, stored_moment
from hanse.server.clocks import TableClock
from hanse.server.live_table import LiveTable, Move
from hanse.server.models import game_tables, moves

HEAD = sa.select(
    game_tables.c.seq,
    game_tables.c.version,
    game_tables.c.status,
    game_tables.c.rematch,
    game_tables.c.notice,
    game_tables.c.updated_at,
    game_tables.c.time_control,
    game_tables.c.clock_started_at,
).where(game_tables.c.id == sa.bindparam("table_id"))
MOVES_AFTER = (
    sa.select(moves.c.seq, moves.c.player, moves.c.action)
    .where(
        moves.c.table_id == sa.bindparam("table_id"),
        moves.c.seq > sa.bindparam("after"),
        # Not past the head read before: the moves and the head agree (another worker may
        # store a move in between).
        moves.c.seq <= sa.bindparam("upto"),
        moves.c.undone == sa.false(),
    )
    .order_by(moves.c.seq)
)
# A table is changed only from the seq and version it was read at: of two changes made from
# one reading, one is stored.
FROM_READ = game_tables.update().where(
    game_tables.c.id == sa.bindparam("table_id"),
    game_tables.c.seq == sa.bindparam("old_seq"),
    game_tables.c.version == sa.bindparam("old_version"),
)
ADVANCE = FROM_READ.values(
    seq=sa.bindparam("new_seq"),
    version=game_tables.c.version + sa.bindparam("decisions"),
    status=sa.bindparam("new_status"),
    decider=sa.bindparam("new_decider"),
    updated_at=sa.bindparam("at"),
    clock_started_at=sa.bindparam("clock_started"),
)
INSERT_MOVES = moves.insert()
# A change without a move (a move taken back, a seat left to a bot) moves the table's seq and
# version on (no move row is added or deleted), so that every worker's cache and every move
# chosen before it are seen to be stale.
CHANGED = FROM_READ.values(
    seq=game_tables.c.seq + 1,
    version=game_tables.c.version + 1,
    updated_at=sa.bindparam("at"),
)
MARK_UNDONE = (
    moves.update()
    .where(moves.c.table_id == sa.bindparam("move_table"), moves.c.seq == sa.bindparam("move_seq"))
    .values(undone=True)
)


def advance(
    conn: sa.Connection, table: LiveTable, seq: int, made: list[Move], after: Any, now: Now
) -> tuple[TableClock | None, bool]:
    """Advance the table from `seq` by `made` moves, only if nobody advanced it first; the
    clocks with them (the mover charged, the next person's clock started), and whether the
    game ended rated: returned."""
    over = table.game.is_terminal(after)
    player = table.game.current_player(after)
    decisions = sum(1 for m in made if m.player != CHANCE)
    clock = clock_store.after_moves(conn, table, made, None if over else int(player), now())
    updated = conn.execute(
        ADVANCE,
        {
            "table_id": table.id,
            "old_seq": seq,
            "old_version": table.version,
            "new_seq": seq + len(made),
            "decisions": decisions,
            "new_status": "finished" if over else "playing",
            "new_decider": None if over else int(player),
            "at": moment(now),
            "clock_started": None
            if clock is None or clock.started is None
            else stored_moment(clock.started),
        },
    )
    if updated.rowcount != 1:
        raise sa.exc.IntegrityError("table advanced", None, Exception("race"))
    # The turn notice leaves with the move or not at all (DESIGN.md, the outbox); at the
    # start (seq 0) nobody decided before.
    old_decider = table.decider if seq > 0 else None
    new_decider = None if over else int(player)
    version = table.version + decisions
    signed_in = new_decider is not None and table.seats[new_decider].account_id is not None
    notices.queue_turn(
        conn, table.id, table.mode, old_decider, new_decider, version, now(), signed_in
    )
    if made:
        stored_at = moment(now)
        conn.execute(
            INSERT_MOVES,
            [
                {
                    "table_id": table.id,
                    "seq": seq + number,
                    "player": move.player,
                    "action": move.text,
                    "created_at": stored_at,
                }
                for number, move in enumerate(made, start=1)
            ],
        )
    rated = False
    if over:  # rated with the move that ends the game, once (ratings.py)
        result = (table.game.scores(after), table.game.winners(after))
        rated = ratings.settle(conn, table.id, table.game_id, table.players, result)
    return clock, rated
