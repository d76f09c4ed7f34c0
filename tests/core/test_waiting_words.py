"""The prompt bar's words for those who wait (DESIGN.md, "the page a player sees"; issue 30,
point 4: "Watchers are told what to do"): while Anna decides, the others read what Anna is doing
("Anna (A) chooses an action"), never the instruction addressed to her. Each game's
``prompt.WAITING`` names every decision a player meets, and the German and Italian catalogs
translate each with exactly its fields."""

from __future__ import annotations

import random

import pytest
from babel.messages.pofile import read_po

from hanse.core.match import sample_chance
from hanse.core.words import template_fields
from hanse.games import REGISTRY, make
from hanse.web.i18n import LOCALE, game_translations

GAMES = sorted(g for g, cls in REGISTRY.items() if cls._package_module("prompt") is not None)


def _decisions_met(game_id: str) -> set[str]:
    """The decision names of player nodes in random games at both ends of the player counts and
    with every boolean flag switched on."""
    cls = REGISTRY[game_id]
    every_flag = {f.name: True for f in cls.flag_docs() if isinstance(f.default, bool)}
    met: set[str] = set()
    for players, flags in ((cls.min_players, {}), (cls.max_players, every_flag)):
        game = make(game_id, num_players=players, **flags)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_initial_state()
            for _ in range(2500):
                if game.is_terminal(state):
                    break
                if game.current_player(state) < 0:
                    game.apply_action(state, sample_chance(game, state, rng))
                    continue
                met.add(str(game.view(state, None)["decision"]))
                legal = game.legal_actions(state)
                game.apply_action(state, legal[rng.randrange(len(legal))])
    return met


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_a_player_meets_has_words_for_those_who_wait(game_id: str) -> None:
    waiting = REGISTRY[game_id]._package_module("prompt").WAITING
    missing = _decisions_met(game_id) - set(waiting)
    assert not missing, f"{game_id}/prompt.py WAITING lacks {sorted(missing)}"
    for template in waiting.values():
        assert template_fields(template) == {"player"}, template


def test_those_who_wait_read_what_the_decider_does_not_what_to_do() -> None:
    game = make("hansa", num_players=3)
    state = game.new_initial_state()
    while game.current_player(state) < 0:
        game.apply_action(state, sample_chance(game, state, random.Random(1)))
    view = game.view(state, None)
    said = game.waiting_phrase(view).text(player="Anna (A)")
    assert said == "Anna (A) chooses an action"
    german = game.waiting_phrase(view).text(game_translations("de", "hansa").gettext, player="Anna")
    assert german == "Anna wählt eine Aktion"
    assert game.decision_phrase(view).text().startswith("Choose an action")


def test_an_unknown_decision_is_said_plainly() -> None:
    game = make("luebeck", num_players=3)
    said = game.waiting_phrase({"decision": "something new"}).text(player="Bruno (B)")
    assert said == "Bruno (B) decides"


@pytest.mark.parametrize("lang", ["de", "it"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogs_translate_every_waiting_phrase(game_id: str, lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / f"{game_id}_prompt.po").open("rb") as po:
        catalog = read_po(po)
    waiting = REGISTRY[game_id]._package_module("prompt").WAITING
    for template in (*waiting.values(), "{player} decides"):
        message = catalog.get(template)
        assert message is not None and message.string, f"{lang}/{game_id}_prompt.po: {template}"
        assert template_fields(str(message.string)) == template_fields(template)
