"""3B) Aktionen: the menu of the action phase and the end of a turn.

After moving, the player takes the actions a-f in any order, each at most once per round; a
robbery ends the turn at once. Trades with other players (Handel untereinander) are offered by the
player on turn during his movement and his actions. With expert rule C, conflicts follow the
action phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import ActionList
from hanse.games.kogge.rules import (
    conflicts,
    exchange,
    guild_trade,
    kontor,
    markets,
    robbery,
    routes,
    trading,
)
from hanse.games.kogge.rules.phase import (
    USED_BUILD,
    USED_BUY,
    USED_EXCHANGE,
    USED_GM_TRADE,
    USED_LOOK,
    USED_ROB,
    USED_ROUTE,
    finish_turn,
)
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def legal_action_phase(g: KoggeGame, s: KoggeState) -> list[Action]:
    acts: list[Action] = ActionList()
    used = s.used
    p = s.actor
    c = s.pos[p]
    # The cheap preconditions are tested here so that most helpers are not even called.
    if not used & USED_BUILD:
        kontor.add_build(g, s, acts)
    if not used & USED_GM_TRADE and c == s.gm:
        guild_trade.add_options(g, s, acts)
    if not used & USED_BUY and s.offer:
        markets.add_options(g, s, acts)
    if not used & USED_EXCHANGE and c != s.turn_start:
        exchange.add_start(g, s, acts)
    if not used & USED_ROUTE:
        routes.add_changes(g, s, acts)
    if g.memory and not used & USED_LOOK:
        routes.add_looks(g, s, acts)
    if not used & USED_ROB and s.raid_hand[p]:
        robbery.add_robberies(g, s, acts)
    if s.pos.count(c) > 1 or g.kontor_trade:
        trading.add_offers(g, s, acts)
    acts.append(g.end_turn)
    return acts


def apply_end_turn(g: KoggeGame, s: KoggeState, action: object = None) -> None:
    if g.conflicts:
        conflicts.begin_conflicts(g, s)
        return
    finish_turn(g, s)
