"""The table page as on the best sites (issue 30): the board fits the screen at the default
zoom, the decision stays in view in the prompt bar (``[data-prompt]``), watchers read what the
decider does, a finger's tap on a small board zooms before it chooses, what the others did since
one's last move is marked, and a whole Hansa game is played by clicking on a phone-sized screen."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_browser_play import _accepting, _play_to_the_end

SIZES = [(1280, 800), (390, 844)]
# Every game at its largest player count; Hansa on both sides of its board (2-3 and 4-5 players);
# Die Speicherstadt with Kaispeicher's larger display.
TABLES = [
    ("luebeck", 5, {}),
    ("hansa", 5, {}),
    ("hansa", 3, {}),
    ("kogge", 4, {}),
    ("speicherstadt", 5, {"kaispeicher": True}),
]


def _seated(
    browser: Browser,
    site: str,
    game: str,
    players: int,
    flags: dict,
    size: tuple,
    touch: bool = False,
) -> Page:
    """A page of the person in seat 0 (joined by its invite) at a table with `easy` bots, once
    the first decision is theirs (`touch`: a phone's finger instead of a mouse)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    created = httpx.post(
        f"{site}/api/tables",
        json={"game": game, "players": players, "flags": flags, "seats": seats},
        timeout=30,
    ).json()
    viewport = {"width": size[0], "height": size[1]}
    page = _accepting(browser.new_context(viewport=viewport, has_touch=touch).new_page())
    secret = created["invites"][0]["url"].rsplit("/", 1)[-1]
    page.request.post(f"{site}/api/join/{secret}", data={"name": "Anna"})
    page.goto(f"{site}/tables/{created['id']}")
    page.wait_for_selector(
        ".panel[data-my-turn=yes] [data-action]", state="attached", timeout=60_000
    )
    return page


def _in_view(page: Page, selector: str) -> bool:
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect();"
            " return r.top >= 0 && r.top < innerHeight && r.height > 0; }",
        )
    )


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(
    ("game", "players", "flags"), TABLES, ids=[f"{g}{n}" for g, n, _ in TABLES]
)
def test_the_board_fits_and_the_decision_stays_in_view(
    browser: Browser, site: str, game: str, players: int, flags: dict, size: tuple
) -> None:
    page = _seated(browser, site, game, players, flags, size)
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    left, right = page.eval_on_selector(
        ".svg-board svg", "s => [s.getBoundingClientRect().left, s.getBoundingClientRect().right]"
    )
    assert left >= 0 and right <= width, (left, right, width)
    assert _in_view(page, "[data-prompt]")
    expect(page.locator("[data-prompt] .prompt-words")).not_to_be_empty()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    assert _in_view(page, "[data-prompt]")
    if os.environ.get("HANSE_SCREENSHOTS") == "1" and (game, players) in PICTURED:
        _picture(page, game, "phone" if size[0] < 600 else "laptop")
    page.context.close()


PICTURED = {("luebeck", 5), ("hansa", 5), ("kogge", 4), ("speicherstadt", 5)}


def _picture(page: Page, game: str, device: str) -> None:
    """The README's picture of a game at a table (``HANSE_SCREENSHOTS=1 pytest tests/browser -k
    fits`` renews them): a dozen of the person's moves into the game, from the page's top."""
    rng = random.Random(2)
    for _ in range(12):
        targets = page.locator(".panel[data-my-turn=yes] [data-action]:visible")
        if page.locator(".panel[data-status=finished]").count() or not targets.count():
            break
        version = page.locator(".panel").get_attribute("data-version")
        ending = page.locator('.panel [data-action="end_turn"]:visible')
        target = ending.first if ending.count() else targets.nth(rng.randrange(targets.count()))
        target.click()
        page.wait_for_function(
            "v => document.querySelector('.panel').dataset.version !== v", arg=version
        )
        page.wait_for_selector(
            ".panel[data-my-turn=yes] [data-action], .panel[data-status=finished]",
            state="attached",
            timeout=60_000,
        )
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game}-{device}.png"))


