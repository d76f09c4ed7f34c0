"""Aktionen 1-4: Einnahmen, Einsetzen, Verdrängen (with the displaced owner's placements),
Umsetzen."""

from __future__ import annotations

import pytest
from hansa_helpers import do, fill_route, new, put, route, setp, strs

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as act


def test_income_chooses_traders_and_merchants_up_to_bank_value() -> None:
    """RULINGS 'Income': 1 up to 3/5/7/all pieces from the stock, traders and merchants chosen."""
    g, s = new(3)
    s.stock[0:2] = [6, 1]
    s.legal_cache = None
    incomes = [a for a in g.legal_actions(s) if isinstance(a, act.Income)]
    assert {(a.traders, a.merchants) for a in incomes} == {
        (t, m) for t in range(4) for m in range(2) if 1 <= t + m <= 3
    }
    do(g, s, "income 2 1")
    assert s.supply[0:2] == [7, 2] and s.stock[0:2] == [4, 0] and s.actions_left == 1


def test_income_takes_only_what_is_in_the_stock() -> None:
    """'Sind nicht ausreichend Händlersteine in der Kasse, werden nur die vorhandenen genommen.'"""
    g, s = new(3)
    s.stock[0:2] = [2, 0]
    s.legal_cache = None
    incomes = [g.action_to_str(a) for a in g.legal_actions(s) if isinstance(a, act.Income)]
    assert incomes == ["income 1 0", "income 2 0"]


def test_income_bank_all() -> None:
    """Geldbeutel C (cuncti): all pieces of the stock."""
    g, s = new(3)
    s.levels[4] = 3
    s.stock[0:2] = [10, 2]
    s.legal_cache = None
    assert "income 10 2" in strs(g, s)


def test_place_on_a_free_post_of_a_route_with_other_pieces() -> None:
    """2. Einsetzen: any free post; other posts of the route may hold any pieces."""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    put(g, s, r, 1)
    do(g, s, "place Hamburg-Luebeck m")
    posts = [s.posts[p] for p in g.board.route_post_range[r]]
    assert posts == [2, 1, -1]
    assert s.supply[0:2] == [5, 0]
    fill_route(g, s, route(g, "Stade", "Hamburg"), 2)
    assert "place Stade-Hamburg t" not in strs(g, s)


def test_displace_fee_and_placement_adjacent() -> None:
    """3. Verdrängen: fee 1 for a trader; the owner places it plus one extra from the stock on
    adjacent routes, never on the displacement route itself."""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    put(g, s, r, 1)
    stock1 = s.stock[2]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert s.supply[0:2] == [3, 1] and s.stock[0:2] == [7, 0]
    assert g.current_player(s) == 1 and s.decision == act.DISPLACED
    legal = strs(g, s)
    adjacent = {g.board.route_ascii[q] for q in g.board.route_adjacent[r]}
    assert {t.split()[1] for t in legal if t.startswith("displaced_place")} == adjacent
    assert "displaced_done" not in legal  # the displaced piece itself must be placed
    do(g, s, "displaced_place Stade-Hamburg t")
    assert "displaced_done" in strs(g, s)
    do(g, s, "displaced_place Hamburg-Lueneburg t")
    assert s.stock[2] == stock1 - 1
    assert s.decision == act.MAIN and g.current_player(s) == 0 and s.actions_left == 1


def test_displace_merchant_costs_two_and_gives_two_extras() -> None:
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    put(g, s, r, 1, merchant=1)
    s.supply[0:2] = [2, 1]
    s.legal_cache = None
    legal = [a for a in g.legal_actions(s) if isinstance(a, act.Displace)]
    # placing a trader: fee 1 trader + 1 merchant; placing the merchant: fee 2 traders
    assert {(a.merchant, a.fee_merchants) for a in legal} == {(0, 1), (1, 0)}
    do(g, s, "displace Hamburg-Luebeck 0 m 0")
    assert s.supply[0:2] == [0, 0] and s.stock[0:2] == [8, 0]
    assert s.hand_m == 1 and s.extra_left == 2


