"""Die Speicherstadt's cards, cube moves, Spitzel swaps and actions in words (:mod:`.words`, which
the pages and the terminal read): the terms a field can hold, the frames a card is told in, and each
action's case once, on its button and in the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from hanse.core import View
from hanse.core.words import Phrase, fill
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import (
    DST_CONTRACT,
    DST_DELIVER,
    DST_HALL,
    DST_MARKET,
    DST_SELL,
    DST_WAREHOUSE,
)
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, GOOD_NAMES, Card
from hanse.games.svg_parts import SEAT_LETTERS


def card_term(card: Card) -> str:
    """A card's English name as the board shows it ("Davidwache", "Fireman 3")."""
    return card.name_en.split(" (")[0]


def contract_term(card: Card) -> str:
    """A contract named by the goods it needs, e.g. "coffee + carpet"."""
    return " + ".join(GOOD_NAMES[g] for g in card.goods)


SOURCE_WORDS: tuple[str, ...] = ("from the ships", "from the warehouse", "from the market hall")
"""Where a loaded cube comes from: ``ship`` (the cargo of this round's ships, where a cube received
in an exchange waits too), ``warehouse`` (Lager), ``hall`` (Markthalle)."""
SUPPLY_WORDS = "from the supply"
"""The Auktionshalle's cube (Vorrat)."""
WORKER_WORDS: tuple[str, ...] = ("a worker", "a grey worker")
"""A regular worker, or a grey one (Lagerarbeiter)."""

CONTRACT_LABELS: tuple[str, ...] = tuple(
    dict.fromkeys("contract " + contract_term(c) for c in ALL_CARDS if c.kind == data.CONTRACT)
)
"""A contract as one term ("contract coffee + carpet"), where a card is one field (the Spitzel's
log line); a ship there is its card name ("Ship")."""

TERMS: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            *GOOD_NAMES,
            *SOURCE_WORDS,
            SUPPLY_WORDS,
            *WORKER_WORDS,
            *(card_term(c) for c in ALL_CARDS if c.kind != data.CONTRACT),
            *(contract_term(c) for c in ALL_CARDS if c.kind == data.CONTRACT),
            *CONTRACT_LABELS,
        )
    )
)
"""Every game term a phrase's field can hold: goods, sources, workers, card names, contracts and
contract cards (the catalogs translate each; player letters and numbers stay as they are)."""


# -- cards, in frames ----------------------------------------------------------------------------
CARD_PARTS: dict[str, str] = {
    "named": "{card}",
    "contract": "contract {contract}",
    "ship0": "empty ship",
    "ship1": "ship with {good1}",
    "ship2": "ship with {good1}, {good2}",
    "ship3": "ship with {good1}, {good2}, {good3}",
}
"""How a card is told: by its name, a contract by its needs, a ship by its cubes."""

FRAMES: dict[str, str] = {
    "place": "Place {worker} above the {card}",
    "place_numbered": "Place {worker} above card {column}, the {card}",
    "reserve": "Reserve the {card} from the upper row",
    "reserve_numbered": "Reserve card {column} of the upper row, the {card}",
    "purchase": "Purchase: buy the {card} for {price} coins, or decline.",
    "purchase_1": "Purchase: buy the {card} for 1 coin, or decline.",
    "purchase_reserved": "Purchase: buy your reserved {card} for {price} coins, or decline.",
    "purchase_reserved_1": "Purchase: buy your reserved {card} for 1 coin, or decline.",
}
"""Templates naming a card; ``{card}`` stands for one of :data:`CARD_PARTS`."""


def _card_part(entry: dict[str, Any]) -> tuple[str, dict[str, str]]:
    card = ALL_CARDS[CARD_INDEX[entry["id"]]] if entry.get("id") in CARD_INDEX else None
    if card is not None and card.kind == data.CONTRACT:
        return CARD_PARTS["contract"], {"contract": contract_term(card)}
    if card is not None and card.kind == data.SHIP:
        cubes = list(entry.get("cubes", []))[:3]
        fields = {f"good{i + 1}": good for i, good in enumerate(cubes)}
        return CARD_PARTS[f"ship{len(cubes)}"], fields
    return CARD_PARTS["named"], {"card": card_term(card) if card else str(entry.get("card", "?"))}


