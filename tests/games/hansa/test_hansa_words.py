"""Hansa Teutonica in the words a player reads (a newcomer's trial): the neutral pieces of a
two-player game are neutral traders, never "player N" nor the mover's own; posts count from 1; a
count of one is said in the singular, in English, German and Italian."""

from __future__ import annotations

from hansa_helpers import do, new

from hanse.core.words import Phrase
from hanse.games.hansa import HansaGame
from hanse.games.hansa.state import HansaState
from hanse.web.i18n import game_translations


def _button(g: HansaGame, s: HansaState, text: str) -> Phrase:
    view = g.view(s, g.current_player(s))
    return g.action_phrase(g.action_to_json(g.action_from_str(text)), view)


def _log(g: HansaGame, s: HansaState, text: str) -> Phrase:
    said = g.log_phrase(s, g.current_player(s), g.action_from_str(text))
    assert said is not None
    return said


def _read(said: Phrase, lang: str) -> str:
    return said.text(game_translations(lang, "hansa").gettext, player="Anna")


def test_a_displaced_neutral_trader_is_neutral_in_buttons_and_log() -> None:
    """'Wenn ein neutraler Händler verdrängt wird, setzt der andere Spieler den verdrängten und
    einen zusätzlichen neutralen Händler ...': neither is the placing player's own trader."""
    g, s = new(2)
    displace = "displace Hamburg-Luebeck 0 t 0"
    assert _button(g, s, displace).text() == (
        "Displace the neutral trader on Hamburg–Lübeck, post 1, with a trader; fee: 1 trader"
    )
    said = _log(g, s, displace)
    assert (
        said.text(player="Anna")
        == "Anna displaces a neutral trader on Hamburg–Lübeck with a trader"
    )
    assert "player N" not in said.text(player="Anna")
    assert (
        _read(said, "de")
        == "Anna verdrängt einen neutralen Händler auf Hamburg–Lübeck mit einem Händler"
    )
    do(g, s, displace)
    view = g.view(s, g.current_player(s))
    assert g.decision_phrase(view).text() == (
        "A neutral trader was displaced from Hamburg–Lübeck: put it and one more neutral trader "
        "on neighbouring routes."
    )
    place = "displaced_place Stade-Hamburg t"
    assert _button(g, s, place).text() == "Put a neutral trader on Stade–Hamburg"
    said = _log(g, s, place)
    assert said.text(player="Anna") == "Anna puts a neutral trader on Stade–Hamburg"
    assert _read(said, "it") == "Anna mette un mercante neutrale su Stade–Hamburg"


def test_the_last_action_of_a_turn_is_said_in_the_singular() -> None:
    """Italian said 'ne restano 1': one action left has its own sentence in every language."""
    g, s = new(3)
    view = g.view(s, g.current_player(s))
    assert view["actions_left"] > 1
    assert g.decision_phrase(view).text().endswith("left this turn.")
    s.actions_left = 1
    last = g.decision_phrase(g.view(s, g.current_player(s)))
    assert last.text() == "Choose an action: it is the last one this turn."
    assert _read(last, "it") == "Scegli un'azione: è l'ultima di questo turno."
    assert _read(last, "de") == "Wähle eine Aktion: es ist die letzte in diesem Zug."


def test_counts_of_pieces_say_one_and_many_and_never_zero() -> None:
    """'0 merchant': a count of pieces names only the kinds there are, in the singular for one."""
    g, s = new(3)
    said = [
        p.text() for p in (_button(g, s, t) for t in ("income 1 0", "income 2 1", "income 0 1"))
    ]
    assert said == [
        "Income: take 1 trader into your supply",
        "Income: take 2 traders and 1 merchant into your supply",
        "Income: take 1 merchant into your supply",
    ]
    log = _log(g, s, "income 2 1")
    assert _read(log, "de") == "Anna nimmt 2 Händler und 1 Großhändler in den Vorrat"
    assert _read(log, "it") == "Anna prende 2 mercanti e 1 grossista nella riserva"
