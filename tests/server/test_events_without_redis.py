"""Live events while Redis is away (issue 32): a worker starts, delivers its own moves' news to
its clients, and wakes every client up to read the table afresh (seq 0) after each try of Redis;
once Redis answers, once more, since what others published meanwhile was lost; and it publishes
a catch-up for every table, since the others missed what it published alone."""

from __future__ import annotations

import asyncio

from hanse.server.events import Event, Events
from tests.server.redis_process import RedisProcess


def test_a_worker_without_redis_feeds_its_clients_and_catches_up_when_it_returns() -> None:
    redis_server = RedisProcess()  # its port is free: nothing answers there yet

    async def scenario() -> list[Event]:
        events = Events(redis_server.url)
        await events.start()  # no exception: the worker starts alone
        assert events.link.down
        queue = events.subscribe("t")
        seen = [await asyncio.wait_for(queue.get(), 2)]  # a catch-up after a failed try
        await events.publish("t", 7)  # Redis away: delivered here at once
        seen.append(await asyncio.wait_for(queue.get(), 2))
        await asyncio.to_thread(redis_server.start)
        deadline = asyncio.get_running_loop().time() + 10
        while events.link.down:  # the listener hears Redis again (and catches up)
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.05)
        while events._owing is not None and not events._owing.done():
            await asyncio.sleep(0.05)  # the catch-up owed for the move published alone (7)
        while not queue.empty():
            queue.get_nowait()
        await events.publish("t", 9)  # through Redis, back to this worker's listener
        seen.append(await asyncio.wait_for(queue.get(), 2))
        await events.stop()
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        redis_server.stop()
    assert seen[0] == Event(0, True)
    assert seen[1] in (Event(7, False), Event(0, True))  # merged with a catch-up: read afresh
    assert seen[2] == Event(9, False)
