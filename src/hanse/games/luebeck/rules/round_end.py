"""Nach der Runde: what happens once every player has passed.

In order (RULINGS.md): the Verdoppelung cards lying before players go to the discard pile (they
are valid only this round); cogs at the end stations Reval, London and Brügge are cleared (figures
to the reserves, cogs to the cog field); then each player, in turn from the start player, may take
back any own figures from cogs, one decision per figure, then ``keep`` (players with no figure on a
cog are skipped); then the compass passes clockwise and the next layout is built. After the last
round the final scoring follows at once (taking figures back would change nothing).
"""

from __future__ import annotations

from typing import Any

from .. import data
from ..actions import KEEP, TAKE_BACK, TakeBack
from ..state import TAKE_BACK as TAKE_BACK_PHASE
from ..state import LuebeckState
from . import cards, layout, scoring
from . import cogs as cog_rules


def end_round(s: LuebeckState) -> None:
    for p, lying in enumerate(s.lying):
        for kind in lying:
            s.discard[kind] += 1
        s.discard_size += len(lying)
        s.lying[p] = ()
    if s.last_round:
        scoring.final_scoring(s)
        return
    clear_end_stations(s)
    s.passed = 0
    s.phase = TAKE_BACK_PHASE
    _next_taker(s, s.start_player)


def clear_end_stations(s: LuebeckState) -> None:
    """Koggen an den Endstationen werden gelöscht."""
    ends = data.END_STATION_SET
    shift = data.COG_SHIFT
    kept = [code for code in s.cogs if code >> shift not in ends]
    s.free_cogs += len(s.cogs) - len(kept)
    s.cogs = kept


def _next_taker(s: LuebeckState, first: int) -> None:
    """The first seat from `first` up to the seat before the start player with a figure aboard."""
    n = len(s.scores)
    p = first
    while True:
        if cog_rules.figures_on_cogs(s, p):
            s.actor = p
            return
        p = (p + 1) % n
        if p == s.start_player:
            next_round(s)
            return


def legal_take_backs(s: LuebeckState) -> list[Any]:
    mine, _ = cards.own_cogs(s, 1 << s.actor)
    return [*(TAKE_BACK[i] for i, _ in mine), KEEP]


def apply_take_back(s: LuebeckState, action: Any) -> None:
    p = s.actor
    if type(action) is TakeBack:
        cog_rules.replace(s, action.cog, s.cogs[action.cog] & ~(1 << p))
        if cog_rules.figures_on_cogs(s, p):
            return  # the same player decides on the next figure
    n = len(s.scores)
    following = (p + 1) % n
    if following == s.start_player:
        next_round(s)
    else:
        _next_taker(s, following)


def next_round(s: LuebeckState) -> None:
    """The compass passes clockwise; the new start player builds the layout."""
    s.start_player = (s.start_player + 1) % len(s.scores)
    s.round_no += 1
    layout.begin(s)
