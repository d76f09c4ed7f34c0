"""A table's chat: what the people seated write, numbered per table.

Of two messages given one number (the primary key), one is stored and the other takes the next.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.server.errors import conflict, not_found
from hanse.server.errors import unprocessable as invalid
from hanse.server.models import chat_messages, game_tables, seats

MAX_CHAT_TEXT = 300
# One line of printable text: no control characters, no line or paragraph separator (U+2028,
# U+2029, which break a line), no direction controls (the override U+202E turns what follows
# around, and what others wrote after it on the screen) and no private-use character or
# surrogate. Joiners and variation selectors stay: emoji sequences are made of them.
_CHAT_TEXT = re.compile(
    r"^[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
    rf"\ue000-\uf8ff\ud800-\udfff]{{1,{MAX_CHAT_TEXT}}}$"
)


class ChatService:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def say(self, table_id: str, seat: int, text: Any) -> int:
        """Store what the person at `seat` writes at the table (one line, at most
        :data:`MAX_CHAT_TEXT` characters); its number in the table's chat."""
        if not isinstance(text, str) or not _CHAT_TEXT.match(text.strip()):
            raise invalid(f"a message is one line of 1 to {MAX_CHAT_TEXT} printable characters")
        with self.engine.connect() as conn:
            seated = conn.execute(
                sa.select(seats.c.name).where(seats.c.table_id == table_id, seats.c.seat == seat)
            ).first()
        if seated is None:
            raise not_found("table")
        for _ in range(5):  # of two messages given one number, the second takes the next
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(
                        sa.select(sa.func.max(chat_messages.c.number)).where(
                            chat_messages.c.table_id == table_id
                        )
                    ).scalar_one()
                    number = (last or 0) + 1
                    conn.execute(
                        chat_messages.insert().values(
                            table_id=table_id,
                            number=number,
                            seat=seat,
                            name=seated.name,
                            text=text.strip(),
                            created_at=datetime.now(UTC),
                        )
                    )
                return int(number)
            except sa.exc.IntegrityError:
                continue
        raise conflict("too many messages at once; write again")

    def chat(self, table_id: str, after: int = 0, limit: int = 50) -> list[dict[str, Any]]:
        """The table's messages numbered above `after`, oldest first (at most the last
        `limit`): number, seat, name, text, at (ISO time); 404 for a table that does not exist
        (found without replaying it)."""
        with self.engine.connect() as conn:
            exists = conn.execute(
                sa.select(game_tables.c.id).where(game_tables.c.id == table_id)
            ).first()
            if exists is None:
                raise not_found("table")
            rows = conn.execute(
                sa.select(chat_messages)
                .where(chat_messages.c.table_id == table_id, chat_messages.c.number > after)
                .order_by(chat_messages.c.number.desc())
                .limit(limit)
            ).all()
        return [
            {
                "number": row.number,
                "seat": row.seat,
                "name": row.name,
                "text": row.text,
                "at": row.created_at.isoformat(),
            }
            for row in reversed(rows)
        ]
