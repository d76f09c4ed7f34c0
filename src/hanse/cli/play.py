"""`hanse games` and `hanse play`: the games there are, and a game in the terminal against bots."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from hanse.bots import BOT_LEVELS, make_bot
from hanse.cli.common import (
    FlagOption,
    check_bot_can_play,
    console,
    errors,
    fail,
    make_game,
    print_table,
    seat_name,
)
from hanse.core.match import Match
from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.core.record import MatchRecord
from hanse.menu import Menu, decision_help


def games() -> None:
    """List every game with its player counts and variant flags."""
    from rich.table import Table

    from hanse.games import REGISTRY

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
    print_table(table)


def _default_opponent(game: Any) -> str:
    """`easy`: a newcomer expects a real opponent, not random moves (`random` for a game that has
    no heuristics for it)."""
    return "easy" if game.heuristics_module() is not None else "random"


def _seat_bots(game: Any, humans: list[int], bots: list[str]) -> dict[int, Any]:
    others = [s for s in range(game.num_players) if s not in humans]
    if len(bots) > len(others):
        raise fail(
            f"{len(bots)} --bot options for {len(others)} seat(s) without a person "
            f"(seats {', '.join(map(str, others)) or 'none'})"
        )
    names = bots or [_default_opponent(game)]
    try:
        return {
            seat: check_bot_can_play(make_bot(names[min(i, len(names) - 1)]), game)
            for i, seat in enumerate(others)
        }
    except IllegalActionError as error:
        raise fail(str(error)) from None


def _show_log(match: Match, viewer: int | None, start: int) -> int:
    from rich.markup import escape

    log = match.log_in_words(viewer, seat_name)
    for actor, text, words in log[start:]:
        who = "chance" if actor == CHANCE else seat_name(actor)
        if words is not None and actor != CHANCE:  # said in words, with its player
            console().print(f"  {escape(words)}")
            continue
        console().print(f"  [dim]{who}:[/dim] {escape(text if words is None else words)}")
    return len(log)


def _ask(match: Match, seat: int) -> bool:
    """One human decision; False when the player quits. The board, then a short menu
    (``hanse.menu``: letters, long lists grouped by kind and paged); ``?`` explains."""
    from rich.markup import escape

    game: Any = match.game  # a GameBase: its words are not part of the protocol
    console().rule(f"{seat_name(seat)} to decide")
    view = match.view(seat)
    console().print(game.render(view), markup=False, soft_wrap=True)
    decision = game.decision_phrase(view).text()
    console().print(f"You decide: {decision}", markup=False, soft_wrap=True)
    notations, labels, kind_help = _menu_words(game, view, match.legal_actions())
    menu = Menu(notations, labels, kind_help)

    def show() -> None:
        for line in menu.lines():
            console().print(line, markup=False, highlight=False, soft_wrap=True)

    show()
    while True:
        try:
            text = console().input(
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
                console().print("Your last move is taken back.", markup=False)
                return True
            except IllegalActionError as error:
                errors().print(f"[red]not taken back:[/red] {escape(str(error))}")
                continue
        if text.lower() in ("?", "help"):
            for line in decision_help(game.game_id, decision, notations, kind_help):
                console().print(line, markup=False, highlight=False, soft_wrap=True)
            continue
        chosen, message = menu.read(text)
        if chosen is None:
            if message:
                errors().print(f"[red]{escape(message)}[/red]")
            else:
                show()
            continue
        try:
            match.submit(seat, chosen, match.version)
            return True
        except IllegalActionError as error:
            errors().print(f"[red]illegal:[/red] {escape(str(error))}")


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
    game = make_game(game_id, players, flag)
    humans = sorted(set(seat if seat else [0]))
    if any(not 0 <= s < game.num_players for s in humans):
        raise fail(f"seats are 0 to {game.num_players - 1}")
    bots = _seat_bots(game, humans, bot or [])
    if save is not None:
        _writable(save)
    names = ["human" if s in humans else bots[s].name for s in range(game.num_players)]
    console().print(
        ", ".join(
            f"{seat_name(s)}: {'you' if s in humans else 'bot ' + names[s]}"
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
        console().print("\ninterrupted")
    finally:
        record = match.finish()
        path = _save_somewhere(record, path)
    _show_log(match, viewer, shown)
    if match.is_over():
        console().rule("game over")
        console().print(game.render(match.view(viewer)), markup=False)
        console().print(f"scores {record.scores}; winners: seats {record.winners}")
    console().print(f"record saved to {path} (replay it with: hanse replay {path})")


def _writable(path: Path) -> Path:
    """Check before the game that its record can be written there (a game is never lost to a
    mistyped folder)."""
    if path.is_dir():
        raise fail(f"--save {path} is a folder; give a file name, e.g. {path / 'game.json'}")
    if not path.parent.is_dir():
        raise fail(f"--save {path}: the folder {path.parent} does not exist")
    return path


def _save_somewhere(record: MatchRecord, path: Path) -> Path:
    """Save the record; if that fails after all, to a file in the temporary folder instead."""
    from rich.markup import escape

    try:
        record.save(path)
        return path
    except OSError as error:
        fallback = Path(tempfile.gettempdir()) / f"hanse-{record.game_id}-{record.seed}.json"
        record.save(fallback)
        errors().print(
            f"could not write {escape(str(path))} ({error.strerror}); saved to {fallback}"
        )
        return fallback