def test_watchers_read_what_the_decider_does(browser: Browser, site: str) -> None:
    """While the person in seat 0 decides, a spectator reads "Anna (A) chooses an action", not
    the instruction addressed to Anna; the buttons are the decider's only."""
    page = _seated(browser, site, "hansa", 2, {}, (1280, 800))
    expect(page.locator("[data-prompt] .prompt-words")).to_contain_text("Choose an action")
    watcher = browser.new_context().new_page()
    watcher.goto(page.url + "?lang=de")
    expect(watcher.locator("[data-prompt] .prompt-words")).to_have_text(
        "Anna (A) wählt eine Aktion"
    )
    assert watcher.locator("[data-prompt] [data-action]").count() == 0
    watcher.close()
    page.context.close()


def test_no_tooltip_is_a_moves_notation(browser: Browser, site: str) -> None:
    page = _seated(browser, site, "kogge", 3, {}, (1280, 800))
    actions = page.eval_on_selector_all(
        "[data-action]", "es => es.map(e => [e.dataset.action, e.getAttribute('title') || ''])"
    )
    assert actions
    assert all(title != action for action, title in actions)
    for action, title in actions:
        assert " " not in action or not re.search(rf"(?<!\w){re.escape(action)}(?!\w)", title)
    page.context.close()


def test_the_zoom_buttons_zoom_and_the_choice_is_kept(browser: Browser, site: str) -> None:
    page = _seated(browser, site, "hansa", 3, {}, (1280, 800))
    frame = page.locator(".svg-board")
    whole = frame.evaluate("f => f.querySelector('svg').getBoundingClientRect().width")
    page.click("[data-fit=in]")
    expect(frame).to_have_class("svg-board zoomed")
    zoomed = frame.evaluate("f => f.querySelector('svg').getBoundingClientRect().width")
    assert zoomed > 1.4 * whole
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # moved by scrolling its frame
    page.reload()
    expect(page.locator(".svg-board")).to_have_class("svg-board zoomed")
    # Kept per game: a Kogge table in the same browser opens whole (a trial found every game
    # sharing one zoom)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    kogge = httpx.post(
        f"{site}/api/tables", json={"game": "kogge", "players": 2, "seats": seats}, timeout=30
    ).json()
    other = page.context.new_page()
    secret = kogge["invites"][0]["url"].rsplit("/", 1)[-1]
    other.request.post(f"{site}/api/join/{secret}", data={"name": "Anna"})
    other.goto(f"{site}/tables/{kogge['id']}")
    expect(other.locator(".svg-board")).to_have_class("svg-board")
    other.close()
    page.click("[data-fit=whole]")
    expect(page.locator(".svg-board")).to_have_class("svg-board")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.context.close()


def test_a_fingers_first_tap_on_a_small_board_zooms_in_and_the_next_chooses(
    browser: Browser, site: str
) -> None:
    """Hansa's posts are a few pixels wide on a whole board at 390 px: a tap zooms in around
    the finger (no move is made), the next tap on the target chooses it."""
    page = _seated(browser, site, "hansa", 2, {}, (390, 844), touch=True)
    page.wait_for_selector(".panel[data-my-turn=yes] svg [data-action^='place']", timeout=60_000)
    expect(page.locator(".svg-board")).to_have_class("svg-board tap-zooms")
    version = page.locator(".panel").get_attribute("data-version")
    target = page.locator("svg [data-action^='place']").first
    target.scroll_into_view_if_needed()
    target.tap()
    expect(page.locator(".svg-board")).to_have_class("svg-board zoomed")
    assert page.locator(".panel").get_attribute("data-version") == version
    target = page.locator("svg [data-action^='place']").first
    target.scroll_into_view_if_needed()
    target.tap()
    page.wait_for_function(
        "v => document.querySelector('.panel').dataset.version !== v", arg=version
    )
    page.context.close()


