"""Features of a Kogge view for the heuristic bot (``easy``), from the view alone.

Five development points win at once, so they dominate: each is worth more than its victory
points, and the fourth and fifth weigh most. Then the victory points of the guild master's end
(Spielziel und Spielende): Kontore, bonus chips, unused robbery markers and goods by kind, goods in
one's Kontore included. Markers count a little (they pay for moves, bids and Kontore). Hidden
cargo (expert rules C and D) is valued at the mean worth of a good. The value is the margin over
the best opponent.
"""

from __future__ import annotations

from typing import Any

from hanse.games.kogge.data import GOOD_NAMES, GOOD_VP, VP_CHIP, VP_KONTOR, VP_RAID_MARKER

MARGIN_SCALE = 30.0  # a typical margin in points: the search squashes values by it

_DEVELOPMENT = (0.0, 15.0, 32.0, 52.0, 80.0)  # worth of 0..4 development points
_WIN = 200.0
_MEAN_GOOD = sum(GOOD_VP) / len(GOOD_VP)
_MARKER = 0.7


def _goods_worth(goods: dict[str, int] | int) -> float:
    if isinstance(goods, int):
        return _MEAN_GOOD * goods
    return float(sum(GOOD_VP[t] * goods[name] for t, name in enumerate(GOOD_NAMES)))


def _worth(view: dict[str, Any], seat: int) -> float:
    player = view["players"][seat]
    development = player["development"]
    worth = _DEVELOPMENT[min(development, 4)] if development < 5 else _WIN
    worth += VP_KONTOR * player["kontore"] + VP_CHIP * sum(player["bonus_chips"].values())
    worth += VP_RAID_MARKER * player["robbery_markers"]
    worth += _goods_worth(player["cargo"])
    for city in view["cities"]:
        for kontor in city["kontore"]:
            if kontor["seat"] == seat:
                worth += _goods_worth(kontor["goods"])
    markers = player["markers"]
    worth += _MARKER * (markers if isinstance(markers, int) else len(markers))
    return worth


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    """How good ``view`` looks to ``seat``: its worth minus the best opponent's."""
    winner = view["winner"]
    if winner is not None:
        return _WIN if winner == seat else -_WIN
    others = [_worth(view, p) for p in range(len(view["players"])) if p != seat]
    return _worth(view, seat) - max(others)
