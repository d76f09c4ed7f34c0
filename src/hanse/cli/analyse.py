"""``hanse analyse RECORD``: each decision of a finished game against the ``hard`` bot's best, the
largest losses marked, and every seat's win chance through the game as a small text chart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hanse.cli.common import console, fail, progress_bar
from hanse.core.protocol import IllegalActionError
from hanse.core.record import MatchRecord
from hanse.core.upgrade import upgrade_record

if TYPE_CHECKING:
    from hanse.analysis import Analysis

LEVELS = "▁▂▃▄▅▆▇█"
CHART_WIDTH = 60


def parse_moves(text: str | None) -> range | None:
    """``A-B`` (both included), ``A-`` (to the end) or ``A``: steps of the record, 1 the first."""
    if text is None:
        return None
    first, dash, last = text.strip().partition("-")
    try:
        start = int(first)
        end = int(last) if last else (10**9 if dash else start)
    except ValueError:
        raise fail(f"--moves takes A-B, A- or A (steps of the record), not {text!r}") from None
    if start < 1 or end < start:
        raise fail(f"--moves {text!r}: steps count from 1, and A-B needs A <= B")
    return range(start, end + 1)


def analyse_command(
    record_file: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A record: saved by `hanse play`, by `hanse arena --out`, or a web table's "
            "(GET /api/tables/ID/record).",
        ),
    ],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="Judge this seat's decisions (repeatable) [default: all]."),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            help="Search iterations per decision [default: about a quarter second's worth: "
            "Lübeck 400, Die Speicherstadt 300, Kogge 40, Hansa 6].",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="The search's seed: the same seed, the same result.")
    ] = 0,
    moves: Annotated[
        str | None,
        typer.Option(help="Only the decisions among these steps: A-B, A- or A [default: all]."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Each decision of a saved game against the `hard` bot's best move, judged from the deciding
    seat's view only; the largest losses and every seat's win chance through the game."""
    from hanse.analysis import analyse
    from hanse.analysis.decisions import default_budget

    steps = parse_moves(moves)
    if budget is not None and budget < 1:
        raise fail("--budget is a number of search iterations, 1 or more")
    try:
        record = upgrade_record(MatchRecord.load(record_file))
        total_budget = default_budget(record.game_id) if budget is None else budget
        with progress_bar(as_json) as progress:
            task = progress.add_task("judging decisions", total=None)
            result = analyse(
                record,
                seats=seat,
                budget=total_budget,
                seed=seed,
                moves=steps,
                done=lambda _: progress.advance(task),
                started=lambda total: progress.update(task, total=total),
            )
    except IllegalActionError as error:
        raise fail(str(error)) from None
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    _print(result, record.players)


def _who(seat: int, players: list[str] | None) -> str:
    from hanse.games.svg_parts import SEAT_LETTERS

    name = players[seat] if players and seat < len(players) else ""
    return f"{SEAT_LETTERS[seat]} {name}".strip()


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _print(result: Analysis, players: list[str] | None) -> None:
    from rich.markup import escape
    from rich.table import Table

    console().print(
        f"{result.game_id}, {result.num_players} players: {len(result.decisions)} decisions "
        f"with a choice judged, {result.budget} search iterations each, seed {result.seed}"
    )
    marks = {d.step: rank for rank, d in enumerate(result.largest_losses(), start=1)}
    table = Table(title="Each decision against the hard bot's best (win chances)")
    for column, justify in (
        ("step", "right"),
        ("seat", "left"),
        ("move taken", "left"),
        ("value", "right"),
        ("best move", "left"),
        ("best", "right"),
        ("loss", "right"),
        ("", "left"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for d in result.decisions:
        same = d.move == d.best
        rank = marks.get(d.step)
        table.add_row(
            str(d.step),
            _who(d.seat, players),
            escape(d.move),
            _percent(d.value),
            "=" if same else escape(d.best),
            _percent(d.best_value),
            f"{100 * d.loss:.1f}" if d.loss else "",
            f"[red]◀ largest loss {rank}[/red]" if rank else "",
        )
    console().print(table)
    if marks:
        console().print("Largest losses (points of win chance):")
        for d in result.largest_losses():
            console().print(
                f"  step {d.step}, {_who(d.seat, players)}: {escape(d.move)} "
                f"({_percent(d.value)}) instead of {escape(d.best)} ({_percent(d.best_value)}), "
                f"-{100 * d.loss:.1f}"
            )
    console().print(chart(result, players))


def chart(result: Analysis, players: list[str] | None) -> str:
    """Every seat's win chance through the game, one line of bars per seat (each bar the mean
    of the decisions it covers, scaled from the lowest chance in the chart to the highest), its
    chance after the first and after the last decision judged."""
    if not result.decisions:
        return "No decision with a choice to judge."
    series = [d.chances for d in result.decisions]
    width = min(CHART_WIDTH, len(series))
    low = min(min(c) for c in series)
    high = max(max(c) for c in series)
    span = (high - low) or 1.0
    lines = [
        f"Win chances through the game (steps {result.decisions[0].step}-"
        f"{result.decisions[-1].step}; bars from {_percent(low)} to {_percent(high)}):"
    ]
    for seat in range(result.num_players):
        bars = []
        for column in range(width):
            part = series[column * len(series) // width : (column + 1) * len(series) // width]
            mean = sum(c[seat] for c in part) / len(part)
            level = int((mean - low) / span * len(LEVELS))
            bars.append(LEVELS[max(0, min(len(LEVELS) - 1, level))])
        lines.append(
            f"  {_who(seat, players):<16.16} {_percent(series[0][seat]):>4} {''.join(bars)} "
            f"{_percent(series[-1][seat]):>4}"
        )
    return "\n".join(lines)
