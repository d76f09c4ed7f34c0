"""A Redis that hangs (``DEBUG SLEEP`` on a redis-server of the test's own) costs a request one
timeout, not two: a call is retried only where Redis closed the connection (a trial found each
Redis call of a move waiting about 2 s, the second second on a retry that could not be answered
either). A connection Redis closed is still replaced at once."""

from __future__ import annotations

import asyncio
import time

from hanse.server.limits import RateLimiter
from tests.server.redis_process import RedisProcess


def test_a_hung_redis_costs_a_rate_limit_one_timeout_and_a_closed_connection_is_replaced() -> None:
    redis_server = RedisProcess().start()

    async def scenario() -> tuple[float, bool, bool]:
        limiter = RateLimiter(redis_server.url)
        assert await limiter.allow("submit:t:0", 30, 1)  # the script loaded, a connection pooled
        asleep = asyncio.get_running_loop().run_in_executor(
            None, redis_server.client().execute_command, "DEBUG", "SLEEP", "3"
        )
        await asyncio.sleep(0.2)
        started = time.monotonic()
        allowed = await limiter.allow("submit:t:0", 30, 1)  # counted by the worker alone
        waited = time.monotonic() - started
        went_down = limiter.link.down
        await asleep
        limiter.link.down = False  # tried at once, not after the link's pause
        assert await limiter.allow("submit:t:2", 30, 1)  # through Redis: a connection pooled
        assert not limiter.link.down
        killed = redis_server.client().execute_command("CLIENT", "KILL", "TYPE", "normal")
        assert killed >= 1  # the pooled connection (the killing one is skipped)
        again = await limiter.allow("submit:t:1", 30, 1)
        assert not limiter.link.down  # replaced on the retry: no failure
        await limiter.close()
        return waited, allowed and again, went_down

    try:
        waited, allowed, went_down = asyncio.run(scenario())
    finally:
        redis_server.stop()
    assert allowed and went_down
    assert waited < 1.7, f"waited {waited:.2f} s: the timeout was retried"