def test_displace_needs_the_fee_in_the_supply() -> None:
    """'Hat der Spieler nicht genügend Händlersteine im Vorrat, darf er diese Aktion nicht
    ausführen.'"""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1, merchant=1)
    s.supply[0:2] = [2, 0]
    s.legal_cache = None
    assert not [a for a in g.legal_actions(s) if isinstance(a, act.Displace)]
    with pytest.raises(IllegalActionError, match="Verdrängen"):
        do(g, s, "displace Hamburg-Luebeck 0 t 0")


def test_displaced_next_ring_when_adjacent_routes_are_full() -> None:
    """'Sind alle direkt angrenzenden Handelsrouten belegt, werden an diese besetzten
    Handelsrouten angrenzende gewählt.'"""
    g, s = new(3)
    b = g.board
    r = route(g, "Hamburg", "Lübeck")
    for q in b.route_adjacent[r]:
        fill_route(g, s, q, 2)
    put(g, s, r, 1)
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    targets = {a.route for a in g.legal_actions(s) if isinstance(a, act.DisplacedPlace)}
    assert targets == {q for q in b.route_rings[r][1] if s.free[q]}
    assert targets and not targets & set(b.route_adjacent[r])


def test_displaced_extras_from_supply_then_own_routes() -> None:
    """Extras come from the stock, else the supply, else own pieces already on routes."""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    put(g, s, r, 1)
    far = route(g, "Coellen", "Warburg")
    put(g, s, far, 1)
    s.stock[2:4] = [0, 0]
    s.supply[2:4] = [0, 0]
    s.legal_cache = None
    inv = g.inventory(s)
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Stade-Hamburg t")
    legal = strs(g, s)
    assert "displaced_move Coellen-Warburg t Hamburg-Lueneburg" in legal
    assert not [t for t in legal if t.startswith("displaced_place")]
    do(g, s, "displaced_move Coellen-Warburg t Hamburg-Lueneburg")
    assert s.free[far] == g.board.route_posts[far]
    assert g.inventory(s) == inv


def test_displaced_extras_may_be_waived() -> None:
    """'Auf die zusätzlichen Händlersteine aus der Kasse oder dem Vorrat darf verzichtet werden.'"""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    stock = s.stock[2:4]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Stade-Hamburg t")
    do(g, s, "displaced_done")
    assert s.stock[2:4] == stock and s.decision == act.MAIN


def test_move_up_to_book_value_and_swap_positions() -> None:
    """4. Umsetzen: up to Liber sophiae (2 at the start) pieces; pieces may swap positions."""
    g, s = new(3)
    a = route(g, "Hamburg", "Lübeck")
    b_ = route(g, "Stade", "Hamburg")
    fill_route(g, s, a, 0)
    fill_route(g, s, b_, 0, merchants=1)
    do(g, s, "move Hamburg-Luebeck t")
    assert s.decision == act.MOVE_LIFT and s.actions_left == 1
    do(g, s, "move Stade-Hamburg m")
    assert s.decision == act.MOVE_DROP  # two lifted: Liber sophiae 2
    assert {g.action_to_str(x) for x in g.legal_actions(s)} >= {
        "move_place Hamburg-Luebeck m",
        "move_place Stade-Hamburg t",
    }
    do(g, s, "move_place Hamburg-Luebeck m")
    do(g, s, "move_place Stade-Hamburg t")
    assert 1 in [s.posts[p] for p in g.board.route_post_range[a]]
    assert 1 not in [s.posts[p] for p in g.board.route_post_range[b_]]
    assert s.decision == act.MAIN


def test_move_fewer_pieces_and_never_displace() -> None:
    g, s = new(3)
    a = route(g, "Hamburg", "Lübeck")
    put(g, s, a, 0)
    fill_route(g, s, route(g, "Stade", "Hamburg"), 1)
    do(g, s, "move Hamburg-Luebeck t")
    assert s.decision == act.MOVE_DROP  # no own piece left to lift
    assert "move_place Stade-Hamburg t" not in strs(g, s)
    g2, s2 = new(3)
    s2.levels[3] = 3  # Liber sophiae 5
    put(g2, s2, a, 0)
    put(g2, s2, a, 0)
    do(g2, s2, "move Hamburg-Luebeck t")
    assert s2.move_left == 4 and "move_done" in strs(g2, s2)
    do(g2, s2, "move_done")
    assert s2.decision == act.MOVE_DROP and s2.held_t == 1