Fields = dict[str, object]


class _Case(NamedTuple):
    """An action's case (a key of :data:`BUTTONS` and :data:`LOG_LINES`), the fields either
    template may name, and the card a framed template names (``{card}``: one of
    :data:`CARD_PARTS`)."""

    key: str
    fields: Fields
    card: dict[str, Any] | None = None


def _fill(template: str, case: _Case, renamed: dict[str, str] | None = None) -> Phrase:
    """`template` with those of the case's fields it names, in their order: the card's part
    framed in, and `renamed` giving a field the name the template knows it by (in place of a
    field that had that name)."""
    fields = case.fields
    if case.card is not None:
        part, part_fields = _card_part(case.card)
        template = template.replace("{card}", part)
        fields = {**fields, **part_fields}
    return fill(template, fields, renamed)


def framed_phrase(frame: str, entry: dict[str, Any] | None, **fields: object) -> Phrase:
    return _fill(FRAMES[frame], _Case(frame, fields, entry or {}))


def _told_alike(row: list[Any], index: int) -> bool:
    """Whether another card of the row reads like card `index` (then it is numbered)."""
    mine = _card_part(row[index]) if row[index] else None
    return any(i != index and e is not None and _card_part(e) == mine for i, e in enumerate(row))


# -- cube moves ----------------------------------------------------------------------------------
MOVES: dict[str, str] = {
    "contract": "Put {good} {source} on your contract {contract}",
    "sell_1": "Sell {good} {source} to your {card} for 1 coin",
    "sell": "Sell {good} {source} to your {card} for {coins} coins",
    "deliver": "Deliver {good} {source} to your {card} for 2 points",
    "warehouse": "Store {good} {source} in your warehouse",
    "hall": "Keep {good} {source} in your market hall",
    "market": "Take {good} {source} into a market-hall exchange or sale",
}
"""One cube moved to a destination, after one of :data:`PREFIXES`."""

PREFIXES: dict[str, str] = {
    "load": "",
    "auction": "Auction Hall: ",
    "smuggle": "Smugglers: ",
}
"""How a move begins: a plain load, or the Auktionshalle's or Schmuggler's cube. The source of a
plain load or the Auktionshalle is a term (:data:`SOURCE_WORDS`, :data:`SUPPLY_WORDS`); the
Schmuggler's is :data:`SMUGGLED_FROM`."""

SMUGGLED_FROM = "from player {player}'s contract {victim}"


def _move_template(prefix: str, dst: str) -> str:
    template = PREFIXES[prefix] + MOVES[dst]
    if prefix == "smuggle":
        template = template.replace("{source}", SMUGGLED_FROM)
    return template


def _moves(template: Callable[[str, str], str]) -> dict[str, str]:
    """A cube move's template by case (``smuggle/contract``: a kind and a destination)."""
    return {f"{prefix}/{dst}": template(prefix, dst) for prefix in PREFIXES for dst in MOVES}


def move_templates() -> list[str]:
    """Every template of a cube move (for the catalogs; a plain load never goes to the market)."""
    return [text for key, text in _moves(_move_template).items() if key != "load/market"]


def _card_of(view: View, seat: int, good: int, kinds: tuple[int, ...]) -> str:
    """The seat's card of `kinds` for `good` (its merchant or delivery building)."""
    for key in view["players"][seat]["card_ids"]:
        card = ALL_CARDS[CARD_INDEX[key]]
        if card.kind in kinds and card.good == good:
            return card_term(card)
    return "?"


def _contract_of(view: View, seat: int, k: int) -> str:
    contracts = view["players"][seat]["contracts"]
    if 0 <= k < len(contracts):
        return contract_term(ALL_CARDS[CARD_INDEX[contracts[k]["id"]]])
    return f"{k}"


# -- the Spitzel -----------------------------------------------------------------------------
SPY_FRAME = "Spy: swap your worker {own} with player {player}'s worker {other}"
SPY_PARTS: dict[str, str] = {
    "own": "on card {own_card}, space {own_space},",
    "own_reserved": "on reserved card {own_card}",
    "other": "on card {other_card}, space {other_space}",
    "other_reserved": "on reserved card {other_card}",
}
"""A worker's place: an offered card and its building space, or a reserved card, each counted
from 1 (the notation ``spy 0.1 5.0`` with five offered cards is card 1, space 2 and reserved card
1)."""


