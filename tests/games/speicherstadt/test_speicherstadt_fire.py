"""Brand (fire cards) and the Kaispeicher cards Einsatzleiter, Versicherung and Löschzug."""

from __future__ import annotations

from speicherstadt_helpers import act, card, clear_season, legal, new, own, take

from hanse.core import CHANCE
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import fire
from hanse.games.speicherstadt.state import (
    DRAW_CARD,
    FIRE_CHIEF,
    INSURANCE,
    SpeicherstadtState,
)


def _fire(game: SpeicherstadtGame, s: SpeicherstadtState, name: str) -> None:
    fire.start(game.tables, s, take(game, s, name))
    s.legal_cache = None


def test_highest_gains_and_lowest_loses() -> None:
    """Brand: highest sum +N, lowest sum −N; players in between are not affected."""
    game, s = new(3)
    own(game, s, 0, "base.fireman.2.A")
    own(game, s, 1, "base.fireman.1.A")
    _fire(game, s, "2. Brand")
    assert s.score == [2, 0, -2]
    assert s.decision == DRAW_CARD and s.decider == CHANCE  # the replacement card


def test_tied_players_all_score() -> None:
    """Brand: "Bei einem Gleichstand mehrerer Spieler erhält jeder Beteiligte die Punkte"."""
    game, s = new(4)
    own(game, s, 0, "base.fireman.3.B")
    own(game, s, 1, "base.fireman.1.A", "base.fireman.2.A")
    own(game, s, 2, "base.fireman.1.B")
    _fire(game, s, "3. Brand")
    assert s.score == [3, 3, 0, -3]


def test_all_equal_nobody_scores() -> None:
    """Brand: "Im seltenen Fall, dass alle Spieler dieselbe Summe aufweisen, ... niemand"."""
    game, s = new(3)
    own(game, s, 0, "base.fireman.2.A")
    own(game, s, 1, "base.fireman.2.B")
    own(game, s, 2, "base.fireman.1.A", "base.fireman.1.B")
    _fire(game, s, "1. Brand")
    assert s.score == [0, 0, 0]


def test_nobody_has_firemen_nobody_scores() -> None:
    game, s = new(2)
    _fire(game, s, "1. Brand")
    assert s.score == [0, 0]


def test_scores_may_go_below_zero() -> None:
    """RULINGS.md, All games: scores are unbounded integers; they may go below zero."""
    game, s = new(2)
    own(game, s, 0, "base.fireman.1.A")
    _fire(game, s, "1. Brand")
    _fire(game, s, "2. Brand")
    assert s.score == [3, -3]


def test_loeschzug_doubles_the_highest_fireman() -> None:
    """Löschzug: "verdoppelt ... den Wert eines deiner Feuerwehrmänner" — always the highest."""
    game, s = new(2, kai=True)
    own(game, s, 0, "base.fireman.1.A", "base.fireman.3.B", "Löschzug")
    own(game, s, 1, "base.fireman.5.D", "base.fireman.1.B")
    assert fire.totals(game.tables, s) == [7, 6]
    assert game.view(s, 0)["players"][0]["firemen"] == 7
    _fire(game, s, "1. Brand")
    assert s.score == [1, -1]


def test_einsatzleiter_doubles_once_then_is_discarded() -> None:
    """Einsatzleiter: asked after the fire is scored; doubling adds the fire's points again."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Einsatzleiter", "base.fireman.2.A")
    _fire(game, s, "2. Brand")
    assert s.score == [-2, 2]
    assert s.decision == FIRE_CHIEF and s.decider == 1
    assert legal(game, s) == ["double", "decline"]
    act(game, s, "double")
    assert s.score == [-2, 4]
    assert s.discard[card("Einsatzleiter")] == 1
    assert card("Einsatzleiter") not in s.cards[1]
    assert s.decision == DRAW_CARD


def test_einsatzleiter_declined_stays() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Einsatzleiter", "base.fireman.2.A")
    _fire(game, s, "1. Brand")
    act(game, s, "decline")
    assert s.score == [-1, 1]
    assert card("Einsatzleiter") in s.cards[1]


def test_einsatzleiter_not_asked_without_a_gain() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Einsatzleiter")
    own(game, s, 0, "base.fireman.2.A")
    _fire(game, s, "1. Brand")
    assert s.decision == DRAW_CARD


def test_versicherung_pays_two_coins_against_the_loss() -> None:
    """Versicherung: "kannst du das verhindern, indem du 2 Münzen in den Vorrat zahlst"."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Versicherung")
    own(game, s, 0, "base.fireman.2.A")
    _fire(game, s, "3. Brand")
    assert s.decision == INSURANCE and s.decider == 1
    assert legal(game, s) == ["insure", "decline"]
    act(game, s, "insure")
    assert s.score == [3, 0]
    assert s.coins == [5, 3]
    assert card("Versicherung") in s.cards[1]  # used at every fire, never discarded


