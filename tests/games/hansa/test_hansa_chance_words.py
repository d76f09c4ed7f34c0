"""Chance in the log in words (issue 19, item 9: no internal words on screen): "Startaufbau" (the
three golden bonus markers beside the three Taberna routes, "beliebig") and a bonus marker drawn
at the end of a turn ("Bonusmarker nehmen"). Everything is public: everybody reads the words."""

from __future__ import annotations

from hansa_helpers import do, fill_route, new

from hanse.core import CHANCE
from hanse.core.testing import chance_log_lines as _lines
from hanse.games import make
from hanse.games.hansa import actions as act
from hanse.games.hansa.game import HansaGame


def test_startaufbau_the_golden_markers_are_told_by_route() -> None:
    """Order 3 lays swap offices, remove 3 and extra office on the Taberna routes in board
    order."""
    g = make("hansa", 3)
    assert isinstance(g, HansaGame)
    s = g.new_initial_state()
    assert s.decision == act.SETUP
    assert (
        _lines(g, s, g.t_setup[3])
        == [
            "The golden bonus markers are laid beside the Taberna routes: Osnabrück–Bremen (swap "
            "offices), Lüneburg–Perleberg (remove 3 pieces), Hildesheim–Goslar (extra office)"
        ]
        * 4
    )


def test_bonusmarker_nehmen_the_new_marker_drawn_is_named() -> None:
    """A route with a bonus marker established: at the end of the turn a new marker is drawn
    face down from the pile and turned up, to be placed ('+3 actions')."""
    g, s = new(3, order=0)
    tavern = g.board.tavern_routes[0]
    fill_route(g, s, tavern, 0)
    do(g, s, f"establish {g.board.route_ascii[tavern]}")
    do(g, s, "establish_none")
    do(g, s, "end_turn")
    assert g.current_player(s) == CHANCE and s.decision == act.DRAW
    draw = g.action_from_str("draw_bonus actions_3")
    assert _lines(g, s, draw) == ["The bonus marker +3 actions is drawn"] * 4
