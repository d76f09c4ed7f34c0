"""Bot decisions in the database: the lease that lets exactly one worker think about a bot
seat's decision (``bots.py`` asks for it), and the tables whose bots are to move."""

from __future__ import annotations

import time

import sqlalchemy as sa

from hanse.server.live_table import LiveTable
from hanse.server.models import DECIDER_SEAT, bot_leases, game_tables, seats
from hanse.server.table_specs import BotTurn


def claim(engine: sa.Engine, live: LiveTable, holder: str, ttl: float) -> BotTurn | None:
    """The pending decision of `live`'s bot seat, if no other worker is thinking about it (call
    with the table's lock held)."""
    table_id = live.id
    seat = live.decider
    if seat is None or live.seats[seat].kind != "bot":
        return None
    now = time.time()
    try:
        with engine.begin() as conn:
            lease = conn.execute(
                sa.select(bot_leases).where(bot_leases.c.table_id == table_id)
            ).first()
            values = {"version": live.version, "holder": holder, "expires_at": now + ttl}
            if lease is None:
                conn.execute(bot_leases.insert().values(table_id=table_id, **values))
            elif lease.version == live.version and lease.expires_at > now:
                return None
            else:
                claimed = conn.execute(
                    bot_leases.update()
                    .where(
                        bot_leases.c.table_id == table_id,
                        bot_leases.c.version == lease.version,
                        bot_leases.c.holder == lease.holder,
                        bot_leases.c.expires_at == lease.expires_at,
                    )
                    .values(**values)
                )
                if claimed.rowcount != 1:
                    return None
    except sa.exc.IntegrityError:
        return None
    return BotTurn(
        table_id=table_id,
        game=live.game_id,
        players=live.players,
        flags=dict(live.game.flags),
        level=str(live.seats[seat].level),
        seat=seat,
        version=live.version,
        view=live.game.view(live.state, seat),
        legal=[live.game.action_to_str(a) for a in live.game.legal_actions(live.state)],
    )


def awaiting(engine: sa.Engine) -> list[str]:
    """Playing tables whose decider is a bot seat (after a restart, or a lost worker)."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(game_tables.c.id)
            .join(seats, DECIDER_SEAT)
            .where(game_tables.c.status == "playing", seats.c.kind == "bot")
        )
        return [row.id for row in rows]
