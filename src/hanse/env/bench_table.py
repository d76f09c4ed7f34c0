"""The table ``hanse bench --env`` prints (:func:`hanse.bench.bench_env`'s figures)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from hanse.bench import EnvBenchResult
from hanse.env.bench_adapters import LOOP_NAMES, workers_label


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
        if r.adapter in LOOP_NAMES:  # iterations of a Python loop, not decisions
            table.add_row(
                r.game_id, str(r.num_players), r.adapter, f"{r.decisions_per_second:,.0f}"
            )
            continue
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
    scaling = two_worker_scaling(results)
    if scaling:
        table.caption = (table.caption or "") + "\n" + "; ".join(scaling)
    return table


def two_worker_scaling(results: Sequence[EnvBenchResult]) -> list[str]:
    """Per game, two workers' decisions per wall-clock second over one worker's, beside what
    the machine gave two processes of a Python loop over one in the same minutes."""
    rates: dict[tuple[str, int], dict[str, float]] = {}
    for r in results:
        kind = r.adapter.split(", ", 1)[-1] if r.adapter.startswith("make_vec") else r.adapter
        rates.setdefault((r.game_id, r.num_players), {})[kind] = r.decisions_per_second
    said = []
    wanted = (workers_label(1), workers_label(2), *LOOP_NAMES)
    for (game_id, players), rate in rates.items():
        if all(rate.get(kind) for kind in wanted):
            one, two, loop_one, loop_two = (rate[kind] for kind in wanted)
            said.append(
                f"{game_id} {players}p: 2 workers {two / one:.2f}x 1 worker "
                f"(the machine: {loop_two / loop_one:.2f}x)"
            )
    return said
