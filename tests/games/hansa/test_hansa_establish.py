"""5. Eine Handelsroute einrichten: a) prestige for control, b) the bonus marker, c1) office,
c2) ability, c3) Coellen, the East-West connection, full cities."""

from __future__ import annotations

from hansa_helpers import city, do, fill_route, new, office, route, setp, strs

from hanse.games.hansa import actions as act
from hanse.games.hansa.rules import cities


def test_establish_is_its_own_action_and_needs_all_posts() -> None:
    """'Eine Handelsroute wird nicht automatisch eingerichtet ... es bedarf dafür einer eignen
    Aktion.'"""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    fill_route(g, s, r, 0)
    assert s.decision == act.MAIN
    assert "establish Hamburg-Luebeck" in strs(g, s)
    setp(g, s, g.board.route_start[r], 2)  # one post of another player
    assert "establish Hamburg-Luebeck" not in strs(g, s)


def test_office_lowest_free_with_privilege_and_shape() -> None:
    """c1) the lowest free office; no skipping; square takes a trader, round a merchant; the
    privilege colour must be unlocked; the other pieces go to the stock."""
    g, s = new(3)
    r = route(g, "Emden", "Osnabrück")  # Emden: white round, pink square
    fill_route(g, s, r, 0)
    do(g, s, "establish Emden-Osnabrueck")
    legal = strs(g, s)
    assert "establish_office Emden" not in legal  # needs a merchant on the route
    assert "establish_office Osnabrueck" in legal  # white square
    assert "establish_none" in legal
    stock = s.stock[0]
    do(g, s, "establish_office Osnabrueck")
    c = city(g, "Osnabrück")
    assert s.offices[g.board.office_start[c]] == 0 and s.filled[c] == 1
    assert s.stock[0] == stock + 3 and s.free[r] == 4
    # the next Osnabrück office is orange: privilege 1 cannot take it
    fill_route(g, s, r, 0, merchants=1)
    do(g, s, "establish Emden-Osnabrueck")
    legal = strs(g, s)
    assert "establish_office Osnabrueck" not in legal and "establish_office Emden" in legal


def test_prestige_for_control_of_both_cities() -> None:
    """a) one prestige per controlled city, before and independent of the office taken."""
    g, s = new(3)
    office(g, s, "Hamburg", 1)
    office(g, s, "Lübeck", 1)
    s.levels[2] = 1  # privilege orange for Hamburg's second office
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    do(g, s, "establish Hamburg-Luebeck")
    assert s.prestige[1] == 2
    do(g, s, "establish_office Hamburg")
    # Hamburg: seat 1 and 0 hold one office each; seat 0 holds the higher one -> seat 0 controls
    assert cities.controller(g.board, s, city(g, "Hamburg")) == 0


def test_control_tie_goes_to_higher_office_and_extra_offices_rank_lowest() -> None:
    """RULINGS 'Control': most offices, extra offices count; ties by the highest-valued office
    (further right; extra offices below the printed ones, the first placed highest of them)."""
    g, s = new(3)
    b = g.board
    c = city(g, "Hamburg")
    seat0, seat1, seat2 = 0, 2, 4  # piece codes of traders of seats 0, 1, 2
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 2)
    assert cities.controller(b, s, c) == 2  # one each: the further right office wins
    s.extras[c] = (seat0, seat0)
    assert cities.controller(b, s, c) == 0  # two offices beat one
    s.extras[c] = (seat0, seat2)
    assert cities.controller(b, s, c) == 2  # seat 2: two offices, seat 0 one
    s.extras[c] = (seat0,)
    assert cities.controller(b, s, c) == 2  # one each: printed beats extra
    s.offices[b.office_start[c] + 1] = -1
    s.filled[c] = 1
    s.offices[b.office_start[c]] = seat1
    s.extras[c] = (seat2, seat0)
    assert cities.controller(b, s, c) == 1  # printed office beats both extras
    s.offices[b.office_start[c]] = seat0
    s.extras[c] = (seat2, seat1, seat2, seat1)
    assert (
        cities.controller(b, s, c) == 2
    )  # 2 each: seat 2's first extra lies nearest, ranks higher


