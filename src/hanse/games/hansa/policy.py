"""The kind-balanced random playout policy (issue 4, "Performance").

Uniform random play mostly places and moves pieces, because those actions are the most numerous.
This policy first draws a kind of action uniformly (income, place, displace, move, establish,
use_bonus, end_turn, ...), then an action of that kind uniformly. The legal-action generators list
each kind in one contiguous run; :meth:`HansaGame.kind_spans` knows the runs without looking at the
actions for the frequent decisions, and finds them with one C-level pass (`groupby` on the action
classes) otherwise. ``rng.choice(spans)`` draws exactly as ``rng.randrange(len(spans))`` does, so a
seeded policy makes the same choices as it did before issue 18.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hanse.core import Action


def kind_balanced_policy(
    game: Any, state: Any, legal: Sequence[Action], rng: random.Random
) -> Action:
    start, length = rng.choice(game.kind_spans(state, legal))
    return legal[start + rng.randrange(length)]
