"""``hanse bench --server`` runs a real server under simulated players and counts what happened
(a smoke test with a handful of tables: figures belong in the README, not in assertions)."""

from __future__ import annotations

import json
import os
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
    legal move; every move is accepted (the client always moves at the version it read). The
    tables are played in first (``--advance``): measured, they are under way."""
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
            "--advance",
            "4",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["clients"] == 3
    assert report["advanced"] >= 4
    assert report["errors"] == 0, report["error_samples"]
    assert report["accepted"] > 0
    assert 0 < report["latency_p50_ms"] <= report["latency_p99_ms"]
    # The CPU a move took, the server's processes' and the players' (read from /proc).
    assert report["server_cpu_ms"] > 0 and report["players_cpu_ms"] > 0


def test_the_cpu_of_a_process_tree_counts_its_children() -> None:
    """A parent idling while its child computes: the tree's CPU grows beyond the parent's own."""
    import time
    from pathlib import Path

    from hanse.server.loadtest import tree_cpu_seconds

    def own(pid: int) -> float:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    busy = "import time\nend = time.process_time() + 2.0\nwhile time.process_time() < end: pass"
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import subprocess, sys; subprocess.run([sys.executable, '-c', {busy!r}])",
        ]
    )
    try:
        deadline = time.monotonic() + 30
        while True:  # however loaded the machine, the child's seconds show in the tree's
            tree = tree_cpu_seconds(parent.pid)
            assert tree is not None
            if tree >= own(parent.pid) + 0.3:
                break
            assert time.monotonic() < deadline, "the child's CPU was not counted"
            time.sleep(0.05)
    finally:
        parent.wait(timeout=60)
    assert tree_cpu_seconds(parent.pid) is None  # gone
