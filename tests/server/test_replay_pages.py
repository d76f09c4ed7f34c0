"""The replay page: each step's move in words beside the controls (as the chosen seat saw it, in
the reader's language), the log up to the step with that move marked, the last step's score
table and winners, and ``?step=N&seat=K`` opening the replay at a step."""

from __future__ import annotations

import html
import random
import re
import time
from typing import Any

import pytest

from hanse.core.match import Match
from hanse.core.protocol import CHANCE
from hanse.games import make
from hanse.server.replay_pages import replayed_frame
from hanse.web.i18n import translations
from tests.server.api_client import Api

NAMES = ["Anna", "bot easy", "bot easy"]
SHOWN = ["Anna (A)", "bot easy (B)", "bot easy (C)"]


@pytest.fixture(scope="module")
def finished() -> tuple[dict[str, Any], Match]:
    """A whole Lübeck game of random moves, with the log in words each seat saw (the oracle)."""
    rng = random.Random(5)
    match = Match(make("luebeck", 3), seed=5, players=NAMES, keep_log=True)
    while not match.is_over():
        match.apply(match.decider, rng.choice(match.legal_actions()))
    return match.finish().to_json(), match


def _expected(match: Match, viewer: int | None, step: int) -> str:
    """The step's move as the log in words of the match itself says it to `viewer`."""
    actor, text, words = match.log_in_words(viewer, lambda seat: SHOWN[seat])[step - 1]
    who = "chance" if actor == CHANCE else SHOWN[actor]
    if words is None:
        return f"{who} {text}"
    return f"chance {words}" if actor == CHANCE else words


def _current(frame_html: str) -> list[tuple[str, str]]:
    """The log entries marked as the step's own: (their number, their text without it)."""
    return [
        (number, re.sub(r"<[^>]+>", "", re.sub(r'<span class="n">.*?</span>', "", body)).strip())
        for number, body in re.findall(
            r'<li (?:value|data-number)="(\d+)"[^>]*class="current" aria-current="step"[^>]*>'
            r"(.*?)</li>",
            frame_html,
        )
    ]


def test_each_steps_move_is_said_in_words_as_the_chosen_seat_saw_it(
    finished: tuple[dict[str, Any], Match],
) -> None:
    record, match = finished
    steps = len(record["actions"])
    assert steps > 100
    for step in (1, 2, 40, 97, steps - 1):
        for viewer in (None, 0, 1):
            frame = replayed_frame(record, step, viewer, "en")
            assert frame.step == step
            assert frame.said == f"Move {step} of {steps}: {_expected(match, viewer, step)}"
    # The deal opens the game: a seat saw its own card, a spectator only that one was dealt.
    spectator = replayed_frame(record, 1, None, "en").said
    anna = replayed_frame(record, 1, 0, "en").said
    assert "A card is dealt face down to player A" in spectator
    assert "face down" not in anna and "is dealt to player A" in anna
    # Before the first move there is none to say; past the end is the end.
    assert replayed_frame(record, 0, None, "en").said == (
        "The game as it was set up, before the first move."
    )
    assert replayed_frame(record, steps + 50, None, "en").step == steps


def test_the_steps_move_is_said_in_german_and_italian(
    finished: tuple[dict[str, Any], Match],
) -> None:
    record, _ = finished
    steps = len(record["actions"])
    english = replayed_frame(record, 40, 0, "en")
    german = replayed_frame(record, 40, 0, "de")
    italian = replayed_frame(record, 40, 0, "it")
    assert german.said.startswith(f"Zug 40 von {steps}: ")
    assert italian.said.startswith(f"Mossa 40 di {steps}: ")
    # The move itself in the reader's language: the German log's own line for the step.
    assert german.said.removeprefix(f"Zug 40 von {steps}: ") == html.unescape(
        _current(german.html)[0][1]
    )
    assert german.said.split(": ", 1)[1] != english.said.split(": ", 1)[1]
    assert replayed_frame(record, 0, None, "de").said == (
        "Die Partie, wie sie aufgebaut wurde, vor dem ersten Zug."
    )
    # A bot is named in the reader's language in the words too.
    bot_move = next(
        step for step, (player, _) in enumerate(record["actions"], start=1) if player == 1
    )
    assert "Bot leicht (B)" in replayed_frame(record, bot_move, None, "de").said


