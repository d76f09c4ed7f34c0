"""Kogge observations: a seat's view as a fixed-length vector.

Goods come in 4 kinds, route markers carry the values 0..8, there are 9 cities; seats are relative
to the viewer. Holdings the viewer may not see (other seats' cargo and markers, secret unless the
flag ``open_holdings`` is set, always under expert rules C and D; the piles of a robbery seen by
others; the route marker reserve) are written as their count only: the per-kind numbers stay zero
and a "known" flag says so; beside them come what the whole table has seen of each seat's
holdings (``known_cargo``, ``known_markers``). A view that leaves a holding out
(null) gives zeros and its count where the view has one beside it (a key starting with the
holding's name, e.g. ``cargo_count``). Segments, in order:

=====================  ====================  ==================================================
segment                size                  content
=====================  ====================  ==================================================
decision, decider      24, n + 2             pending decision, relative seat / chance / nobody
turn_owner, actor      n, n                  relative seats
round                  3 + n(n + 1)          round / 20, bidding index / n, guild master's
                                             passes / 2, order (a seat per place), queue of
                                             +1-marker draws
guildmaster            18                    his city, the end marker's city
offer, bids            45 + 10n              offered lots (markers per value), bid pool, each
                                             seat's bid (made, markers per value)
city i (9 times)       52 + 3n               goods / 10, face-up and known markers per square,
                                             dealt and placed per square, Kontor places (owner,
                                             goods), robbed by
player i (n times)     79                    city or at sea, development / 5, Kontore / 4,
                                             bonus chips, robbery markers; cargo and markers
                                             (known, per kind, total), what the table has seen
                                             of them (per kind); conflict stake (present,
                                             known, per value, total); start choice (made,
                                             value); start ban
supply, reserve        37                    goods; reserve (known, per value / 14, total),
                                             the colour shown to a guild master's trader, last
                                             round's leftovers; bonus chips left
setup                  20                    markers dealt / 19, numbers left (per value,
                                             count), guild master's marker
turn                   26 + 2n               start city, steps / 3, actions used, offers made,
                                             the colour of a good given for a marker
exchange, trade        36 + n                exchange (give, take); trade partner, Kontor,
                                             goods offered (known, per kind), markers offered,
                                             goods and markers asked
robbery                12 + n                victim, two piles (known, per kind, total)
conflict, winner       10 + 5n               the two sides, stage / 2, the value asked, done,
                                             winner; the game's winner
=====================  ====================  ==================================================

Total: 2 players 963, 3 players 1097, 4 players 1233 (``hanse.env.ObservationEncoder(game).size``).
"""

from __future__ import annotations

from typing import Any

from hanse.env.features import Features
from hanse.games.kogge.actions import DECISION_NAMES
from hanse.games.kogge.data import CHIP_NAMES, GOOD_NAMES, NUM_CITIES
from hanse.games.kogge.rules.phase import USED_NAMES

_DECISION = {name: i for i, name in enumerate(DECISION_NAMES)}
_USED = [name for _, name in USED_NAMES]
_LOTS = 4  # 8 offered markers in lots of two (Nachschub)


def _seat(f: Features, name: str, seat: Any) -> None:
    """A seat given as an int (negative or None: nobody)."""
    f.seat(name, seat if isinstance(seat, int) and seat >= 0 else None)


def _goods(f: Features, name: str, goods: Any, view: dict[str, Any], key: str) -> None:
    """Goods per kind when known (a dict), else their count (an int, or a sibling count key)."""
    known = isinstance(goods, dict)
    f.flag(name + ".known", known)
    f.vector(name, [goods[g] for g in GOOD_NAMES] if known else [0] * 4, 10)
    f.scalar(name + ".total", _total(goods, view, key), 10)


def _markers(f: Features, name: str, markers: Any, view: dict[str, Any], key: str) -> None:
    """Markers per value when known (a list of values), else their count."""
    known = isinstance(markers, list)
    f.flag(name + ".known", known)
    f.counts(name, markers if known else (), 9)
    f.scalar(name + ".total", _total(markers, view, key), 10)


def _total(holding: Any, view: dict[str, Any], key: str) -> int:
    if isinstance(holding, dict):
        return sum(holding.values())
    if isinstance(holding, list):
        return len(holding)
    if isinstance(holding, int) and not isinstance(holding, bool):
        return holding
    counts = [v for k, v in view.items() if k.startswith(key) and k != key and isinstance(v, int)]
    return counts[0] if counts else 0


def _values(f: Features, name: str, values: Any) -> None:
    f.counts(name, (v for v in values or () if v is not None), 9)