def test_coin_office_gives_one_prestige_once() -> None:
    """Offices with the gold coin: one prestige at once (2-3 side: Groningen, Stade, ...)."""
    g, s = new(3)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    do(g, s, "establish Hamburg-Luebeck")
    do(g, s, "establish_office Luebeck")
    assert s.prestige[0] == 1


def test_full_city_advances_the_track() -> None:
    """'Wird die letzte freie Niederlassung einer Stadt besetzt ... weiter geschoben.'"""
    g, s = new(3)
    # Stade has a single white round office on the 2-3 side (with a coin)
    fill_route(g, s, route(g, "Stade", "Hamburg"), 0, merchants=1)
    do(g, s, "establish Stade-Hamburg")
    do(g, s, "establish_office Stade")
    assert s.full_cities == 1
    assert g.view(s, 0)["cities"][city(g, "Stade")]["full"] is True
    fill_route(g, s, route(g, "Stade", "Hamburg"), 1, merchants=1)
    g.apply_action(s, g.t_end_turn)
    do(g, s, "establish Stade-Hamburg")
    assert "establish_office Stade" not in strs(g, s)


def test_upgrade_ability_piece_to_supply() -> None:
    """c2) Eigenschaft weiterentwickeln: the leftmost covering piece goes to the supply."""
    g, s = new(3)
    fill_route(g, s, route(g, "Groningen", "Emden"), 0)
    do(g, s, "establish Groningen-Emden")
    assert "establish_upgrade book" in strs(g, s)
    supply = s.supply[0:2]
    do(g, s, "establish_upgrade book")
    assert s.levels[3] == 1 and s.supply[0:2] == [supply[0], supply[1] + 1]
    assert s.stock[0] >= 3 and s.free[route(g, "Groningen", "Emden")] == 3


def test_actiones_extra_action_on_first_three_first_four_and_five() -> None:
    """'Hat der Spieler ... die erste 3 oder 4 bzw. die 5 freigelegt, darf der Spieler bereits in
    diesem Zug eine Aktion mehr durchführen.'"""
    g, s = new(3)
    r = route(g, "Göttingen", "Quedlinburg")
    gained = []
    for _ in range(5):
        fill_route(g, s, r, 0)
        s.turn_owner, s.decision, s.actions_left = 0, act.MAIN, 1
        s.legal_cache = None
        do(g, s, "establish Goettingen-Quedlinburg")
        do(g, s, "establish_upgrade actions")
        gained.append(s.actions_left if s.turn_owner == 0 else 0)
    assert gained == [1, 0, 1, 0, 1]
    assert s.levels[1] == 5


def test_coellen_special_space_with_merchant_and_privilege() -> None:
    """c3) a merchant from the Coellen-Warburg route onto a free space of an unlocked colour, in
    any order; the points count at the end."""
    g, s = new(3)
    r = route(g, "Coellen", "Warburg")
    fill_route(g, s, r, 0, merchants=1)
    do(g, s, "establish Coellen-Warburg")
    assert [t for t in strs(g, s) if "coellen" in t] == ["establish_coellen 7"]
    s.levels[2] = 3
    s.legal_cache = None
    assert [t for t in strs(g, s) if "coellen" in t] == [
        "establish_coellen 7",
        "establish_coellen 8",
        "establish_coellen 9",
        "establish_coellen 11",
    ]
    do(g, s, "establish_coellen 11")
    assert s.coellen == [-1, -1, -1, 1]
    fill_route(g, s, r, 0)
    do(g, s, "establish Coellen-Warburg")
    assert not [t for t in strs(g, s) if "coellen" in t]  # traders only on the route


