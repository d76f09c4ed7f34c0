"""The first pages (issue 16 builds on them): the lobby lists the games, an invite opens a join
page, and a table's panel offers every legal action exactly once as a ``data-action`` target."""

from __future__ import annotations

import html
import random
import re
import time

import pytest

from tests.server.api_client import Api
from tests.server.server_process import ServerProcess

pytestmark = pytest.mark.parametrize("server", ["sqlite"], indirect=True)
GAMES = [("luebeck", 3, {}), ("hansa", 2, {}), ("kogge", 3, {}), ("speicherstadt", 2, {})]


def test_the_lobby_offers_every_game_and_its_variants(api: Api) -> None:
    page = api.http.get("/").text
    for game in api.http.get("/api/games").json():
        assert f'value="{game["id"]}"' in page
        for flag in game["flags"]:
            assert f'name="flag:{flag["name"]}"' in page


def test_the_lobby_names_variants_in_words_not_flag_names(api: Api) -> None:
    """A player reads "Expert rule C: conflicts", not ``conflicts``; in German too."""
    english = api.http.get("/").text
    german = api.http.get("/?lang=de").text
    api.http.cookies.clear()
    assert "<code>conflicts</code>" not in english
    assert "<strong>Expert rule C: conflicts</strong>" in english
    assert "<strong>Zusatzregel C: Konflikte</strong>" in german
    assert "<strong>Erweiterung Kaispeicher</strong>" in german


