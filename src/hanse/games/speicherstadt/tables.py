"""Static tables built once per game configuration (player count, Kaispeicher flag).

Everything the rules look up often lives here as tuples indexed by card or good, and every action
object that a legal-action list can contain is created once and reused (interned).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import (
    DST_MARKET,
    Auction,
    Done,
    DrawCard,
    DrawCube,
    Exchange,
    Load,
    PlaceWorker,
    Reserve,
    Sell,
    Smuggle,
    Spy,
    Truck,
)
from hanse.games.speicherstadt.data import ALL_CARDS

SELL_BIT = 32
"""abilities bit SELL_BIT + g: the seat owns a Kaufmann or Händler for good g."""
DELIVER_BIT = 40
"""abilities bit DELIVER_BIT + g: the seat owns a delivery building (2 VP) for good g."""
DESTINATIONS = DST_MARKET
"""Destinations of a load move (DST_MARKET is only for the Auktionshalle and the Schmuggler)."""


class Tables:
    """Per-configuration constants and interned actions."""

    def __init__(self, num_players: int, kaispeicher: bool) -> None:
        n = num_players
        self.num_players = n
        self.kaispeicher = kaispeicher
        self.num_goods = data.ALL_GOODS if kaispeicher else data.BASE_GOODS
        self.row = n + 1  # Angebot: n+1 cards (Kaispeicher: again in the upper row)
        self.workers = 4 if kaispeicher else 3  # the 4th/5th worker marks the score
        self.income = 2 if kaispeicher else 1
        self.num_cards = len(ALL_CARDS)
        self.kind = tuple(c.kind for c in ALL_CARDS)
        self.value = tuple(c.value for c in ALL_CARDS)
        self.good = tuple(c.good for c in ALL_CARDS)
        self.season = tuple(c.season for c in ALL_CARDS)
        self.initial_deck = tuple(
            c.count if (kaispeicher or not c.expansion) and n not in c.removed_for else 0
            for c in ALL_CARDS
        )
        self.removed = tuple(
            c.count if (kaispeicher or not c.expansion) and n in c.removed_for else 0
            for c in ALL_CARDS
        )
        self.season_cards = tuple(
            tuple(i for i, c in enumerate(ALL_CARDS) if c.season == s and self.initial_deck[i])
            for s in range(5)
        )
        self.initial_cubes = tuple(
            data.CUBES_PER_BASE_GOOD if g < data.BASE_GOODS else data.CUBES_PER_NEW_GOOD
            for g in range(self.num_goods)
        )
        self.sell_price = tuple(1 if g < data.BASE_GOODS else 3 for g in range(self.num_goods))
        # Contracts: per card and filled-slot mask, the goods of the free slots, and for each good
        # the slot bit to fill next or to empty.
        self.full_mask = tuple((1 << len(c.goods)) - 1 for c in ALL_CARDS)
        self.free_goods: list[tuple[int, ...]] = []
        self.fill_bit: list[tuple[tuple[int, ...], ...]] = []
        self.empty_bit: list[tuple[tuple[int, ...], ...]] = []
        for c in ALL_CARDS:
            masks = range(1 << len(c.goods))
            self.free_goods.append(
                tuple(
                    sum(1 << c.goods[i] for i in range(len(c.goods)) if not m >> i & 1)
                    for m in masks
                )
            )
            self.fill_bit.append(
                tuple(tuple(self._slot(c.goods, m, g, False) for g in range(8)) for m in masks)
            )
            self.empty_bit.append(
                tuple(tuple(self._slot(c.goods, m, g, True) for g in range(8)) for m in masks)
            )
        # Interned actions.
        goods = range(self.num_goods)
        self.draw_card = tuple(DrawCard(i) for i in range(self.num_cards))
        self.draw_cube = tuple(DrawCube(g) for g in range(data.ALL_GOODS))
        self.place = tuple(PlaceWorker(i) for i in range(self.row))
        self.reserve_action = tuple(Reserve(i) for i in range(self.row))
        self.load = tuple(
            tuple(tuple(Load(g, src, dst) for dst in range(DESTINATIONS)) for src in range(3))
            for g in goods
        )
        self.auction = tuple(
            tuple(Auction(g, dst) for dst in range(DESTINATIONS + 1)) for g in goods
        )
        self.multisets: dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}
        self.exchange: dict[tuple[tuple[int, ...], int], Exchange] = {}
        self.sell: dict[tuple[int, ...], Sell] = {}
        for size in (2, 3):
            sets = []
            for give in combinations_with_replacement(goods, size):
                counts = tuple(give.count(g) for g in goods)
                sets.append((give, counts))
                for take in goods:
                    self.exchange[give, take] = Exchange(give, take)
                if size == 2:
                    self.sell[give] = Sell(give)
            self.multisets[size] = tuple(sets)
        self.smuggle: dict[tuple[int, int, int, int], Smuggle] = {}
        self.truck: dict[tuple[int, int, int], Truck] = {}
        self.spy: dict[tuple[int, int], Spy] = {}
        self.done = Done()
        # Keys of the inventory.
        self.contract_goods = tuple(c.goods for c in ALL_CARDS)
        self.cube_keys = tuple(f"cube:{name}" for name in data.GOOD_NAMES[: self.num_goods])
        self.card_keys = tuple(f"card:{card.key}" for card in ALL_CARDS)
        self.worker_keys = tuple(f"workers:{seat}" for seat in range(n))

    @staticmethod
    def _slot(goods: tuple[int, ...], mask: int, good: int, filled: bool) -> int:
        """The bit of the first free slot (or last filled slot) of `good`, 0 if there is none."""
        slots = [i for i, g in enumerate(goods) if g == good and bool(mask >> i & 1) == filled]
        if not slots:
            return 0
        return 1 << (slots[-1] if filled else slots[0])

    def abilities(self, cards: tuple[int, ...]) -> int:
        """The abilities bitmask of a seat owning `cards` (kinds, goods sold, goods delivered)."""
        bits = 0
        for card in cards:
            kind = self.kind[card]
            bits |= 1 << kind
            if kind == data.MERCHANT or kind == data.TRADER:
                bits |= 1 << (SELL_BIT + self.good[card])
            elif kind == data.PROCESSOR:
                bits |= 1 << (DELIVER_BIT + self.good[card])
        return bits

    def smuggle_action(self, victim: int, contract: int, good: int, dst: int) -> Smuggle:
        key = (victim, contract, good, dst)
        action = self.smuggle.get(key)
        if action is None:
            action = self.smuggle[key] = Smuggle(*key)
        return action

    def truck_action(self, source: int, good: int, target: int) -> Truck:
        key = (source, good, target)
        action = self.truck.get(key)
        if action is None:
            action = self.truck[key] = Truck(*key)
        return action

    def spy_action(self, own: int, other: int) -> Spy:
        key = (own, other)
        action = self.spy.get(key)
        if action is None:
            action = self.spy[key] = Spy(*key)
        return action


@cache
def tables_for(num_players: int, kaispeicher: bool) -> Tables:
    """The tables of a configuration, built once per process (they are immutable)."""
    return Tables(num_players, kaispeicher)
