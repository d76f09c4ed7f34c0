"""The tournament pages (issue 33) as people use them, on a phone in German: the organiser
creates one with the form (a refused setting says why), a second person joins from its page and
leaves again, the organiser starts it, and the page shows round 1's table and the standings."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Page, expect


def signed_in(browser: Browser, site: str, name: str) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site}/account?lang=de")
    page.fill("#create-account input[name=name]", name)
    page.fill("#create-account input[name=password]", "password1")
    page.click("#create-account button")
    expect(page.locator("#bot-tokens h2")).to_have_text("Programme")
    return page


def test_a_tournament_is_made_joined_left_and_started_from_its_pages(
    browser: Browser, site: str
) -> None:
    host = signed_in(browser, site, "hanna")
    host.click("header >> text=Turniere")
    expect(host.locator("h1")).to_have_text("Turniere")
    host.click("text=Neues Turnier")
    host.fill("input[name=name]", "Koggenrennen")
    host.select_option("select[name=game]", "kogge")
    host.fill("input[name=players]", "2")
    host.fill("input[name=fewest]", "2")
    host.fill("input[name=rounds]", "2")
    host.fill("input[name=least]", "20")  # more than the 16 it may take
    host.click("#new-tournament button[type=submit]")
    expect(host.locator("#message")).to_contain_text("least no more than most")
    host.fill("input[name=least]", "2")
    host.click("#new-tournament button[type=submit]")
    expect(host.locator("h1")).to_have_text("Koggenrennen")
    expect(host.locator(".tournament-state")).to_contain_text("Anmeldung offen")
    address = host.url
    start = host.locator("[data-tournament-do=start]")
    host.click("[data-tournament-do=join]")
    expect(host.locator(".entrants")).to_contain_text("hanna")
    expect(start).to_be_disabled()  # one entrant; it needs two

    guest = signed_in(browser, site, "gero")
    guest.goto(address)
    guest.click("[data-tournament-do=join]")
    expect(guest.locator(".entrants li")).to_have_count(2)
    guest.click("[data-tournament-do=leave]")
    expect(guest.locator(".entrants li")).to_have_count(1)
    guest.click("[data-tournament-do=join]")
    expect(guest.locator(".entrants li")).to_have_count(2)
    assert guest.locator("[data-tournament-do=start]").count() == 0  # not the organiser's

    host.reload()
    host.click("[data-tournament-do=start]")
    expect(host.locator(".tournament-state")).to_contain_text("Runde 1 von 2 läuft.")
    expect(host.locator(".standings tbody tr")).to_have_count(2)
    play = host.locator(".tournament-tables a.your-table")
    expect(play).to_have_text("Spielen")
    table = play.get_attribute("href")
    assert table is not None
    host.click(".tournament-tables a.your-table")
    expect(host.locator("#table")).to_be_visible()
    expect(host.locator(".tournament-of-table")).to_have_text("Turnier Koggenrennen, Runde 1")
    # a page no wider than the phone: the standings scroll inside their box
    guest.reload()
    width = guest.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    assert httpx.get(f"{site}/api{table}").status_code == 404  # private: not by its id alone
    host.context.close()
    guest.context.close()
