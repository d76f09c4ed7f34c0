"""A person plays in the browser: creates a table against bots in the lobby and clicks through a
whole game until the result shows; two people join one table by invite link and see each other's
moves live; a phone-sized screen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

GAMES = [("luebeck", 3), ("kogge", 3), ("speicherstadt", 2), ("hansa", 2)]


def _create(page: Page, site: str, game: str, players: int, seats: list[str]) -> None:
    page.goto(site + "/")
    page.fill("input[name=name]", "Anna")
    page.select_option("select[name=game]", game)
    page.fill("input[name=players]", str(players))
    page.dispatch_event("input[name=players]", "change")
    for index, choice in enumerate(seats):
        page.select_option(f"select[name=seat{index}]", choice)
    page.click("button[type=submit]")
    page.wait_for_url("**/tables/**")


def _play_to_the_end(page: Page, rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        page.wait_for_selector(
            ".panel[data-status=finished], .panel[data-my-turn=yes] [data-action]", timeout=60_000
        )
        if page.locator(".panel[data-status=finished]").count():
            return
        targets = page.locator(".panel [data-action]")
        version = page.locator(".panel").get_attribute("data-version")
        targets.nth(rng.randrange(targets.count())).click()
        page.wait_for_function(
            "v => { const p = document.querySelector('.panel');"
            " return p && p.dataset.version !== v; }",
            arg=version,
            timeout=60_000,
        )
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_person_plays_a_whole_game_against_bots_by_clicking(
    browser: Browser, site: str, game: str, players: int
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _create(page, site, game, players, ["me"] + ["bot:easy"] * (players - 1))
    _play_to_the_end(page, random.Random(7))
    expect(page.locator(".players")).to_contain_text("wins")
    if game == "luebeck":
        _step_through_the_replay(page)
    assert not errors
    page.close()


def _step_through_the_replay(page: Page) -> None:
    """The finished game replays forwards and backwards, as a spectator and as a seat."""
    page.click("a.replay")
    page.wait_for_selector("#frame pre")
    steps = int(page.locator("#replay").get_attribute("data-steps") or 0)
    for _ in range(3):
        page.click("[data-step=forward]")
    expect(page.locator("output[name=at]")).to_have_text(f"3 / {steps}")
    page.click("[data-step=back]")
    expect(page.locator("output[name=at]")).to_have_text(f"2 / {steps}")
    page.select_option("select[name=seat]", "0")
    page.click("[data-step=last]")
    expect(page.locator("output[name=at]")).to_have_text(f"{steps} / {steps}")
    expect(page.locator("#frame")).to_contain_text("Your hand")


def test_two_people_join_by_invite_and_see_each_others_moves_live(
    browser: Browser, site: str
) -> None:
    anna = browser.new_context().new_page()
    _create(anna, site, "luebeck", 3, ["me", "invite", "bot:random"])
    invite = anna.locator("#invites a").first.get_attribute("href")
    assert invite and "/join/" in invite
    bert = browser.new_context().new_page()
    bert.goto(invite)
    bert.fill("input[name=name]", "Bert")
    bert.click("button[type=submit]")
    bert.wait_for_url("**/tables/**")
    expect(anna.locator(".players")).to_contain_text("Bert", timeout=20_000)
    rng = random.Random(1)
    for _ in range(6):  # whoever is asked clicks; the other sees the move arrive
        for mover, watcher in ((anna, bert), (bert, anna)):
            if mover.locator(".panel[data-my-turn=yes] [data-action]").count():
                version = int(mover.locator(".panel").get_attribute("data-version") or 0)
                targets = mover.locator(".panel [data-action]")
                targets.nth(rng.randrange(targets.count())).click()
                watcher.wait_for_function(
                    "v => +document.querySelector('.panel').dataset.version > v",
                    arg=version,
                    timeout=20_000,
                )
        anna.wait_for_timeout(200)


def test_a_table_fits_a_phone(browser: Browser, site: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    _create(page, site, "speicherstadt", 2, ["me", "bot:easy"])
    page.wait_for_selector(".panel [data-action]", timeout=30_000)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
