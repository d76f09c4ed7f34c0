"""Rate limits with an injected clock (issue 32): the chat's sliding window holds across a window's
edge; sign-in failures earn growing delays per (name, address) and per address; without Redis a
worker counts alone and says so once. Each runs in the worker's memory and in Redis (the shared
one, on keys of its own: nothing here stops it)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import pytest

from hanse.server.errors import ApiError
from hanse.server.limits import RateLimiter
from hanse.server.signin import SignInGuard
from tests.server.server_process import REDIS, free_port


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
def redis_url(request: pytest.FixtureRequest) -> str | None:
    return None if request.param == "memory" else REDIS


def fresh_address() -> str:
    """An address no earlier run used: the shared Redis keeps counts across runs, and a manual
    clock never lets them pass (a run that met an earlier run's failures was held up)."""
    a, b, c = uuid.uuid4().bytes[:3]
    return f"10.{a}.{b}.{c}"


def run(scenario: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    return asyncio.run(scenario())


def test_five_in_ten_seconds_hold_across_a_window_edge(redis_url: str | None) -> None:
    """A fixed window let five through just before its edge and five more just after (10 of
    12); a sliding window lets five through in any ten seconds."""
    clock = Clock(1_000_009.5)  # half a second before a ten-second window's edge
    key = f"chat:{uuid.uuid4().hex}:0"

    async def scenario() -> list[bool]:
        limiter = RateLimiter(redis_url, clock=clock)
        taken = []
        for _ in range(12):
            taken.append(await limiter.allow_sliding(key, 5, 10))
            clock.now += 0.1
        await limiter.close()
        return taken

    assert run(scenario) == [True] * 5 + [False] * 7


def test_a_sliding_window_frees_a_place_exactly_when_a_hit_leaves_it(
    redis_url: str | None,
) -> None:
    clock = Clock()
    key = f"chat:{uuid.uuid4().hex}:0"

    async def scenario() -> list[bool]:
        limiter = RateLimiter(redis_url, clock=clock)
        for _ in range(5):  # at 0, 1, 2, 3, 4 s
            assert await limiter.allow_sliding(key, 5, 10)
            clock.now += 1
        clock.now += 5 - 0.01  # 9.99 s after the first
        refused = await limiter.allow_sliding(key, 5, 10)
        clock.now += 0.01  # the first has left the window
        first_freed = await limiter.allow_sliding(key, 5, 10)
        again = await limiter.allow_sliding(key, 5, 10)  # the second is still in it
        await limiter.close()
        return [refused, first_freed, again]

    assert run(scenario) == [False, True, False]


def test_sign_in_failures_earn_growing_delays_per_name_and_address(
    redis_url: str | None,
) -> None:
    clock = Clock()
    name = f"owner_{uuid.uuid4().hex[:8]}"
    guesser, owner = fresh_address(), fresh_address()

    async def scenario() -> None:
        guard = SignInGuard(RateLimiter(redis_url, clock=clock))
        for _ in range(5):  # five wrong passwords are free
            await guard.check(name, guesser)
            await guard.failed(name, guesser)
        waits = []
        for _ in range(4):
            with pytest.raises(ApiError) as held:
                await guard.check(name, guesser)
            assert held.value.status == 429
            waits.append(held.value.extra["retry_after"])
            clock.now += waits[-1]
            await guard.check(name, guesser)  # the delay has passed
            await guard.failed(name, guesser)
        assert waits == [1, 2, 4, 8]
        await guard.check(name, owner)  # the owner elsewhere is never held up
        await guard.succeeded(name, owner)
        clock.now += 16
        await guard.check(name, guesser)
        await guard.succeeded(name, guesser)  # the right password clears the count
        await guard.check(name, guesser)
        await guard.limiter.close()

    run(scenario)


def test_one_address_guessing_at_many_names_is_slowed_too(redis_url: str | None) -> None:
    clock = Clock()
    address = fresh_address()

    async def scenario() -> None:
        guard = SignInGuard(RateLimiter(redis_url, clock=clock))
        for n in range(20):  # four wrong passwords at each of five names
            await guard.check(f"name{n % 5}", address)
            await guard.failed(f"name{n % 5}", address)
        with pytest.raises(ApiError):
            await guard.check("someone_else", address)
        await guard.check("someone_else", fresh_address())
        await guard.limiter.close()

    run(scenario)


@pytest.fixture
def away() -> Iterator[str]:
    """A Redis URL nobody answers at."""
    yield f"redis://127.0.0.1:{free_port()}/0"


def test_without_redis_a_worker_counts_alone_and_says_so_once(
    away: str, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()

    async def scenario() -> list[bool]:
        limiter = RateLimiter(away, clock=clock)
        taken = [await limiter.allow("submit:t:0", 3, 1) for _ in range(4)]
        clock.now += 1
        taken.append(await limiter.allow("submit:t:0", 3, 1))
        await asyncio.sleep(0.3)  # past the first pause: Redis is tried (and fails) again
        taken.append(await limiter.allow_sliding("chat:t:0", 1, 10))
        taken.append(await limiter.allow_sliding("chat:t:0", 1, 10))
        assert limiter.link.down
        await limiter.close()
        return taken

    with caplog.at_level(logging.WARNING, logger="hanse.server"):
        assert run(scenario) == [True, True, True, False, True, True, False]
    said = [r.getMessage() for r in caplog.records if "Redis is unreachable" in r.getMessage()]
    assert len(said) == 1 and "counts alone" in said[0]


def test_moves_are_counted_in_fixed_windows(redis_url: str | None) -> None:
    clock = Clock(2_000_000.0)
    key = f"submit:{uuid.uuid4().hex}:0"

    async def scenario() -> list[bool]:
        limiter = RateLimiter(redis_url, clock=clock)
        taken = [await limiter.allow(key, 3, 1) for _ in range(4)]
        clock.now += 1  # the next second's window
        taken.append(await limiter.allow(key, 3, 1))
        await limiter.close()
        return taken

    assert run(scenario) == [True, True, True, False, True]
