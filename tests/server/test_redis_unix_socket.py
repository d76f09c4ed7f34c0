"""A Redis on the same machine reached through its socket file (``unix://PATH``, as
docs/deploy.md offers): the rate limits count there and live events travel through it. A
keep-alive asked for such a connection made every worker fail at start-up."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hanse.server.events import Event, Events
from hanse.server.limits import RateLimiter
from tests.server.redis_process import RedisProcess


def test_limits_and_events_work_through_a_unix_socket(tmp_path: Path) -> None:
    redis_server = RedisProcess(socket_file=str(tmp_path / "redis.sock")).start()

    async def scenario() -> tuple[list[bool], Event, bool]:
        limiter = RateLimiter(redis_server.unix_url)
        allowed = [await limiter.allow("submit:t:0", 2, 60) for _ in range(3)]
        events = Events(redis_server.unix_url)
        await events.start()
        queue = events.subscribe("t")
        while not queue.empty():  # the catch-up of the first subscription
            queue.get_nowait()
        await events.publish("t", 5)
        heard = await asyncio.wait_for(queue.get(), 5)
        down = limiter.link.down or events.link.down
        await events.stop()
        await limiter.close()
        return allowed, heard, down

    try:
        allowed, heard, down = asyncio.run(scenario())
        counted = [key for key in redis_server.client().keys("hanse:rate:*")]
    finally:
        redis_server.stop()
    assert allowed == [True, True, False]
    assert heard == Event(5, False)
    assert not down
    assert len(counted) == 1  # counted in Redis, not by the worker alone
