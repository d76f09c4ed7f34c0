"""Workers of one database that do not share one Redis (sharing_check.py): a worker compares
how many workers serve its database (the claim's holders in PostgreSQL) with how many listen on
its Redis; fewer listening, twice in a row, means a worker it cannot hear: said in the log, and
every table read from the database until the two agree again. A unit given another Redis once
started unnoticed, and served tables the other changed (a trial's finding)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

from hanse.server import storage
from hanse.server.events import Events
from hanse.server.hearing import Hearing
from hanse.server.serving_claim import ServingClaim
from hanse.server.sharing_check import SharingCheck
from tests.server.redis_process import RedisProcess
from tests.server.server_process import drop_postgres_schema, new_postgres_schema


@pytest.fixture
def database() -> Iterator[str]:
    schema, url = new_postgres_schema()
    yield url
    drop_postgres_schema(schema)


def test_a_worker_on_another_redis_is_found_and_its_tables_read_from_the_database(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    engines = [storage.create_engine(database) for _ in range(2)]
    claims = [ServingClaim(engine, exclusive=False) for engine in engines]
    ours, theirs = RedisProcess().start(), RedisProcess().start()

    async def scenario() -> list[bool]:
        hearing = Hearing()
        here, there = Events(ours.url), Events(theirs.url)
        await here.start()
        await there.start()
        check = SharingCheck(claims[0], here, hearing)
        said = []
        for _ in range(2):  # two workers serve; one listens on this worker's Redis
            await check.check()
            said.append(hearing.unheard_workers)
        await there.stop()
        there = Events(ours.url)  # the other unit given the same Redis, restarted
        await there.start()
        await check.check()
        said.append(hearing.unheard_workers)
        await here.stop()
        await there.stop()
        return said

    try:
        for claim in claims:
            claim.take()
        assert claims[0].sharers() == 2
        with caplog.at_level(logging.INFO, logger="hanse.server"):
            said = asyncio.run(scenario())
    finally:
        for claim, engine in zip(claims, engines, strict=True):
            engine.dispose()
            claim.release()
        ours.stop()
        theirs.stop()
    assert said == [False, True, False]  # once is not enough (a worker starting, a Redis blink)
    logged = [r.getMessage() for r in caplog.records]
    assert any("serving this database: 2; listening on this worker's Redis: 1" in m for m in logged)
    assert any("listens on this worker's Redis again" in m for m in logged)


def test_more_listening_than_serving_is_no_fault(database: str) -> None:
    """Other schemas' workers, or tools, may listen to the same Redis; a worker alone too."""
    engine = storage.create_engine(database)
    claim = ServingClaim(engine, exclusive=False)
    redis_server = RedisProcess().start()

    async def scenario() -> bool:
        hearing = Hearing()
        here, tool = Events(redis_server.url), Events(redis_server.url)
        await here.start()
        await tool.start()
        check = SharingCheck(claim, here, hearing)
        for _ in range(3):
            await check.check()
        await here.stop()
        await tool.stop()
        return hearing.unheard_workers

    try:
        claim.take()
        assert not asyncio.run(scenario())
    finally:
        engine.dispose()
        claim.release()
        redis_server.stop()


def test_a_hearing_that_knows_of_an_unheard_worker_trusts_no_copy() -> None:
    class Table:
        id, seq, heard_epoch, checked_at = "t", 5, 0, 0.0

    hearing = Hearing(clock=lambda: 1.0)
    table = Table()
    assert hearing.trusts(table)  # type: ignore[arg-type]
    hearing.unheard_workers = True
    assert not hearing.trusts(table)  # type: ignore[arg-type]
