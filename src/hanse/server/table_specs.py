"""What the table service is asked and answers with: a new table's specification (checked as the
API documents it), a seat taken, a move stored, a bot's turn to think."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hanse.games import UnknownGameError, make
from hanse.server.clocks import BOT_LEVELS, TimeControl
from hanse.server.errors import unprocessable as invalid
from hanse.server.hearing import MoveNews

MODES = ("live", "async")
VISIBILITIES = ("public", "private")
STATUSES = ("waiting", "playing", "finished")


@dataclass(frozen=True)
class SeatSpec:
    kind: str
    level: str | None = None


@dataclass(frozen=True)
class TableSpec:
    game: str
    players: int
    flags: dict[str, Any]
    mode: str
    visibility: str
    seats: list[SeatSpec]
    clock: TimeControl | None = None  # checked by ``clocks.parse``

    def check(self) -> None:
        """Every field as the API documents it, or a 422 that says which is wrong."""
        try:
            make(self.game, self.players, **self.flags)
        except UnknownGameError as error:
            raise invalid(str(error)) from None
        if self.mode not in MODES:
            raise invalid(f"mode is one of {', '.join(MODES)}, not {self.mode!r}")
        if self.visibility not in VISIBILITIES:
            raise invalid(
                f"visibility is one of {', '.join(VISIBILITIES)}, not {self.visibility!r}"
            )
        if len(self.seats) != self.players:
            raise invalid(f"{len(self.seats)} seats given for {self.players} players")
        for number, seat in enumerate(self.seats):
            if seat.kind == "human":
                if seat.level is not None:
                    raise invalid(f"seat {number} is a human seat and takes no bot level")
            elif seat.kind == "bot":
                if seat.level not in BOT_LEVELS:
                    raise invalid(
                        f"seat {number}: a bot level is one of {', '.join(BOT_LEVELS)}, "
                        f"not {seat.level!r}"
                    )
            else:
                raise invalid(f"seat {number}: kind is 'human' or 'bot', not {seat.kind!r}")


@dataclass(frozen=True)
class SeatHolder:
    """Who a seat is given to when a table is made with every seat taken (a tournament's
    entrant): its account, the name at the table, and the bot token of a program."""

    account_id: int
    name: str
    bot_token: int | None = None


@dataclass(frozen=True)
class Joined:
    table_id: str
    seat: int
    token: str


@dataclass(frozen=True)
class Submitted:
    payload: dict[str, Any]
    bot_to_move: bool
    seq: int
    news: MoveNews | None = None
    """The moves stored, for the other workers (``hearing.py``); None for a change without
    moves (a take-back, a seat handed to a bot), which they read from the database."""


@dataclass(frozen=True)
class BotTurn:
    """What a bot seat needs to think: its view and legal actions, never the state."""

    table_id: str
    game: str
    players: int
    flags: dict[str, Any]
    level: str
    seat: int
    version: int
    view: dict[str, Any]
    legal: list[str]
