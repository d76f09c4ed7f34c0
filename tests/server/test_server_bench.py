"""``hanse bench --server`` runs a real server under simulated players and counts what happened
(a smoke test with a handful of tables: figures belong in the README, not in assertions)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_server_plays_moves_at_every_table_without_errors() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from hanse.cli import main; main()",
            "bench",
            "--server",
            "--tables",
            "8",
            "--seconds",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["errors"] == 0, report["error_samples"]
    assert report["accepted"] > 0
    assert report["latency_p50_ms"] <= report["latency_p99_ms"]


def test_bench_server_closed_loop_reports_submit_latency_and_replaces_finished_games() -> None:
    """The closed loop (``--clients``): each client reads a table as its decider and posts a
    legal move; every move is accepted (the client always moves at the version it read)."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from hanse.cli import main; main()",
            "bench",
            "--server",
            "--clients",
            "3",
            "--tables",
            "6",
            "--seconds",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["clients"] == 3
    assert report["errors"] == 0, report["error_samples"]
    assert report["accepted"] > 0
    assert 0 < report["latency_p50_ms"] <= report["latency_p99_ms"]