def test_a_tables_variants_are_shown_in_the_lobby_on_its_page_and_in_its_replay(
    api: Api,
) -> None:
    """Whoever joins, watches or replays a table learns which variants it plays: those that
    differ from the game's defaults, a default one switched off said as such."""
    flags = {"conflicts": True, "memory": True}
    created = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "random"}], flags)
    said = "Expert rule C: conflicts, Expert rule D: memory"
    assert f"Kogge</a>, 2 players ({said})" in api.http.get("/").text
    page = api.http.get(f"/tables/{created['id']}").text
    assert f'<p class="variants">Variants: {said}</p>' in page
    plain = api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    assert 'class="variants"' not in api.http.get(f"/tables/{plain['id']}").text
    bots = api.create(
        "luebeck",
        [{"kind": "bot", "level": "random"}] * 3,
        {"must_pass_at_three": True, "double_includes_move": False},
    )
    deadline = time.monotonic() + 60
    while api.table(bots["id"])["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.2)
    replay = api.http.get(f"/tables/{bots['id']}/replay?lang=de").text
    api.http.cookies.clear()
    assert (
        '<p class="variants">Varianten: Mit 3 oder weniger Karten sofort passen, '
        "Eine Verdoppelung zählt den Koggenzug mit: aus</p>"
    ) in replay


def test_every_game_has_a_rules_page_from_docs_rules(api: Api) -> None:
    """Issue 16 "Rules" and issue 19 item 10: per game a page of the rules as Hanse plays them,
    the same text as docs/rules/<game>.md, with every variant flag; the lobby links to it."""
    lobby = api.http.get("/").text
    for game in api.http.get("/api/games").json():
        assert f'href="/rules/{game["id"]}"' in lobby
        page = api.http.get(f"/rules/{game['id']}")
        assert page.status_code == 200
        assert "<h2>7. How Hanse settles unclear points</h2>" in page.text
        for flag in game["flags"]:
            assert f"<code>{flag['name']}</code>" in page.text
    assert api.http.get("/rules/chess").status_code == 404
    assert "<h1>Kogge</h1>" in api.http.get("/rules/kogge?lang=de").text


def test_an_invite_link_opens_a_join_page(api: Api) -> None:
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    secret = created["invites"][1]["url"].rsplit("/join/", 1)[1]
    response = api.http.get(f"/join/{secret}")
    assert response.status_code == 200 and 'id="join"' in response.text


@pytest.mark.parametrize(("game", "players", "flags"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_panel_offers_every_legal_action_exactly_once(
    api: Api, server: ServerProcess, game: str, players: int, flags: dict[str, bool]
) -> None:
    created = api.create(game, [{"kind": "human"}] * players, flags)
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    rng = random.Random(4)
    for _ in range(12):
        state = api.table(created["id"])
        if state["status"] != "playing":
            break
        token = tokens[state["decider"]]
        mine = api.table(created["id"], token)
        panel = api.http.get(f"/tables/{created['id']}/panel", headers=Api.auth(token)).text
        offered = [html.unescape(a) for a in re.findall(r'data-action="([^"]*)"', panel)]
        assert sorted(offered) == sorted(action["text"] for action in mine["legal"])
        spectator = api.http.get(f"/tables/{created['id']}/panel").text
        assert "data-action" not in spectator
        move = rng.choice(mine["legal"])["text"]
        assert api.move(created["id"], token, move, mine["version"]).status_code == 200


@pytest.mark.parametrize(
    ("lang", "accept", "words"),
    [
        ("en", "en-GB", ["New table", "Tables waiting for players"]),
        ("de", "de-DE,de;q=0.9", ["Neuer Tisch", "Tische, die auf Spieler warten"]),
        ("it", "it-IT", ["Nuovo tavolo", "Tavoli in attesa di giocatori"]),
    ],
)
def test_pages_speak_the_readers_language(
    api: Api, lang: str, accept: str, words: list[str]
) -> None:
    by_browser = api.http.get("/", headers={"Accept-Language": accept}).text
    chosen = api.http.get("/", params={"lang": lang}, headers={"Accept-Language": "fr"})
    for page in (by_browser, chosen.text):
        assert f'<html lang="{lang}">' in page
        for word in words:
            assert word in page
    assert chosen.cookies.get("hanse_lang") == lang  # the choice is kept


def test_a_finished_game_replays_step_by_step_as_a_seat_or_a_spectator(api: Api) -> None:
    created = api.create("luebeck", [{"kind": "human"}] * 3)
    tokens = [api.join(i["url"], f"P{n}")["token"] for n, i in enumerate(created["invites"])]
    table_id = created["id"]
    early = api.http.get(f"/tables/{table_id}/replay")  # not over yet: a page that says so
    assert early.status_code == 409 and "The replay opens once the game is over" in early.text
    assert f'href="/tables/{table_id}"' in early.text
    lobby = api.http.get("/").text
    assert "Games being played" in lobby and f'href="/tables/{table_id}"' in lobby
    rng = random.Random(9)
    while (state := api.table(table_id))["status"] != "finished":
        token = tokens[state["decider"]]
        mine = api.table(table_id, token)
        api.move(table_id, token, rng.choice(mine["legal"])["text"], mine["version"])
    page = api.http.get(f"/tables/{table_id}/replay")
    assert page.status_code == 200 and 'id="replay"' in page.text
    lobby = api.http.get("/?lang=de").text
    assert "Beendete Partien" in lobby and f'href="/tables/{table_id}/replay"' in lobby
    api.http.cookies.clear()  # the language chosen is kept in a cookie
    record = api.http.get(f"/api/tables/{table_id}/record").json()
    steps = len(record["actions"])
    first = api.http.get(f"/tables/{table_id}/replay/frame", params={"step": 0}).text
    last = api.http.get(f"/tables/{table_id}/replay/frame", params={"step": steps}).text
    assert first != last and 'class="result"' in last  # the score table
    # The last frame's log holds the 60 moves before the end, and says how to read earlier ones
    # (not, as a live table's log does, that the replay will show them).
    assert "step back to read earlier ones" in last and "once it is over" not in last
    assert 'data-fit="whole"' in last  # the board's zoom controls
    # a seat saw its own draws; a spectator saw only that a card was dealt face down to each
    # (the deal opens the game)
    middle = {"step": min(40, steps)}
    spectator = api.http.get(f"/tables/{table_id}/replay/frame", params=middle).text
    seat0 = api.http.get(f"/tables/{table_id}/replay/frame", params={**middle, "seat": 0}).text
    unseen = "A card is dealt face down to player A"
    assert unseen in spectator and unseen not in seat0 and "is dealt to player A" in seat0
    assert "Your hand" not in spectator and "Your hand" in seat0
    bad = api.http.get(f"/tables/{table_id}/replay/frame", params={"seat": 7})
    assert bad.status_code == 422
