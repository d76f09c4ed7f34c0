"""Die Speicherstadt observations: a seat's view as a fixed-length vector.

Cards are one-hots or counts over the D card designs of the configuration's draw pile (39, with
4 players 41; Kaispeicher 87, with 4 players 91), goods over the G goods (5, Kaispeicher 8);
rows hold n + 1 cards; C is the number of contract cards (10, Kaispeicher 16), all of one design
each (Dc = C), a contract needing up to 4 goods; seats are relative to the viewer. Segments, in
order:

======================  =========================  ============================================
segment                 size                       content
======================  =========================  ============================================
decision, decider       10, n + 2                  pending decision, relative seat / chance /
                                                   nobody
round                   3 + n                      round / 16, final round, deck size / 100,
                                                   start player
next_deck, deck,        5 + 2D                     season on top; draw pile and discard pile
discard                                            per design
offer i (n + 1 times)   1 + D + 8(n + 1) + G       card, workers by level (relative seat, grey),
                                                   cubes on a ship
upper i, reserved i     1 + D + G,                 Kaispeicher only: the upper row; reserved
(n + 1 times each)      1 + D + n + 1 + G          cards with their worker
purchase                5                          cursor / 8, price known, price / 8, pending
                                                   cubes / 3, pending row
fire                    1 + D + 2n                 the fire being scored, winners, losers
loading                 2 + 4G                     LKW moves left / 3, stored this turn (Lager
                                                   per good, hall), market cube, bag / 9,
                                                   reserve / 9
pieces aside            4                          grey workers aside, out; break cards aside,
                                                   used
player i (n times)      9 + D + C(2 + C + 4)       coins / 20, score / 50, workers, grey
                        + 3G                       workers, break cards, done placing, firemen
                                                   / 10, bought, end points / 50; cards per
                                                   design; contracts (present, design, slots
                                                   filled, complete); Lager, market hall, cargo
                                                   per good
======================  =========================  ============================================

Total: base game 2 players 830, 3 players 1158, 4 players 1526, 5 players 1862; Kaispeicher
2 players 2222, 3 players 3049, 4 players 3982, 5 players 4757
(``hanse.env.ObservationEncoder(game).size``).
"""

from __future__ import annotations

from typing import Any

from hanse.env.features import Features
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.codec import contract_slots
from hanse.games.speicherstadt.data import ALL_CARDS, GOOD_NAMES, SEASONS
from hanse.games.speicherstadt.state import DECISION_NAMES

_DECISION = {name: i for i, name in enumerate(DECISION_NAMES)}
_GOOD = {name: i for i, name in enumerate(GOOD_NAMES)}


class _Designs:
    """The card designs of one configuration, numbered in the order of ``data.ALL_CARDS``."""

    def __init__(self, game: Any) -> None:
        t = game.tables
        cards = [i for i, n in enumerate(t.initial_deck) if n]
        self.size = len(cards)
        self.index = {ALL_CARDS[c].key: i for i, c in enumerate(cards)}
        contracts = [c for c in cards if t.kind[c] == data.CONTRACT]
        self.contract_index = {ALL_CARDS[c].key: i for i, c in enumerate(contracts)}
        self.contract_slots = contract_slots(game)
        self.max_goods = max(len(ALL_CARDS[c].goods) for c in contracts)
        self.goods = t.num_goods


_CACHE: dict[tuple[int, bool], _Designs] = {}


def _designs(game: Any) -> _Designs:
    key = (game.num_players, game.config.kaispeicher)
    if key not in _CACHE:
        _CACHE[key] = _Designs(game)
    return _CACHE[key]


def _goods(f: Features, name: str, goods: list[str] | dict[str, int], size: int) -> None:
    if isinstance(goods, dict):
        f.vector(name, [goods.get(g, 0) for g in GOOD_NAMES[:size]], 9)
    else:
        f.counts(name, (_GOOD[g] for g in goods), size)


_SLOT_NAMES = {
    row: (f"{row}.present", f"{row}.card", f"{row}.workers", f"{row}.cubes")
    for row in ("offer", "upper", "reserved")
}


def _slot(f: Features, d: _Designs, row: str, slot: dict[str, Any] | None, workers: int) -> None:
    """A card in a row: present, design, `workers` levels of workers, cubes."""
    present, card, worker_names, cubes = _SLOT_NAMES[row]
    f.flag(present, slot)
    f.one_hot(card, d.index[slot["id"]] if slot else None, d.size)
    n = f.num_players
    if workers:
        levels = [0.0] * (workers * (n + 1))
        if slot:
            for level, (seat, grey) in enumerate(zip(slot["workers"], slot["grey"], strict=True)):
                levels[level * (n + 1) + f.relative(seat)] = 1.0
                levels[level * (n + 1) + n] = 1.0 if grey else 0.0
        f.vector(worker_names, levels)
    _goods(f, cubes, slot.get("cubes", []) if slot else [], d.goods)


