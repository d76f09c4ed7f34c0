"""Kogge observations from the state (the layout of :mod:`hanse.env.observations.kogge`).

What the seat may not see is decided exactly as ``hanse.games.kogge.views`` decides it (the same
predicates are called): other seats' cargo and markers while holdings are secret (then only
their totals and what the table has seen), the robbed piles, the reserve, face-down route
markers the seat has not seen, other seats' start choices and a conflict's hidden stakes.

The blocks (:class:`hanse.env.sparse.Block`) follow the view's parts: the round, the offer and
bids, the cities, the players' positions, progress, holdings and start choices, supply and
reserve, setup, the turn, exchange and trade, robbery, conflict. Each names the state fields it
reads, the fields the rules' predicates read included.
"""

from __future__ import annotations

from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Block, BlockEncoder, Layout, Memo, one_hots
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import MARKER_COLOUR, NUM_CITIES
from hanse.games.kogge.rules.common import development
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.state import KoggeState
from hanse.games.kogge.views import knows_square, sees_holdings, sees_piles

_TRADE_PHASES = (Decision.TRADE, Decision.ANSWER)

_DIVISORS = {
    "round": 20,
    "guildmaster_passes": 2,
    "bid_pool": 2,
    "city.goods": 10,
    "city.kontor_goods": 10,
    "player.development": 5,
    "player.kontore": 4,
    "player.robbery_markers": 2,
    "player.robbery_markers_total": 2,
    "player.cargo": 10,
    "player.cargo.total": 10,
    "player.markers.total": 10,
    "player.known_cargo": 10,
    "player.stake.total": 10,
    "supply": 10,
    "reserve": 14,
    "reserve.total": 90,
    "reserve_colour": 14,
    "chips_left": 2,
    "setup.dealt": 19,
    "setup.numbers_left.total": 9,
    "turn.steps": 3,
    "exchange.give": 10,
    "exchange.take": 10,
    "trade.give_goods": 10,
    "trade.give_markers": 2,
    "trade.ask_goods": 10,
    "trade.ask_markers": 2,
    "robbery.pile": 10,
    "robbery.pile.total": 10,
    "conflict.stage": 2,
}
"""The scale of each segment's numbers (the view encoder's); 1 for the others."""


def _one(row: bytearray, at: int, index: int | None) -> None:
    """A one-hot at `at`; None or a negative index writes nothing."""
    if index is not None and index >= 0:
        row[at + index] = 1


def _counts9(values: tuple[int | None, ...]) -> bytes:
    """Marker values (None skipped) as counts per value."""
    counts = bytearray(9)
    for v in values:
        if v is not None:
            counts[v] += 1
    return bytes(counts)


