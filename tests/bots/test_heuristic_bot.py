"""The heuristic bot's one-step lookahead, on Tiny with a simple evaluation (issue 7)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from hanse.bots import RandomBot
from hanse.bots.heuristic import (
    HeuristicBot,
    heuristic_candidates,
    heuristic_leaf,
    heuristic_rollout,
)
from hanse.bots.search import ISMCTSBot, SearchSettings
from hanse.core import IllegalActionError
from hanse.core.match import play, replay_final, sample_chance
from hanse.core.protocol import CHANCE
from hanse.core.record import MatchRecord
from hanse.games import make
from tests.bots.test_search_bots import position
from tests.core.tiny_game import Draw, Play, TinyGame

DATA = Path(__file__).parent / "data"


class ValuedTiny(TinyGame):
    """Tiny with an evaluation: points scored, cards held and a card being drawn (worth the
    mean card, 2.5), against the best opponent valued the same way with unseen cards at 2.5."""

    def heuristic_value(self, view: dict[str, Any], seat: int) -> float:
        drawing = 2.5 if view["pending_draw"] and view["player"] == seat else 0.0
        mine = view["scores"][seat] + sum(view["hand"]) + drawing
        others = max(
            s + 2.5 * view["hand_sizes"][o] for o, s in enumerate(view["scores"]) if o != seat
        )
        return mine - others


def choose(game: TinyGame, state: Any, seed: int = 0) -> object:
    seat = game.current_player(state)
    return HeuristicBot().act(
        game, game.view(state, seat), game.legal_actions(state), random.Random(seed)
    )


def test_it_takes_the_action_its_evaluation_prefers() -> None:
    game = ValuedTiny(2)
    # Drawing adds a card to the hand (worth 1 to 4 more); playing only moves value around.
    assert choose(game, position([[1], [2]], [1, 1, 1, 1], [0, 0])) == Draw()
    # With a full hand the best play is the highest card (score rises, hand value falls equally,
    # so all plays tie; ties are broken at random among them only).
    assert isinstance(choose(game, position([[1, 2, 4], [2]], [0, 1, 1, 0], [0, 0])), Play)


def test_a_game_without_heuristics_is_refused_clearly() -> None:
    game = TinyGame(2)
    state = position([[1], [2]], [1, 1, 1, 1], [0, 0])
    with pytest.raises(IllegalActionError, match="no heuristics"):
        HeuristicBot().act(game, game.view(state, 0), game.legal_actions(state), random.Random())


def test_its_choice_does_not_depend_on_hidden_cards() -> None:
    game = ValuedTiny(2)
    rng = random.Random(3)
    state = position([[1, 3], [2]], [1, 1, 1, 0], [0, 0])
    seen = {choose(game, game.resample_hidden(state, 0, rng), seed=5) for _ in range(10)}
    assert len(seen) == 1


def test_it_beats_random_at_tiny() -> None:
    game = ValuedTiny(2)
    wins = 0.0
    for i in range(200):
        me = i % 2
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[me] = HeuristicBot()
        record = play(game, bots, random.Random(i))
        assert record.winners is not None
        wins += (me in record.winners) / len(record.winners)
    assert wins / 200 > 0.5


def test_heuristic_rollouts_drive_the_search() -> None:
    game = ValuedTiny(2)
    state = position([[4], [1]], [1, 1, 1, 0], [0, 0])
    bot = ISMCTSBot(settings=SearchSettings(iterations=200, rollout=heuristic_rollout))
    assert bot.act(game, game.view(state, 0), game.legal_actions(state), random.Random(1)) == Draw()


def test_the_leaf_evaluation_squashes_each_seats_heuristic_value() -> None:
    game = ValuedTiny(2)
    state = position([[4], [1]], [1, 1, 1, 0], [3, 0])
    values = heuristic_leaf(game, state)
    assert values[0] > 0 > values[1]
    assert all(-1 < v < 1 for v in values)


def test_without_heuristics_the_leaf_is_judged_by_points() -> None:
    game = TinyGame(2)
    assert heuristic_leaf(game, position([[4], [1]], [1, 1, 1, 0], [3, 0])) == [1.0, -1.0]


def test_without_root_candidates_the_search_keeps_every_root_action() -> None:
    game = ValuedTiny(2)
    state = position([[1, 3], [2]], [1, 1, 1, 0], [0, 0])
    legal = game.legal_actions(state)
    assert heuristic_candidates(game, game.view(state, 0), legal, random.Random(0)) == legal


def test_in_a_view_seen_before_it_tries_another_action() -> None:
    game = ValuedTiny(2)
    state = position([[1, 3], [2]], [1, 1, 1, 1], [0, 0])
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    assert len(legal) >= 2
    bot = HeuristicBot()
    chosen = [game.action_to_str(bot.act(game, view, legal, random.Random(0))) for _ in legal]
    assert sorted(chosen) == sorted(game.action_to_str(a) for a in legal)  # each once, ...
    first = game.action_to_str(bot.act(game, view, legal, random.Random(0)))
    assert first == chosen[0]  # ... then the round starts again with the best
    fresh = HeuristicBot().act(game, view, legal, random.Random(0))
    assert game.action_to_str(fresh) == chosen[0]


def test_a_hansa_standstill_is_broken() -> None:
    """Recorded in an arena run: late in the game every seat ended its turn at once, for ever
    (every action helped an opponent). Bots that remember the views they decided in see the
    circle and try something else; the game then ends."""
    record = MatchRecord.load(DATA / "hansa_standstill.json")
    game = make("hansa", 4)
    state = replay_final(record)
    seat = game.current_player(state)
    forgetful = HeuristicBot()._choose(  # the choice without the memory
        game, game.view(state, seat), game.legal_actions(state), random.Random(0)
    )
    assert game.action_to_str(forgetful) == "end_turn"
    bots = [HeuristicBot() for _ in range(4)]
    rng = random.Random(0)
    for _ in range(400):
        if game.is_terminal(state):
            break
        seat = game.current_player(state)
        view, legal = game.view(state, seat), game.legal_actions(state)
        game.apply_action(state, bots[seat].act(game, view, legal, rng))
    assert game.is_terminal(state)


def test_bots_in_a_circle_leave_it_at_once() -> None:
    """Recorded: three easy bots at Hansa (3 players, seed 5), prestige 17/8/17, each leaving
    its complete routes unestablished (that would pay the others) and moving its pieces to and
    fro. Trying only untried actions, best first, the circle went on for some 900 actions more
    (the bots before, from this position: not over after 1,500); a bot that sees a view come
    round again now takes an action that leads to no view it decided in before."""
    record = MatchRecord.load(DATA / "hansa_circle.json")

    def actions_to_the_end(leave: bool) -> int | None:
        game = make("hansa", 3)
        state = replay_final(record)
        bots = [HeuristicBot() for _ in range(3)]
        if not leave:
            for bot in bots:
                bot._leaving = lambda *_: []  # type: ignore[method-assign]
        rng = random.Random(0)
        for made in range(600):
            if game.is_terminal(state):
                return made
            seat = game.current_player(state)
            if seat == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                view, legal = game.view(state, seat), game.legal_actions(state)
                action = bots[seat].act(game, view, legal, rng)
            game.apply_action(state, action)
        return None

    ended = actions_to_the_end(leave=True)
    assert ended is not None and ended < 400
    assert actions_to_the_end(leave=False) is None
