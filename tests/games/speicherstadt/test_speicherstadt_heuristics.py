"""The heuristic evaluation of views (heuristics.py) used by the easy and search bots."""

from __future__ import annotations

import random

from speicherstadt_helpers import act, new, own, start_loading, stock

from hanse.bots.heuristic import HeuristicBot
from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.games.speicherstadt.heuristics import heuristic_value


def test_equal_positions_are_worth_nothing() -> None:
    game, s = new(3)
    assert heuristic_value(game, game.view(s, 0), 0) == 0.0


def test_filling_a_contract_is_worth_more_than_selling_the_cube() -> None:
    game, s = new(2)
    own(game, s, 0, "base.contract.1", "Kaffeeröster")
    stock(game, s, 0, cargo="coffee")
    stock(game, s, 1, cargo="tea")
    start_loading(game, s)
    contract, sold = s.clone(), s.clone()
    act(game, contract, "load coffee ship>contract0")
    act(game, sold, "load coffee ship>sell")
    assert heuristic_value(game, game.view(contract, 0), 0) > heuristic_value(
        game, game.view(sold, 0), 0
    )


def test_the_easy_bot_plays_a_whole_game() -> None:
    game, s = new(3, kai=True)
    rng = random.Random(5)
    bot = HeuristicBot()
    while not game.is_terminal(s):
        player = game.current_player(s)
        if player == CHANCE:
            game.apply_action(s, sample_chance(game, s, rng))
        else:
            view = game.view(s, player)
            game.apply_action(s, bot.act(game, view, game.legal_actions(s), rng))
    assert s.round == 12
