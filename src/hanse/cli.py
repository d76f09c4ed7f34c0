"""The `hanse` command: list, play, replay, simulate and benchmark every registered game.

Everything goes through the protocol and :class:`hanse.core.match.Match`, so a game added to
``hanse.games`` works here without touching this file.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from hanse import __version__
from hanse.analyse_cli import analyse_command
from hanse.arena import gauntlet, report, round_robin
from hanse.arena.plots import save_plots
from hanse.arena.runner import TournamentInterrupted, run_tournament, specs_for
from hanse.bench import bench_game, policies_of
from hanse.bots import BOT_LEVELS, make_bot
from hanse.core.match import Match, replay
from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.core.record import MatchRecord
from hanse.core.upgrade import upgrade_record
from hanse.games import REGISTRY, game_class, make, parse_flag
from hanse.games.svg_parts import SEAT_LETTERS
from hanse.menu import Menu, decision_help
from hanse.simulate import summarise

app = typer.Typer(
    help="Hanse: Lübeck, Hansa Teutonica, Kogge and Die Speicherstadt at web tables and in the "
    "terminal.",
    no_args_is_help=True,
    add_completion=False,
    # Plain help text: square brackets ("[default: easy]", "hanse[arena]") are shown, not read as
    # Rich markup (issue 19, item 1).
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
# soft_wrap: long lines are left to the terminal to wrap, and a pipe gets them whole.
console = Console(highlight=False, soft_wrap=True)
errors = Console(stderr=True, highlight=False, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        console.print(f"hanse {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Hanse: Lübeck, Hansa Teutonica, Kogge and Die Speicherstadt."""


FlagOption = Annotated[
    list[str] | None,
    typer.Option(
        "--flag",
        help="A variant flag as name=value (repeatable; see `hanse games`) [default: the "
        "game's defaults].",
    ),
]


def _fail(message: str) -> typer.Exit:
    errors.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(2)


