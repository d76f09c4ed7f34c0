"""3) Spielerphase: the order of turns and the bookkeeping of one turn.

Each player in turn order first moves his cog (3A), then takes the actions a-f in any order, each
at most once per round (``state.used``). After the last player the next round begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.rules.bidding import start_round
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.games.kogge.game import KoggeGame

# Bits of ``state.used``: each action once per round (3B Aktionen).
USED_BUILD = 1
USED_GM_TRADE = 2
USED_BUY = 4
USED_EXCHANGE = 8
USED_ROUTE = 16
USED_ROB = 32
USED_LOOK = 64
USED_MOVED = 128  # the movement is over: the action phase has begun
USED_NO_COLOUR = 256  # << good: the reserve held no marker of that colour (guild master trade)
USED_NAMES = (
    (USED_BUILD, "build_kontor"),
    (USED_GM_TRADE, "guildmaster_trade"),
    (USED_BUY, "buy_markers"),
    (USED_EXCHANGE, "exchange"),
    (USED_ROUTE, "change_route"),
    (USED_ROB, "rob"),
    (USED_LOOK, "look"),
    (USED_MOVED, "movement"),
    (USED_NO_COLOUR, "no_ore_marker"),
    (USED_NO_COLOUR << 1, "no_fur_marker"),
    (USED_NO_COLOUR << 2, "no_amber_marker"),
    (USED_NO_COLOUR << 3, "no_salt_marker"),
)


def end_movement(s: KoggeState) -> None:
    """3A is over, 3B begins. Offers to other players are counted afresh: one per partner while
    moving and one per partner in the action phase (Handel untereinander)."""
    s.phase = Decision.ACTION
    s.used |= USED_MOVED
    s.traded = 0


def start_player_phase(g: KoggeGame, s: KoggeState) -> None:
    s.idx = 0
    start_turn(s, s.order[0])


def start_turn(s: KoggeState, p: int) -> None:
    s.phase = Decision.MOVE
    s.actor = s.turn_owner = p
    s.turn_start = s.pos[p]
    s.steps = 0
    s.used = 0
    s.traded = 0


def finish_turn(g: KoggeGame, s: KoggeState) -> None:
    s.idx += 1
    if s.idx < g.num_players:
        start_turn(s, s.order[s.idx])
        return
    start_round(g, s)
