"""Several servers started at once on one new PostgreSQL schema (a systemd unit per worker,
docs/deploy.md) migrate it one after the other: each succeeds, the schema ends at head."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa

from hanse.server import storage
from tests.server.server_process import drop_postgres_schema, new_postgres_schema


def test_servers_started_together_migrate_one_after_the_other() -> None:
    schema, url = new_postgres_schema()
    engines = [storage.create_engine(url) for _ in range(4)]
    try:
        pool = ThreadPoolExecutor(len(engines))
        # Unlocked, their DDL waits on each other's (it hung here); each one's error re-raised
        list(pool.map(storage.migrate, engines, timeout=120))
        pool.shutdown()
        with engines[0].connect() as connection:
            versions = connection.execute(sa.text("SELECT version_num FROM alembic_version"))
            assert [row[0] for row in versions] == [storage.head_revision()]
    finally:
        for engine in engines:
            engine.dispose()
        drop_postgres_schema(schema)
