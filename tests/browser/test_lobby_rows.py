"""The lobby's rows as a person reads them (issue 33 leftovers): each table's mode, time control
and language, the ratings beside the names with the class they are of, in English, German and
Italian, within a phone's width; a refusal shown in the page's language."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.server.server_process import ServerProcess

ROWS = {
    "en": (
        "live · 10+10 · Deutsch",
        "one move a day · 2 days a move · Italiano",
        "Ratings: 2 players",
    ),
    "de": (
        "Echtzeit · 10+10 · Deutsch",
        "ein Zug am Tag · 2 Tage pro Zug · Italiano",
        "Wertungen: 2 Personen",
    ),
    "it": (
        "dal vivo · 10+10 · Deutsch",
        "una mossa al giorno · 2 giorni per mossa · Italiano",
        "Classifiche: 2 giocatori",
    ),
}


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("lobby-rows")
    server = ServerProcess(f"sqlite:///{folder / 'tables.sqlite3'}", folder)
    server.environ["HANSE_MAX_WAITING"] = "2"
    server.start()
    tables = [
        (
            {
                "game": "kogge",
                "players": 2,
                "mode": "live",
                "clock": {"base": 600, "increment": 10},
                "seats": [{"kind": "bot", "level": "hard"}, {"kind": "human"}],
            },
            "de",
        ),
        (
            {
                "game": "hansa",
                "players": 3,
                "mode": "async",
                "clock": {"per_move": 2 * 86_400},
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"}],
            },
            "it",
        ),
    ]
    for body, lang in tables:
        made = httpx.post(f"{server.url}/api/tables", json={**body, "lang": lang})
        assert made.status_code == 201, made.text
    yield server.url
    server.stop()


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_the_rows_say_mode_clock_language_and_ratings(
    browser: Browser, lobby: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{lobby}/?lang={lang}")
    rows = page.locator("#waiting li")
    kogge, hansa, ratings = ROWS[lang]
    expect(rows.filter(has_text="Kogge").locator(".facts")).to_have_text(f"· {kogge}")
    expect(rows.filter(has_text="Hansa").locator(".facts")).to_have_text(f"· {hansa}")
    # The house bot's fixed rating beside its name, and which leaderboard it is of
    hard = rows.filter(has_text="Kogge").locator(".seat-rating")
    expect(hard).to_have_text("29")
    link = rows.filter(has_text="Kogge").locator(".rating-class")
    expect(link).to_have_text(ratings)
    assert link.get_attribute("href") == "/ratings/kogge?players=2p"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the lobby is {wide} px wide on a 390 px phone"
    context.close()


def test_the_waiting_cap_is_refused_in_the_pages_language(browser: Browser, lobby: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{lobby}/?lang=it")
    page.fill("#create input[name=name]", "Nina")
    page.click("#create button[type=submit]")  # this address has its two waiting tables
    expect(page.locator("#message")).to_contain_text("Troppi tavoli in attesa")
    context.close()
