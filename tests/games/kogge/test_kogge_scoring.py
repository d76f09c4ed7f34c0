"""Rulebook section "Spielziel und Spielende": development points and victory points."""

from __future__ import annotations

from kogge_helpers import balance, game, put_kontor, scenario, set_cargo

from hanse.games.kogge.actions import Decision, MoveGuildmaster
from hanse.games.kogge.rules.scoring import victory_points


def test_victory_points_table() -> None:
    """Kontor 10, bonus chip 20, unused robbery marker 10; salt 7, amber 5, fur 3, ore 1 on the
    cog or in the player's Kontore."""
    g = game(2)
    s = scenario(g, pos=[0, 0])
    put_kontor(s, 0, 3, "sf")
    put_kontor(s, 0, 5)
    s.chips[0] = 1
    s.chips_left[0] -= 1
    set_cargo(s, 0, "oas")
    balance(g, s)
    assert victory_points(s, 0) == 2 * 10 + 20 + 10 + (7 + 3) + (1 + 5 + 7)
    s.raid_hand[0] = 0
    s.robbed[4] = 1
    assert victory_points(s, 0) == 2 * 10 + 20 + (7 + 3) + (1 + 5 + 7)
    assert g.scores(s) == [victory_points(s, 0), 10]


def test_guildmaster_end_most_victory_points_win_and_ties_share() -> None:
    """'Haben mehrere Spieler gleich viel Siegpunkte, endet das Spiel unentschieden.'"""
    g = game(3)
    s = scenario(g, phase=Decision.GM_MOVE, gm=8, end_city=0)
    s.passes = 1
    set_cargo(s, 0, "s")
    set_cargo(s, 1, "af" + "o" * 2)
    set_cargo(s, 2, "ff")
    balance(g, s)
    g.apply_action(s, MoveGuildmaster(1))
    assert g.is_terminal(s)
    assert g.scores(s) == [17, 20, 16]
    assert g.winners(s) == [1]
    assert g.returns(s) == [-1.0, 1.0, -1.0]
    s.cargo[8:12] = [0, 3, 0, 0]  # three fur and the robbery marker: 9 + 10
    s.cargo[0:4] = [0, 0, 2, 0]  # two amber and the robbery marker: 10 + 10
    assert g.scores(s) == [20, 20, 19]
    assert g.winners(s) == [0, 1]
    assert g.returns(s) == [0.0, 0.0, -1.0]


def test_five_development_points_win_immediately_whatever_the_victory_points() -> None:
    """'Sobald ein Spieler, wenn er an der Reihe ist, FÜNF Punkte oder mehr erreicht, hat er das
    Spiel sofort gewonnen' - the others cannot finish the round."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[5, 5], gm=5)
    for c in (0, 1, 2):
        put_kontor(s, 0, c)
    s.chips[1] = 1
    s.chips_left[1] -= 1
    set_cargo(s, 0, "oooooo")
    set_cargo(s, 1, "ssssss" + "aaaaaa")
    for c in (5, 6, 7, 8):
        s.city_goods[c * 4 : c * 4 + 4] = [0, 0, 0, 0]
    balance(g, s)
    g.apply_action(s, g.action_from_str("gmtrade chip o trade3"))
    assert g.is_terminal(s)
    assert g.winners(s) == [0]
    assert g.scores(s)[1] > g.scores(s)[0]
    assert g.view(s, 1)["winner"] == 0
