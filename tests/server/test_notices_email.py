"""Turn notices by e-mail (issue 31) against a real server and a real SMTP sink (aiosmtpd): the
address confirmed by its link, a notice when a move makes it a person's turn (one per decision,
none for a bot's seat), the unsubscribe link, and the outbox's promises: nothing sent twice after
a kill -9 between the move and the sending, nothing for a decision already taken."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from hanse.server.models import outbox
from tests.server.conftest import make_server
from tests.server.notice_sinks import SmtpSink, body, link
from tests.server.server_process import ServerProcess, drop_postgres_schema

GAME = "hansa"  # two decisions in a row per player: a chain is told once


def notice_server(
    data_dir: Path, sink: SmtpSink, tries: int = 3, backend: str = "sqlite"
) -> tuple[ServerProcess, str | None]:
    """An unstarted server sending to `sink`, and its PostgreSQL schema to drop afterwards."""
    server, schema = make_server(backend, data_dir)
    server.environ.update(
        {
            "HANSE_SMTP_URL": sink.url,
            "HANSE_MAIL_FROM": "Hanse <hanse@example.org>",
            "HANSE_NOTICE_POLL_SECONDS": "0.1",
            "HANSE_NOTICE_RETRY_SECONDS": "0.2",
            "HANSE_NOTICE_TRIES": str(tries),
            "HANSE_NOTICE_LEASE_SECONDS": "1",
        }
    )
    return server, schema


class Person:
    """An account signed in by its bearer token, with its e-mail address confirmed."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.name = name
        self.email = f"{name}@example.org"
        self.http = httpx.Client(base_url=server.url, timeout=30)
        made = self.http.post("/api/accounts", json={"name": name, "password": "long enough"})
        assert made.status_code == 201, made.text
        self.http.headers["Authorization"] = f"Bearer {made.json()['token']}"
        self.http.cookies.clear()

    def wants(self, fields: dict[str, Any]) -> dict[str, Any]:
        changed = self.http.put("/api/me/notices", json=fields)
        assert changed.status_code == 200, changed.text
        return dict(changed.json())

    def confirm_email(self, sink: SmtpSink) -> None:
        self.wants({"email": self.email, "live": "now", "async": "never"})
        sink.wait_for(lambda: len(sink.to(self.email)) == 1, what=f"confirmation to {self.name}")
        (message,) = sink.to(self.email)
        assert message["Subject"] == "Hanse: confirm your e-mail address"
        page = httpx.get(link(message, "/notices/confirm"))
        assert page.status_code == 200 and self.email in page.text
        assert self.http.get("/api/me/notices").json()["email_confirmed"] is True
        sink.messages.remove(message)

    def join(self, invite: str) -> str:
        joined = self.http.post(f"/api/join/{invite.rsplit('/', 1)[1]}", json={"name": self.name})
        assert joined.status_code == 200, joined.text
        self.http.cookies.clear()
        return str(joined.json()["token"])


def table_for(server: ServerProcess, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": GAME,
            "players": len(seats),
            "flags": {},
            "mode": "live",
            "visibility": "private",
            "seats": seats,
        },
    )
    assert made.status_code == 201, made.text
    return dict(made.json())


def play_chain(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    """The seat of `token` makes moves while it decides (its whole chain); the table after."""
    headers = {"Authorization": f"Bearer {token}"}
    while True:
        table = httpx.get(f"{server.url}/api/tables/{table_id}", headers=headers).json()
        if table["decider"] != table["seat"] or not table["legal"]:
            return dict(table)
        moved = httpx.post(
            f"{server.url}/api/tables/{table_id}/moves",
            json={"action": table["legal"][0]["text"], "version": table["version"]},
            headers=headers,
        )
        assert moved.status_code == 200, moved.text


def settle(sink: SmtpSink, seconds: float = 1.5) -> None:
    """Long enough for several outbox passes: what was not sent by then is not being sent."""
    del sink
    time.sleep(seconds)


def rows(server: ServerProcess) -> list[Any]:
    engine = sa.create_engine(server.database_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.select(outbox).order_by(outbox.c.id)).all())
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def sink() -> Iterator[SmtpSink]:
    running = SmtpSink().start()
    yield running
    running.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgres-redis-2-workers"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, sink: SmtpSink
) -> Iterator[ServerProcess]:
    """One worker on SQLite; two on PostgreSQL, each with its outbox task: a notice is still
    sent once."""
    process, schema = notice_server(tmp_path_factory.mktemp("notices"), sink, backend=request.param)
    sink.messages.clear()  # the other backend's messages
    process.start()
    yield process
    process.stop()
    if schema:
        drop_postgres_schema(schema)


