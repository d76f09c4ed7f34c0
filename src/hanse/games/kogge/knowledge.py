"""What the whole table knows of each player's secret markers and goods.

While holdings are secret (RULINGS.md, "Holdings are secret"; always in expert rules C and D)
another player's markers and goods show as counts, yet much of them came and went in the open: the
nine start markers, bids, bought lots, fees, the guild master's trades, trades between players.
``state.known_hand[p * 9 + v]`` and ``state.known_cargo[p * 4 + t]`` are lower bounds on what
seat ``p`` holds that anybody can keep from the public log: an open gain raises them, an open loss
lowers them (never below zero: the loss may have been a marker nobody knew of), and a secret loss
of ``k`` pieces (a marker laid face down, a conflict's markers, a robbed pile, a conflict's
demand) lowers every entry by ``k``, since any of them may have gone. A secret gain (a marker
drawn unseen, the other side's conflict markers, a pile, demanded goods) leaves them as they are.

Views show these bounds, and ``determinize`` and ``resample_hidden`` deal every hidden hand and
cargo on top of them, so a sampled world keeps what the table has seen (issue 18, "re-deal them
consistently with what was public"). Markers in a conflict's secret choice still count as their
owner's (the choice is secret until both have chosen), and so do the goods of a robbed cargo while
it lies split in two piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import (
    ChangeRoute,
    ConflictBid,
    Deal,
    Decision,
    Demand,
    Split,
    TakePile,
)
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame

Snapshot = tuple[list[int], list[int], list[int], list[int], int, int, list[int]]


def snapshot(s: KoggeState) -> Snapshot:
    return s.hand[:], s.cargo[:], s.stake[:], s.conf[:], s.victim, s.actor, s.sq_val[:]


def _public_change(known: list[int], before: list[int], after: list[int]) -> None:
    if before == after:
        return
    for i, (old, new) in enumerate(zip(before, after, strict=True)):
        if old != new:
            known[i] = max(0, known[i] + new - old)


def _secret_loss(known: list[int], base: int, width: int, lost: int) -> None:
    if lost:
        for i in range(base, base + width):
            known[i] = max(0, known[i] - lost)


def update(g: KoggeGame, s: KoggeState, phase: int, action: Action, before: Snapshot) -> None:
    """Bring the bounds up to date after ``action`` was applied in ``phase`` (the state ``s``
    is the state after it; ``before`` its holdings before)."""
    hand, cargo, stake, conf, victim, actor, squares = before
    kind = type(action)
    if kind is Split or (kind is ConflictBid and s.phase == Decision.CONFLICT_BID):
        return  # pieces move within their owner's secret holdings
    if kind is Deal:
        if phase == Decision.DRAW_BONUS:
            return  # a marker drawn unseen: a secret gain
        _public_change(s.known_hand, hand, s.hand)
        return
    if kind is ChangeRoute:
        assert isinstance(action, ChangeRoute)
        _secret_loss(s.known_hand, actor * 9, 9, 1)
        if not g.memory:
            # The marker taken back lay face up: everybody saw it.
            s.known_hand[actor * 9 + squares[2 * s.pos[actor] + action.slot]] += 1
        return
    if kind is ConflictBid:  # the last choice: the markers are exchanged
        assert isinstance(action, ConflictBid)
        attacker, defender = conf
        _secret_loss(s.known_hand, attacker * 9, 9, sum(stake[:9]))
        _secret_loss(s.known_hand, defender * 9, 9, sum(stake[9:]) + action.count)
        return
    if kind is TakePile:
        robber = s.turn_owner
        gained = sum(s.cargo[robber * 4 : robber * 4 + 4]) - sum(cargo[robber * 4 : robber * 4 + 4])
        _secret_loss(s.known_cargo, victim * 4, 4, gained)
        return
    if kind is Demand:
        for p in range(g.num_players):
            lost = sum(cargo[p * 4 : p * 4 + 4]) - sum(s.cargo[p * 4 : p * 4 + 4])
            if lost > 0:
                _secret_loss(s.known_cargo, p * 4, 4, lost)
        return
    _public_change(s.known_hand, hand, s.hand)
    _public_change(s.known_cargo, cargo, s.cargo)
