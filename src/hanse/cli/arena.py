"""`hanse simulate` and `hanse arena`: many bot games in parallel, summed up as wins, scores and
ratings."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer

from hanse.cli.common import (
    FlagOption,
    check_bots,
    console,
    errors,
    fail,
    make_game,
    print_table,
    progress_bar,
)


def simulate_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `hanse games`).")],
    games_count: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players [default: the game's fewest]."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", help="Bot per seat in order (one: all seats) [default: random]."),
    ] = None,
    jobs: Annotated[int, typer.Option(help="Parallel processes.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    flag: FlagOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many bot games in parallel and summarise wins, scores and lengths."""
    from rich.table import Table

    from hanse.arena.runner import run_tournament, specs_for
    from hanse.simulate import summarise

    game = make_game(game_id, players, flag)
    names = bot or ["random"]
    if len(names) == 1:
        names = names * game.num_players
    if len(names) != game.num_players:
        raise fail(f"give one bot or {game.num_players} bots, not {len(names)}")
    labels = check_bots(names, game)
    if games_count < 1 or jobs < 1:
        raise fail("--games and --jobs must be at least 1")
    with progress_bar(as_json) as progress:
        task = progress.add_task(f"{game_id} {game.num_players}p", total=games_count)
        specs = specs_for(
            game_id, game.num_players, dict(game.flags), [tuple(names)], games_count, seed
        )
        results = run_tournament(specs, jobs, on_done=lambda _: progress.advance(task))
    summary = summarise(game_id, game.num_players, dict(game.flags), names, results)
    if as_json:
        print(json.dumps(summary.to_json(), indent=1))
        return
    table = Table(title=f"{game_id}, {game.num_players} players, {summary.games} games")
    for column in ("seat", "bot", "wins", "win rate", "mean score", "sd"):
        table.add_column(column, justify="right")
    for s in range(game.num_players):
        table.add_row(
            str(s),
            labels[names[s]],
            f"{summary.wins_per_seat[s]:g}",
            f"{summary.wins_per_seat[s] / summary.games:.1%}",
            f"{summary.score_mean[s]:.1f}",
            f"{summary.score_stdev[s]:.1f}",
        )
    print_table(table)
    for name, wins in summary.wins_per_bot.items():
        console().print(f"bot {name}: {wins:g} wins")
    low, high = summary.first_seat_ci95
    console().print(
        f"game length {summary.length_mean:.0f} ± {summary.length_stdev:.0f} actions "
        f"({summary.decisions_mean:.0f} decisions); "
        f"first seat wins {summary.first_seat_win_rate:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}; fair share {summary.fair_share:.1%})"
    )