def _progress(as_json: bool) -> Progress:
    """A progress bar with an ETA on stderr (hidden when JSON goes to a pipe)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        disable=as_json and not errors.is_terminal,
    )


def _game_class(game_id: str) -> Any:
    try:
        return game_class(game_id)
    except IllegalActionError as error:
        raise _fail(str(error)) from None


def _make(game_id: str, players: int | None, flag_texts: list[str] | None) -> Any:
    try:
        cls = game_class(game_id)
        flags = dict(parse_flag(cls, text) for text in flag_texts or [])
        return make(game_id, players if players is not None else cls.min_players, **flags)
    except IllegalActionError as error:
        raise _fail(str(error)) from None


@app.command()
def games() -> None:
    """List every game with its player counts and variant flags."""
    table = Table(title="Hanse games")
    table.add_column("id", style="bold")
    table.add_column("game")
    table.add_column("players")
    table.add_column("flags (default): meaning")
    for game_id, cls in REGISTRY.items():
        flags = (
            "\n".join(f"{f.name}={f.default} ({f.label}): {f.help}" for f in cls.flag_docs()) or "-"
        )
        table.add_row(game_id, cls.title, f"{cls.min_players}-{cls.max_players}", flags)
    _print_table(table)


def _check_bots(names: list[str], game: Any = None) -> dict[str, str]:
    """Fail at once on an unknown bot name, or one that cannot play `game`, before any game is
    played. Returns how to show each: its `name`, with the spec that loads it when that differs
    (a bot of one's own)."""
    labels = {}
    try:
        for spec in names:
            bot = make_bot(spec)
            _check_game(bot, game)
            name = str(getattr(bot, "name", spec))
            labels[spec] = spec if name == spec else f"{name} ({spec})"
    except IllegalActionError as error:
        raise _fail(str(error)) from None
    return labels


def _check_game(bot: Any, game: Any) -> Any:
    """A bot tied to one game (``learned:PATH``) says at once when it cannot play this one."""
    if game is not None and callable(getattr(bot, "check_game", None)):
        bot.check_game(game)
    return bot


def _print_table(table: Table) -> None:
    """A table at full width when the output is not a terminal (a pipe or a file is not cut to
    80 columns); in a terminal, fitted to it."""
    if console.is_terminal:
        console.print(table)
        return
    width = Measurement.get(console, console.options.update(width=10_000), table).maximum
    Console(file=console.file, width=max(width, console.width), highlight=False).print(table)


def _default_opponent(game: Any) -> str:
    """`easy`: a newcomer expects a real opponent, not random moves (`random` for a game that has
    no heuristics for it)."""
    return "easy" if game.heuristics_module() is not None else "random"


def _seat_bots(game: Any, humans: list[int], bots: list[str]) -> dict[int, Any]:
    others = [s for s in range(game.num_players) if s not in humans]
    if len(bots) > len(others):
        raise _fail(
            f"{len(bots)} --bot options for {len(others)} seat(s) without a person "
            f"(seats {', '.join(map(str, others)) or 'none'})"
        )
    names = bots or [_default_opponent(game)]
    try:
        return {
            seat: _check_game(make_bot(names[min(i, len(names) - 1)]), game)
            for i, seat in enumerate(others)
        }
    except IllegalActionError as error:
        raise _fail(str(error)) from None


def _seat(seat: int) -> str:
    """A seat as the terminal names it: its number (what --seat takes) and the letter the words,
    the notes and the web pages give it ("seat 1 (B)")."""
    return f"seat {seat} ({SEAT_LETTERS[seat]})"


def _show_log(match: Match, viewer: int | None, start: int) -> int:
    log = match.log_in_words(viewer, _seat)
    for actor, text, words in log[start:]:
        who = "chance" if actor == CHANCE else _seat(actor)
        if words is not None and actor != CHANCE:  # said in words, with its player
            console.print(f"  {escape(words)}")
            continue
        console.print(f"  [dim]{who}:[/dim] {escape(text if words is None else words)}")
    return len(log)


def _ask(match: Match, seat: int) -> bool:
    """One human decision; False when the player quits. The board, then a short menu
    (``hanse.menu``: letters, long lists grouped by kind and paged); ``?`` explains."""
    game: Any = match.game  # a GameBase: its words are not part of the protocol
    console.rule(f"{_seat(seat)} to decide")
    view = match.view(seat)
    console.print(game.render(view), markup=False, soft_wrap=True)
    decision = game.decision_phrase(view).text()
    console.print(f"You decide: {decision}", markup=False, soft_wrap=True)
    notations, labels, kind_help = _menu_words(game, view, match.legal_actions())
    menu = Menu(notations, labels, kind_help)

    def show() -> None:
        for line in menu.lines():
            console.print(line, markup=False, highlight=False, soft_wrap=True)

    show()
    while True:
        try:
            text = console.input(
                "[bold]your choice[/bold] (a letter or the move; u take back, ? help, q quit): "
            )
        except EOFError:
            return False
        text = text.strip()
        if not text:  # an empty Enter shows the choices again
            show()
            continue
        if text.lower() in ("q", "quit"):
            return False
        if text.lower() in ("u", "undo"):
            try:
                match.take_back(seat)
                console.print("Your last move is taken back.", markup=False)
                return True
            except IllegalActionError as error:
                errors.print(f"[red]not taken back:[/red] {escape(str(error))}")
                continue
        if text.lower() in ("?", "help"):
            for line in decision_help(game.game_id, decision, notations, kind_help):
                console.print(line, markup=False, highlight=False, soft_wrap=True)
            continue
        chosen, message = menu.read(text)
        if chosen is None:
            if message:
                errors.print(f"[red]{escape(message)}[/red]")
            else:
                show()
            continue
        try:
            match.submit(seat, chosen, match.version)
            return True
        except IllegalActionError as error:
            errors.print(f"[red]illegal:[/red] {escape(str(error))}")


def _menu_words(
    game: Any, view: Any, legal: list[Any]
) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """The moves' notations, each move in words, and each first word's kind in words."""
    notations: list[str] = []
    labels: dict[str, str] = {}
    kind_help: dict[str, str] = {}
    kinds = game.kind_words()
    for action in legal:
        notation = game.action_to_str(action)
        obj = game.action_to_json(action)
        notations.append(notation)
        labels[notation] = game.action_phrase(obj, view).text()
        if obj["kind"] in kinds:
            kind_help.setdefault(notation.split()[0], kinds[obj["kind"]].help)
    return notations, labels, kind_help


@app.command("play")
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `hanse games`).")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players [default: the game's fewest]."),
    ] = None,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="A seat you play (repeatable; default 0).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help=f"Bot for the other seats in order ({', '.join(BOT_LEVELS)}, a search level "
            "with a fixed number of iterations such as hard@400, learned:PATH for a trained "
            "network, or package.module:factory); "
            "the last one given fills the rest [default: easy].",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the chance events [default: a random one].")
    ] = None,
    flag: FlagOption = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where to save the record [default: hanse-GAME-SEED.json here]."),
    ] = None,
) -> None:
    """Play in the terminal against bots; the record is saved at the end or on quit."""
    game = _make(game_id, players, flag)
    humans = sorted(set(seat if seat else [0]))
    if any(not 0 <= s < game.num_players for s in humans):
        raise _fail(f"seats are 0 to {game.num_players - 1}")
    bots = _seat_bots(game, humans, bot or [])
    if save is not None:
        _writable(save)
    names = ["human" if s in humans else bots[s].name for s in range(game.num_players)]
    console.print(
        ", ".join(
            f"{_seat(s)}: {'you' if s in humans else 'bot ' + names[s]}"
            for s in range(game.num_players)
        ),
        markup=False,
    )
    match = Match(game, seed=seed, players=names, keep_log=True)
    rng = random.Random(match.seed + 1)
    path = save or Path(f"hanse-{game_id}-{match.seed}.json")
    viewer = humans[0]
    shown = 0
    try:
        while not match.is_over():
            decider = match.decider
            if decider in bots:
                legal = match.legal_actions()
                match.apply(decider, bots[decider].act(game, match.view(decider), legal, rng))
                continue
            viewer = decider
            shown = _show_log(match, viewer, shown)
            if not _ask(match, decider):
                break
    except KeyboardInterrupt:
        console.print("\ninterrupted")
    finally:
        record = match.finish()
        path = _save_somewhere(record, path)
    _show_log(match, viewer, shown)
    if match.is_over():
        console.rule("game over")
        console.print(game.render(match.view(viewer)), markup=False)
        console.print(f"scores {record.scores}; winners: seats {record.winners}")
    console.print(f"record saved to {path} (replay it with: hanse replay {path})")


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def _writable(path: Path) -> Path:
    """Check before the game that its record can be written there (a game is never lost to a
    mistyped folder)."""
    if path.is_dir():
        raise _fail(f"--save {path} is a folder; give a file name, e.g. {path / 'game.json'}")
    if not path.parent.is_dir():
        raise _fail(f"--save {path}: the folder {path.parent} does not exist")
    return path


