"""Shared machinery for game classes: legality by membership, returns, flags, JSON of actions.

A game subclasses :class:`GameBase` and writes the rules in ``_legal_actions``, ``chance_outcomes``
and ``_apply``. :meth:`GameBase.apply_action` is the single gate: it accepts exactly the members of
``legal_actions`` (or of the chance outcomes) and raises :class:`IllegalActionError` otherwise,
before anything changes (DESIGN.md: "Legality has one source"). Trusted callers (search, rollouts,
benchmarks) that take the action from ``legal_actions`` of that very state may skip the second
check with :meth:`GameBase.apply_trusted`.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from hanse.core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Flag,
    IllegalActionError,
    View,
    seat_name,
)
from hanse.core.state import GameState
from hanse.core.words import KindWords, Phrase, log_words, phrase, unseen_words, with_notes

# HANSE_CHECK_TRUSTED=1 makes apply_trusted check like apply_action (to debug a bot or a search).
CHECK_TRUSTED = os.environ.get("HANSE_CHECK_TRUSTED", "") not in ("", "0")


def win_returns(winners: list[int], num_players: int) -> list[float]:
    """Utility of a finished game: losers -1; the k winners share the win, each 2/k - 1.

    A sole winner gets 1; two players sharing a 2-player win get 0 each.
    """
    share = 2.0 / len(winners) - 1.0
    return [share if seat in winners else -1.0 for seat in range(num_players)]


def top_seats(keys: list[Any]) -> list[int]:
    """Seats whose key is the largest (a tie-break key is a tuple, higher is better)."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


