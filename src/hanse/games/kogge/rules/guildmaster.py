"""2) Gildemeister, with expert rule A (Steuern).

The start player moves the guild master one or two cities clockwise by number; cities with a
robbery marker do not count and are skipped. He puts two goods of that city's kind from the supply
on the city space (never in Kontore). When he enters or passes the city of the game-end marker for
the second time the game ends at once (skipped cities count as passed, RULINGS.md).

A (Steuern): then every cog in his city pays one good of its owner's choice, and all goods on the
city that it does not produce go back to the supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import CITY_GOOD, NUM_CITIES
from hanse.games.kogge.rules.common import end_game
from hanse.games.kogge.rules.phase import start_player_phase
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def legal_gm_move(g: KoggeGame, s: KoggeState) -> list[Action]:
    return g.gm_move


def apply_gm_move(g: KoggeGame, s: KoggeState, steps: int) -> None:
    c = s.gm
    counted = 0
    while counted < steps:
        c = (c + 1) % NUM_CITIES
        if c == s.end_city:
            s.passes += 1
        if not s.robbed[c]:
            counted += 1
    s.gm = c
    if s.passes >= 2:
        end_game(s)
        return
    good = CITY_GOOD[c]
    k = min(2, s.supply[good])
    s.supply[good] -= k
    s.city_goods[c * 4 + good] += k
    if g.taxes:
        for t in range(4):
            if t != good:
                s.supply[t] += s.city_goods[c * 4 + t]
                s.city_goods[c * 4 + t] = 0
        s.queue = [p for p in s.order if s.pos[p] == c and any(s.cargo[p * 4 : p * 4 + 4])]
        if s.queue:
            s.phase = Decision.TAX
            s.actor = s.turn_owner = s.queue[0]
            return
    start_player_phase(g, s)


def legal_tax(g: KoggeGame, s: KoggeState) -> list[Action]:
    p = s.actor
    return [g.pay_tax[t] for t in range(4) if s.cargo[p * 4 + t]]


def apply_tax(g: KoggeGame, s: KoggeState, good: int) -> None:
    p = s.queue.pop(0)
    s.cargo[p * 4 + good] -= 1
    s.supply[good] += 1
    if s.queue:
        s.actor = s.turn_owner = s.queue[0]
        return
    start_player_phase(g, s)
