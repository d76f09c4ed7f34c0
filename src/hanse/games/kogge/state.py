"""The mutable state of Kogge: slotted flat lists of ints, copied by hand in :meth:`clone`.

Layout of the flat lists (n players):

- ``city_goods[c * 4 + g]``: goods lying on city ``c``;
- ``sq_val[2 * c + i]``: the route marker on square ``i`` (0 or 1) of city ``c``; ``sq_up`` 1 if it
  lies face up; ``sq_known`` a bitmask of the seats that know a face-down marker (its placer; in
  expert rule D whoever saw it); ``sq_placed`` 1 if a player put it there (it may then not carry
  the city's own number);
- ``kontor_owner[2 * c + i]``: seat owning Kontor place ``i`` of city ``c`` (-1 free) and
  ``kontor_goods[(2 * c + i) * 4 + g]`` the goods stored in it;
- ``robbed[c]``: bitmask of the seats whose robbery marker lies in city ``c``;
- ``cargo[p * 4 + g]``, ``hand[p * 9 + v]``, ``chips[p * 4 + k]``: per player;
  ``known_cargo`` and ``known_hand`` what the whole table knows of them (``knowledge.py``);
- ``stake[i * 9 + v]``: markers chosen for a conflict by its attacker (i=0) and defender (i=1);
- ``leftover``: last round's unsold markers, set aside while the new offer is drawn;
- ``fee_floor``: while a Geheimweg step's second item is due (``Decision.PAY_FEE``), the item
  paid first (0-3 a good, 4-12 a marker; the second is no lower), else -1.
"""

from __future__ import annotations

from hanse.core import GameState


class KoggeState(GameState):
    __slots__ = (
        "phase",
        "actor",
        "turn_owner",
        "round",
        "order",
        "idx",
        "queue",
        "reserve",
        "supply",
        "city_goods",
        "sq_val",
        "sq_up",
        "sq_known",
        "sq_placed",
        "kontor_owner",
        "kontor_goods",
        "robbed",
        "gm",
        "end_city",
        "passes",
        "pos",
        "cargo",
        "hand",
        "known_hand",
        "known_cargo",
        "kontore",
        "chips",
        "chips_left",
        "raid_hand",
        "raid_total",
        "offer",
        "leftover",
        "bids",
        "bid_pool",
        "start_choice",
        "start_ban",
        "deal_idx",
        "deal_left",
        "gm_marker",
        "turn_start",
        "steps",
        "fee_floor",
        "used",
        "traded",
        "esc_goods",
        "esc_markers",
        "esc_take",
        "ask_goods",
        "ask_markers",
        "partner",
        "via_kontor",
        "piles",
        "victim",
        "conf",
        "stake",
        "conf_stage",
        "conf_value",
        "taking",
        "conf_done",
        "conf_winner",
        "winner",
    )

    phase: int
    actor: int
    turn_owner: int
    round: int
    order: list[int]
    idx: int
    queue: list[int]
    reserve: list[int]
    supply: list[int]
    city_goods: list[int]
    sq_val: list[int]
    sq_up: list[int]
    sq_known: list[int]
    sq_placed: list[int]
    kontor_owner: list[int]
    kontor_goods: list[int]
    robbed: list[int]
    gm: int
    end_city: int
    passes: int
    pos: list[int]
    cargo: list[int]
    hand: list[int]
    known_hand: list[int]
    known_cargo: list[int]
    kontore: list[int]
    chips: list[int]
    chips_left: list[int]
    raid_hand: list[int]
    raid_total: list[int]
    offer: list[tuple[int, ...]]
    leftover: list[int]
    bids: list[tuple[int, ...] | None]
    bid_pool: list[int]
    start_choice: list[int]
    start_ban: list[int]
    deal_idx: int
    deal_left: int
    gm_marker: int
    turn_start: int
    steps: int
    fee_floor: int
    used: int
    traded: int
    esc_goods: list[int]
    esc_markers: list[int]
    esc_take: list[int]
    ask_goods: list[int]
    ask_markers: list[int]
    partner: int
    via_kontor: int
    piles: list[int]
    victim: int
    conf: list[int]
    stake: list[int]
    conf_stage: int
    conf_value: int
    taking: int
    conf_done: int
    conf_winner: int
    winner: int

    def clone(self) -> KoggeState:
        c = KoggeState.__new__(KoggeState)
        c.legal_cache = self.legal_cache
        c.phase = self.phase
        c.actor = self.actor
        c.turn_owner = self.turn_owner
        c.round = self.round
        c.order = self.order[:]
        c.idx = self.idx
        c.queue = self.queue[:]
        c.reserve = self.reserve[:]
        c.supply = self.supply[:]
        c.city_goods = self.city_goods[:]
        c.sq_val = self.sq_val[:]
        c.sq_up = self.sq_up[:]
        c.sq_known = self.sq_known[:]
        c.sq_placed = self.sq_placed[:]
        c.kontor_owner = self.kontor_owner[:]
        c.kontor_goods = self.kontor_goods[:]
        c.robbed = self.robbed[:]
        c.gm = self.gm
        c.end_city = self.end_city
        c.passes = self.passes
        c.pos = self.pos[:]
        c.cargo = self.cargo[:]
        c.hand = self.hand[:]
        c.known_hand = self.known_hand[:]
        c.known_cargo = self.known_cargo[:]
        c.kontore = self.kontore[:]
        c.chips = self.chips[:]
        c.chips_left = self.chips_left[:]
        c.raid_hand = self.raid_hand[:]
        c.raid_total = self.raid_total[:]
        c.offer = self.offer[:]
        c.leftover = self.leftover[:]
        c.bids = self.bids[:]
        c.bid_pool = self.bid_pool[:]
        c.start_choice = self.start_choice[:]
        c.start_ban = self.start_ban[:]
        c.deal_idx = self.deal_idx
        c.deal_left = self.deal_left
        c.gm_marker = self.gm_marker
        c.turn_start = self.turn_start
        c.steps = self.steps
        c.fee_floor = self.fee_floor
        c.used = self.used
        c.traded = self.traded
        c.esc_goods = self.esc_goods[:]
        c.esc_markers = self.esc_markers[:]
        c.esc_take = self.esc_take[:]
        c.ask_goods = self.ask_goods[:]
        c.ask_markers = self.ask_markers[:]
        c.partner = self.partner
        c.via_kontor = self.via_kontor
        c.piles = self.piles[:]
        c.victim = self.victim
        c.conf = self.conf[:]
        c.stake = self.stake[:]
        c.conf_stage = self.conf_stage
        c.conf_value = self.conf_value
        c.taking = self.taking
        c.conf_done = self.conf_done
        c.conf_winner = self.conf_winner
        c.winner = self.winner
        return c
