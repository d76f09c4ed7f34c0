"""The background task that works the outbox: one per server worker process, in its lifespan.

Each pass it queues what is due by the clock (the daily digests, the reminders before a clock
runs out), claims due rows and sends them. A row is claimed with a lease: a conditional UPDATE
that only succeeds while nobody else holds it (on PostgreSQL the candidates are first locked with
``FOR UPDATE SKIP LOCKED``, so workers take different rows), so two workers never send one row.
A worker killed while holding a lease leaves the row to be claimed again once the lease ends: a
row is marked sent only after the SMTP server or the webhook accepted it, so nothing is lost; a
kill in the instant between the acceptance and the mark is the one case sent twice.

A failed send is tried again after a backoff that doubles each time, up to ``tries`` times; then
the row is marked failed with its last error, which the account page shows. A notice already out
of date when its turn comes (the person moved: the table's version moved on; the seat went to a
bot; the account no longer wants it) is dropped unsent.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from hanse.server import notice_words, notices, webhooks
from hanse.server.background import BackgroundTask
from hanse.server.errors import ApiError
from hanse.server.mailer import Mailer, MailError
from hanse.server.models import DECIDER_SEAT, game_tables, notice_settings, outbox, seats
from hanse.server.settings import Settings
from hanse.server.tables import TableService

log = logging.getLogger("hanse.server.notices")

DAY = 86_400.0
BATCH = 20


@dataclass(frozen=True)
class OutboxRules:
    """How the worker paces itself (``Settings.notice_*``)."""

    poll_seconds: float = 5.0
    retry_seconds: float = 60.0  # the first retry's wait; each next one waits twice as long
    tries: int = 6
    lease_seconds: float = 300.0  # longer than any send may take (SMTP and webhook time-outs)
    remind_before: float = DAY  # seconds before a one-move-a-day clock runs out


class UndeliverableError(RuntimeError):
    """A notice that cannot go out: no SMTP server, no address. Counted as a failed try."""


# A table's spectator payload (the only thing a message is made from), or None if gone.
ReadTable = Callable[[str], dict[str, Any] | None]
# The running clocks of one-move-a-day tables whose decider may want a reminder: (table, seat,
# version, seconds left, the limit per decision) each.
Deadlines = Callable[[], list[tuple[str, int, int, float, float]]]


class OutboxWorker(BackgroundTask):
    def __init__(
        self,
        engine: sa.Engine,
        read_table: ReadTable,
        links: notices.Links,
        mailer: Mailer | None,
        rules: OutboxRules = OutboxRules(),
        now: Callable[[], float] = time.time,
        deadlines: Deadlines | None = None,
    ) -> None:
        self.engine = engine
        self.read_table = read_table
        self.links = links
        self.mailer = mailer
        self.rules = rules
        self.now = now
        self.deadlines = deadlines
        self.holder = secrets.token_hex(8)
        self._postgres = engine.dialect.name == "postgresql"

    # -- the task --------------------------------------------------------------------------
    async def _run(self) -> None:
        away = False
        while True:
            try:
                await self.work()
                if away:
                    log.warning("the outbox reaches the database again")
                away = False
            except asyncio.CancelledError:
                raise
            except (sa.exc.OperationalError, sa.exc.InterfaceError) as error:
                if not away:  # one line each way, not one per pass
                    said = (str(error).splitlines() or [type(error).__name__])[0]
                    log.warning("the outbox waits for the database: %s", said)
                away = True
            except Exception:  # a bug: said, and the next pass tries again
                log.exception("the outbox pass failed")
            await asyncio.sleep(self.rules.poll_seconds)

    async def work(self) -> int:
        """One pass: queue what the clock makes due, then send what is due; the rows handled."""
        await asyncio.to_thread(self.queue_digests)
        if self.deadlines is not None:
            await asyncio.to_thread(self.queue_reminders)
        rows = await asyncio.to_thread(self.claim)
        for row in rows:
            await self.deliver(row)
        return len(rows)

    # -- queueing by the clock ----------------------------------------------------------------
    def queue_digests(self) -> None:
        """A digest for each account that asked for one, had none for a day and has tables
        waiting for it at the modes where it chose "digest"."""
        now = self.now()
        wants_digest = sa.or_(
            notice_settings.c.live == "digest", notice_settings.c["async"] == "digest"
        )
        never_or_a_day_ago = sa.or_(
            notice_settings.c.digest_at.is_(None), notice_settings.c.digest_at <= now - DAY
        )
        with self.engine.connect() as conn:
            due = conn.execute(
                sa.select(notice_settings).where(wants_digest, never_or_a_day_ago)
            ).all()
        for row in due:
            with self.engine.begin() as conn:
                modes = {m for m in ("live", "async") if row._mapping[m] == "digest"}
                waiting = [
                    t for t in notices.waiting_tables(conn, row.account_id) if t.mode in modes
                ]
                if not waiting:
                    continue  # nothing to tell: the day's digest is sent once a table waits
                # Of several workers, the one whose update still finds the old time queues it.
                taken = conn.execute(
                    notice_settings.update()
                    .where(
                        notice_settings.c.account_id == row.account_id,
                        notice_settings.c.digest_at.is_(None)
                        if row.digest_at is None
                        else notice_settings.c.digest_at == row.digest_at,
                    )
                    .values(digest_at=now)
                )
                if taken.rowcount != 1:
                    continue
                for channel in notices.channels_of(row):
                    notices.queue(
                        conn,
                        f"digest:{row.account_id}:{channel}:{int(now // DAY)}",
                        row.account_id,
                        channel,
                        "digest",
                        now,
                    )

    def queue_reminders(self) -> None:
        """A reminder, once per decision, for each person whose one-move-a-day clock runs out
        within ``remind_before`` (half the limit where the limit is shorter) and who wants to
        hear from such tables."""
        assert self.deadlines is not None
        for table_id, seat, version, left, limit in self.deadlines():
            if left > min(self.rules.remind_before, limit / 2):
                continue
            try:
                with self.engine.begin() as conn:
                    notices.queue_reminder(conn, table_id, seat, version, self.now())
            except sa.exc.IntegrityError:
                continue  # another worker queued it at the same moment: once is enough

    # -- claiming and sending ------------------------------------------------------------------
    def claim(self) -> list[Any]:
        """Due rows nobody holds, now held by this worker for a lease."""
        now = self.now()
        free = sa.or_(outbox.c.lease_until.is_(None), outbox.c.lease_until < now)
        candidates = (
            sa.select(outbox.c.id)
            .where(outbox.c.status == "pending", outbox.c.due_at <= now, free)
            .order_by(outbox.c.due_at)
            .limit(BATCH)
        )
        if self._postgres:
            candidates = candidates.with_for_update(skip_locked=True)
        with self.engine.begin() as conn:
            claimed = []
            for (row_id,) in conn.execute(candidates).all():
                taken = conn.execute(
                    outbox.update()
                    .where(outbox.c.id == row_id, outbox.c.status == "pending", free)
                    .values(lease_until=now + self.rules.lease_seconds, holder=self.holder)
                )
                if taken.rowcount == 1:
                    claimed.append(row_id)
            if not claimed:
                return []
            return list(conn.execute(sa.select(outbox).where(outbox.c.id.in_(claimed))).all())

    async def deliver(self, row: Any) -> None:
        try:
            built = await asyncio.to_thread(self._build, row)
        except ApiError as error:  # the table is gone or unreadable
            built = None
            log.info("notice %s dropped: %s", row.id, error.message)
        if built is None:
            await asyncio.to_thread(self._finish, row, "dropped", None)
            return
        address, secret, message, unsubscribe = built
        try:
            if row.channel == "email":
                if self.mailer is None:
                    raise UndeliverableError("e-mail is off on this server (no HANSE_SMTP_URL)")
                await self.mailer.send(address, message.subject, message.body, unsubscribe)
            else:
                await webhooks.call(address, secret, message.fields)
        except (MailError, webhooks.WebhookError, UndeliverableError) as error:
            await asyncio.to_thread(self._failed, row, str(error))
            return
        await asyncio.to_thread(self._finish, row, "sent", None)

    def _build(self, row: Any) -> tuple[str, str | None, notice_words.Message, str | None] | None:
        """Where the notice goes and what it says, or None when it is out of date."""
        with self.engine.connect() as conn:
            wanted = conn.execute(
                sa.select(notice_settings).where(notice_settings.c.account_id == row.account_id)
            ).first()
        if wanted is None:
            return None
        lang, base = wanted.lang, wanted.base_url
        if row.kind == "confirm":
            if wanted.email != row.address or wanted.email_confirmed:
                return None
            token = self.links.confirm_token(row.account_id, row.address)
            link = f"{base}/notices/confirm?token={token}"
            return row.address, None, notice_words.confirm(lang, link), None
        if row.channel == "email":
            if wanted.email is None or not wanted.email_confirmed:
                return None
            address, secret = wanted.email, None
            token = self.links.unsubscribe_token(row.account_id, wanted.email)
            unsubscribe: str | None = f"{base}/notices/unsubscribe?token={token}"
        else:
            if wanted.webhook_url is None:
                return None
            address, secret, unsubscribe = wanted.webhook_url, wanted.webhook_secret, None
        if row.kind == "digest":
            message = self._digest(row, wanted, base, lang, unsubscribe)
            return None if message is None else (address, secret, message, unsubscribe)
        payload = self.read_table(row.table_id)
        if payload is None or not _still_waiting(payload, row.seat, row.version):
            return None
        choice = wanted._mapping["live" if payload["mode"] == "live" else "async"]
        if choice == "never" or (row.kind == "turn" and choice != "now"):
            return None
        link = f"{base}/tables/{row.table_id}"
        if row.kind == "reminder":
            seconds = (payload.get("clocks") or {}).get("seconds") or []
            left = seconds[row.seat] if row.seat < len(seconds) else None
            if left is None:
                return None  # the clock is gone (a bot took the seat meanwhile)
            hours = max(1, round(left / 3600))
            message = notice_words.reminder(payload, lang, link, hours, unsubscribe)
        else:
            message = notice_words.turn(payload, lang, link, unsubscribe)
        return address, secret, message, unsubscribe

    def _digest(
        self, row: Any, wanted: Any, base: str, lang: str, unsubscribe: str | None
    ) -> notice_words.Message | None:
        modes = {m for m in ("live", "async") if wanted._mapping[m] == "digest"}
        with self.engine.connect() as conn:
            tables = notices.waiting_tables(conn, row.account_id)
        waiting = []
        for table in tables:
            if table.mode not in modes:
                continue
            payload = self.read_table(table.id)
            if payload is not None and _still_waiting(payload, table.seat, payload["version"]):
                waiting.append((payload, f"{base}/tables/{table.id}"))
        return notice_words.digest(waiting, lang, unsubscribe) if waiting else None

    def _finish(self, row: Any, status: str, error: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                outbox.update()
                .where(outbox.c.id == row.id, outbox.c.holder == self.holder)
                .values(
                    status=status,
                    tries=row.tries + (status != "dropped"),
                    lease_until=None,
                    done_at=self.now(),
                    last_error=error,
                )
            )

    def _failed(self, row: Any, error: str) -> None:
        tries = row.tries + 1
        if tries >= self.rules.tries:
            log.warning("notice %s given up after %d tries: %s", row.id, tries, error)
            self._finish(row, "failed", error)
            return
        wait = self.rules.retry_seconds * 2 ** (tries - 1)
        with self.engine.begin() as conn:
            conn.execute(
                outbox.update()
                .where(outbox.c.id == row.id, outbox.c.holder == self.holder)
                .values(tries=tries, due_at=self.now() + wait, lease_until=None, last_error=error)
            )


def _still_waiting(payload: dict[str, Any], seat: int, version: int) -> bool:
    """Whether the table still waits for `seat`'s decision taken at `version` by a person."""
    return (
        payload["status"] == "playing"
        and payload["version"] == version
        and payload["decider"] == seat
        and payload["seats"][seat]["kind"] == "human"
    )


