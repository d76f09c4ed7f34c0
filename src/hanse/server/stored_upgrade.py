"""Stored tables of an older notation, carried over to their game's current one (on start).

Called by the migration that ships a notation change (0007 for Kogge's notations 1 and 2), in its
transaction. For every table whose ``notation`` is older than its game's:

- its move and event rows are copied unchanged to ``moves_old`` and ``table_events_old`` (with
  the notation they are written in), so nothing stored is lost;
- its moves are replayed on the current rules through the game's upgrader
  (:mod:`hanse.core.upgrade`) and written again in the current notation. One old move may stand
  for several current ones, so moves and events are numbered afresh (a taken-back move's event
  names the first of the moves it became; the moves taken back are translated too, on a copy
  of the state, and stay taken back). ``seq`` and ``version`` grow by the moves added;
- a table the current rules would have played otherwise (:class:`NotCarriedOverError`) keeps the
  moves up to the first that cannot be carried over, and is finished with a ``notice`` saying
  why: it reads as a finished table (its record, its replay), never as an error.

Bot leases of an upgraded table are dropped: they name versions that moved.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from hanse.core.protocol import CHANCE
from hanse.core.upgrade import NotCarriedOverError, Upgrader, current_version, written_in
from hanse.games import UnknownGameError, game_class

log = logging.getLogger(__name__)

_meta = sa.MetaData()
# The columns this module reads and writes, as migration 0007 leaves them.
_tables = sa.Table(
    "tables",
    _meta,
    sa.Column("id", sa.String(32)),
    sa.Column("game", sa.String(40)),
    sa.Column("players", sa.Integer),
    sa.Column("flags", sa.JSON),
    sa.Column("status", sa.String(10)),
    sa.Column("seq", sa.Integer),
    sa.Column("version", sa.Integer),
    sa.Column("decider", sa.Integer),
    sa.Column("notation", sa.Integer),
    sa.Column("notice", sa.Text),
)
_moves = sa.Table(
    "moves",
    _meta,
    sa.Column("table_id", sa.String(32)),
    sa.Column("seq", sa.Integer),
    sa.Column("player", sa.Integer),
    sa.Column("action", sa.Text),
    sa.Column("undone", sa.Boolean),
    sa.Column("created_at", sa.DateTime(timezone=True)),
)
_events = sa.Table(
    "table_events",
    _meta,
    sa.Column("table_id", sa.String(32)),
    sa.Column("seq", sa.Integer),
    sa.Column("kind", sa.String(8)),
    sa.Column("seat", sa.Integer),
    sa.Column("undone_seq", sa.Integer),
    sa.Column("by_seat", sa.Integer),
    sa.Column("level", sa.String(16)),
    sa.Column("created_at", sa.DateTime(timezone=True)),
)


def _columns_of(table: sa.Table) -> list[sa.Column[Any]]:
    """Fresh columns of `table`'s names and types, for a copy of it (a column belongs to one
    table; Column.copy is deprecated)."""
    return [sa.Column(c.name, c.type) for c in table.columns]


_moves_old = sa.Table("moves_old", _meta, *_columns_of(_moves))
_moves_old.append_column(sa.Column("notation", sa.Integer))
_events_old = sa.Table("table_events_old", _meta, *_columns_of(_events))
_leases = sa.Table("bot_leases", _meta, sa.Column("table_id", sa.String(32)))


@dataclass
class Outcome:
    table_id: str
    moves_before: int
    moves_after: int
    notice: str | None  # None: carried over whole


def upgrade_stored_tables(conn: sa.Connection) -> list[Outcome]:
    """Carry every table of an older notation over (see the module docstring)."""
    outcomes: list[Outcome] = []
    stored_games = conn.execute(sa.select(_tables.c.game).distinct()).scalars().all()
    for game_id in sorted(stored_games):
        try:
            current = game_class(game_id).NOTATION_VERSION
        except UnknownGameError:  # a plug-in game no longer installed: its tables wait for it
            continue
        rows = conn.execute(
            sa.select(_tables).where(_tables.c.game == game_id, _tables.c.notation < current)
        ).all()
        for row in rows:
            outcome = _upgrade_table(conn, row)
            outcomes.append(outcome)
            log.info(
                "table %s (%s): %d stored moves as %d in notation %d%s",
                row.id,
                game_id,
                outcome.moves_before,
                outcome.moves_after,
                current,
                "" if outcome.notice is None else f"; finished: {outcome.notice}",
            )
    return outcomes


def _upgrade_table(conn: sa.Connection, row: Any) -> Outcome:
    table_id = row.id
    stored = conn.execute(
        sa.select(_moves).where(_moves.c.table_id == table_id).order_by(_moves.c.seq)
    ).all()
    told = conn.execute(
        sa.select(_events).where(_events.c.table_id == table_id).order_by(_events.c.seq)
    ).all()
    version = written_in(row.game, row.notation, (m.action for m in stored if not m.undone))
    if stored:
        conn.execute(_moves_old.insert(), [{**m._asdict(), "notation": version} for m in stored])
    if told:
        conn.execute(_events_old.insert(), [e._asdict() for e in told])

    upgrader = Upgrader(row.game, row.players, dict(row.flags), version)
    new_moves: list[dict[str, Any]] = []
    new_events: list[dict[str, Any]] = []
    first_of: dict[int, int] = {}  # an old move's seq: the seq of the first move it became
    notice: str | None = None
    added_decisions = 0
    items: list[Any] = sorted([*stored, *told], key=lambda item: int(item.seq))
    for item in items:
        if hasattr(item, "kind"):  # an event
            new_events.append(
                {
                    **item._asdict(),
                    "seq": len(new_moves) + len(new_events) + 1,
                    "undone_seq": first_of.get(item.undone_seq, item.undone_seq),
                }
            )
            continue
        try:
            if item.undone:
                carried = upgrader.undone(item.player, item.action)
            else:
                carried = upgrader.move(item.player, item.action)
        except NotCarriedOverError as error:
            notice = str(error)
            break
        first_of[item.seq] = len(new_moves) + len(new_events) + 1
        for player, text in carried:
            new_moves.append(
                {
                    "table_id": table_id,
                    "seq": len(new_moves) + len(new_events) + 1,
                    "player": player,
                    "action": text,
                    "undone": item.undone,
                    "created_at": item.created_at,
                }
            )
        if item.player != CHANCE:
            added_decisions += len(carried) - 1

    conn.execute(_moves.delete().where(_moves.c.table_id == table_id))
    conn.execute(_events.delete().where(_events.c.table_id == table_id))
    if new_moves:
        conn.execute(_moves.insert(), new_moves)
    if new_events:
        conn.execute(_events.insert(), new_events)
    conn.execute(_leases.delete().where(_leases.c.table_id == table_id))
    changes: dict[str, Any] = {
        "notation": current_version(row.game),
        "flags": upgrader.flags,  # a flag the old rules implied, set as the game had it
        "seq": len(new_moves) + len(new_events),
        # Versions only grow: a client holding an old one is told the table moved on.
        "version": row.version + max(added_decisions, 0) + (notice is not None),
    }
    if notice is not None:
        changes.update(status="finished", decider=None, notice=notice)
    conn.execute(_tables.update().where(_tables.c.id == table_id).values(**changes))
    return Outcome(table_id, len(stored), len(new_moves), notice)
