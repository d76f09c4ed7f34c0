"""3A) Bewegung: the cog sails along the routes shown by the markers of its city.

The first step is free (two with the chip "2 Felder gehen"); each further step costs one good or
one marker of any kind. A face-down marker may be taken without looking; it is turned (and stays
face up; in Memory it is shown and covered again). A face-up route into a city with the player's
own robbery marker may not be taken; a face-down one that leads there leaves the cog where it is
and ends the movement, the fee being lost (RULINGS.md). With the chip "Geheimweg" the cog may sail
to the guild master's city for one extra good or marker; when the step itself costs one, the two
items are chosen one at a time (``Move`` with the first, then ``PayFee`` with one no lower). Goods
in the player's own Kontor may be collected in every city of the movement (Waren und Kontore). The
cog may also stay. Trades with other players (Handel untereinander, 'JEDERZEIT') may be offered in
every city of the movement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import SECRET_SLOT, ActionList, Decision, Move, PayFee
from hanse.games.kogge.data import CHIP_SECRET_ROUTE
from hanse.games.kogge.rules import trading
from hanse.games.kogge.rules.common import free_steps, pay, pay_item, route_target
from hanse.games.kogge.rules.phase import end_movement
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def held_items(s: KoggeState, p: int) -> list[int]:
    """The kinds of item seat ``p`` can pay with, in the order of items: goods 0-3 (ore, fur,
    amber, salt), then markers as 4 + number."""
    cargo, hand = s.cargo, s.hand
    items = [t for t in range(4) if cargo[p * 4 + t]]
    items += [4 + v for v in range(9) if hand[p * 9 + v]]
    return items


def item_count(s: KoggeState, p: int, item: int) -> int:
    return s.cargo[p * 4 + item] if item < 4 else s.hand[p * 9 + item - 4]


def has_goods_to_collect(s: KoggeState, p: int, c: int) -> bool:
    for pl in (2 * c, 2 * c + 1):
        if s.kontor_owner[pl] == p and any(s.kontor_goods[pl * 4 : pl * 4 + 4]):
            return True
    return False


def legal_move(g: KoggeGame, s: KoggeState) -> list[Action]:
    p = s.actor
    c = s.pos[p]
    acts: list[Action] = ActionList()
    if has_goods_to_collect(s, p, c):
        acts.append(g.collect)
    paid = s.steps >= free_steps(s, p)
    if paid:
        items = held_items(s, p)
    for slot in (0, 1):
        sq = 2 * c + slot
        if s.sq_up[sq] and s.robbed[s.sq_val[sq]] >> p & 1:
            continue
        if paid:
            table = g.move_one[slot]
            acts.extend([table[i] for i in items])
        else:
            acts.append(g.move_free[slot])
    if s.chips[p * 4 + CHIP_SECRET_ROUTE] and s.gm != c and not s.robbed[s.gm] >> p & 1:
        # The Geheimweg costs one item more than the step: a free step costs one, a paid step
        # two, the second asked next (PAY_FEE) and no lower than the first, so that every pair
        # is paid in one way and a full hand offers 13 choices instead of 91.
        table = g.move_one[SECRET_SLOT]
        if not paid:
            acts.extend([table[i] for i in held_items(s, p)])
        else:
            last = items[-1] if items else -1
            for i in items:
                if i < last or item_count(s, p, i) >= 2:
                    acts.append(table[i])
    if g.kontor_trade or s.pos.count(c) > 1:
        # Handel untereinander: 'JEDERZEIT', so also in every city of the movement.
        trading.add_offers(g, s, acts)
    acts.append(g.stop)
    return acts


def legal_fee(g: KoggeGame, s: KoggeState) -> list[Action]:
    """The Geheimweg's second item: any held item no lower than the first (``fee_floor``)."""
    floor = s.fee_floor
    return ActionList([g.pay_fee[i] for i in held_items(s, s.actor) if i >= floor])


def apply_move(g: KoggeGame, s: KoggeState, action: Move) -> None:
    p = s.actor
    slot = action.slot
    if action.goods or action.markers:
        pay(s, p, action.goods, action.markers)
    if slot == SECRET_SLOT:
        if s.steps >= free_steps(s, p):
            # A paid step: the Geheimweg's second item is asked before the cog sails.
            s.fee_floor = action.goods[0] if action.goods else 4 + action.markers[0]
            s.phase = Decision.PAY_FEE
            return
        s.steps += 1
        s.pos[p] = s.gm
        return
    s.steps += 1
    dest = route_target(g, s, p, 2 * s.pos[p] + slot)
    if dest < 0:
        end_movement(s)
        return
    s.pos[p] = dest


def apply_fee(g: KoggeGame, s: KoggeState, action: PayFee) -> None:
    """The second item paid: the cog sails to the guild master's city and moves on from there."""
    p = s.actor
    pay_item(s, p, action.good, action.marker)
    s.fee_floor = -1
    s.phase = Decision.MOVE
    s.steps += 1
    s.pos[p] = s.gm


def apply_collect(g: KoggeGame, s: KoggeState, action: object = None) -> None:
    p = s.actor
    c = s.pos[p]
    for pl in (2 * c, 2 * c + 1):
        if s.kontor_owner[pl] == p:
            for t in range(4):
                s.cargo[p * 4 + t] += s.kontor_goods[pl * 4 + t]
                s.kontor_goods[pl * 4 + t] = 0


def apply_stop(g: KoggeGame, s: KoggeState, action: object = None) -> None:
    end_movement(s)
