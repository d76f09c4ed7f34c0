"""Every check of the conformance suite fails on a game broken in just that way (issue 2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanse.core import CHANCE, IllegalActionError
from hanse.core.testing import CHECKS, ConformanceError, check_game
from tests.core.tiny_game import Deal, Draw, Pass, Play, TinyGame, TinyState


def run(game_class: type[TinyGame], players: int = 2, max_actions: int = 200) -> None:
    check_game(lambda: game_class(players), range(20), max_actions)


def test_tiny_game_passes_every_check() -> None:
    run(TinyGame, 2)
    run(TinyGame, 3)


class EmptyLegal(TinyGame):
    def _legal_actions(self, state: TinyState) -> list[Any]:
        return [] if sum(state.deck) == 3 else super()._legal_actions(state)


class DuplicateLegal(TinyGame):
    def _legal_actions(self, state: TinyState) -> list[Any]:
        legal = super()._legal_actions(state)
        return legal + legal[:1]


class FickleLegal(TinyGame):
    """Legal actions in another order on every call."""

    calls = 0

    def legal_actions(self, state: TinyState) -> list[Any]:
        FickleLegal.calls += 1
        legal = self._legal_actions(state)
        return legal if FickleLegal.calls % 2 else legal[::-1]


class BadChance(TinyGame):
    def chance_outcomes(self, state: TinyState) -> list[tuple[Any, float]]:
        return [(a, p * 0.9) for a, p in super().chance_outcomes(state)]


class BadNotation(TinyGame):
    def action_to_str(self, action: Any) -> str:
        if isinstance(action, Play) and action.value == 4:
            return "play 3"
        return super().action_to_str(action)


class BadJson(TinyGame):
    def action_to_json(self, action: Any) -> dict[str, Any]:
        obj = super().action_to_json(action)
        if isinstance(action, Play):
            obj["value"] = {action.value}  # a set is not JSON
        return obj


class AcceptsIllegal(TinyGame):
    """Takes any play, even of a card not in hand (validation skipped)."""

    def apply_action(self, state: TinyState, action: Any) -> None:
        if isinstance(action, Play) and self.current_player(state) >= 0:
            state.legal_cache = None
            hand = state.hands[state.player]
            if action.value in hand:
                hand.remove(action.value)
            state.discard.append(action.value)
            state.scores[state.player] += action.value
            self._next(state)
            return
        super().apply_action(state, action)


class RefusesAfterChange(TinyGame):
    """Changes the score before noticing the action is illegal."""

    def apply_action(self, state: TinyState, action: Any) -> None:
        if self.current_player(state) >= 0:
            state.scores[0] += 1
            if action not in self.legal_actions(state):
                raise IllegalActionError("too late")
            state.scores[0] -= 1
        super().apply_action(state, action)


class AliasingClone(TinyGame):
    def new_initial_state(self) -> TinyState:
        return AliasingState(self.num_players)


class AliasingState(TinyState):
    __slots__ = ()

    def clone(self) -> TinyState:
        new = super().clone()
        new.hands = self.hands  # shared, so a clone's play changes the original
        return new


class SetInView(TinyGame):
    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        view["discard"] = tuple(view["discard"])
        return view


class ForgetfulDeterminize(TinyGame):
    """Determinize loses the discard pile."""

    def determinize(self, view: dict[str, Any], rng: random.Random) -> TinyState:
        state = super().determinize(view, rng)
        if state.discard:
            state.deck[state.discard.pop() - 1] += 1
        return state


class LeakyView(TinyGame):
    """Shows every hand to every seat."""

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        view["all_hands"] = [sorted(h) for h in state.hands]
        return view

    def determinize(self, view: dict[str, Any], rng: random.Random) -> TinyState:
        state = super().determinize({k: v for k, v in view.items() if k != "all_hands"}, rng)
        state.hands = [list(h) for h in view["all_hands"]]
        pool = [v for v in (1, 2, 3, 4) for _ in range(2)]
        for v in [*view["discard"], *(c for h in view["all_hands"] for c in h)]:
            pool.remove(v)
        state.deck = [pool.count(v) for v in (1, 2, 3, 4)]
        return state


class SilentObserver(TinyGame):
    def observe_action(self, state: TinyState, actor: int, action: Any, viewer: int | None) -> str:
        return "" if viewer is None else super().observe_action(state, actor, action, viewer)


class LosesCards(TinyGame):
    def _apply(self, state: TinyState, action: Any) -> None:
        super()._apply(state, action)
        if isinstance(action, Play) and action.value == 4:
            state.discard.pop()


class ScoresAsFloats(TinyGame):
    def scores(self, state: TinyState) -> list[int]:
        return [s + 0.5 for s in state.scores]  # type: ignore[misc]


class Endless(TinyGame):
    """A pass never ends the game: the last card is never played."""

    def _legal_actions(self, state: TinyState) -> list[Any]:
        if not any(state.deck) and sum(map(len, state.hands)) == 1:
            return [Pass()]
        return super()._legal_actions(state)


class UnrecordedState(TinyGame):
    """Rules that depend on something the record does not hold (a counter on the game)."""

    def __init__(self, num_players: int = 2, config: Any = None) -> None:
        super().__init__(num_players, config)
        self.games_started = 0

    def new_initial_state(self) -> TinyState:
        self.games_started += 1
        return super().new_initial_state()

    def _apply(self, state: TinyState, action: Any) -> None:
        super()._apply(state, action)
        if self.games_started > 1 and isinstance(action, Draw):
            state.scores[state.player] += 1


_shared = UnrecordedState()


def _unrecorded() -> TinyGame:
    return _shared


class ReversedOrder(TinyGame):
    """The same rules, legal actions listed the other way round."""

    def _legal_actions(self, state: TinyState) -> list[Any]:
        return super()._legal_actions(state)[::-1]


def _order_changing_factory() -> Any:
    """Every third game made lists its actions in another order: a hidden global influence.

    check_game makes three games per seed (play, replay, play again); only the third differs, so
    the replay still matches and the second play with the same seed is what must catch it.
    """
    made = 0

    def make() -> TinyGame:
        nonlocal made
        made += 1
        return ReversedOrder(2) if made % 3 == 0 else TinyGame(2)

    return make


class HiddenPlays(TinyGame):
    """The log hides which card was played, but every view shows the discard pile."""

    def observe_action(self, state: TinyState, actor: int, action: Any, viewer: int | None) -> str:
        if isinstance(action, Play) and viewer != actor:
            return "play ?"
        return super().observe_action(state, actor, action, viewer)


class UnloggedShowdown(TinyGame):
    """Once the deck is empty every view shows every hand, but the log never says what they
    held: the draw that empties the deck reads "deal ?" whatever it reveals."""

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        if not any(state.deck):
            view["hands"] = [sorted(hand) for hand in state.hands]
        return view

    def determinize(self, view: dict[str, Any], rng: random.Random) -> TinyState:
        shown = view.get("hands")
        state = super().determinize({k: v for k, v in view.items() if k != "hands"}, rng)
        if shown is not None:
            state.hands = [list(hand) for hand in shown]
        return state

    def resample_hidden(self, state: TinyState, seat: int | None, rng: random.Random) -> TinyState:
        if not any(state.deck):  # nothing is hidden any more
            return state.clone()
        return super().resample_hidden(state, seat, rng)


BROKEN: dict[str, Any] = {
    "legal_nonempty": EmptyLegal,
    "legal_unique": DuplicateLegal,
    "legal_deterministic": FickleLegal,
    "chance": BadChance,
    "notation": BadNotation,
    "json": BadJson,
    "illegal_rejected": AcceptsIllegal,
    "clone": AliasingClone,
    "view_json": SetInView,
    "view_determinize": ForgetfulDeterminize,
    "view_leak": LeakyView,
    "observe": SilentObserver,
    "log_hides": HiddenPlays,
    "log_tells": UnloggedShowdown,
    "inventory": LosesCards,
    "scores": ScoresAsFloats,
    "bound": Endless,
}


@pytest.mark.parametrize("check", sorted(BROKEN))
def test_each_check_fails_on_a_game_broken_that_way(check: str) -> None:
    with pytest.raises(ConformanceError) as caught:
        run(BROKEN[check])
    assert caught.value.check == check, str(caught.value)


def test_a_refusal_that_changes_the_state_is_caught() -> None:
    with pytest.raises(ConformanceError) as caught:
        run(RefusesAfterChange)
    assert caught.value.check == "illegal_rejected"
    assert "changed the state" in str(caught.value)


def test_replay_mismatch_is_caught() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(_unrecorded, [0], 200)
    assert caught.value.check == "replay"


def test_seed_nondeterminism_is_caught() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(_order_changing_factory(), range(5), 200)
    assert caught.value.check == "seed"


def test_every_check_has_a_broken_game() -> None:
    proven = set(BROKEN) | {"replay", "seed"}
    assert proven == set(CHECKS)


def test_a_draw_reaches_the_chance_player() -> None:
    game = TinyGame(2)
    state = game.new_initial_state()
    for value in (1, 2, 3, 4):
        game.apply_action(state, Deal(value))
    game.apply_action(state, Draw())
    assert game.current_player(state) == CHANCE
    assert all(isinstance(a, Deal) for a, _ in game.chance_outcomes(state))
