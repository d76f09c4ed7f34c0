"""The kind-balanced random playout policy (issue 4, "Performance").

Uniform random play mostly places and moves pieces, because those actions are the most numerous.
This policy first draws a kind of action uniformly (income, place, displace, move, establish,
use_bonus, end_turn, ...), then an action of that kind uniformly. The legal-action generators list
each kind in one contiguous run, so the runs are found with one C-level pass (`groupby` on the
action classes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import groupby
from typing import Any

from hanse.core import Action


def kind_balanced_policy(
    game: Any, state: Any, legal: Sequence[Action], rng: random.Random
) -> Action:
    runs = [len(list(run)) for _, run in groupby(map(type, legal))]
    pick = rng.randrange(len(runs))
    return legal[sum(runs[:pick]) + rng.randrange(runs[pick])]
