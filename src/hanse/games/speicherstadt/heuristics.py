"""Features of a Speicherstadt view for the heuristic bot (``easy``), from the view alone.

A seat's position is worth its points now (score track plus what its cards would score if the game
ended now), plus the expected worth of unfinished business: a contract is worth its points times
how far it is filled (squared, since the last cubes are the hardest), cubes still to be loaded a
little, coins somewhat (they buy cards), and the standing among the firemen for the fires still in
the draw pile. The value is the margin over the best opponent.
"""

from __future__ import annotations

from typing import Any

from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, FIRE

MARGIN_SCALE = 10.0
"""A typical winning margin in points: the search squashes values by it."""

_COIN = 0.4  # a coin buys about half a card-point in the middle game
_CUBE = 0.3  # a cube still to be loaded (cargo, market hall)
_CONTRACT_SHARE = 0.8  # an unfinished contract is not yet safe


def _fires_left(view: dict[str, Any]) -> int:
    """Points of the fire cards still in the draw pile (1. to 4. Brand: 1 to 4)."""
    total = 0
    for key, n in view["deck"].items():
        card = ALL_CARDS[CARD_INDEX[key]]
        if card.kind == FIRE:
            total += card.value * n
    return total


def _worth(player: dict[str, Any]) -> float:
    value = float(player["score"] + player["end_points"])
    for contract in player["contracts"]:
        if not contract["complete"]:
            share = len(contract["placed"]) / len(contract["needed"])
            value += _CONTRACT_SHARE * contract["points"] * share * share
    value += _COIN * player["coins"]
    value += _CUBE * (len(player["cargo"]) + (player["market_hall"] is not None))
    return value


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    players = view["players"]
    worth = [_worth(p) for p in players]
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
