"""3B d) Waren eintauschen: one exchange with the city, only by a cog that moved this turn.

The cog gives goods G to the city and receives goods R from it, with |R| <= k|G| and, for every
good t, R[t] <= k(|G| - G[t]) (no ore for ore); k = 2, or 3 with the chip "3:1 tauschen"; taking
less is allowed (RULINGS.md, Exchange). It is built one good at a time (``exchange give`` /
``exchange take``) and ends with ``exchange done``; given goods stay on the city.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import CHIP_TRADE3
from hanse.games.kogge.rules.phase import USED_EXCHANGE
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def add_start(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    c = s.pos[p]
    if c == s.turn_start:
        return
    city = s.city_goods
    for t in range(4):
        if s.cargo[p * 4 + t] and any(city[c * 4 + u] for u in range(4) if u != t):
            acts.append(g.exchange[t])


def legal_exchange(g: KoggeGame, s: KoggeState) -> list[Action]:
    p = s.actor
    c = s.pos[p]
    k = 3 if s.chips[p * 4 + CHIP_TRADE3] else 2
    given = s.esc_goods
    taken = s.esc_take
    n_given = sum(given)
    n_taken = sum(taken)
    acts: list[Action] = [g.exchange[t] for t in range(4) if s.cargo[p * 4 + t]]
    if n_taken < k * n_given:
        for t in range(4):
            if s.city_goods[c * 4 + t] and taken[t] < k * (n_given - given[t]):
                acts.append(g.exchange[4 + t])
    if n_taken:
        acts.append(g.exchange_done)
    return acts


def apply_exchange(g: KoggeGame, s: KoggeState, side: int, good: int) -> None:
    p = s.actor
    if s.phase == Decision.ACTION:
        s.used |= USED_EXCHANGE
        s.phase = Decision.EXCHANGE
    if side == 0:
        s.cargo[p * 4 + good] -= 1
        s.esc_goods[good] += 1
    else:
        s.city_goods[s.pos[p] * 4 + good] -= 1
        s.esc_take[good] += 1


def apply_done(g: KoggeGame, s: KoggeState) -> None:
    p = s.actor
    c = s.pos[p]
    for t in range(4):
        s.city_goods[c * 4 + t] += s.esc_goods[t]
        s.cargo[p * 4 + t] += s.esc_take[t]
        s.esc_goods[t] = 0
        s.esc_take[t] = 0
    s.phase = Decision.ACTION
