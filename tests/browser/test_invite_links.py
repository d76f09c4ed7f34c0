"""The host's invite links in the browser: the Copy button puts a link on the clipboard (or
selects it where the page may not write there), each link's QR code shows, and the invited
person's page tells the table; screenshots of both pages on a laptop and a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def _host_a_table(page: Page, site: str) -> dict[str, Any]:
    """Anna sets up a Kogge table as the lobby does (it calls the same API and keeps the other
    seats' links in the browser): she sits at seat 1, seats 2 and 3 are invites, seat 4 an easy
    bot; then her table's page, waiting for players."""
    page.goto(site + "/")
    created: dict[str, Any] = page.evaluate(
        """async () => {
          const { post } = await import("/static/api.js");
          const created = await post("/api/tables", {
            game: "kogge", players: 4, flags: { conflicts: true }, mode: "live",
            visibility: "private",
            seats: [{ kind: "human" }, { kind: "human" }, { kind: "human" },
                    { kind: "bot", level: "easy" }],
          });
          const invites = {};
          for (const invite of created.invites) invites[invite.seat] = invite.url;
          await post(`/api/join/${invites[0].split("/").pop()}`, { name: "Anna" });
          delete invites[0];
          localStorage.setItem(`hanse-invites-${created.id}`, JSON.stringify(invites));
          return created;
        }"""
    )
    page.goto(f"{site}/tables/{created['id']}")
    return created


def _shown(image: Any) -> bool:
    return bool(image.evaluate("i => i.complete && i.naturalWidth > 0"))


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_host_copies_an_invite_link_and_shows_its_qr_code(
    browser: Browser, site: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    context = browser.new_context(
        viewport=viewport, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    created = _host_a_table(page, site)
    invites = {invite["seat"]: invite["url"] for invite in created["invites"]}
    items = page.locator("#invites li")
    expect(items).to_have_count(2)
    for item, seat in zip(items.all(), (1, 2), strict=True):
        expect(item.locator("a")).to_have_text(invites[seat])
        code = item.locator("img.qr")
        expect(code).to_be_visible()
        page.wait_for_function("i => i.complete", arg=code.element_handle())
        assert _shown(code), "the QR code did not load"
        assert code.evaluate("i => i.getBoundingClientRect().width") >= 150
    page.get_by_role("button", name="Copy: Seat 3").click()
    expect(items.nth(1).locator(".copied")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == invites[2]
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the invite list is wider than the screen"
    page.screenshot(path=str(tmp_path / f"waiting-{viewport['width']}.png"), full_page=True)
    # The invited person's page, in the same size.
    guest = browser.new_context(viewport=viewport).new_page()
    guest.goto(invites[1])
    expect(guest.locator(".host")).to_have_text("Host: Anna (the first to take a seat)")
    expect(guest.locator(".invited-seats li.me")).to_contain_text("this invite's seat")
    expect(guest.locator("#join button[type=submit]")).to_be_visible()
    guest.screenshot(path=str(tmp_path / f"invite-{viewport['width']}.png"), full_page=True)
    guest.context.close()
    context.close()


def test_where_the_clipboard_is_refused_the_link_is_selected(browser: Browser, site: str) -> None:
    """A page on plain http in the LAN has no navigator.clipboard: the Copy button selects the
    link instead, and says whether the old copy command took it or the reader copies it."""
    context = browser.new_context(viewport=LAPTOP)
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    page = context.new_page()
    created = _host_a_table(page, site)
    url = next(invite["url"] for invite in created["invites"] if invite["seat"] == 1)
    page.get_by_role("button", name="Copy: Seat 2").click()
    assert page.evaluate("String(getSelection())") == url
    note = page.locator("#invites li").first.locator(".copied")
    expect(note).not_to_be_empty()
    assert note.inner_text() in (
        "Copied",
        "Selected: copy it with Ctrl+C, or press and hold on a phone.",
    )
    context.close()
