"""The mutable state of a Speicherstadt game: slotted records of ints, lists and tuples.

Per-seat data live in lists indexed by seat; what changes rarely (owned cards, contracts, stores) is
kept as immutable tuples inside those lists, so that :meth:`SpeicherstadtState.clone` copies only
the outer lists. Workers on a card are tokens: the seat, plus :data:`GREY` for a grey worker
(Lagerarbeiter).
"""

from __future__ import annotations

from hanse.core import GameState

GREY = 8
"""Added to a seat in a worker token for a grey worker (Kaispeicher: Lagerarbeiter)."""

# Pending decision or chance node ("decision" in views).
DRAW_CARD = 0  # chance: reveal the next card (Angebot, or the last fires at the end)
DRAW_CUBE = 1  # chance: a cube from the bag onto the ship just revealed
FIRE_CHIEF = 2  # the Einsatzleiter owner may double the points won at this fire
INSURANCE = 3  # the Versicherung owner may pay 2 coins against the minus points
DEMAND = 4  # place a worker (Nachfrage)
SPY = 5  # the Spitzel owner may swap two workers (before Kauf)
PURCHASE = 6  # the lowest worker's owner buys or declines (Kauf)
LOADING = 7  # load cubes one move at a time (Verladung)
TRUCK = 8  # the LKW is in use: further moves between own contracts
OVER = 9  # the game has ended

DECISION_NAMES: tuple[str, ...] = (
    "draw_card",
    "draw_cube",
    "fire_chief",
    "insurance",
    "demand",
    "spy",
    "purchase",
    "loading",
    "truck",
    "over",
)


class SpeicherstadtState(GameState):
    __slots__ = (
        "decision",
        "decider",
        "round",
        "start_player",
        "final",
        "deck",
        "season_left",
        "nonfire_left",
        "discard",
        "bag",
        "reserve",
        "offer",
        "offer_cubes",
        "offer_workers",
        "upper",
        "upper_cubes",
        "reserved",
        "reserved_cubes",
        "reserved_workers",
        "pending_cubes",
        "pending_row",
        "cursor",
        "fire",
        "fire_gain",
        "fire_loss",
        "truck_left",
        "coins",
        "score",
        "workers",
        "greys",
        "breaks",
        "placed_done",
        "bought",
        "cards",
        "abilities",
        "contracts",
        "filled",
        "warehouse",
        "hall",
        "cargo",
        "fresh_warehouse",
        "fresh_hall",
        "market_cube",
        "grey_aside",
        "grey_out",
        "break_aside",
        "break_used",
    )

    decision: int
    decider: int
    round: int
    start_player: int
    final: bool
    """True once the last round is over and the remaining fires are being resolved."""
    deck: list[int]
    """Copies of each card design (index into data.ALL_CARDS) left in the draw pile."""
    season_left: list[int]
    """Cards left in the draw pile per season A..E."""
    nonfire_left: int
    discard: list[int]
    """Copies of each card design on the discard pile (Ablagestapel)."""
    bag: list[int]
    reserve: list[int]
    """Cubes per good in the supply (Vorrat); cubes never return to the bag."""
    offer: list[int]
    """Cards on the water fields, left to right."""
    offer_cubes: list[tuple[int, ...]]
    """Goods on each offered ship (empty for other cards)."""
    offer_workers: list[tuple[int, ...]]
    """Worker tokens above each offered card, lowest first."""
    upper: list[int]
    """Kaispeicher: the reservable row above the board."""
    upper_cubes: list[tuple[int, ...]]
    reserved: list[int]
    """Kaispeicher: reserved cards, the first reserved (lowest) first."""
    reserved_cubes: list[tuple[int, ...]]
    reserved_workers: list[int]
    pending_cubes: int
    """Cubes still to draw for the ship just revealed."""
    pending_row: int
    """Row of that ship: 0 water fields, 1 upper row."""
    cursor: int
    """Purchase: the card being sold (water cards first, then reserved cards)."""
    fire: int
    """The fire being resolved (card index) or -1."""
    fire_gain: int
    """Seats (bitmask) that won points at that fire."""
    fire_loss: int
    """Seats (bitmask) that lost points at that fire."""
    truck_left: int
    coins: list[int]
    score: list[int]
    workers: list[int]
    """Regular workers not placed, per seat."""
    greys: list[int]
    """Grey workers held, per seat (Lagerarbeiter)."""
    breaks: list[int]
    """Break cards held, per seat (Kaffeepause)."""
    placed_done: int
    """Seats (bitmask) that stopped placing grey workers this round."""
    bought: int
    """Seats (bitmask) that bought a card this round (Einkommen)."""
    cards: list[tuple[int, ...]]
    """Owned cards per seat, in order of acquisition (contracts included)."""
    abilities: list[int]
    """Per seat a bitmask of owned card kinds, derived from `cards` (data.KIND bits)."""
    contracts: list[tuple[int, ...]]
    """Owned contract cards per seat, in order of acquisition."""
    filled: list[tuple[int, ...]]
    """Per seat and contract, a bitmask of the filled slots."""
    warehouse: list[tuple[int, ...]]
    """Cubes per good in each seat's Lager."""
    hall: list[int]
    """The good kept in each seat's market hall, or -1."""
    cargo: list[tuple[int, ...]]
    """Cubes per good on the ships a seat bought this round, to unload now."""
    fresh_warehouse: tuple[int, ...]
    """Loading: cubes per good that the seat now loading put into its Lager during this turn. Stored
    cubes are kept "um sie in späteren Runden zu verwenden": they stay until a later round."""
    fresh_hall: bool
    """Loading: the cube in the market hall of the seat now loading was put there this turn."""
    market_cube: int
    """Loading: the good of an Auktionshalle / Schmuggler cube that must be given in a market-hall
    exchange or sale by the next move (it waits in the cargo), or -1."""
    grey_aside: int
    grey_out: int
    break_aside: int
    break_used: int

    def clone(self) -> SpeicherstadtState:
        c = SpeicherstadtState.__new__(SpeicherstadtState)
        c.legal_cache = self.legal_cache
        c.decision = self.decision
        c.decider = self.decider
        c.round = self.round
        c.start_player = self.start_player
        c.final = self.final
        c.deck = self.deck[:]
        c.season_left = self.season_left[:]
        c.nonfire_left = self.nonfire_left
        c.discard = self.discard[:]
        c.bag = self.bag[:]
        c.reserve = self.reserve[:]
        c.offer = self.offer[:]
        c.offer_cubes = self.offer_cubes[:]
        c.offer_workers = self.offer_workers[:]
        c.upper = self.upper[:]
        c.upper_cubes = self.upper_cubes[:]
        c.reserved = self.reserved[:]
        c.reserved_cubes = self.reserved_cubes[:]
        c.reserved_workers = self.reserved_workers[:]
        c.pending_cubes = self.pending_cubes
        c.pending_row = self.pending_row
        c.cursor = self.cursor
        c.fire = self.fire
        c.fire_gain = self.fire_gain
        c.fire_loss = self.fire_loss
        c.truck_left = self.truck_left
        c.coins = self.coins[:]
        c.score = self.score[:]
        c.workers = self.workers[:]
        c.greys = self.greys[:]
        c.breaks = self.breaks[:]
        c.placed_done = self.placed_done
        c.bought = self.bought
        c.cards = self.cards[:]
        c.abilities = self.abilities[:]
        c.contracts = self.contracts[:]
        c.filled = self.filled[:]
        c.warehouse = self.warehouse[:]
        c.hall = self.hall[:]
        c.cargo = self.cargo[:]
        c.fresh_warehouse = self.fresh_warehouse
        c.fresh_hall = self.fresh_hall
        c.market_cube = self.market_cube
        c.grey_aside = self.grey_aside
        c.grey_out = self.grey_out
        c.break_aside = self.break_aside
        c.break_used = self.break_used
        return c


