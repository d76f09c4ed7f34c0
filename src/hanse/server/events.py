"""Live change events: "table T has S moves now" (and whether someone wrote at it), delivered to
every worker's live clients.

With one worker the events stay in the process. With several, every worker publishes to one Redis
pub/sub channel and listens on it, so a client connected to worker A hears of a move submitted
through worker B. An event wakes a client's connection up; what it is sent is read afresh from
the table (its own view): from the worker's cache when that already holds the event's moves, else
from the database. So a lost or doubled event can delay nothing but itself. An event waiting to
be taken is merged with a newer one (the higher seq; written at if either was), so neither a move
nor a message is missed.

Redis may go away (DESIGN.md, "Degrade, never fail"). While it is away, a move's event is
delivered to this worker's clients only, and the listener tries Redis again after a pause that
grows (0.25 s doubled up to 2 s); after each try, failed or not, every table with a client here
gets a catch-up event (seq 0: "read yourself afresh from the database", and "read the chat"), so
a client of this worker learns of moves stored through another one at most a pause late, and
after the last one once the listener hears Redis again. A worker also starts without Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import NamedTuple

from hanse.server import redis_link
from hanse.server.redis_link import FIRST_PAUSE, LONGEST_PAUSE

CHANNEL = "hanse:tables"


class Event(NamedTuple):
    seq: int
    """The table's moves (its seq) after the change; 0 when no seq is known (a seat taken, a
    catch-up after Redis was away): the table is read afresh from the database; -1 for a
    message alone, which changes nothing else."""
    chatted: bool = False
    """Someone wrote at the table."""


log = logging.getLogger("hanse.server")


class Events:
    def __init__(self, redis_url: str | None = None) -> None:
        self.redis_url = redis_url
        # Publishing gives up within a second; listening waits for messages without a timeout.
        self.link = redis_link.RedisLink(
            redis_url, "live events", "moves reach this worker's clients from the database"
        )
        self._listener: asyncio.Task[None] | None = None
        self._queues: dict[str, set[asyncio.Queue[Event]]] = defaultdict(set)
        self._ready = asyncio.Event()
        self._heard = redis_url is None  # the listener hears Redis (or needs not)

    async def start(self) -> None:
        if self.link.redis is None:
            self._ready.set()
            return
        try:
            await self.link.redis.ping()
        except redis_link.FAILURES as error:
            self.link.failed(error)  # said in the log; the listener keeps trying
        self._listener = asyncio.create_task(self._listen())
        if not self.link.down:
            await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.link.close()

    async def _listen(self) -> None:
        assert self.redis_url is not None
        listener = redis_link.client(self.redis_url, socket_timeout=None)
        pause = FIRST_PAUSE
        lost = self.link.down  # events published while nobody here listened
        try:
            while True:
                try:
                    async with listener.pubsub() as pubsub:
                        await pubsub.subscribe(CHANNEL)
                        self._heard = True
                        if lost:
                            self.catch_up()
                            self.link.worked()
                            lost, pause = False, FIRST_PAUSE
                        self._ready.set()
                        async for message in pubsub.listen():
                            if message.get("type") == "message":
                                table_id, seq, *chatted = message["data"].decode().split(" ")
                                self._deliver(table_id, Event(int(seq), chatted == ["1"]))
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # noqa: BLE001  # Redis away: retried, caught up
                    self._heard, lost = False, True
                    self.link.failed(error)
                    self.catch_up()
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, LONGEST_PAUSE)
        finally:
            await listener.aclose()

    def catch_up(self) -> None:
        """Every table with a client here is read afresh from the database (and its chat)."""
        for table_id in list(self._queues):
            self._deliver(table_id, Event(0, True))

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
        if not self.link.usable():
            self._deliver(table_id, event)
            return
        assert self.link.redis is not None
        try:
            await self.link.redis.publish(CHANNEL, f"{table_id} {seq} {int(chatted)}")
        except redis_link.FAILURES as error:  # the move is stored; only its news is late
            self.link.failed(error)
            self._deliver(table_id, event)
            return
        self.link.worked()
        if not self._heard:  # this worker's own clients would hear it only at the next catch-up
            self._deliver(table_id, event)

    def _deliver(self, table_id: str, event: Event) -> None:
        for queue in self._queues.get(table_id, ()):
            merged = event
            if not queue.empty():  # a pending wake-up is merged into the newer one
                pending = queue.get_nowait()
                # A read afresh (seq 0) covers any move; else the later move wins.
                seq = 0 if 0 in (pending.seq, event.seq) else max(pending.seq, event.seq)
                merged = Event(seq, pending.chatted or event.chatted)
            queue.put_nowait(merged)
