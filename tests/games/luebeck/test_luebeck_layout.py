"""Rulebook section "Kartenauslage bilden" and the deck passes of "Ende des Spiels"."""

from __future__ import annotations

from collections import Counter

import pytest
from luebeck_helpers import do, game, scenario

from hanse.core import CHANCE
from hanse.games.luebeck import LuebeckGame, data
from hanse.games.luebeck.state import LuebeckState

ALL_CARDS = [k.label for k in data.KINDS for _ in range(k.copies)]


def lay_out(g: LuebeckGame, s: LuebeckState) -> list[str]:
    """Resolve chance nodes with the first outcome; returns the cards drawn."""
    drawn = []
    while g.current_player(s) == CHANCE:
        action = g.chance_outcomes(s)[0][0]
        drawn.append(g.action_to_str(action).removeprefix("draw "))
        g.apply_action(s, action)
    return drawn


def end_round(g: LuebeckGame, s: LuebeckState) -> None:
    """The actor passes as the last player; nobody has figures to take back."""
    do(g, s, "pass")


@pytest.mark.parametrize(("n", "packs"), [(3, 5), (4, 6), (5, 7)])
def test_first_layout(n: int, packs: int) -> None:
    """Before the first round 5/6/7 packs (3/4/5 players) of 2 cards each."""
    g = game(n)
    s = g.new_initial_state()
    lay_out(g, s)
    v = g.view(s, None)
    assert v["decision"] == "draft"
    assert [len(p) for p in v["layout"]] == [2] * packs
    assert v["deck_size"] == 60 - 3 * n - 2 * packs


def test_round_two_layout_example() -> None:
    """Rulebook example (3 players): of 5 packs 2 were not taken. 3 single cards are laid beside
    them, so that there are 5 packs again (2 of 2 cards, 3 of 1), then every pack gets one more
    card: 2 packs of 3 cards and 3 packs of 2."""
    g = game(3)
    left = [["Riga 2", "Bergen 3"], ["Reval 5", "Piraten"]]
    s = scenario(g, layout=left, passed=[1, 2], actor=0)
    end_round(g, s)
    assert g.view(s, None)["decision"] == "layout"
    drawn = lay_out(g, s)
    assert len(drawn) == 3 + 5
    layout = g.view(s, None)["layout"]
    assert [len(p) for p in layout] == [3, 3, 2, 2, 2]
    singles, extras = drawn[:3], drawn[3:]
    for j in range(2):
        assert sorted(layout[j]) == sorted([*left[j], extras[j]])
    for i in range(3):
        assert sorted(layout[2 + i]) == sorted([singles[i], extras[2 + i]])


def test_layout_draws_have_deck_probabilities() -> None:
    g = game(3)
    s = scenario(g, discard=ALL_CARDS[:50], passed=[1, 2])
    end_round(g, s)
    outcomes = g.chance_outcomes(s)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert {g.action_to_str(a).removeprefix("draw ") for a, _ in outcomes} == set(ALL_CARDS[50:])


def test_second_pass_starts_when_the_deck_runs_out() -> None:
    """RULINGS: when a layout needs more cards than the deck holds, the deck is used up, the
    discard pile is shuffled into a new deck and the layout goes on (the second pass)."""
    g = game(3)
    in_deck = ALL_CARDS[:4]
    s = scenario(g, discard=ALL_CARDS[4:], passed=[1, 2])
    end_round(g, s)
    assert g.view(s, None)["deck_pass"] == 1
    drawn = lay_out(g, s)
    v = g.view(s, None)
    assert sorted(drawn[:4]) == sorted(in_deck)
    assert len(drawn) == 10
    assert v["deck_pass"] == 2
    assert not v["last_round"]
    assert v["deck_size"] == 60 - 10
    assert v["discard_size"] == 0
    assert [len(p) for p in v["layout"]] == [2] * 5
    # In the second pass the deck is the shuffled open discard pile: everybody may know it.
    assert Counter(v["deck"]) == Counter(ALL_CARDS[4:]) - Counter(drawn[4:])


def test_last_round_when_the_second_deck_runs_out() -> None:
    """RULINGS: the round during whose layout the second deck becomes empty is the last round; if
    its layout still lacks cards, the discard pile is shuffled once more to complete it."""
    g = game(3)
    s = scenario(g, discard=ALL_CARDS[6:], passed=[1, 2])
    s.shuffles = 1  # the second pass: 6 cards left in the deck
    end_round(g, s)
    drawn = lay_out(g, s)
    v = g.view(s, None)
    assert len(drawn) == 10
    assert v["last_round"]
    assert v["final_shuffle"]
    assert v["deck_pass"] == 2
    assert v["deck_size"] == 60 - 6 - 4
    assert [len(p) for p in v["layout"]] == [2] * 5


def test_last_round_when_the_second_deck_ends_with_the_layout() -> None:
    """The second deck used up exactly by the layout: the last round, no extra shuffle."""
    g = game(3)
    s = scenario(g, discard=ALL_CARDS[10:], passed=[1, 2])
    s.shuffles = 1
    end_round(g, s)
    lay_out(g, s)
    v = g.view(s, None)
    assert v["last_round"]
    assert not v["final_shuffle"]
    assert v["deck_size"] == 0
    assert v["discard_size"] == 50


def test_no_last_round_while_cards_remain() -> None:
    g = game(3)
    s = scenario(g, discard=ALL_CARDS[11:], passed=[1, 2])
    s.shuffles = 1
    end_round(g, s)
    lay_out(g, s)
    assert not g.view(s, None)["last_round"]


def test_layout_stays_short_when_no_card_is_left() -> None:
    """Package ruling: if even the extra shuffle leaves the last layout short, it stays short."""
    g = game(3)
    hands = {0: ALL_CARDS[:3], 1: ALL_CARDS[3:6], 2: ALL_CARDS[6:9]}
    s = scenario(
        g,
        hands=hands,
        layout=[ALL_CARDS[9:35], ALL_CARDS[35:58]],
        discard=ALL_CARDS[58:59],
        passed=[1, 2],
    )
    s.shuffles = 1  # one card left in the second deck, one in the discard pile
    end_round(g, s)
    drawn = lay_out(g, s)
    v = g.view(s, None)
    assert len(drawn) == 2
    assert v["last_round"] and v["final_shuffle"]
    assert [len(p) for p in v["layout"]] == [26, 23, 1, 1]
    assert v["decision"] == "draft"
