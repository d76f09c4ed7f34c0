"""`hanse analyse RECORD` on a recorded game of every title prints an evaluation per decision
with a choice, the largest losses and the win chances of every seat (issue 33)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from hanse.analysis import choice_steps
from tests.analysis.records import STEPS, TITLES, recorded


def _hanse(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["hanse", *args], capture_output=True, text=True, timeout=600)


def _moves(game_id: str) -> str:
    steps = STEPS[game_id]
    return f"{steps.start}-{steps.stop - 1}"


@pytest.mark.parametrize("game_id", TITLES)
def test_analyse_prints_each_decision_and_the_win_chances(game_id: str, tmp_path: Path) -> None:
    record = recorded(game_id)
    path = tmp_path / "game.json"
    record.save(path)
    result = _hanse(
        "analyse", str(path), "--budget", "2", "--moves", _moves(game_id), "--seed", "3"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    steps = choice_steps(record, moves=STEPS[game_id])
    assert steps, "the range holds decisions with a choice"
    # one row per decision with a choice: its step in the first column
    rows = [int(m.group(1)) for m in re.finditer(r"^│\s+(\d+) │", out, re.MULTILINE)]
    assert rows == steps
    assert "Win chances through the game" in out
    for name in ["A Anna", "B Bruno", "C bot easy"]:
        line = next(line for line in out.splitlines() if line.strip().startswith(name))
        assert re.search(r"\d+% [▁▂▃▄▅▆▇█]+\s+\d+%$", line), line


@pytest.mark.parametrize("game_id", ["luebeck", "kogge"])
def test_analyse_json_has_every_field_and_repeats_for_a_seed(game_id: str, tmp_path: Path) -> None:
    record = recorded(game_id)
    path = tmp_path / "game.json"
    record.save(path)
    args = ["analyse", str(path), "--budget", "3", "--moves", _moves(game_id), "--json"]
    first = _hanse(*args, "--seat", "1")
    assert first.returncode == 0, first.stderr
    analysis = json.loads(first.stdout)
    decisions = analysis["decisions"]
    assert [d["step"] for d in decisions] == choice_steps(record, [1], STEPS[game_id])
    for d in decisions:
        assert d["seat"] == 1
        assert set(d) >= {"move", "value", "best", "best_value", "loss", "chances"}
        assert d["loss"] == pytest.approx(max(0.0, d["best_value"] - d["value"]), abs=2e-4) or (
            d["move"] == d["best"] and d["loss"] == 0
        )
        assert sum(d["chances"]) == pytest.approx(1.0, abs=1e-3)
    marked = [d for d in decisions if d["largest_loss"]]
    assert len(marked) <= 5
    assert all(d["loss"] > 0 for d in marked)
    unmarked_losses = [d["loss"] for d in decisions if not d["largest_loss"]]
    assert all(u <= min(d["loss"] for d in marked) for u in unmarked_losses) if marked else True
    again = _hanse(*args, "--seat", "1")
    assert json.loads(again.stdout) == analysis


def test_bad_requests_get_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    recorded("luebeck").save(path)
    for args, words in (
        (["--seat", "3"], "seats are 0 to 2"),
        (["--moves", "ten"], "--moves takes"),
        (["--budget", "0"], "--budget is a number"),
    ):
        result = _hanse("analyse", str(path), *args)
        assert result.returncode == 2
        assert "Traceback" not in result.stderr
        assert words in result.stderr, result.stderr
    missing = _hanse("analyse", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "cannot read record" in missing.stderr
