"""Die Speicherstadt observations from the state (the layout of
:mod:`hanse.env.observations.speicherstadt`).

The game has no secret, so the state is read as the view shows it: cards by design index, goods
as counts per good (a ship's cubes as a list of goods), worker tokens as seat plus grey bit. The
piles' codes are their counts per design (``bytes`` of the counts of the cards in play), a seat's
cards and contracts are remembered by their tuples, as are the end points they score. The
blocks (:class:`hanse.env.sparse.Block`): the round, the piles, the card rows, the purchase, the
fire, the goods and pieces aside, and per player the counters, the cards, the contracts and the
goods.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Block, BlockEncoder, Layout, Memo, code_or_extra
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.codec import contract_slots
from hanse.games.speicherstadt.data import ALL_CARDS
from hanse.games.speicherstadt.rules import cards as card_rules
from hanse.games.speicherstadt.rules import purchase, scoring
from hanse.games.speicherstadt.rules.offer import top_season
from hanse.games.speicherstadt.state import GREY, PURCHASE, SpeicherstadtState


class StateEncoder(BlockEncoder):
    """Writes a seat's Die Speicherstadt observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        t = game.tables
        self.game = game
        self.tables = t
        self.n = game.num_players
        self.size = layout.size
        self.kaispeicher = bool(game.config.kaispeicher)
        in_play = [1 if copies else 0 for copies in t.initial_deck]
        self.in_play = in_play
        designs = list(compress(range(len(ALL_CARDS)), in_play))
        self.design_count = len(designs)
        # The counts of a pile (per card) of the cards in play: the pile's codes per design.
        self._designs = itemgetter(*designs)
        # design[card]: the card's index among the configuration's designs (-1: not in play).
        self.design = [-1] * len(ALL_CARDS)
        for i, card in enumerate(designs):
            self.design[card] = i
        contracts = [c for c in designs if t.kind[c] == data.CONTRACT]
        self.contract_design = {card: i for i, card in enumerate(contracts)}
        self.contract_slots = contract_slots(game)
        self.max_goods = max(len(ALL_CARDS[c].goods) for c in contracts)
        self.goods = t.num_goods
        self.is_ship = [kind == data.SHIP for kind in t.kind]
        # A seat's cards and contracts change seldom: so do their codes and points.
        self._cards = Memo(self._card_codes)
        self._firemen = Memo(lambda cards: card_rules.fireman_total(t, cards))
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
        self.grey_aside = at("grey_aside")
        self.scores = all_of("player.score")
        self.end_points = all_of("player.end_points")
        self.coins = all_of("player.coins")
        self.cards = all_of("player.cards")
        self.contract = all_of("player.contract")
        self.contract_card = all_of("player.contract.card")
        self.contract_filled = all_of("player.contract.filled")
        self.contract_complete = all_of("player.contract.complete")
        self.warehouse = all_of("player.warehouse")
        self.market_hall = all_of("player.market_hall")
        self.cargo = all_of("player.cargo")
        divisors = [1.0] * layout.size
        for name, divisor in (
            ("round", 16),
            ("deck_size", 100),
            ("cursor", 8),
            ("price", 8),
            ("pending_cubes", 3),
            ("truck_moves_left", 3),
            ("grey_aside", 2),
            ("grey_out", 2),
            ("breaks_aside", 2),
            ("breaks_used", 2),
        ):
            divisors[at(name)] = divisor
        for g in range(self.goods):
            divisors[self.bag + g] = divisors[self.reserve + g] = 9
        for name, divisor in (
            ("player.coins", 20),
            ("player.score", 50),
            ("player.workers", 4),
            ("player.grey_workers", 2),
            ("player.break_cards", 2),
            ("player.firemen", 10),
            ("player.end_points", 50),
        ):
            for start in all_of(name):
                divisors[start] = divisor
        self.divisors: list[float] = [float(d) for d in divisors]
        self._declare_blocks(layout)

    def _declare_blocks(self, layout: Layout) -> None:
        spans = layout.spans
        rows = ("offer", "upper", "reserved") if self.kaispeicher else ("offer",)
        row_fields: tuple[str, ...] = ("offer", "offer_workers", "offer_cubes")
        if self.kaispeicher:
            row_fields += ("upper", "upper_cubes", "reserved", "reserved_workers")
            row_fields += ("reserved_cubes",)
        row_segments = (
            [f"{row}.{part}" for row in rows for part in ("present", "card", "cubes")]
            + ["offer.workers"]
            + (["reserved.workers"] if self.kaispeicher else [])
        )
        self.blocks = (
            Block(
                "round",
                self._write_round,
                ("decision", "round", "final", "season_left", "start_player"),
                spans("decision", "decider", "round", "final", "deck_size", "start_player")
                + spans("next_deck"),
            ),
            Block("piles", self._write_piles, ("deck", "discard"), spans("deck", "discard")),
            Block("rows", self._write_rows, row_fields, spans(*row_segments)),
            Block(
                "purchase",
                self._write_purchase,
                (
                    "cursor",
                    "decision",
                    "offer",
                    "offer_workers",
                    "reserved",
                    "pending_cubes",
                    "pending_row",
                ),
                spans("cursor", "price_known", "price", "pending_cubes", "pending_row"),
            ),
            Block(
                "fire",
                self._write_fire,
                ("fire", "fire_gain", "fire_loss"),
                spans("fire", "fire.card", "fire.gain", "fire.loss"),
            ),
            Block(
                "loading",
                self._write_loading,
                (
                    "truck_left",
                    "fresh_warehouse",
                    "fresh_hall",
                    "market_cube",
                    "bag",
                    "reserve",
                    "grey_aside",
                    "grey_out",
                    "break_aside",
                    "break_used",
                ),
                spans("truck_moves_left", "stored_warehouse", "stored_hall", "market_cube")
                + spans("bag", "reserve", "grey_aside", "grey_out", "breaks_aside")
                + spans("breaks_used"),
            ),
            Block(
                "counters",
                self._write_counters,
                ("coins", "score", "workers", "greys", "breaks", "placed_done", "bought"),
                spans("player.coins", "player.score", "player.workers", "player.grey_workers")
                + spans("player.break_cards", "player.done_placing", "player.bought"),
            ),
            # What scoring.end_points reads (scoring.breakdown), and the firemen of the cards.
            Block(
                "points",
                self._write_points,
                ("cards", "warehouse", "coins", "contracts", "filled"),
                spans("player.firemen", "player.end_points"),
            ),
            Block("cards", self._write_cards, ("cards",), spans("player.cards")),
            Block(
                "contracts",
                self._write_contracts,
                ("contracts", "filled"),
                spans("player.contract", "player.contract.card", "player.contract.filled")
                + spans("player.contract.complete"),
            ),
            Block(
                "goods",
                self._write_goods,
                ("warehouse", "hall", "cargo"),
                spans("player.warehouse", "player.market_hall", "player.cargo"),
            ),
        )

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

    def _card_codes(self, cards: tuple[int, ...]) -> bytes:
        """A seat's cards as counts per design."""
        codes = bytearray(sum(self.in_play))
        for card in cards:
            codes[self.design[card]] += 1
        return bytes(codes)

    def _number(
        self,
        row: bytearray,
        at: int,
        position: int,
        value: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        """A number that may fall outside the codes (negative points)."""
        divisor = self.divisors[position]
        row[at + position] = code_or_extra(
            value, at + position, divisor, extra_positions, extra_values
        )

    def _write_round(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        row[at + self.decision + s.decision] = 1
        player = s.decider
        if player == CHANCE:
            row[at + self.decider + n] = 1
        elif player == TERMINAL:
            row[at + self.decider + n + 1] = 1
        else:
            row[at + self.decider + (player - seat) % n] = 1
        row[at + self.round] = s.round
        row[at + self.final] = s.final
        row[at + self.deck_size] = sum(s.season_left)
        row[at + self.start_player + (s.start_player - seat) % n] = 1
        season = top_season(s)
        if season < 5:
            row[at + self.next_deck + season] = 1

    def _write_piles(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        designs = self._designs
        start = at + self.deck
        row[start : start + self.design_count] = bytes(designs(s.deck))
        start = at + self.discard
        row[start : start + self.design_count] = bytes(designs(s.discard))

    def _write_rows(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        """The cards on offer with their workers and cubes; with the Kaispeicher the upper row and
        the reserved cards."""
        n = self.n
        design = self.design
        rows = self.rows
        is_ship = self.is_ship
        present, card_at, cubes_at = rows["offer"]
        for i, card in enumerate(s.offer[: n + 1]):
            if card < 0:
                continue
            row[at + present[i]] = 1
            row[at + card_at[i] + design[card]] = 1
            workers = at + self.offer_workers[i]
            for level, token in enumerate(s.offer_workers[i]):
                row[workers + level * (n + 1) + ((token & 7) - seat) % n] = 1
                if token & GREY:
                    row[workers + level * (n + 1) + n] = 1
            if is_ship[card]:
                for g in s.offer_cubes[i]:
                    row[at + cubes_at[i] + g] += 1
        if not self.kaispeicher:
            return
        present, card_at, cubes_at = rows["upper"]
        for i, card in enumerate(s.upper[: n + 1]):
            if card >= 0:
                row[at + present[i]] = 1
                row[at + card_at[i] + design[card]] = 1
                if is_ship[card]:
                    for g in s.upper_cubes[i]:
                        row[at + cubes_at[i] + g] += 1
        present, card_at, cubes_at = rows["reserved"]
        for i, card in enumerate(s.reserved[: n + 1]):
            if card >= 0:
                row[at + present[i]] = 1
                row[at + card_at[i] + design[card]] = 1
                token = s.reserved_workers[i]
                row[at + self.reserved_workers[i] + ((token & 7) - seat) % n] = 1
                if token & GREY:
                    row[at + self.reserved_workers[i] + n] = 1
                if is_ship[card]:
                    for g in s.reserved_cubes[i]:
                        row[at + cubes_at[i] + g] += 1

    def _write_purchase(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        row[at + self.cursor] = s.cursor
        if s.decision == PURCHASE:
            row[at + self.price_known] = 1
            row[at + self.price] = purchase.price(s)
        row[at + self.pending_cubes] = s.pending_cubes
        row[at + self.pending_row] = s.pending_row

    def _write_fire(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        if s.fire < 0:
            return
        n = self.n
        row[at + self.fire] = 1
        row[at + self.fire_card + self.design[s.fire]] = 1
        for p in range(n):
            if s.fire_gain >> p & 1:
                row[at + self.fire_gain + (p - seat) % n] = 1
            if s.fire_loss >> p & 1:
                row[at + self.fire_loss + (p - seat) % n] = 1

    def _write_loading(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        goods = self.goods
        row[at + self.truck_moves_left] = s.truck_left
        start = at + self.stored_warehouse
        row[start : start + goods] = bytes(s.fresh_warehouse[:goods])
        row[at + self.stored_hall] = s.fresh_hall
        if s.market_cube >= 0:
            row[at + self.market_cube + s.market_cube] = 1
        start = at + self.bag
        row[start : start + goods] = bytes(s.bag[:goods])
        start = at + self.reserve
        row[start : start + goods] = bytes(s.reserve[:goods])
        start = at + self.grey_aside
        row[start : start + 4] = bytes((s.grey_aside, s.grey_out, s.break_aside, s.break_used))

    def _write_counters(
        self,
        s: SpeicherstadtState,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        """Coins, score, workers, grey workers, break cards, done placing, bought."""
        n = self.n
        for r in range(n):
            p = (seat + r) % n
            start = at + self.coins[r]
            row[start + 2 : start + 6] = bytes(
                (s.workers[p], s.greys[p], s.breaks[p], s.placed_done >> p & 1)
            )
            row[start + 7] = s.bought >> p & 1
            self._number(row, at, self.coins[r], s.coins[p], extra_positions, extra_values)
            self._number(row, at, self.scores[r], s.score[p], extra_positions, extra_values)

    def _write_points(
        self,
        s: SpeicherstadtState,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        """Firemen and end points."""
        n = self.n
        for r in range(n):
            p = (seat + r) % n
            row[at + self.coins[r] + 6] = self._firemen[s.cards[p]]
            points = self._end_points(s, p)
            self._number(row, at, self.end_points[r], points, extra_positions, extra_values)

    def _write_cards(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        for r in range(n):
            codes = self._cards[s.cards[(seat + r) % n]]
            start = at + self.cards[r]
            row[start : start + len(codes)] = codes

    def _write_contracts(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        t = self.tables
        slots = self.contract_slots
        for r in range(n):
            p = (seat + r) % n
            for k, (card, mask) in enumerate(zip(s.contracts[p], s.filled[p], strict=True)):
                if k >= slots:
                    break
                row[at + self.contract[r * slots + k]] = 1
                row[at + self.contract_card[r * slots + k] + self.contract_design[card]] = 1
                filled = at + self.contract_filled[r * slots + k]
                for i in range(min(len(ALL_CARDS[card].goods), self.max_goods)):
                    if mask >> i & 1:
                        row[filled + i] = 1
                if mask == t.full_mask[card]:
                    row[at + self.contract_complete[r * slots + k]] = 1

    def _write_goods(
        self, s: SpeicherstadtState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        goods = self.goods
        for r in range(n):
            p = (seat + r) % n
            start = at + self.warehouse[r]
            row[start : start + goods] = bytes(s.warehouse[p][:goods])
            if s.hall[p] >= 0:
                row[at + self.market_hall[r] + s.hall[p]] = 1
            start = at + self.cargo[r]
            row[start : start + goods] = bytes(s.cargo[p][:goods])
