"""What a player meets around the tables (a newcomer's trial): a refused page is a page in the
reader's language, an invite opened again takes its holder back to the seat, an account page
signs in and lists one's tables, and bots are named by their level in the reader's language."""

from __future__ import annotations

import httpx
import pytest

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

pytestmark = pytest.mark.parametrize("server", ["sqlite"], indirect=True)


def test_a_refused_page_is_a_page_in_the_readers_language(api: Api) -> None:
    missing = api.http.get("/tables/no-such-table")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")
    assert "There is no such table" in missing.text and 'href="/"' in missing.text
    german = api.http.get("/tables/no-such-table?lang=de")
    assert "Diesen Tisch gibt es nicht" in german.text
    api.http.cookies.clear()  # the language chosen is kept in a cookie
    bogus = api.http.get("/join/not-a-secret")
    assert bogus.status_code == 404 and "There is no such invite" in bogus.text
    nowhere = api.http.get("/login")
    assert nowhere.status_code == 404 and "<h1>Not found</h1>" in nowhere.text
    # programs keep their JSON
    api_missing = api.http.get("/api/tables/no-such-table")
    assert api_missing.status_code == 404 and api_missing.json() == {"detail": "no such table"}
    assert api.http.get("/api/nowhere").json() == {"detail": "Not Found"}


def test_an_invite_opened_again_takes_its_holder_back_to_the_seat(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as host, httpx.Client(base_url=server.url) as friend:
        created = Api(server.url)
        table = created.create(
            "luebeck", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
        )
        created.close()
        secret = table["invites"][1]["url"].rsplit("/join/", 1)[1]
        assert friend.post(f"/api/join/{secret}", json={"name": "Fritz"}).status_code == 200
        again = friend.get(f"/join/{secret}")
        assert again.status_code == 303 and again.headers["location"] == f"/tables/{table['id']}"
        stranger = host.get(f"/join/{secret}")
        assert stranger.status_code == 200 and 'id="join"' not in stranger.text
        assert "Somebody has taken this seat already." in stranger.text
        assert f'href="/tables/{table["id"]}"' in stranger.text


def test_an_account_page_signs_in_and_lists_ones_tables(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as laptop, httpx.Client(base_url=server.url) as phone:
        assert "<h1>Sign in</h1>" in laptop.get("/account").text
        made = laptop.post("/api/accounts", json={"name": "hilde", "password": "salt and fish"})
        assert made.status_code == 201
        api = Api(server.url)
        table = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        api.close()
        secret = table["invites"][0]["url"].rsplit("/join/", 1)[1]
        csrf = {"X-CSRF-Token": laptop.cookies["hanse_csrf"]}
        joined = laptop.post(f"/api/join/{secret}", json={"name": "Hilde"}, headers=csrf)
        assert joined.status_code == 200
        page = laptop.get("/account").text
        assert "Signed in as <strong>hilde</strong>" in page
        assert f'href="/tables/{table["id"]}"' in page and "Kogge" in page
        # another device: signed in, the invite leads back to the seat
        signed = phone.post("/api/login", json={"name": "hilde", "password": "salt and fish"})
        assert signed.status_code == 200
        back = phone.get(f"/join/{secret}")
        assert back.status_code == 303 and back.headers["location"] == f"/tables/{table['id']}"
        assert "Meine Tische" in phone.get("/account?lang=de").text


def test_bots_are_named_by_their_level_in_the_readers_language(api: Api) -> None:
    table = api.create(
        "luebeck",
        [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "easy"}],
    )
    lobby = api.http.get("/?lang=de").text
    assert "Bot schwer" in lobby and 'data-levels="random=zufällig;easy=leicht;' in lobby
    panel = api.http.get(f"/tables/{table['id']}/panel?lang=it").text
    assert "bot difficile" in panel
