"""What a player meets around the tables (a newcomer's trial): a refused page is a page in the
reader's language, an invite opened again takes its holder back to the seat, an account page
signs in and lists one's tables, and bots are named by their level in the reader's language."""

from __future__ import annotations

import html

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
    assert "There is no page at this address." in nowhere.text
    chess = api.http.get("/rules/chess?lang=it")
    assert chess.status_code == 404 and "Questo gioco qui non c'è" in html.unescape(chess.text)
    api.http.cookies.clear()
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


def test_a_finished_game_offers_a_rematch_to_its_players(api: Api) -> None:
    """The end screen's rematch (as on Board Game Arena): the first player who asks makes a
    table of the same game, variants and seats, private so that its seats wait for the same
    people; each player takes the same seat there; a spectator of the public game is not told
    the private rematch's id, nor may it watch the rematch by its id (private.py)."""
    import random

    created = api.create(
        "luebeck", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
    )
    table_id = created["id"]
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    early = api.http.post(f"/api/tables/{table_id}/rematch", headers=Api.auth(tokens[0]))
    assert early.status_code == 409 and early.json()["detail"].startswith(
        "a rematch is set up once"
    )
    rng = random.Random(3)
    while (state := api.table(table_id))["status"] != "finished":
        if state["decider"] not in (0, 1):
            continue  # the bot thinks
        mine = api.table(table_id, tokens[state["decider"]])
        if mine["legal"]:
            api.move(
                table_id,
                tokens[state["decider"]],
                rng.choice(mine["legal"])["text"],
                mine["version"],
            )
    panel = api.http.get(f"/tables/{table_id}/panel", headers=Api.auth(tokens[1])).text
    assert "Rematch: play again with the same seats" in panel
    spectator = api.http.post(f"/api/tables/{table_id}/rematch")
    assert spectator.status_code == 403
    first = api.http.post(f"/api/tables/{table_id}/rematch", headers=Api.auth(tokens[1]))
    assert first.status_code == 200 and first.json()["seat"] == 1
    rematch_id = first.json()["table"]
    assert api.table(table_id, tokens[0])["rematch"] == rematch_id
    assert api.table(table_id)["rematch"] is None  # a spectator's payload
    again = api.http.post(f"/api/tables/{table_id}/rematch", headers=Api.auth(tokens[1]))
    assert again.status_code == 409  # the seat is this player's already
    panel = api.http.get(f"/tables/{table_id}/panel", headers=Api.auth(tokens[0])).text
    assert "Take your seat at the rematch" in panel
    assert rematch_id not in api.http.get(f"/tables/{table_id}/panel").text
    second = api.http.post(f"/api/tables/{table_id}/rematch", headers=Api.auth(tokens[0]))
    assert second.status_code == 200 and second.json() == {
        "table": rematch_id,
        "seat": 0,
        "token": second.json()["token"],
    }
    api.http.cookies.clear()
    assert api.http.get(f"/api/tables/{rematch_id}").status_code == 404  # not to a spectator
    rematch = api.table(rematch_id, second.json()["token"])
    assert rematch["status"] == "playing" and rematch["visibility"] == "private"
    assert [s["name"] for s in rematch["seats"][:2]] == ["P0", "P1"]
    assert rematch["seats"][2]["kind"] == "bot" and rematch["seats"][2]["level"] == "easy"
