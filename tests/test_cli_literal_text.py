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
    game = make("kogge", 2)
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


def test_play_says_who_the_opponents_are_defaults_to_easy_and_refuses_extra_bots() -> None:
    """Issue 19, item 3: the opponents' levels on screen; `easy` by default; a --bot beyond the
    seats is an error, not ignored."""
    hanse = shutil.which("hanse")
    assert hanse is not None
    shown = subprocess.run(
        [hanse, "play", "luebeck", "--players", "3", "--save", "/dev/null"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "seat 0 (A): you, seat 1 (B): bot easy, seat 2 (C): bot easy" in shown
    extra = subprocess.run(
        [
            hanse,
            "play",
            "luebeck",
            "--players",
            "3",
            "--bot",
            "easy",
            "--bot",
            "hard",
            "--bot",
            "x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert extra.returncode == 2 and "3 --bot options for 2 seat(s)" in extra.stderr
    assert (
        "easy"
        in subprocess.run([hanse, "play", "-h"], capture_output=True, text=True, timeout=60).stdout
    )


def test_version_and_short_help() -> None:
    hanse = shutil.which("hanse")
    assert hanse is not None
    version = subprocess.run([hanse, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("hanse ")
    short = subprocess.run([hanse, "-h"], capture_output=True, text=True, timeout=60)
    assert short.returncode == 0 and "serve" in short.stdout


def test_moves_are_case_insensitive_and_an_empty_enter_shows_the_menu_again() -> None:
    """Issue 19, item 9."""
    hanse = shutil.which("hanse")
    assert hanse is not None
    shown = subprocess.run(
        [hanse, "play", "luebeck", "--players", "3", "--seed", "4", "--save", "/dev/null"],
        input="\nDRAFT 0\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={"COLUMNS": "200", "PATH": str(Path(hanse).parent) + ":/usr/bin:/bin"},
    )
    assert shown.stdout.count("a) draft 0") >= 2  # the menu, and again after the empty Enter
    # The move was made, and the log says it in words, the pack counted from 1 ("seat 0 (A) takes
    # pack 1: ...").
    assert "illegal" not in shown.stderr and "seat 0 (A) takes pack 1:" in shown.stdout
