"""Bots by the names a user types (`hanse play --bot ismcts`)."""

from __future__ import annotations

from collections.abc import Callable

from hanse.bots.heuristic import HeuristicBot, heuristic_leaf
from hanse.bots.random_bot import RandomBot
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings
from hanse.core.match import Bot
from hanse.core.protocol import IllegalActionError


def _search_level(name: str, seconds: float) -> Bot:
    """ISMCTS with short random rollouts cut after 10 decisions and judged by the heuristics."""
    settings = SearchSettings(
        iterations=None, seconds=seconds, rollout_limit=10, evaluate=heuristic_leaf
    )
    return ISMCTSBot(name, settings)


BOT_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": HeuristicBot,
    "medium": lambda: _search_level("medium", 0.25),
    "hard": lambda: _search_level("hard", 1.0),
    # Plain search with random rollouts to the end, one second per move.
    "mcts": lambda: MCTSBot("mcts", SearchSettings(iterations=None, seconds=1.0)),
    "ismcts": lambda: ISMCTSBot("ismcts", SearchSettings(iterations=None, seconds=1.0)),
}


def make_bot(name: str) -> Bot:
    if name not in BOT_LEVELS:
        raise IllegalActionError(f"unknown bot {name!r}; known bots: {', '.join(BOT_LEVELS)}")
    return BOT_LEVELS[name]()
