"""The conformance suite (2-4 players, 60 seeds each, every expert flag), Hypothesis walks and the
conservation of goods (25/18/13/10), of the 90 route markers and of all other pieces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kogge_helpers import game

from hanse.core import CHANCE, TERMINAL
from hanse.core.match import sample_chance
from hanse.core.testing import check_conformance, walk_choices
from hanse.games.kogge.data import GOODS_SUPPLY, MARKER_COUNTS, TOTAL_MARKERS
from hanse.games.kogge.game import static_totals

SEEDS = 60
CHUNK = 30
MAX_ACTIONS = 5000  # random games take 150-450 actions
FLAG_SETS = [
    {"taxes": True},
    {"kontor_trade": True},
    {"conflicts": True},
    {"memory": True},
    {"taxes": True, "kontor_trade": True, "conflicts": True, "memory": True},
]


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance(n: int, first: int) -> None:
    """60 seeds per player count; views, clones, secrecy and illegal probes on every 100th node."""
    check_conformance(
        "kogge",
        [n],
        range(first, first + CHUNK),
        max_actions=MAX_ACTIONS,
        view_every=100,
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance_every_node(n: int) -> None:
    check_conformance("kogge", [n], range(1000, 1002), max_actions=MAX_ACTIONS, view_every=1)


@pytest.mark.parametrize(
    "flags", [{}, {"open_holdings": True}, {"conflicts": True}, {"memory": True}], ids=str
)
def test_secrecy_at_every_node(flags: dict[str, bool]) -> None:
    """Issue 21: what the log hides, no view tells, and what a view newly shows, the log tells,
    at every node of three-player games (the suite's log_hides and log_tells checks)."""
    check_conformance("kogge", [3], range(1000, 1002), flags=flags, max_actions=MAX_ACTIONS)


@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance_with_expert_rules(n: int, flags: dict[str, bool]) -> None:
    check_conformance(
        "kogge",
        [n],
        range(8),
        flags=flags,
        max_actions=MAX_ACTIONS,
        view_every=25,
    )


def test_static_totals_match_the_box() -> None:
    totals = static_totals(4)
    assert [totals[g] for g in ("ore", "fur", "amber", "salt")] == [25, 18, 13, 10]
    assert list(GOODS_SUPPLY) == [25, 18, 13, 10]
    assert sum(totals[f"marker_{v}"] for v in range(9)) == TOTAL_MARKERS == sum(MARKER_COUNTS)
    assert totals["kontore"] == 16 and totals["robbery_markers"] == 8 and totals["bonus_chips"] == 8


@pytest.mark.parametrize("flags", [{}, FLAG_SETS[-1]], ids=["base", "all"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_conservation_of_goods_and_markers_in_random_games(n: int, flags: dict[str, bool]) -> None:
    """Every node of ten random games: 25/18/13/10 goods and 90 markers over all zones."""
    import random

    g = game(n, **flags)
    expected = static_totals(n)
    for seed in range(10):
        s = g.new_initial_state()
        rng = random.Random(seed)
        while g.current_player(s) != TERMINAL:
            if g.current_player(s) == CHANCE:
                action = sample_chance(g, s, rng)
            else:
                legal = g.legal_actions(s)
                action = legal[rng.randrange(len(legal))]
            g.apply_action(s, action)
            assert g.inventory(s) == expected


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 4),
    flags=st.sampled_from([{}, *FLAG_SETS]),
    choices=st.lists(st.integers(0, 10_000), min_size=50, max_size=400),
)
def test_hypothesis_walks(n: int, flags: dict[str, bool], choices: list[int]) -> None:
    g = game(n, **flags)
    s = walk_choices(g, choices)
    assert g.inventory(s) == static_totals(n)
    for seat in (None, *range(n)):
        v = g.view(s, seat)
        assert v["seat"] == seat