def test_establish_without_office_returns_all_pieces() -> None:
    """'Es muss nicht zwingend einer der Punkte c1) - c3) durchgeführt werden ... alle Händlersteine
    dieser Handelsroute zurück in die Kasse.'"""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    fill_route(g, s, r, 0, merchants=1)
    stock = s.stock[0:2]
    do(g, s, "establish Hamburg-Luebeck")
    do(g, s, "establish_none")
    assert s.stock[0:2] == [stock[0] + 2, stock[1] + 1]


def test_establish_with_both_cities_full_for_prestige_only() -> None:
    """'Selbst wenn beide angrenzenden Städte keine freien Niederlassungen mehr besitzen, kann
    weiterhin eine Handelsroute eingerichtet werden.'"""
    g, s = new(3)
    for name in ("Kampen", "Kampen"):
        office(g, s, name, 1)
    office(g, s, "Osnabrück", 1)
    office(g, s, "Osnabrück", 1)
    office(g, s, "Osnabrück", 2)
    fill_route(g, s, route(g, "Kampen", "Osnabrück"), 0)
    do(g, s, "establish Kampen-Osnabrueck")
    assert s.prestige[1] == 2 and s.decision == act.MAIN


def test_east_west_connection_7_4_2() -> None:
    """Ost-West-Verbindung: 7, 4, 2 prestige to the first three players linking Stendal and
    Arnheim through cities with own offices (length and control do not matter)."""
    g, s = new(4)
    chain = ["Arnheim", "Münster", "Minden", "Brunswiek"]
    for name in chain:
        for seat in range(4):
            if g.board.office_count[city(g, name)] > s.filled[city(g, name)]:
                office(g, s, name, seat, merchant=0)
    s.extras[city(g, "Brunswiek")] = (2, 4, 6)  # seats 1-3 in Brunswiek too (one office)
    s.extras[city(g, "Münster")] = (4, 6)  # and seats 2-3 in Münster (two offices)
    s.levels[5 * 2 + 2] = 1  # seat 2: orange for Stendal's third office
    s.levels[5 * 3 + 2] = 2  # seat 3: pink for the fourth
    gained = []
    for seat in range(4):
        s.turn_owner, s.decision, s.actions_left = seat, act.MAIN, 1
        before = s.prestige[:]
        fill_route(g, s, route(g, "Brunswiek", "Stendal"), seat, merchants=1 if seat == 1 else 0)
        do(g, s, "establish Brunswiek-Stendal")
        after_a = s.prestige[seat] - before[seat]
        do(g, s, "establish_office Stendal")
        gained.append(s.prestige[seat] - before[seat] - after_a)
    assert s.east_west == [0, 1, 2]
    assert gained == [7, 4, 2, 0]
    assert g.view(s, 0)["players"][1]["east_west"] == 2


def test_east_west_checked_after_an_extra_office() -> None:
    """RULINGS 'East-West': checked after every change of offices, the extra office included."""
    g, s = new(3)
    for name in ("Arnheim", "Münster", "Minden", "Brunswiek"):
        office(g, s, name, 0, merchant=0)
    office(g, s, "Stendal", 1)
    s.pile[0] -= 1
    s.bonus[0] += 1  # seat 0 holds an extra-office marker
    fill_route(g, s, route(g, "Brunswiek", "Stendal"), 0)
    do(g, s, "establish Brunswiek-Stendal")
    do(g, s, "establish_extra_office Stendal t")
    assert s.east_west == [0]
    assert s.prestige[0] == 7 + 1  # plus a) control of Brunswiek


def test_no_piece_in_supply_no_placing() -> None:
    """Only pieces in the supply may be placed ('Nur in seinem Vorrat befindliche ...')."""
    g, s = new(3)
    s.stock[0] += s.supply[0]
    s.stock[1] += s.supply[1]
    s.supply[0] = s.supply[1] = 0
    s.legal_cache = None
    kinds = {type(a).__name__ for a in g.legal_actions(s)}
    assert kinds == {"Income", "EndTurn"}