class StateEncoder(BlockEncoder):
    """Writes a seat's Kogge observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        self.game = game
        n = self.n = game.num_players
        self.size = layout.size
        at, all_of, spans = layout.at, layout.all, layout.spans
        self.c: dict[str, int] = {
            name: at(name)
            for name in (
                "decision",
                "decider",
                "turn_owner",
                "actor",
                "round",
                "bid_index",
                "guildmaster_passes",
                "queue",
                "guildmaster",
                "end_marker",
                "bid_pool",
                "supply",
                "reserve.known",
                "reserve",
                "reserve.total",
                "reserve_colour",
                "leftover",
                "chips_left",
                "setup.dealt",
                "setup.numbers_left",
                "setup.numbers_left.total",
                "setup.guildmaster_marker",
                "turn.start_city",
                "turn.steps",
                "turn.used",
                "turn.offers_made",
                "turn.taking",
                "exchange.give",
                "exchange.take",
                "trade.partner",
                "trade.kontor",
                "trade.give_goods.known",
                "trade.give_goods",
                "trade.give_markers",
                "trade.ask_goods",
                "trade.ask_markers",
                "robbery.victim",
                "conflict.stage",
                "conflict.asking",
                "conflict.done",
                "conflict.winner",
                "winner",
            )
        }
        self.a: dict[str, list[int]] = {
            name: all_of(name)
            for name in (
                "order",
                "offer",
                "bid.made",
                "bid",
                "city.goods",
                "city.marker",
                "city.known",
                "city.dealt",
                "city.placed",
                "city.kontor",
                "city.kontor_goods",
                "city.robbed_by",
                "player.city",
                "player.at_sea",
                "player.development",
                "player.kontore",
                "player.bonus_chips",
                "player.robbery_markers",
                "player.robbery_markers_total",
                "player.cargo.known",
                "player.cargo",
                "player.cargo.total",
                "player.markers.known",
                "player.markers",
                "player.markers.total",
                "player.known_cargo",
                "player.known_markers",
                "player.stake",
                "player.stake.known",
                "player.stake.total",
                "player.start_chosen",
                "player.start_choice",
                "player.start_ban",
                "robbery.pile.known",
                "robbery.pile",
                "robbery.pile.total",
                "conflict.side",
            )
        }
        divisors = [1.0] * layout.size
        for name, divisor in {**_DIVISORS, "bid_index": n}.items():
            for start in all_of(name):
                for i in range(layout.length(name)):
                    divisors[start + i] = divisor
        self.divisors: list[float] = [float(d) for d in divisors]
        self._city_codes: dict[tuple[Any, ...], bytes] = {}
        self._cities_at = self.a["city.goods"][0]
        self._cities_end = self.a["city.robbed_by"][-1] + n
        self._round_end = at("end_marker") + NUM_CITIES
        self._offer_end = self.a["bid"][-1] + 9
        self._supply_end = at("chips_left") + 4
        self._turn_end = at("turn.taking") + layout.length("turn.taking")
        self._trade_end = at("trade.ask_markers") + 9
        self._conflict_end = at("winner") + n
        self._seats = one_hots(n)  # index -1 (nobody): zeros
        self._cities9 = one_hots(NUM_CITIES)
        self._values9 = one_hots(9)
        self._decisions = one_hots(layout.length("decision"))
        self._deciders = one_hots(n + 2)
        self._taking = one_hots(layout.length("turn.taking"))
        self._seat_bits = [bytes(x >> p & 1 for p in range(n)) for x in range(1 << n)]
        self._counts9 = Memo(_counts9)
        self._used = Memo(lambda used: bytes(1 if used & bit else 0 for bit, _ in USED_NAMES))
        self._offers_made = [
            bytes(x >> bit & 1 for bit in range(2 * n)) for x in range(1 << (2 * n))
        ]
        # A seat's place: a city one-hot and "at sea" (-1).
        self._places = [*(c + b"\x00" for c in self._cities9[:NUM_CITIES]), bytes(9) + b"\x01"]
        self.derived = ("choosing", "trading", "colour_shown")
        holdings_reads: tuple[str, ...] = ("cargo", "hand", "conf", "stake", "choosing")
        if game.hidden:
            holdings_reads += ("known_cargo", "known_hand")
        self.blocks = (
            Block(
                "round",
                self._write_round,
                (
                    "phase",
                    "turn_owner",
                    "actor",
                    "round",
                    "idx",
                    "passes",
                    "order",
                    "queue",
                    "gm",
                    "end_city",
                ),
                spans("decision", "decider", "turn_owner", "actor", "round", "bid_index")
                + spans("guildmaster_passes", "order", "queue", "guildmaster", "end_marker"),
                covers=True,
            ),
            Block(
                "offer",
                self._write_offer,
                ("offer", "bid_pool", "bids"),
                spans("offer", "bid_pool", "bid.made", "bid"),
                covers=True,
            ),
            Block(
                "cities",
                self._write_cities,
                (
                    "deal_idx",
                    "city_goods",
                    "sq_up",
                    "sq_val",
                    "sq_known",
                    "sq_placed",
                    "kontor_owner",
                    "kontor_goods",
                    "robbed",
                ),
                ((self._cities_at, self._cities_end),),
                covers=True,
            ),
            Block(
                "positions",
                self._write_positions,
                ("pos",),
                spans("player.city", "player.at_sea"),
                covers=True,
            ),
            Block(
                "progress",
                self._write_progress,
                ("kontore", "chips", "raid_hand", "raid_total"),
                spans("player.development", "player.kontore", "player.bonus_chips")
                + spans("player.robbery_markers", "player.robbery_markers_total"),
                covers=True,
            ),
            Block(
                "holdings",
                self._write_holdings,
                holdings_reads,
                spans("player.cargo.known", "player.cargo", "player.cargo.total")
                + spans("player.markers.known", "player.markers", "player.markers.total")
                + spans("player.known_cargo", "player.known_markers", "player.stake")
                + spans("player.stake.known", "player.stake.total"),
            ),
            Block(
                "start",
                self._write_start,
                ("start_choice", "start_ban"),
                spans("player.start_chosen", "player.start_choice", "player.start_ban"),
            ),
            Block(
                "supply",
                self._write_supply,
                ("supply", "reserve", "colour_shown", "leftover", "chips_left"),
                spans("supply", "reserve.known", "reserve", "reserve.total", "reserve_colour")
                + spans("leftover", "chips_left"),
                covers=True,
            ),
            Block(
                "setup",
                self._write_setup,
                ("deal_idx", "deal_left", "gm_marker"),
                spans("setup.dealt", "setup.numbers_left", "setup.numbers_left.total")
                + spans("setup.guildmaster_marker"),
            ),
            Block(
                "turn",
                self._write_turn,
                ("turn_start", "steps", "used", "traded", "taking"),
                spans("turn.start_city", "turn.steps", "turn.used", "turn.offers_made")
                + spans("turn.taking"),
                covers=True,
            ),
            Block(
                "trade",
                self._write_trade,
                (
                    "esc_goods",
                    "esc_take",
                    "partner",
                    "via_kontor",
                    "trading",
                    "esc_markers",
                    "ask_goods",
                    "ask_markers",
                ),
                spans("exchange.give", "exchange.take", "trade.partner", "trade.kontor")
                + spans("trade.give_goods.known", "trade.give_goods", "trade.give_markers")
                + spans("trade.ask_goods", "trade.ask_markers"),
                covers=True,
            ),
            Block(
                "robbery",
                self._write_robbery,
                ("victim", "piles", "turn_owner"),
                spans("robbery.victim", "robbery.pile.known", "robbery.pile")
                + spans("robbery.pile.total"),
            ),
            Block(
                "conflict",
                self._write_conflict,
                (
                    "conf",
                    "conf_stage",
                    "choosing",
                    "conf_value",
                    "conf_done",
                    "conf_winner",
                    "winner",
                ),
                spans("conflict.side", "conflict.stage", "conflict.asking", "conflict.done")
                + spans("conflict.winner", "winner"),
                covers=True,
            ),
        )

    def derive(self, s: KoggeState) -> tuple[Any, ...]:
        """A conflict's stakes being chosen; a trade being offered or answered; the colour of
        the reserve shown to the seat taking a marker (seat, colour), else None."""
        phase = s.phase
        return (
            phase == Decision.CONFLICT_BID,
            phase in _TRADE_PHASES,
            (s.actor, s.taking) if phase == Decision.TAKE_MARKER else None,
        )

    def _relative(self, p: Any, seat: int) -> bytes:
        """A seat one-hot relative to the viewer; negative or None: zeros."""
        return self._seats[(p - seat) % self.n if isinstance(p, int) and p >= 0 else -1]

    def _seat(self, row: bytearray, at: int, p: Any, seat: int) -> None:
        """A seat relative to the viewer at `at`; negative or None: nobody."""
        if isinstance(p, int) and p >= 0:
            row[at + (p - seat) % self.n] = 1

    def _write_round(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        player = self.game.current_player(s)
        if player == CHANCE:
            decider = n
        elif player == TERMINAL:
            decider = n + 1
        else:
            decider = (player - seat) % n
        order = s.order[:n]
        queue = 0
        for p in s.queue:
            queue |= 1 << (p - seat) % n
        relative = self._relative
        gm, end = s.gm, s.end_city
        row[at + self.c["decision"] : at + self._round_end] = b"".join(
            (
                self._decisions[s.phase],
                self._deciders[decider],
                relative(s.turn_owner, seat),
                relative(s.actor, seat),
                bytes((s.round, s.idx, s.passes)),
                *[relative(p, seat) for p in order],
                bytes(n * (n - len(order))),
                self._seat_bits[queue],
                self._cities9[gm if gm is not None and gm >= 0 else -1],
                self._cities9[end if end is not None and end >= 0 else -1],
            )
        )

    def _write_offer(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        lots = len(self.a["offer"])
        counts = self._counts9
        offer = s.offer[:lots]
        pieces = [counts[tuple(markers or ())] for markers in offer]
        pieces += (bytes(9 * (lots - len(offer))), bytes(s.bid_pool))
        for r in range(n):
            bid = s.bids[(seat + r) % n]
            pieces.append(bytes(10) if bid is None else b"\x01" + counts[tuple(bid)])
        row[at + self.a["offer"][0] : at + self._offer_end] = b"".join(pieces)

    def _write_cities(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        """The cities change seldom (goods collected or delivered, markers placed, Kontore
        built): their codes are remembered by everything they read."""
        key = (
            seat,
            s.deal_idx,
            tuple(s.city_goods),
            tuple(s.sq_up),
            tuple(s.sq_val),
            tuple(s.sq_known),
            tuple(s.sq_placed),
            tuple(s.kontor_owner),
            tuple(s.kontor_goods),
            tuple(s.robbed),
        )
        cities = self._city_codes.get(key)
        if cities is None:
            if len(self._city_codes) >= 20_000:
                self._city_codes.clear()
            cities = self._city_codes[key] = self._cities(s, seat)
        row[at + self._cities_at : at + self._cities_end] = cities

    def _cities(self, s: KoggeState, seat: int) -> bytes:
        """The nine cities: goods, route markers (face up, or seen by the seat), Kontore."""
        n = self.n
        base = self._cities_at
        codes = bytearray(self._cities_end - base)
        a = self.a
        goods_at, marker_at, known_at = a["city.goods"], a["city.marker"], a["city.known"]
        dealt_at, placed_at, robbed_at = a["city.dealt"], a["city.placed"], a["city.robbed_by"]
        kontor_at, kontor_goods_at = a["city.kontor"], a["city.kontor_goods"]
        city_goods, kontor_goods, owners = s.city_goods, s.kontor_goods, s.kontor_owner
        deal_idx, up, value, placed = s.deal_idx, s.sq_up, s.sq_val, s.sq_placed
        for c in range(NUM_CITIES):
            start = goods_at[c] - base
            codes[start : start + 4] = bytes(city_goods[4 * c : 4 * c + 4])
            for i in range(2):
                square = 2 * c + i
                # Dealt as views._is_dealt: the first squares from deal 2, the second from 11.
                if deal_idx > (1 if i == 0 else 10) + c:
                    marker = value[square]
                    if marker is not None and marker >= 0:
                        if up[square]:
                            codes[marker_at[square] - base + marker] = 1
                        elif knows_square(s, seat, square):
                            codes[known_at[square] - base + marker] = 1
                    codes[dealt_at[c] - base + i] = 1
                if placed[square]:
                    codes[placed_at[c] - base + i] = 1
                owner = owners[square]
                if owner >= 0:
                    codes[kontor_at[square] - base + (owner - seat) % n] = 1
                    start = kontor_goods_at[square] - base
                    codes[start : start + 4] = bytes(kontor_goods[4 * square : 4 * square + 4])
            robbed = s.robbed[c]
            if robbed:
                for p in range(n):
                    if robbed >> p & 1:
                        codes[robbed_at[c] - base + (p - seat) % n] = 1
        return bytes(codes)

    def _write_positions(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        starts = self.a["player.city"]
        pos = s.pos
        places = self._places
        for r in range(n):
            start = at + starts[r]
            row[start : start + NUM_CITIES + 1] = places[pos[(seat + r) % n]]

    def _write_progress(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        starts = self.a["player.development"]
        chips = s.chips
        for r in range(n):
            p = (seat + r) % n
            start = at + starts[r]
            # development (rules.common.development: Kontore and bonus chips), Kontore, the
            # four bonus chips, robbery markers, their total
            row[start : start + 8] = bytes(
                (
                    development(s, p),
                    s.kontore[p],
                    *chips[p * 4 : p * 4 + 4],
                    s.raid_hand[p],
                    s.raid_total[p],
                )
            )

    def _write_holdings(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        g = self.game
        n = self.n
        a = self.a
        choosing = s.phase == Decision.CONFLICT_BID
        for r in range(n):
            p = (seat + r) % n
            open_ = sees_holdings(g, seat, p)
            cargo = s.cargo[p * 4 : p * 4 + 4]
            hand = s.hand[p * 9 : p * 9 + 9]
            stake = None
            if p in s.conf:
                i = s.conf.index(p)
                part = s.stake[i * 9 : i * 9 + 9]
                if seat == p or (not choosing and open_):
                    stake = part
                elif not open_:
                    # Until both sides have chosen, the choice still counts as the hand (C).
                    hand = [x + y for x, y in zip(hand, part, strict=True)]
            if open_:
                row[at + a["player.cargo.known"][r]] = 1
                start = at + a["player.cargo"][r]
                row[start : start + 4] = bytes(cargo)
                row[at + a["player.markers.known"][r]] = 1
                start = at + a["player.markers"][r]
                row[start : start + 9] = bytes(hand)
                start = at + a["player.known_cargo"][r]
                row[start : start + 4] = bytes(cargo)
                start = at + a["player.known_markers"][r]
                row[start : start + 9] = bytes(hand)
            else:
                start = at + a["player.known_cargo"][r]
                row[start : start + 4] = bytes(s.known_cargo[p * 4 : p * 4 + 4])
                start = at + a["player.known_markers"][r]
                row[start : start + 9] = bytes(s.known_hand[p * 9 : p * 9 + 9])
            row[at + a["player.cargo.total"][r]] = sum(cargo)
            row[at + a["player.markers.total"][r]] = sum(hand)
            if stake is not None:
                row[at + a["player.stake"][2 * r]] = 1
                row[at + a["player.stake.known"][r]] = 1
                start = at + a["player.stake"][2 * r + 1]
                row[start : start + 9] = bytes(stake)
                row[at + a["player.stake.total"][r]] = sum(stake)

    def _write_start(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        a = self.a
        for r in range(n):
            p = (seat + r) % n
            choice = s.start_choice[p]
            if choice >= 0:
                row[at + a["player.start_chosen"][r]] = 1
                if seat == p:
                    row[at + a["player.start_choice"][r] + choice] = 1
            _one(row, at + a["player.start_ban"][r], s.start_ban[p])

    def _write_supply(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        reserve = s.reserve
        colour = bytes(9)
        if s.phase == Decision.TAKE_MARKER and seat == s.actor:
            # The player choosing from the reserve sees the markers of the colour given.
            colour = bytes(reserve[v] if MARKER_COLOUR[v] == s.taking else 0 for v in range(9))
        row[at + self.c["supply"] : at + self._supply_end] = b"".join(
            (
                bytes(s.supply),
                bytes(10) if self.game.hidden else b"\x01" + bytes(reserve),
                bytes((sum(reserve),)),
                colour,
                self._counts9[tuple(s.leftover)],
                bytes(s.chips_left),
            )
        )

    def _write_setup(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        c = self.c
        row[at + c["setup.dealt"]] = s.deal_idx
        if not self.game.memory:
            start = at + c["setup.numbers_left"]
            for v in range(9):
                if s.deal_left >> v & 1:
                    row[start + v] = 1
        row[at + c["setup.numbers_left.total"]] = bin(s.deal_left).count("1")
        _one(row, at + c["setup.guildmaster_marker"], s.gm_marker)

    def _write_turn(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        start_city, taking = s.turn_start, s.taking
        row[at + self.c["turn.start_city"] : at + self._turn_end] = b"".join(
            (
                self._cities9[start_city if start_city is not None and start_city >= 0 else -1],
                bytes((s.steps,)),
                self._used[s.used],
                self._offers_made[s.traded],
                self._taking[taking if taking is not None and taking >= 0 else -1],
            )
        )

    def _write_trade(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        trading = s.phase in _TRADE_PHASES
        row[at + self.c["exchange.give"] : at + self._trade_end] = b"".join(
            (
                bytes(s.esc_goods),
                bytes(s.esc_take),
                self._relative(s.partner, seat),
                b"\x01" if s.via_kontor else b"\x00",
                b"\x01" + bytes(s.esc_goods) if trading else bytes(5),
                bytes(s.esc_markers),
                bytes(s.ask_goods),
                bytes(s.ask_markers),
            )
        )

    def _write_robbery(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        a = self.a
        self._seat(row, at + self.c["robbery.victim"], s.victim, seat)
        piles_open = sees_piles(self.game, s, seat)
        for i, pile in enumerate((s.piles[:4], s.piles[4:])):
            if piles_open:
                row[at + a["robbery.pile.known"][i]] = 1
                start = at + a["robbery.pile"][i]
                row[start : start + 4] = bytes(pile)
            row[at + a["robbery.pile.total"][i]] = sum(pile)

    def _write_conflict(
        self, s: KoggeState, seat: int, row: bytearray, at: int, *extras: list[Any]
    ) -> None:
        n = self.n
        relative = self._relative
        sides = s.conf[:2]
        value = s.conf_value if s.phase == Decision.CONFLICT_BID else None
        done = 0
        for p in range(n):
            if s.conf_done >> p & 1:
                done |= 1 << (p - seat) % n
        row[at + self.a["conflict.side"][0] : at + self._conflict_end] = b"".join(
            (
                *[relative(p, seat) for p in sides],
                bytes(n * (2 - len(sides))),
                bytes((s.conf_stage,)),
                self._values9[value if value is not None and value >= 0 else -1],
                self._seat_bits[done],
                relative(s.conf_winner, seat),
                relative(s.winner, seat),
            )
        )
