"""Every possible action of a Speicherstadt configuration, enumerated once (DESIGN.md, "Actions").

The research environments (``hanse.env``) number these lists to get a fixed action space; the
rules never read them. The lists follow the configuration's cards (``Tables.initial_deck``: the
Kaispeicher flag and the cards put back for the player count, Spielvorbereitung 9):

- a card ability's actions exist only when its card is in the game (Spitzel, Fischmarkt,
  Hafenmeister's 2:1 exchange, Auktionshalle, Schmuggler, LKW, Kaffeepause, Einsatzleiter,
  Versicherung), and reservations only with Kaispeicher;
- a contract is named by its index among a seat's contracts, so indices stop at the number of
  contract cards in the game; a cube goes to a contract only when some contract needs its good, to
  ``sell`` only when a Kaufmann or Händler buys it, to ``deliver`` only when a delivery building
  takes it;
- a worker position (Spitzel) is ``card * 8 + level`` on the n+1 water fields (8 building spaces
  each, "Nachfrage"), or ``card * 8`` for a reserved card counted after the water fields.

Left out because no rule can offer them: a cube loaded from the Lager into the Lager or from the
market hall into the market hall, ``market`` as the destination of a plain load, an LKW move onto
the contract it leaves.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import (
    DST_CONTRACT,
    DST_DELIVER,
    DST_HALL,
    DST_MARKET,
    DST_SELL,
    DST_WAREHOUSE,
    SRC_HALL,
    SRC_SHIP,
    SRC_WAREHOUSE,
)
from hanse.games.speicherstadt.game import DOUBLE, INSURE
from hanse.games.speicherstadt.rules.demand import PAUSE
from hanse.games.speicherstadt.rules.purchase import BUY, BUY_FREE, DECLINE


def _in_game(t: Any, kind: int) -> bool:
    return any(n and t.kind[i] == kind for i, n in enumerate(t.initial_deck))


def _goods_of(t: Any, *kinds: int) -> set[int]:
    return {t.good[i] for i, n in enumerate(t.initial_deck) if n and t.kind[i] in kinds}


def _destinations(t: Any, good: int, src: int) -> list[int]:
    """Where a cube of `good` from `src` (-1: a cube from the supply or an opponent) may go."""
    contracts = sum(n for i, n in enumerate(t.initial_deck) if t.kind[i] == data.CONTRACT)
    needed = {g for i, n in enumerate(t.initial_deck) if n for g in t.contract_goods[i]}
    found = [DST_CONTRACT + k for k in range(contracts)] if good in needed else []
    if good in _goods_of(t, data.MERCHANT, data.TRADER):
        found.append(DST_SELL)
    if good in _goods_of(t, data.PROCESSOR):
        found.append(DST_DELIVER)
    if src != SRC_WAREHOUSE:
        found.append(DST_WAREHOUSE)
    if src != SRC_HALL:
        found.append(DST_HALL)
    if src < 0:
        found.append(DST_MARKET)
    return sorted(found)


def contract_slots(game: Any) -> int:
    """How many contracts one seat can own: the contract cards of the configuration."""
    t = game.tables
    return sum(n for i, n in enumerate(t.initial_deck) if t.kind[i] == data.CONTRACT)


def all_actions(game: Any) -> tuple[Any, ...]:
    """Every action a seat may be offered in `game` (a SpeicherstadtGame), in a fixed order."""
    t = game.tables
    goods = range(t.num_goods)
    contracts = range(contract_slots(game))
    actions: list[Any] = [*t.place]
    if t.kaispeicher:
        actions += t.reserve_action
    if _in_game(t, data.COFFEE_BREAK):
        actions.append(PAUSE)
    actions.append(t.done)
    if _in_game(t, data.SPY):
        positions = [card * 8 + level for card in range(t.row) for level in range(8)]
        positions += [card * 8 for card in range(t.row, 2 * t.row)]
        actions += [t.spy_action(a, b) for a in positions for b in positions if a != b]
    actions.append(BUY)
    if _in_game(t, data.FISH_MARKET):
        actions.append(BUY_FREE)
    actions.append(DECLINE)
    for good in goods:
        for src in (SRC_SHIP, SRC_WAREHOUSE, SRC_HALL):
            actions += [t.load[good][src][dst] for dst in _destinations(t, good, src)]
    sizes = (2, 3) if _in_game(t, data.HARBOUR_MASTER) else (3,)
    for size in sizes:
        for give in combinations_with_replacement(goods, size):
            actions += [t.exchange[give, take] for take in goods]
    actions += [t.sell[give] for give in combinations_with_replacement(goods, 2)]
    if _in_game(t, data.AUCTION_HALL):
        actions += [t.auction[good][dst] for good in goods for dst in _destinations(t, good, -1)]
    needed = sorted({g for i, n in enumerate(t.initial_deck) if n for g in t.contract_goods[i]})
    if _in_game(t, data.SMUGGLER):
        actions += [
            t.smuggle_action(victim, k, good, dst)
            for victim in range(t.num_players)
            for k in contracts
            for good in needed
            for dst in _destinations(t, good, -1)
        ]
    if _in_game(t, data.TRUCK):
        actions += [
            t.truck_action(k, good, j)
            for k in contracts
            for good in needed
            for j in contracts
            if j != k
        ]
    if _in_game(t, data.FIRE_CHIEF):
        actions.append(DOUBLE)
    if _in_game(t, data.INSURANCE):
        actions.append(INSURE)
    return tuple(actions)


def all_chance_outcomes(game: Any) -> tuple[Any, ...]:
    """Every chance outcome: each card in the configuration's deck, a cube of each good."""
    t = game.tables
    cards = tuple(t.draw_card[i] for i, n in enumerate(t.initial_deck) if n)
    return (*cards, *t.draw_cube[: t.num_goods])
