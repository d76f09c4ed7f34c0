"""Two table services on one database, as two ``hanse serve`` workers are (neither the only
writer), and a started table of three people to play at through them."""

from __future__ import annotations

from typing import Any

from hanse.server import storage
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService


def two_workers(database_url: str, **options: Any) -> tuple[TableService, TableService]:
    """Two services on `database_url` (migrated), each made with `options`."""
    engine = storage.create_engine(database_url)
    storage.migrate(engine)
    return TableService(engine, **options), TableService(engine, **options)


def three_people(service: TableService) -> str:
    """A Lübeck table of three people, each seat taken: the game is on."""
    table_id, invites = service.create(
        TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("human")] * 3)
    )
    for seat, secret in invites:
        service.join(secret, f"P{seat}", None)
    return table_id