def from_settings(
    settings: Settings, engine: sa.Engine, service: TableService
) -> tuple[notices.NoticeBook, notices.Links, OutboxWorker]:
    """A server worker's notice parts: the settings book, the link signer and the outbox task
    (not started)."""

    def read_table(table_id: str) -> dict[str, Any] | None:
        try:
            return service.read(table_id, None)
        except ApiError as error:
            if error.status == 404:
                return None
            raise

    links = notices.Links(settings.secret_key)
    mailer = Mailer(settings.smtp_url, settings.mail_from) if settings.smtp_url else None
    rules = OutboxRules(
        poll_seconds=settings.notice_poll_seconds,
        retry_seconds=settings.notice_retry_seconds,
        tries=settings.notice_tries,
        lease_seconds=settings.notice_lease_seconds,
        remind_before=settings.remind_hours * 3600,
    )
    # The table service's clock: a notice's time and the clocks it reminds of are one time.
    now = service.now
    deadlines = running_clocks(engine, read_table)
    worker = OutboxWorker(engine, read_table, links, mailer, rules, now, deadlines)
    return notices.NoticeBook(engine, now), links, worker


def running_clocks(engine: sa.Engine, read_table: ReadTable) -> Deadlines:
    """The running clocks of one-move-a-day tables where an account that wants something from
    such tables decides, each as the table's spectator payload counts it (``clocks``: vacations
    stop a clock, so a person away is reminded once back)."""
    candidates = (
        sa.select(game_tables.c.id)
        .join(
            seats,
            DECIDER_SEAT,
        )
        .join(notice_settings, notice_settings.c.account_id == seats.c.account_id)
        .where(
            game_tables.c.mode == "async",
            game_tables.c.status == "playing",
            game_tables.c.clock_started_at.is_not(None),
            seats.c.kind == "human",
            notice_settings.c["async"] != "never",
        )
    )

    def deadlines() -> list[tuple[str, int, int, float, float]]:
        with engine.connect() as conn:
            table_ids = list(conn.execute(candidates).scalars())
        found = []
        for table_id in table_ids:
            payload = read_table(table_id)
            clocks = None if payload is None else payload.get("clocks")
            if payload is None or not clocks or clocks.get("away"):
                continue
            running, limit = clocks.get("running"), (clocks.get("control") or {}).get("per_move")
            if running is None or limit is None or clocks["seconds"][running] is None:
                continue
            found.append(
                (table_id, int(running), int(payload["version"]), clocks["seconds"][running], limit)
            )
        return found

    return deadlines