def _spies(frame: str, parts: dict[str, str]) -> dict[str, str]:
    """A Spitzel swap's template by case (``spy/own/other_reserved``: the two places)."""
    return {
        f"spy/{own}/{other}": frame.replace("{own}", parts[own]).replace("{other}", parts[other])
        for own in ("own", "own_reserved")
        for other in ("other", "other_reserved")
    }


def spy_templates() -> list[str]:
    """Every template of a Spitzel swap (for the catalogs)."""
    return list(_spies(SPY_FRAME, SPY_PARTS).values())


def _worker_at(view: View, position: int) -> tuple[bool, int, int, dict[str, Any] | None]:
    """(on a reserved card, the worker's owner or -1) of a Spitzel position, its level, and the
    card's entry."""
    card, level = divmod(position, 8)
    columns = len(view["offer"])
    if card < columns:
        entry = view["offer"][card]
        reserved = False
    else:
        row = view["reserved"]
        entry = row[card - columns] if card - columns < len(row) else None
        reserved = True
    workers = (entry or {}).get("workers", [])
    return reserved, workers[level] if level < len(workers) else -1, level, entry


# -- what a decision reads from the view ---------------------------------------------------
def fire_number(view: View) -> int:
    fire = view.get("fire")
    if fire and fire.get("id") in CARD_INDEX:
        return ALL_CARDS[CARD_INDEX[fire["id"]]].value
    return 0


def card_on_sale(view: View) -> tuple[str, dict[str, Any] | None]:
    """The card being sold: ("offer" or "reserved", its entry)."""
    cursor = view["cursor"]
    offer = view["offer"]
    if cursor < len(offer):
        return "offer", offer[cursor]
    j = cursor - len(offer)
    return "reserved", view["reserved"][j] if j < len(view["reserved"]) else None


# -- the log's templates ---------------------------------------------------------------------
LOG_FRAMES: dict[str, str] = {
    "place": "{player} places {worker} above the {card}",
    "reserve": "{player} reserves the {card} from the upper row",
    "buy": "{player} buys the {card} for {price} coins",
    "buy_1": "{player} buys the {card} for 1 coin",
    "buy_reserved": "{player} buys the reserved {card} for {price} coins",
    "buy_reserved_1": "{player} buys the reserved {card} for 1 coin",
    "buy_free": "{player} takes the {card} for free with the Fish Market",
    "buy_free_reserved": "{player} takes the reserved {card} for free with the Fish Market",
    "decline": "{player} does not buy the {card} and takes the worker back",
    "decline_grey": "{player} does not buy the {card}; the grey worker leaves the game",
    "decline_reserved": "{player} does not buy the reserved {card}; it is discarded",
}
"""Log templates naming a card; ``{card}`` stands for one of :data:`CARD_PARTS` (a ship is told
by its cubes, a contract by its goods), so that every combination is one template."""

LOG_MOVES: dict[str, str] = {
    "contract": "{player} puts {good} {source} on their contract {contract}",
    "sell_1": "{player} sells {good} {source} to the {card} for 1 coin",
    "sell": "{player} sells {good} {source} to the {card} for {coins} coins",
    "deliver": "{player} delivers {good} {source} to the {card} for 2 points",
    "warehouse": "{player} stores {good} {source} in their warehouse",
    "hall": "{player} keeps {good} {source} in their market hall",
    "market": "{player} takes {good} {source} into a market-hall exchange or sale",
}
"""One cube moved to a destination, for the log; :data:`LOG_SUFFIXES` tells a Kaispeicher card's
cube."""

LOG_SUFFIXES: dict[str, str] = {"load": "", "auction": " (Auction Hall)", "smuggle": " (Smugglers)"}
LOG_SMUGGLED_FROM = "from player {victim}'s contract {victim_contract}"
"""The Schmuggler's source (the Auktionshalle's is the term :data:`SUPPLY_WORDS`)."""

LOG_SPY_PARTS: dict[str, str] = {
    "own": "a worker on the {own_card}",
    "own_reserved": "the worker on the reserved {own_card}",
    "other": "player {victim}'s worker on the {other_card}",
    "other_reserved": "player {victim}'s worker on the reserved {other_card}",
}
LOG_SPY_FRAME = "{player} uses the Spy: swaps {own} with {other}"
"""A Spitzel swap; a card is named by :func:`card_label`."""


