"""Spielablauf and Spielende: the end of an action, the end of a turn, the next player.

Each action runs to completion (including the displaced owner's placements, which happen "sofort
vor der nächsten Aktion des aktiven Spielers"), then :func:`finish_action` checks the three end
conditions ("Das Spiel kann auf dreierlei Art enden": 20 prestige, the tenth full city, no marker
to draw), all of which end the game at once after the action. Otherwise the turn goes on while
actions are left or a bonus marker can still be used (using one costs no action); else it ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.hansa.actions import DRAW, MAIN, OVER
from hanse.games.hansa.data import FULL_CITIES_TO_END, PRESTIGE_TO_END, TRACK_VALUES
from hanse.games.hansa.rules import bonus

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState


def is_game_ending(state: HansaState) -> bool:
    """Spielende: 20 prestige (any seat, the neutral one too), 10 full cities, or no marker left."""
    return (
        state.ending
        or state.full_cities >= FULL_CITIES_TO_END
        or max(state.prestige) >= PRESTIGE_TO_END
    )


def finish_action(g: HansaGame, state: HansaState) -> None:
    """After a complete action or a bonus marker: game over, next choice of the turn, or its end."""
    state.fresh = -1
    if is_game_ending(state):
        state.decision = OVER
        state.ending = True
        state.actions_left = 0
        return
    if state.actions_left > 0 or bonus.has_usable_bonus(g, state, state.turn_owner):
        state.decision = MAIN
    else:
        end_turn(g, state)


def end_turn(g: HansaGame, state: HansaState) -> None:
    """End of the turn: a new marker for each one taken (Bonusmarker), then the next player."""
    state.actions_left = 0
    if state.plate > 0:
        state.decision = DRAW
    else:
        next_player(g, state)


def next_player(g: HansaGame, state: HansaState) -> None:
    """Clockwise to the next seat, with as many actions as its Actiones track shows."""
    seat = (state.turn_owner + 1) % g.num_players
    state.turn_owner = seat
    state.actions_left = TRACK_VALUES[1][state.levels[5 * seat + 1]]
    state.decision = MAIN