def arena_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `hanse games`).")],
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            help="An entrant (repeatable; at least one): a bot name as for `hanse play`, "
            "e.g. hard@400 for `hard` with a fixed search budget that repeats on any machine.",
        ),
    ],
    challenger: Annotated[
        str | None,
        typer.Option(
            help="Gauntlet: this bot against the --bot field [default: none, a round robin "
            "of the --bot entrants]."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players [default: the game's fewest]."),
    ] = None,
    games_per_lineup: Annotated[
        int, typer.Option("--games", "-n", help="Games per lineup and seat rotation.")
    ] = 10,
    jobs: Annotated[int, typer.Option(help="Parallel processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start a local Ray).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    flag: FlagOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Folder for every game's record, report.json and plots [default: none, "
            "nothing is written]."
        ),
    ] = None,
    plots: Annotated[bool, typer.Option(help="Write PNG plots into --out.")] = False,
    max_decisions: Annotated[
        int,
        typer.Option(help="Cut a game after this many decisions; cut games count as unfinished."),
    ] = 100_000,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """A tournament: seats rotated, games in parallel, win rates with 95% CIs and ratings."""
    from rich.table import Table

    from hanse.arena import gauntlet, report, round_robin
    from hanse.arena.plots import save_plots
    from hanse.arena.runner import TournamentInterrupted, run_tournament, specs_for

    game = make_game(game_id, players, flag)
    entrants = [challenger, *bot] if challenger else list(bot)
    labels = check_bots(entrants, game)
    try:
        lineups = (
            gauntlet(challenger, bot, game.num_players)
            if challenger
            else round_robin(bot, game.num_players)
        )
    except ValueError as error:
        raise fail(str(error)) from None
    if plots and out is None:
        raise fail("--plots needs --out")
    # Checked before the first game, not after the last (issue 19: nothing is lost to a missing
    # extra).
    if plots and not _is_importable("matplotlib"):
        raise fail("--plots needs matplotlib: pip install 'hanse[arena]'")
    if backend == "ray" and not _is_importable("ray"):
        raise fail("--backend ray needs Ray: pip install 'hanse[arena]'")
    if out is not None and out.exists() and not out.is_dir():
        raise fail(f"--out {out} is a file; give a folder for the records and the report")
    if games_per_lineup < 1 or jobs < 1 or max_decisions < 1:
        raise fail("--games, --jobs and --max-decisions must be at least 1")
    specs = specs_for(
        game_id,
        game.num_players,
        dict(game.flags),
        lineups,
        games_per_lineup,
        seed,
        max_decisions,
    )
    with progress_bar(as_json) as progress:
        task = progress.add_task(f"arena {game_id} {game.num_players}p", total=len(specs))
        interrupted = False
        try:
            outcomes = run_tournament(
                specs, jobs, backend, address, on_done=lambda o: progress.advance(task)
            )
        except (RuntimeError, ValueError) as error:
            raise fail(str(error)) from None
        except TournamentInterrupted as stop:
            # Ctrl-C: the workers are stopped; every finished game is kept and reported.
            outcomes, interrupted = sorted(stop.outcomes, key=lambda o: o.spec.index), True
    if interrupted:
        errors().print(
            f"interrupted: {len(outcomes)} of {len(specs)} games had finished; "
            "reporting and saving those"
        )
        if not outcomes:
            raise typer.Exit(130)
    try:
        result = report(outcomes, entrants)
    except ValueError as error:
        raise fail(str(error)) from None
    if out is not None:
        records = out / "records"
        records.mkdir(parents=True, exist_ok=True)
        for outcome in outcomes:
            path = records / f"game-{outcome.spec.index:05d}.json"
            path.write_text(json.dumps(outcome.record, ensure_ascii=False) + "\n")
        (out / "report.json").write_text(json.dumps(result.to_json(), indent=1) + "\n")
        if plots:
            save_plots(result, out)
    if as_json:
        print(json.dumps(result.to_json(), indent=1))
        return
    table = Table(title=f"arena: {game_id}, {game.num_players} players, {result.games} games")
    for column in (
        "bot",
        "seats",
        "wins",
        "win rate",
        "95% CI",
        "x fair share",
        "mean score",
        "mean margin",
        "rating",
    ):
        table.add_column(column, justify="right")
    for name, stats in result.bots.items():
        rating = result.ratings[name]
        data = stats.to_json(rating)
        low, high = stats.ci95
        table.add_row(
            labels.get(name, name),
            str(stats.seats_played),
            f"{stats.wins:g}",
            f"{stats.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{stats.share_ratio:.2f}",
            f"{data['mean_score']:.1f}",
            f"{data['mean_margin']:+.1f}",
            f"{rating.mu:.1f} ± {rating.sigma:.1f}",
        )
    print_table(table)
    seats = ", ".join(
        f"seat {s}: {r:.1%} ({lo:.1%}-{hi:.1%})"
        for s, (r, (lo, hi)) in enumerate(zip(result.seat_win_rates, result.seat_ci95, strict=True))
    )
    console().print(f"win rate by seat: {seats}")
    console().print(f"game length {result.length_mean:.0f} ± {result.length_stdev:.0f} actions")
    if result.unfinished:
        console().print(
            f"{result.unfinished} game(s) cut unfinished after {max_decisions:,} decisions "
            "and left out of the statistics"
        )
    if out is not None:
        console().print(f"records, report{' and plots' if plots else ''} in {out}")


def _is_importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True
