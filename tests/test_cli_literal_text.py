"""Game text is printed literally (issue 19, item 1): square brackets in boards, logs and errors
are the game's, not Rich markup, so cargo and markers stay on screen."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

from hanse.bots import make_bot
from hanse.core.match import play, replay_final
from hanse.games import make


def test_replay_shows_every_bracketed_part_of_the_board(tmp_path: Path) -> None:
    game = make("speicherstadt", 2)
    record = play(game, [make_bot("random"), make_bot("random")], random.Random(3))
    path = tmp_path / "game.json"
    record.save(path)
    final = game.render(game.view(replay_final(record, game), None))
    bracketed = set(re.findall(r"\w*\[[^\]]+\]", final))
    assert bracketed, "the position should show cargo or contents in brackets"
    hanse = shutil.which("hanse")
    assert hanse is not None
    shown = subprocess.run(
        [hanse, "replay", str(path), "--no-step"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "PATH": str(Path(hanse).parent) + ":/usr/bin:/bin"},
    ).stdout
    for part in bracketed:
        assert part in shown, part


def test_an_error_keeps_its_brackets() -> None:
    hanse = shutil.which("hanse")
    assert hanse is not None
    result = subprocess.run(
        [hanse, "play", "luebeck", "--flag", "no_such[flag]=1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "no_such[flag]=1" in result.stderr
