"""The table ``hanse bench --env`` prints (:func:`hanse.bench.bench_env`'s figures)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from hanse.bench import EnvBenchResult


def env_bench_table(results: Sequence[EnvBenchResult], seconds: float) -> Table:
    """One row per game, players and adapter: decisions per wall-clock second and per CPU
    second, each as a share of the engine's; and per CPU second against OpenSpiel's C++ chess
    stepped from Python (the yardstick, measured beside each game)."""
    table = Table(
        title=f"hanse bench --env ({seconds:g} s each, interleaved; decisions per second)",
        caption="cpu: per CPU second of this process and its workers; "
        "chess: OpenSpiel's C++ chess in the OpenSpiel loop, the yardstick",
    )
    columns = ("game", "players", "adapter", "wall", "share", "cpu", "share", "vs chess")
    for column in columns:
        table.add_column(column, justify="right")
    chess = {
        (r.game_id, r.num_players): r.decisions_per_cpu_second
        for r in results
        if r.adapter == "chess"
    }
    for r in results:
        yardstick = chess.get((r.game_id, r.num_players))
        table.add_row(
            r.game_id,
            str(r.num_players),
            r.adapter,
            f"{r.decisions_per_second:,.0f}",
            f"{r.share_of_engine:.0%}",
            f"{r.decisions_per_cpu_second:,.0f}",
            f"{r.cpu_share_of_engine:.0%}",
            f"{r.decisions_per_cpu_second / yardstick:.2f}x" if yardstick else "",
        )
    return table
