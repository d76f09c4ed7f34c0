"""Ende des Spiels: the final scoring after the last round.

Every card a player still holds scores minus: a goods card its value, a special card 1. Scores
may go below zero (RULINGS.md). The highest score wins; a tie is a shared win (RULINGS.md).
"""

from __future__ import annotations

from .. import data
from ..state import OVER, LuebeckState


def hand_penalty(hand: tuple[int, ...]) -> int:
    cost = data.KIND_COST
    return sum(cost[kind] for kind in hand)


def final_scoring(s: LuebeckState) -> None:
    for p, hand in enumerate(s.hands):
        s.scores[p] -= hand_penalty(hand)
    s.phase = OVER
    s.actor = -1