def _save_somewhere(record: MatchRecord, path: Path) -> Path:
    """Save the record; if that fails after all, to a file in the temporary folder instead."""
    try:
        record.save(path)
        return path
    except OSError as error:
        fallback = Path(tempfile.gettempdir()) / f"hanse-{record.game_id}-{record.seed}.json"
        record.save(fallback)
        errors.print(f"could not write {escape(str(path))} ({error.strerror}); saved to {fallback}")
        return fallback


@app.command("replay")
def replay_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record: saved by `hanse play`, by `hanse arena --out`, or a web table's "
            "(GET /api/tables/ID/record)."
        ),
    ],
    seat: Annotated[
        int | None, typer.Option(help="Watch as this seat (default: spectator).")
    ] = None,
    step: Annotated[
        bool | None, typer.Option("--step/--no-step", help="Wait for Enter after each move.")
    ] = None,
    boards: Annotated[bool, typer.Option(help="Show the board after every player's move.")] = False,
) -> None:
    """Step through a saved game as a seat or as a spectator."""
    try:
        stored = MatchRecord.load(file)
        # A record of an older notation is read in the current one (the file stays as it is).
        record = upgrade_record(stored)
        game = make(record.game_id, record.num_players, **record.flags)
        states = replay(record, game)
    except IllegalActionError as error:
        raise _fail(str(error)) from None
    finished = game.is_terminal(states[-1])
    if record.scores is not None and (
        not finished or list(record.scores) != list(game.scores(states[-1]))
    ):
        raise _fail(
            f"the record says the scores were {record.scores}, but its moves give "
            f"{game.scores(states[-1])}{'' if finished else ' in an unfinished game'}: "
            "the file was changed"
        )
    if record is not stored:
        console.print(
            f"the record is written in notation {stored.notation_version()} of "
            f"{record.game_id}: read in notation {record.notation_version()}, "
            f"{len(stored.actions)} stored actions as {len(record.actions)}",
            markup=False,
        )
    if not finished:
        console.print(f"unfinished game: {len(record.actions)} actions recorded", markup=False)
    if seat is not None and not 0 <= seat < game.num_players:
        raise _fail(f"seats are 0 to {game.num_players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    console.print(f"{record.game_id}, {record.num_players} players, seed {record.seed}")
    console.print(game.render(game.view(states[0], seat)), markup=False)
    for number, (player, text) in enumerate(record.actions, start=1):
        before, after = states[number - 1], states[number]
        action = game.action_from_str(text)
        seen = game.observe_action(before, player, action, seat)
        who = "chance" if player == CHANCE else _seat(player)
        console.print(f"[dim]{number:5d}[/dim] {who}: {escape(seen)}")
        if player == CHANCE:
            continue
        if boards or interactive:
            console.print(game.render(game.view(after, seat)), markup=False)
        if interactive:
            try:
                answer = console.input("[dim]Enter: next move, q: quit[/dim] ")
            except EOFError:
                break
            if answer.strip() == "q":
                break
    else:
        console.rule("end of the record")
        console.print(game.render(game.view(states[-1], seat)), markup=False)
        console.print(f"scores {game.scores(states[-1])}")


app.command("analyse")(analyse_command)


@app.command("simulate")
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
    game = _make(game_id, players, flag)
    names = bot or ["random"]
    if len(names) == 1:
        names = names * game.num_players
    if len(names) != game.num_players:
        raise _fail(f"give one bot or {game.num_players} bots, not {len(names)}")
    labels = _check_bots(names, game)
    if games_count < 1 or jobs < 1:
        raise _fail("--games and --jobs must be at least 1")
    with _progress(as_json) as progress:
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
    _print_table(table)
    for name, wins in summary.wins_per_bot.items():
        console.print(f"bot {name}: {wins:g} wins")
    low, high = summary.first_seat_ci95
    console.print(
        f"game length {summary.length_mean:.0f} ± {summary.length_stdev:.0f} actions "
        f"({summary.decisions_mean:.0f} decisions); "
        f"first seat wins {summary.first_seat_win_rate:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}; fair share {summary.fair_share:.1%})"
    )


@app.command("bench")
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
    ids = game_ids or list(REGISTRY)
    if server:
        from hanse.server.loadtest import ServerLoad

        load = ServerLoad(tables, rate, clients, seconds, workers, database_url, redis_url, seed)
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
        cls = _game_class(game_id)
        counts = players or list(range(cls.min_players, cls.max_players + 1))
        for n in counts:
            game = _make(game_id, n, flag)
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
    _print_table(table)


def _bench_server(load: Any, as_json: bool) -> None:
    """`load`: a ``loadtest.ServerLoad``."""
    from hanse.server.loadtest import bench_server
    from hanse.server.loadtest_closed import bench_closed_loop

    where = {"database_url": load.database_url, "redis_url": load.redis_url}
    common = {"workers": load.workers, "tables": load.tables, "seconds": load.seconds}
    if load.clients:
        result = bench_closed_loop(**where, **common, clients=load.clients, seed=load.seed)
        offered = f"closed loop of {load.clients} clients"
        latency = "submit"
    else:
        result = bench_server(**where, **common, seed=load.seed, rate=load.rate)
        offered = f"{load.rate:g} moves/s offered" if load.rate else "moves at once"
        latency = "latency until every seat has the move"
    if as_json:
        print(json.dumps(result.to_json(), indent=1))
        return
    console.print(
        f"{result.database}, {load.workers} worker(s), {load.tables} tables, {offered}, "
        f"{load.seconds:g} s measured: {result.moves_per_second:.0f} accepted moves/s, "
        f"{latency} p50 {result.latency_p50_ms:.0f} ms, p99 {result.latency_p99_ms:.0f} ms, "
        f"{result.errors} errors",
        markup=False,
    )
    for sample in result.error_samples:
        console.print(f"  {sample}", markup=False)


def _bench_bots(
    ids: list[str], players: list[int] | None, seconds: float, seed: int, as_json: bool
) -> None:
    from hanse.bench import bench_search

    results = []
    for game_id in ids:
        cls = _game_class(game_id)
        for n in players or [cls.min_players, cls.max_players]:
            _make(game_id, n, None)  # checks the player count
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
    _print_table(table)


def _bench_env(
    ids: list[str],
    players: list[int] | None,
    seconds: float,
    seed: int,
    flag: list[str] | None,
    envs: int,
    as_json: bool,
) -> None:
    from hanse.bench import bench_env
    from hanse.env.bench_table import env_bench_table

    results = []
    for game_id in ids:
        cls = _game_class(game_id)
        for n in players or [cls.min_players, cls.max_players]:
            game = _make(game_id, n, flag)
            try:
                results.extend(bench_env(game_id, n, seconds, seed, dict(game.flags), envs))
            except IllegalActionError as error:  # a game without a research environment yet
                errors.print(f"{game_id}: {escape(str(error))}")
                break
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    _print_table(env_bench_table(results, seconds))


@app.command("arena")
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
    game = _make(game_id, players, flag)
    entrants = [challenger, *bot] if challenger else list(bot)
    labels = _check_bots(entrants, game)
    try:
        lineups = (
            gauntlet(challenger, bot, game.num_players)
            if challenger
            else round_robin(bot, game.num_players)
        )
    except ValueError as error:
        raise _fail(str(error)) from None
    if plots and out is None:
        raise _fail("--plots needs --out")
    # Checked before the first game, not after the last (issue 19: nothing is lost to a missing
    # extra).
    if plots and not _importable("matplotlib"):
        raise _fail("--plots needs matplotlib: pip install 'hanse[arena]'")
    if backend == "ray" and not _importable("ray"):
        raise _fail("--backend ray needs Ray: pip install 'hanse[arena]'")
    if out is not None and out.exists() and not out.is_dir():
        raise _fail(f"--out {out} is a file; give a folder for the records and the report")
    if games_per_lineup < 1 or jobs < 1 or max_decisions < 1:
        raise _fail("--games, --jobs and --max-decisions must be at least 1")
    specs = specs_for(
        game_id,
        game.num_players,
        dict(game.flags),
        lineups,
        games_per_lineup,
        seed,
        max_decisions,
    )
    with _progress(as_json) as progress:
        task = progress.add_task(f"arena {game_id} {game.num_players}p", total=len(specs))
        interrupted = False
        try:
            outcomes = run_tournament(
                specs, jobs, backend, address, on_done=lambda o: progress.advance(task)
            )
        except (RuntimeError, ValueError) as error:
            raise _fail(str(error)) from None
        except TournamentInterrupted as stop:
            # Ctrl-C: the workers are stopped; every finished game is kept and reported.
            outcomes, interrupted = sorted(stop.outcomes, key=lambda o: o.spec.index), True
    if interrupted:
        errors.print(
            f"interrupted: {len(outcomes)} of {len(specs)} games had finished; "
            "reporting and saving those"
        )
        if not outcomes:
            raise typer.Exit(130)
    try:
        result = report(outcomes, entrants)
    except ValueError as error:
        raise _fail(str(error)) from None
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
    _print_table(table)
    seats = ", ".join(
        f"seat {s}: {r:.1%} ({lo:.1%}-{hi:.1%})"
        for s, (r, (lo, hi)) in enumerate(zip(result.seat_win_rates, result.seat_ci95, strict=True))
    )
    console.print(f"win rate by seat: {seats}")
    console.print(f"game length {result.length_mean:.0f} ± {result.length_stdev:.0f} actions")
    if result.unfinished:
        console.print(
            f"{result.unfinished} game(s) cut unfinished after {max_decisions:,} decisions "
            "and left out of the statistics"
        )
    if out is not None:
        console.print(f"records, report{' and plots' if plots else ''} in {out}")


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database (default: SQLite in the user's data folder); "
            "postgresql+psycopg://... for PostgreSQL."
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            help="Redis URL for live updates across workers, e.g. redis://127.0.0.1:6379 "
            "[default: none, one worker]."
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Server processes (more than one needs PostgreSQL and Redis).")
    ] = 1,
    bot_processes: Annotated[
        int | None,
        typer.Option(help="Processes in which bot seats think, per worker [default: 1]."),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address invite links point to (default: the request's); https makes "
            "cookies Secure."
        ),
    ] = None,
    proxy_headers: Annotated[
        bool | None,
        typer.Option(
            "--proxy-headers",
            help="Behind a reverse proxy (docs/deploy.md): take the client's address and the "
            "scheme from X-Forwarded-For and X-Forwarded-Proto.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="With --proxy-headers: the proxies believed (addresses or networks, commas) "
            "[default: 127.0.0.1]."
        ),
    ] = None,
) -> None:
    """Serve the web tables: play in the browser, with friends and against bots.

    Settings by environment variable (HANSE_<NAME>, see README "Web tables"): HANSE_SUBMIT_RATE,
    HANSE_LOGIN_RATE, HANSE_SIGNUP_RATE, HANSE_CREATE_RATE, HANSE_CHAT_RATE (limits; wrong
    passwords earn growing delays per name and address, never a locked name); HANSE_METRICS=1
    serves Prometheus metrics at /metrics to loopback and to HANSE_METRICS_FROM (addresses or
    networks, commas). /healthz and /readyz tell a load balancer whether a worker lives and can
    serve. Without Redis (or while it is away) each worker counts limits alone and feeds its
    live clients from the database. Clocks: HANSE_VACATION_DAYS (days a year an account may be
    away; its one-move-a-day clocks stop meanwhile, 21); HANSE_SWEEP_SECONDS (how often clocks
    run out and bot seats are checked); HANSE_LIVE_TURN_LIMIT, HANSE_ASYNC_TURN_LIMIT (seconds
    a decision may take before the others may let a bot play the seat).
    Turn notices: HANSE_SMTP_URL (smtp://user:password@host:587?starttls=1 or smtps://...;
    none: e-mail is off), HANSE_MAIL_FROM, HANSE_REMIND_HOURS (24), HANSE_NOTICE_POLL_SECONDS,
    HANSE_NOTICE_RETRY_SECONDS, HANSE_NOTICE_TRIES, HANSE_NOTICE_LEASE_SECONDS.
    What one client can pile up: HANSE_WAITING_DAYS (a table not started by then expires, 7),
    HANSE_MAX_WAITING (waiting tables per account, per address for guests, 5),
    HANSE_UNDO_PER_DECISION (take-backs a turn, 3), HANSE_UNDO_RATE (take-backs a minute, 6),
    HANSE_CHAT_DAYS (a table's chat kept after it ended, 90), HANSE_UPKEEP_SECONDS (how often
    the sweep that expires and deletes runs, 600).
    """
    from dataclasses import replace

    from hanse.server.serve import ServeError, serve
    from hanse.server.settings import Settings

    settings = Settings.from_environ()
    given: dict[str, Any] = {
        "database_url": database_url,
        "redis_url": redis_url,
        "bot_processes": bot_processes,
        "public_url": public_url,
        "proxy_headers": proxy_headers,
        "forwarded_allow_ips": forwarded_allow_ips,
    }
    settings = replace(settings, **{k: v for k, v in given.items() if v is not None})
    try:
        serve(settings, host, port, workers)
    except ServeError as error:
        raise _fail(str(error)) from None


@app.command("backup")
def backup_command(
    file: Annotated[Path, typer.Argument(help="Where the copy goes (must not exist yet).")],
    database_url: Annotated[
        str | None,
        typer.Option(
            help="The server's database [default: HANSE_DATABASE_URL, else the SQLite file in "
            "the user's data folder]."
        ),
    ] = None,
) -> None:
    """Copy the tables' SQLite database to FILE while the server serves: a consistent snapshot
    (SQLite's online backup), checked before it is kept. For PostgreSQL it names the pg_dump
    command to use instead."""
    from hanse.server.backup import BackupError, backup
    from hanse.server.settings import Settings

    url = database_url or Settings.from_environ().database_url
    try:
        copied = backup(url, file)
    except BackupError as error:
        raise _fail(str(error)) from None
    console.print(
        f"{copied.tables} tables and {copied.moves} moves copied to {copied.path} "
        f"({copied.size:,} bytes)"
    )


def main() -> None:
    app()
