"""Features of a Kogge view for the heuristic bot (``easy``), from the view alone.

Five development points win at once, so they dominate: each is worth more than its victory
points, and the fourth and fifth weigh most. Then the victory points of the guild master's end
(Spielziel und Spielende): Kontore, bonus chips, unused robbery markers and goods by kind, goods in
one's Kontore included. Markers count a little (they pay for moves, bids and Kontore). Hidden
cargo (expert rules C and D) is valued at the mean worth of a good, goods taken in a running
exchange as cargo. The value is the margin over the best opponent; a finished game is worth a
win or a loss. Exchanges are built one good at a time, so :func:`unfinished` lets the bot value
giving a good by the exchange it completes.

The search levels (``medium``, ``hard``) judge their leaves by :mod:`prospects` instead, which
adds what a cog can do where it can sail next, once the turn under way is played to its end,
and search only the plain bids (:data:`SEARCH_TUNING`); this value, and so the easy bot, is
unchanged by them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hanse.bots.heuristic import finish_turn
from hanse.games.kogge import weights
from hanse.games.kogge.actions import Bid, BidDone, Decision
from hanse.games.kogge.data import GOOD_NAMES, GOOD_VP, VP_CHIP, VP_KONTOR, VP_RAID_MARKER
from hanse.games.kogge.prospects import search_leaf
from hanse.games.kogge.weights import DEVELOPMENT, MARKER, WIN

MARGIN_SCALE = weights.MARGIN_SCALE
_MEAN_GOOD = sum(GOOD_VP) / len(GOOD_VP)


def _goods_worth(goods: dict[str, int] | int) -> float:
    if isinstance(goods, int):
        return _MEAN_GOOD * goods
    return float(sum(GOOD_VP[t] * goods[name] for t, name in enumerate(GOOD_NAMES)))


def _points(view: dict[str, Any], seat: int) -> float:
    """The victory points of the guild master's end (Spielziel und Spielende), cargo included;
    goods taken in a running exchange count as the exchanging cog's cargo already."""
    player = view["players"][seat]
    points = VP_KONTOR * player["kontore"] + VP_CHIP * sum(player["bonus_chips"].values())
    points += VP_RAID_MARKER * player["robbery_markers"]
    points += _goods_worth(player["cargo"])
    for city in view["cities"]:
        for kontor in city["kontore"]:
            if kontor["seat"] == seat:
                points += _goods_worth(kontor["goods"])
    if view["decision"] == "exchange" and view["decider"] == seat:
        points += _goods_worth(view["exchange"]["take"])
    return points


def _worth(view: dict[str, Any], seat: int) -> float:
    player = view["players"][seat]
    development = player["development"]
    worth = DEVELOPMENT[min(development, len(DEVELOPMENT) - 1)]
    markers = player["markers"]
    worth += MARKER * (markers if isinstance(markers, int) else len(markers))
    return worth + _points(view, seat)


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    """How good ``view`` looks to ``seat``: its worth minus the best opponent's. A finished game
    is a win or a loss: five development points, or the most victory points when the guild master
    ends it (equal points share the win)."""
    winner = view["winner"]
    if winner is not None:
        return WIN if winner == seat else -WIN
    players = range(len(view["players"]))
    if view["decision"] == "game_over":
        margin = _points(view, seat) - max(_points(view, p) for p in players if p != seat)
        return margin + (WIN if margin >= 0 else -WIN)
    others = [_worth(view, p) for p in players if p != seat]
    return _worth(view, seat) - max(others)


def unfinished(game: Any, state: Any, seat: int) -> bool:
    """Waren eintauschen is built one good at a time (3B d), a bid one marker at a time
    (RULINGS.md, "Bids are laid as a chain"), a Geheimweg step that is not free one item at a
    time: the bot values a step by the exchange, the bid or the move it completes."""
    phase = state.phase
    return bool(
        phase == Decision.EXCHANGE
        or phase == Decision.PAY_FEE
        or (phase == Decision.BID and state.bids[seat])
    )


def search_candidates(
    game: Any, view: dict[str, Any], legal: Sequence[Any], rng: random.Random
) -> list[Any]:
    """The root actions the search levels consider. A bid (1 Nachschub und Reihenfolge) is laid
    one marker at a time; the search weighs only the plain bids: a single marker (each brings
    goods to its city and Kontore) or a set of equal markers, which beats every mixed bid for the
    turn order ('Der beste Gebot besteht aus zwei oder mehr GLEICHEN Wegemarkern'). So once a
    marker is laid it considers only another of the same value and done. Every other decision is
    searched in full."""
    if view["decision"] != "bid":
        return list(legal)
    laid = view["bids"][view["seat"]] or []
    if not laid:
        return list(legal)
    kept = [
        a for a in legal if isinstance(a, BidDone) or (isinstance(a, Bid) and a.marker == laid[0])
    ]
    return kept or list(legal)


def turn_of(game: Any, state: Any) -> int:
    """Whose turn it is within the round, for the search levels' leaves: a bidder's (1), the start
    player's with the guild master (2), a tax payer's, a Spielerphase's owner (3; a trading
    partner answers within it); -1 while the round's supplies are dealt."""
    return int(state.turn_owner)


WIDEST_PLAY_OUT = 60
"""A leaf's play-out stops at a decision with more actions than this, where weighing each would
cost more than the leaf is worth. Since bids are laid one marker at a time and every step is paid
one item at a time, no decision of random games comes near it."""


def search_leaf_after_turn(game: Any, state: Any) -> list[float]:
    """The search levels' leaf: the turn under way (:func:`turn_of`) played to its end by the easy
    bot's choices (``finish_turn``), then judged by :func:`prospects.search_leaf`."""
    return search_leaf(game, finish_turn(game, state, WIDEST_PLAY_OUT))


SEARCH_TUNING = {
    "evaluate": search_leaf_after_turn,
    "root_filter": search_candidates,
    "widening": 2.0,
    "rollout_limit": 0,
}
"""The search levels judge a leaf only once the turn under way (a bid, a Spielerphase) is played to
its end by the easy bot's choices (a cog halfway through its actions is not comparable with one
done), then by :func:`prospects.search_leaf` (what each cog can do where it can sail next); they
search only the plain bids and widen progressively. Random steps of a rollout only spend goods and
markers on paid moves and bids (3A Bewegung), so a rollout mostly punished whoever was on turn: with
10 of them the bot stopped its cog rather than sail. Arena (hard against two easy bots, 3 players,
seats rotated, ``--games 8 --jobs 2 --seed 11``): leaves judged at once by prospects, 13 of 24 games
(1.6 times the fair share; 1 of 6 before prospects, ``--games 2 --seed 1 --jobs 1``; the same 13 of
24 with the exploration constant 0.2 instead of 0.7); judged after the play-out, 21 of 24 (2.6
times), and 18.5 of 24 (2.3 times) in a second run as ``--challenger hard``."""
