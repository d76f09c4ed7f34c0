"""The conformance suite, Hypothesis walks and golden playthroughs.

Uniformly random play does end a Hansa game, but only after 5,000 to 30,000 actions (random movers
shuffle pieces for a long time), and the full suite plays each seed three times. So the sweep is
split honestly:

- every player count, 120 seeds: the first PREFIX actions of a seeded random game under every check
  of ``hanse.core.testing.play_random`` (views and determinize every VIEW_EVERY steps); the suite's
  ``bound`` error after PREFIX actions is the expected end of a prefix, any other check fails;
- every player count, two seeds: the complete conformance suite (replay, same seed same record,
  terminal views and scores; views, clones and illegal probes every COMPLETE_VIEW_EVERY steps) on
  whole random games, which end well within MAX_ACTIONS (seeds chosen among the shorter games);
- the three end conditions driven directly in test_hansa_end_and_scoring.py and test_hansa_bonus.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanse.core.golden import assert_golden
from hanse.core.testing import ConformanceError, check_conformance, play_random, walk_choices
from hanse.games import make
from hanse.games.hansa.rules.posts import recount

PREFIX = 120
VIEW_EVERY = 40
SEEDS = range(120)
MAX_ACTIONS = 100_000
COMPLETE_VIEW_EVERY = 251
GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conformance_prefixes(n: int) -> None:
    for seed in SEEDS:
        try:
            play_random(make("hansa", n), seed, PREFIX, VIEW_EVERY, f"hansa {n}p prefix")
        except ConformanceError as error:
            if error.check != "bound":
                raise


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "seeds"), [(2, (11, 12)), (3, (49, 41)), (4, (25, 45)), (5, (22, 2))]
)
def test_conformance_complete_games(n: int, seeds: tuple[int, ...]) -> None:
    check_conformance("hansa", [n], seeds, max_actions=MAX_ACTIONS, view_every=COMPLETE_VIEW_EVERY)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 5), choices=st.lists(st.integers(0, 10_000), max_size=600))
def test_hypothesis_walks(n: int, choices: list[int]) -> None:
    game = make("hansa", n)
    state = walk_choices(game, choices)
    assert game.view(game.determinize(game.view(state, 0), None), 0) == game.view(state, 0)  # type: ignore[arg-type]
    # the per-route counts kept by rules.posts agree with the posts
    free, count = state.free, state.count
    recount(game.board, state, len(count) // game.board.n_routes)  # type: ignore[attr-defined]
    assert (state.free, state.count) == (free, count)


@settings(max_examples=15, deadline=None)
@given(choices=st.lists(st.integers(0, 10_000), min_size=50, max_size=400))
def test_hypothesis_walks_swap_flag(choices: list[int]) -> None:
    walk_choices(make("hansa", 3, swap_any_offices=False, shuffle_golden_markers=False), choices)


# The two whole games are long (about 13,000 nodes each): every 50th node is written, with the
# hash chain of all of them (hanse.core.golden).
GOLDEN_EVERY = 50


def test_golden_2_3_side() -> None:
    assert_golden("hansa", 3, 49, GOLDEN / "hansa_3p_seed49.txt", every=GOLDEN_EVERY)


def test_golden_4_5_side() -> None:
    assert_golden("hansa", 4, 25, GOLDEN / "hansa_4p_seed25.txt", every=GOLDEN_EVERY)