def card_label(entry: dict[str, Any] | None) -> str:
    """A card as one term: its name, a contract by its goods ("contract coffee + carpet")."""
    key = (entry or {}).get("id")
    if key not in CARD_INDEX:
        return "?"
    card = ALL_CARDS[CARD_INDEX[key]]
    return "contract " + contract_term(card) if card.kind == data.CONTRACT else card_term(card)


def log_templates() -> list[str]:
    """Every log template that names a card, moves a cube or swaps workers (for the catalogs)."""
    framed = [
        frame.replace("{card}", part)
        for frame in LOG_FRAMES.values()
        for part in CARD_PARTS.values()
    ]
    moves = [text for key, text in _moves(_log_move_template).items() if key != "load/market"]
    return framed + moves + list(_spies(LOG_SPY_FRAME, LOG_SPY_PARTS).values())


def _log_move_template(prefix: str, dst: str) -> str:
    template = LOG_MOVES[dst] + LOG_SUFFIXES[prefix]
    if prefix == "smuggle":
        template = template.replace("{source}", LOG_SMUGGLED_FROM)
    return template


def _letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else "?"


# -- actions: each case once ---------------------------------------------------------------------
# An action is told twice, on its button (imperative, "Buy it for 3 coins") and in the log (third
# person, "{player} buys the Bank for 3 coins"). One function per kind finds the action's case and
# the fields either text may name; :data:`BUTTONS` and :data:`LOG_LINES` hold the two templates of
# each case, and a template takes the fields it names (:func:`_fill`).


def _seat_player(view: View, seat: Any) -> dict[str, Any] | None:
    players = view["players"]
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