def test_a_notice_reaches_the_next_person_once_per_decision_and_none_for_bots(
    server: ServerProcess, sink: SmtpSink
) -> None:
    anna, bert = Person(server, "anna_n"), Person(server, "bert_n")
    anna.confirm_email(sink)
    bert.confirm_email(sink)
    table = table_for(server, [{"kind": "human"}, {"kind": "human"}])
    invites = {invite["seat"]: invite["url"] for invite in table["invites"]}
    tokens = [anna.join(invites[0]), bert.join(invites[1])]
    table_id = table["id"]

    # The game's start makes it Anna's turn: she is told, with the table's link.
    sink.wait_for(lambda: len(sink.to(anna.email)) == 1, what="Anna's first notice")
    first = sink.to(anna.email)[0]
    assert "Hansa Teutonica" in first["Subject"]
    text = body(first)
    assert f"/tables/{table_id}" in text and "anna_n (A)" in text and "bert_n (B)" in text
    assert "/notices/unsubscribe?token=" in text
    assert first["List-Unsubscribe"].startswith("<http")
    for secret in [*tokens, *invites.values()]:
        assert secret.rsplit("/", 1)[-1] not in text

    # Anna's chain of decisions is one wait for Bert: one notice, not one per step.
    after = play_chain(server, table_id, tokens[0])
    assert after["decider"] == 1
    sink.wait_for(lambda: len(sink.to(bert.email)) == 1, what="Bert's notice")
    play_chain(server, table_id, tokens[1])
    sink.wait_for(lambda: len(sink.to(anna.email)) == 2, what="Anna's second notice")
    settle(sink)
    assert len(sink.to(anna.email)) == 2 and len(sink.to(bert.email)) == 1

    # At a table with a bot, the bot's seat is never told; Anna is, when the bot hands back.
    sink.messages.clear()
    with_bot = table_for(server, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    bot_table = with_bot["id"]
    token = anna.join(with_bot["invites"][0]["url"])
    sink.wait_for(lambda: len(sink.to(anna.email)) == 1, what="Anna's notice at the bot table")
    play_chain(server, bot_table, token)
    sink.wait_for(lambda: len(sink.to(anna.email)) == 2, what="Anna's turn after the bot's")
    settle(sink)
    assert {m["To"] for m in sink.messages} == {anna.email}
    assert all(row.seat == 0 for row in rows(server) if row.table_id == bot_table)


def test_the_unsubscribe_link_stops_the_mails_without_signing_in(
    server: ServerProcess, sink: SmtpSink
) -> None:
    carla, dario = Person(server, "carla_n"), Person(server, "dario_n")
    for wrong in ("carla", "carla@localhost", "carla @example.org", "a@b.c" * 60):
        refused = carla.http.put("/api/me/notices", json={"email": wrong})
        assert refused.status_code == 422 and "email" in refused.json()["detail"], wrong
    carla.confirm_email(sink)
    dario.confirm_email(sink)
    table = table_for(server, [{"kind": "human"}, {"kind": "human"}])
    invites = {invite["seat"]: invite["url"] for invite in table["invites"]}
    tokens = [carla.join(invites[0]), dario.join(invites[1])]
    sink.wait_for(lambda: len(sink.to(carla.email)) == 1, what="Carla's notice")
    unsubscribe = link(sink.to(carla.email)[0], "/notices/unsubscribe")

    asked = httpx.get(unsubscribe)  # a link checker opening it changes nothing
    assert asked.status_code == 200 and "<form" in asked.text and carla.email in asked.text
    assert carla.http.get("/api/me/notices").json()["email"] == carla.email
    done = httpx.post(unsubscribe)
    assert done.status_code == 200 and "data-unsubscribed" in done.text
    assert carla.http.get("/api/me/notices").json()["email"] is None
    forged = httpx.post(unsubscribe[:-3] + "xyz")
    assert forged.status_code == 400

    play_chain(server, table["id"], tokens[0])
    sink.wait_for(lambda: len(sink.to(dario.email)) == 1, what="Dario's notice")
    play_chain(server, table["id"], tokens[1])
    settle(sink)
    assert len(sink.to(carla.email)) == 1  # the first only: none since the unsubscribe


def test_none_twice_after_a_kill_and_none_for_a_decision_already_taken(
    tmp_path: Path,
) -> None:
    sink = SmtpSink().start()
    server, _ = notice_server(tmp_path, sink, tries=8)
    server.start()
    try:
        erik, fina = Person(server, "erik_n"), Person(server, "fina_n")
        erik.confirm_email(sink)
        fina.confirm_email(sink)
        sink.stop()  # the SMTP server is away: the notices wait in the outbox
        table = table_for(server, [{"kind": "human"}, {"kind": "human"}])
        invites = {invite["seat"]: invite["url"] for invite in table["invites"]}
        tokens = [erik.join(invites[0]), fina.join(invites[1])]
        pending = [row for row in rows(server) if row.kind == "turn"]
        assert [(row.seat, row.status) for row in pending] == [(0, "pending")]

        server.kill()  # between the move (its notice stored with it) and the sending
        sink.start()
        server.restart()
        sink.wait_for(lambda: len(sink.to(erik.email)) == 1, what="Erik's notice after the kill")
        settle(sink)
        assert len(sink.to(erik.email)) == 1
        assert [row.status for row in rows(server) if row.kind == "turn"] == ["sent"]

        # Fina's notice waits for the SMTP server; she moves first: it is dropped unsent.
        sink.stop()
        play_chain(server, table["id"], tokens[0])
        play_chain(server, table["id"], tokens[1])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            fina_rows = [row for row in rows(server) if row.kind == "turn" and row.seat == 1]
            if fina_rows and fina_rows[0].status == "dropped":
                break
            time.sleep(0.1)
        assert [row.status for row in fina_rows] == ["dropped"]
        sink.start()
        sink.wait_for(lambda: len(sink.to(erik.email)) == 2, what="Erik's second notice")
        settle(sink)
        assert sink.to(fina.email) == []
    finally:
        server.stop()
        sink.stop()
