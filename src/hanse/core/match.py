"""Match: the one driver of a game (DESIGN.md, "Drivers on the protocol").

A :class:`Match` holds the game, the state, the injected random generator for chance, the record and
a ``version`` that counts applied decisions. :meth:`Match.submit` is what the CLI, the server, bots
and environments call: it checks seat and version, parses, checks legality, applies, resolves chance
and bumps the version. It does no I/O. :func:`replay` rebuilds every state of a record without any
random generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from hanse.core import takeback
from hanse.core.protocol import CHANCE, TERMINAL, Action, Game, IllegalActionError, State, View
from hanse.core.record import MatchRecord, RecordError
from hanse.core.words import log_line

GameFactory = Callable[[MatchRecord], Game]


class Bot(Protocol):
    """A computer player: sees a view and the legal actions, never a state."""

    name: str

    def act(
        self, game: Game, view: View, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


def child(game: Game, state: State, action: Action) -> State:
    """The state after `action`, leaving `state` untouched."""
    new = state.clone()
    game.apply_action(new, action)
    return new


def trusted_child(game: Game, state: State, action: Action) -> State:
    """As :func:`child`, for an action just taken from ``legal_actions(state)``."""
    new = state.clone()
    game.apply_trusted(new, action)
    return new


def sample_chance(game: Game, state: State, rng: random.Random) -> Action:
    """One outcome of the chance node, drawn with its probability."""
    outcomes = game.chance_outcomes(state)
    if len(outcomes) == 1:
        return outcomes[0][0]
    point = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]  # rounding: the sum may fall a hair short of 1


def _game_for(record: MatchRecord) -> Game:
    from hanse.games import make  # the registry lives above the core; imported on use

    return make(record.game_id, record.num_players, **record.flags)


class Match:
    """A game in progress; see the module docstring."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        players: list[str] | None = None,
        keep_log: bool = False,
    ) -> None:
        self.game = game
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        self.state = game.new_initial_state()
        self.version = 0
        self.record = MatchRecord(
            game_id=type(game).game_id,
            num_players=game.num_players,
            flags=dict(game.flags),
            seed=self.seed,
            players=players,
        )
        # (actor, what each viewer saw, the move in words for each viewer who saw it whole)
        self._log: list[tuple[int, list[str], list[dict[str, object] | None]]] | None = (
            [] if keep_log else None
        )
        # With a log (interactive play): the states before the decisions the seat deciding now
        # made since the last move of another player or of chance, which it may take back.
        self._taken_back_to: list[State] = []
        self._resolve_chance()

    # -- what drivers ask ----------------------------------------------------------------------
    @property
    def decider(self) -> int:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def legal_actions(self) -> list[Action]:
        return list(self.game.legal_actions(self.state))

    def log(self, viewer: int | None) -> list[tuple[int, str]]:
        """The actions so far as `viewer` may see them (needs keep_log=True)."""
        if self._log is None:
            raise ValueError("this match keeps no log; create it with keep_log=True")
        index = self.game.num_players if viewer is None else viewer
        return [(actor, seen[index]) for actor, seen, _ in self._log]

    def log_in_words(
        self, viewer: int | None, name: Callable[[int], str] = lambda seat: f"seat {seat}"
    ) -> list[tuple[int, str, str | None]]:
        """:meth:`log` as (actor, text, words): `words` is the move said in words where the viewer
        saw it whole and the game can ("seat 1 places a trader on Hamburg–Lübeck", the player
        named by `name`; chance without a player: "Stettin 3 is drawn", or what the viewer saw of
        it: "A card is dealt face down to player B"), else None."""
        if self._log is None:
            raise ValueError("this match keeps no log; create it with keep_log=True")
        index = self.game.num_players if viewer is None else viewer
        out: list[tuple[int, str, str | None]] = []
        for actor, seen, words in self._log:
            line = words[index]
            out.append(
                (actor, seen[index], None if line is None else log_line(line, str, name(actor)))
            )
        return out

    # -- what drivers do -----------------------------------------------------------------------
    def submit(self, seat: int, text: str, version: int | None = None) -> Action:
        """Apply the action written as `text` for `seat`; IllegalActionError changes nothing."""
        if version is not None and version != self.version:
            raise IllegalActionError(
                f"stale move: it was made at version {version}, the game is at {self.version}"
            )
        self._check_seat(seat)
        action = self.game.action_from_str(text)
        self._apply(seat, action)
        return action

    def apply(self, seat: int, action: Action) -> None:
        """Apply an action object (bots) with the same checks as :meth:`submit`."""
        self._check_seat(seat)
        self._apply(seat, action)

    def take_back(self, seat: int) -> None:
        """Take back `seat`'s last move, as the web tables allow (:mod:`hanse.core.takeback`):
        while the seat still decides, its own decisions since the last move of another player or
        of chance, one per call, unless the move showed it something hidden. Needs
        keep_log=True; IllegalActionError says why not and changes nothing."""
        if self._log is None:
            raise ValueError("this match keeps no log; create it with keep_log=True")
        if self.is_over() or self.decider != seat:
            raise IllegalActionError(takeback.NOT_DECIDING)
        if not self._taken_back_to or self.record.actions[-1][0] != seat:
            raise IllegalActionError(takeback.NOTHING_OF_YOURS)
        before = self._taken_back_to[-1]
        action = self.game.action_from_str(self.record.actions[-1][1])
        if not takeback.showed_nothing(self.game, before, self.state, action, seat):
            raise IllegalActionError(takeback.SHOWED_SOMETHING)
        self._taken_back_to.pop()
        self.state = before
        self.record.actions.pop()
        self._log.pop()
        self.version += 1  # a move chosen before the take-back is stale

    def finish(self) -> MatchRecord:
        """The record, with final scores once the game is over."""
        if self.is_over():
            self.record.scores = list(self.game.scores(self.state))
            self.record.winners = list(self.game.winners(self.state))
        return self.record

    # -- inside ----------------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        decider = self.decider
        if decider == TERMINAL:
            raise IllegalActionError("the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat != decider:
            raise IllegalActionError(f"it is seat {decider}'s decision, not seat {seat!r}'s")

    def _apply(self, player: int, action: Action) -> None:
        before = self.state.clone() if self._log is not None else None
        self.game.apply_action(self.state, action)  # refuses before anything else happens
        if player == CHANCE or (self.record.actions and self.record.actions[-1][0] != player):
            self._taken_back_to.clear()  # what came after another's move stands
        if player != CHANCE and before is not None:
            self._taken_back_to.append(before)
        self.record.actions.append((player, self.game.action_to_str(action)))
        if self._log is not None and before is not None:
            viewers = [*range(self.game.num_players), None]
            seen = [self.game.observe_action(before, player, action, v) for v in viewers]
            said = getattr(self.game, "log_said", None)  # GameBase's; not in the protocol
            words = said(before, player, action, seen, viewers) if said else [None] * len(seen)
            self._log.append((player, seen, words))
        if player != CHANCE:
            self.version += 1
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        while self.game.current_player(self.state) == CHANCE:
            self._apply(CHANCE, sample_chance(self.game, self.state, self.rng))


def play(
    game: Game,
    bots: Sequence[Bot],
    rng: random.Random,
    max_actions: int | None = None,
) -> MatchRecord:
    """Play a whole game between bots; chance is seeded from `rng`, so `rng` fixes everything."""
    if len(bots) != game.num_players:
        raise ValueError(f"{len(bots)} bots for {game.num_players} seats")
    match = Match(game, seed=rng.randrange(2**63), players=[bot.name for bot in bots])
    steps = 0
    while not match.is_over():
        seat = match.decider
        legal = game.legal_actions(match.state)
        action = bots[seat].act(game, game.view(match.state, seat), legal, rng)
        match.apply(seat, action)
        steps += 1
        if max_actions is not None and steps >= max_actions:
            break
    return match.finish()


def iter_replay(
    record: MatchRecord, game: Game | None = None
) -> Iterator[tuple[int, Action, State]]:
    """Each (player, action, state after it) of a record, replayed without a random generator.

    The state is live: it changes with the next step, so clone it to keep it. Raises RecordError
    when an action is malformed, illegal or recorded for the wrong player.
    """
    game = game or _game_for(record)
    state = game.new_initial_state()
    for number, (player, text) in enumerate(record.actions, start=1):
        expected = game.current_player(state)
        if player != expected:
            raise RecordError(
                f"action {number} ({text!r}) is recorded for player {player}, "
                f"but player {expected} decides there"
            )
        try:
            action = game.action_from_str(text)
            game.apply_action(state, action)
        except IllegalActionError as error:
            raise RecordError(f"action {number} ({text!r}) does not replay: {error}") from None
        yield player, action, state


def replay(record: MatchRecord, game: Game | None = None) -> list[State]:
    """Every state of a record: the initial one, then one after each action."""
    game = game or _game_for(record)
    states: list[State] = [game.new_initial_state()]
    states.extend(state.clone() for _, _, state in iter_replay(record, game))
    return states


def replay_final(record: MatchRecord, game: Game | None = None) -> State:
    """The last state of a record (cheaper than :func:`replay` for long games)."""
    game = game or _game_for(record)
    final: State = game.new_initial_state()
    for _, _, state in iter_replay(record, game):
        final = state
    return final
