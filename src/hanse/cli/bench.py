"""`hanse bench`: how fast the games play (random playouts), the bots search, the research
environments step and a real server answers."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from hanse.cli.common import FlagOption, console, errors, known_game_class, make_game, print_table
from hanse.core.protocol import IllegalActionError


def bench_command(
    game_ids: Annotated[
        list[str] | None,
        typer.Argument(metavar="GAME", help="Game ids [default: every game]."),
    ] = None,
    players: Annotated[
        list[int] | None, typer.Option("--players", "-p", help="Player counts (default: all).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of playouts per measurement.")] = 2.0,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    flag: FlagOption = None,
    bots: Annotated[bool, typer.Option("--bots", help="Measure search speed instead.")] = False,
    server: Annotated[
        bool,
        typer.Option(
            "--server",
            help="Measure a real `hanse serve` under simulated players instead "
            "(accepted moves/s, latency until every seat has the move, errors).",
        ),
    ] = False,
    tables: Annotated[int, typer.Option(help="--server: tables played at once.")] = 200,
    rate: Annotated[
        float | None,
        typer.Option(help="--server: moves/s all tables offer together (default: at once)."),
    ] = None,
    clients: Annotated[
        int | None,
        typer.Option(
            help="--server: closed loop instead: N players each read a table as its decider "
            "and post a move, at once, table after table (submit latency) [default: off]."
        ),
    ] = None,
    standin: Annotated[
        bool,
        typer.Option(
            "--standin",
            help="--server --clients: then the same loop against a standard-library stand-in "
            "(one lock, a file fsynced per move), the yardstick of the server's speed.",
        ),
    ] = False,
    advance: Annotated[
        int,
        typer.Option(
            help="--server --clients: play each table about N moves before measuring (a "
            "three-player Lübeck game takes about 250) [default: 0, fresh tables].",
        ),
    ] = 0,
    workers: Annotated[int, typer.Option(help="--server: server processes.")] = 1,
    database_url: Annotated[
        str | None, typer.Option(help="--server: database (default: a fresh SQLite file).")
    ] = None,
    redis_url: Annotated[
        str | None, typer.Option(help="--server: Redis for workers [default: none].")
    ] = None,
    env: Annotated[
        bool, typer.Option("--env", help="Measure the research environments instead (rl extra).")
    ] = False,
    envs: Annotated[int, typer.Option(help="--env: games per batched env.")] = 16,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Random playouts per second, decisions per second, clone and legal_actions cost."""
    from rich.table import Table

    from hanse.bench import bench_game, policies_of
    from hanse.games import REGISTRY

    ids = game_ids or list(REGISTRY)
    if server:
        from hanse.server.loadtest import ServerLoad

        load = ServerLoad(
            tables, rate, clients, seconds, workers, database_url, redis_url, seed, standin, advance
        )
        _bench_server(load, as_json)
        return
    if bots:
        _bench_bots(ids, players, seconds, seed, as_json)
        return
    if env:
        _bench_env(ids, players, seconds, seed, flag, envs, as_json)
        return
    results = []
    for game_id in ids:
        cls = known_game_class(game_id)
        counts = players or list(range(cls.min_players, cls.max_players + 1))
        for n in counts:
            game = make_game(game_id, n, flag)
            for policy in policies_of(game):
                results.append(
                    bench_game(game_id, n, seconds, seed, policy, flags=dict(game.flags))
                )
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    table = Table(title=f"hanse bench ({seconds:g} s per row, one core)")
    for column in (
        "game",
        "players",
        "policy",
        "games/s",
        "decisions/s",
        "actions/s",
        "decisions/game",
        "clone µs",
        "legal_actions µs",
    ):
        table.add_column(column, justify="right")
    for r in results:
        table.add_row(
            r.game_id,
            str(r.num_players),
            r.policy,
            f"{r.games_per_second:.1f}",
            f"{r.decisions_per_second:,.0f}",
            f"{r.actions_per_second:,.0f}",
            f"{r.mean_decisions_per_game:.0f}",
            f"{r.clone_us:.1f}",
            f"{r.legal_actions_us:.1f}",
        )
    print_table(table)


