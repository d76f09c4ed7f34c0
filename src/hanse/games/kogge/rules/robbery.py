"""3B f) Raubüberfall.

With an unused robbery marker a player robs either one other cog in his city (its owner splits
the cargo into two piles of ceil and floor half, laying the first pile one good at a time; the
robber takes one) or the city itself (all
goods on it and in its Kontore). The marker stays in the city: the robber's cog may never enter it
again and the guild master skips it. The robber's cog then moves one free step along one of the
city's two routes, chosen by the next player clockwise (RULINGS.md), and his turn ends at once.
Only possible routes may be chosen: not a face-up one into a city with his own robbery marker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import CITY, Decision
from hanse.games.kogge.rules.common import home_known, open_slots, step_away
from hanse.games.kogge.rules.phase import USED_ROB, finish_turn
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def add_robberies(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    c = s.pos[p]
    if not s.raid_hand[p] or s.robbed[c] >> p & 1:
        return
    acts.append(g.rob[0])
    for q in range(g.num_players):
        if q != p and s.pos[q] == c:
            acts.append(g.rob[q + 1])


def apply_rob(g: KoggeGame, s: KoggeState, victim: int) -> None:
    p = s.actor
    c = s.pos[p]
    s.raid_hand[p] -= 1
    s.robbed[c] |= 1 << p
    s.used |= USED_ROB
    if victim == CITY:
        for t in range(4):
            got = s.city_goods[c * 4 + t]
            s.city_goods[c * 4 + t] = 0
            for pl in (2 * c, 2 * c + 1):
                got += s.kontor_goods[pl * 4 + t]
                s.kontor_goods[pl * 4 + t] = 0
            s.cargo[p * 4 + t] += got
        _forced_step(g, s)
        return
    if not any(s.cargo[victim * 4 : victim * 4 + 4]):
        _forced_step(g, s)
        return
    s.victim = victim
    s.phase = Decision.SPLIT
    s.actor = victim


def legal_split(g: KoggeGame, s: KoggeState) -> list[Action]:
    """The next good of the first pile: a kind the victim still holds, not below the last kind
    laid (so each pile is laid in exactly one order), and with enough goods of that kind and
    above left to complete the pile."""
    q = s.actor
    cargo = s.cargo[q * 4 : q * 4 + 4]
    laid = sum(s.piles[:4])
    need = (laid + sum(cargo) + 1) // 2 - laid  # goods still to lay, this one included
    lowest = max((t for t in range(4) if s.piles[t]), default=0)
    return [g.split[t] for t in range(lowest, 4) if cargo[t] and sum(cargo[t:]) >= need]


def apply_split(g: KoggeGame, s: KoggeState, good: int) -> None:
    q = s.victim
    s.cargo[q * 4 + good] -= 1
    s.piles[good] += 1
    laid = sum(s.piles[:4])
    if 2 * laid < laid + sum(s.cargo[q * 4 : q * 4 + 4]):
        return
    # The first pile holds half the cargo rounded up: the rest is the second pile.
    for t in range(4):
        s.piles[4 + t] = s.cargo[q * 4 + t]
        s.cargo[q * 4 + t] = 0
    s.phase = Decision.PICK_PILE
    s.actor = s.turn_owner


def legal_pick(g: KoggeGame, s: KoggeState) -> list[Action]:
    return g.take_pile


def apply_pick(g: KoggeGame, s: KoggeState, pile: int) -> None:
    p = s.turn_owner
    q = s.victim
    for t in range(4):
        mine = s.piles[pile * 4 + t]
        s.cargo[p * 4 + t] += mine
        s.cargo[q * 4 + t] += s.piles[(1 - pile) * 4 + t]
    s.piles = [0] * 8
    s.victim = -1
    _forced_step(g, s)


def _forced_step(g: KoggeGame, s: KoggeState) -> None:
    """The robber's cog moves one free step 'natürlich nur entlang der möglichen Routen': a
    face-up route into a city with his own robbery marker is not possible. When neither route is
    possible the cog stays and the turn ends."""
    if not open_slots(s, s.turn_owner):
        finish_turn(g, s)
        return
    s.phase = Decision.FORCED_STEP
    s.actor = (s.turn_owner + 1) % g.num_players


def legal_forced(g: KoggeGame, s: KoggeState) -> list[Action]:
    """The possible routes; one the chooser knows to point back home is none (RULINGS.md), unless
    it is all there is (then choosing it leaves the cog where it is)."""
    p = s.turn_owner
    slots = open_slots(s, p)
    routes = [slot for slot in slots if not home_known(s, s.actor, p, slot)]
    return [g.forced_step[slot] for slot in routes or slots]


def apply_forced(g: KoggeGame, s: KoggeState, slot: int) -> None:
    step_away(g, s, s.turn_owner, slot)
    # The robbery ends the turn at once: no further actions and no conflicts.
    finish_turn(g, s)
