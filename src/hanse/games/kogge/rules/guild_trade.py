"""3B b) Handel mit dem Gildemeister: one trade per turn with the guild master in the cog's city.

- three equal markers for the second robbery marker (at most two per player);
- six equal goods for a bonus chip of the player's choice (two copies of each; a development
  point; a second copy of a chip already held may be taken, its ability does not stack);
- one good for a marker of the same colour chosen from the reserve: the good is given first, then
  the player looks into the reserve and takes a marker of that colour ("Man darf sich den
  Wegemarker aussuchen"); while holdings are secret the reserve is not on show (RULINGS.md,
  "Secret draws stay secret"), so a look may find none of the colour: the good comes back, the
  trade is not made and that colour is not offered again this turn;
- one marker for a good of the same colour from the supply.
The cog need not have moved: the rulebook asks that only of the exchange (d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import GMT_CHIP, GMT_GOOD, GMT_MARKER, GMT_RAID, Decision
from hanse.games.kogge.data import MARKER_COLOUR, RAID_MARKERS_PER_PLAYER
from hanse.games.kogge.rules.common import check_win
from hanse.games.kogge.rules.phase import USED_GM_TRADE, USED_NO_COLOUR
from hanse.games.kogge.state import KoggeState

COLOUR_MARKERS = tuple(tuple(v for v in range(9) if MARKER_COLOUR[v] == t) for t in range(4))

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def add_options(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    if s.pos[p] != s.gm:
        return
    table = g.gm_trade
    hand = s.hand
    cargo = s.cargo
    if s.raid_total[p] < RAID_MARKERS_PER_PLAYER:
        for v in range(9):
            if hand[p * 9 + v] >= 3:
                acts.append(table[(GMT_RAID, -1, v, -1)])
    for t in range(4):
        if cargo[p * 4 + t] >= 6:
            for k in range(4):
                if s.chips_left[k]:
                    acts.append(table[(GMT_CHIP, t, -1, k)])
    for t in range(4):
        # With secret holdings the reserve is not on show: the look may find none (apply_take).
        offered = g.hidden or any(s.reserve[v] for v in COLOUR_MARKERS[t])
        if cargo[p * 4 + t] and not s.used & (USED_NO_COLOUR << t) and offered:
            acts.append(table[(GMT_GOOD, t, -1, -1)])
    for v in range(9):
        if hand[p * 9 + v] and s.supply[MARKER_COLOUR[v]]:
            acts.append(table[(GMT_MARKER, -1, v, -1)])


def legal_take(g: KoggeGame, s: KoggeState) -> list[Action]:
    """The markers of the colour given that the reserve holds, or none if it holds none."""
    found: list[Action] = [g.take[v] for v in COLOUR_MARKERS[s.taking] if s.reserve[v]]
    return found or [g.take_none]


def apply_take(g: KoggeGame, s: KoggeState, marker: int) -> None:
    p = s.actor
    good = s.taking
    s.taking = -1
    s.phase = Decision.ACTION
    if marker < 0:
        # 'Ist der entsprechende Vorrat leer, kann dieser Tausch nicht vorgenommen werden.'
        s.supply[good] -= 1
        s.cargo[p * 4 + good] += 1
        s.used = (s.used & ~USED_GM_TRADE) | (USED_NO_COLOUR << good)
        return
    s.reserve[marker] -= 1
    s.hand[p * 9 + marker] += 1


def apply_trade(
    g: KoggeGame, s: KoggeState, option: int, good: int, marker: int, chip: int
) -> None:
    p = s.actor
    s.used |= USED_GM_TRADE
    if option == GMT_RAID:
        s.hand[p * 9 + marker] -= 3
        s.reserve[marker] += 3
        s.raid_hand[p] += 1
        s.raid_total[p] += 1
    elif option == GMT_CHIP:
        s.cargo[p * 4 + good] -= 6
        s.supply[good] += 6
        s.chips_left[chip] -= 1
        s.chips[p * 4 + chip] += 1
        check_win(s, p)
    elif option == GMT_GOOD:
        s.cargo[p * 4 + good] -= 1
        s.supply[good] += 1
        s.taking = good
        s.phase = Decision.TAKE_MARKER
    else:
        colour = MARKER_COLOUR[marker]
        s.hand[p * 9 + marker] -= 1
        s.reserve[marker] += 1
        s.supply[colour] -= 1
        s.cargo[p * 4 + colour] += 1
