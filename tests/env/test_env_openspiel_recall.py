"""The OpenSpiel adapter's information states have perfect recall, its fast paths give pyspiel's
answers, and a CFR-family algorithm (outcome-sampling MCCFR) runs on it."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from env_helpers import GAME_IDS
from open_spiel.python.algorithms import outcome_sampling_mccfr

from hanse.env import ObservationEncoder, register_openspiel

register_openspiel()


def _random_states(game_id: str, players: int, seed: int, limit: int) -> list[pyspiel.State]:
    """Every state of a random game (chance nodes and the end included), as clones."""
    game = pyspiel.load_game(f"python_hanse_{game_id}", {"players": players})
    rng = random.Random(seed)
    state, states = game.new_initial_state(), []
    while len(states) < limit:
        states.append(state.clone())
        if state.is_terminal():
            break
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, chances)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return states


def _recall(state: pyspiel.State, seat: int) -> list[str]:
    """The lines of the information-state string before the view (the last line)."""
    return state.information_state_string(seat).split("\n")[:-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fast_answers_are_pyspiels(game_id: str) -> None:
    """legal_actions and is_chance_node, answered in Python, equal pyspiel's own (through C++)
    for every player, at decisions, chance nodes and the end."""
    for state in _random_states(game_id, 3, seed=1, limit=400)[::7]:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in range(3):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        legal = state.legal_actions()
        if legal:
            legal.append(-7)  # the list is the caller's: changing it changes nothing here
            assert state.legal_actions() == legal[:-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_are_the_view_encoding(game_id: str) -> None:
    """Written from the state (at decisions) or the view (elsewhere), the tensors are
    ``ObservationEncoder.encode(view)`` for every seat, the information-state tensor too."""
    states = _random_states(game_id, 3, seed=2, limit=300)
    encoder = ObservationEncoder(states[0].setup.game)
    for state in [*states[::11], states[-1]]:
        for seat in range(3):
            expected = encoder.encode(state.setup.game.view(state.box.state, seat))
            assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
            assert np.array_equal(
                np.array(state.information_state_tensor(seat), np.float32), expected
            )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_information_states_recall_every_earlier_one(game_id: str) -> None:
    """Along a game, each seat's lines only grow, one per action: every earlier information
    state's lines are a prefix of every later one's; a seat's own decisions carry a digest of
    its view then, where views hide something."""
    states = _random_states(game_id, 3, seed=3, limit=250)
    hides = not states[0].setup.game.views_hide_nothing
    for seat in range(3):
        before: list[str] = []
        for state in states:
            lines = _recall(state, seat)
            assert len(lines) == len(state.history())
            assert lines[: len(before)] == before
            assert state.information_state_string(seat).split("\n")[-1] == (
                state.observation_string(seat)
            )
            before = lines
        players = [item.player for item in states[-1].full_history()]
        own = [line for line, player in zip(before, players, strict=True) if player == seat]
        assert own and all(("(seeing view " in line) == hides for line in own)


def test_what_a_seat_did_not_see_leaves_its_information_state_alone() -> None:
    """Lübeck deals face down: two deals differing in a card dealt to one seat give that seat
    different information states, and the others (whose views stay equal) equal ones."""
    game = pyspiel.load_game("python_hanse_luebeck", {"players": 3})
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.chance_outcomes()[0][0])
    first, second = state.clone(), state.clone()
    outcomes = [code for code, _ in state.chance_outcomes()]
    first.apply_action(outcomes[0])
    second.apply_action(outcomes[-1])
    recipient = [
        seat
        for seat in range(3)
        if first.observation_string(seat) != second.observation_string(seat)
    ]
    assert len(recipient) == 1
    for seat in range(3):
        same = first.information_state_string(seat) == second.information_state_string(seat)
        assert same == (seat not in recipient)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_a_seat_did_changes_its_information_state(game_id: str) -> None:
    for state in _random_states(game_id, 3, seed=4, limit=120):
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            break
    seat = state.current_player()
    one, other = state.clone(), state.clone()
    one.apply_action(state.legal_actions()[0])
    other.apply_action(state.legal_actions()[1])
    assert _recall(one, seat) != _recall(other, seat)
    assert _recall(one, seat)[:-1] == _recall(other, seat)[:-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_equal_histories_give_equal_information_states(game_id: str) -> None:
    """However a state was reached (a clone that branched off others after their strings were
    written, a fresh state stepped alone, a pickled copy), the same history gives the same
    strings."""
    states = _random_states(game_id, 2 if game_id != "luebeck" else 3, seed=5, limit=160)
    game = states[0].get_game()
    players = game.num_players()
    end = states[-1]
    middle = states[len(states) // 2]
    for seat in range(players):
        middle.information_state_string(seat)  # its trail has written its lines
    branch = middle.clone()
    middle.apply_action(middle.legal_actions()[-1])  # the clone must branch off its trail
    for code in end.history()[len(branch.history()) :]:
        branch.apply_action(code)
    fresh = game.new_initial_state()
    for code in end.history():
        fresh.apply_action(code)
    restored = pickle.loads(pickle.dumps(end))
    for seat in range(players):
        expected = end.information_state_string(seat)
        assert branch.information_state_string(seat) == expected
        assert fresh.information_state_string(seat) == expected
        assert restored.information_state_string(seat) == expected


class _RecordingSolver(outcome_sampling_mccfr.OutcomeSamplingSolver):  # type: ignore[misc]
    """Outcome-sampling MCCFR that keeps a copy of every decision node it samples."""

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self.met: list[pyspiel.State] = []

    def _episode(self, state: pyspiel.State, *args: Any, **kwargs: Any) -> float:
        if not state.is_terminal() and not state.is_chance_node():
            self.met.append(state.clone())
        value: float = super()._episode(state, *args, **kwargs)
        return value


def test_outcome_sampling_mccfr_runs_on_two_player_kogge() -> None:
    """A CFR-family algorithm needs perfect-recall information-state strings: outcome-sampling
    MCCFR, a few iterations on 2-player Kogge cut after 6 decisions. Every node it met has its
    information state in the tables, with one regret per legal action, nodes sharing an
    information state share their legal actions, and the average policy is a distribution over
    the legal actions there."""
    game = pyspiel.load_game("python_hanse_kogge", {"players": 2, "max_game_length": 6})
    np.random.seed(7)
    solver = _RecordingSolver(game)
    for _ in range(30):
        solver.iteration()
    infostates = solver._infostates
    seats = {json.loads(key.split("\n")[-1])["seat"] for key in infostates}
    assert len(infostates) > 1 and seats == {0, 1}
    average = solver.average_policy()
    legal_by_key: dict[str, list[int]] = {}
    for state in solver.met:
        key = state.information_state_string()
        legal = state.legal_actions()
        assert legal_by_key.setdefault(key, legal) == legal
        regrets, strategy = infostates[key]
        assert len(regrets) == len(strategy) == len(legal)
        policy = average.action_probabilities(state)
        assert set(policy) == set(legal)
        assert all(p >= 0 for p in policy.values())
        assert sum(policy.values()) == pytest.approx(1.0)
    assert set(legal_by_key) == set(infostates)
