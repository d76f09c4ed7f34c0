"""Request-size and rate limits.

Rates are counted in fixed windows per key (a token, or a client address and an account name).
With Redis configured, counts live there, so a limit holds across workers; without, in the one
worker's memory.
"""

from __future__ import annotations

import time
from typing import Any

import redis.asyncio as aioredis
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class RateLimiter:
    def __init__(self, redis_url: str | None = None) -> None:
        self._redis = aioredis.from_url(redis_url) if redis_url else None
        self._counts: dict[str, tuple[int, int]] = {}

    async def allow(self, key: str, limit: int, window: int) -> bool:
        """Count one hit of `key`; False once more than `limit` fall in the current window."""
        slot = int(time.time() // window)
        if self._redis is not None:
            name = f"hanse:rate:{key}:{slot}"
            count = int(await self._redis.incr(name))
            if count == 1:
                await self._redis.expire(name, window + 1)
            return count <= limit
        seen_slot, count = self._counts.get(key, (slot, 0))
        count = count + 1 if seen_slot == slot else 1
        self._counts[key] = (slot, count)
        if len(self._counts) > 100_000:  # forget old windows
            self._counts = {k: v for k, v in self._counts.items() if v[0] == slot}
        return count <= limit

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()


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
