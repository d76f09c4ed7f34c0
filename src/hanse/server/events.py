"""Live change events: "table T has S moves now" (and whether someone wrote at it), delivered to
every worker's live clients.

With one worker the events stay in the process. With several, every worker publishes to one Redis
pub/sub channel and listens on it, so a client connected to worker A hears of a move submitted
through worker B. An event wakes a client's connection up; what it is sent is read afresh from
the table (its own view): from the worker's cache when that already holds the event's moves, else
from the database. So a lost or doubled event can delay nothing but itself. An event waiting to
be taken is merged with a newer one (the higher seq; written at if either was), so neither a move
nor a message is missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import NamedTuple

import redis.asyncio as aioredis

CHANNEL = "hanse:tables"


class Event(NamedTuple):
    seq: int
    """The table's moves (its seq) after the change (0 before the first, a seat taken); -1 for a
    message alone, which changes nothing else."""
    chatted: bool = False
    """Someone wrote at the table."""


log = logging.getLogger("hanse.server")


class Events:
    def __init__(self, redis_url: str | None = None) -> None:
        self.redis_url = redis_url
        self._redis: aioredis.Redis | None = None
        self._listener: asyncio.Task[None] | None = None
        self._queues: dict[str, set[asyncio.Queue[Event]]] = defaultdict(set)
        self._ready = asyncio.Event()

    async def start(self) -> None:
        if self.redis_url is None:
            self._ready.set()
            return
        self._redis = aioredis.from_url(self.redis_url)
        await self._redis.ping()  # fail at start, with the server's message, not at a move
        self._listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._redis is not None:
            await self._redis.aclose()

    async def _listen(self) -> None:
        assert self._redis is not None
        while True:
            try:
                async with self._redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self._ready.set()
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            table_id, seq, *chatted = message["data"].decode().split(" ")
                            self._deliver(table_id, Event(int(seq), chatted == ["1"]))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001  # a lost Redis connection is retried
                log.warning("live events: Redis listener failed (%s); retrying", error)
                await asyncio.sleep(1.0)

    def subscribe(self, table_id: str) -> asyncio.Queue[Event]:
        queue: asyncio.Queue[Event] = asyncio.Queue(maxsize=1)
        self._queues[table_id].add(queue)
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[Event]) -> None:
        listeners = self._queues.get(table_id)
        if listeners is not None:
            listeners.discard(queue)
            if not listeners:
                del self._queues[table_id]

    async def publish(self, table_id: str, seq: int, chatted: bool = False) -> None:
        """Table `table_id` changed and has `seq` moves (-1: only someone wrote at it), or
        someone wrote at it (`chatted`)."""
        event = Event(seq, chatted)
        if self._redis is None:
            self._deliver(table_id, event)
            return
        try:
            await self._redis.publish(CHANNEL, f"{table_id} {seq} {int(chatted)}")
        except Exception as error:  # noqa: BLE001  # the move is stored; only its news is late
            log.warning("live events: cannot publish to Redis (%s)", error)
            self._deliver(table_id, event)

    def _deliver(self, table_id: str, event: Event) -> None:
        for queue in self._queues.get(table_id, ()):
            merged = event
            if not queue.empty():  # a pending wake-up is merged into the newer one
                pending = queue.get_nowait()
                merged = Event(max(pending.seq, event.seq), pending.chatted or event.chatted)
            queue.put_nowait(merged)
