"""Expert rule C (Konflikte): after the action phase of the player on turn.

In his city the active player may start one conflict with another cog there; then each other
player whose cog is still there, in turn order, may attack the active player, each pair fighting
at most once per turn; once the active cog is pushed away no further conflict follows
(RULINGS.md, "C, where"). Both sides secretly choose markers (at least one if they have any),
each asked how many of every value from 8 down to 0 so that the number of decisions tells nothing
(RULINGS.md, "C, secret choice"); the chosen markers are exchanged, and the better combination by
the bid ranking wins (equal choices: nobody wins, Hanse's reading where the rulebook is silent).
The winner names three goods and takes those the loser has, then may move the loser's cog one
step along a route of its city (not a face-up one into a city with the loser's own robbery
marker). The others learn who won, how many markers went each way and how many goods the winner
took. No conflicts follow a robbery, which ends the turn at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import Attack, Decision, Push
from hanse.games.kogge.rules.bidding import bid_key
from hanse.games.kogge.rules.common import home_known, open_slots, step_away
from hanse.games.kogge.rules.phase import finish_turn
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def begin_conflicts(g: KoggeGame, s: KoggeState) -> None:
    a = s.turn_owner
    s.conf_stage = 0
    s.conf_done = 0
    # RULINGS.md, "C, where": then each other player there, in turn order, may attack.
    s.queue = [q for q in s.order if q != a]
    advance(g, s)


def advance(g: KoggeGame, s: KoggeState) -> None:
    a = s.turn_owner
    c = s.pos[a]
    s.conf = [-1, -1]
    s.conf_winner = -1
    if s.conf_stage == 0:
        s.conf_stage = 1
        if any(s.pos[q] == c for q in range(g.num_players) if q != a):
            s.phase = Decision.ATTACK
            s.actor = a
            return
    while s.queue:
        q = s.queue.pop(0)
        if s.pos[q] == c and not s.conf_done >> q & 1:
            s.phase = Decision.ATTACK
            s.actor = q
            return
    s.conf_stage = 0
    s.conf_done = 0
    finish_turn(g, s)


def legal_attack(g: KoggeGame, s: KoggeState) -> list[Action]:
    a = s.turn_owner
    p = s.actor
    if p != a:
        return [g.skip, g.attack[a]]
    c = s.pos[a]
    return [g.skip] + [g.attack[q] for q in range(g.num_players) if q != a and s.pos[q] == c]


def apply_attack(g: KoggeGame, s: KoggeState, action: Action) -> None:
    if not isinstance(action, Attack):
        advance(g, s)
        return
    p = s.actor
    s.conf = [p, action.seat]
    other = action.seat if p == s.turn_owner else p
    s.conf_done |= 1 << other
    s.phase = Decision.CONFLICT_BID
    s.conf_value = 8


def legal_conflict_bid(g: KoggeGame, s: KoggeState) -> list[Action]:
    """How many markers of the value asked (``conf_value``) go into the choice; none only if the
    choice can still hold a marker, or the hand has none at all."""
    p = s.actor
    v = s.conf_value
    i = 0 if p == s.conf[0] else 1
    held = s.hand[p * 9 + v]
    must = held and not any(s.stake[i * 9 : i * 9 + 9]) and not any(s.hand[p * 9 : p * 9 + v])
    options: list[Action] = g.cbid[v][1 if must else 0 : held + 1]
    return options


def _stake_markers(s: KoggeState, i: int) -> tuple[int, ...]:
    return tuple(v for v in range(8, -1, -1) for _ in range(s.stake[i * 9 + v]))


def apply_conflict_bid(g: KoggeGame, s: KoggeState, count: int) -> None:
    p = s.actor
    v = s.conf_value
    i = 0 if p == s.conf[0] else 1
    s.hand[p * 9 + v] -= count
    s.stake[i * 9 + v] += count
    if v:
        s.conf_value = v - 1
        return
    if i == 0:
        s.actor = s.conf[1]
        s.conf_value = 8
        return
    att, dfd = s.conf
    key_a = bid_key(_stake_markers(s, 0))
    key_d = bid_key(_stake_markers(s, 1))
    # The chosen markers are exchanged and kept.
    for w in range(9):
        s.hand[att * 9 + w] += s.stake[9 + w]
        s.hand[dfd * 9 + w] += s.stake[w]
    s.stake = [0] * 18
    if key_a == key_d:
        advance(g, s)
        return
    s.conf_winner = att if key_a > key_d else dfd
    s.phase = Decision.DEMAND
    s.actor = s.conf_winner


def legal_demand(g: KoggeGame, s: KoggeState) -> list[Action]:
    return g.demand


def _loser(s: KoggeState) -> int:
    return s.conf[1] if s.conf_winner == s.conf[0] else s.conf[0]


def apply_demand(g: KoggeGame, s: KoggeState, goods: tuple[int, int, int, int]) -> None:
    w = s.conf_winner
    loser = _loser(s)
    for t in range(4):
        got = min(goods[t], s.cargo[loser * 4 + t])
        s.cargo[loser * 4 + t] -= got
        s.cargo[w * 4 + t] += got
    s.phase = Decision.PUSH


def legal_push(g: KoggeGame, s: KoggeState) -> list[Action]:
    """'entlang der durch die Wegemarker erlaubten Handelsrouten': not along a face-up route
    into a city with the loser's own robbery marker, which his cog may never enter."""
    loser = _loser(s)
    routes = [slot for slot in open_slots(s, loser) if not home_known(s, s.actor, loser, slot)]
    return [g.push[slot] for slot in routes] + [g.push[2]]


def apply_push(g: KoggeGame, s: KoggeState, action: Action) -> None:
    if isinstance(action, Push):
        loser = _loser(s)
        city = s.pos[loser]
        step_away(g, s, loser, action.slot)
        if s.pos[loser] != city and loser == s.turn_owner:
            # RULINGS.md, "C, where": once the active cog is pushed away, no further conflict
            # follows this turn (cogs where it lands take no part).
            s.queue = []
    advance(g, s)
