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
A worker whose event could not be published (Redis away or stalled for it alone, while the
other workers still hear Redis) owes the others a catch-up: once Redis takes its messages again,
it publishes one for every table ("*"), and each worker reads everything afresh.

Where workers share the tables, a move's event carries the moves (``hearing.py``): the listener
hands every change it hears to the table service (its :class:`Hearer`), which replays the moves
into its cache, and :meth:`Events.barrier` tells a read when every event published before it has
been heard, so that the read can be answered from the cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from typing import NamedTuple, Protocol

from redis.asyncio.client import PubSub

from hanse.server import redis_link
from hanse.server.hearing import MoveNews
from hanse.server.redis_link import FIRST_PAUSE, LONGEST_PAUSE

CHANNEL = "hanse:tables"
EVERY_TABLE = "*"
"""The table of a catch-up for all: a worker whose event could not be published says so once
Redis takes its messages again, and every worker's clients read afresh (no table id is "*")."""
BARRIER_WORD = "hanse-barrier"
BARRIER_SECONDS = 0.5
"""How long a read waits for the listener's PING to be answered before it reads the database."""


class Hearer(Protocol):
    """Who is told of every change heard (``TableService``)."""

    def hear(self, table_id: str, seq: int, news: MoveNews | None) -> None: ...

    def deaf(self) -> None: ...


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
        self.hearer: Hearer | None = None
        # The barrier (see barrier()): the PING the next reads wait for, and those sent.
        self._pubsub: PubSub | None = None
        self._next_ping: asyncio.Future[bool] | None = None
        self._pings: dict[str, asyncio.Future[bool]] = {}  # by the word each PING sent
        self._pinged = 0
        self._slow = False  # a PING went unanswered, and none since was answered
        self._sending: set[asyncio.Task[None]] = set()
        self._owing: asyncio.Task[None] | None = None  # a catch-up for all, not yet published

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
        if self._owing is not None:
            self._owing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._owing
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.link.close()

    async def _listen(self) -> None:
        assert self.redis_url is not None
        listener = redis_link.client(self.redis_url, socket_timeout=None, retries=0)
        pause = FIRST_PAUSE
        lost = self.link.down  # events published while nobody here listened
        try:
            while True:
                try:
                    async with listener.pubsub() as pubsub:
                        await pubsub.subscribe(CHANNEL)
                        # What was read before may have missed events: read afresh (hearing.py).
                        self._deafened()
                        self._heard, self._pubsub = True, pubsub
                        if lost:
                            self.catch_up()
                            self.link.worked()
                            lost, pause = False, FIRST_PAUSE
                        self._ready.set()
                        async for message in pubsub.listen():
                            kind = message.get("type")
                            if kind == "message":
                                self._heard_message(message["data"].decode())
                            elif kind == "pong":
                                self._answered(message.get("data") or b"")
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # noqa: BLE001  # Redis away: retried, caught up
                    self._heard, lost, self._pubsub = False, True, None
                    self._deafened()
                    self.link.failed(error)
                    self.catch_up()
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, LONGEST_PAUSE)
        finally:
            self._pubsub = None
            await listener.aclose()

    def _heard_message(self, text: str) -> None:
        """An event from Redis: "table seq chatted[ news]" (``publish``)."""
        table_id, seq_text, *rest = text.split(" ", 3)
        if table_id == EVERY_TABLE:  # a worker's events were lost: everything is read afresh
            self._deafened()
            self.catch_up()
            return
        seq = int(seq_text)
        if self.hearer is not None and seq > 0:
            news = MoveNews.from_text(rest[1]) if len(rest) > 1 else None
            try:
                self.hearer.hear(table_id, seq, news)
            except Exception:  # a table that cannot be replayed here must not stop the listener
                log.exception("hearing the change of table %s failed", table_id)
                self._deafened()
        self._deliver(table_id, Event(seq, rest[:1] == ["1"]))

    def _deafened(self) -> None:
        """Events may have been missed: the hearer is told, and waiting reads read afresh."""
        if self.hearer is not None:
            self.hearer.deaf()
        for waiter in self._pings.values():
            _settle(waiter, False)
        self._pings.clear()
        self._slow = False  # a new connection is asked afresh

    async def barrier(self) -> bool:
        """True once every event published before this call has been heard here: the listener
        sends PING, which Redis answers on the listener's connection after every message
        published before it. Reads that ask at once share one PING. False where that cannot be
        known: Redis away, or no answer within :data:`BARRIER_SECONDS`; after such a PING, at
        once, until Redis answers one again (a single PING is out meanwhile), so that a Redis
        that hangs costs the reads no more than one wait."""
        if not self._heard or self._pubsub is None:
            return False
        if self._next_ping is None and not (self._slow and self._pings):
            self._next_ping = asyncio.get_running_loop().create_future()
            asyncio.get_running_loop().call_soon(self._ping_soon)
        if self._slow:
            return False
        assert self._next_ping is not None
        return await self._next_ping

    def _ping_soon(self) -> None:
        waiter, self._next_ping = self._next_ping, None
        assert waiter is not None
        pubsub = self._pubsub
        if pubsub is None:
            _settle(waiter, False)
            return
        # Each PING says its number, and its answer settles only its own reads.
        self._pinged += 1
        word = f"{BARRIER_WORD} {self._pinged}"
        self._pings[word] = waiter
        loop = asyncio.get_running_loop()
        loop.call_later(BARRIER_SECONDS, self._unanswered, word)
        sending = loop.create_task(self._ping(pubsub, word))
        self._sending.add(sending)
        sending.add_done_callback(self._sending.discard)

    async def _ping(self, pubsub: PubSub, word: str) -> None:
        try:
            await pubsub.ping(word)
        except redis_link.FAILURES:  # the listener hears of it too, and reads go to the database
            self._unanswered(word)

    def _unanswered(self, word: str) -> None:
        waiter = self._pings.pop(word, None)
        if waiter is not None:
            self._slow = True
            _settle(waiter, False)

    def _answered(self, data: bytes) -> None:
        word = data.decode(errors="replace")
        if word.startswith(BARRIER_WORD):
            self._slow = False  # Redis answers again, even if too late for that PING's reads
        waiter = self._pings.pop(word, None)
        if waiter is not None:
            _settle(waiter, True)

    async def listeners(self) -> int | None:
        """How many listen to the live events on this worker's Redis (each worker's listener
        once, and whatever else subscribed to them); None where this worker does not hear Redis
        now."""
        if self.link.redis is None or not self._heard:
            return None
        try:
            counts = await self.link.redis.pubsub_numsub(CHANNEL)
        except redis_link.FAILURES:
            return None
        return int(counts[0][1]) if counts else 0

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

    async def publish(
        self, table_id: str, seq: int, chatted: bool = False, news: MoveNews | None = None
    ) -> None:
        """Table `table_id` changed and has `seq` moves (-1: only someone wrote at it), by the
        moves in `news` if given, or someone wrote at it (`chatted`)."""
        event = Event(seq, chatted)
        if self.link.usable():
            assert self.link.redis is not None
            message = f"{table_id} {seq} {int(chatted)}"
            if news is not None:
                message += " " + news.to_text()
            try:
                await self.link.redis.publish(CHANNEL, message)
            except redis_link.FAILURES as error:  # the move is stored; only its news is late
                self.link.failed(error)
            else:
                self.link.worked()
                if not self._heard:  # this worker's own clients would hear it only at a catch-up
                    self._deliver(table_id, event)
                return
        # Not sent (Redis away, or tried too soon): this worker's clients hear it from here, and
        # the others, who may still hear Redis, are owed a catch-up.
        self._deliver(table_id, event)
        if self.link.redis is not None:
            self._owe_catch_up()

    def _owe_catch_up(self) -> None:
        """The other workers missed an event of this one (its publish failed or was skipped:
        Redis away, stalled for writes, or this worker's link down after its own listener lost
        Redis, while the other workers' listeners still hear it): until a catch-up for all is
        published, it is tried again whenever the link may try Redis again."""
        if self._owing is None or self._owing.done():
            self._owing = asyncio.get_running_loop().create_task(self._publish_catch_up())

    async def _publish_catch_up(self) -> None:
        assert self.link.redis is not None
        while True:
            await asyncio.sleep(FIRST_PAUSE)
            if not self.link.usable():  # the link's own pause, which grows, between two tries
                continue
            try:
                await self.link.redis.publish(CHANNEL, f"{EVERY_TABLE} 0 1")
            except redis_link.FAILURES as error:
                self.link.failed(error)
            else:
                self.link.worked()
                return

    def _deliver(self, table_id: str, event: Event) -> None:
        for queue in self._queues.get(table_id, ()):
            merged = event
            if not queue.empty():  # a pending wake-up is merged into the newer one
                pending = queue.get_nowait()
                # A read afresh (seq 0) covers any move; else the later move wins.
                seq = 0 if 0 in (pending.seq, event.seq) else max(pending.seq, event.seq)
                merged = Event(seq, pending.chatted or event.chatted)
            queue.put_nowait(merged)


def _settle(waiter: asyncio.Future[bool], heard: bool) -> None:
    if not waiter.done():
        waiter.set_result(heard)
