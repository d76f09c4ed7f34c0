"""The evaluation of views for the heuristic bot (heuristics.py): views only, development first."""

from __future__ import annotations

import random

from kogge_helpers import balance, game, put_kontor, run_until, scenario, set_cargo

from hanse.games.kogge.heuristics import heuristic_value


def test_development_points_outweigh_goods() -> None:
    g = game(2)
    s = scenario(g, pos=[0, 0])
    put_kontor(s, 0, 3)
    set_cargo(s, 1, "sss")  # 21 victory points against the Kontor's 10
    balance(g, s)
    assert heuristic_value(g, g.view(s, 0), 0) > 0
    assert heuristic_value(g, g.view(s, 1), 1) < 0


def test_value_is_a_margin_and_a_win_is_best() -> None:
    g = game(3)
    s = scenario(g, pos=[0, 0, 0])
    balance(g, s)
    assert heuristic_value(g, g.view(s, 0), 0) == 0.0
    s.winner = 2
    assert heuristic_value(g, g.view(s, 2), 2) > heuristic_value(g, g.view(s, 0), 0)


def test_hidden_cargo_is_valued_from_the_view_alone() -> None:
    g = game(3, conflicts=True)
    s = run_until(g, g.new_initial_state(), lambda st: st.round == 3, seed=8)
    v = g.view(s, 0)
    rng = random.Random(2)
    for _ in range(5):
        r = g.resample_hidden(s, 0, rng)
        assert heuristic_value(g, g.view(r, 0), 0) == heuristic_value(g, v, 0)
