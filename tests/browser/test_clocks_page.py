"""The clocks on the table page (issue 31): every seat's time left in the players list, the
deciding seat's counting down there and in the prompt bar (the page's timers driven by
Playwright's clock, never waited for), for the one who decides and for the one who waits; low
time in red."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page

from tests.browser.test_browser_play import _accepting


def _seconds(text: str) -> int:
    """A clock's text (4:05, 1:02:03) in seconds."""
    assert re.fullmatch(r"\d+(:\d\d){1,2}", text), text
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def _open(browser: Browser, site: str, table_id: str, secret: str, name: str) -> Page:
    page = _accepting(browser.new_page(viewport={"width": 1280, "height": 800}))
    page.clock.install()
    page.request.post(f"{site}/api/join/{secret}", data={"name": name})
    page.goto(f"{site}/tables/{table_id}")
    page.wait_for_selector(".players .seat-clock", state="attached", timeout=60_000)
    return page


def test_the_clock_counts_down_for_the_decider_and_shows_time_left_for_all(
    browser: Browser, site: str
) -> None:
    created = httpx.post(
        f"{site}/api/tables",
        json={
            "game": "hansa",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "clock": {"base": 90, "increment": 5},
        },
        timeout=30,
    ).json()
    secrets = [invite["url"].rsplit("/", 1)[-1] for invite in created["invites"]]
    pages = [
        _open(browser, site, created["id"], secret, name)
        for secret, name in zip(secrets, ["Anna", "Bruno"], strict=True)
    ]
    for page in pages:
        page.reload()  # both seated: the game runs
        page.wait_for_selector(".players .seat-clock.running", timeout=60_000)
    decider = next(p for p in pages if p.locator(".panel[data-my-turn=yes]").count())
    waiter = next(p for p in pages if p is not decider)
    for page in pages:
        clocks = page.locator(".players .seat-clock .clock-time").all_inner_texts()
        assert len(clocks) == 2  # time left for all
        assert all(75 <= _seconds(text) <= 90 for text in clocks), clocks
    prompt = decider.locator("[data-prompt] .clock.countdown .clock-time")
    before = _seconds(prompt.inner_text())
    running = [_seconds(p.locator(".seat-clock.running .clock-time").inner_text()) for p in pages]
    idle = [
        _seconds(p.locator(".seat-clock:not(.running) .clock-time").inner_text()) for p in pages
    ]
    for page in pages:
        page.clock.run_for(10_000)
    assert before - 11 <= _seconds(prompt.inner_text()) <= before - 9  # counts down
    for page, was, still in zip(pages, running, idle, strict=True):
        now = _seconds(page.locator(".seat-clock.running .clock-time").inner_text())
        assert was - 11 <= now <= was - 9
        assert _seconds(page.locator(".seat-clock:not(.running) .clock-time").inner_text()) == still
    assert waiter.locator("[data-prompt] .clock.countdown").count() == 1  # the waiter sees it too
    # The last minute is red.
    for page in pages:
        page.clock.run_for(30_000)
    color = decider.eval_on_selector(".seat-clock.running", "e => getComputedStyle(e).color")
    assert "low" in (decider.locator(".seat-clock.running").get_attribute("class") or "")
    assert color == "rgb(176, 0, 32)"
    for page in pages:
        page.close()