def test_what_the_others_did_since_my_last_move_is_marked(browser: Browser, site: str) -> None:
    """Once the bot has moved since Anna's last decision, the places it changed are marked on the
    board and the log's entries since Anna's move are set apart under "Since your last move"."""
    page = _seated(browser, site, "speicherstadt", 2, {}, (1280, 800))
    rng = random.Random(5)
    for _ in range(12):  # Anna's decisions, until one is followed by another's move
        targets = page.locator(".panel[data-my-turn=yes] [data-action]:visible")
        version = page.locator(".panel").get_attribute("data-version")
        targets.nth(rng.randrange(targets.count())).click()
        page.wait_for_function(
            "v => document.querySelector('.panel').dataset.version !== v", arg=version
        )
        assert page.locator(".log li.new").count() == 0  # nothing new: Anna has just moved
        page.wait_for_selector(
            ".panel[data-my-turn=yes] [data-action]", state="attached", timeout=60_000
        )
        if page.locator(".log li.new").count():
            break
    expect(page.locator(".log li.first-new")).to_have_attribute(
        "data-since", "Since your last move"
    )
    assert page.locator(".svg-board [data-place].changed").count() >= 1
    assert page.locator(".log li.new[data-player='0']").count() == 0  # Anna's own: no news
    page.context.close()


def test_a_whole_hansa_game_by_clicking_on_a_phone(browser: Browser, site: str) -> None:
    page = _seated(browser, site, "hansa", 2, {}, (390, 844))
    _play_to_the_end(page, random.Random(11))
    expect(page.locator("[data-prompt]")).to_contain_text("The game is over")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.context.close()


def test_the_chats_refusal_goes_once_a_message_is_sent(browser: Browser, site: str) -> None:
    """Too many messages at once: the page says so, in the message bar that lies over the
    chat's input on a phone, and takes it away once a message is sent again (a trial found it
    staying there for good)."""
    page = _seated(browser, site, "hansa", 2, {}, (390, 844), touch=True)
    refused = {"count": 0}

    def too_fast(route: Any) -> None:
        refused["count"] += 1
        route.fulfill(status=429, json={"detail": "too many messages"})

    page.route("**/chat", too_fast)
    page.click("[data-open-chat]")
    page.fill("#chat input[name=text]", "Hallo")
    page.press("#chat input[name=text]", "Enter")
    expect(page.locator("#message")).not_to_have_text("")
    assert refused["count"] == 1
    page.unroute("**/chat")
    page.press("#chat input[name=text]", "Enter")
    expect(page.locator("#chat ol")).to_contain_text("Hallo", timeout=20_000)
    expect(page.locator("#message")).to_have_text("")
    page.context.close()


def test_a_prompt_bar_with_more_than_it_shows_says_so_until_scrolled_to_its_end(
    browser: Browser, site: str
) -> None:
    """A phone shows no scroll bar: a bar whose choices do not all fit (here a screen so low
    that the first decision's do not) shows an arrow over a fade at its foot (class
    ``more-below``) until it is scrolled to its end (a trial found the last choices of a Kogge
    bar hidden, with nothing to say they were there)."""
    page = _seated(browser, site, "luebeck", 3, {}, (390, 250), touch=True)
    bar = page.locator("[data-prompt]")
    assert bar.evaluate("e => e.scrollHeight > e.clientHeight + 4")
    expect(bar).to_have_class(re.compile(r"\bmore-below\b"))
    bar.evaluate("e => e.scrollTo(0, e.scrollHeight)")
    expect(bar).not_to_have_class(re.compile(r"\bmore-below\b"))
    page.context.close()


def test_the_board_stays_put_when_the_take_back_button_appears(browser: Browser, site: str) -> None:
    """On a desktop the take-back button's room is kept during one's turn: the first move of a
    Hansa turn makes the button appear without moving the board under the pointer (a trial's
    quick second click landed on another post, 34 px further up)."""
    page = _seated(browser, site, "hansa", 2, {}, (1280, 800))
    top = "e => e.getBoundingClientRect().top"
    before = page.eval_on_selector(".svg-board", top)
    page.locator(".svg-board [data-action]").first.click()
    expect(page.locator("[data-undo]")).to_be_visible(timeout=20_000)
    assert page.eval_on_selector(".svg-board", top) == before
    page.context.close()


