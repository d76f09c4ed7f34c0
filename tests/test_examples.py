"""The README's example study (examples/hansa_actiones.py) loads, makes its bots and summarises."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from hanse.bots import RandomBot, make_bot
from hanse.core.match import play
from hanse.games import make
from hanse.games.hansa import heuristics

STUDY = Path(__file__).resolve().parents[1] / "examples" / "hansa_actiones.py"


def load_study() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hansa_actiones_study", STUDY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_variants_differ_from_easy_in_actiones_only() -> None:
    study = load_study()
    base = heuristics.WEIGHTS
    for factory, factor in ((study.keen, 2.0), (study.shy, 0.0)):
        bot = factory()
        weights = bot.state_value.keywords["weights"]
        for ability, steps in enumerate(weights.level_worth):
            expected = base.level_worth[ability]
            if ability == study.ACTIONES:
                expected = tuple(factor * worth for worth in expected)
            assert steps == expected
        assert weights.route_worth == base.route_worth and weights.fade == base.fade


def test_the_arena_names_reach_the_variants() -> None:
    assert make_bot(f"{STUDY}:keen").name == "actiones-keen"
    assert make_bot(f"{STUDY}:shy").name == "actiones-shy"


def test_the_summary_reads_arena_records(tmp_path: Path) -> None:
    study = load_study()
    game = make("hansa", 3)
    record = play(game, [RandomBot(), RandomBot(), RandomBot()], random.Random(2))
    (tmp_path / "records").mkdir()
    record.save(tmp_path / "records" / "game-00000.json")
    lines = study.summarise([tmp_path]).splitlines()
    assert lines[0].split() == ["bot", "seats", "win", "share", "mean", "score", "actions/turn"]
    assert lines[1].split()[:2] == ["random", "3"]
    win_share = float(lines[1].split()[2].rstrip("%")) / 100
    assert abs(win_share - 1 / 3) < 0.001  # one seat of three won, or the win was shared
