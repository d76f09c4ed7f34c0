"""Request-size and rate limits.

Moves and new tables are counted in fixed windows per key (a seat, a client address); the chat
in a sliding window, so "five in ten seconds" holds for any ten seconds, across a window's edge
too. Sign-in failures are counted per key with the time of the last one (``signin``). With Redis
configured, counts live there, so a limit holds across workers; while Redis is away each worker
counts alone (a limit then holds per worker) and says so once in its log, and once when Redis is
back (``redis_link``). Time comes from an injectable clock.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hanse.server.errors import RefusalError
from hanse.server.redis_link import FAILURES, RedisLink

# Of the hits of the last `window` seconds, drop those that left it; take this one if fewer than
# `limit` remain. Atomic in Redis, so two workers cannot both take the last place.
_SLIDING = """
local key, now, window, limit = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then return 0 end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, math.ceil(window * 1000) + 1000)
return 1
"""
# One hit in a fixed window, counted and given its expiry in one command (a MULTI/EXEC pipeline
# of INCR and EXPIRE costs a worker about three times the Python of one EVALSHA).
_FIXED = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
_LOCAL_KEYS = 100_000  # past this many keys, a worker forgets the ones that no longer count


def too_many(limit: int, window: int) -> RefusalError:
    """The 429 of a fixed window's limit (moves, new tables, sign-ins, new accounts)."""
    return RefusalError(
        429,
        "rate_limited",
        "too many requests; at most {limit} per {window} s",
        {"limit": limit, "window": window},
        retry_after=window,
    )


def too_fast(limit: int, window: int) -> RefusalError:
    """The 429 of the chat's sliding window."""
    return RefusalError(
        429,
        "chat_rate_limited",
        "too many messages; at most {limit} in {window} s",
        {"limit": limit, "window": window},
        retry_after=window,
    )


class RateLimiter:
    def __init__(
        self, redis_url: str | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.link = RedisLink(redis_url, "rate limits", "each worker counts alone until it is back")
        self._clock = clock
        self._sliding = self.link.redis.register_script(_SLIDING) if self.link.redis else None
        self._fixed = self.link.redis.register_script(_FIXED) if self.link.redis else None
        self._counts: dict[str, tuple[int, int]] = {}
        self._hits: dict[str, deque[float]] = {}
        self._failures: dict[str, tuple[int, float]] = {}

    async def allow(self, key: str, limit: int, window: int) -> bool:
        """Count one hit of `key`; False once more than `limit` fall in the current window."""
        slot = int(self._clock() // window)
        if self.link.usable():
            assert self._fixed is not None
            name = f"hanse:rate:{key}:{slot}"  # the key names its window
            try:
                count = await self._fixed(keys=[name], args=[window + 1])
            except FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()
                return int(count) <= limit
        seen_slot, count = self._counts.get(key, (slot, 0))
        count = count + 1 if seen_slot == slot else 1
        self._counts[key] = (slot, count)
        if len(self._counts) > _LOCAL_KEYS:
            self._counts = {k: v for k, v in self._counts.items() if v[0] == slot}
        return count <= limit

    async def allow_sliding(self, key: str, limit: int, window: float) -> bool:
        """Take one hit of `key` if fewer than `limit` were taken in the last `window` seconds
        (a refused hit is not counted: who waits is served once the oldest hit leaves)."""
        now = self._clock()
        if self.link.usable():
            assert self._sliding is not None
            member = f"{now}:{secrets.token_hex(4)}"
            try:
                taken = await self._sliding(
                    keys=[f"hanse:slide:{key}"], args=[now, window, limit, member]
                )
            except FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()
                return bool(int(taken))
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - window:
            hits.popleft()
        if len(hits) >= limit:
            return False
        hits.append(now)
        if len(self._hits) > _LOCAL_KEYS:
            self._hits = {k: v for k, v in self._hits.items() if v and v[-1] > now - window}
        return True

    async def failures(self, key: str) -> tuple[int, float]:
        """How many failures are counted for `key`, and when the last one was (0, 0.0: none)."""
        if self.link.usable():
            assert self.link.redis is not None
            try:
                stored = await self.link.redis.hmget(f"hanse:fail:{key}", ["count", "last"])
            except FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()
                count, last = stored
                if count is None or last is None:
                    return 0, 0.0
                return int(count), float(last)
        return self._failures.get(key, (0, 0.0))

    async def add_failure(self, key: str, forget: float) -> None:
        """Count one failure of `key` now; the count is forgotten `forget` s after the last."""
        now = self._clock()
        if self.link.usable():
            assert self.link.redis is not None
            name = f"hanse:fail:{key}"
            try:
                async with self.link.redis.pipeline(transaction=True) as pipe:
                    pipe.hincrby(name, "count", 1)
                    pipe.hset(name, "last", repr(now))
                    pipe.expire(name, int(forget) + 1)
                    await pipe.execute()
            except FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()
                return
        count, _ = self._failures.get(key, (0, 0.0))
        self._failures[key] = (count + 1, now)
        if len(self._failures) > _LOCAL_KEYS:
            self._failures = {k: v for k, v in self._failures.items() if v[1] > now - forget}

    async def clear_failures(self, key: str) -> None:
        self._failures.pop(key, None)
        if self.link.usable():
            assert self.link.redis is not None
            try:
                await self.link.redis.delete(f"hanse:fail:{key}")
            except FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()

    def now(self) -> float:
        return self._clock()

    async def close(self) -> None:
        await self.link.close()


class BodyLimit:
    """Answers 413 to a request body larger than `limit` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(send, self.limit)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _BodyTooLargeError
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLargeError:
            await _too_large(send, self.limit)


class _BodyTooLargeError(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = b'{"detail": "request body too large (at most %d bytes)"}' % limit
    headers: list[Any] = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
