"""Turn notices that the clock makes due (issue 31): the daily digest and the reminder before a
one-move-a-day clock runs out, with the services' one clock moved by hand (never a sleep), sent
to a real SMTP sink, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa

from hanse.server import clocks, storage
from hanse.server.clock import ManualClock
from hanse.server.mailer import Mailer
from hanse.server.models import accounts, outbox
from hanse.server.notices import Links, NoticeBook
from hanse.server.outbox_worker import OutboxRules, OutboxWorker, running_clocks
from hanse.server.table_specs import SeatSpec, TableSpec
from hanse.server.tables import TableService
from tests.server.notice_sinks import SmtpSink, body, link

DAY = 86_400.0
BASE = "http://hanse.test"


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    running = SmtpSink().start()
    yield running
    running.stop()


class Scene:
    """A table service, the notice settings and the outbox worker on one manual clock."""

    def __init__(self, database_url: str, sink: SmtpSink) -> None:
        self.engine = storage.create_engine(database_url)
        storage.migrate(self.engine)
        self.clock = ManualClock(1_900_000_000.0)
        self.service = TableService(self.engine, now=self.clock)
        self.book = NoticeBook(self.engine, self.clock)
        self.links = Links("a test key that signs the links")
        self.sink = sink

        def read(table_id: str) -> dict[str, Any] | None:
            return self.service.read(table_id, None)

        self.worker = OutboxWorker(
            self.engine,
            read,
            self.links,
            Mailer(sink.url, "Hanse <hanse@example.org>"),
            OutboxRules(retry_seconds=60, tries=3, remind_before=DAY),
            self.clock,
            running_clocks(self.engine, read),
        )

    def work(self) -> None:
        asyncio.run(self.worker.work())

    def person(self, name: str, settings: dict[str, Any], lang: str) -> int:
        with self.engine.begin() as conn:
            made = conn.execute(
                accounts.insert().values(name=name, password_hash="-", created_at=datetime.now(UTC))
            ).inserted_primary_key
        assert made is not None
        account_id = int(made[0])
        email = f"{name}@example.org"
        self.book.change(account_id, {"email": email, **settings}, lang, BASE)
        self.work()
        confirmation = self.sink.to(email)[-1]
        token = parse_qs(urlsplit(link(confirmation, "/notices/confirm")).query)["token"][0]
        found = self.links.confirmed(token)
        assert found == (account_id, email)
        assert self.book.confirm(*found)
        self.sink.messages.clear()
        return account_id

    def subjects(self, name: str) -> list[str]:
        return [str(m["Subject"]) for m in self.sink.to(f"{name}@example.org")]

    def play_chain(self, table_id: str, seat: int) -> None:
        while True:
            table = self.service.read(table_id, seat)
            if table["decider"] != seat:
                return
            self.service.submit(table_id, seat, table["legal"][0]["text"], table["version"])


def test_a_digest_a_day_and_a_reminder_once_per_decision(database_url: str, sink: SmtpSink) -> None:
    scene = Scene(database_url, sink)
    anna = scene.person("anna_d", {"async": "digest", "live": "never"}, "de")
    bert = scene.person("bert_d", {"async": "now", "live": "never"}, "en")
    control = clocks.parse({"per_move": 2 * DAY}, "async")
    spec = TableSpec(
        "hansa", 2, {}, "async", "private", [SeatSpec("human"), SeatSpec("human")], control
    )
    table_id, invites = scene.service.create(spec)
    scene.service.join(invites[0][1], "anna_d", anna)
    scene.service.join(invites[1][1], "bert_d", bert)
    assert scene.service.read(table_id, None)["decider"] == 0

    # Anna asked for a digest: the first pass sends one (in German), no turn notice.
    scene.work()
    assert scene.subjects("anna_d") == ["Hanse: ein Tisch wartet auf dich"]
    digest = body(sink.to("anna_d@example.org")[0])
    assert f"{BASE}/tables/{table_id}" in digest and "anna_d (A)" in digest
    assert "/notices/unsubscribe?token=" in digest
    scene.clock.advance(DAY / 2)
    scene.work()
    assert len(scene.subjects("anna_d")) == 1  # one a day

    # A day and a second in, her two days' clock has less than a day left: the reminder,
    # and the next day's digest.
    scene.clock.advance(DAY / 2 + 1)
    scene.work()
    subjects = scene.subjects("anna_d")
    assert subjects.count("Hanse: ein Tisch wartet auf dich") == 2
    reminders = [s for s in subjects if "läuft" in s]
    assert reminders == ["Hanse: deine Zeit bei Hansa Teutonica läuft in 24 h ab"]
    for _ in range(3):  # once per decision, however often the worker looks
        scene.clock.advance(3600)
        scene.work()
    assert len([s for s in scene.subjects("anna_d") if "läuft" in s]) == 1

    # Anna moves: Bert, who wants notices at once, is told; his reminder comes a day later.
    scene.play_chain(table_id, 0)
    scene.work()
    assert scene.subjects("bert_d") == ["Hanse: your turn at Hansa Teutonica"]
    scene.clock.advance(DAY - 60)
    scene.work()
    assert len(scene.subjects("bert_d")) == 1
    scene.clock.advance(120)
    scene.work()
    scene.work()
    assert scene.subjects("bert_d")[1:] == ["Hanse: your time at Hansa Teutonica runs out in 24 h"]
    with scene.engine.connect() as conn:
        kinds = conn.execute(
            sa.select(outbox.c.kind, sa.func.count())
            .where(outbox.c.status == "sent")
            .group_by(outbox.c.kind)
        ).all()
    assert dict(kinds) == {"confirm": 2, "digest": 2, "reminder": 2, "turn": 1}
    scene.engine.dispose()
