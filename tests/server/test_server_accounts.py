"""Accounts (issue 15): optional sign-up, sign-in across devices, one's tables with whose turn
it is; passwords only as argon2 hashes; sign-in attempts rate-limited."""

from __future__ import annotations

import time

import httpx
import pytest
import sqlalchemy as sa

from hanse.server import storage
from hanse.server.models import accounts, seats
from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

pytestmark = pytest.mark.parametrize("server", ["sqlite", "postgres"], indirect=True)


def test_an_account_sees_its_tables_and_whose_turn_it_is_on_another_device(
    server: ServerProcess, api: Api
) -> None:
    laptop = httpx.Client(base_url=server.url)
    signed = laptop.post("/api/accounts", json={"name": "anna_b", "password": "correct horse"})
    assert signed.status_code == 201, signed.text
    created = api.create("luebeck", [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 2)
    secret = created["invites"][0]["url"].rsplit("/", 1)[1]
    csrf = {"X-CSRF-Token": laptop.cookies["hanse_csrf"]}
    joined = laptop.post(f"/api/join/{secret}", json={"name": "Anna"}, headers=csrf)
    assert joined.status_code == 200, joined.text

    phone = httpx.Client(base_url=server.url)
    assert phone.get("/api/me").status_code == 401
    login = phone.post("/api/login", json={"name": "anna_b", "password": "correct horse"})
    assert login.status_code == 200
    mine = phone.get("/api/me").json()
    assert mine["name"] == "anna_b"
    [table] = mine["tables"]
    assert table["id"] == created["id"] and table["seat"] == 0
    state = phone.get(f"/api/tables/{created['id']}").json()
    assert state["seat"] == 0  # the account holds the seat on every device
    assert table["my_turn"] == (state["decider"] == 0)

    engine = storage.create_engine(server.database_url)
    with engine.connect() as conn:
        stored = conn.execute(sa.select(accounts.c.password_hash)).scalar_one()
        token_hashes = conn.execute(sa.select(seats.c.token_hash)).scalars().all()
    engine.dispose()
    assert stored.startswith("$argon2") and "correct horse" not in stored
    assert joined.json()["token"] not in token_hashes


def test_wrong_passwords_are_refused_and_rate_limited(server: ServerProcess) -> None:
    client = httpx.Client(base_url=server.url)
    client.post("/api/accounts", json={"name": "bert_c", "password": "long enough"})
    # Limits count in fixed one-minute windows: the twelve tries must fall in one of them.
    if time.time() % 60 > 48:
        time.sleep(61 - time.time() % 60)
    statuses = [
        client.post("/api/login", json={"name": "bert_c", "password": "wrong guess"}).status_code
        for _ in range(12)
    ]
    # at most 10 attempts a minute from one address (earlier tests of the module count too)
    assert set(statuses) == {401, 429}
    assert statuses.count(401) <= 10
    taken = client.post("/api/accounts", json={"name": "bert_c", "password": "another one"})
    assert taken.status_code in (409, 429)
