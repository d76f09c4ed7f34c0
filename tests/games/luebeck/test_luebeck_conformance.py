"""The conformance suite, Hypothesis walks, conservation of cards and figures."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luebeck_helpers import game

from hanse.core.testing import check_conformance, walk_choices
from hanse.games.luebeck import LuebeckGame, data
from hanse.games.luebeck.rules.cogs import figures_on_cogs
from hanse.games.luebeck.state import ACTION, LuebeckState

SEEDS = 100
CHUNK = 50
MAX_ACTIONS = 5000  # random games take about 350 actions


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
@pytest.mark.parametrize("n", [3, 4, 5])
def test_conformance(n: int, first: int) -> None:
    """100 seeds per player count; views, clones and illegal probes on every 25th node."""
    check_conformance(
        "luebeck", [n], range(first, first + CHUNK), max_actions=MAX_ACTIONS, view_every=25
    )


@pytest.mark.parametrize("n", [3, 4, 5])
def test_conformance_every_node(n: int) -> None:
    check_conformance("luebeck", [n], range(1000, 1004), max_actions=MAX_ACTIONS, view_every=1)


@pytest.mark.parametrize("flags", [{"must_pass_at_three": True}, {"double_includes_move": False}])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_conformance_with_flags(n: int, flags: dict[str, bool]) -> None:
    """The protocol with each RULINGS flag set (the flags' rules: test_luebeck_oracle)."""
    check_conformance(
        "luebeck", [n], range(20), flags=flags, max_actions=MAX_ACTIONS, view_every=25
    )


def _check_physical_limits(g: LuebeckGame, s: LuebeckState) -> None:
    """60 cards over deck, discard, layout, hands and lying cards; every cog on the map or the cog
    field; each player's 2 figures in reserve or on distinct cogs; no empty cog on the map."""
    inv = g.inventory(s)
    assert inv["cards"] == data.TOTAL_CARDS
    for kind in data.KINDS:
        assert inv[f"card {kind.label}"] == kind.copies
    assert s.deck_size == sum(s.deck) and s.discard_size == sum(s.discard)
    assert inv["cogs"] == data.COGS_BY_PLAYERS[g.num_players]
    assert all(code & data.FIGURE_MASK for code in s.cogs)
    for p in range(g.num_players):
        assert 0 <= figures_on_cogs(s, p) <= data.FIGURES_PER_PLAYER
    for p in range(g.num_players):
        known = list(s.known[p])
        hand = list(s.hands[p])
        for k in known:
            hand.remove(k)  # the known cards are a part of the hand


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(3, 5),
    choices=st.lists(st.integers(0, 10_000), min_size=50, max_size=600),
)
def test_hypothesis_walk_conserves_pieces(n: int, choices: list[int]) -> None:
    g = game(n)
    state = walk_choices(g, choices)
    _check_physical_limits(g, state)


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(3, 5),
    choices=st.lists(st.integers(0, 10_000), min_size=100, max_size=500),
    flags=st.sampled_from([{}, {"must_pass_at_three": True}, {"double_includes_move": False}]),
)
def test_hypothesis_walk_invariants_at_every_step(
    n: int, choices: list[int], flags: dict[str, bool]
) -> None:
    """At every step: physical limits, the pass/discard rules on the legal actions, and at most 3
    cards in every hand when a round's actions end."""
    g = game(n, **flags)

    def check(before: Any, after: Any) -> None:
        player = g.current_player(before)
        if player >= 0 and before.phase == ACTION:
            words = [g.action_to_str(a) for a in g.legal_actions(before)]
            small = len(before.hands[player]) <= data.HAND_LIMIT
            assert ("pass" in words) == small
            has_discard = any(w.startswith("discard") for w in words)
            has_play = any(w.startswith("play") for w in words)
            assert has_discard == (not small and not has_play)
        _check_physical_limits(g, after)
        if before.phase == ACTION and after.phase != ACTION:
            # Überblick: 'am Ende jeder Runde darf man höchstens drei Karten auf der Hand behalten'
            assert all(len(h) <= data.HAND_LIMIT for h in after.hands)

    walk_choices(g, choices, on_step=check)


def test_inventory_catches_lost_cards_and_extra_figures() -> None:
    """The inventory guards the 60 cards and each player's 2 figures for cogs."""
    g = game(4)
    s = g.new_initial_state()
    before = g.inventory(s)
    assert before["cards"] == 60 and before["figures"] == 8 and before["cogs"] == 5
    s.deck[0] -= 1
    assert g.inventory(s)["cards"] == 59
    s.deck[0] += 1
    s.cogs = [1, 1 << data.COG_SHIFT | 1, 2 << data.COG_SHIFT | 1]  # seat 0 on three cogs
    s.free_cogs = 2
    assert g.inventory(s)["figures"] == 9
