"""Bots never stall at Kogge's start-city choice (issue 21, part 4).

Spielvorbereitung, Startstädte: the choices are secret and revealed together; those who chose a
city beyond its two Kontor places choose again ("Patt"), barred only from the marker that just
clashed. Players who always took the same choice could therefore alternate for ever; every bot
level must get past it. The search levels run here with 40 iterations instead of their time
budgets: the same search, less of it, so the test stays quick.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from hanse.bots import make_bot
from hanse.bots.registry import level_settings
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings
from hanse.core.match import Match
from hanse.games import make
from hanse.games.kogge.actions import Decision

LEVELS = ["random", "easy", "medium", "hard", "mcts", "ismcts"]
SEEDS = {"random": 30, "easy": 30, "medium": 6, "hard": 6, "mcts": 4, "ismcts": 4}
CHOICES_AT_MOST = 300  # a handful of rounds of choosing again is already rare


def _bot(level: str) -> Any:
    if level in ("medium", "hard"):
        seconds = 0.25 if level == "medium" else 1.0
        return ISMCTSBot(level, replace(level_settings(seconds), seconds=None, iterations=40))
    if level in ("mcts", "ismcts"):
        search = MCTSBot if level == "mcts" else ISMCTSBot
        return search(level, SearchSettings(iterations=40))
    return make_bot(level)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_level_gets_past_the_start_city_choice(level: str, players: int) -> None:
    for seed in range(SEEDS[level]):
        game = make("kogge", players)
        match = Match(game, seed=seed)
        bots = [_bot(level) for _ in range(players)]
        rng = random.Random(seed)
        choices = 0
        while match.state.phase == Decision.CHOOSE_START:
            assert choices < CHOICES_AT_MOST, (
                f"{level} bots still choose start cities (seed {seed})"
            )
            seat = match.decider
            action = bots[seat].act(game, match.view(seat), match.legal_actions(), rng)
            match.apply(seat, action)
            choices += 1
        assert choices >= players  # every player chose at least once