def test_the_log_ends_at_the_step_with_its_move_marked(
    finished: tuple[dict[str, Any], Match],
) -> None:
    record, match = finished
    steps = len(record["actions"])
    for step in (3, 40, 200):
        frame = replayed_frame(record, step, None, "en")
        numbers = [int(n) for n in re.findall(r'<li (?:value|data-number)="(\d+)"', frame.html)]
        assert numbers[-1] == step and numbers[0] <= max(1, step - 50)  # the last moves
        current = _current(frame.html)
        assert len(current) == 1 and current[0][0] == str(step)
        assert html.unescape(current[0][1]).endswith(_expected(match, None, step).split(" ", 1)[1])
    assert "aria-current" not in replayed_frame(record, 0, None, "en").html
    assert steps > 200


def test_the_last_step_shows_the_score_table_and_the_winners(
    finished: tuple[dict[str, Any], Match],
) -> None:
    record, match = finished
    steps = len(record["actions"])
    game: Any = match.game  # score_breakdown is GameBase's, beyond the protocol
    parts = game.score_breakdown(match.state)
    assert parts, "Lübeck says its score by part"
    last = replayed_frame(record, steps, 1, "en").html
    table = re.search(r'<table class="result">(.*?)</table>', last, re.S)
    assert table, "the last frame has the result's table"
    rows = {
        re.sub(r"<[^>]+>", "", label).strip(): [int(v) for v in re.findall(r"<td>(-?\d+)</td>", r)]
        for label, r in re.findall(r'<th scope="row">(.*?)</th>(.*?)</tr>', table.group(1), re.S)
    }
    assert rows["Total"] == record["scores"]
    for label in parts[0]:
        assert rows[label] == [seat_parts[label] for seat_parts in parts]
    winners = ", ".join(SHOWN[seat] for seat in record["winners"])
    word = "Winners" if len(record["winners"]) > 1 else "Winner"
    assert f"★ {word}: {winners}" in html.unescape(last)
    # in the reader's language, and only at the end
    german = replayed_frame(record, steps, None, "de").html
    total = translations("de").gettext("Total")
    assert total != "Total" and f'<th scope="row">{total}</th>' in german
    assert "Sieger: " in german
    assert 'class="result"' not in replayed_frame(record, steps - 1, None, "en").html


def _finished_table(api: Api) -> str:
    """A table of three easy bots, played to its end (a few seconds)."""
    created = api.create("luebeck", [{"kind": "bot", "level": "easy"}] * 3)
    deadline = time.monotonic() + 120
    while api.table(created["id"])["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(created["id"])


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
def test_a_replay_opens_at_the_step_and_seat_its_address_names(api: Api) -> None:
    table_id = _finished_table(api)
    steps = len(api.http.get(f"/api/tables/{table_id}/record").json()["actions"])
    page = api.http.get(f"/tables/{table_id}/replay", params={"step": 40, "seat": 1}).text
    assert f'name="step" type="range" min="0" max="{steps}" value="40"' in page
    assert '<option value="1" selected>' in page
    assert f"40 / {steps}</output>" in page
    said = re.search(r'<p class="said" id="said" aria-live="polite">(.*?)</p>', page)
    assert said and said.group(1).startswith(f"Move 40 of {steps}: ")
    assert _current(page)[0][0] == "40"  # the frame came with the page
    # The script's frame says the step's move for it to show beside the controls.
    frame = api.http.get(f"/tables/{table_id}/replay/frame", params={"step": 40, "seat": 1})
    assert f'<p class="said" data-said>{said.group(1)}</p>' in frame.text
    # A step past the end is the end; a seat that is not at the table is refused.
    end = api.http.get(f"/tables/{table_id}/replay", params={"step": 10_000}).text
    assert f'value="{steps}"' in end and 'class="result"' in end
    assert api.http.get(f"/tables/{table_id}/replay", params={"seat": 5}).status_code == 422
    # Its title in the reader's language (the Italian one said "Replay").
    german = api.http.get(f"/tables/{table_id}/replay", params={"lang": "de"}).text
    italian = api.http.get(f"/tables/{table_id}/replay", params={"lang": "it"}).text
    api.http.cookies.clear()
    assert "<h1>Lübeck: Wiederholung</h1>" in german and "Zug 0" not in german
    assert "<h1>Lübeck: replica</h1>" in italian and "<title>Lübeck: replica – Hanse" in italian
    assert "La partita com&#39;era preparata, prima della prima mossa." in italian
