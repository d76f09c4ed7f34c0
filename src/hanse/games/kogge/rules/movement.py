"""3A) Bewegung: the cog sails along the routes shown by the markers of its city.

The first step is free (two with the chip "2 Felder gehen"); each further step costs one good or
one marker of any kind. A face-down marker may be taken without looking; it is turned (and stays
face up; in Memory it is shown and covered again). A face-up route into a city with the player's
own robbery marker may not be taken; a face-down one that leads there leaves the cog where it is
and ends the movement, the fee being lost (RULINGS.md). With the chip "Geheimweg" the cog may sail
to the guild master's city for one extra good or marker. Goods in the player's own Kontor may be
collected in every city of the movement (Waren und Kontore). The cog may also stay. Trades with
other players (Handel untereinander, 'JEDERZEIT') may be offered in every city of the movement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.kogge.actions import SECRET_SLOT, ActionList, Move
from hanse.games.kogge.data import CHIP_SECRET_ROUTE, CHIP_TWO_MOVES
from hanse.games.kogge.rules import trading
from hanse.games.kogge.rules.common import pay, route_target
from hanse.games.kogge.rules.phase import end_movement
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame

PayOption = tuple[tuple[int, ...], tuple[int, ...]]


def payments(s: KoggeState, p: int, cost: int) -> list[PayOption]:
    """Every way to pay ``cost`` (0..2) items from goods and markers, as (goods, markers)."""
    if cost == 0:
        return [((), ())]
    goods = [t for t in range(4) if s.cargo[p * 4 + t]]
    marks = [v for v in range(9) if s.hand[p * 9 + v]]
    if cost == 1:
        return [((t,), ()) for t in goods] + [((), (v,)) for v in marks]
    out: list[PayOption] = []
    for i, t in enumerate(goods):
        if s.cargo[p * 4 + t] >= 2:
            out.append(((t, t), ()))
        for u in goods[i + 1 :]:
            out.append(((t, u), ()))
    for t in goods:
        for v in marks:
            out.append(((t,), (v,)))
    for i, v in enumerate(marks):
        if s.hand[p * 9 + v] >= 2:
            out.append(((), (v, v)))
        for w in marks[i + 1 :]:
            out.append(((), (v, w)))
    return out


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
    free = 2 if s.chips[p * 4 + CHIP_TWO_MOVES] else 1
    paid = s.steps >= free
    if paid:
        cargo, hand = s.cargo, s.hand
        items = [t for t in range(4) if cargo[p * 4 + t]]
        items += [4 + v for v in range(9) if hand[p * 9 + v]]
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
        moves = g.move
        for goods, markers in payments(s, p, 2 if paid else 1):
            acts.append(moves[(SECRET_SLOT, goods, markers)])
    if g.kontor_trade or s.pos.count(c) > 1:
        # Handel untereinander: 'JEDERZEIT', so also in every city of the movement.
        trading.add_offers(g, s, acts)
    acts.append(g.stop)
    return acts


def apply_move(g: KoggeGame, s: KoggeState, action: Move) -> None:
    p = s.actor
    slot = action.slot
    if action.goods or action.markers:
        pay(s, p, action.goods, action.markers)
    s.steps += 1
    dest = s.gm if slot == SECRET_SLOT else route_target(g, s, p, 2 * s.pos[p] + slot)
    if dest < 0:
        end_movement(s)
        return
    s.pos[p] = dest


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
