"""Lübeck in the words a player reads (a newcomer's trial): packs counted from 1, every special
card by its name in the reader's language (English names in English, the German rulebook's in
German, the Italian rulebook's in Italian), a list of cards translated card by card, and a count
of one point in the singular."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from luebeck_helpers import game, scenario

from hanse.core.words import Phrase, template_fields
from hanse.games.luebeck import LuebeckGame
from hanse.games.luebeck.state import ACTION, DRAFT, LuebeckState
from hanse.games.luebeck.words import ACTION_WORDS, NOTE_WORDS, TERMS, listed_templates
from hanse.web.i18n import LOCALE, game_translations


def _buttons(g: LuebeckGame, s: LuebeckState) -> dict[str, Phrase]:
    view = g.view(s, g.current_player(s))
    return {
        g.action_to_str(action): g.action_phrase(g.action_to_json(action), view)
        for action in g.legal_actions(s)
    }


def _read(phrase_: Phrase, lang: str) -> str:
    return phrase_.text(game_translations(lang, "luebeck").gettext)


def test_packs_count_from_1_and_their_cards_are_named_in_the_readers_language() -> None:
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=[["Riga 3", "Piraten"], ["Handelsfahrt Visby"]])
    buttons = _buttons(g, s)
    assert buttons["draft 0"].text() == "Take pack 1: Riga 3, Pirates"
    assert buttons["draft 1"].text() == "Take pack 2: Trading voyage Visby"
    assert _read(buttons["draft 0"], "de") == "Päckchen 1 nehmen: Riga 3, Piraten"
    assert _read(buttons["draft 1"], "it") == "Prendi il pacchetto 2: Viaggio commerciale Visby"


def test_special_cards_played_read_in_english_german_and_italian() -> None:
    g = game(3)
    s = scenario(
        g,
        phase=ACTION,
        hands={0: ["Piraten", "Verdoppelung Riga", "Schiffswechsel"]},
        cogs=[("Danzig", [0]), ("Riga", [1])],
    )
    said = {text: p.text() for text, p in _buttons(g, s).items()}
    pirates = [p for t, p in _buttons(g, s).items() if t.startswith("play Piraten")]
    assert pirates and all(p.text().startswith("Play Pirates: take the cog in") for p in pirates)
    assert _read(pirates[0], "de").startswith("Piraten ausspielen: Kogge in")
    assert _read(pirates[0], "it").startswith("Gioca Pirati: togli dal gioco la cocca")
    assert any(text.startswith("Play Change of ship: move your figure") for text in said.values())
    assert not any(
        word in text
        for text in said.values()
        for word in ("Piraten", "Schiffswechsel", "Verdoppelung", "Handelsf")
    )


def test_throwing_a_special_card_overboard_costs_1_point_in_the_singular() -> None:
    g = game(3)
    s = scenario(g, phase=ACTION, hands={0: ["Piraten", "Riga 3", "Visby 2", "Danzig 4"]})
    buttons = _buttons(g, s)
    assert buttons["discard Piraten"].text() == "Throw Pirates overboard (−1 point)"
    assert buttons["discard Riga 3"].text() == "Throw Riga 3 overboard (−3 points)"
    assert _read(buttons["discard Piraten"], "it") == "Scarta Pirati (−1 punto)"
    assert _read(buttons["discard Riga 3"], "de") == "Riga 3 abwerfen (−3 Punkte)"


@pytest.mark.parametrize("lang", ["de", "it"])
def test_every_list_of_cards_and_every_card_name_is_translated(lang: str) -> None:
    """A pack or a hand of any size up to the longest spelt out, each card its own field."""
    catalogs = []
    for name in ("luebeck.po", "luebeck_log.po"):
        with (LOCALE / lang / "LC_MESSAGES" / name).open("rb") as po:
            catalogs.append(read_po(po))
    lists = [ACTION_WORDS["draft"].button, ACTION_WORDS["draft"].log]
    lists += [NOTE_WORDS["ends_with"], NOTE_WORDS["ends_with_1"]]
    wanted = [t for template in lists for t in listed_templates(template)] + list(TERMS)
    for template in wanted:
        found = [str(m.string) for c in catalogs if (m := c.get(template)) is not None and m.string]
        assert found, f"{lang}: no translation of {template!r}"
        assert template_fields(found[0]) == template_fields(template)