def test_the_chats_times_are_in_the_pages_language(browser: Browser, site: str) -> None:
    """A browser set to American English reading the Italian page: the chat's times are the
    page's (14:05), not the browser's (02:05 PM)."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    created = httpx.post(
        f"{site}/api/tables", json={"game": "hansa", "players": 2, "seats": seats}, timeout=30
    ).json()
    page = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800}).new_page()
    secret = created["invites"][0]["url"].rsplit("/", 1)[-1]
    page.request.post(f"{site}/api/join/{secret}", data={"name": "Anna"})
    page.goto(f"{site}/tables/{created['id']}?lang=it")
    page.click("[data-open-chat]")
    page.fill("#chat input[name=text]", "Ciao")
    page.press("#chat input[name=text]", "Enter")
    expect(page.locator("#chat ol")).to_contain_text("Ciao", timeout=20_000)
    said = page.locator("#chat ol li").last.inner_text()
    assert re.search(r"\b\d{2}:\d{2}\b", said) and not re.search(r"\b[AP]M\b", said), said
    page.context.close()


def test_a_small_boards_few_choices_are_buttons_in_the_bar_too(browser: Browser, site: str) -> None:
    """Where the board's targets are small (a phone), a decision with few choices on the board
    offers each also as a button in the prompt bar, in the bar's words for it, choosing without a
    question (a trial found Lübeck's hand below a zoomed board, wider than the screen, while the
    bar offered nothing); a desktop's bar does not repeat its board."""
    page = _seated(browser, site, "luebeck", 3, {}, (390, 844), touch=True)
    on_board = page.eval_on_selector_all(
        ".svg-board [data-action]", "targets => [...new Set(targets.map(t => t.dataset.action))]"
    )
    mirrored = page.locator("[data-prompt] .board-choices [data-action]")
    assert sorted(mirrored.evaluate_all("bs => bs.map(b => b.dataset.action)")) == sorted(on_board)
    # In the bar's words for the moves (Lübeck's first decision: a pack), each its own.
    said = mirrored.all_inner_texts()
    assert all(text.startswith("Take pack ") for text in said) and len(set(said)) == len(said)
    first = mirrored.first
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    version = page.locator(".panel").get_attribute("data-version")
    first.tap()
    page.wait_for_function(
        "v => document.querySelector('.panel').dataset.version !== v", arg=version
    )
    assert asked == []
    page.context.close()
    desk = _seated(browser, site, "luebeck", 3, {}, (1280, 800))
    assert desk.locator(".svg-board [data-action]").count() > 0
    assert desk.locator(".board-choices").count() == 0
    desk.context.close()


def test_the_result_is_shown_from_the_top_when_the_game_ends(browser: Browser, site: str) -> None:
    """A phone scrolled down to the board when the game ends shows the result from the page's
    top (a trial found the end page keeping its place, the scores above the screen). The moves
    are sent by the page's own session, as another tab of the person would."""
    page = _seated(browser, site, "kogge", 2, {}, (390, 844), touch=True)
    table = page.url.rsplit("/", 1)[1]
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "hanse_csrf")
    rng = random.Random(3)
    scrolled = 0
    for _ in range(3000):
        # Read at the foot of the page while the page still shows the game going on.
        page.evaluate(
            "document.querySelector('.panel').dataset.status === 'finished'"
            " || window.scrollTo(0, document.documentElement.scrollHeight)"
        )
        scrolled = max(scrolled, page.evaluate("scrollY"))
        state = page.request.get(f"{site}/api/tables/{table}").json()
        if state["status"] == "finished":
            break
        if not state["legal"]:
            page.wait_for_timeout(50)  # the bot's turn
            continue
        page.request.post(
            f"{site}/api/tables/{table}/moves",
            headers={"X-CSRF-Token": csrf},
            data={"action": rng.choice(state["legal"])["text"], "version": state["version"]},
        )
    page.wait_for_selector(".panel[data-status=finished] table.result", timeout=30_000)
    page.wait_for_timeout(300)
    assert scrolled > 300  # the page was read far below its top
    assert _in_view(page, ".panel h1")
    page.context.close()
