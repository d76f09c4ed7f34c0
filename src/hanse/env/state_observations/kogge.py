"""Kogge observations from the state (the layout of :mod:`hanse.env.observations.kogge`).

What the seat may not see is decided exactly as ``hanse.games.kogge.views`` decides it (the same
predicates are called): other seats' cargo and markers while holdings are secret (then only
their totals and what the table has seen), the robbed piles, the reserve, face-down route
markers the seat has not seen, other seats' start choices and a conflict's hidden stakes.
"""

from __future__ import annotations

from typing import Any

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.sparse import Entries, Layout
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import MARKER_COLOUR, NUM_CITIES
from hanse.games.kogge.rules.common import development
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.state import KoggeState
from hanse.games.kogge.views import knows_square, sees_holdings, sees_piles

_TRADE_PHASES = (Decision.TRADE, Decision.ANSWER)


class StateEncoder:
    """Writes a seat's Kogge observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        self.game = game
        self.n = game.num_players
        at, all_of = layout.at, layout.all
        self.at: dict[str, int] = {
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
        self._city_entries: dict[tuple[Any, ...], Entries] = {}
        self.all: dict[str, list[int]] = {
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

    def _cities(self, s: KoggeState, seat: int, positions: list[int], values: list[float]) -> None:
        """The nine cities: goods, route markers (face up, or seen by the seat), Kontore. Reads
        only the state fields in the memo key of :meth:`write`."""
        n = self.n
        put = positions.append
        val = values.append
        a = self.all
        goods_at, marker_at, known_at = a["city.goods"], a["city.marker"], a["city.known"]
        dealt_at, placed_at, robbed_at = a["city.dealt"], a["city.placed"], a["city.robbed_by"]
        kontor_at, kontor_goods_at = a["city.kontor"], a["city.kontor_goods"]
        city_goods, kontor_goods, owners = s.city_goods, s.kontor_goods, s.kontor_owner
        deal_idx, up, value, placed = s.deal_idx, s.sq_up, s.sq_val, s.sq_placed
        for c in range(NUM_CITIES):
            start = goods_at[c]
            for good in range(4):
                if city_goods[4 * c + good]:
                    put(start + good)
                    val(city_goods[4 * c + good] / 10)
            for i in range(2):
                square = 2 * c + i
                # Dealt as views._is_dealt: the first squares from deal 2, the second from 11.
                if deal_idx > (1 if i == 0 else 10) + c:
                    marker = value[square]
                    if marker is not None and marker >= 0:
                        if up[square]:
                            put(marker_at[square] + marker)
                            val(1.0)
                        elif knows_square(s, seat, square):
                            put(known_at[square] + marker)
                            val(1.0)
                    put(dealt_at[c] + i)
                    val(1.0)
                if placed[square]:
                    put(placed_at[c] + i)
                    val(1.0)
                owner = owners[square]
                if owner >= 0:
                    put(kontor_at[square] + (owner - seat) % n)
                    val(1.0)
                    start = kontor_goods_at[square]
                    for good in range(4):
                        if kontor_goods[4 * square + good]:
                            put(start + good)
                            val(kontor_goods[4 * square + good] / 10)
            robbed = s.robbed[c]
            if robbed:
                for p in range(n):
                    if robbed >> p & 1:
                        put(robbed_at[c] + (p - seat) % n)
                        val(1.0)

    def write(self, s: KoggeState, seat: int, positions: list[int], values: list[float]) -> None:
        g = self.game
        n = self.n
        put = positions.append
        val = values.append
        a = self.all
        at = self.at

        def number(position: int, value: float) -> None:
            if value:
                put(position)
                val(value)

        def one(start: int, index: int | None) -> None:
            """A one-hot; None or a negative index writes nothing."""
            if index is not None and index >= 0:
                put(start + index)
                val(1.0)

        def seat_of(start: int, p: Any) -> None:
            """A seat relative to the viewer; negative or None: nobody."""
            if isinstance(p, int) and p >= 0:
                put(start + (p - seat) % n)
                val(1.0)

        def bits(start: int, mask: int) -> None:
            for p in range(n):
                if mask >> p & 1:
                    put(start + (p - seat) % n)
                    val(1.0)

        def scaled(start: int, numbers: Any, scale: float) -> None:
            for i, v in enumerate(numbers):
                if v:
                    put(start + i)
                    val(v / scale)

        def counted(start: int, markers: Any) -> None:
            """Marker values (None skipped) written as counts per value."""
            counts: dict[int, float] = {}
            for v in markers:
                if v is not None:
                    counts[v] = counts.get(v, 0.0) + 1.0
            for v, c in counts.items():
                put(start + v)
                val(c)

        player = g.current_player(s)
        put(at["decision"] + s.phase)
        if player == CHANCE:
            put(at["decider"] + n)
        elif player == TERMINAL:
            put(at["decider"] + n + 1)
        else:
            put(at["decider"] + (player - seat) % n)
        val(1.0)
        val(1.0)
        seat_of(at["turn_owner"], s.turn_owner)
        seat_of(at["actor"], s.actor)
        number(at["round"], s.round / 20)
        number(at["bid_index"], s.idx / n)
        number(at["guildmaster_passes"], s.passes / 2)
        for place, p in enumerate(s.order[:n]):
            seat_of(a["order"][place], p)
        queued = {(p - seat) % n for p in s.queue}
        for r in queued:
            put(at["queue"] + r)
            val(1.0)
        one(at["guildmaster"], s.gm)
        one(at["end_marker"], s.end_city)
        for lot, markers in enumerate(s.offer[: len(a["offer"])]):
            counted(a["offer"][lot], markers or ())
        scaled(at["bid_pool"], s.bid_pool, 2)
        for r in range(n):
            bid = s.bids[(seat + r) % n]
            if bid is not None:
                put(a["bid.made"][r])
                val(1.0)
                counted(a["bid"][r], bid)
        # The cities change seldom (goods collected or delivered, markers placed, Kontore
        # built): their numbers are remembered by everything the city segments read.
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
        cities = self._city_entries.get(key)
        if cities is None:
            if len(self._city_entries) >= 20_000:
                self._city_entries.clear()
            cities = self._city_entries[key] = ([], [])
            self._cities(s, seat, cities[0], cities[1])
        positions += cities[0]
        values += cities[1]
        choosing = s.phase == Decision.CONFLICT_BID
        for r in range(n):
            p = (seat + r) % n
            city = s.pos[p]
            if city >= 0:
                put(a["player.city"][r] + city)
            else:
                put(a["player.at_sea"][r])
            val(1.0)
            number(a["player.development"][r], development(s, p) / 5)
            number(a["player.kontore"][r], s.kontore[p] / 4)
            scaled(a["player.bonus_chips"][r], s.chips[p * 4 : p * 4 + 4], 1.0)
            number(a["player.robbery_markers"][r], s.raid_hand[p] / 2)
            number(a["player.robbery_markers_total"][r], s.raid_total[p] / 2)
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
                put(a["player.cargo.known"][r])
                val(1.0)
                scaled(a["player.cargo"][r], cargo, 10)
            number(a["player.cargo.total"][r], sum(cargo) / 10)
            if open_:
                put(a["player.markers.known"][r])
                val(1.0)
                scaled(a["player.markers"][r], hand, 1.0)
            number(a["player.markers.total"][r], sum(hand) / 10)
            if open_:
                scaled(a["player.known_cargo"][r], cargo, 10)
                scaled(a["player.known_markers"][r], hand, 1.0)
            else:
                scaled(a["player.known_cargo"][r], s.known_cargo[p * 4 : p * 4 + 4], 10)
                scaled(a["player.known_markers"][r], s.known_hand[p * 9 : p * 9 + 9], 1.0)
            if stake is not None:
                put(a["player.stake"][2 * r])
                put(a["player.stake.known"][r])
                val(1.0)
                val(1.0)
                scaled(a["player.stake"][2 * r + 1], stake, 1.0)
                number(a["player.stake.total"][r], sum(stake) / 10)
            choice = s.start_choice[p]
            if choice >= 0:
                put(a["player.start_chosen"][r])
                val(1.0)
                if seat == p:
                    one(a["player.start_choice"][r], choice)
            one(a["player.start_ban"][r], s.start_ban[p])
        scaled(at["supply"], s.supply, 10)
        if not g.hidden:
            put(at["reserve.known"])
            val(1.0)
            scaled(at["reserve"], s.reserve, 14)
        number(at["reserve.total"], sum(s.reserve) / 90)
        if s.phase == Decision.TAKE_MARKER and seat == s.actor:
            # The player choosing from the reserve sees the markers of the colour given.
            for v in range(9):
                if MARKER_COLOUR[v] == s.taking:
                    number(at["reserve_colour"] + v, s.reserve[v] / 14)
        counted(at["leftover"], s.leftover)
        scaled(at["chips_left"], s.chips_left, 2)
        number(at["setup.dealt"], s.deal_idx / 19)
        if not g.memory:
            for v in range(9):
                if s.deal_left >> v & 1:
                    put(at["setup.numbers_left"] + v)
                    val(1.0)
        number(at["setup.numbers_left.total"], bin(s.deal_left).count("1") / 9)
        one(at["setup.guildmaster_marker"], s.gm_marker)
        one(at["turn.start_city"], s.turn_start)
        number(at["turn.steps"], s.steps / 3)
        for i, (bit, _name) in enumerate(USED_NAMES):
            if s.used & bit:
                put(at["turn.used"] + i)
                val(1.0)
        for bit in range(2 * n):
            if s.traded >> bit & 1:
                put(at["turn.offers_made"] + bit)
                val(1.0)
        one(at["turn.taking"], s.taking)
        scaled(at["exchange.give"], s.esc_goods, 10)
        scaled(at["exchange.take"], s.esc_take, 10)
        seat_of(at["trade.partner"], s.partner)
        number(at["trade.kontor"], 1.0 if s.via_kontor else 0.0)
        if s.phase in _TRADE_PHASES:
            put(at["trade.give_goods.known"])
            val(1.0)
            scaled(at["trade.give_goods"], s.esc_goods, 10)
        scaled(at["trade.give_markers"], s.esc_markers, 2)
        scaled(at["trade.ask_goods"], s.ask_goods, 10)
        scaled(at["trade.ask_markers"], s.ask_markers, 2)
        seat_of(at["robbery.victim"], s.victim)
        piles_open = sees_piles(g, s, seat)
        for i, pile in enumerate((s.piles[:4], s.piles[4:])):
            if piles_open:
                put(a["robbery.pile.known"][i])
                val(1.0)
                scaled(a["robbery.pile"][i], pile, 10)
            number(a["robbery.pile.total"][i], sum(pile) / 10)
        for side, p in enumerate(s.conf[:2]):
            seat_of(a["conflict.side"][side], p)
        number(at["conflict.stage"], s.conf_stage / 2)
        if choosing:
            one(at["conflict.asking"], s.conf_value)
        bits(at["conflict.done"], s.conf_done)
        seat_of(at["conflict.winner"], s.conf_winner)
        seat_of(at["winner"], s.winner)
