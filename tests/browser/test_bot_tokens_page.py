"""The account page's Programs section (issue 33), as a person uses it: make a bot token (shown
once), see it listed, a program plays with it, revoke it; in German too."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect


def test_a_person_makes_lists_and_revokes_a_bot_token(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site}/account?lang=de")
    page.fill("#create-account input[name=name]", "gesa")
    page.fill("#create-account input[name=password]", "password1")
    page.click("#create-account button")
    expect(page.locator("#bot-tokens h2")).to_have_text("Programme")
    expect(page.locator("[data-bot-tokens]")).to_contain_text("Noch kein Token.")
    page.fill("[data-bot-token-new] input[name=name]", "wuerfler")
    page.click("[data-bot-token-new] button")
    secret = page.locator("[data-bot-token-secret] code")
    expect(secret).not_to_be_empty()
    token = secret.inner_text()
    expect(page.locator("[data-bot-tokens] li")).to_contain_text("wuerfler")
    # A second token of that name is refused, in the page's language (the JSON's `message`)
    page.fill("[data-bot-token-new] input[name=name]", "wuerfler")
    page.click("[data-bot-token-new] button")
    expect(page.locator("#message")).to_have_text(
        "Ein Token namens 'wuerfler' gibt es schon; widerrufe ihn zuerst."
    )
    program = {"Authorization": f"Bearer {token}"}
    assert httpx.get(f"{site}/api/me", headers=program).json()["name"] == "gesa"
    page.reload()  # shown once: after a reload only its name is left
    expect(page.locator("[data-bot-tokens] li")).to_contain_text("wuerfler")
    assert token not in page.content()
    page.click("[data-bot-tokens] li button")
    expect(page.locator("[data-bot-tokens]")).to_contain_text("Noch kein Token.")
    assert httpx.get(f"{site}/api/me", headers=program).status_code == 401
    context.close()
