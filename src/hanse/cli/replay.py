"""`hanse replay`: a saved game stepped through as a seat or as a spectator."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from hanse.cli.common import console, fail, seat_name
from hanse.core.match import replay
from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.core.record import MatchRecord
from hanse.core.upgrade import upgrade_record


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
    from rich.markup import escape

    from hanse.games import make

    try:
        stored = MatchRecord.load(file)
        # A record of an older notation is read in the current one (the file stays as it is).
        record = upgrade_record(stored)
        game = make(record.game_id, record.num_players, **record.flags)
        states = replay(record, game)
    except IllegalActionError as error:
        raise fail(str(error)) from None
    finished = game.is_terminal(states[-1])
    if record.scores is not None and (
        not finished or list(record.scores) != list(game.scores(states[-1]))
    ):
        raise fail(
            f"the record says the scores were {record.scores}, but its moves give "
            f"{game.scores(states[-1])}{'' if finished else ' in an unfinished game'}: "
            "the file was changed"
        )
    if record is not stored:
        console().print(
            f"the record is written in notation {stored.notation_version()} of "
            f"{record.game_id}: read in notation {record.notation_version()}, "
            f"{len(stored.actions)} stored actions as {len(record.actions)}",
            markup=False,
        )
    if not finished:
        console().print(f"unfinished game: {len(record.actions)} actions recorded", markup=False)
    if seat is not None and not 0 <= seat < game.num_players:
        raise fail(f"seats are 0 to {game.num_players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    console().print(f"{record.game_id}, {record.num_players} players, seed {record.seed}")
    console().print(game.render(game.view(states[0], seat)), markup=False)
    for number, (player, text) in enumerate(record.actions, start=1):
        before, after = states[number - 1], states[number]
        action = game.action_from_str(text)
        seen = game.observe_action(before, player, action, seat)
        who = "chance" if player == CHANCE else seat_name(player)
        console().print(f"[dim]{number:5d}[/dim] {who}: {escape(seen)}")
        if player == CHANCE:
            continue
        if boards or interactive:
            console().print(game.render(game.view(after, seat)), markup=False)
        if interactive:
            try:
                answer = console().input("[dim]Enter: next move, q: quit[/dim] ")
            except EOFError:
                break
            if answer.strip() == "q":
                break
    else:
        console().rule("end of the record")
        console().print(game.render(game.view(states[-1], seat)), markup=False)
        console().print(f"scores {game.scores(states[-1])}")
