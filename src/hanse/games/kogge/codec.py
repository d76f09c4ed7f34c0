"""Every possible action of a Kogge configuration, enumerated once (DESIGN.md, "Actions").

The research environments (``hanse.env``) number these lists to get a fixed action space; the
rules never read them. They are the game's own interned actions (``KoggeGame._build_tables``), so
a legal action is found by identity. Bids are laid one marker at a time, a conflict's secret
choice is asked value by value (RULINGS.md) and a step is paid with one item (the Geheimweg's
second item is its own decision), so no list grows with a hand.

Left out because no rule of the configuration can offer them: the Memory look and the start swap
without expert rule D, the tax without A, offers to a Kontor without B, the attack, the choice,
the demand and the push without C.
"""

from __future__ import annotations

from typing import Any


def all_actions(game: Any) -> tuple[Any, ...]:
    """Every action a seat may be offered in `game` (a KoggeGame), in a fixed order."""
    g = game
    n = g.num_players
    actions: list[Any] = [*g.choose_start]
    if g.memory:
        actions += [g.skip, *g.route]  # the start swap (D) and, below, the route change
    actions += [*g.bid, g.bid_done, *g.gm_move]
    if g.taxes:
        actions += g.pay_tax
    actions += [*g.move_free, *(move for table in g.move_one for move in table), *g.pay_fee]
    actions += [g.collect, g.stop, g.build, *g.gm_trade.values(), *g.take, g.take_none]
    actions += [*g.buy, *g.exchange, g.exchange_done]
    if not g.memory:
        actions += g.route
    else:
        actions += g.look.values()
    actions += [*g.rob, *g.split, *g.take_pile, *g.forced_step]
    actions += [
        g.offer_trade[2 * q + k] for q in range(n) for k in (0, 1) if k == 0 or g.kontor_trade
    ]
    actions += [*g.trade_item, g.send_offer, g.cancel_trade, *g.answer, g.end_turn]
    if g.conflicts:
        actions += [*g.attack, *(a for row in g.cbid for a in row), *g.demand, *g.push[:2]]
        if not g.memory:
            actions.append(g.skip)
    return tuple(actions)


def all_chance_outcomes(game: Any) -> tuple[Any, ...]:
    """Every outcome of a chance node: a marker drawn (set-up, offer, +1 chip) and the lot that
    orders two players in one start city."""
    return (*game.deal, *game.lot)
