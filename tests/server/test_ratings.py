"""Ratings (issue 33): once per finished rated table (also with two workers and after a
restart), never for a table with a guest, a seat left to a bot loses, the leaderboard's order;
the house bots stay at their anchors."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from hanse.server import rating_board, ratings, storage
from hanse.server.models import accounts, bot_tokens, game_tables, rating_history
from hanse.server.models import ratings as ratings_table
from tests.server.api_client import Api, play_until_over
from tests.server.conftest import make_server
from tests.server.server_process import ServerProcess, drop_postgres_schema


def _person(api: Api, name: str) -> str:
    response = api.http.post("/api/accounts", json={"name": name, "password": "password1"})
    assert response.status_code == 201, response.text
    api.http.cookies.clear()
    return str(response.json()["token"])


def _sit(api: Api, invite_url: str, credential: str) -> None:
    secret = invite_url.rsplit("/", 1)[1]
    joined = api.http.post(f"/api/join/{secret}", json={"name": "x"}, headers=Api.auth(credential))
    assert joined.status_code == 200, joined.text
    api.http.cookies.clear()


def _kogge_against_easy(api: Api) -> dict[str, Any]:
    return api.create("kogge", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])


def test_a_finished_rated_table_is_rated_once(tmp_path: Path) -> None:
    """Two workers over PostgreSQL play it out; a restart and a second settle change nothing;
    of two settles racing for one table exactly one rates it."""
    server, schema = make_server("postgres-redis-2-workers", tmp_path)
    server.environ["HANSE_SIGNUP_RATE"] = "100000"  # the shared Redis counts every test's sign-ups
    server.start()
    engine = storage.create_engine(server.database_url)
    try:
        api = Api(server.url)
        session = _person(api, "alke")
        created = _kogge_against_easy(api)
        _sit(api, created["invites"][0]["url"], session)
        final = play_until_over(api, created["id"], session, random.Random(4))
        assert final["seats"][0]["rating"] is not None  # beside the name, once rated
        rated = _ratings(server, "alke")
        assert [(r["game"], r["players"], r["games"]) for r in rated] == [("kogge", "2p", 1)]
        server.restart()
        assert _ratings(server, "alke") == rated
        result = (final["scores"], final["winners"])
        with engine.begin() as conn:
            assert not ratings.settle(conn, created["id"], "kogge", 2, result)
        assert _ratings(server, "alke") == rated
        with engine.connect() as conn:
            rows = conn.execute(
                sa.select(rating_history.c.subject).where(
                    rating_history.c.table_id == created["id"]
                )
            ).scalars()
            assert sorted(rows) == ["bot:easy", _subject(conn, "alke")]
        # Unclaim it and race two settles: the conditioned claim lets one through
        with engine.begin() as conn:
            conn.execute(rating_history.delete().where(rating_history.c.table_id == created["id"]))
            conn.execute(
                game_tables.update().where(game_tables.c.id == created["id"]).values(rated=None)
            )
        outcomes: list[bool] = []
        barrier = threading.Barrier(2)

        def settle() -> None:
            with engine.begin() as conn:
                barrier.wait()
                outcomes.append(ratings.settle(conn, created["id"], "kogge", 2, result))

        racers = [threading.Thread(target=settle) for _ in range(2)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(60)
        assert sorted(outcomes) == [False, True]
        assert _ratings(server, "alke")[0]["games"] == 2  # the unclaimed table counted again
        api.close()
    finally:
        engine.dispose()
        server.stop()
        if schema:
            drop_postgres_schema(schema)


def _ratings(server: ServerProcess, name: str) -> list[dict[str, Any]]:
    return list(httpx.get(f"{server.url}/api/players/{name}").json()["ratings"])


def _subject(conn: sa.Connection, name: str) -> str:
    account = conn.execute(sa.select(accounts.c.id).where(accounts.c.name == name)).scalar_one()
    return f"person:{account}"


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    data = tmp_path_factory.mktemp("ratings")
    process = ServerProcess(f"sqlite:///{data / 'tables.sqlite3'}", data).start()
    yield process
    process.stop()


def test_a_table_with_a_guest_is_not_rated(sqlite_server: ServerProcess) -> None:
    api = Api(sqlite_server.url)
    session = _person(api, "guest-host")
    created = api.create(
        "kogge", [{"kind": "human"}, {"kind": "human"}], flags={}, visibility="public"
    )
    _sit(api, created["invites"][0]["url"], session)
    guest = api.join(created["invites"][1]["url"], "guest")["token"]
    # The account leaves its seat to a bot at once; the guest plays the rest
    table = api.table(created["id"], session)
    left = api.http.post(
        f"/api/tables/{created['id']}/seats/0/bot",
        json={"version": table["version"], "level": "easy"},
        headers=Api.auth(session),
    )
    assert left.status_code == 200, left.text
    final = play_until_over(api, created["id"], guest, random.Random(5))
    assert final["status"] == "finished"
    assert _ratings(sqlite_server, "guest-host") == []
    engine = storage.create_engine(sqlite_server.database_url)
    with engine.connect() as conn:
        rated = conn.execute(
            sa.select(game_tables.c.rated).where(game_tables.c.id == created["id"])
        ).scalar_one()
    engine.dispose()
    assert rated is False
    api.close()


def test_a_seat_left_to_a_bot_loses(sqlite_server: ServerProcess) -> None:
    """A person leaves to a bot, a program plays on: the person is last, whoever won."""
    api = Api(sqlite_server.url)
    leaver = _person(api, "leaver")
    owner = _person(api, "owner")
    made = api.http.post(
        "/api/me/bot-tokens", json={"name": "stayer"}, headers=Api.auth(owner)
    ).json()
    created = api.create("kogge", [{"kind": "human"}, {"kind": "human"}])
    _sit(api, created["invites"][0]["url"], leaver)
    _sit(api, created["invites"][1]["url"], made["token"])
    table = api.table(created["id"], leaver)
    left = api.http.post(
        f"/api/tables/{created['id']}/seats/0/bot",
        json={"version": table["version"], "level": "easy"},
        headers=Api.auth(leaver),
    )
    assert left.status_code == 200, left.text
    final = play_until_over(api, created["id"], made["token"], random.Random(6))
    assert final["status"] == "finished"
    person = httpx.get(f"{sqlite_server.url}/api/players/leaver").json()
    program = httpx.get(f"{sqlite_server.url}/api/players/owner/stayer").json()
    assert [(g["rank"], g["left"]) for g in person["games"]] == [(2, True)]
    assert [(g["rank"], g["left"]) for g in program["games"]] == [(1, False)]
    assert program["ratings"][0]["rating"] > person["ratings"][0]["rating"]
    board = httpx.get(f"{sqlite_server.url}/api/ratings/kogge?players=2p").json()
    names = [e["name"] for e in board["top"]]
    assert names.index("owner/stayer") < names.index("leaver")
    assert "easy" not in names and "hard" not in names  # the bot that took over is not rated
    # The pages: the leaderboard, the program's page with its chart, the mark at the table
    page = httpx.get(f"{sqlite_server.url}/ratings/kogge?players=2p&lang=de").text
    assert "Wertungen" in page and 'href="/players/owner/stayer"' in page
    page = httpx.get(f"{sqlite_server.url}/players/owner/stayer?lang=it").text
    assert '<svg class="rating-chart"' in page and "programma" in page
    page = httpx.get(f"{sqlite_server.url}/players/leaver").text
    assert "left the game" in page
    page = httpx.get(f"{sqlite_server.url}/tables/{created['id']}/panel").text
    assert page.count('class="program-mark"') >= 1 and 'class="seat-rating"' in page
    assert httpx.get(f"{sqlite_server.url}/players/nobody").status_code == 404
    api.close()


def test_the_leaderboard_orders_by_rating_then_games(tmp_path: Path) -> None:
    engine = storage.create_engine(f"sqlite:///{tmp_path / 'board.sqlite3'}")
    storage.migrate(engine)
    at = sa.func.now()
    with engine.begin() as conn:
        for name in ("anna", "bert", "carl", "dora"):
            conn.execute(accounts.insert().values(name=name, password_hash="x", created_at=at))
        ids = dict(conn.execute(sa.select(accounts.c.name, accounts.c.id)).all())
        conn.execute(
            bot_tokens.insert().values(
                account_id=ids["dora"], name="prog", token_hash="h", created_at=at
            )
        )
        rows = [
            (f"person:{ids['anna']}", 30.0, 2.0, 5),  # shown 24
            (f"person:{ids['bert']}", 40.0, 6.0, 3),  # shown 22
            (f"person:{ids['carl']}", 30.0, 2.0, 9),  # shown 24, more games
            ("program:1", 50.0, 3.0, 7),  # shown 41
            ("bot:easy", 25.0, 1.0, 4),  # shown 22, more games than bert
        ]
        for subject, mu, sigma, games in rows:
            conn.execute(
                ratings_table.insert().values(
                    subject=subject,
                    game="hansa",
                    players_class="3p+",
                    mu=mu,
                    sigma=sigma,
                    games=games,
                    updated_at=at,
                )
            )
    board = rating_board.leaderboard(engine, "hansa", "3p+", limit=3, me=ids["bert"])
    assert [(e["name"], e["kind"], e["rating"]) for e in board["top"]] == [
        ("dora/prog", "program", 41.0),
        ("carl", "person", 24.0),
        ("anna", "person", 24.0),
    ]
    assert board["me"]["place"] == 5 and board["me"]["name"] == "bert"
    assert board["count"] == 5
    assert rating_board.leaderboard(engine, "hansa", "2p")["top"] == []
    engine.dispose()


def test_ranks_put_leavers_last() -> None:
    seated = [
        ratings.Sitter(0, "person:1", True, None),
        ratings.Sitter(1, "person:2", False, None),
        ratings.Sitter(2, "bot:easy", False, 25.0),
    ]
    assert ratings.ranks_of(seated, [50, 20, 30], [0]) == [3, 2, 1]
    assert ratings.ranks_of(seated, [50, 30, 30], []) == [3, 1, 1]


def test_a_games_ratings_page_opens_on_a_class_it_has(sqlite_server: ServerProcess) -> None:
    """Lübeck (3 to 5 players) has no 2-player class: its page opens on "3 or more players"
    (a trial found it saying nobody was rated, on the 2-player class, with its one tab not
    marked); Hansa (2 to 5) opens on 2 players."""
    luebeck = httpx.get(f"{sqlite_server.url}/ratings/luebeck").text
    assert 'href="?players=3p%2B" aria-current="true"' in luebeck
    assert "players=2p" not in luebeck
    hansa = httpx.get(f"{sqlite_server.url}/ratings/hansa").text
    assert 'href="?players=2p" aria-current="true"' in hansa


def test_an_ended_rated_table_shows_the_rating_it_left_and_its_change(
    sqlite_server: ServerProcess,
) -> None:
    """The end screen, as on the big sites: each rated person's rating as this game left it and
    what the game changed (the first game from the start, 0; the next from the first's), kept so
    when later games change the rating; a house bot, a fixed anchor, shows no change."""
    api = Api(sqlite_server.url)
    session = _person(api, "enno")
    ended = []
    for seed in (5, 6):
        created = _kogge_against_easy(api)
        _sit(api, created["invites"][0]["url"], session)
        ended.append(play_until_over(api, created["id"], session, random.Random(seed)))
    first, second = (table["seats"][0] for table in ended)
    assert first["rating_change"] == first["rating"] - ratings.shown(
        ratings.MU_START, ratings.SIGMA_START
    )
    assert second["rating_change"] == second["rating"] - first["rating"]
    assert first["rating"] != second["rating"]
    assert [table["seats"][1]["rating_change"] for table in ended] == [None, None]
    again = api.table(ended[0]["id"], session)["seats"][0]  # after the second game
    assert (again["rating"], again["rating_change"]) == (first["rating"], first["rating_change"])
    page = api.http.get(f"/tables/{ended[1]['id']}/panel", headers=Api.auth(session)).text
    change = second["rating_change"]
    assert ("±0" if change == 0 else f"{change:+d}") in page and 'class="rating-change' in page
    assert 'href="/ratings/kogge?players=2p"' in page  # the row of ratings leads to the board
    api.close()


def test_a_game_under_way_shows_the_ratings_its_players_brought(
    sqlite_server: ServerProcess,
) -> None:
    """A person's other game ending does not change the number beside its name at a game under
    way (it would have differed between workers, each with its own copy of the table): the
    rating brought to the game stands there until it ends, and a table still waiting shows the
    rating now."""
    api = Api(sqlite_server.url)
    session = _person(api, "frauke")
    first = _kogge_against_easy(api)
    _sit(api, first["invites"][0]["url"], session)
    brought = play_until_over(api, first["id"], session, random.Random(7))["seats"][0]["rating"]
    under_way = _kogge_against_easy(api)
    _sit(api, under_way["invites"][0]["url"], session)
    assert api.table(under_way["id"], session)["seats"][0]["rating"] == brought
    other = _kogge_against_easy(api)
    _sit(api, other["invites"][0]["url"], session)
    now = play_until_over(api, other["id"], session, random.Random(8))["seats"][0]["rating"]
    assert now != brought
    api.close()
    sqlite_server.restart()  # a worker that reads the table afresh (as another worker would)
    api = Api(sqlite_server.url)
    seat = api.table(under_way["id"], session)["seats"][0]
    assert (seat["rating"], seat["rating_change"]) == (brought, None)
    waiting = api.create("kogge", [{"kind": "human"}, {"kind": "human"}])
    _sit(api, waiting["invites"][0]["url"], session)
    assert api.table(waiting["id"], session)["seats"][0]["rating"] == now
    api.close()