def _place(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Demand ("Nachfrage"): a worker (a grey one when no regular is left) above an offered card,
    or (Kaispeicher) a card of the upper row reserved; the button numbers a card that reads like
    another of its row."""
    kind = action["kind"]
    row = view["offer"] if kind == "place_worker" else view["upper"]
    column = action["card"]
    entry = row[column] if 0 <= column < len(row) else None
    key = "place" if kind == "place_worker" else "reserve"
    if entry is None or _told_alike(row, column):
        key += "_numbered"
    fields: Fields = {"column": column + 1}
    if kind == "place_worker":
        player = _seat_player(view, seat)
        regular = player is not None and player["workers"] > 0
        fields["worker"] = WORKER_WORDS[0 if regular else 1]
    return _Case(key, fields, entry or {})


def _cube_move(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Loading ("Verladung"): a cube from the ships, warehouse or market hall, the Auktionshalle's
    from the supply or the Schmuggler's from another player's contract, onto a contract, to the
    merchant (1 coin, 3 for a luxury good) or delivery building (2 points), into the warehouse or
    market hall, or into a market-hall exchange or sale."""
    kind, good, dst = action["kind"], action["good"], action["dst"]
    fields: Fields = {"good": GOOD_NAMES[good]}
    if kind == "smuggle":
        victim = action["victim"]
        fields["player"] = _letter(victim)
        fields["victim"] = _contract_of(view, victim, action["contract"])
    else:
        fields["source"] = SOURCE_WORDS[action["src"]] if kind == "load" else SUPPLY_WORDS
    if dst >= DST_MARKET:
        to = "market"
    elif dst >= DST_CONTRACT:
        to = "contract"
        fields["contract"] = _contract_of(view, seat, dst - DST_CONTRACT)
    elif dst == DST_SELL:
        coins = 1 if good < data.BASE_GOODS else 3
        to = "sell_1" if coins == 1 else "sell"
        fields["card"] = _card_of(view, seat, good, (data.MERCHANT, data.TRADER))
        fields["coins"] = coins
    elif dst == DST_DELIVER:
        to = "deliver"
        fields["card"] = _card_of(view, seat, good, (data.PROCESSOR,))
    else:
        to = {DST_WAREHOUSE: "warehouse", DST_HALL: "hall"}[dst]
    return _Case(f"{kind}/{to}", fields)


def _exchange(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Market hall exchange: 3 cubes (2 with the Harbour Master) for 1 of any good."""
    give = [GOOD_NAMES[g] for g in action["give"]]
    gives = {f"give{i + 1}": g for i, g in enumerate(give)}
    return _Case(
        f"exchange{3 if len(give) == 3 else 2}", {"take": GOOD_NAMES[action["take"]], **gives}
    )


def _sell(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Market hall sale: 2 cubes for 1 coin."""
    first, second = (GOOD_NAMES[g] for g in action["give"])
    return _Case("sell", {"give1": first, "give2": second})


def _truck(action: dict[str, Any], view: View, seat: int) -> _Case:
    """The Truck: a cube from one of the player's contracts to another."""
    return _Case(
        "truck",
        {
            "good": GOOD_NAMES[action["good"]],
            "source": _contract_of(view, seat, action["source"]),
            "target": _contract_of(view, seat, action["target"]),
        },
    )


def _spy(action: dict[str, Any], view: View, seat: int) -> _Case:
    """The Spitzel, just before the purchase: a worker of the player swaps places with another
    player's; a place is an offered card and its building space, or a reserved card (the button
    numbers it, the log names it by :func:`card_label`)."""
    fields: Fields = {}
    places = []
    owner = -1
    columns = len(view["offer"])
    for which in ("own", "other"):
        reserved, owner, level, entry = _worker_at(view, action[which])
        card = action[which] // 8
        fields[f"{which}_card"] = (card - columns if reserved else card) + 1
        if not reserved:
            fields[f"{which}_space"] = level + 1
        fields[f"{which}_label"] = card_label(entry)
        places.append(which + ("_reserved" if reserved else ""))
    fields["player"] = _letter(owner)
    return _Case("spy/" + "/".join(places), fields)


def _purchase(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Purchase ("Kauf"): the card on sale bought for its price, taken free (Fish Market) or
    declined: the worker comes home (a grey one leaves the game), a reserved card is discarded."""
    where, entry = card_on_sale(view)
    reserved = "_reserved" if where == "reserved" else ""
    card = entry or {}
    if action["kind"] == "buy":
        price = view["price"] or 0
        return _Case("buy" + reserved + ("_1" if price == 1 else ""), {"price": price}, card)
    if action["kind"] == "buy_free":
        return _Case("buy_free" + reserved, {}, card)
    if reserved:
        return _Case("decline_reserved", {}, card)
    grey = card.get("grey") or [False]
    return _Case("decline_grey" if grey[0] else "decline", {}, card)


def _decline(action: dict[str, Any], view: View, seat: int) -> _Case:
    """The Spy, Fire Chief or Insurance not used, or the card on sale declined."""
    decision = view["decision"]
    if decision == "spy":
        return _Case("decline/spy", {})
    if decision in ("fire_chief", "insurance"):
        return _Case(f"decline/{decision}", {"number": fire_number(view)})
    return _purchase(action, view, seat)


def _done(action: dict[str, Any], view: View, seat: int) -> _Case:
    """The Truck stopped, no more grey workers placed, or loading finished: the cubes left on the
    ships are lost."""
    decision = view["decision"]
    if decision in ("truck", "demand"):
        return _Case(f"done/{decision}", {})
    player = _seat_player(view, seat)
    cubes = len(player["cargo"]) if player is not None else 0
    return _Case(
        "done/lost_1" if cubes == 1 else "done/lost" if cubes else "done", {"cubes": cubes}
    )


def _fire(action: dict[str, Any], view: View, seat: int) -> _Case:
    """The Fire Chief (the fire's points again) or the Insurance (2 coins, no minus points)."""
    return _Case(action["kind"], {"number": fire_number(view)})


def _pause(action: dict[str, Any], view: View, seat: int) -> _Case:
    """Coffee Break: a break card instead of a worker."""
    return _Case("pause", {})


_CASES: dict[str, Callable[[dict[str, Any], View, int], _Case]] = {
    "place_worker": _place,
    "reserve": _place,
    "pause": _pause,
    "done": _done,
    "spy": _spy,
    "buy": _purchase,
    "buy_free": _purchase,
    "decline": _decline,
    "load": _cube_move,
    "exchange": _exchange,
    "sell": _sell,
    "auction": _cube_move,
    "smuggle": _cube_move,
    "truck": _truck,
    "double": _fire,
    "insure": _fire,
}

BUTTONS: dict[str, str] = {
    **{key: FRAMES[key] for key in ("place", "place_numbered", "reserve", "reserve_numbered")},
    **_moves(_move_template),
    "exchange3": "Market hall: exchange {give1} + {give2} + {give3} for {take}",
    "exchange2": "Market hall: exchange {give1} + {give2} for {take}",
    "sell": "Market hall: sell {give1} + {give2} for 1 coin",
    "truck": "Truck: move {good} from your contract {source} to your contract {target}",
    **_spies(SPY_FRAME, SPY_PARTS),
    "buy": "Buy it for {price} coins",
    "buy_1": "Buy it for 1 coin",
    "buy_reserved": "Buy it for {price} coins",
    "buy_reserved_1": "Buy it for 1 coin",
    "buy_free": "Take it for free with the Fish Market",
    "buy_free_reserved": "Take it for free with the Fish Market",
    "decline": "Decline: take your worker back",
    "decline_grey": "Decline: your grey worker leaves the game",
    "decline_reserved": "Decline: the card is discarded",
    "decline/spy": "Do not use the Spy",
    "decline/fire_chief": "Keep the Fire Chief for a later fire",
    "decline/insurance": "Keep the minus points, pay nothing",
    "done": "Finish loading",
    "done/lost": "Finish loading; the cubes left on your ships are lost",
    "done/lost_1": "Finish loading; the cubes left on your ships are lost",
    "done/truck": "Stop using the Truck",
    "done/demand": "Place no more grey workers this round",
    "double": "Use the Fire Chief: score fire {number} again",
    "insure": "Pay 2 coins: no minus points",
    "pause": "Take a break: play a break card instead of a worker",
}
"""The button of each case, in the imperative (a case the button does not tell apart from another
has the same template)."""

LOG_LINES: dict[str, str] = {
    **LOG_FRAMES,
    "place_numbered": LOG_FRAMES["place"],
    "reserve_numbered": LOG_FRAMES["reserve"],
    **_moves(_log_move_template),
    "exchange3": "{player} exchanges {give1} + {give2} + {give3} for {take} in the market hall",
    "exchange2": "{player} exchanges {give1} + {give2} for {take} in the market hall",
    "sell": "{player} sells {give1} + {give2} in the market hall for 1 coin",
    "truck": (
        "{player} moves {good} from their contract {source} to their contract {target} (Truck)"
    ),
    **_spies(LOG_SPY_FRAME, LOG_SPY_PARTS),
    "decline/spy": "{player} does not use the Spy",
    "decline/fire_chief": "{player} keeps the Fire Chief for a later fire",
    "decline/insurance": (
        "{player} does not use the Insurance and keeps the minus points of fire {number}"
    ),
    "done": "{player} finishes loading",
    "done/lost": "{player} finishes loading; {cubes} cubes left on the ships are lost",
    "done/lost_1": "{player} finishes loading; 1 cube left on the ships is lost",
    "done/truck": "{player} stops using the Truck",
    "done/demand": "{player} places no more grey workers this round",
    "double": "{player} uses the Fire Chief and wins the points of fire {number} again",
    "insure": "{player} pays 2 coins to the Insurance and loses no points at fire {number}",
    "pause": "{player} takes a break (Coffee Break)",
}
"""The log line of each case, in the third person with the reader's ``{player}``."""

LOG_NAMES: dict[str, dict[str, str]] = {
    "smuggle": {"player": "victim", "victim": "victim_contract"},
    "spy": {"own_label": "own_card", "other_label": "other_card", "player": "victim"},
}
"""Fields a kind's log line names otherwise than its button, in place of the field of that name
(the log's ``{player}`` is the one who acts)."""


def action_phrase(action: dict[str, Any], view: View) -> Phrase:
    """One action in words, e.g. "Place a worker above the Bank" or "Put tea from the ships on
    your contract tea + carpet"."""
    case = _CASES[action["kind"]](action, view, view["decider"])
    return _fill(BUTTONS[case.key], case)


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} buys the Bank for 3 coins"), from
    the spectator's view before it (:mod:`hanse.core.words`; the game hides nothing)."""
    case = _CASES[action["kind"]](action, view, actor)
    return _fill(LOG_LINES[case.key], case, LOG_NAMES.get(action["kind"]))
