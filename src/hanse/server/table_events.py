"""A table's events: what changed it besides its moves, told in its log to every viewer.

Two kinds, as Board Game Arena's log tells them: a move taken back (``undo``: the seat that took
it back and the seq of that move) and a seat handed to a bot (``bot``: the seat, who handed it
over, the seat itself when its person left or another seat when the seat's person had had too
long to decide, and the bot's level). An event is stored in the transaction of its change
(``TableService._change``), under the table's seq that change took: it stands in the log after
the moves numbered below it and before those numbered above it, so moves and events share one
numbering. Every viewer sees an event whole: it tells nothing hidden.

In the payload's log an event is ``{"seq", "player": the seat, "event": {"kind": "undo",
"move": seq}}``, ``{..., "event": {"kind": "bot", "by": seat, "level": "easy"}}`` (``"by": null``:
the seat's clock ran out) or ``{..., "event": {"kind": "back"}}`` (its person took it back); at a
table whose others may end the game when a clock runs out, ``"late"`` (the seat's time ran out),
``"agree"`` (the seat agrees to end the game without a result) and ``"end"`` (the last agreement:
the game ends without a result).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server.models import table_events

UNDO = "undo"
BOT = "bot"
BACK = "back"
# At a table whose clock run out lets the others end the game (``on_time_out: "abandon"``): a
# person's time ran out, another person agrees to end the game, the last agreement ends it.
LATE = "late"
AGREE = "agree"
END = "end"


@dataclass(frozen=True)
class TableEvent:
    seq: int
    kind: str
    seat: int
    undone_seq: int | None = None  # undo: the move taken back
    by_seat: int | None = None  # bot: who handed the seat over (None: its time ran out)
    level: str | None = None  # bot: the bot's level
    at: float | None = None  # when it was stored, in seconds since the epoch (undo_limits.py)

    def entry(self) -> dict[str, Any]:
        """The event as a log entry of the payload (the same for every viewer)."""
        told: dict[str, Any]
        if self.kind == UNDO:
            told = {"kind": UNDO, "move": self.undone_seq}
        elif self.kind in (BACK, LATE, AGREE, END):
            told = {"kind": self.kind}
        else:
            told = {"kind": BOT, "by": self.by_seat, "level": self.level}
        return {"seq": self.seq, "player": self.seat, "event": told}


def taken_back(seq: int, seat: int, move_seq: int) -> TableEvent:
    return TableEvent(seq, UNDO, seat, undone_seq=move_seq)


def handed_to_bot(seq: int, seat: int, by_seat: int | None, level: str) -> TableEvent:
    """`by_seat` None: nobody handed it over; the seat's clock ran out (``timeouts.py``)."""
    return TableEvent(seq, BOT, seat, by_seat=by_seat, level=level)


def ran_out(seq: int, seat: int) -> TableEvent:
    """The seat's time ran out at a table whose others may now end the game without a result."""
    return TableEvent(seq, LATE, seat)


def agreed_to_end(seq: int, seat: int, last: bool) -> TableEvent:
    """The seat agrees to end the game without a result; `last`: its agreement ends it."""
    return TableEvent(seq, END if last else AGREE, seat)


def seat_taken_back(seq: int, seat: int) -> TableEvent:
    """The seat's person takes back the seat a bot took when their time ran out."""
    return TableEvent(seq, BACK, seat)


_INSERT = table_events.insert()
_UPTO = (
    sa.select(
        table_events.c.seq,
        table_events.c.kind,
        table_events.c.seat,
        table_events.c.undone_seq,
        table_events.c.by_seat,
        table_events.c.level,
        table_events.c.created_at,
    )
    .where(
        table_events.c.table_id == sa.bindparam("table_id"),
        # Not past the head read before, as for the moves: events and moves agree.
        table_events.c.seq <= sa.bindparam("upto"),
    )
    .order_by(table_events.c.seq)
)


def store(conn: sa.Connection, table_id: str, event: TableEvent, at: datetime) -> None:
    """Write `event` (call inside the transaction of the change it tells)."""
    conn.execute(
        _INSERT,
        {
            "table_id": table_id,
            "seq": event.seq,
            "kind": event.kind,
            "seat": event.seat,
            "undone_seq": event.undone_seq,
            "by_seat": event.by_seat,
            "level": event.level,
            "created_at": at,
        },
    )


def stored(conn: sa.Connection, table_id: str, upto: int) -> list[TableEvent]:
    """The table's events up to seq `upto`, in the order of the log."""
    rows = conn.execute(_UPTO, {"table_id": table_id, "upto": upto})
    return [TableEvent(*row[:6], at=_epoch(row[6])) for row in rows]


def _epoch(moment: datetime) -> float:
    """A stored time in seconds since the epoch (SQLite gives it back without its zone: UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()
