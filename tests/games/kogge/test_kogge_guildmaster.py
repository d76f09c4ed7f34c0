"""Rulebook section "2) Gildemeister", expert rule A (Steuern) and the guild master's game end."""

from __future__ import annotations

import pytest
from kogge_helpers import (
    balance,
    check_inventory,
    game,
    goods,
    place_robbery,
    put_kontor,
    scenario,
    set_cargo,
    set_city,
    texts,
)

from hanse.games.kogge.actions import Decision, MoveGuildmaster, PayTax


def _gm_state(n: int = 3, gm: int = 0, end_city: int = 0, **flags: bool) -> tuple:
    g = game(n, **flags)
    s = scenario(g, phase=Decision.GM_MOVE, owner=0, gm=gm, end_city=end_city, pos=[5] * n)
    return g, s


@pytest.mark.parametrize("steps", [1, 2])
def test_start_player_moves_him_one_or_two_cities_and_he_brings_two_goods(steps: int) -> None:
    g, s = _gm_state(gm=2, end_city=2)
    assert texts(g, s) == ["gm 1", "gm 2"]
    before = list(s.city_goods)
    g.apply_action(s, MoveGuildmaster(steps))
    c = 2 + steps
    assert s.gm == c
    assert s.city_goods[c * 4 + 1] - before[c * 4 + 1] == 2  # Reval/Riga: fur
    assert s.phase == Decision.MOVE and s.passes == 0
    check_inventory(g, s)


def test_goods_go_on_the_city_never_into_kontore() -> None:
    g, s = _gm_state(gm=2)
    place = put_kontor(s, 1, 3)
    balance(g, s)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.kontor_goods[place * 4 : place * 4 + 4] == [0, 0, 0, 0]
    assert s.city_goods[3 * 4 + 1] == 5


def test_robbed_cities_do_not_count() -> None:
    """'Felder, auf denen ein Raubmarker liegt, zählen dabei nicht mit und werden übersprungen.'"""
    g, s = _gm_state(gm=2, end_city=7)
    place_robbery(s, 1, 3)
    place_robbery(s, 0, 4)
    g.apply_action(s, MoveGuildmaster(2))
    assert s.gm == 6
    assert s.city_goods[6 * 4 + 2] == 5


def test_game_ends_when_he_enters_his_start_city_the_second_time() -> None:
    """'Falls ... der Gildemeister das Feld mit dem Marker Spielende zum zweiten Mal betritt oder
    überschreitet, endet das Spiel sofort' - before the player phase."""
    g, s = _gm_state(gm=8, end_city=0)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.passes == 1 and not g.is_terminal(s)
    s2 = scenario(g, phase=Decision.GM_MOVE, owner=0, gm=8, end_city=0)
    s2.passes = 1
    g.apply_action(s2, MoveGuildmaster(2))
    assert g.is_terminal(s2)
    assert s2.gm == 1


def test_passing_a_robbed_end_city_counts() -> None:
    """RULINGS.md: skipped cities count as passed."""
    g, s = _gm_state(gm=7, end_city=8)
    s.passes = 1
    place_robbery(s, 0, 8)
    g.apply_action(s, MoveGuildmaster(1))
    assert g.is_terminal(s)
    # Seat 0 used his robbery marker (10 points less); 1 and 2 tie and share the win.
    assert g.scores(s) == [0, 10, 10]
    assert g.winners(s) == [1, 2]


def test_taxes_each_cog_pays_one_good_and_foreign_goods_are_confiscated() -> None:
    """A (Steuern): every cog in his new city pays one good of its owner's choice; goods there
    that the city does not produce go back to the supply."""
    g = game(3, taxes=True)
    s = scenario(g, phase=Decision.GM_MOVE, owner=1, order=[1, 2, 0], gm=2, pos=[3, 5, 3])
    set_cargo(s, 0, "oas")
    set_cargo(s, 2, "f")
    set_city(s, 3, "ffoos")
    balance(g, s)
    supply = list(s.supply)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.city_goods[3 * 4 : 3 * 4 + 4] == goods("ffff")  # two fur added, ore and salt gone
    assert s.supply[0] == supply[0] + 2 and s.supply[3] == supply[3] + 1
    assert s.phase == Decision.TAX and g.current_player(s) == 2  # turn order: 1, 2, 0
    assert texts(g, s) == ["tax f"]
    g.apply_action(s, PayTax(1))
    assert g.current_player(s) == 0
    assert texts(g, s) == ["tax o", "tax a", "tax s"]
    g.apply_action(s, PayTax(3))
    assert s.cargo[0:4] == goods("oa")
    assert s.phase == Decision.MOVE and g.current_player(s) == 1
    check_inventory(g, s)


def test_without_taxes_nothing_is_confiscated() -> None:
    g, s = _gm_state(gm=2)
    set_city(s, 3, "fos")
    set_cargo(s, 0, "o")
    s.pos[0] = 3
    balance(g, s)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.city_goods[3 * 4 : 3 * 4 + 4] == goods("fffos")
    assert s.phase == Decision.MOVE
