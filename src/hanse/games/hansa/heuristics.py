"""Features of a Hansa Teutonica view for the heuristic bot (`easy`), from the view alone.

Everything in Hansa is public, so the view is turned back into a state (:func:`views.determinize`)
and valued by the final scoring as if the game ended now (Auswertung A-F: track, developed
abilities, markers, Coellen, city control, network), plus the promise of what is on the way: each
complete own route is nearly an office or an ability (worth about 2), pieces on routes and in the
supply are the material for that (a fraction of a point each), and every ability level beyond the
start makes later turns stronger. The value is the margin over the best opponent.
"""

from __future__ import annotations

from typing import Any

from hanse.games.hansa.actions import OVER
from hanse.games.hansa.rules import scoring
from hanse.games.hansa.views import determinize

_COMPLETE_ROUTE = 2.0
_PIECE_ON_ROUTE = 0.25
_PIECE_IN_SUPPLY = 0.1
_ABILITY_LEVEL = 0.75


def _potential(game: Any, state: Any, seat: int) -> float:
    """Final scoring now plus the worth of pieces under way, for one seat."""
    value = float(sum(scoring.breakdown(game, state, seat).values()))
    if state.decision == OVER:  # game over: only the final score counts
        return value
    board = game.board
    n = board.n_routes
    count = state.count
    traders = count[2 * seat * n : (2 * seat + 1) * n]
    merchants = count[(2 * seat + 1) * n : (2 * seat + 2) * n]
    for route, (t, m) in enumerate(zip(traders, merchants, strict=True)):
        value += _PIECE_ON_ROUTE * (t + m)
        if t + m == board.route_posts[route]:
            value += _COMPLETE_ROUTE
    value += _PIECE_IN_SUPPLY * (state.supply[2 * seat] + state.supply[2 * seat + 1])
    value += _ABILITY_LEVEL * sum(state.levels[5 * seat : 5 * seat + 5])
    return value


def heuristic_value(game: Any, view: dict[str, Any], seat: int) -> float:
    state = determinize(game, view)  # the view hides nothing: no sampling needed
    mine = _potential(game, state, seat)
    others = [_potential(game, state, other) for other in range(game.num_players) if other != seat]
    return mine - max(others)
