"""The one game protocol of Hanse (DESIGN.md, "The protocol").

Every game, bot, driver, server and environment talks to a game only through the functions of
:class:`Game`. Names follow OpenSpiel so that a researcher reads the code at once and an adapter is
thin. A :class:`Game` is immutable (rules, data and variant flags); all that changes lives in a
state object, and :meth:`Game.apply_action` is the only function that changes a state.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Protocol, TypeAlias, runtime_checkable

CHANCE = -1
"""`current_player` of a chance node: the driver samples one of `chance_outcomes`."""

TERMINAL = -4
"""`current_player` of a finished game."""

Action: TypeAlias = Hashable
"""An action: a small frozen dataclass of ints, one class per kind (DESIGN.md, "Actions")."""

View: TypeAlias = dict[str, Any]
"""A JSON-serialisable dict: what one seat (or a spectator, seat None) may know."""


class IllegalActionError(ValueError):
    """An illegal, malformed or out-of-turn action; raising it leaves the state unchanged."""


@runtime_checkable
class State(Protocol):
    """A game's mutable state. Only :meth:`Game.apply_action` mutates it."""

    def clone(self) -> State:
        """An independent copy, written by hand for speed (never deepcopy or pickle)."""
        ...


@dataclass(frozen=True)
class Flag:
    """Documentation of one variant flag, as `hanse games` and the lobby list it."""

    name: str
    default: Any
    help: str
    label: str = ""
    """A short name for players (the lobby's checkbox): what the flag switches on."""


class Game(Protocol):
    """Immutable rules and data of one game at one player count and one set of flags."""

    game_id: ClassVar[str]
    num_players: int

    @property
    def flags(self) -> Mapping[str, Any]:
        """The variant flags this game was made with (all of them, defaults included)."""
        ...

    def new_initial_state(self) -> State: ...

    def current_player(self, state: State) -> int:
        """Seat 0..n-1 that decides now, CHANCE or TERMINAL."""
        ...

    def legal_actions(self, state: State) -> list[Action]:
        """At a decision node: the legal actions, in a deterministic order, without duplicates."""
        ...

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """At a chance node: (action, probability) pairs; probabilities positive, summing to 1."""
        ...

    def apply_action(self, state: State, action: Action) -> None:
        """Apply a legal action (decision or chance) in place; IllegalActionError otherwise."""
        ...

    def apply_trusted(self, state: State, action: Action) -> None:
        """Apply an action just taken from ``legal_actions``/``chance_outcomes`` of this very
        state without checking it again (search, rollouts, benchmarks; never other input)."""
        ...

    def is_terminal(self, state: State) -> bool: ...

    def scores(self, state: State) -> list[int]:
        """Rulebook points per seat: current ones during play, final ones at the end."""
        ...

    def returns(self, state: State) -> list[float]:
        """Utility per seat in [-1, 1]; winners share (see :func:`hanse.core.game.win_returns`)."""
        ...

    def winners(self, state: State) -> list[int]:
        """Seats that won a finished game, after the rulebook's tie-breaks (a tie is shared)."""
        ...

    def view(self, state: State, seat: int | None) -> View:
        """What `seat` may know (None: a spectator), as a JSON-serialisable dict.

        Every view holds at least `seat`, `decider` (a seat, "chance" or None when finished) and
        `decision` (a short name of the pending decision).
        """
        ...

    def determinize(self, view: View, rng: Random) -> State:
        """A full state consistent with `view`, hidden information sampled with `rng`."""
        ...

    def resample_hidden(self, state: State, seat: int | None, rng: Random) -> State:
        """A copy of `state` with everything `seat` may not know re-dealt at random.

        The conformance suite checks that `view(state, seat)` does not change under it: that is
        how a view that leaks a secret is caught. A game without hidden information returns a clone.
        """
        ...

    def observe_action(self, state: State, actor: int, action: Action, viewer: int | None) -> str:
        """The action, taken by `actor` in `state` (before it is applied), as `viewer` may see it.

        Returns its text notation, or a redacted text where part of it is secret to the viewer.
        """
        ...

    def action_to_str(self, action: Action) -> str: ...

    def action_from_str(self, text: str) -> Action:
        """Parse the notation; IllegalActionError for malformed text (legality is not checked)."""
        ...

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """`{"kind": ..., **fields}`; round-trips through :meth:`action_from_json`."""
        ...

    def action_from_json(self, obj: Any) -> Action:
        """Parse the JSON form; IllegalActionError for a malformed object."""
        ...

    def inventory(self, state: State) -> dict[str, int]:
        """Total count of every kind of physical piece over all zones; constant through a game."""
        ...

    def render(self, view: View) -> str:
        """A readable text rendering of a view for the terminal (`hanse play`, `hanse replay`)."""
        ...


def seat_name(seat: int) -> str:
    """How logs and records name a player: seat number, or "chance"."""
    return "chance" if seat == CHANCE else str(seat)


def decider_json(player: int) -> int | str | None:
    """The `decider` entry of a view for a `current_player` value."""
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return None
    return player


def uniform(actions: Sequence[Action]) -> list[tuple[Action, float]]:
    """Equal chance for each outcome, e.g. a draw from distinct cards."""
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]
