"""The fast paths of issue 18 ("Engine speed") against their plain definitions.

The counts that rules.posts keeps in step with the posts, the runs of one action kind that the
generators hand to the kind-balanced policy, the policy's draws, and the trusted path, each checked
at every decision of seeded playouts long enough to reach displacements, establishing and bonus
markers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import groupby
from typing import Any

import pytest

from hanse.core import game as core_game
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, IllegalActionError
from hanse.games import make
from hanse.games.hansa.game import HansaGame
from hanse.games.hansa.policy import kind_balanced_policy
from hanse.games.hansa.rules.posts import recount
from hanse.games.hansa.state import HansaState

DECISIONS = 2500


def decisions(n: int, seed: int, count: int = DECISIONS) -> Iterator[tuple[HansaGame, HansaState]]:
    """The decision nodes of seeded kind-balanced playouts (new games as games end)."""
    game = make("hansa", n)
    assert isinstance(game, HansaGame)
    rng = random.Random(seed)
    state = game.new_initial_state()
    done = 0
    while done < count:
        player = game.current_player(state)
        if player == TERMINAL:
            assert game.legal_actions(state) == []
            state = game.new_initial_state()
            continue
        if player == CHANCE:
            assert game.legal_actions(state) == []
            game.apply_trusted(state, sample_chance(game, state, rng))
            continue
        yield game, state
        done += 1
        game.apply_trusted(state, kind_balanced_policy(game, state, game.legal_actions(state), rng))


def runs_of_one_kind(legal: Sequence[Action]) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for _, run in groupby(map(type, legal)):
        length = len(list(run))
        spans.append((start, length))
        start += length
    return spans


def defined_kind_balanced(legal: Sequence[Action], rng: random.Random) -> Action:
    """The policy as issue 4 defined it: a kind uniformly, then an action of it uniformly."""
    runs = [len(list(run)) for _, run in groupby(map(type, legal))]
    pick = rng.randrange(len(runs))
    return legal[sum(runs[:pick]) + rng.randrange(runs[pick])]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_counts_kept_in_step_with_the_posts(n: int) -> None:
    for game, state in decisions(n, seed=n):
        kept = (state.free, state.count, state.pieces, state.on_routes, state.complete)
        fresh = state.clone()
        recount(game.board, fresh, len(state.on_routes))
        assert (fresh.free, fresh.count, fresh.pieces, fresh.on_routes, fresh.complete) == kept


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_kind_spans_are_the_runs_of_one_kind(n: int) -> None:
    kinds: set[str] = set()
    for game, state in decisions(n, seed=10 + n):
        legal = game.legal_actions(state)
        assert game.kind_spans(state, legal) == runs_of_one_kind(legal)
        selection = legal[:-1]  # not the decision's list: found by looking at the actions
        assert game.kind_spans(state, selection) == runs_of_one_kind(selection)
        kinds.add(game.decision_name(state))
    assert {"action", "move_lift", "move_place", "displaced_place"} <= kinds


@pytest.mark.parametrize("n", [2, 3, 5])
def test_kind_balanced_policy_draws_as_defined(n: int) -> None:
    """The same seed gives the same choices as the definition (so seeded runs did not change)."""
    game = make("hansa", n)
    ours, defined = random.Random(7), random.Random(7)
    chance = random.Random(8)
    state = game.new_initial_state()
    for _ in range(DECISIONS):
        if game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, chance))
            continue
        legal = game.legal_actions(state)
        action = kind_balanced_policy(game, state, legal, ours)
        assert action is defined_kind_balanced(legal, defined)
        game.apply_action(state, action)


def test_trusted_path_checks_when_asked(monkeypatch: Any) -> None:
    game = make("hansa", 3)
    state = game.new_initial_state()
    game.apply_trusted(state, game.chance_outcomes(state)[0][0])
    illegal = game.action_from_str("move_place Groningen-Emden t")  # nothing is lifted
    monkeypatch.setattr(core_game, "CHECK_TRUSTED", True)
    with pytest.raises(IllegalActionError):
        game.apply_trusted(state, illegal)