def encode(game: Any, view: dict[str, Any], f: Features) -> None:
    d = _designs(game)
    n = f.num_players
    row = n + 1
    f.one_hot("decision", _DECISION[view["decision"]], len(DECISION_NAMES))
    f.decider("decider", view["decider"])
    f.scalar("round", view["round"], 16)
    f.flag("final", view["final"])
    f.scalar("deck_size", view["deck_size"], 100)
    f.seat("start_player", view["start_player"])
    next_deck = view["next_deck"]
    f.one_hot("next_deck", None if next_deck is None else SEASONS.index(next_deck), len(SEASONS))
    f.counts("deck", (d.index[k] for k, c in view["deck"].items() for _ in range(c)), d.size)
    f.counts("discard", (d.index[k] for k, c in view["discard"].items() for _ in range(c)), d.size)
    offer = view["offer"]
    for i in range(row):
        _slot(f, d, "offer", offer[i] if i < len(offer) else None, data.BUILDING_SPACES)
    if game.config.kaispeicher:
        upper, reserved = view["upper"], view["reserved"]
        for i in range(row):
            _slot(f, d, "upper", upper[i] if i < len(upper) else None, 0)
        for i in range(row):
            _slot(f, d, "reserved", reserved[i] if i < len(reserved) else None, 1)
    f.scalar("cursor", view["cursor"], 8)
    f.flag("price_known", view["price"] is not None)
    f.scalar("price", view["price"] or 0, 8)
    f.scalar("pending_cubes", view["pending_cubes"], 3)
    f.scalar("pending_row", view["pending_row"])
    fire = view["fire"]
    f.flag("fire", fire)
    f.one_hot("fire.card", d.index[fire["id"]] if fire else None, d.size)
    f.seats("fire.gain", fire["gain"] if fire else ())
    f.seats("fire.loss", fire["loss"] if fire else ())
    f.scalar("truck_moves_left", view["truck_moves_left"], 3)
    stored = view["stored_this_turn"]
    _goods(f, "stored_warehouse", stored["warehouse"], d.goods)
    f.flag("stored_hall", stored["market_hall"])
    market = view["market_cube"]
    f.one_hot("market_cube", None if market is None else _GOOD[market], d.goods)
    _goods(f, "bag", view["bag"], d.goods)
    _goods(f, "reserve", view["reserve"], d.goods)
    f.scalar("grey_aside", view["grey_workers_aside"], 2)
    f.scalar("grey_out", view["grey_workers_out"], 2)
    f.scalar("breaks_aside", view["break_cards_aside"], 2)
    f.scalar("breaks_used", view["break_cards_used"], 2)
    players = view["players"]
    for r in range(n):
        p = players[(f.viewer + r) % n]
        f.scalar("player.coins", p["coins"], 20)
        f.scalar("player.score", p["score"], 50)
        f.scalar("player.workers", p["workers"], 4)
        f.scalar("player.grey_workers", p["grey_workers"], 2)
        f.scalar("player.break_cards", p["break_cards"], 2)
        f.flag("player.done_placing", p["done_placing"])
        f.scalar("player.firemen", p["firemen"], 10)
        f.flag("player.bought", p["bought_this_round"])
        f.scalar("player.end_points", p["end_points"], 50)
        f.counts("player.cards", (d.index[k] for k in p["card_ids"]), d.size)
        contracts = p["contracts"]
        for k in range(d.contract_slots):
            c = contracts[k] if k < len(contracts) else None
            f.flag("player.contract", c)
            f.one_hot(
                "player.contract.card",
                d.contract_index[c["id"]] if c else None,
                len(d.contract_index),
            )
            filled = c["slots_filled"] if c else []
            f.vector(
                "player.contract.filled",
                [1.0 if i < len(filled) and filled[i] else 0.0 for i in range(d.max_goods)],
            )
            f.flag("player.contract.complete", c and c["complete"])
        _goods(f, "player.warehouse", p["warehouse"], d.goods)
        hall = p["market_hall"]
        f.one_hot("player.market_hall", None if hall is None else _GOOD[hall], d.goods)
        _goods(f, "player.cargo", p["cargo"], d.goods)