def test_versicherung_needs_two_coins() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Versicherung")
    own(game, s, 0, "base.fireman.2.A")
    s.coins[1] = 1
    _fire(game, s, "1. Brand")
    assert s.decision == DRAW_CARD
    assert s.score == [1, -1]


def test_einsatzleiter_before_versicherung() -> None:
    """Yucata note: "kommt immer erst der Spieler an den Zug, der den Einsatzleiter spielen
    kann"."""
    game, s = new(3, kai=True)
    own(game, s, 0, "Einsatzleiter", "base.fireman.3.B")
    own(game, s, 2, "Versicherung")
    own(game, s, 1, "base.fireman.1.A")
    _fire(game, s, "2. Brand")
    assert s.decision == FIRE_CHIEF and s.decider == 0
    act(game, s, "decline")
    assert s.decision == INSURANCE and s.decider == 2
    act(game, s, "decline")
    assert s.score == [2, 0, -2]


def test_einsatzleiter_applies_itself_at_the_fourth_fire() -> None:
    """Yucata note: an unused Einsatzleiter "wird ... automatisch gespielt, wenn Feuerkarte #4"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Einsatzleiter", "base.fireman.1.A")
    s.final = True
    for season in range(4):
        clear_season(game, s, season)
    _fire(game, s, "4. Brand")
    assert s.score == [8, -4]  # 4, and 4 again; firemen score nothing at the end
    assert s.discard[card("Einsatzleiter")] == 1
    assert game.is_terminal(s)


def test_versicherung_is_asked_at_the_fourth_fire() -> None:
    """Yucata note: the Versicherung owner decides "auch bei Feuerkarten am Spielende"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "base.fireman.1.A")
    own(game, s, 1, "Versicherung")
    s.final = True
    for season in range(4):
        clear_season(game, s, season)
    _fire(game, s, "4. Brand")
    assert s.decision == INSURANCE and s.decider == 1
    act(game, s, "insure")
    assert game.is_terminal(s)
    assert s.score == [4, 0]


def test_kaispeicher_firemen_count_like_the_base_ones() -> None:
    """Kaispeicher: "5 weitere Feuerwehrmänner mit den Werten 1 bis 5"."""
    game, s = new(3, kai=True)
    own(game, s, 0, "kai.fireman.5.D")
    own(game, s, 1, "kai.fireman.1.A", "kai.fireman.3.B")
    own(game, s, 2, "kai.fireman.2.A", "kai.fireman.4.C")
    assert fire.totals(game.tables, s) == [5, 4, 6]
    _fire(game, s, "1. Brand")
    assert s.score == [0, -1, 1]


def test_einsatzleiter_at_the_third_fire_directly_above_the_fourth() -> None:
    """Yucata note: the unused Einsatzleiter applies itself at the 4th fire, "auch, falls
    unmittelbar zuvor Feuerkarte #3 gewertet wird, weil diese direkt darüber lag": at the 3rd fire
    the owner may still choose; kept, it doubles the 4th."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Einsatzleiter", "base.fireman.1.A")
    for season in range(4):
        clear_season(game, s, season)
    fire3 = card("3. Brand")
    s.discard[fire3] -= 1
    s.deck[fire3] += 1
    s.season_left[3] += 1
    s.final = True
    s.decision, s.decider = DRAW_CARD, CHANCE
    act(game, s, "draw base.fire.3")
    assert s.score == [3, -3]
    assert s.decision == FIRE_CHIEF and s.decider == 0
    act(game, s, "decline")
    assert game.chance_outcomes(s) == [(game.action_from_str("draw base.fire.4"), 1.0)]
    act(game, s, "draw base.fire.4")
    assert game.is_terminal(s)
    assert s.score == [3 + 4 + 4, -3 - 4]
