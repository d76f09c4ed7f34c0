"""The uniformly random player: the baseline every other bot is measured against."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanse.core.protocol import Action, Game, View


class RandomBot:
    """Picks a legal action uniformly with the generator it is given (so it is reproducible)."""

    name = "random"

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
