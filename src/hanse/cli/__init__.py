"""The `hanse` command: list, play, replay, analyse, simulate and benchmark every registered
game, run tournaments, and serve the web tables.

Everything goes through the protocol and :class:`hanse.core.match.Match`, so a game added to
``hanse.games`` works here without touching this package. One module per concern; this one only
puts the commands together, in the order ``hanse --help`` lists them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hanse import __version__
from hanse.cli import analyse, arena, bench, play, replay, serve
from hanse.cli.common import console

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


def _version(value: bool) -> None:
    if value:
        console().print(f"hanse {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Hanse: Lübeck, Hansa Teutonica, Kogge and Die Speicherstadt."""


app.command("games")(play.games)
app.command("play")(play.play_command)
app.command("replay")(replay.replay_command)
app.command("analyse")(analyse.analyse_command)
app.command("simulate")(arena.simulate_command)
app.command("bench")(bench.bench_command)
app.command("arena")(arena.arena_command)
app.command("serve")(serve.serve_command)
app.command("backup")(serve.backup_command)


def main() -> None:
    app()