def _bench_server(load: Any, as_json: bool) -> None:
    """`load`: a ``loadtest.ServerLoad``."""
    from hanse.server.loadtest import bench_server
    from hanse.server.loadtest_closed import bench_closed_loop, bench_standin

    where = {"database_url": load.database_url, "redis_url": load.redis_url}
    common = {"workers": load.workers, "tables": load.tables, "seconds": load.seconds}
    if load.clients:
        played = {"clients": load.clients, "seed": load.seed, "advance": load.advance}
        result = bench_closed_loop(**where, **common, **played)
        offered = f"closed loop of {load.clients} clients"
        latency = "submit"
    else:
        result = bench_server(**where, **common, seed=load.seed, rate=load.rate)
        offered = f"{load.rate:g} moves/s offered" if load.rate else "moves at once"
        latency = "latency until every seat has the move"
    results = [(result, f"{load.workers} worker(s), ")]
    if load.standin and load.clients:
        yardstick = bench_standin(
            load.clients, load.tables, load.seconds, seed=load.seed, advance=load.advance
        )
        results.append((yardstick, ""))
    if as_json:
        shown = [r.to_json() for r, _ in results]
        print(json.dumps(shown[0] if len(shown) == 1 else shown, indent=1))
        return
    for figures, workers in results:
        advanced = f" played {figures.advanced} moves in" if figures.advanced else ""
        console().print(
            f"{figures.database}, {workers}{load.tables} tables{advanced}, {offered}, "
            f"{load.seconds:g} s measured: {figures.moves_per_second:.0f} accepted moves/s, "
            f"{latency} p50 {figures.latency_p50_ms:.0f} ms, p99 {figures.latency_p99_ms:.0f} ms,"
            f" {figures.errors} errors{_cpu_said(figures)}",
            markup=False,
        )
        for sample in figures.error_samples:
            console().print(f"  {sample}", markup=False)


def _cpu_said(figures: Any) -> str:
    """The closed loop's CPU a move, where measured: the server's and the players'."""
    if figures.server_cpu_ms is None or figures.players_cpu_ms is None:
        return ""
    return (
        f"; CPU a move: {figures.server_cpu_ms:.2f} ms the server's, "
        f"{figures.players_cpu_ms:.2f} ms the players'"
    )


def _bench_bots(
    ids: list[str], players: list[int] | None, seconds: float, seed: int, as_json: bool
) -> None:
    from rich.table import Table

    from hanse.bench import bench_search

    results = []
    for game_id in ids:
        cls = known_game_class(game_id)
        for n in players or [cls.min_players, cls.max_players]:
            make_game(game_id, n, None)  # checks the player count
            results.extend(bench_search(game_id, n, seconds, seed))
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    table = Table(title=f"hanse bench --bots ({seconds:g} s of search per row, one core)")
    for column in ("game", "players", "bot", "positions", "iterations/s"):
        table.add_column(column, justify="right")
    for r in results:
        table.add_row(
            r.game_id,
            str(r.num_players),
            r.bot,
            str(r.positions),
            f"{r.iterations_per_second:,.0f}",
        )
    print_table(table)


def _bench_env(
    ids: list[str],
    players: list[int] | None,
    seconds: float,
    seed: int,
    flag: list[str] | None,
    envs: int,
    as_json: bool,
) -> None:
    from rich.markup import escape

    from hanse.bench import bench_env
    from hanse.env.bench_table import env_bench_table

    results = []
    for game_id in ids:
        cls = known_game_class(game_id)
        for n in players or [cls.min_players, cls.max_players]:
            game = make_game(game_id, n, flag)
            try:
                results.extend(bench_env(game_id, n, seconds, seed, dict(game.flags), envs))
            except IllegalActionError as error:  # a game without a research environment yet
                errors().print(f"{game_id}: {escape(str(error))}")
                break
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    print_table(env_bench_table(results, seconds))
