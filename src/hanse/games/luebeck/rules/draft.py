"""Kartenpäckchen wählen: each player from the start player clockwise takes one pack; the last
drafter (right of the start player) names who makes the first action: themself or anybody.
"""

from __future__ import annotations

from typing import Any

from .. import actions as act
from ..state import ACTION, DRAFT, LuebeckState
from ..state import CHOOSE_FIRST as CHOOSE_FIRST_PHASE


def begin(s: LuebeckState) -> None:
    """The start player chooses first; with no pack laid out nobody drafts."""
    s.phase = DRAFT
    s.actor = s.start_player
    if not s.layout:
        _all_drafted(s)


def _all_drafted(s: LuebeckState) -> None:
    s.phase = CHOOSE_FIRST_PHASE
    s.actor = (s.start_player - 1) % len(s.scores)


def legal_drafts(s: LuebeckState) -> list[Any]:
    return list(act.DRAFT[: len(s.layout)])


def legal_first_actors(s: LuebeckState) -> list[Any]:
    return list(act.CHOOSE_FIRST[: len(s.scores)])


def apply_draft(s: LuebeckState, pack: int) -> None:
    """Take the pack into the hand, in everybody's sight (so its cards become known)."""
    p = s.actor
    cards = s.layout.pop(pack)
    s.hands[p] = tuple(sorted(s.hands[p] + cards))
    s.known[p] = tuple(sorted(s.known[p] + cards))
    n = len(s.scores)
    last = (s.start_player - 1) % n
    while p != last:
        p = (p + 1) % n
        if s.layout:
            s.actor = p
            return
    # Every player has chosen (a player finding no pack left is skipped).
    _all_drafted(s)


def apply_choose_first(s: LuebeckState, seat: int) -> None:
    s.phase = ACTION
    s.actor = seat
    s.passed = 0
