"""Tournaments: lineups, statistics, ratings, backends, plots and the command (issue 7)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from hanse.arena import gauntlet, report, round_robin, run_tournament
from hanse.arena.lineups import rotations
from hanse.arena.plots import save_plots
from hanse.arena.ratings import finishing_ranks
from hanse.arena.runner import GameSpec, Outcome, record_of, specs_for
from hanse.core.match import replay_final
from hanse.games import register
from tests.core.tiny_game import TinyGame

ROOT = Path(__file__).resolve().parents[2]
register(TinyGame)


def seat_counts(lineups: list[tuple[str, ...]]) -> Counter[tuple[str, int]]:
    return Counter((name, seat) for lineup in lineups for seat, name in enumerate(lineup))


def test_rotations_put_everyone_in_every_seat() -> None:
    assert rotations(["a", "b", "c"]) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


@pytest.mark.parametrize(
    ("bots", "seats"),
    [(["a", "b"], 2), (["a", "b", "c", "d"], 3), (["a", "b"], 4), (["a", "b", "c"], 5)],
)
def test_round_robin_seats_every_bot_equally(bots: list[str], seats: int) -> None:
    lineups = round_robin(bots, seats)
    counts = seat_counts(lineups)
    for name in bots:
        assert len({counts[(name, s)] for s in range(seats)}) == 1, counts
    assert all(len(lineup) == seats for lineup in lineups)


def test_round_robin_plays_every_table_of_distinct_bots() -> None:
    tables = {frozenset(lineup) for lineup in round_robin(["a", "b", "c", "d"], 3)}
    assert len(tables) == 4


def test_gauntlet_puts_the_challenger_at_every_table() -> None:
    lineups = gauntlet("hero", ["x", "y", "z"], 3)
    assert all("hero" in lineup for lineup in lineups)
    counts = seat_counts(lineups)
    assert {counts[("hero", s)] for s in range(3)} == {3}


@pytest.mark.parametrize("bots", [["a"], ["a", "a"]])
def test_bad_entrants_are_refused(bots: list[str]) -> None:
    with pytest.raises(ValueError, match=r"at least 2|enters once"):
        round_robin(bots, 2)


def test_finishing_ranks() -> None:
    assert finishing_ranks([10, 7, 10, 3], [0, 2]) == [1, 2, 1, 3]
    assert finishing_ranks([5, 5, 1], [1]) == [2, 1, 3]  # a tie-break decided the win


def outcome(index: int, lineup: tuple[str, ...], scores: list[int], winners: list[int]) -> Outcome:
    spec = GameSpec(index, "tiny", len(lineup), (), lineup, index)
    return Outcome(spec, scores, winners, 20, 14, {})


def test_report_counts_shared_wins_fair_shares_and_margins() -> None:
    outcomes = [
        outcome(0, ("a", "b"), [10, 4], [0]),
        outcome(1, ("b", "a"), [6, 6], [0, 1]),
        outcome(2, ("a", "b"), [3, 9], [1]),
    ]
    result = report(outcomes, ["a", "b"])
    a = result.bots["a"]
    assert a.wins == 1.5 and a.seats_played == 3 and a.fair_share == 1.5
    assert a.margins == [6, 0, -6]
    assert result.seat_win_rates == [0.5, 0.5]
    assert set(result.ratings) == {"a", "b"}
    assert len(result.rating_history) == 3
    data = result.to_json()
    assert json.loads(json.dumps(data)) == data


def test_games_cut_unfinished_are_counted_but_left_out_of_the_statistics() -> None:
    finished = [outcome(0, ("a", "b"), [10, 4], [0]), outcome(1, ("b", "a"), [3, 9], [1])]
    cut = outcome(2, ("a", "b"), [], [])
    assert not cut.finished and all(o.finished for o in finished)
    result = report([*finished, cut], ["a", "b"])
    assert result.games == 2 and result.unfinished == 1
    assert result.bots["a"].seats_played == 2 and result.bots["a"].wins == 2.0
    assert result.to_json()["unfinished"] == 1
    with pytest.raises(ValueError, match="none of the 1 games finished"):
        report([cut], ["a", "b"])


def test_a_game_past_its_decision_limit_is_cut_and_its_record_replays() -> None:
    specs = specs_for("tiny", 2, {}, [("random", "random")], 2, 7, max_decisions=1)
    cut = run_tournament(specs)
    assert [o.finished for o in cut] == [False, False]
    assert all(o.decisions == 1 and o.scores == [] for o in cut)
    assert not TinyGame(2).is_terminal(replay_final(record_of(cut[0])))
    whole = run_tournament(specs_for("tiny", 2, {}, [("random", "random")], 2, 7, 10_000))
    assert all(o.finished for o in whole)


def test_local_processes_give_the_same_results_as_one_process() -> None:
    specs = specs_for("tiny", 2, {}, [("random", "random")], 12, 7)
    one = run_tournament(specs, jobs=1)
    two = run_tournament(specs, jobs=2)
    assert [o.record for o in one] == [o.record for o in two]
    for o in one:  # every record replays to its result
        final = replay_final(record_of(o))
        assert TinyGame(2).scores(final) == o.scores


def test_ray_backend_on_a_local_instance() -> None:
    import ray

    # Tiny is registered only in test processes: Ray workers register it with a setup hook.
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={
            "worker_process_setup_hook": "tests.core.tiny_game.register_tiny",
            "env_vars": {"PYTHONPATH": str(ROOT)},
        },
    )
    try:
        specs = specs_for("tiny", 2, {}, [("random", "random")], 4, 3)
        local = run_tournament(specs, jobs=1)
        remote = run_tournament(specs, backend="ray")
    finally:
        ray.shutdown()
    assert [o.record for o in remote] == [o.record for o in local]


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        run_tournament([], backend="cloud")


def test_plots_are_written_and_not_empty(tmp_path: Path) -> None:
    specs = specs_for("tiny", 2, {}, round_robin(["random", "random_b"], 2), 1, 1)
    outcomes = [outcome(s.index, s.lineup, [5 + s.index, 5], [0]) for s in specs]
    paths = save_plots(report(outcomes, ["random", "random_b"]), tmp_path)
    assert {p.name for p in paths} == {"scores.png", "seats.png", "ratings.png"}
    for path in paths:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5000


def test_arena_command_saves_replayable_records(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.core.tiny_cli",
            "arena",
            "tiny",
            "--bot",
            "random",
            "--bot",
            "mcts",
            "--games",
            "2",
            "--jobs",
            "2",
            "--out",
            str(tmp_path),
            "--plots",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 4 and {b["name"] for b in data["bots"]} == {"random", "mcts"}
    records = sorted((tmp_path / "records").glob("game-*.json"))
    assert len(records) == 4
    assert (tmp_path / "report.json").exists() and (tmp_path / "seats.png").exists()
    shown = subprocess.run(
        [sys.executable, "-m", "tests.core.tiny_cli", "replay", str(records[0]), "--no-step"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert shown.returncode == 0 and "end of the record" in shown.stdout


@pytest.mark.parametrize(
    ("limit", "message"), [("0", "must be at least 1"), ("1", "none of the 2 games finished")]
)
def test_arena_command_refuses_a_bad_limit_and_reports_when_nothing_finished(
    limit: str, message: str
) -> None:
    command = ["arena", "tiny", "--bot", "random", "--bot", "mcts", "--games", "1"]
    result = subprocess.run(
        [sys.executable, "-m", "tests.core.tiny_cli", *command, "--max-decisions", limit],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert result.returncode != 0
    assert message in result.stderr + result.stdout


def test_ctrl_c_stops_the_workers_and_keeps_every_finished_game(tmp_path: Path) -> None:
    """Issue 19, item 2: Ctrl-C in `arena --jobs 2` stops the workers at once and keeps, reports
    and saves every game that had finished."""
    import signal
    import subprocess
    import time

    out = tmp_path / "run"
    # Bots that pause at every decision: a game takes seconds, so after 20 s some games are over
    # and most are not, on any machine.
    slow = str(Path(__file__).with_name("slow_bot.py")) + ":slow"
    command = ["hanse", "arena", "luebeck", "--players", "3", "--challenger", slow]
    command += ["--bot", "random", "--games", "100", "--jobs", "2", "--out", str(out)]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A pytest-xdist worker ignores SIGINT, and a child would inherit that: give the arena
        # the default handling a terminal's Ctrl-C meets.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(20)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=180)
    match = re.search(r"interrupted: (\d+) of 300 games had finished", stderr)
    assert match, stderr
    finished = int(match.group(1))
    assert 0 < finished < 300  # the workers did not play on to the end
    assert len(list((out / "records").glob("game-*.json"))) == finished
    assert f"{finished} games" in stdout.replace("\n", " ")
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == finished
