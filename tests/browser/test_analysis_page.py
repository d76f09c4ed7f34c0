"""A person opens a finished game's analysis: while it is computed the page shows its progress
and follows it by itself; then every player's win chance through the game as a chart, the
largest losses marked on it and in the list, each decision beside the best move, in the reader's
language, on a laptop and on a phone."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.server.server_process import ServerProcess

BUDGET = 40  # enough for the progress to be seen for a few seconds, little enough to end soon


@pytest.fixture(scope="module")
def analysing_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("analysis-site")
    server = ServerProcess(f"sqlite:///{folder / 'tables.sqlite3'}", folder)
    server.environ["HANSE_ANALYSIS_BUDGET"] = str(BUDGET)
    yield server.start().url
    server.stop()


def _finished_table(site: str) -> str:
    with httpx.Client(base_url=site, timeout=30) as http:
        seats = [{"kind": "bot", "level": "easy"}] * 3
        created = http.post(
            "/api/tables",
            json={"game": "luebeck", "players": 3, "flags": {}, "mode": "live", "seats": seats},
        ).json()
        deadline = time.monotonic() + 120
        while http.get(f"/api/tables/{created['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
    return str(created["id"])


@pytest.mark.parametrize(
    ("lang", "viewport", "words"),
    [
        ("en", {"width": 1280, "height": 800}, ("Win chances through the game", "Largest losses")),
        (
            "de",
            {"width": 390, "height": 844},
            ("Gewinnchancen im Lauf der Partie", "Größte Verluste"),
        ),
        (
            "it",
            {"width": 390, "height": 844},
            ("Probabilità di vittoria nel corso della partita", "Perdite maggiori"),
        ),
    ],
)
def test_the_analysis_page_shows_its_progress_then_the_chart(
    browser: Browser,
    analysing_site: str,
    lang: str,
    viewport: dict[str, int],
    words: tuple[str, str],
    tmp_path: Path,
) -> None:
    table_id = _finished_table(analysing_site)
    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{analysing_site}/tables/{table_id}/analysis?lang={lang}")
    # Just asked for: computed in the background, the page shows how far it is.
    expect(page.locator("#analysis-progress")).to_be_visible()
    page.screenshot(path=str(tmp_path / f"progress-{lang}.png"))
    # The page follows the progress by itself and shows the result once it is stored.
    chart = page.locator("svg.analysis-chart")
    expect(chart).to_be_visible(timeout=180_000)
    expect(page.locator("#analysis-progress")).to_have_count(0)
    expect(page.locator(".analysis-chances h2")).to_have_text(words[0])
    expect(page.locator(".analysis-losses h2")).to_have_text(words[1])
    expect(chart.locator("polyline.seat")).to_have_count(3)
    expect(chart.locator("a.loss")).to_have_count(5)
    expect(page.locator(".analysis-losses li")).to_have_count(5)
    expect(page.locator("table.decisions tr.largest")).to_have_count(5)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 0.8 * min(viewport["width"] - 40, 768)
    # Nothing sticks out sideways on a phone: the decisions' table scrolls in its own box.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    page.screenshot(path=str(tmp_path / f"analysis-{lang}.png"), full_page=True)
    # A largest loss's mark opens the replay at that move, as its player saw it.
    first = chart.locator('a.loss[data-rank="1"]')
    step = first.get_attribute("data-step")
    first.click()
    expect(page).to_have_url(re.compile(rf"/tables/{table_id}/replay\?step={step}&seat=\d$"))
    expect(page.locator("#evaluation")).not_to_be_empty()
    assert not errors
    page.close()
