"""The `hanse` command through its real entry point, in a subprocess (issue 2).

The core's commands are tested on the test-only Tiny game, registered by ``tests/core/tiny_cli.py``
before it calls the same ``hanse.cli.main`` the installed ``hanse`` script calls.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hanse.core.record import MatchRecord

ROOT = Path(__file__).resolve().parents[2]


def hanse(*args: str, stdin: str = "", tiny: bool = True) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tests.core.tiny_cli"] if tiny else ["hanse"]
    return subprocess.run(
        [*command, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_installed_script_lists_the_games() -> None:
    result = hanse("games", tiny=False)
    assert result.returncode == 0, result.stderr
    assert "Hanse games" in result.stdout


def test_games_lists_players_and_flags() -> None:
    result = hanse("games")
    assert result.returncode == 0
    assert "tiny" in result.stdout and "2-3" in result.stdout


def test_play_a_whole_game_by_menu_keys_and_save_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse("play", "tiny", "--seed", "3", "--save", str(path), stdin="a\n" * 40)
    assert result.returncode == 0, result.stderr
    assert "game over" in result.stdout
    record = MatchRecord.load(path)
    assert record.game_id == "tiny" and record.seed == 3
    assert record.players == ["human", "random"]
    assert record.scores is not None and f"scores {record.scores}" in result.stdout


def test_bad_input_gets_a_clear_message_and_a_new_prompt(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse(
        "play", "tiny", "--seed", "3", "--save", str(path), stdin="99\nplay 9\nfly\n" + "a\n" * 40
    )
    assert result.returncode == 0
    assert "99 is not a menu key" in result.stderr
    assert "not a Tiny action: 'play 9'" in result.stderr
    assert "not a Tiny action: 'fly'" in result.stderr
    assert "game over" in result.stdout


def test_input_by_notation(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse("play", "tiny", "--seed", "3", "--save", str(path), stdin="draw\nq\n")
    assert result.returncode == 0
    record = MatchRecord.load(path)
    assert (0, "draw") in record.actions


def test_quitting_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse("play", "tiny", "--seed", "5", "--save", str(path), stdin="a\nq\n")
    assert result.returncode == 0
    assert "record saved" in result.stdout
    record = MatchRecord.load(path)
    assert record.scores is None
    shown = hanse("replay", str(path), "--no-step")
    assert shown.returncode == 0, shown.stderr
    assert "end of the record" in shown.stdout


def test_hot_seat_with_two_humans(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse(
        "play", "tiny", "--seat", "0", "--seat", "1", "--save", str(path), stdin="a\n" * 60
    )
    assert result.returncode == 0
    assert "seat 1 (B) to decide" in result.stdout
    assert MatchRecord.load(path).players == ["human", "human"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "nosuch"), "unknown game 'nosuch'"),
        (("play", "tiny", "--players", "7"), "for 2 to 3 players"),
        (("play", "tiny", "--flag", "speed=1"), "expected name=value"),
        (("play", "tiny", "--bot", "genius"), "unknown bot 'genius'"),
        (("play", "tiny", "--seat", "5"), "seats are 0 to 1"),
        (("simulate", "tiny", "--bot", "random", "--bot", "random", "--bot", "random"), "give one"),
        (("bench", "nosuch"), "unknown game"),
    ],
)
def test_bad_arguments_fail_with_a_message(args: tuple[str, ...], message: str) -> None:
    result = hanse(*args)
    assert result.returncode == 2
    assert message in result.stderr


def test_replay_as_a_seat_hides_the_others_cards(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    hanse("play", "tiny", "--seed", "8", "--save", str(path), stdin="a\n" * 40)
    as_seat_1 = hanse("replay", str(path), "--seat", "1", "--no-step").stdout
    as_seat_0 = hanse("replay", str(path), "--seat", "0", "--no-step", "--boards").stdout
    assert "chance: deal ?" in as_seat_1
    assert "hand [" in as_seat_0
    spectator = hanse("replay", str(path), "--no-step").stdout
    assert "chance: deal 1" not in spectator and "chance: deal ?" in spectator


def test_replay_refuses_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{}")
    result = hanse("replay", str(path))
    assert result.returncode == 2 and "not a Hanse record" in result.stderr


def test_simulate_in_parallel_reports_json() -> None:
    result = hanse("simulate", "tiny", "--games", "40", "--jobs", "2", "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 40
    assert sum(summary["wins_per_seat"]) == pytest.approx(40)
    assert summary["wins_per_bot"] == {"random": pytest.approx(40)}
    low, high = summary["first_seat_ci95"]
    assert 0 <= low <= summary["first_seat_win_rate"] <= high <= 1
    again = hanse("simulate", "tiny", "--games", "40", "--jobs", "1", "--seed", "1", "--json")
    assert json.loads(again.stdout) == summary  # processes do not change results


def test_simulate_prints_a_table() -> None:
    result = hanse("simulate", "tiny", "--games", "10", "--players", "3")
    assert result.returncode == 0
    assert "first seat wins" in result.stdout and "mean score" in result.stdout


def test_bench_reports_every_figure() -> None:
    result = hanse("bench", "tiny", "--seconds", "0.2", "--players", "2", "--json")
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert row["game_id"] == "tiny" and row["policy"] == "uniform"
    assert row["games_completed"] > 0
    for key in ("games_per_second", "decisions_per_second", "clone_us", "legal_actions_us"):
        assert row[key] > 0


def test_play_against_the_search_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = hanse(
        "play", "tiny", "--bot", "ismcts", "--seed", "2", "--save", str(path), stdin="a\n" * 40
    )
    assert result.returncode == 0, result.stderr
    assert MatchRecord.load(path).players == ["human", "ismcts"]


def test_bench_bots_reports_search_speed() -> None:
    result = hanse("bench", "tiny", "--bots", "--seconds", "0.2", "--players", "2", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert {r["bot"] for r in rows} == {"mcts", "ismcts"}
    assert all(r["iterations_per_second"] > 0 for r in rows)


def test_bench_refuses_an_unknown_flag() -> None:
    result = hanse("bench", "tiny", "--seconds", "0.1", "--players", "2", "--flag", "x=1")
    assert result.returncode == 2 and "expected name=value" in result.stderr
