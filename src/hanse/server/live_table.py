"""One table's game, replayed from its move log, with every viewer's log and payload.

A :class:`LiveTable` is a worker's cache of a table: the state after the last stored move, the
number of stored moves (``seq``) and decisions (``version``), and for every move the text each seat
and a spectator may see (``observe_action``), computed once when the move is replayed. The
payload a client receives is built from it and nothing else: the seat's view, the legal actions
when the seat decides, and its own log (DESIGN.md, "Each client gets only its view"), in which
the table's events (a move taken back, a seat handed to a bot: ``table_events``) stand among the
moves.
"""

from __future__ import annotations

import copy
import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import orjson

from hanse.core import takeback
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, IllegalActionError
from hanse.games import make
from hanse.server.clocks import ABANDONED, TableClock, no_clock
from hanse.server.table_events import AGREE, END, UNDO, TableEvent
from hanse.server.undo_limits import UndoLimits

_system_random = random.SystemRandom()


@lru_cache(maxsize=256)
def _game(game_id: str, players: int, flags: tuple[tuple[str, Any], ...]) -> Any:
    return make(game_id, players, **dict(flags))


def game_for(game_id: str, players: int, flags: dict[str, Any]) -> Any:
    """Games are immutable, and building one (its tables) costs: one per configuration."""
    return _game(game_id, players, tuple(sorted(flags.items())))


@dataclass
class Seat:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    taken: bool
    account_id: int | None = None
    timed_out: bool = False  # a bot took it when its person's time ran out; they may take it back
    program: bool = False  # taken by a program with its account's bot token (bot_tokens.py)
    rating: int | None = None  # its rating in this game and player count (ratings.py)
    rating_change: int | None = None  # what the game, ended and rated, changed of it

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "taken": self.taken,
            "timed_out": self.timed_out,
            "program": self.program,
            "rating": self.rating,
            "rating_change": self.rating_change,
        }


@dataclass
class Move:
    """A move to store: who made it and its notation, with what each viewer sees of it."""

    player: int
    text: str
    seen: list[str]
    said: list[dict[str, Any] | None]  # per viewer: the move in words (a Phrase), where shown


