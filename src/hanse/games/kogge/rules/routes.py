"""3B e) Handelsrouten verändern, and the look of expert rule D (Memory).

A player replaces one face-up marker of his city with one of his own markers, laid face down (no
marker may carry the city's own number; both routes may lead to the same city); he takes the old
one. Memory: all markers lie face down and may be replaced; for one good or marker a player may
look at the two markers of his city, which nobody else sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.rules.common import pay_item
from hanse.games.kogge.rules.movement import held_items
from hanse.games.kogge.rules.phase import USED_LOOK, USED_ROUTE
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def place_marker(g: KoggeGame, s: KoggeState, p: int, sq: int, marker: int) -> None:
    """Swap the marker on square ``sq`` for ``p``'s marker, face down; only ``p`` knows it, unless
    holdings are open (flag ``open_holdings``): then everybody saw which marker left the hand."""
    s.hand[p * 9 + s.sq_val[sq]] += 1
    s.hand[p * 9 + marker] -= 1
    s.sq_val[sq] = marker
    s.sq_up[sq] = 0
    s.sq_known[sq] = 1 << p if g.hidden else g.all_mask
    s.sq_placed[sq] = 1


def add_changes(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    p = s.actor
    c = s.pos[p]
    marks = [m for m in range(9) if s.hand[p * 9 + m] and m != c]
    for slot in (0, 1):
        if s.sq_up[2 * c + slot] or g.memory:
            for m in marks:
                acts.append(g.route[slot * 9 + m])


def apply_change(g: KoggeGame, s: KoggeState, slot: int, marker: int) -> None:
    p = s.actor
    place_marker(g, s, p, 2 * s.pos[p] + slot, marker)
    s.used |= USED_ROUTE


def add_looks(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    for i in held_items(s, s.actor):
        acts.append(g.look[(i, -1) if i < 4 else (-1, i - 4)])


def apply_look(g: KoggeGame, s: KoggeState, good: int, marker: int) -> None:
    p = s.actor
    pay_item(s, p, good, marker)
    c = s.pos[p]
    s.sq_known[2 * c] |= 1 << p
    s.sq_known[2 * c + 1] |= 1 << p
    s.used |= USED_LOOK
