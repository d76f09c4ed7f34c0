"""MCTS and ISMCTS over the protocol, on the test-only Tiny game (issue 7)."""

from __future__ import annotations

import random

import pytest

from hanse.bots import RandomBot
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings, _Search, score_utility
from hanse.core import CHANCE, TERMINAL
from hanse.core.match import child, play
from tests.core.tiny_game import Draw, Play, TinyGame, TinyState


def position(hands: list[list[int]], deck: list[int], scores: list[int]) -> TinyState:
    """A consistent position: every card not in a hand or the deck lies on the discard pile."""
    state = TinyGame(len(hands)).new_initial_state()
    state.hands = [list(h) for h in hands]
    state.deck = list(deck)
    state.discard = [
        v for v in (1, 2, 3, 4) for _ in range(2 - deck[v - 1] - sum(h.count(v) for h in hands))
    ]
    state.scores = list(scores)
    state.to_deal = 0
    return state


def decide(bot: ISMCTSBot, game: TinyGame, state: TinyState, seed: int = 0) -> object:
    seat = game.current_player(state)
    return bot.act(game, game.view(state, seat), game.legal_actions(state), random.Random(seed))


@pytest.mark.parametrize("bot_class", [MCTSBot, ISMCTSBot])
def test_a_single_legal_action_is_answered_without_search(bot_class: type[ISMCTSBot]) -> None:
    game = TinyGame(2)
    state = position([[4], [1]], [0, 0, 0, 0], [0, 0])
    bot = bot_class(settings=SearchSettings(iterations=10_000))
    assert decide(bot, game, state) == Play(4)
    assert bot.last_iterations == 0


@pytest.mark.parametrize("bot_class", [MCTSBot, ISMCTSBot])
def test_search_is_deterministic_given_its_rng(bot_class: type[ISMCTSBot]) -> None:
    game = TinyGame(3)
    state = position([[1, 3], [2], [4]], [1, 1, 1, 0], [0, 0, 0])
    choices = {
        decide(bot_class(settings=SearchSettings(iterations=150)), game, state, 9) for _ in range(3)
    }
    assert len(choices) == 1


def exact_values(game: TinyGame, state: TinyState) -> dict[object, float]:
    """Expectimax value of each legal action for the player to move (Tiny is small enough)."""
    memo: dict[tuple, list[float]] = {}

    def value(s: TinyState) -> list[float]:
        key = (
            tuple(s.deck),
            tuple(tuple(sorted(h)) for h in s.hands),
            tuple(s.scores),
            s.player,
            s.pending_draw,
        )
        if key not in memo:
            player = game.current_player(s)
            if player == TERMINAL:
                memo[key] = game.returns(s)
            elif player == CHANCE:
                total = [0.0] * game.num_players
                for action, p in game.chance_outcomes(s):
                    for seat, v in enumerate(value(child(game, s, action))):
                        total[seat] += p * v
                memo[key] = total
            else:
                options = [value(child(game, s, a)) for a in game.legal_actions(s)]
                memo[key] = max(options, key=lambda v: v[player])
        return memo[key]

    seat = game.current_player(state)
    return {a: value(child(game, state, a))[seat] for a in game.legal_actions(state)}


@pytest.mark.parametrize("bot_class", [MCTSBot, ISMCTSBot])
def test_puzzle_drawing_wins_for_sure(bot_class: type[ISMCTSBot]) -> None:
    """Holding a 4 against a 1 with 1, 2, 3 in the deck: drawing wins surely, playing does not."""
    game = TinyGame(2)
    state = position([[4], [1]], [1, 1, 1, 0], [0, 0])
    values = exact_values(game, state)
    assert values == {Play(4): pytest.approx(1 / 3), Draw(): pytest.approx(1.0)}
    bot = bot_class(settings=SearchSettings(iterations=400))
    assert decide(bot, game, state, 1) == Draw()
    assert bot.last_iterations == 400


def test_the_bot_does_not_see_other_seats_secrets() -> None:
    """Re-dealing what seat 0 may not know leaves its choice unchanged (no cheating)."""
    game = TinyGame(3)
    rng = random.Random(5)
    for trial in range(20):
        record = play(game, [RandomBot()] * 3, random.Random(trial))
        state = game.new_initial_state()
        for _, text in record.actions[: 6 + trial % 5]:
            game.apply_action(state, game.action_from_str(text))
        seat = game.current_player(state)
        if seat < 0:
            continue
        other = game.resample_hidden(state, seat, rng)
        bot = ISMCTSBot(settings=SearchSettings(iterations=60))
        first = bot.act(game, game.view(state, seat), game.legal_actions(state), random.Random(1))
        second = bot.act(game, game.view(other, seat), game.legal_actions(other), random.Random(1))
        assert first == second


def test_ismcts_beats_random_over_many_games() -> None:
    game = TinyGame(2)
    wins = 0.0
    games = 60
    for i in range(games):
        me = i % 2
        bots = [RandomBot(), RandomBot()]
        bots[me] = ISMCTSBot(settings=SearchSettings(iterations=150))
        record = play(game, bots, random.Random(1000 + i))
        assert record.winners is not None
        if me in record.winners:
            wins += 1 / len(record.winners)
    assert wins / games > 0.5