@dataclass
class LiveTable:
    id: str
    game_id: str
    players: int
    flags: dict[str, Any]
    mode: str
    visibility: str
    status: str
    seats: list[Seat]
    rematch: str | None = None
    """The table the same players play next, once one of them asked for it at the end."""
    notice: str | None = None
    """Why a table stored by an older Hanse was finished on upgrading (``stored_upgrade.py``)."""
    game: Any = field(init=False)
    state: Any = field(init=False)
    seq: int = 0
    version: int = 0
    # (seq, player, seen, said): what each viewer saw of a move, and the move in words
    log: list[tuple[int, int, list[str], list[dict[str, Any] | None]]] = field(default_factory=list)
    events: list[TableEvent] = field(default_factory=list)
    # The log as clients read it, by seq: every entry of `log` and every event, in their order.
    entries: list[Any] = field(default_factory=list)
    # What every viewer of the current state is sent (its view, the legal actions), computed once
    # per state: the mover is sent the same view in the answer to its move and on its socket.
    _shown: dict[Any, Any] = field(default_factory=dict)
    # The log as each viewer (a seat, or the number of seats for a spectator) is sent it, made
    # once per entry: a client reading the table is sent its whole log again. The entries are
    # shared by every payload and never changed (the log only grows; a take-back is a new entry
    # and replays the table afresh).
    _rendered: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    # The same entries as JSON, for the API's answers: the log is most of a payload's bytes, and
    # serialising it again at every read was a tenth of the server's time per move (issue 32).
    _rendered_json: dict[int, list[bytes]] = field(default_factory=dict)
    _flags: dict[str, Any] = field(default_factory=dict)
    # The state before the last stored move, and that move, when it was one decision with no
    # chance after it: what taking the move back returns to (None otherwise).
    _before_last: Any = None
    _last_text: str = ""
    changed_at: float = field(default_factory=time.time)
    """When the table last changed (a move, a take-back, a seat handed to a bot): since then the
    seat deciding now has had its decision."""
    turn_limit: float = 300.0
    """Seconds a person may take over a decision before the others may let a bot play the seat."""
    clock: TableClock | None = None
    """The table's clocks (``clocks.py``; None: no time control), kept by the table service."""
    now: Callable[[], float] = time.time
    """The service's clock (``hanse.server.clock``): what the clocks' time left is counted to."""
    undo_limits: UndoLimits | None = None
    """How many take-backs a seat may make (``undo_limits.py``; None: no limit)."""
    heard_epoch: int = -1
    checked_at: float = -math.inf
    """Where workers share the tables: the listener's epoch when the table was last read from
    the database, and when (``hearing.py``)."""

    def __post_init__(self) -> None:
        self.game = game_for(self.game_id, self.players, self.flags)
        self.state = self.game.new_initial_state()
        self._flags = dict(self.game.flags)

    # -- replay and play ---------------------------------------------------------------------
    def step(self, state: Any, player: int, action: Action) -> Move:
        """Apply `action` to `state` (checked by the game) and say what each viewer sees. An
        action that is not legal raises IllegalActionError naming the rule and changes nothing;
        it is refused before anything is observed (what a viewer sees is told of legal moves
        only)."""
        if player != CHANCE and action not in self.game.legal_actions(state):
            self.game.apply_action(state.clone(), action)  # the gate names the rule
            raise IllegalActionError(f"{self.game.action_to_str(action)!r} is not legal now")
        viewers = [*range(self.players), None]
        seen = [self.game.observe_action(state, player, action, viewer) for viewer in viewers]
        text = self.game.action_to_str(action)
        # In words only as far as each viewer saw the move; the others read what they saw.
        said = self.game.log_said(state, player, action, seen, viewers)
        self.game.apply_action(state, action)
        return Move(player, text, seen, said)

    def resolve_chance(self, state: Any) -> list[Move]:
        """Draw every pending chance outcome with the system's random source (never a seed)."""
        moves = []
        while self.game.current_player(state) == CHANCE:
            action = sample_chance(self.game, state, _system_random)
            moves.append(self.step(state, CHANCE, action))
        return moves

    def replay(self, seq: int, player: int, text: str) -> None:
        """Apply a stored move (numbered `seq`: a move taken back leaves a gap); the log is the
        record, so it must replay."""
        action = self.game.action_from_str(text)
        # A decision keeps the state before it, which taking it back returns to.
        state = self.state if player == CHANCE else self.state.clone()
        self.seq = seq - 1
        self.commit(state, [self.step(state, player, action)])

    def commit(self, state: Any, moves: list[Move]) -> None:
        """Take `state` (after `moves`) as the table's state once the moves are stored."""
        one_decision = len(moves) == 1 and moves[0].player != CHANCE and state is not self.state
        self._before_last = self.state if one_decision else None
        self._last_text = moves[0].text if one_decision else ""
        self.state = state
        self._shown = {}
        self.changed_at = time.time()
        for move in moves:
            self.seq += 1
            entry = (self.seq, move.player, move.seen, move.said)
            self.log.append(entry)
            self.entries.append(entry)
            if move.player != CHANCE:
                self.version += 1

    def tell(self, event: TableEvent) -> None:
        """Put a stored event in the log, after the moves replayed so far (replay in seq
        order)."""
        self.events.append(event)
        self.entries.append(event)
        self.seq = event.seq

    def log_start(self, held: int) -> int:
        """Where the log of a client that holds it up to the entry numbered `held` goes on:
        after that entry, or at the first entry it holds of a move taken back since (each
        take-back names its move; the move has left the log, its take-back stands later)."""
        bound = held
        for event in self.events:
            if event.kind == UNDO and event.seq > held and event.undone_seq is not None:
                bound = min(bound, event.undone_seq - 1)
        return bisect_right(self.entries, bound, key=_seq_of)

    def undo_refusal(self, seat: int, thorough: bool = True) -> str | None:
        """Why `seat` may not take back the last move now, or None if it may: the game goes on,
        the seat still decides, the last move was its own decision with no chance after it, and
        that move showed the seat nothing hidden (:mod:`hanse.core.takeback`). Not `thorough`
        (the payload's ``can_undo``, for every state): the last condition only where it was
        checked already, as it costs some re-deals of the hidden parts (2 ms in Kogge)."""
        if self.status != "playing":
            return "the game is not being played"
        if self.seats[seat].kind != "human":
            return "a bot plays this seat"
        if self.decider != seat:
            return takeback.NOT_DECIDING
        if self._before_last is None or self.log[-1][1] != seat:
            return takeback.NOTHING_OF_YOURS
        key = ("showed nothing", seat)
        if key not in self._shown:
            if not thorough:
                return None
            action = self.game.action_from_str(self._last_text)
            self._shown[key] = takeback.showed_nothing(
                self.game, self._before_last, self.state, action, seat
            )
        return None if self._shown[key] else takeback.SHOWED_SOMETHING

    def undo_limit(self, seat: int) -> str | None:
        """Why `seat` may take back no more now, in words (a limit reached), or None."""
        return None if self.undo_limits is None else self.undo_limits.reason(self, seat)

    def waiting(self) -> float | None:
        """Seconds the seat deciding now has had its decision (None: nobody decides)."""
        return None if self.decider is None else max(0.0, time.time() - self.changed_at)

    def take_over_refusal(self, caller: int, seat: int) -> str | None:
        """Why `caller` may not let a bot play `seat` now, or None if it may: a player may always
        leave its own seat to a bot; another's only while that seat decides and has had its
        decision for longer than the table's turn limit."""
        if self.status != "playing":
            return "the game is not being played"
        if self.seats[caller].kind != "human" or self.seats[seat].kind != "human":
            return "only a person's seat can be left to a bot, by a person at the table"
        if caller == seat:
            return None
        waiting = self.waiting()
        if self.decider != seat or waiting is None:
            return "another player's seat can be left to a bot only while it decides"
        if waiting < self.turn_limit:
            return (
                f"the player has had {waiting:.0f} s of the {self.turn_limit:.0f} s a decision may "
                "take before the others may let a bot play for them"
            )
        return None

    def with_state(self, state: Any) -> LiveTable:
        """The same table in another state (the secrecy tests re-deal hidden parts)."""
        other = copy.copy(self)
        other.state = state
        other._shown = {}
        other._rendered = {}
        other._rendered_json = {}
        return other

    # -- what clients see ----------------------------------------------------------------------
    @property
    def decider(self) -> int | None:
        if self.status != "playing":
            return None
        player = self.game.current_player(self.state)
        return None if player == TERMINAL else int(player)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def label(self, action_json: dict[str, Any], view: dict[str, Any]) -> str:
        """How the action is shown to a person, in English: the game's words (``words.py``); the
        pages say it in the reader's language."""
        return self.game.action_phrase(action_json, view).text()

    def _view(self, seat: int | None) -> dict[str, Any]:
        key = ("view", seat)
        if key not in self._shown:
            self._shown[key] = self.game.view(self.state, seat)
        view: dict[str, Any] = self._shown[key]
        return view

    def _legal(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        if "legal" not in self._shown:
            legal = []
            for action in self.game.legal_actions(self.state):
                obj = self.game.action_to_json(action)
                legal.append(
                    {
                        "text": self.game.action_to_str(action),
                        "json": obj,
                        "label": self.label(obj, view),
                    }
                )
            self._shown["legal"] = legal
        shown: list[dict[str, Any]] = self._shown["legal"]
        return shown

    def payload(
        self,
        seat: int | None,
        log_from: int = 0,
        held: int | None = None,
        *,
        log_json: bool = False,
    ) -> dict[str, Any]:
        """The table as `seat` (None: a spectator) may see it, with its log from entry
        `log_from`, or (`held`: the seq of the last entry the client holds) from where that
        client's log goes on (:meth:`log_start`). With `log_json`, the log is already JSON (an
        ``orjson.Fragment``), for an answer that is only serialised."""
        started = self.status not in ("waiting", "expired")  # expired: never started
        view = self._view(seat) if started else None
        decider = self.decider
        legal: list[dict[str, Any]] = []
        # A seat played by a bot is offered nothing (its person, if it left, still watches).
        if seat is not None and decider == seat and view is not None:
            legal = self._legal(view) if self.seats[seat].kind == "human" else []
        viewer = self.players if seat is None else seat
        could_undo = (
            seat is not None and decider == seat and self.undo_refusal(seat, thorough=False) is None
        )
        # A limit is said only where a take-back would otherwise be offered.
        undo_limit = self.undo_limit(seat) if could_undo and seat is not None else None
        start = max(0, min(log_from, len(self.entries))) if held is None else self.log_start(held)
        body: dict[str, Any] = {
            "id": self.id,
            "game": self.game_id,
            "title": self.game.title,
            "players": self.players,
            "flags": self._flags,
            "mode": self.mode,
            "visibility": self.visibility,
            "status": self.status,
            "seat": seat,
            "seats": [s.public() for s in self.seats],
            "version": self.version,
            "decider": decider,
            "can_undo": could_undo and undo_limit is None,
            "undo_limit": undo_limit,
            "waiting": None if (waiting := self.waiting()) is None else round(waiting),
            "turn_limit": self.turn_limit,
            "can_take_over": (
                seat is not None
                and decider is not None
                and decider != seat
                and self.take_over_refusal(seat, decider) is None
            ),
            "view": view,
            "legal": legal,
            "log_start": start,
            "log": self._log_json_for(viewer, start) if log_json else self._log_for(viewer, start),
            "scores": None,
            "winners": None,
            # A rematch is private: its id is for the players only (private.py).
            "rematch": self.rematch if seat is not None else None,
            "notice": self.notice,
            "clocks": self.clocks(),
        }
        if self.status == "finished":
            body["scores"] = list(self.game.scores(self.state))
            body["winners"] = list(self.game.winners(self.state))
            if self.notice is not None:  # stopped on upgrading, not played out: nobody won
                body["winners"] = []
            body["breakdown"] = self.game.score_breakdown(self.state)
        return body

    def _log_for(self, viewer: int, start: int) -> list[dict[str, Any]]:
        """The log from entry `start` as `viewer` may see it (:func:`_logged`, made once)."""
        return self._rendered_log(viewer)[start:]

    def _rendered_log(self, viewer: int) -> list[dict[str, Any]]:
        """The whole log as `viewer` may see it, brought up to the last entry (kept, not a
        copy)."""
        rendered = self._rendered.setdefault(viewer, [])
        rendered.extend(_logged(entry, viewer) for entry in self.entries[len(rendered) :])
        return rendered

    def _log_json_for(self, viewer: int, start: int) -> orjson.Fragment:
        """:meth:`_log_for` as one JSON array, each entry serialised once."""
        rendered = self._rendered_log(viewer)
        serialised = self._rendered_json.setdefault(viewer, [])
        # Copied to its own size: the bytes orjson returns keep a 4 KB buffer each (a table of
        # 200 entries and 4 viewers held 3.7 MB).
        serialised.extend(
            bytes(memoryview(orjson.dumps(entry))) for entry in rendered[len(serialised) :]
        )
        return orjson.Fragment(b"[" + b",".join(serialised[start:]) + b"]")

    def clocks(self) -> dict[str, Any]:
        """The payload's ``clocks``: each person's seconds left now (None without a clock, and
        for a bot's seat), the seat whose clock runs and since when, and the time control."""
        now = self.now()
        if self.clock is None:
            return no_clock(self.players, now)
        people = [seat.kind == "human" for seat in self.seats] or [True] * self.players
        shown = self.clock.payload(self.decider, people, now)
        # Where a clock run out lets the others end the game: whose time ran out, who agreed.
        shown["out"] = [s.seat for s in self.seats if s.timed_out and s.kind == "human"]
        shown["agreed"] = [e.seat for e in self.events if e.kind in (AGREE, END)]
        shown["abandoned"] = self.notice == ABANDONED  # ended so, without a result
        return shown


def _seq_of(entry: Any) -> int:
    return int(entry.seq if isinstance(entry, TableEvent) else entry[0])


def _logged(entry: Any, viewer: int) -> dict[str, Any]:
    """A log entry as `viewer` (a seat, or the number of seats for a spectator) may see it: a
    move as far as the viewer saw it (its text, and in words where it saw the whole move), an
    event whole."""
    if isinstance(entry, TableEvent):
        return entry.entry()
    seq, player, seen, said = entry
    move = {"seq": seq, "player": player, "text": seen[viewer]}
    return move if said[viewer] is None else move | {"said": said[viewer]}
