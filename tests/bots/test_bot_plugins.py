"""Bots of one's own by name: ``package.module:factory`` and ``file.py:factory`` (issue 7: the arena
"over any bots"), and the heuristic bot with a study's own evaluation."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path
from typing import Any

import pytest

from hanse.arena import gauntlet, report, run_tournament
from hanse.arena.runner import specs_for
from hanse.bots import make_bot
from hanse.bots.heuristic import HeuristicBot
from hanse.core import IllegalActionError
from hanse.core.protocol import Game
from hanse.games import make, register
from tests.core.tiny_game import TinyGame

register(TinyGame)

FIRST_ACTION_BOT = textwrap.dedent(
    """
    class FirstAction:
        name = "first"

        def act(self, game, view, legal, rng):
            return legal[0]


    def first():
        return FirstAction()


    NOT_A_FACTORY = 3


    def not_a_bot():
        return object()
    """
)


def dealt(game: Game) -> Any:
    """The first position where a player decides."""
    state = game.new_initial_state()
    while game.current_player(state) < 0:
        game.apply_action(state, game.chance_outcomes(state)[0][0])
    return state


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "my_bots.py"
    path.write_text(FIRST_ACTION_BOT)
    return path


def test_a_factory_in_a_module() -> None:
    bot = make_bot("hanse.bots.random_bot:RandomBot")
    assert bot.name == "random"


def test_a_factory_in_a_file(bot_file: Path) -> None:
    bot = make_bot(f"{bot_file}:first")
    game = make("tiny", 2)
    state = dealt(game)
    legal = game.legal_actions(state)
    assert bot.act(game, game.view(state, 0), legal, random.Random(0)) == legal[0]
    assert make_bot(f"{bot_file}:first").name == "first"  # loaded once, made again


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("grandmaster", "unknown bot 'grandmaster'"),
        ("no.such.module:bot", "cannot load no.such.module"),
        ("/no/such/file.py:bot", "cannot load /no/such/file.py"),
        ("hanse.bots.random_bot:missing", "has no factory 'missing'"),
    ],
)
def test_bad_names_are_refused_clearly(name: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        make_bot(name)


@pytest.mark.parametrize(
    ("factory", "message"), [("NOT_A_FACTORY", "no factory"), ("not_a_bot", "no act")]
)
def test_a_factory_must_make_a_bot(bot_file: Path, factory: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        make_bot(f"{bot_file}:{factory}")


def test_a_file_bot_plays_in_the_arena_in_worker_processes(bot_file: Path) -> None:
    challenger = f"{bot_file}:first"
    specs = specs_for("tiny", 2, {}, gauntlet(challenger, ["random"], 2), 3, 5)
    outcomes = run_tournament(specs, jobs=2)
    assert len(outcomes) == 6
    result = report(outcomes, [challenger, "random"])
    assert set(result.bots) == {challenger, "random"}
    assert result.bots[challenger].seats_played == 6
    for outcome in outcomes:
        assert outcome.record["players"][outcome.spec.lineup.index(challenger)] == "first"


def test_the_heuristic_bot_takes_a_study_s_own_evaluation() -> None:
    """With its own state_value the bot needs no heuristics.py and follows that value."""
    game = TinyGame(2)
    state = dealt(game)
    legal = game.legal_actions(state)
    assert len(legal) > 1
    seen: list[int] = []

    def fewest_actions_left(g: object, s: object, seat: int) -> float:
        seen.append(seat)
        return -float(len(game.legal_actions(s)) if not game.is_terminal(s) else 0)

    bot = HeuristicBot("study", fewest_actions_left)
    choice = bot.act(game, game.view(state, 0), legal, random.Random(1))
    assert choice in legal and set(seen) == {0} and bot.name == "study"


def test_a_search_level_with_an_iteration_budget_thinks_exactly_that_long() -> None:
    """``hard@N``: the level's search with N iterations per decision and no clock."""
    bot = make_bot("hard@40")
    assert bot.name == "hard@40"
    assert bot.settings.iterations == 40 and bot.settings.seconds is None  # type: ignore[attr-defined]
    assert make_bot("hard").settings.seconds == 1.0  # type: ignore[attr-defined]  # unchanged
    game = make("luebeck", 3)
    state = dealt(game)
    legal = game.legal_actions(state)
    bot.act(game, game.view(state, game.current_player(state)), legal, random.Random(3))
    assert bot.last_iterations == 40  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("easy@100", "'easy' does not search, so it takes no budget; search bots: medium, hard"),
        ("hard@0", "a whole number of iterations"),
        ("hard@ten", "a whole number of iterations"),
        ("hard@", "a whole number of iterations"),
        ("hard@²", "a whole number of iterations"),
        ("brilliant@100", "unknown bot 'brilliant' in 'brilliant@100'"),
    ],
)
def test_bad_budgets_are_refused_clearly(name: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        make_bot(name)


def test_arena_results_with_a_budget_repeat_exactly_in_one_process_and_in_workers() -> None:
    """What a budget is for: the same games whatever the machine, its load or the processes
    (one wall-clock second of `hard` gives a different search on every run)."""
    specs = specs_for("luebeck", 3, {}, gauntlet("hard@15", ["easy"], 3), 1, 11)
    alone = run_tournament(specs, jobs=1)
    shared = run_tournament(specs, jobs=2)
    assert [o.record for o in alone] == [o.record for o in shared]
    assert all("hard@15" in o.record["players"] for o in alone)