def test_a_cut_rollout_counts_the_leader_as_winner() -> None:
    game = TinyGame(3)
    state = position([[1], [2], [3]], [1, 1, 1, 1], [5, 9, 9])
    assert score_utility(game, state) == [-1.0, 0.0, 0.0]


def test_a_seconds_budget_stops_the_search() -> None:
    game = TinyGame(2)
    state = position([[1, 2], [2]], [1, 1, 1, 1], [0, 0])
    bot = ISMCTSBot(settings=SearchSettings(iterations=None, seconds=0.05))
    decide(bot, game, state)
    assert bot.last_iterations > 0


@pytest.mark.parametrize("bot_class", [MCTSBot, ISMCTSBot])
def test_a_root_filter_confines_the_search(bot_class: type[ISMCTSBot]) -> None:
    """Only the filter's root actions are searched and chosen, even a worse one (drawing wins
    for sure here: test_puzzle_drawing_wins_for_sure)."""
    game = TinyGame(2)
    state = position([[4], [1]], [1, 1, 1, 0], [0, 0])
    plays = [a for a in game.legal_actions(state) if isinstance(a, Play)]
    assert plays and Draw() in game.legal_actions(state)

    def only_plays(g: object, view: object, legal: object, rng: random.Random) -> list[object]:
        return list(plays)

    bot = bot_class(settings=SearchSettings(iterations=300, root_filter=only_plays))
    assert decide(bot, game, state) in plays
    assert bot.last_iterations == 300


@pytest.mark.parametrize(("widening", "children"), [(None, 3), (0.5, 2)])
def test_progressive_widening_holds_actions_back_until_the_node_is_visited_enough(
    widening: float | None, children: int
) -> None:
    """With widening w a node tries a new action only while it has fewer than w*sqrt(visits+1)
    children: after 8 iterations ceil(0.5*3) = 2 of the 3 legal actions."""
    game = TinyGame(2)
    state = position([[1, 3], [2]], [1, 1, 1, 1], [0, 0])
    assert len(game.legal_actions(state)) == 3
    settings = SearchSettings(iterations=8, widening=widening)
    root = _Search(game, settings, random.Random(1)).run(state.clone, 0)
    assert root.visits == 8 and len(root.children) == children


def test_an_expansion_order_decides_which_action_a_node_tries_first() -> None:
    """Progressive unpruning: a node tries its actions in the order `expansion_order` ranks them,
    the root and every node below it (here the highest card first, then drawing)."""
    game = TinyGame(2)
    state = position([[1, 3], [2, 4]], [1, 1, 1, 0], [0, 0])
    asked: list[int] = []

    def highest_first(g: object, s: TinyState, legal: list, player: int, rng: object) -> list:
        asked.append(player)
        return sorted(legal, key=lambda a: -a.value if isinstance(a, Play) else 0)

    settings = SearchSettings(
        iterations=2, rollout_limit=0, widening=0.5, expansion_order=highest_first
    )
    root = _Search(game, settings, random.Random(1)).run(state.clone, 0)
    assert list(root.children) == [Play(3)]
    assert list(root.children[Play(3)].children) == [Play(4)]
    assert asked == [0, 1]  # each node ranks its actions once


def test_the_root_keeps_the_order_of_its_filter() -> None:
    """With an expansion order, the root tries its candidates in the order the root filter gives
    them (best first), so a short search has judged the filter's favourites."""
    game = TinyGame(2)
    state = position([[1, 3], [2, 4]], [1, 1, 1, 0], [0, 0])

    def reverse(g: object, view: object, legal: list, rng: object) -> list:
        return list(reversed(legal))

    def natural(g: object, s: TinyState, legal: list, player: int, rng: object) -> list:
        return list(legal)

    settings = SearchSettings(iterations=1, rollout_limit=0, expansion_order=natural)
    legal = game.legal_actions(state)
    root = _Search(game, settings, random.Random(1), reverse(game, None, legal, None)).run(
        state.clone, 0
    )
    assert list(root.children) == [legal[-1]]


def test_among_equally_visited_root_actions_the_best_valued_is_chosen() -> None:
    """A search too short to visit any root action twice (slow leaves) takes the one whose leaf
    was judged best, not merely the first."""
    game = TinyGame(2)
    state = position([[1, 3], [2, 4]], [1, 1, 1, 0], [0, 0])
    legal = game.legal_actions(state)

    def played_card_wins(g: object, s: TinyState) -> list[float]:
        lead = s.scores[0] - s.scores[1]
        return [lead / 10, -lead / 10]

    settings = SearchSettings(iterations=len(legal), rollout_limit=0, evaluate=played_card_wins)
    bot = ISMCTSBot(settings=settings)
    assert decide(bot, game, state) == Play(3)


def test_a_game_may_tune_the_search_levels() -> None:
    from hanse.bots.registry import level_settings
    from hanse.games import make

    hard = level_settings(1.0)
    hansa = hard.for_game(make("hansa", 4))
    assert (hansa.rollout_limit, hansa.widening, hansa.tune) == (0, 2.0, None)
    luebeck = hard.for_game(make("luebeck", 4))
    assert (luebeck.rollout_limit, luebeck.widening) == (hard.rollout_limit, None)