def empty_state(num_players: int, num_cards: int, num_goods: int) -> SpeicherstadtState:
    """A state with every field set to its empty value (set-up and determinize fill it)."""
    s = SpeicherstadtState.__new__(SpeicherstadtState)
    s.legal_cache = None
    s.decision = DRAW_CARD
    s.decider = -1
    s.round = 0
    s.start_player = 0
    s.final = False
    s.deck = [0] * num_cards
    s.season_left = [0] * 5
    s.nonfire_left = 0
    s.discard = [0] * num_cards
    s.bag = [0] * num_goods
    s.reserve = [0] * num_goods
    s.offer = []
    s.offer_cubes = []
    s.offer_workers = []
    s.upper = []
    s.upper_cubes = []
    s.reserved = []
    s.reserved_cubes = []
    s.reserved_workers = []
    s.pending_cubes = 0
    s.pending_row = 0
    s.cursor = 0
    s.fire = -1
    s.fire_gain = 0
    s.fire_loss = 0
    s.truck_left = 0
    n = num_players
    s.coins = [0] * n
    s.score = [0] * n
    s.workers = [0] * n
    s.greys = [0] * n
    s.breaks = [0] * n
    s.placed_done = 0
    s.bought = 0
    s.cards = [()] * n
    s.abilities = [0] * n
    s.contracts = [()] * n
    s.filled = [()] * n
    zero: tuple[int, ...] = (0,) * num_goods
    s.warehouse = [zero] * n
    s.hall = [-1] * n
    s.cargo = [zero] * n
    s.fresh_warehouse = zero
    s.fresh_hall = False
    s.market_cube = -1
    s.grey_aside = 0
    s.grey_out = 0
    s.break_aside = 0
    s.break_used = 0
    return s
