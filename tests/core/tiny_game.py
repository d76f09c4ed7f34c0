"""Tiny: a test-only card game with chance and hidden hands, small enough to reason about.

Rules: a deck of values 1..4, two cards of each. Each player is dealt 2 cards (one chance node per
card). On a turn the player plays a card from hand (scoring its value; the card goes face up to the
discard pile), draws a card (only while the deck has cards and the hand holds fewer than 3), or
passes (only with an empty hand and an empty deck). The game ends when every hand and the deck are
empty. Hands are secret; the deck is a multiset, so no secret order exists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from hanse.core import (
    CHANCE,
    TERMINAL,
    GameBase,
    GameState,
    IllegalActionError,
    decider_json,
)

VALUES = (1, 2, 3, 4)
COPIES = 2


@dataclass(frozen=True)
class TinyConfig:
    pass


@dataclass(frozen=True)
class Play:
    kind: ClassVar[str] = "play"
    value: int


@dataclass(frozen=True)
class Draw:
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Pass:
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Deal:
    """Chance: the next card off the deck has this value."""

    kind: ClassVar[str] = "deal"
    value: int


class TinyState(GameState):
    __slots__ = ("deck", "discard", "hands", "player", "to_deal", "scores", "pending_draw")

    def __init__(self, num_players: int) -> None:
        self.legal_cache = None
        self.deck = [COPIES] * len(VALUES)  # count per value
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.player = 0
        self.to_deal = 2 * num_players  # set-up deals round the table
        self.scores = [0] * num_players
        self.pending_draw = False

    def clone(self) -> TinyState:
        new = TinyState.__new__(TinyState)
        new.legal_cache = self.legal_cache
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.player = self.player
        new.to_deal = self.to_deal
        new.scores = self.scores[:]
        new.pending_draw = self.pending_draw
        return new


class TinyGame(GameBase):
    game_id = "tiny"
    title = "Tiny"
    min_players = 2
    max_players = 3
    config_class = TinyConfig
    action_classes = (Play, Draw, Pass, Deal)

    def __init__(self, num_players: int = 2, config: Any = None) -> None:
        super().__init__(num_players, config or TinyConfig())

    def new_initial_state(self) -> TinyState:
        return TinyState(self.num_players)

    def _dealt_to(self, state: TinyState) -> int:
        if state.to_deal:
            return (2 * self.num_players - state.to_deal) % self.num_players
        return state.player

    def current_player(self, state: TinyState) -> int:
        if state.to_deal or state.pending_draw:
            return CHANCE
        if not any(state.deck) and not any(state.hands):
            return TERMINAL
        return state.player

    def _legal_actions(self, state: TinyState) -> list[Any]:
        hand = state.hands[state.player]
        actions: list[Any] = [Play(v) for v in sorted(set(hand))]
        if any(state.deck) and len(hand) < 3:
            actions.append(Draw())
        if not actions:
            actions.append(Pass())
        return actions

    def chance_outcomes(self, state: TinyState) -> list[tuple[Any, float]]:
        total = sum(state.deck)
        return [(Deal(v), c / total) for v, c in zip(VALUES, state.deck, strict=True) if c]

    def _apply(self, state: TinyState, action: Any) -> None:
        match action:
            case Deal(value):
                state.deck[value - 1] -= 1
                state.hands[self._dealt_to(state)].append(value)
                if state.to_deal:
                    state.to_deal -= 1
                else:
                    state.pending_draw = False
                    self._next(state)
            case Play(value):
                state.hands[state.player].remove(value)
                state.discard.append(value)
                state.scores[state.player] += value
                self._next(state)
            case Draw():
                state.pending_draw = True
            case Pass():
                self._next(state)

    def _next(self, state: TinyState) -> None:
        state.player = (state.player + 1) % self.num_players

    def scores(self, state: TinyState) -> list[int]:
        return state.scores[:]

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        player = self.current_player(state)
        view: dict[str, Any] = {
            "seat": seat,
            "decider": decider_json(player),
            "decision": "deal" if player == CHANCE else ("over" if player == TERMINAL else "turn"),
            "player": state.player,
            "to_deal": state.to_deal,
            "pending_draw": state.pending_draw,
            "deck_size": sum(state.deck),
            "discard": state.discard[:],
            "hand_sizes": [len(h) for h in state.hands],
            "scores": state.scores[:],
        }
        if seat is not None:
            view["hand"] = sorted(state.hands[seat])
        return view

    def determinize(self, view: dict[str, Any], rng: random.Random) -> TinyState:
        state = TinyState(self.num_players)
        state.player = view["player"]
        state.to_deal = view["to_deal"]
        state.pending_draw = view["pending_draw"]
        state.discard = list(view["discard"])
        state.scores = list(view["scores"])
        seat = view["seat"]
        unknown = [v for v in VALUES for _ in range(COPIES)]
        for v in state.discard:
            unknown.remove(v)
        if seat is not None:
            for v in view["hand"]:
                unknown.remove(v)
            state.hands[seat] = list(view["hand"])
        rng.shuffle(unknown)
        for other, size in enumerate(view["hand_sizes"]):
            if other != seat:
                state.hands[other] = sorted(unknown[:size])
                del unknown[:size]
        state.deck = [unknown.count(v) for v in VALUES]
        return state

    def resample_hidden(self, state: TinyState, seat: int | None, rng: random.Random) -> TinyState:
        new = state.clone()
        pool = [v for v, c in zip(VALUES, state.deck, strict=True) for _ in range(c)]
        for other, hand in enumerate(state.hands):
            if other != seat:
                pool += hand
        rng.shuffle(pool)
        for other, hand in enumerate(state.hands):
            if other != seat:
                new.hands[other] = pool[: len(hand)]
                del pool[: len(hand)]
        new.deck = [pool.count(v) for v in VALUES]
        new.legal_cache = None
        return new

    def observe_action(self, state: TinyState, actor: int, action: Any, viewer: int | None) -> str:
        if isinstance(action, Deal) and viewer != self._dealt_to(state):
            return "deal ?"
        return self.action_to_str(action)

    def action_to_str(self, action: Any) -> str:
        match action:
            case Play(value):
                return f"play {value}"
            case Deal(value):
                return f"deal {value}"
            case Draw():
                return "draw"
            case Pass():
                return "pass"
        raise IllegalActionError(f"not a Tiny action: {action!r}")

    def action_from_str(self, text: str) -> Any:
        words = text.split() if isinstance(text, str) else []
        if words == ["draw"]:
            return Draw()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] in ("play", "deal") and words[1] in ("1", "2", "3", "4"):
            return (Play if words[0] == "play" else Deal)(int(words[1]))
        raise IllegalActionError(f"not a Tiny action: {text!r} (try 'play 3', 'draw', 'pass')")

    def inventory(self, state: TinyState) -> dict[str, int]:
        cards = sum(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
        return {"cards": cards}

    def render(self, view: dict[str, Any]) -> str:
        hand = f" hand {view['hand']}" if "hand" in view else ""
        return (
            f"deck {view['deck_size']} discard {view['discard']} scores {view['scores']} "
            f"hands {view['hand_sizes']}{hand} to move: {view['decider']}"
        )


def register_tiny() -> None:
    """Register Tiny in this process (a worker setup hook for Ray in the arena tests)."""
    from hanse.games import register

    register(TinyGame)
