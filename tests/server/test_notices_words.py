"""The words of turn notices (issue 31): every phrase in German and Italian, and a notice for
each game built from the spectator's payload alone, in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hanse.games import REGISTRY
from hanse.server import notice_pages, notice_words
from hanse.server.live_table import LiveTable, Seat
from hanse.web.i18n import LOCALE


def test_every_phrase_of_the_notices_has_a_german_and_an_italian_translation() -> None:
    phrases = set()
    for source in (Path(notice_words.__file__), Path(notice_pages.__file__)):
        for call in re.findall(r'_\(\s*((?:"[^"]*"\s*)+)[,)]', source.read_text()):
            phrases.add("".join(re.findall(r'"([^"]*)"', call)))
    assert len(phrases) > 15
    for lang in ("de", "it"):
        with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
            catalog = read_po(po)
        missing = sorted(p for p in phrases if not getattr(catalog.get(p), "string", None))
        assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_a_notice_names_the_game_the_table_and_the_decision(game_id: str, lang: str) -> None:
    players = 3
    seats = [Seat(n, "human", None, f"P{n}", True, n + 1) for n in range(players)]
    live = LiveTable("t1", game_id, players, {}, "async", "private", "playing", seats)
    state = live.state.clone()
    live.commit(state, live.resolve_chance(state))
    payload = live.payload(None)
    message = notice_words.turn(payload, lang, "http://h/tables/t1", "http://h/u?token=x")
    decider = payload["decider"]
    assert REGISTRY[game_id].title in message.subject
    assert f"P{decider} ({'ABC'[decider]})" in message.body
    assert "http://h/tables/t1" in message.body and "http://h/u?token=x" in message.body
    assert message.fields["decision"] in message.body and message.fields["seat"] == decider
    assert "{" not in message.body  # every field of the game's words filled
