"""Records that are broken, edited or unfinished get one clear line from `hanse replay` (issue 19,
item 8); a byte-order mark, which editors add, is no reason to refuse a record."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from hanse.bots import make_bot
from hanse.core.match import play
from hanse.games import make


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    hanse = shutil.which("hanse")
    assert hanse is not None
    return subprocess.run(
        [hanse, "replay", str(path), "--no-step"], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    game = make("luebeck", 3)
    record = play(game, [make_bot("random")] * 3, random.Random(1))
    path = tmp_path / "game.json"
    record.save(path)
    return path


def _one_clear_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[0].startswith("error:")
    text = " ".join(result.stderr.split())
    for word in words:
        assert word in text, result.stderr


def test_a_binary_file_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(256)))
    _one_clear_line(_replay(path), "not a text file")


def test_a_cut_off_record_says_so(record_file: Path) -> None:
    text = record_file.read_text()
    record_file.write_text(text[: len(text) // 2])
    _one_clear_line(_replay(record_file), "broken or cut-off JSON")


def test_a_record_with_a_byte_order_mark_loads(record_file: Path) -> None:
    record_file.write_bytes(b"\xef\xbb\xbf" + record_file.read_bytes())
    result = _replay(record_file)
    assert result.returncode == 0, result.stderr


def test_forged_scores_are_refused(record_file: Path) -> None:
    obj = json.loads(record_file.read_text())
    obj["scores"] = [99, *obj["scores"][1:]]
    record_file.write_text(json.dumps(obj))
    _one_clear_line(_replay(record_file), "the file was changed")


def test_an_unfinished_game_is_said_to_be_unfinished(record_file: Path) -> None:
    obj = json.loads(record_file.read_text())
    obj["actions"] = obj["actions"][:40]
    obj["scores"] = obj["winners"] = None
    record_file.write_text(json.dumps(obj))
    result = _replay(record_file)
    assert result.returncode == 0, result.stderr
    assert "unfinished game: 40 actions recorded" in result.stdout


@pytest.mark.parametrize("where", ["missing/game.json", "."])
def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, where: str
) -> None:
    """Issue 19, item 2: `--save` into a missing folder or onto a folder is refused at once."""
    hanse = shutil.which("hanse")
    assert hanse is not None
    result = subprocess.run(
        [hanse, "play", "luebeck", "--players", "3", "--save", str(tmp_path / where)],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    _one_clear_line(result, "--save")
    assert "seat 0 (A): you" not in result.stdout  # refused before any game started


def test_arena_refuses_a_missing_extra_or_a_file_for_out_before_playing(tmp_path: Path) -> None:
    """Issue 19, items 2 and 7: `--plots` without matplotlib, `--backend ray` without Ray and
    `--out` onto a file are refused before the first game."""
    import sys

    runner = tmp_path / "without_extras.py"
    runner.write_text(
        "import importlib.abc, importlib.machinery, sys\n"
        "class Blocked(importlib.abc.MetaPathFinder, importlib.abc.Loader):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('matplotlib', 'ray'):\n"
        "            return importlib.machinery.ModuleSpec(name, self)\n"
        "    def create_module(self, spec):\n"
        "        raise ImportError(f'{spec.name} is not installed')\n"
        "    def exec_module(self, module):\n"
        "        pass\n"
        "sys.meta_path.insert(0, Blocked())\n"
        "from hanse.cli import main\n"
        "main()\n"
    )
    cli = [sys.executable, str(runner)]
    arena = ["arena", "luebeck", "-p", "3", "--bot", "random", "--bot", "easy", "--games", "1"]
    plots = subprocess.run(
        [*cli, *arena, "--out", str(tmp_path / "runs"), "--plots"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    _one_clear_line(plots, "pip install 'hanse[arena]'")
    ray = subprocess.run(
        [*cli, *arena, "--backend", "ray"], capture_output=True, text=True, timeout=120
    )
    _one_clear_line(ray, "pip install 'hanse[arena]'")
    taken = tmp_path / "report.txt"
    taken.write_text("")
    hanse = shutil.which("hanse")
    assert hanse is not None
    onto_file = subprocess.run(
        [hanse, *arena, "--out", str(taken)], capture_output=True, text=True, timeout=120
    )
    _one_clear_line(onto_file, "is a file")
