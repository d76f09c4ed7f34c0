"""Rulebook section "Kartenauslage bilden" and the deck passes of "Ende des Spiels"."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from luebeck_helpers import do, game, scenario

from hanse.core import CHANCE, TERMINAL
from hanse.games.luebeck import LuebeckGame, data
from hanse.games.luebeck.state import LAYOUT, LuebeckState

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


def test_first_deck_used_up_exactly_then_the_next_layout_shuffles() -> None:
    """A layout that takes the last card of the first deck needs no shuffle; the next layout finds
    too few cards on the deck and starts the second pass ('sobald beim Auslegen der Karten nicht
    mehr genügend Karten vom Stapel zur Verfügung stehen')."""
    g = game(3)
    s = scenario(g, discard=ALL_CARDS[10:], passed=[1, 2])
    end_round(g, s)
    lay_out(g, s)
    v = g.view(s, None)
    assert (v["deck_size"], v["deck_pass"], v["last_round"]) == (0, 1, False)
    do(g, s, "draft 0", "draft 0", "draft 0", "first 0", "pass", "pass", "pass")
    assert g.view(s, None)["decision"] == "layout"
    lay_out(g, s)
    v = g.view(s, None)
    assert v["deck_pass"] == 2
    assert not v["last_round"]
    assert v["deck_size"] == 50 - (3 + 5)  # 2 packs kept: 3 singles, then 5 more cards


def test_verdoppelung_lying_out_joins_the_discard_pile_before_the_shuffle() -> None:
    """'Sie kommt danach auf den Ablagestapel': a Verdoppelung lying before a player goes to the
    discard pile at the end of the round, so the second deck shuffled from it holds the card."""
    g = game(3)
    lying = ["Verdoppelung Visby"]
    rest = [label for label in ALL_CARDS if label not in lying]
    s = scenario(g, lying={1: lying}, discard=rest, passed=[1, 2])
    assert s.deck_size == 0
    end_round(g, s)
    v = g.view(s, None)
    assert v["deck_pass"] == 2
    assert v["deck_size"] == 60
    assert "Verdoppelung Visby" in v["deck"]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_two_deck_passes_then_the_last_round_in_random_games(n: int) -> None:
    """'Gespielt wird so lange, bis der Kartenstapel zweimal durchgespielt wurde': in random games
    the second pass starts when a layout finds the first deck empty, the last round is the round
    whose layout empties the second deck, and the game ends right after that round."""
    g = game(n)
    for seed in range(20):
        rng = random.Random(seed)
        s = g.new_initial_state()
        last_round_no = None
        while g.current_player(s) != TERMINAL:
            was_layout, deck_before, shuffles_before = s.phase == LAYOUT, s.deck_size, s.shuffles
            if g.current_player(s) == CHANCE:
                outcomes = g.chance_outcomes(s)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(g.legal_actions(s))
            g.apply_action(s, action)
            if s.shuffles > shuffles_before:  # only a deck used up is replaced
                assert deck_before - (1 if was_layout else 0) == 0
            if was_layout and s.phase != LAYOUT:  # a layout is complete
                second_deck_empty = s.shuffles == 1 and s.deck_size == 0
                assert s.last_round == (second_deck_empty or s.shuffles == 2)
            if s.last_round and last_round_no is None:
                last_round_no = s.round_no
                assert was_layout and s.shuffles >= 1
        assert s.shuffles >= 1
        assert s.round_no == last_round_no  # nothing is played after the last round
        assert g.view(s, None)["last_round"]
