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
