"""Startaufbau: supply and stock by seat order, tracks covered, golden markers, the pile, sides."""

from __future__ import annotations

import pytest
from hansa_helpers import new

from hanse.games import make
from hanse.games.hansa import actions as act
from hanse.games.hansa.data import BONUS_KINDS
from hanse.games.hansa.game import HansaGame


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_supply_and_stock_by_seat_order(n: int) -> None:
    """Startspieler 5 traders + 1 merchant in the supply and 6 in the stock ... 5th: 9+1 / 2."""
    g, s = new(n)
    for seat in range(n):
        assert s.supply[2 * seat : 2 * seat + 2] == [5 + seat, 1]
        assert s.stock[2 * seat : 2 * seat + 2] == [6 - seat, 0]
        assert s.levels[5 * seat : 5 * seat + 5] == [0] * 5
        assert s.prestige[seat] == 0
    inv = g.inventory(s)
    for seat in range(n):
        assert inv[f"traders_{seat}"] == 27 and inv[f"merchants_{seat}"] == 4


def test_board_side_by_player_count() -> None:
    """RULINGS: 2-3 players the 2-3 side, 4-5 players the 4-5 side."""
    assert [make("hansa", n).board.side for n in (2, 3, 4, 5)] == ["2-3", "2-3", "4-5", "4-5"]  # type: ignore[attr-defined]


def test_golden_markers_are_a_chance_node_on_the_taverns() -> None:
    g = make("hansa", 3)
    assert isinstance(g, HansaGame)
    s = g.new_initial_state()
    assert g.current_player(s) == -1
    outcomes = g.chance_outcomes(s)
    assert len(outcomes) == 6 and all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    g.apply_action(s, outcomes[3][0])
    laid = sorted(BONUS_KINDS[s.route_marker[r]] for r in g.board.tavern_routes)
    assert laid == ["extra_office", "remove_3", "swap_offices"]
    assert sum(1 for k in s.route_marker if k >= 0) == 3
    assert sum(s.pile) == 12
    assert g.view(s, 0)["markers_left"] == 12
    assert s.decision == act.MAIN and s.turn_owner == 0 and s.actions_left == 2


def test_fixed_golden_markers_flag() -> None:
    g, s = new(3, shuffle_golden_markers=False)
    assert s.decision == act.MAIN
    assert [s.route_marker[r] for r in g.board.tavern_routes] == [0, 1, 5]


def test_two_players_neutral_setup() -> None:
    """Regeln für zwei Spieler: a neutral trader on each route to a yellow city and each tavern."""
    g, s = new(2)
    b = g.board
    neutral = 2 * g.neutral
    held = [r for r in range(b.n_routes) if neutral in [s.posts[p] for p in b.route_post_range[r]]]
    names = {frozenset((b.city_names[b.route_a[r]], b.city_names[b.route_b[r]])) for r in held}
    assert names == {
        frozenset(x)
        for x in (
            ("Groningen", "Emden"),
            ("Stade", "Hamburg"),
            ("Hamburg", "Lübeck"),
            ("Coellen", "Warburg"),
            ("Göttingen", "Quedlinburg"),
            ("Quedlinburg", "Halle"),
            ("Osnabrück", "Bremen"),
            ("Lüneburg", "Perleberg"),
            ("Hildesheim", "Goslar"),
        )
    }
    assert g.inventory(s)["neutral_traders"] == 54
    assert len(s.prestige) == 3 and g.view(s, None)["neutral"]["prestige"] == 0
