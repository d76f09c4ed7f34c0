"""A bot for the arena's Ctrl-C test: random legal moves, each after a short pause, so that a game
takes a few seconds on any machine and a tournament of many games is surely still running."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

PAUSE = 0.02  # seconds per decision: a Lübeck game of about 150 decisions takes some 3 s


class SlowBot:
    name = "slow"

    def act(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(PAUSE)
        return legal[rng.randrange(len(legal))]


def slow() -> SlowBot:
    return SlowBot()
