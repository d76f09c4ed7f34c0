"""Rulebook section "Vorbereitung": cogs, figures, the start player and the deal."""

from __future__ import annotations

import pytest
from luebeck_helpers import game

from hanse.core import CHANCE
from hanse.games.luebeck import data


@pytest.mark.parametrize(("n", "cogs"), [(3, 4), (4, 5), (5, 6)])
def test_cogs_by_player_count(n: int, cogs: int) -> None:
    """'bei 3 Spielern 4 Koggen, bei 4 Spielern 5 Koggen, bei 5 Spielern alle 6 Koggen'."""
    g = game(n)
    v = g.view(g.new_initial_state(), None)
    assert v["free_cogs"] == cogs
    assert v["cogs"] == []
    assert g.inventory(g.new_initial_state())["cogs"] == cogs


@pytest.mark.parametrize("n", [3, 4, 5])
def test_figures_scores_and_start_player(n: int) -> None:
    """Two figures of each colour in reserve, the third on 0 of the score track; seat 0 (the
    oldest player, RULINGS) holds the compass."""
    g = game(n)
    v = g.view(g.new_initial_state(), None)
    assert [p["reserve"] for p in v["players"]] == [2] * n
    assert g.scores(g.new_initial_state()) == [0] * n
    assert v["start_player"] == 0
    assert v["round"] == 1
    assert v["deck_size"] == 60


def test_deal_three_cards_each_as_chance_draws() -> None:
    """The start player deals 3 cards face down to each player; each card is a chance node whose
    outcomes are the card kinds in the deck, with probability copies/cards."""
    g = game(4)
    s = g.new_initial_state()
    assert g.current_player(s) == CHANCE
    outcomes = dict(g.chance_outcomes(s))
    assert len(outcomes) == data.N_KINDS
    assert outcomes[g.action_from_str("draw Stettin 1")] == pytest.approx(2 / 60)
    assert outcomes[g.action_from_str("draw Piraten")] == pytest.approx(3 / 60)
    assert g.view(s, None)["decision"] == "deal"
    recipients = []
    for _ in range(12):
        before = [len(h) for h in s.hands]
        g.apply_action(s, g.chance_outcomes(s)[0][0])
        recipients.append(next(p for p, h in enumerate(s.hands) if len(h) > before[p]))
    assert recipients == [0, 1, 2, 3] * 3
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert g.view(s, None)["decision"] == "layout"


def test_dealt_cards_are_seen_only_by_their_owner() -> None:
    g = game(3)
    s = g.new_initial_state()
    draw = g.action_from_str("draw Riga 4")
    assert g.observe_action(s, CHANCE, draw, 0) == "draw Riga 4"
    assert g.observe_action(s, CHANCE, draw, 1) == "draw ?"
    assert g.observe_action(s, CHANCE, draw, None) == "draw ?"
    g.apply_action(s, draw)
    assert g.view(s, 0)["hand"] == ["Riga 4"]
    assert g.view(s, 1)["players"][0] == {
        "score": 0,
        "hand_size": 1,
        "reserve": 2,
        "passed": False,
        "doubled": [],
        "lying": [],
        "known_hand": [],
    }
    assert "hand" not in g.view(s, None)
