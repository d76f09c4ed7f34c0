"""Lübeck's computer opponents: the easy bot's heuristics and the search levels (issue 7)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hanse.bots import RandomBot, make_bot
from hanse.bots.heuristic import HeuristicBot, heuristic_leaf
from hanse.core import CHANCE, TERMINAL
from hanse.core.match import child, play, sample_chance
from hanse.games import make

SPECIAL = ("Handelsfahrt", "Verdoppelung", "Piraten", "Schiffswechsel")


def scan(players: int, count: int, is_puzzle: Callable[[Any, Any], bool]) -> list[Any]:
    """The first decision state of each seeded random game that `is_puzzle` accepts."""
    game = make("luebeck", players)
    found = []
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while (player := game.current_player(state)) != TERMINAL:
            if player == CHANCE:
                game.apply_action(state, sample_chance(game, state, rng))
                continue
            if is_puzzle(game, state):
                found.append(state.clone())
                break
            legal = game.legal_actions(state)
            game.apply_action(state, legal[rng.randrange(len(legal))])
        if len(found) == count:
            break
    assert len(found) == count, f"the seeded scan found {len(found)} of {count} positions"
    return found


def one_goods_card_or_pass(game: Any, state: Any) -> bool:
    """Last round; the decider may play one goods card or pass. Passing loses the card's value
    twice (it is not scored and counts minus at the end), so playing is clearly better."""
    texts = [game.action_to_str(a) for a in game.legal_actions(state)]
    goods = [t for t in texts if t.startswith("play ") and t.split()[1] not in SPECIAL]
    last = game.view(state, None)["last_round"]
    return last and len(goods) == 1 and sorted(texts) == sorted([*goods, "pass"])


def last_round_puzzles(players: int, count: int) -> list[tuple[Any, Any]]:
    game = make("luebeck", players)
    return [(game, state) for state in scan(players, count, one_goods_card_or_pass)]


def _finish_by_passing(game: Any, state: Any, seat: int) -> Any:
    while not game.is_terminal(state) and game.current_player(state) == seat:
        passes = [a for a in game.legal_actions(state) if game.action_to_str(a) == "pass"]
        if not passes:
            return state
        state = child(game, state, passes[0])
    return state


def play_wins_pass_loses(game: Any, state: Any) -> bool:
    """Everybody else has passed; playing the card (then passing) wins, passing now loses."""
    if not one_goods_card_or_pass(game, state):
        return False
    seat = game.current_player(state)
    others = [p for o, p in enumerate(game.view(state, None)["players"]) if o != seat]
    if not all(p["passed"] for p in others):
        return False
    legal = game.legal_actions(state)
    card = next(a for a in legal if game.action_to_str(a) != "pass")
    after_pass = _finish_by_passing(game, state, seat)
    after_play = _finish_by_passing(game, child(game, state, card), seat)
    return (
        game.is_terminal(after_pass)
        and game.is_terminal(after_play)
        and seat not in game.winners(after_pass)
        and seat in game.winners(after_play)
    )


def test_puzzle_easy_plays_the_last_goods_card_instead_of_passing() -> None:
    for game, state in last_round_puzzles(3, 3):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        chosen = HeuristicBot().act(game, game.view(state, seat), legal, random.Random(0))
        assert game.action_to_str(chosen).startswith("play ")


def test_puzzle_medium_finds_the_winning_card() -> None:
    game = make("luebeck", 3)
    for state in scan(3, 2, play_wins_pass_loses):
        seat = game.current_player(state)
        bot = make_bot("medium")
        chosen = bot.act(game, game.view(state, seat), game.legal_actions(state), random.Random(0))
        assert game.action_to_str(chosen) != "pass"


def test_easy_wins_far_more_than_its_share_against_random() -> None:
    """Issue 7's goal at 4 players is 3 times the fair share; measured 3.7 (README)."""
    game = make("luebeck", 4)
    wins = 0.0
    games = 40
    for i in range(games):
        me = i % 4
        bots: list[Any] = [RandomBot() for _ in range(4)]
        bots[me] = HeuristicBot()
        record = play(game, bots, random.Random(i))
        assert record.winners is not None
        wins += (me in record.winners) / len(record.winners)
    assert wins / games >= 2 * 0.25


def test_the_easy_bot_ignores_other_seats_secrets() -> None:
    game = make("luebeck", 3)
    rng = random.Random(2)
    for _, state in last_round_puzzles(3, 2):
        seat = game.current_player(state)
        choices = set()
        for _ in range(5):
            other = game.resample_hidden(state, seat, rng)
            view = game.view(other, seat)
            choices.add(HeuristicBot().act(game, view, game.legal_actions(other), random.Random(4)))
        assert len(choices) == 1


def test_leaf_values_are_in_range() -> None:
    game = make("luebeck", 3)
    _, state = last_round_puzzles(3, 1)[0]
    values = heuristic_leaf(game, state)
    assert len(values) == 3 and all(-1 < v < 1 for v in values)