def test_displaced_extras_from_the_supply_when_the_stock_is_empty() -> None:
    """'Sollte der verdrängte Spieler keine Händlersteine mehr in der Kasse haben, darf er
    Händlersteine aus seinem Vorrat zum Einsetzen verwenden.'"""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1, merchant=1)
    s.stock[2:4] = [0, 0]
    s.supply[2:4] = [3, 0]
    s.legal_cache = None
    do(g, s, "displace Hamburg-Luebeck 0 t 0")  # a merchant displaced: two extras
    assert s.hand_m == 1 and s.extra_left == 2
    legal = strs(g, s)
    assert "displaced_place Stade-Hamburg m" in legal and "displaced_place Stade-Hamburg t" in legal
    do(g, s, "displaced_place Stade-Hamburg t")
    do(g, s, "displaced_place Hamburg-Lueneburg t")
    assert s.supply[2:4] == [1, 0] and s.hand_m == 1
    assert "displaced_done" not in strs(g, s)  # the merchant itself must still be placed
    do(g, s, "displaced_place Bremen-Hamburg m")
    assert s.decision == act.MAIN


def test_displaced_piece_with_no_free_post_goes_to_the_stock() -> None:
    """Reading (the rules are silent): with no free post on any other route the displaced piece
    cannot be placed; as it 'darf nicht in den eigenen Vorrat genommen werden', it goes to the
    owner's stock (Kasse), and the extras lapse."""
    g, s = new(3)
    b = g.board
    r = route(g, "Hamburg", "Lübeck")
    for q in range(b.n_routes):
        if q != r:
            for post in b.route_post_range[q]:
                setp(g, s, post, 4)  # seat 2 everywhere else (inventory not needed here)
    put(g, s, r, 1)
    supply1, stock1 = s.supply[2:4], s.stock[2:4]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert s.decision == act.MAIN and g.current_player(s) == 0 and s.actions_left == 1
    assert s.supply[2:4] == supply1
    assert s.stock[2:4] == [stock1[0] + 1, stock1[1]]
    assert s.disp_route == -1 and s.extra_left == 0


def test_income_needs_a_piece_in_the_stock() -> None:
    """1. Einnahmen takes pieces from the stock (Kasse): with an empty stock there is no income."""
    g, s = new(3)
    s.supply[0] += s.stock[0]
    s.stock[0:2] = [0, 0]
    s.legal_cache = None
    assert not [a for a in g.legal_actions(s) if isinstance(a, act.Income)]
    with pytest.raises(IllegalActionError, match="Einnahmen"):
        do(g, s, "income 1 0")


def test_fewer_actions_than_allowed_and_the_next_player() -> None:
    """'Ein Spieler darf auch weniger Aktionen durchführen als ihm zustehen.' The next player
    clockwise gets as many actions as his Actiones track shows."""
    g, s = new(3)
    s.levels[5 * 1 + 1] = 2  # seat 1: Actiones 3
    do(g, s, "income 1 0")
    assert s.actions_left == 1
    do(g, s, "end_turn")
    assert s.turn_owner == 1 and s.actions_left == 3 and s.decision == act.MAIN
    do(g, s, "end_turn")
    do(g, s, "end_turn")
    assert s.turn_owner == 0 and s.actions_left == 2


def test_displace_with_a_merchant_paid_fee() -> None:
    """The fee is 'Händlersteine' (either kind): a merchant may pay it."""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    s.supply[0:2] = [1, 1]
    s.legal_cache = None
    legal = {g.action_to_str(a) for a in g.legal_actions(s) if isinstance(a, act.Displace)}
    assert legal == {"displace Hamburg-Luebeck 0 t 1", "displace Hamburg-Luebeck 0 m 0"}
    do(g, s, "displace Hamburg-Luebeck 0 t 1")
    assert s.supply[0:2] == [0, 0] and s.stock[0:2] == [6, 1]
