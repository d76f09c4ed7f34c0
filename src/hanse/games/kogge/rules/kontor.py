"""3B a) Kontor bauen.

A Kontor costs exactly the three goods the city does not produce (one each) and one marker with
the city's number, or two if the city already has a Kontor (anybody's). A city holds at most two.
Each Kontor is a development point; a player has four, and building a fifth would reach five
development points, which wins at once (Spielziel und Spielende).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.data import CITY_GOOD, KONTORE_PER_PLAYER
from hanse.games.kogge.rules.common import add_kontor, check_win, end_game, kontor_count
from hanse.games.kogge.rules.phase import USED_BUILD
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def can_build(s: KoggeState, p: int) -> bool:
    c = s.pos[p]
    k = kontor_count(s, c)
    if k >= 2 or s.hand[p * 9 + c] < k + 1:
        return False
    own = CITY_GOOD[c]
    return all(s.cargo[p * 4 + t] for t in range(4) if t != own)


def add_build(g: KoggeGame, s: KoggeState, acts: list[Action]) -> None:
    if can_build(s, s.actor):
        acts.append(g.build)


def apply_build(g: KoggeGame, s: KoggeState) -> None:
    p = s.actor
    c = s.pos[p]
    own = CITY_GOOD[c]
    for t in range(4):
        if t != own:
            s.cargo[p * 4 + t] -= 1
            s.supply[t] += 1
    need = kontor_count(s, c) + 1
    s.hand[p * 9 + c] -= need
    s.reserve[c] += need
    s.used |= USED_BUILD
    if s.kontore[p] >= KONTORE_PER_PLAYER:
        # The fifth Kontor would be the fifth development point: the game ends with his win.
        s.winner = p
        end_game(s)
        return
    add_kontor(s, p, c)
    check_win(s, p)
