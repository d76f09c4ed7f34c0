"""Bots by the names a user types (`hanse play --bot random`)."""

from __future__ import annotations

from collections.abc import Callable

from hanse.bots.random_bot import RandomBot
from hanse.core.match import Bot
from hanse.core.protocol import IllegalActionError

BOT_LEVELS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    if name not in BOT_LEVELS:
        raise IllegalActionError(f"unknown bot {name!r}; known bots: {', '.join(BOT_LEVELS)}")
    return BOT_LEVELS[name]()
