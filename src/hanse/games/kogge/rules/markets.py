"""3B c) Wegemarker kaufen: one of this round's lots of two markers for one good of any kind.

Lots bought by earlier players are gone; nothing is drawn during the round, and a lot is bought
whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.rules.phase import USED_BUY
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def add_options(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    goods = [t for t in range(4) if s.cargo[p * 4 + t]]
    for lot in range(len(s.offer)):
        for t in goods:
            acts.append(g.buy[lot * 4 + t])


def apply_buy(g: KoggeGame, s: KoggeState, lot: int, good: int) -> None:
    p = s.actor
    s.cargo[p * 4 + good] -= 1
    s.supply[good] += 1
    for v in s.offer.pop(lot):
        s.hand[p * 9 + v] += 1
    s.used |= USED_BUY
