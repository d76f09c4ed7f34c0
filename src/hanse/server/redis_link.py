"""One worker's connection to Redis, which it can do without (DESIGN.md, "Degrade, never fail").

Redis only accelerates: it fans live events out and shares rate limits between workers. A
:class:`RedisLink` remembers whether Redis answered last time. Once a call fails, the link is
"down": callers do what they can alone (count in the worker, deliver events in the worker) and
Redis is tried again only after a pause that grows (0.25 s, doubled up to 2 s), so an outage
costs a request no connection timeout. The first failure and the first success after it are each
said once in the log, and nothing in between.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable

import redis.asyncio as aioredis
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger("hanse.server")

FAILURES: tuple[type[BaseException], ...] = (redis.exceptions.RedisError, OSError)
"""What a Redis call raises when Redis is away, restarting, loading or refusing to write."""

FIRST_PAUSE = 0.25
LONGEST_PAUSE = 2.0


def client(url: str, socket_timeout: float | None = 1.0, retries: int = 1) -> aioredis.Redis:
    """A client that gives up quickly: one second to connect (and to answer, unless
    `socket_timeout` is None, as for a pub/sub listener that waits), and one immediate retry
    where the connection was closed, which replaces a pooled connection Redis closed while it
    was away. A pub/sub listener asks
    for none (``retries=0``): redis-py would reconnect and subscribe again unseen, and what was
    published in between would be lost without the listener knowing it must catch up. A
    ``unix://`` URL (a Redis on the same machine through its socket file) has no TCP keep-alive
    to ask for."""
    tcp = {} if url.startswith("unix:") else {"socket_keepalive": True}
    # Retried only where the connection was closed: a Redis that does not answer within the
    # timeout would not answer the retry either, and the request would wait twice.
    retry = Retry(NoBackoff(), retries, supported_errors=(redis.exceptions.ConnectionError,))
    return aioredis.from_url(
        url,
        socket_connect_timeout=1.0,
        socket_timeout=socket_timeout,
        retry=retry,
        **tcp,
    )


class RedisLink:
    """Whether Redis is used now, for one purpose of one worker (named in its log lines)."""

    def __init__(
        self,
        url: str | None,
        purpose: str,
        fallback: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.redis = client(url) if url else None
        self.purpose = purpose
        self.fallback = fallback
        self._clock = clock
        self.down = False
        self._pause = FIRST_PAUSE
        self._retry_at = 0.0

    def usable(self) -> bool:
        """Redis is configured, and up, or down long enough to be tried again."""
        return self.redis is not None and (not self.down or self._clock() >= self._retry_at)

    def failed(self, error: BaseException) -> None:
        if not self.down:
            log.warning(
                "worker %d, %s: Redis is unreachable (%s); %s",
                os.getpid(),
                self.purpose,
                error,
                self.fallback,
            )
            self.down = True
            self._pause = FIRST_PAUSE
        else:
            self._pause = min(self._pause * 2, LONGEST_PAUSE)
        self._retry_at = self._clock() + self._pause

    def worked(self) -> None:
        if self.down:
            log.warning("worker %d, %s: Redis is back; using it again", os.getpid(), self.purpose)
            self.down = False
            self._pause = FIRST_PAUSE

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
