"""The rules as Hanse plays them in German and Italian (issue 16: pages in the reader's language;
issue 19 item 10: the project's own words). Each translation has the English page's structure:
the same sections in the same order, every variant flag named, the notation examples unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hanse.games import REGISTRY
from hanse.server.pages import rules_html

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
GAMES = ("hansa", "kogge", "luebeck", "speicherstadt")


def _sections(text: str) -> list[str]:
    return re.findall(r"^## (\d+)\.", text, flags=re.M)


def _code_blocks(text: str) -> list[str]:
    return re.findall(r"```text\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("lang", ["de", "it"])
@pytest.mark.parametrize("game_id", GAMES)
def test_each_rules_page_has_a_translation_of_the_same_shape(game_id: str, lang: str) -> None:
    english = (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    translated = (DOCS / lang / f"{game_id}.md").read_text(encoding="utf-8")
    assert _sections(translated) == _sections(english)
    for flag in REGISTRY[game_id].flag_docs():
        assert f"`{flag.name}`" in translated
    # The moves are written the same in every language: notation lines stay as they are.
    english_moves = [
        line.split()[0]
        for block in _code_blocks(english)
        for line in block.splitlines()
        if line.strip()
    ]
    translated_moves = [
        line.split()[0]
        for block in _code_blocks(translated)
        for line in block.splitlines()
        if line.strip()
    ]
    assert translated_moves == english_moves
    assert rules_html(game_id, lang) != rules_html(game_id, "en")
