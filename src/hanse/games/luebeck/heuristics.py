"""Features of a Lübeck view for the heuristic bot (`easy`), from the view alone (issue 7).

The rulebook's own warning ("Vorsicht: am Ende jeder Runde darf man höchstens drei Karten auf der
Hand behalten") is the core of it: a goods card is worth its value only if a cog of ours can bring
it to its city, and cards beyond three that cannot be played become losses. So a hand is valued
card by card by how close an own cog is to the card's city, cards over the limit that no cog can
reach count as expected losses, and the result is the margin over the best opponent, whose hidden
cards are valued at the mean of what is still unseen.
"""

from __future__ import annotations

from typing import Any

from hanse.games.luebeck.data import (
    CITY_INDEX,
    HAND_LIMIT,
    KIND_CITY,
    KIND_COST,
    KIND_TYPE,
    KIND_VALUE,
    LABEL_TO_KIND,
    LUEBECK,
    N_CITIES,
    SUCCESSORS,
    T_GOODS,
)

MARGIN_SCALE = 25.0  # a typical margin in points: the search squashes values by it

# Chance that a goods card is played, by the number of arrows an own cog still has to sail.
_REACH_WEIGHT = (0.95, 0.8, 0.45, 0.25)
_UNREACHABLE = 0.1
_SPECIAL_VALUE = 1.5  # a special card is worth a little tempo; it costs 1 if thrown away


def _distances(sources: set[int]) -> list[int]:
    """Arrows from the nearest source city to every city (breadth-first along the arrows)."""
    far = N_CITIES + 1
    distance = [far] * N_CITIES
    frontier = list(sources)
    for city in frontier:
        distance[city] = 0
    while frontier:
        nxt = []
        for city in frontier:
            for after in SUCCESSORS[city]:
                if distance[after] == far:
                    distance[after] = distance[city] + 1
                    nxt.append(after)
        frontier = nxt
    return distance


def _hand_value(view: dict[str, Any], seat: int) -> float:
    me = view["players"][seat]
    cogs = [CITY_INDEX[c["city"]] for c in view["cogs"] if seat in c["figures"]]
    sources = set(cogs)
    if me["reserve"] > 0:
        sources.add(LUEBECK)  # a figure in reserve can still start a voyage from Lübeck
    distance = _distances(sources) if sources else [N_CITIES + 1] * N_CITIES
    if view["last_round"]:
        # "Ende des Spiels": what is still in hand at the end counts minus.
        if me["passed"]:
            return -float(sum(KIND_COST[LABEL_TO_KIND[label]] for label in view["hand"]))
        playing = 1.0
    else:
        playing = 0.5 if me["passed"] else 1.0  # passed: nothing more this round
    value = 0.0
    stuck = []
    for label in view["hand"]:
        kind = LABEL_TO_KIND[label]
        if KIND_TYPE[kind] != T_GOODS:
            value += _SPECIAL_VALUE
            stuck.append(KIND_COST[kind] * 0.5)
            continue
        d = distance[KIND_CITY[kind]]
        weight = _REACH_WEIGHT[d] if d < len(_REACH_WEIGHT) else _UNREACHABLE
        value += playing * weight * KIND_VALUE[kind]
        stuck.append((1.0 - weight) * KIND_COST[kind])
    if view["last_round"]:
        return value - sum(stuck)
    # Cards beyond the limit that no cog can reach are thrown overboard at a loss.
    extra = len(view["hand"]) - HAND_LIMIT
    if extra > 0:
        value -= sum(sorted(stuck, reverse=True)[:extra])
    return value


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    players = view["players"]
    if view["decision"] == "over":
        mine = players[seat]["score"]
        return mine - max(p["score"] for o, p in enumerate(players) if o != seat)
    mine = players[seat]["score"] + _hand_value(view, seat)
    best_other = max(_opponent(view, p) for o, p in enumerate(players) if o != seat)
    return mine - best_other


def _opponent(view: dict[str, Any], player: dict[str, Any]) -> float:
    """An opponent's points and hand, whose cards are mostly hidden: about two points a card
    before the last round; in it, cards still held will count minus."""
    if not view["last_round"]:
        return player["score"] + 2.0 * player["hand_size"]
    return player["score"] - (3.0 if player["passed"] else 1.0) * player["hand_size"]
