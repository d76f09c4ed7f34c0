"""`hanse bench --env` measures every adapter; the training example runs end to end."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from env_helpers import walk
from typer.testing import CliRunner

from hanse.bench import bench_env
from hanse.cli import app
from hanse.games import make

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


ADAPTERS = [
    "engine",
    "pettingzoo",
    "gymnasium",
    "openspiel",
    "vector x4",
    "make_vec x4, 1 worker",
    "make_vec x4, 2 workers pinned",
    "chess",
    "python loop, 1 process",
    "python loop, 2 processes",
]


def test_bench_env_measures_each_adapter_beside_the_engine() -> None:
    results = bench_env("speicherstadt", 2, seconds=0.5, num_envs=4)
    assert [r.adapter for r in results] == ADAPTERS
    engine = results[0]
    assert engine.share_of_engine == engine.cpu_share_of_engine == 1.0
    for r in results:
        assert r.decisions_per_second > 0 and r.engine_decisions_per_second > 0
        assert r.decisions_per_cpu_second > 0
        assert r.share_of_engine == r.decisions_per_second / r.engine_decisions_per_second
        assert r.cpu_share_of_engine == (
            r.decisions_per_cpu_second / r.engine_decisions_per_cpu_second
        )


def test_the_cli_reports_env_figures_as_json_and_as_a_table() -> None:
    arguments = ["bench", "luebeck", "-p", "3", "--env", "--seconds", "0.3", "--envs", "4"]
    result = CliRunner().invoke(app, [*arguments, "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [row["adapter"] for row in rows] == ADAPTERS
    assert all(row["game_id"] == "luebeck" and row["num_players"] == 3 for row in rows)
    assert all(row["cpu_share_of_engine"] > 0 for row in rows)
    table = CliRunner().invoke(app, arguments)
    assert table.exit_code == 0, table.output
    assert "make_vec x4, 2 workers pinned" in table.output and "vs chess" in table.output
    assert "luebeck 3p: 2 workers" in table.output and "(the machine:" in table.output


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_training_example_trains_saves_and_plays_the_arena(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    example = _example()
    out = tmp_path / "policy.npz"
    monkeypatch.setenv(example.WEIGHTS_VARIABLE, "")  # main() sets it; restored afterwards
    example.main(["--seconds", "2", "--arena-games", "2", "--envs", "4", "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("trained") and out.exists()
    assert printed[1].startswith("arena: 6 games against random, win rate")
    # The saved policy, as the arena loads it, plays a legal action in every position.
    bot = example.trained()
    game = make("luebeck", 3)
    for state, seat in walk(game, 0, max_decisions=100):
        legal = game.legal_actions(state)
        assert bot.act(game, game.view(state, seat), legal, random.Random(0)) in legal
