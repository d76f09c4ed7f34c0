"""A person replays a finished game in the browser: opens it at a step from its address, steps
with the arrow keys and the buttons, reads each step's move beside the controls and finds it
marked and in view in the log, shares the step's address, and reads the result at the end."""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import Browser, Page, expect


def _finished_table(site: str) -> tuple[str, int]:
    """A Lübeck table of three easy bots played to its end, and its number of steps."""
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
        record = http.get(f"/api/tables/{created['id']}/record").json()
    return str(created["id"]), len(record["actions"])


def _marked_in_view(page: Page, step: int) -> None:
    """The log's one marked entry is the step's, and the log's box shows it (once the frame
    of the step reached is shown: frames asked while one loads are coalesced)."""
    expect(page.locator("#frame")).not_to_have_attribute("aria-busy", "true")
    current = page.locator("#frame .log li.current")
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("aria-current", "step")
    number = current.evaluate("li => li.dataset.number || li.getAttribute('value')")
    assert number == str(step)
    seen = page.evaluate(
        """() => {
          const log = document.querySelector('#frame .log ol');
          const li = log.querySelector('.current');
          const box = log.getBoundingClientRect(), r = li.getBoundingClientRect();
          return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        }"""
    )
    assert seen, "the marked entry is scrolled into the log's view"


def _said_is_the_marked_entry(page: Page, prefix: str) -> None:
    said = page.locator("#said").inner_text()
    entry = page.locator("#frame .log li.current").inner_text()
    entry = re.sub(r"^\d+\s+", "", entry).strip()  # its number
    assert said.startswith(prefix) and said.removeprefix(prefix) == entry, (said, entry)


def test_stepping_through_a_replay_says_each_move_and_marks_it(browser: Browser, site: str) -> None:
    table_id, steps = _finished_table(site)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/tables/{table_id}/replay?step=40&lang=en")
    expect(page.locator("output[name=at]")).to_have_text(f"40 / {steps}")
    _said_is_the_marked_entry(page, f"Move 40 of {steps}: ")
    _marked_in_view(page, 40)
    # The arrow keys step (the page, not the slider, has the focus), and so do the buttons.
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#said")).to_contain_text(f"Move 41 of {steps}: ")
    expect(page.locator("output[name=at]")).to_have_text(f"41 / {steps}")
    _marked_in_view(page, 41)
    _said_is_the_marked_entry(page, f"Move 41 of {steps}: ")
    page.click("[data-step=forward]")
    page.click("[data-step=forward]")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#said")).to_contain_text(f"Move 42 of {steps}: ")
    _marked_in_view(page, 42)
    _said_is_the_marked_entry(page, f"Move 42 of {steps}: ")
    # The address follows: reloaded (or sent to a friend) it opens the same step, as the seat.
    page.select_option("select[name=seat]", "0")
    expect(page).to_have_url(re.compile(r"\?step=42&seat=0$"))
    page.reload()
    expect(page.locator("output[name=at]")).to_have_text(f"42 / {steps}")
    expect(page.locator("select[name=seat]")).to_have_value("0")
    expect(page.locator("#frame")).to_contain_text("Your hand")
    # The start has no move to say; the end shows the result.
    page.click("[data-step=first]")
    expect(page.locator("#said")).to_have_text("The game as it was set up, before the first move.")
    expect(page.locator("#frame .log li.current")).to_have_count(0)
    page.click("[data-step=last]")
    expect(page.locator("#frame table.result")).to_be_visible()
    expect(page.locator("#frame table.result .total")).to_contain_text("Total")
    expect(page.locator("#frame .winners")).to_contain_text("Winner")
    _marked_in_view(page, steps)
    # In German, the language link keeping the step.
    page.click(".languages a[hreflang=de]")
    expect(page.locator("#said")).to_contain_text(f"Zug {steps} von {steps}: ")
    expect(page.locator("h1")).to_have_text("Lübeck: Wiederholung")
    page.goto(f"{site}/?lang=en")  # the language is kept in a cookie: back to English
    assert not errors
    page.close()
