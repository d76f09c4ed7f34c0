"""Every registered game works in every command through the installed `hanse` script (issue 2:
games added later work without touching the CLI)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from hanse.core.record import MatchRecord
from hanse.games import REGISTRY


def hanse(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["hanse", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


# The package's own games; test modules may register test-only games in this process.
PACKAGE_GAMES = {g: cls for g, cls in REGISTRY.items() if cls.__module__.startswith("hanse.games.")}
GAMES = sorted(PACKAGE_GAMES)


def test_the_four_games_are_registered() -> None:
    assert {"luebeck", "hansa", "kogge", "speicherstadt"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_then_replay(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cls = REGISTRY[game_id]
    result = hanse(
        "play",
        game_id,
        "--players",
        str(cls.min_players),
        "--seed",
        "1",
        "--save",
        str(path),
        stdin="a\na\na\nq\n",
    )
    assert result.returncode == 0, result.stderr
    assert "your choice" in result.stdout
    record = MatchRecord.load(path)
    assert record.game_id == game_id and sum(1 for _ in record.decisions()) >= 1
    shown = hanse("replay", str(path), "--seat", "0", "--no-step")
    assert shown.returncode == 0, shown.stderr
    assert "end of the record" in shown.stdout


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_and_bench(game_id: str) -> None:
    cls = REGISTRY[game_id]
    n = str(cls.min_players)
    result = hanse("simulate", game_id, "--players", n, "--games", "2", "--jobs", "2", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 2 and sum(summary["wins_per_seat"]) == pytest.approx(2)
    bench = hanse("bench", game_id, "--players", n, "--seconds", "0.3", "--json")
    assert bench.returncode == 0, bench.stderr
    rows = json.loads(bench.stdout)
    assert rows and all(r["decisions_per_second"] > 0 for r in rows)
    search = hanse("bench", game_id, "--players", n, "--bots", "--seconds", "0.3", "--json")
    assert search.returncode == 0, search.stderr
    rows = json.loads(search.stdout)
    assert {r["bot"] for r in rows} == {"mcts", "ismcts", "hard"}  # every game has heuristics
    assert all(r["iterations_per_second"] > 0 for r in rows)


def test_bench_measures_a_variant() -> None:
    result = hanse(
        "bench",
        "speicherstadt",
        "--players",
        "4",
        "--seconds",
        "0.3",
        "--flag",
        "kaispeicher=true",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert all(row["flags"] == {"kaispeicher": True} for row in json.loads(result.stdout))


def test_games_lists_every_flag() -> None:
    result = hanse("games")
    assert result.returncode == 0
    for cls in PACKAGE_GAMES.values():
        for flag in cls.flag_docs():
            assert flag.name in result.stdout.replace("\n", "").replace("│", "").replace(" ", "")
