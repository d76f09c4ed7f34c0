"""Spielziel und Spielende: victory points when the guild master ends the game.

Kontor 10, bonus chip 20, unused robbery marker 10, and every good on the cog or in the player's
Kontore: salt 7, amber 5, fur 3, ore 1. Equal points share the win. A player who reaches five
development points on his turn wins at once instead (``state.winner``).
"""

from __future__ import annotations

from hanse.games.kogge.data import GOOD_VP, VP_CHIP, VP_KONTOR, VP_RAID_MARKER
from hanse.games.kogge.state import KoggeState


def victory_points_by_part(s: KoggeState, p: int) -> dict[str, int]:
    """The victory points of `p` by part (English labels the pages translate)."""
    goods = s.cargo[p * 4 : p * 4 + 4]
    for pl in range(18):
        if s.kontor_owner[pl] == p:
            goods = [goods[t] + s.kontor_goods[pl * 4 + t] for t in range(4)]
    return {
        "Kontore": VP_KONTOR * s.kontore[p],
        "bonus chips": VP_CHIP * sum(s.chips[p * 4 : p * 4 + 4]),
        "unused robbery markers": VP_RAID_MARKER * s.raid_hand[p],
        "goods": sum(GOOD_VP[t] * goods[t] for t in range(4)),
    }


def victory_points(s: KoggeState, p: int) -> int:
    points = VP_KONTOR * s.kontore[p] + VP_CHIP * sum(s.chips[p * 4 : p * 4 + 4])
    points += VP_RAID_MARKER * s.raid_hand[p]
    goods = s.cargo[p * 4 : p * 4 + 4]
    for pl in range(18):
        if s.kontor_owner[pl] == p:
            goods = [goods[t] + s.kontor_goods[pl * 4 + t] for t in range(4)]
    return points + sum(GOOD_VP[t] * goods[t] for t in range(4))
