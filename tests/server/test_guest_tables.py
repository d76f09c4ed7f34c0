"""A guest finds its tables again: "My tables" lists the seats this browser took without an
account (its seat cookies, each good only at its own table), signed in or not; another browser
sees none of them, and a cookie this server did not sign is passed over."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

pytestmark = pytest.mark.parametrize("server", ["sqlite", "postgres"], indirect=True)

BOTS = [{"kind": "bot", "level": "easy"}] * 2


def _join(client: httpx.Client, created: dict, seat: int = 0) -> None:
    secret = created["invites"][seat]["url"].rsplit("/", 1)[1]
    headers = {"X-CSRF-Token": client.cookies.get("hanse_csrf") or ""}
    joined = client.post(f"/api/join/{secret}", json={"name": "Gast"}, headers=headers)
    assert joined.status_code == 200, joined.text


def _guest_tables(client: httpx.Client) -> list[str]:
    page = client.get("/account")
    assert page.status_code == 200
    listed = re.search(r'<ul class="tables" id="guest-tables">(.*?)</ul>', page.text, re.S)
    return re.findall(r'<a href="/tables/([\w-]+)">', listed.group(1)) if listed else []


def test_a_guest_finds_the_tables_it_sits_at_on_its_account_page(
    server: ServerProcess, api: Api
) -> None:
    first = api.create("luebeck", [{"kind": "human"}, *BOTS])
    second = api.create("kogge", [{"kind": "human"}, {"kind": "human"}, BOTS[0]])
    guest = httpx.Client(base_url=server.url)
    assert _guest_tables(guest) == []  # the sign-in forms only
    _join(guest, first)
    _join(guest, second, seat=1)
    assert sorted(_guest_tables(guest)) == sorted([first["id"], second["id"]])
    assert "Sign in" in guest.get("/account").text  # still offered beside them

    stranger = httpx.Client(base_url=server.url)
    assert _guest_tables(stranger) == []
    # A cookie of one table under another table's name, and one not signed here: passed over.
    moved = guest.cookies[f"hanse_seat_{first['id']}"]
    stranger.cookies.set(f"hanse_seat_{second['id']}", moved)
    stranger.cookies.set(f"hanse_seat_{first['id']}", "forged.value")
    assert _guest_tables(stranger) == []
    for number in range(300):  # more than a browser keeps: the first 200 are read
        stranger.cookies.set(f"hanse_seat_t{number}", moved)
    assert _guest_tables(stranger) == []


def test_signed_in_the_seats_taken_as_a_guest_are_listed_apart(
    server: ServerProcess, api: Api
) -> None:
    person = httpx.Client(base_url=server.url)
    as_guest = api.create("luebeck", [{"kind": "human"}, *BOTS])
    _join(person, as_guest)
    signed = person.post("/api/accounts", json={"name": "gast_anna", "password": "long enough"})
    assert signed.status_code == 201, signed.text
    with_account = api.create("luebeck", [{"kind": "human"}, *BOTS])
    _join(person, with_account)
    assert _guest_tables(person) == [as_guest["id"]]
    mine = person.get("/account").text
    listed = re.search(r'<ul class="tables" id="my-tables">(.*?)</ul>', mine, re.S)
    assert listed is not None and f"/tables/{with_account['id']}" in listed.group(1)
    assert f"/tables/{as_guest['id']}" not in listed.group(1)
