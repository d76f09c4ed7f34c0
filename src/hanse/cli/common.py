"""What every `hanse` command shares: the two consoles, failing with a message, progress bars
and tables, and checking a game and its bots before anything is played.

The commands import what they need inside themselves, so that ``hanse --help`` and a starting
``hanse serve`` (the tests start it dozens of times) pay for neither the games nor Rich.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hanse.core.protocol import IllegalActionError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table


@cache
def console() -> Console:
    """Standard output, made on first use (see the module docstring)."""
    from rich.console import Console

    # soft_wrap: long lines are left to the terminal to wrap, and a pipe gets them whole.
    return Console(highlight=False, soft_wrap=True)


@cache
def errors() -> Console:
    """Standard error, made on first use."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


FlagOption = Annotated[
    list[str] | None,
    typer.Option(
        "--flag",
        help="A variant flag as name=value (repeatable; see `hanse games`) [default: the "
        "game's defaults].",
    ),
]


def fail(message: str) -> typer.Exit:
    from rich.markup import escape

    errors().print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(2)


def progress_bar(as_json: bool) -> Progress:
    """A progress bar with an ETA on stderr (hidden when JSON goes to a pipe)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors(),
        disable=as_json and not errors().is_terminal,
    )


def known_game_class(game_id: str) -> Any:
    from hanse.games import game_class

    try:
        return game_class(game_id)
    except IllegalActionError as error:
        raise fail(str(error)) from None


def make_game(game_id: str, players: int | None, flag_texts: list[str] | None) -> Any:
    from hanse.games import game_class, make, parse_flag

    try:
        cls = game_class(game_id)
        flags = dict(parse_flag(cls, text) for text in flag_texts or [])
        return make(game_id, players if players is not None else cls.min_players, **flags)
    except IllegalActionError as error:
        raise fail(str(error)) from None


def check_bots(names: list[str], game: Any = None) -> dict[str, str]:
    """Fail at once on an unknown bot name, or one that cannot play `game`, before any game is
    played. Returns how to show each: its `name`, with the spec that loads it when that differs
    (a bot of one's own)."""
    from hanse.bots import make_bot

    labels = {}
    try:
        for spec in names:
            bot = make_bot(spec)
            check_bot_can_play(bot, game)
            name = str(getattr(bot, "name", spec))
            labels[spec] = spec if name == spec else f"{name} ({spec})"
    except IllegalActionError as error:
        raise fail(str(error)) from None
    return labels


def check_bot_can_play(bot: Any, game: Any) -> Any:
    """A bot tied to one game (``learned:PATH``) says at once when it cannot play this one."""
    if game is not None and callable(getattr(bot, "check_game", None)):
        bot.check_game(game)
    return bot


def print_table(table: Table) -> None:
    """A table at full width when the output is not a terminal (a pipe or a file is not cut to
    80 columns); in a terminal, fitted to it."""
    from rich.console import Console
    from rich.measure import Measurement

    out = console()
    if out.is_terminal:
        out.print(table)
        return
    width = Measurement.get(out, out.options.update(width=10_000), table).maximum
    Console(file=out.file, width=max(width, out.width), highlight=False).print(table)


def seat_name(seat: int) -> str:
    """A seat as the terminal names it: its number (what --seat takes) and the letter the words,
    the notes and the web pages give it ("seat 1 (B)")."""
    from hanse.games.svg_parts import SEAT_LETTERS

    return f"seat {seat} ({SEAT_LETTERS[seat]})"