def encode(game: Any, view: dict[str, Any], f: Features) -> None:
    n = f.num_players
    f.one_hot("decision", _DECISION[view["decision"]], len(DECISION_NAMES))
    f.decider("decider", view["decider"])
    _seat(f, "turn_owner", view["turn_owner"])
    _seat(f, "actor", view["actor"])
    f.scalar("round", view["round"], 20)
    f.scalar("bid_index", view["index"], n)
    f.scalar("guildmaster_passes", view["passes"], 2)
    order = view["order"]
    for place in range(n):
        _seat(f, "order", order[place] if place < len(order) else None)
    f.seats("queue", view["queue"])
    f.one_hot("guildmaster", view["guildmaster"], NUM_CITIES)
    f.one_hot("end_marker", view["end_marker"], NUM_CITIES)
    offer = view["offer"]
    for lot in range(_LOTS):
        _values(f, "offer", offer[lot] if lot < len(offer) else ())
    f.vector("bid_pool", view["bid_pool"], 2)
    bids = view["bids"]
    for r in range(n):
        bid = bids[(f.viewer + r) % n]
        f.flag("bid.made", bid is not None)
        _values(f, "bid", bid)
    for city in view["cities"]:
        f.vector("city.goods", [city["goods"][g] for g in GOOD_NAMES], 10)
        for square in range(2):
            f.one_hot("city.marker", city["markers"][square], 9)
            f.one_hot("city.known", city["known"][square], 9)
        f.vector("city.dealt", [1.0 if d else 0.0 for d in city["dealt"]])
        f.vector("city.placed", [1.0 if p else 0.0 for p in city["placed"]])
        kontore = iter(city["kontore"])
        for owner in city["kontor_places"]:
            _seat(f, "city.kontor", owner)
            goods = next(kontore)["goods"] if owner >= 0 else None
            f.vector("city.kontor_goods", [goods[g] for g in GOOD_NAMES] if goods else [0] * 4, 10)
        f.seats("city.robbed_by", city["robbed_by"])
    players = view["players"]
    for r in range(n):
        p = players[(f.viewer + r) % n]
        f.one_hot("player.city", p["city"], NUM_CITIES)
        f.flag("player.at_sea", p["city"] is None)
        f.scalar("player.development", p["development"], 5)
        f.scalar("player.kontore", p["kontore"], 4)
        f.vector("player.bonus_chips", [p["bonus_chips"][c] for c in CHIP_NAMES])
        f.scalar("player.robbery_markers", p["robbery_markers"], 2)
        f.scalar("player.robbery_markers_total", p["robbery_markers_total"], 2)
        _goods(f, "player.cargo", p["cargo"], p, "cargo")
        _markers(f, "player.markers", p["markers"], p, "markers")
        # What the whole table has seen of secret holdings (the holdings themselves when open).
        known_cargo = p.get("known_cargo", p["cargo"] if isinstance(p["cargo"], dict) else None)
        f.vector(
            "player.known_cargo",
            [known_cargo[g] for g in GOOD_NAMES] if known_cargo else [0] * 4,
            10,
        )
        known_markers = p.get(
            "known_markers", p["markers"] if isinstance(p["markers"], list) else ()
        )
        f.counts("player.known_markers", known_markers, 9)
        stake = p["conflict_markers"]
        f.flag("player.stake", stake is not None)
        _markers(f, "player.stake", stake, p, "conflict_markers")
        choice = p["start_choice"]
        f.flag("player.start_chosen", choice is not None)
        f.one_hot("player.start_choice", choice if type(choice) is int else None, 9)
        f.one_hot("player.start_ban", p["start_ban"], 9)
    f.vector("supply", [view["supply"][g] for g in GOOD_NAMES], 10)
    reserve = view["reserve"]
    f.flag("reserve.known", isinstance(reserve, list))
    f.vector("reserve", reserve if isinstance(reserve, list) else [0] * 9, 14)
    f.scalar("reserve.total", sum(reserve) if isinstance(reserve, list) else reserve, 90)
    shown = view["reserve_colour"] or {}
    f.vector("reserve_colour", [shown.get(str(v), 0) for v in range(9)], 14)
    f.counts("leftover", view["leftover"], 9)
    f.vector("chips_left", [view["bonus_chips_left"][c] for c in CHIP_NAMES], 2)
    setup = view["setup"]
    f.scalar("setup.dealt", setup["dealt"], 19)
    numbers_left = setup["numbers_left"]
    f.counts("setup.numbers_left", numbers_left if isinstance(numbers_left, list) else (), 9)
    f.scalar(
        "setup.numbers_left.total",
        len(numbers_left) if isinstance(numbers_left, list) else numbers_left,
        9,
    )
    f.one_hot("setup.guildmaster_marker", setup["guildmaster_marker"], 9)
    turn = view["turn"]
    f.one_hot("turn.start_city", turn["start_city"], NUM_CITIES)
    f.scalar("turn.steps", turn["steps"], 3)
    f.counts("turn.used", (_USED.index(u) for u in turn["used"]), len(_USED))
    f.counts("turn.offers_made", turn["offers_made"], 2 * n)
    f.one_hot("turn.taking", turn["taking"] if turn["taking"] >= 0 else None, 4)
    exchange = view["exchange"]
    f.vector("exchange.give", [exchange["give"][g] for g in GOOD_NAMES], 10)
    f.vector("exchange.take", [exchange["take"][g] for g in GOOD_NAMES], 10)
    trade = view["trade"]
    _seat(f, "trade.partner", trade["partner"])
    f.flag("trade.kontor", trade["kontor"])
    give = trade["give_goods"]
    f.flag("trade.give_goods.known", give is not None)
    f.vector("trade.give_goods", [give[g] for g in GOOD_NAMES] if give else [0] * 4, 10)
    f.vector("trade.give_markers", trade["give_markers"], 2)
    f.vector("trade.ask_goods", [trade["ask_goods"][g] for g in GOOD_NAMES], 10)
    f.vector("trade.ask_markers", trade["ask_markers"], 2)
    robbery = view["robbery"]
    _seat(f, "robbery.victim", robbery["victim"])
    for pile in robbery["piles"]:
        _goods(f, "robbery.pile", pile, robbery, "piles")
    conflict = view["conflict"]
    sides = conflict["sides"]
    for side in range(2):
        _seat(f, "conflict.side", sides[side] if side < len(sides) else None)
    f.scalar("conflict.stage", conflict["stage"], 2)
    f.one_hot("conflict.asking", conflict["asking"], 9)
    f.seats("conflict.done", conflict["done"])
    _seat(f, "conflict.winner", conflict["winner"])
    _seat(f, "winner", view["winner"])
