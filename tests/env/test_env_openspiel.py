"""The games as OpenSpiel Python games pass OpenSpiel's random-simulation test and keep the
protocol's promises through pyspiel."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pyspiel
import pytest
from env_helpers import GAME_IDS

from hanse.core.protocol import IllegalActionError
from hanse.env import bench_openspiel, register_openspiel
from hanse.env.openspiel_game import DEFAULT_MAX_GAME_LENGTH
from hanse.games import game_class

register_openspiel()


def _cases() -> list[Any]:
    """Every game at every player count; Hansa Teutonica's run up to their cut of 5,000
    decisions (some ten seconds each)."""
    cases: list[Any] = []
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            marks = [pytest.mark.slow] if game_id == "hansa" else []
            cases.append(pytest.param(game_id, players, marks=marks, id=f"{game_id}-{players}"))
    return cases


@pytest.mark.parametrize("game_id, players", _cases())
def test_openspiel_random_simulation_test_passes_at_default_settings(
    game_id: str, players: int
) -> None:
    game = pyspiel.load_game(f"python_hanse_{game_id}", {"players": players})
    assert game.num_players() == players
    assert game.max_game_length() == DEFAULT_MAX_GAME_LENGTH[game_id]
    # serialize=True: states also go through serialize/deserialize_state (pickle).
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_max_game_length_is_a_parameter_with_a_default_per_game() -> None:
    for game_id in GAME_IDS:
        game = pyspiel.load_game(f"python_hanse_{game_id}")
        assert game.max_game_length() == DEFAULT_MAX_GAME_LENGTH[game_id]
    short = pyspiel.load_game("python_hanse_hansa", {"max_game_length": 150})
    assert short.max_game_length() == 150
    pyspiel.random_sim_test(short, num_sims=2, serialize=True, verbose=False)


def test_flags_are_game_parameters() -> None:
    game = pyspiel.load_game("python_hanse_speicherstadt", {"players": 3, "kaispeicher": True})
    plain = pyspiel.load_game("python_hanse_speicherstadt", {"players": 3})
    assert game.num_distinct_actions() > plain.num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_cut_game_is_a_shared_draw() -> None:
    game = pyspiel.load_game("python_hanse_hansa", {"players": 3, "max_game_length": 20})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.returns() == [2 / 3 - 1] * 3
    assert sum(state.returns()) == pytest.approx(game.utility_sum())


def test_information_states_remember_what_the_seat_saw() -> None:
    """Perfect recall: the information-state string lists the actions as the seat saw them
    (a Lübeck card dealt to another seat is 'draw ?')."""
    game = pyspiel.load_game("python_hanse_luebeck", {"players": 3})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.chance_outcomes()[0][0])
    lines = [state.information_state_string(p).splitlines() for p in range(3)]
    assert all(len(seen) == 6 for seen in lines)
    assert any("draw ?" in line for seen in lines for line in seen[:5])
    assert lines[0][:5] != lines[1][:5]
    assert state.observation_string(0) == lines[0][-1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_player_games_are_zero_sum_and_larger_ones_constant_sum(players: int) -> None:
    """Algorithms that need ZERO_SUM (alpha-beta, the LP solvers) accept two-player games."""
    game = pyspiel.load_game("python_hanse_kogge", {"players": players})
    utility = game.get_type().utility
    if players == 2:
        assert utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    else:
        assert utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == 2.0 - players


def _decision_states(game_id: str, count: int) -> list[pyspiel.State]:
    """Decision nodes of a random game, one every few decisions."""
    game = pyspiel.load_game(f"python_hanse_{game_id}", {"max_game_length": 400})
    rng = random.Random(4)
    state, found = game.new_initial_state(), []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, chances)[0])
            continue
        if rng.random() < 0.2:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_illegal_code_raises_and_changes_nothing(game_id: str) -> None:
    """The protocol's promise through OpenSpiel: every code not legal at a decision raises
    IllegalActionError (none a stray IndexError) and leaves the state as it was."""
    for state in _decision_states(game_id, 6):
        before, history = str(state), state.history()
        decisions, seen = state.decisions, state.information_state_string()
        legal = set(state.legal_actions())
        for code in range(state.get_game().num_distinct_actions()):
            if code in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply_action(code)
        assert str(state) == before and state.history() == history
        assert state.decisions == decisions and state.information_state_string() == seen
        assert not state.is_terminal()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_and_states_pickle_and_copy(game_id: str) -> None:
    state = _decision_states(game_id, 1)[0]
    game = state.get_game()
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(copied) == str(state) and copied.history() == state.history()
        assert copied.legal_actions() == state.legal_actions()
    restored = game.deserialize_state(state.serialize())
    assert str(restored) == str(state)


def test_the_stepping_benchmark_measures_the_engine_and_the_adapter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rates = bench_openspiel.measure("kogge", 2, seconds=0.6, rounds=2)
    assert list(rates) == ["engine", "openspiel", "openspiel+observation"]
    assert all(rate > 0 for rate in rates.values())
    bench_openspiel.main(["luebeck", "--seconds", "0.3", "--rounds", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "luebeck 3p engine",
        "luebeck 3p openspiel",
        "luebeck 3p openspiel+observation",
    ]