class GameBase(ABC):
    """Common behaviour of every Hanse game; see the module docstring."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    config_class: ClassVar[type]
    action_classes: ClassVar[tuple[type, ...]] = ()
    NOTATION_VERSION: ClassVar[int] = 1
    """The version of the game's move notation: a change to how moves are written (or to rules
    that old moves relied on) raises it and ships an upgrader in the game's package
    (``upgrade.py``, see :mod:`hanse.core.upgrade`), so stored tables and records resume."""
    views_hide_nothing: ClassVar[bool] = False
    """Every seat's view is the spectator's (all but the future of chance is open: Hansa
    Teutonica, Die Speicherstadt), so every viewer sees each chance outcome whole, whatever its
    text says (the conformance suite checks the views)."""

    def __init__(self, num_players: int, config: Any = None) -> None:
        self.num_players = num_players
        self.config = config if config is not None else self.config_class()

    def __reduce__(self) -> tuple[type, tuple[int, Any]]:
        """A game pickles as its class, player count and flags, and is built again from them:
        its tables (some holding functions) are derived data. So states and envs that hold a
        game pickle too (OpenSpiel's serialize, worker processes)."""
        return type(self), (self.num_players, self.config)

    # -- flags -------------------------------------------------------------------------------
    @property
    def flags(self) -> Mapping[str, Any]:
        return dataclasses.asdict(self.config)

    @classmethod
    def flag_docs(cls) -> list[Flag]:
        return [
            Flag(f.name, f.default, f.metadata.get("help", ""), f.metadata.get("label", f.name))
            for f in dataclasses.fields(cls.config_class)
        ]

    # -- the rules, written by each game -----------------------------------------------------
    @abstractmethod
    def new_initial_state(self) -> GameState: ...

    @abstractmethod
    def current_player(self, state: Any) -> int: ...

    @abstractmethod
    def _legal_actions(self, state: Any) -> list[Action]: ...

    @abstractmethod
    def chance_outcomes(self, state: Any) -> list[tuple[Action, float]]: ...

    @abstractmethod
    def _apply(self, state: Any, action: Action) -> None: ...

    @abstractmethod
    def scores(self, state: Any) -> list[int]: ...

    # -- the protocol, shared ----------------------------------------------------------------
    def legal_actions(self, state: Any) -> list[Action]:
        """The legal actions of the pending decision (cached on the state; do not mutate)."""
        cached: list[Action] | None = state.legal_cache
        if cached is None:
            cached = [] if self.current_player(state) < 0 else self._legal_actions(state)
            state.legal_cache = cached
        return cached

    def apply_action(self, state: Any, action: Action) -> None:
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalActionError(f"{self._describe(action)} is not legal: the game is over")
        if player == CHANCE:
            outcomes = self.chance_outcomes(state)
            legal = any(a is action for a, _ in outcomes) or any(a == action for a, _ in outcomes)
        else:
            actions = self.legal_actions(state)
            # Interned actions are found by identity first, sparing dataclass comparisons.
            legal = any(a is action for a in actions) or action in actions
        if not legal:
            raise IllegalActionError(self.explain_illegal(state, action))
        state.legal_cache = None
        self._apply(state, action)

    def apply_trusted(self, state: Any, action: Action) -> None:
        """Apply `action` taken from ``legal_actions(state)`` or ``chance_outcomes(state)`` of this
        very state, without checking its legality a second time.

        For callers that just drew the action from those lists: search, rollouts, benchmark
        playouts. Any other action may leave the state corrupt, so people's, records' and the
        server's actions always go through :meth:`apply_action`. The conformance suite checks that
        both paths agree; ``HANSE_CHECK_TRUSTED=1`` makes this one check too.
        """
        if CHECK_TRUSTED:
            self.apply_action(state, action)
            return
        state.legal_cache = None
        self._apply(state, action)

    def explain_illegal(self, state: Any, action: Action) -> str:
        """The message of IllegalActionError; games override it to name the rule that forbids."""
        return f"{self._describe(action)} is not legal now: {self.pending_in_words(state)}"

    def pending_in_words(self, state: Any) -> str:
        """Who decides what now, in words (for messages): from the spectator's view, so that a
        message never tells anyone more than the table shows."""
        player = self.current_player(state)
        decider = seat_name(player)
        if player < 0:
            return f"{decider} is to come (the decision: {self.decision_name(state)})"
        said = self.decision_phrase(self.view(state, None)).text()
        return f"seat {decider} decides: {said}"

    def decision_name(self, state: Any) -> str:
        """The pending decision's short name, as views show it."""
        return str(getattr(state, "decision", "decision"))

    def _describe(self, action: Action) -> str:
        try:
            return repr(self.action_to_str(action))
        except Exception:  # noqa: BLE001  # describing a malformed action must not fail
            return repr(action)

    def is_terminal(self, state: Any) -> bool:
        return self.current_player(state) == TERMINAL

    def winners(self, state: Any) -> list[int]:
        return top_seats(self.scores(state))

    def score_breakdown(self, state: Any) -> list[dict[str, int]] | None:
        """A finished game's scores by part, per seat (English labels the pages translate; the
        parts add up to ``scores``), or None where the game says nothing more than the total."""
        return None

    def returns(self, state: Any) -> list[float]:
        if not self.is_terminal(state):
            return [0.0] * self.num_players
        return win_returns(self.winners(state), self.num_players)

    def observe_action(self, state: Any, actor: int, action: Action, viewer: int | None) -> str:
        """Default: everybody sees every action; games with secret actions override."""
        return self.action_to_str(action)

    def resample_hidden(self, state: Any, seat: int | None, rng: Random) -> Any:
        """Default for a game without hidden information."""
        return state.clone()

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> View: ...

    @abstractmethod
    def determinize(self, view: View, rng: Random) -> Any: ...

    # -- notation: JSON through the action dataclasses ---------------------------------------
    @abstractmethod
    def action_to_str(self, action: Action) -> str: ...

    @abstractmethod
    def action_from_str(self, text: str) -> Action: ...

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """`{"kind": cls.kind, field: value, ...}` for a dataclass action of ints and tuples."""
        obj: dict[str, Any] = {"kind": action.kind}  # type: ignore[attr-defined]
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, f.name)
            obj[f.name] = list(value) if isinstance(value, tuple) else value
        return obj

    def action_from_json(self, obj: Any) -> Action:
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise IllegalActionError(f"an action in JSON is an object with a 'kind': {obj!r}")
        by_kind = {cls.kind: cls for cls in self.action_classes}  # type: ignore[attr-defined]
        cls = by_kind.get(obj["kind"])
        if cls is None:
            raise IllegalActionError(
                f"unknown action kind {obj['kind']!r}; known: {', '.join(sorted(by_kind))}"
            )
        names = [f.name for f in dataclasses.fields(cls)]
        given = sorted(set(obj) - {"kind"})
        if given != sorted(names):
            raise IllegalActionError(
                f"action {obj['kind']!r} takes the fields {names}, got {given}"
            )
        values = []
        for name in names:
            value = obj[name]
            items = value if isinstance(value, list) else [value]
            # JSON true/false are not numbers here, though Python treats bool as an int.
            if any(isinstance(v, bool) or not isinstance(v, int | str) for v in items):
                raise IllegalActionError(
                    f"action {obj['kind']!r}: field {name!r} takes numbers or text, got {value!r}"
                )
            values.append(tuple(value) if isinstance(value, list) else value)
        action = cls(*values)
        # Round-trip through the notation so that field types are checked in one place.
        return self.action_from_str(self.action_to_str(action))

    # -- words for people, from the game package's words.py (hanse.core.words) -------------
    @classmethod
    def words_module(cls) -> Any | None:
        """The game package's ``words`` module, or None if it has none."""
        return cls._package_module("words")

    def decision_phrase(self, view: View) -> Phrase:
        """The pending decision in words (``words.decision_phrase``), else its short name."""
        module = self.words_module()
        if module is not None:
            result: Phrase = module.decision_phrase(view)
            return result
        return phrase("decide: {decision}", decision=str(view.get("decision", "")))

    def waiting_phrase(self, view: View) -> Phrase:
        """The pending decision as those who wait read it ("{player} chooses an action"), with a
        ``{player}`` field the reader fills, from the game package's ``prompt.WAITING`` by the
        view's decision name (public in every view), else "{player} decides"."""
        module = self._package_module("prompt")
        waiting: Mapping[str, str] = {} if module is None else module.WAITING
        return phrase(waiting.get(str(view.get("decision", "")), "{player} decides"))

    def action_phrase(self, action_json: dict[str, Any], view: View) -> Phrase:
        """What a legal action does, in words (``words.action_phrase``), else its notation."""
        module = self.words_module()
        if module is not None:
            result: Phrase = module.action_phrase(action_json, view)
            return result
        return phrase("{move}", move=self.action_to_str(self.action_from_json(action_json)))

    def log_phrase(self, state: Any, actor: int, action: Action) -> Phrase | None:
        """An action for the log in words, from the spectator's view of `state` before the action:
        a player's (``words.log_phrase``, with the reader's ``{player}`` field) or a chance
        outcome (``words.chance_phrase``, with no player); None for games without them. Show it
        only as far as the viewer saw the action (:meth:`log_said`)."""
        module = self.words_module()
        name = "chance_phrase" if actor == CHANCE else "log_phrase"
        if module is None or not hasattr(module, name) or actor < CHANCE:
            return None
        obj = self.action_to_json(action)
        if actor == CHANCE:
            chance: Phrase = module.chance_phrase(obj, self.view(state, None))
            return chance
        result: Phrase = module.log_phrase(obj, self.view(state, None), actor)
        return result

    def log_said(
        self,
        state: Any,
        actor: int,
        action: Action,
        seen: Sequence[str],
        viewers: Sequence[int | None],
    ) -> list[dict[str, object] | None]:
        """Each viewer's log line in words (:mod:`hanse.core.words`), or None where it keeps the
        game's text; ``seen[i]`` is what ``viewers[i]`` saw of `action` at `state`
        (``observe_action``), before the action is applied.

        A move is in words for a viewer who saw the whole of it (its notation, :func:`log_words`).
        A chance outcome is in words too for every viewer where the game's views hide nothing
        (:attr:`views_hide_nothing`: Speicherstadt's text names a drawn card, not its id). Any
        other viewer whose text is not the notation reads the words of what everybody sees of it
        (``words.unseen_chance_phrase``: "A card is dealt face down to player B"), which the
        outcome does not enter; without them, the game's text.
        A player's move seen in part is said likewise, from its kind (:meth:`_say_partly`)."""
        said_phrase = self.log_phrase(state, actor, action)
        if said_phrase is None:
            return [None] * len(seen)
        notation = self.action_to_str(action)
        notes = [self.note_phrases(state, actor, action, viewer) for viewer in viewers]
        said = [
            log_words(text, notation, said_phrase, noted)
            for text, noted in zip(seen, notes, strict=True)
        ]
        if None not in said:
            return said
        pairs = list(zip(viewers, seen, strict=True))
        if actor == CHANCE:
            self._say_chance(state, action, said_phrase, pairs, said, notes)
        elif actor >= 0:
            self._say_partly(state, actor, action, pairs, said, notes)
        return said

    def note_phrases(
        self, state: Any, actor: int, action: Action, viewer: int | None
    ) -> list[Phrase] | None:
        """The notes of `viewer`'s log text of `action` at `state` (the bracket closing
        ``observe_action``'s text: "the marker shows 5") as phrases, for the log in words and its
        translations; only what that text says, and none where the words say it already (an
        empty list). None (the default): the game has no such phrases, and a note stays in the
        game's text beside the words."""
        return None

    def _say_partly(
        self,
        state: Any,
        actor: int,
        action: Action,
        seen: list[tuple[int | None, str]],
        said: list[dict[str, object] | None],
        notes: list[list[Phrase] | None],
    ) -> None:
        """:meth:`log_said` for the viewers of a player's move who saw only part of it (Kogge's
        "start ?"): the words of what everybody sees of a move of its kind
        (``words.unseen_log_phrase(kind, view, actor)``: "{player} chooses a start city in
        secret"), from the spectator's view before it and the kind alone, so that the hidden
        part cannot enter them; the viewer's closing note is kept beside them. The game's text
        stays where the game has no such words, or where a legal move of another kind would
        have read alike to the viewer (the words would tell the kind).

        Never the move's own words, though every legal move that would have read alike had the
        same ones: which moves are legal follows from the mover's secret holdings, so that test
        would tell them ("puts no marker 7 into the conflict" to a viewer who cannot know the
        mover has no 7)."""
        unseen = getattr(self.words_module(), "unseen_log_phrase", None)
        if unseen is None:
            return
        kind = str(self.action_to_json(action)["kind"])
        hidden: Phrase | None = unseen(kind, self.view(state, None), actor)
        if hidden is None:
            return
        legal = self.legal_actions(state)
        for index, (viewer, text) in enumerate(seen):
            if said[index] is not None:
                continue
            if all(
                getattr(other, "kind", None) == kind
                for other in legal
                if self.observe_action(state, actor, other, viewer) == text
            ):
                said[index] = unseen_words(text, hidden, notes[index])

    def _say_chance(
        self,
        state: Any,
        action: Action,
        said_phrase: Phrase,
        seen: list[tuple[int | None, str]],
        said: list[dict[str, object] | None],
        notes: list[list[Phrase] | None],
    ) -> None:
        """:meth:`log_said` for the viewers of a chance outcome whose text is not its notation:
        the outcome's words where the game's views hide nothing (Speicherstadt's text names a
        drawn card, not its id), else the words of what everybody sees of it
        (``words.unseen_chance_phrase``), which the outcome does not enter.

        Not "the full words where every outcome that would have read alike has the same words":
        which outcomes are possible follows from hidden parts of the state (a reserve holding
        only 7s makes a face-down "deal ?" a 7), so that test would tell them."""
        if self.views_hide_nothing:
            for index in range(len(said)):
                if said[index] is None:  # with the game's notes (a Speicherstadt fire's points)
                    said[index] = with_notes(said_phrase, notes[index])
            return
        unseen = getattr(self.words_module(), "unseen_chance_phrase", None)
        hidden: Phrase | None = None if unseen is None else unseen(self.view(state, None))
        for index, (_viewer, text) in enumerate(seen):
            if said[index] is None:
                said[index] = unseen_words(text, hidden, notes[index])

    def kind_words(self) -> Mapping[str, KindWords]:
        """Every action kind's short name and explanation (``words.KINDS``), where the game has
        them."""
        module = self.words_module()
        kinds: Mapping[str, KindWords] = {} if module is None else module.KINDS
        return kinds

    # -- the heuristic bot's evaluation, from the game package's heuristics.py --------------
    @classmethod
    def heuristics_module(cls) -> Any | None:
        """The game package's ``heuristics`` module (DESIGN.md layout), or None if it has none."""
        return cls._package_module("heuristics")

    @classmethod
    def _package_module(cls, name: str) -> Any | None:
        package = cls.__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.{name}":
                raise
            return None

    def heuristic_value(self, view: View, seat: int) -> float:
        """How good `view` looks to `seat` (views only), from ``heuristics.heuristic_value``."""
        module = self.heuristics_module()
        if module is None:
            raise IllegalActionError(f"{self.game_id} has no heuristics for the easy bot")
        value: float = module.heuristic_value(self, view, seat)
        return value

    @abstractmethod
    def inventory(self, state: Any) -> dict[str, int]: ...

    @abstractmethod
    def render(self, view: View) -> str: ...
