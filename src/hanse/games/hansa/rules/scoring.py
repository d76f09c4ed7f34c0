"""Auswertung der Prestigepunkte (final scoring A-F) and the tie-breaks.

A) prestige on the track; B) 4 per fully developed ability except the keys; C) bonus markers held,
used or not, by the table 1/3/3/6/6/10/10/15/15/21; D) Coellen special spaces (7/8/9/11); E) 2 for
each controlled city; F) the offices of the largest own network times the keys value. The neutral
player may control cities (so nobody else scores them) but cannot win. Ties: fewer actions per
turn, then more offices on the board; otherwise a shared win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.hansa.data import BONUS_SCORE, COELLEN_POINTS, FULL_DEVELOPMENT_BONUS, TRACK_VALUES
from hanse.games.hansa.rules import cities

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState


def breakdown(
    g: HansaGame, state: HansaState, seat: int, control: list[int] | None = None
) -> dict[str, int]:
    """The six categories of the final scoring for `seat`; `control` is
    :func:`cities.controllers` of `state` when the caller has it already."""
    board = g.board
    if control is None:
        control = cities.controllers(board, state)
    developed = 0
    for ability, values in enumerate(TRACK_VALUES):
        if state.levels[5 * seat + ability] == len(values) - 1:
            developed += FULL_DEVELOPMENT_BONUS[ability]
    markers = sum(state.bonus[6 * seat : 6 * seat + 6]) + sum(
        state.bonus_used[6 * seat : 6 * seat + 6]
    )
    coellen = sum(
        COELLEN_POINTS[i] for i, code in enumerate(state.coellen) if code >= 0 and code >> 1 == seat
    )
    controlled = control.count(seat)
    keys = TRACK_VALUES[0][state.levels[5 * seat]]
    return {
        "track": state.prestige[seat],
        "abilities": developed,
        "bonus_markers": BONUS_SCORE[min(markers, len(BONUS_SCORE) - 1)],
        "coellen": coellen,
        "cities": 2 * controlled,
        "network": keys * cities.largest_network(board, state, seat),
    }


def final_scores(g: HansaGame, state: HansaState) -> list[int]:
    control = cities.controllers(g.board, state)
    return [sum(breakdown(g, state, seat, control).values()) for seat in range(g.num_players)]


def tie_key(g: HansaGame, state: HansaState, seat: int, score: int) -> tuple[int, int, int]:
    """Higher is better: the score, then fewer actions per turn, then more offices."""
    actions = TRACK_VALUES[1][state.levels[5 * seat + 1]]
    return (score, -actions, cities.total_offices(state, seat))
