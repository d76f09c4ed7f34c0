"""Rulebook section "Ende des Spiels": the final scoring, the winner, ties."""

from __future__ import annotations

from luebeck_helpers import do, game, scenario

from hanse.core import TERMINAL


def test_final_scoring_counts_cards_in_hand_minus() -> None:
    """After the last round every card in hand scores minus: a goods card its value, a special
    card 1 (RULINGS: scores may go below zero). There is no taking back after the last round."""
    g = game(3)
    s = scenario(
        g,
        hands={0: ["Reval 6", "Piraten"], 1: ["Stettin 1"], 2: []},
        scores=[5, 2, 0],
        cogs=[("Riga", [1])],
        lying={2: ["Verdoppelung Riga"]},
        passed=[1, 2],
    )
    s.last_round = True
    do(g, s, "pass")
    assert g.current_player(s) == TERMINAL
    assert g.scores(s) == [5 - 6 - 1, 2 - 1, 0]
    assert g.winners(s) == [1]
    assert g.returns(s) == [-1.0, 1.0, -1.0]
    v = g.view(s, None)
    assert v["decision"] == "over"
    assert v["decider"] is None
    # A Verdoppelung lying before a player is no card in hand: it goes to the discard pile.
    assert v["discard"] == ["Verdoppelung Riga"]
    assert g.inventory(s)["cards"] == 60


def test_tie_is_a_shared_win() -> None:
    """RULINGS (all games): a tie the rulebook does not break is a shared win."""
    g = game(4)
    s = scenario(g, scores=[4, 7, 7, 1], passed=[1, 2, 3])
    s.last_round = True
    do(g, s, "pass")
    assert g.winners(s) == [1, 2]
    assert g.returns(s) == [-1.0, 0.0, 0.0, -1.0]


def test_game_goes_on_before_the_last_round() -> None:
    g = game(3)
    s = scenario(g, passed=[1, 2])
    do(g, s, "pass")
    assert g.current_player(s) != TERMINAL


def test_special_cards_in_hand_cost_one_each() -> None:
    """'Für jede Sonderkarte muss die Spielfigur um 1 Feld zurück gesetzt werden, für jede
    Warenkarte um so viele Felder wie der Wert auf der Karte angibt' (every seat, passed or not)."""
    g = game(3)
    s = scenario(
        g,
        hands={
            0: ["Handelsfahrt Riga", "Verdoppelung Visby", "Schiffswechsel"],
            1: ["Brügge 6", "Bergen 2"],
            2: ["Stettin 1"],
        },
        scores=[0, 10, 0],
        passed=[0, 2],
        actor=1,
    )
    s.last_round = True
    do(g, s, "pass")
    assert g.scores(s) == [-3, 2, -1]
    assert g.winners(s) == [1]
