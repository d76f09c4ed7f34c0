"""Bots by the names a user types (`hanse play --bot ismcts`)."""

from __future__ import annotations

from collections.abc import Callable

from hanse.bots.random_bot import RandomBot
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings
from hanse.core.match import Bot
from hanse.core.protocol import IllegalActionError

BOT_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    # One second per move, random rollouts; every game, since both use only the protocol.
    "mcts": lambda: MCTSBot("mcts", SearchSettings(iterations=None, seconds=1.0)),
    "ismcts": lambda: ISMCTSBot("ismcts", SearchSettings(iterations=None, seconds=1.0)),
}


def make_bot(name: str) -> Bot:
    if name not in BOT_LEVELS:
        raise IllegalActionError(f"unknown bot {name!r}; known bots: {', '.join(BOT_LEVELS)}")
    return BOT_LEVELS[name]()
