"""Features of a Speicherstadt view for the heuristic bot (``easy``), from the view alone.

A seat's position is worth its points now (score track plus what its cards would score if the game
ended now), plus the expected worth of unfinished business: a contract is worth its points times
how far it is filled (squared, since the last cubes are the hardest), counting the own cubes that
fit its free slots as nearly placed; other cubes still to be loaded a little (nothing in the last
round); coins somewhat (they buy cards), and the standing among the firemen for the fires still in
the draw pile. The value is the margin over the best opponent.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, FIRE

MARGIN_SCALE = 10.0
"""A typical winning margin in points: the search squashes values by it."""

_CHAMBER = "base.chamber_of_commerce"
_COIN = 0.4  # a coin buys about half a card-point in the middle game
_CUBE = 0.3  # a cube still to be loaded (cargo, market hall)
_CONTRACT_SHARE = 0.8  # an unfinished contract is not yet safe
_LOAD_DISCOUNT = 0.9  # a cube that fits a free slot is not loaded yet
_EXCHANGE_RATE = 3  # market hall: 3 cubes for 1 of any good (the Hafenmeister's 2 is ignored)
_EXCHANGE_COST = 0.3  # an exchange still to be made (it needs the good in the supply)
_LAST_ROUND_CUBE = 0.1  # a leftover cube in the last round: perhaps half a coin from a sale


def _fires_left(view: dict[str, Any]) -> int:
    """Points of the fire cards still in the draw pile (1. to 4. Brand: 1 to 4)."""
    total = 0
    for key, n in view["deck"].items():
        card = ALL_CARDS[CARD_INDEX[key]]
        if card.kind == FIRE:
            total += card.value * n
    return total


def _last_round(view: dict[str, Any]) -> bool:
    """Spielende: "Sobald ... nur noch die Karte 4. Brand auf dem Zugstapel liegt, hat eure
    letzte Runde begonnen" (only fires are left to draw), or that round is over."""
    if view["final"]:
        return True
    return all(ALL_CARDS[CARD_INDEX[key]].kind == FIRE for key, n in view["deck"].items() if n)


def _contracts_and_cubes(player: dict[str, Any], last_round: bool) -> float:
    """Unfinished contracts, with the own cubes still to be loaded (ship cargo, market hall, Lager)
    counted onto the free slots they fit, and every 3 loose cubes left over as one cube of the good
    missing (Markthalle: "3 Warensteine ... 1 anderen Warenstein"), fullest contract first, at
    _LOAD_DISCOUNT: a cube that completes a contract is worth most of its points before it is
    loaded. Loose cubes left after that are worth _CUBE (sold, exchanged or stored later). In the
    last round only what can still be completed counts: an incomplete contract scores nothing and
    unused cargo "verfällt", so leftover cubes are worth only a chance of a sale (2 for 1 coin)."""
    pool = Counter(player["cargo"])
    pool.update(player["warehouse"])
    if player["market_hall"] is not None:
        pool[player["market_hall"]] += 1
    loose = len(player["cargo"]) + (player["market_hall"] is not None)
    open_contracts = [c for c in player["contracts"] if not c["complete"]]
    open_contracts.sort(key=lambda c: len(c["needed"]) - sum(c["slots_filled"]))
    value = 0.0
    for contract in open_contracts:
        needed = len(contract["needed"])
        placed = sum(contract["slots_filled"])
        free = Counter(
            g for g, f in zip(contract["needed"], contract["slots_filled"], strict=True) if not f
        )
        direct = free & pool
        fitting = sum(direct.values())
        missing = needed - placed - fitting
        others = sum(pool.values()) - fitting
        exchanged = min(missing, others // _EXCHANGE_RATE)
        if last_round and exchanged < missing:
            continue  # it cannot be completed in this last loading: it scores nothing
        pool -= direct
        _take_any(pool, _EXCHANGE_RATE * exchanged)
        fitting += exchanged
        value -= _EXCHANGE_COST * exchanged  # not done yet: doing it is worth a little
        reach = (placed + fitting) / needed
        if last_round:
            value += _LOAD_DISCOUNT * contract["points"]
            continue
        share = placed / needed
        now = _CONTRACT_SHARE * contract["points"] * share * share
        if fitting:
            kept = 1.0 if reach == 1.0 else _CONTRACT_SHARE * reach * reach
            value += max(now, _LOAD_DISCOUNT * contract["points"] * kept)
        else:
            value += now
    loose = min(loose, sum(pool.values()))  # cubes in the Lager stay there for free
    value += (_LAST_ROUND_CUBE if last_round else _CUBE) * loose
    return value


def _take_any(pool: Counter[str], count: int) -> None:
    """Give `count` cubes away for an exchange, the most plentiful goods first."""
    for _ in range(count):
        good = max(pool, key=lambda g: pool[g])
        pool[good] -= 1


def _worth(player: dict[str, Any], last_round: bool, last_income: int) -> float:
    value = float(player["score"] + player["end_points"])
    value += _contracts_and_cubes(player, last_round)
    value += _COIN * player["coins"]
    if last_income and _CHAMBER in player["card_ids"]:
        # Handelskammer: 1 point per coin at the end, and the last Einkommen is still to come
        # ("Jeder Spieler erhält 1 Münze. Wer in dieser Runde keine Handelskarte gekauft hat,
        # bekommt 1 zusätzliche Münze")
        value += last_income + (0 if player["bought_this_round"] else 1)
    return value


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    players = view["players"]
    last_round = _last_round(view)
    last_income = game.tables.income if last_round and not view["final"] else 0
    worth = [_worth(p, last_round, last_income) for p in players]
    fires = _fires_left(view)
    if fires and view["decision"] != "over":
        firemen = [p["firemen"] for p in players]
        high, low = max(firemen), min(firemen)
        if high != low:
            for i, f in enumerate(firemen):
                if f == high:
                    worth[i] += 0.5 * fires
                elif f == low:
                    worth[i] -= 0.5 * fires
    others = [w for i, w in enumerate(worth) if i != seat]
    return worth[seat] - max(others)
