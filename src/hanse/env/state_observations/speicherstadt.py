"""Die Speicherstadt observations from the state (the layout of
:mod:`hanse.env.observations.speicherstadt`).

The game has no secret, so the state is read as the view shows it: cards by design index, goods
as counts per good (a ship's cubes as a list of goods), worker tokens as seat plus grey bit.
"""

from __future__ import annotations

from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Entries, Layout, SegmentMemo
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.codec import contract_slots
from hanse.games.speicherstadt.data import ALL_CARDS
from hanse.games.speicherstadt.rules import cards as card_rules
from hanse.games.speicherstadt.rules import purchase, scoring
from hanse.games.speicherstadt.rules.offer import top_season
from hanse.games.speicherstadt.state import GREY, PURCHASE, SpeicherstadtState


class StateEncoder:
    """Writes a seat's Speicherstadt observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        t = game.tables
        self.game = game
        self.tables = t
        self.n = game.num_players
        self.kaispeicher = bool(game.config.kaispeicher)
        designs = [c for c, copies in enumerate(t.initial_deck) if copies]
        # design[card]: the card's index among the configuration's designs (-1: not in play).
        self.design = [-1] * len(ALL_CARDS)
        for i, card in enumerate(designs):
            self.design[card] = i
        contracts = [c for c in designs if t.kind[c] == data.CONTRACT]
        self.contract_design = {card: i for i, card in enumerate(contracts)}
        self.contract_slots = contract_slots(game)
        self.max_goods = max(len(ALL_CARDS[c].goods) for c in contracts)
        self.goods = t.num_goods
        # The piles change only when a card is drawn or discarded.
        self._piles = SegmentMemo(self._pile_entries)
        # A seat's cards, contracts and stores change seldom: so do their numbers.
        self._cards = SegmentMemo(self._card_entries)
        self._fireman_totals: dict[tuple[int, ...], int] = {}
        self._points: dict[tuple[Any, ...], int] = {}
        at, all_of = layout.at, layout.all
        self.decision = at("decision")
        self.decider = at("decider")
        self.round = at("round")
        self.final = at("final")
        self.deck_size = at("deck_size")
        self.start_player = at("start_player")
        self.next_deck = at("next_deck")
        self.deck = at("deck")
        self.discard = at("discard")
        self.rows = {
            row: (all_of(f"{row}.present"), all_of(f"{row}.card"), all_of(f"{row}.cubes"))
            for row in (("offer", "upper", "reserved") if self.kaispeicher else ("offer",))
        }
        self.offer_workers = all_of("offer.workers")
        if self.kaispeicher:
            self.reserved_workers = all_of("reserved.workers")
        self.cursor = at("cursor")
        self.price_known = at("price_known")
        self.price = at("price")
        self.pending_cubes = at("pending_cubes")
        self.pending_row = at("pending_row")
        self.fire = at("fire")
        self.fire_card = at("fire.card")
        self.fire_gain = at("fire.gain")
        self.fire_loss = at("fire.loss")
        self.truck_moves_left = at("truck_moves_left")
        self.stored_warehouse = at("stored_warehouse")
        self.stored_hall = at("stored_hall")
        self.market_cube = at("market_cube")
        self.bag = at("bag")
        self.reserve = at("reserve")
        self.pieces_aside = [at(name) for name in ("grey_aside", "grey_out")]
        self.breaks_aside = at("breaks_aside")
        self.breaks_used = at("breaks_used")
        self.coins = all_of("player.coins")
        self.score = all_of("player.score")
        self.workers = all_of("player.workers")
        self.grey_workers = all_of("player.grey_workers")
        self.break_cards = all_of("player.break_cards")
        self.done_placing = all_of("player.done_placing")
        self.firemen = all_of("player.firemen")
        self.bought = all_of("player.bought")
        self.end_points = all_of("player.end_points")
        self.cards = all_of("player.cards")
        self.contract = all_of("player.contract")
        self.contract_card = all_of("player.contract.card")
        self.contract_filled = all_of("player.contract.filled")
        self.contract_complete = all_of("player.contract.complete")
        self.warehouse = all_of("player.warehouse")
        self.market_hall = all_of("player.market_hall")
        self.cargo = all_of("player.cargo")

    def _end_points(self, s: SpeicherstadtState, seat: int) -> int:
        """``scoring.end_points``, memoised on what it reads (``scoring.breakdown``): the seat's
        cards, Lager, coins, contracts and their filled slots, which change seldom."""
        key = (s.cards[seat], s.warehouse[seat], s.coins[seat], s.contracts[seat], s.filled[seat])
        points = self._points.get(key)
        if points is None:
            if len(self._points) >= 50_000:
                self._points.clear()
            points = self._points[key] = scoring.end_points(self.tables, s, seat)
        return points

    def _firemen(self, cards: tuple[int, ...]) -> int:
        """``cards.fireman_total`` of a seat's cards, memoised."""
        total = self._fireman_totals.get(cards)
        if total is None:
            if len(self._fireman_totals) >= 50_000:
                self._fireman_totals.clear()
            total = self._fireman_totals[cards] = card_rules.fireman_total(self.tables, cards)
        return total

    def _card_entries(self, cards: tuple[int, ...]) -> Entries:
        """A seat's cards as (design, count) entries."""
        counts: dict[int, float] = {}
        for card in cards:
            design = self.design[card]
            counts[design] = counts.get(design, 0.0) + 1.0
        return list(counts), list(counts.values())

    def _pile_entries(self, counts: tuple[int, ...]) -> Entries:
        """A pile (counts per card) as (design, count) entries."""
        cards = [card for card, c in enumerate(counts) if c]
        return [self.design[card] for card in cards], [float(counts[card]) for card in cards]

    def write(
        self, s: SpeicherstadtState, seat: int, positions: list[int], values: list[float]
    ) -> None:
        n = self.n
        t = self.tables
        design = self.design
        put = positions.append
        val = values.append

        def number(position: int, value: float) -> None:
            if value:
                put(position)
                val(value)

        def counted(start: int, counts: Any) -> None:
            """Goods or cards given as counts per index."""
            for i, c in enumerate(counts):
                if c:
                    put(start + i)
                    val(float(c))

        def listed(start: int, items: Any) -> None:
            """Goods or designs given one item each, written as counts."""
            counts: dict[int, float] = {}
            for i in items:
                counts[i] = counts.get(i, 0.0) + 1.0
            for i, c in counts.items():
                put(start + i)
                val(c)

        put(self.decision + s.decision)
        val(1.0)
        player = s.decider
        if player == CHANCE:
            put(self.decider + n)
        elif player == TERMINAL:
            put(self.decider + n + 1)
        else:
            put(self.decider + (player - seat) % n)
        val(1.0)
        number(self.round, s.round / 16)
        number(self.final, 1.0 if s.final else 0.0)
        number(self.deck_size, sum(s.season_left) / 100)
        put(self.start_player + (s.start_player - seat) % n)
        val(1.0)
        season = top_season(s)
        if season < 5:
            put(self.next_deck + season)
            val(1.0)
        self._piles.write(self.deck, tuple(s.deck), positions, values)
        self._piles.write(self.discard, tuple(s.discard), positions, values)
        rows = self.rows
        present, card_at, cubes_at = rows["offer"]
        for i, card in enumerate(s.offer[: n + 1]):
            if card < 0:
                continue
            put(present[i])
            put(card_at[i] + design[card])
            val(1.0)
            val(1.0)
            workers = self.offer_workers[i]
            for level, token in enumerate(s.offer_workers[i]):
                put(workers + level * (n + 1) + ((token & 7) - seat) % n)
                val(1.0)
                if token & GREY:
                    put(workers + level * (n + 1) + n)
                    val(1.0)
            if t.kind[card] == data.SHIP:
                listed(cubes_at[i], s.offer_cubes[i])
        if self.kaispeicher:
            present, card_at, cubes_at = rows["upper"]
            for i, card in enumerate(s.upper[: n + 1]):
                if card >= 0:
                    put(present[i])
                    put(card_at[i] + design[card])
                    val(1.0)
                    val(1.0)
                    if t.kind[card] == data.SHIP:
                        listed(cubes_at[i], s.upper_cubes[i])
            present, card_at, cubes_at = rows["reserved"]
            for i, card in enumerate(s.reserved[: n + 1]):
                if card >= 0:
                    put(present[i])
                    put(card_at[i] + design[card])
                    val(1.0)
                    val(1.0)
                    token = s.reserved_workers[i]
                    put(self.reserved_workers[i] + ((token & 7) - seat) % n)
                    val(1.0)
                    if token & GREY:
                        put(self.reserved_workers[i] + n)
                        val(1.0)
                    if t.kind[card] == data.SHIP:
                        listed(cubes_at[i], s.reserved_cubes[i])
        number(self.cursor, s.cursor / 8)
        if s.decision == PURCHASE:
            put(self.price_known)
            val(1.0)
            number(self.price, purchase.price(s) / 8)
        number(self.pending_cubes, s.pending_cubes / 3)
        number(self.pending_row, s.pending_row / 1.0)
        if s.fire >= 0:
            put(self.fire)
            put(self.fire_card + design[s.fire])
            val(1.0)
            val(1.0)
            for p in range(n):
                if s.fire_gain >> p & 1:
                    put(self.fire_gain + (p - seat) % n)
                    val(1.0)
                if s.fire_loss >> p & 1:
                    put(self.fire_loss + (p - seat) % n)
                    val(1.0)
        number(self.truck_moves_left, s.truck_left / 3)
        counted(self.stored_warehouse, s.fresh_warehouse[: self.goods])
        number(self.stored_hall, 1.0 if s.fresh_hall else 0.0)
        if s.market_cube >= 0:
            put(self.market_cube + s.market_cube)
            val(1.0)
        for start, counts in ((self.bag, s.bag), (self.reserve, s.reserve)):
            for g, c in enumerate(counts[: self.goods]):
                number(start + g, c / 9)
        number(self.pieces_aside[0], s.grey_aside / 2)
        number(self.pieces_aside[1], s.grey_out / 2)
        number(self.breaks_aside, s.break_aside / 2)
        number(self.breaks_used, s.break_used / 2)
        for r in range(n):
            p = (seat + r) % n
            own = s.cards[p]
            number(self.coins[r], s.coins[p] / 20)
            number(self.score[r], s.score[p] / 50)
            number(self.workers[r], s.workers[p] / 4)
            number(self.grey_workers[r], s.greys[p] / 2)
            number(self.break_cards[r], s.breaks[p] / 2)
            number(self.done_placing[r], 1.0 if s.placed_done >> p & 1 else 0.0)
            number(self.firemen[r], self._firemen(own) / 10)
            number(self.bought[r], 1.0 if s.bought >> p & 1 else 0.0)
            number(self.end_points[r], self._end_points(s, p) / 50)
            self._cards.write(self.cards[r], own, positions, values)
            for k, (card, mask) in enumerate(zip(s.contracts[p], s.filled[p], strict=True)):
                if k >= self.contract_slots:
                    break
                put(self.contract[r * self.contract_slots + k])
                put(self.contract_card[r * self.contract_slots + k] + self.contract_design[card])
                val(1.0)
                val(1.0)
                filled = self.contract_filled[r * self.contract_slots + k]
                for i in range(min(len(ALL_CARDS[card].goods), self.max_goods)):
                    if mask >> i & 1:
                        put(filled + i)
                        val(1.0)
                if mask == t.full_mask[card]:
                    put(self.contract_complete[r * self.contract_slots + k])
                    val(1.0)
            counted(self.warehouse[r], s.warehouse[p][: self.goods])
            if s.hall[p] >= 0:
                put(self.market_hall[r] + s.hall[p])
                val(1.0)
            counted(self.cargo[r], s.cargo[p][: self.goods])
