"""Bonusmarker: taking, using (all six kinds, not in the taking action, no action cost) and placing
new markers at the end of the turn."""

from __future__ import annotations

import pytest
from hansa_helpers import city, do, fill_route, new, office, put, route, setp, strs

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as act
from hanse.games.hansa.data import BONUS_KINDS
from hanse.games.hansa.rules import cities

K = {name: i for i, name in enumerate(BONUS_KINDS)}


def _give(s, seat: int, kind: str, n: int = 1) -> None:  # type: ignore[no-untyped-def]
    """Hand `seat` markers taken from the pile (keeps the inventory)."""
    s.pile[K[kind]] -= n
    s.bonus[6 * seat + K[kind]] += n
    s.legal_cache = None


def test_taking_a_marker_and_placing_a_new_one_at_turn_end() -> None:
    """b) take the marker; a new one is drawn face down and placed at the end of the turn on a route
    without pieces and markers, with a free office in one of its cities."""
    g, s = new(3, order=0)
    tavern = g.board.tavern_routes[0]
    kind = s.route_marker[tavern]
    fill_route(g, s, tavern, 0)
    do(g, s, f"establish {g.board.route_ascii[tavern]}")
    assert s.bonus[kind] == 1 and s.route_marker[tavern] == -1
    assert s.plate == 1 and g.view(s, 1)["markers_left"] == 11
    do(g, s, "establish_none")
    do(g, s, "end_turn")
    assert g.current_player(s) == -1 and s.decision == act.DRAW
    outcomes = g.chance_outcomes(s)
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    probs = {g.action_to_str(a): p for a, p in outcomes}
    assert probs["draw_bonus extra_office"] == 3 / 12
    g.apply_action(s, g.action_from_str("draw_bonus actions_4"))
    assert s.decision == act.PLACE_BONUS and g.current_player(s) == 0
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    targets = {a.route for a in g.legal_actions(s)}
    assert route(g, "Hamburg", "Lübeck") not in targets
    assert not {r for r in range(g.board.n_routes) if s.route_marker[r] >= 0} & targets
    do(g, s, "place_bonus Kampen-Arnheim")
    assert s.route_marker[route(g, "Kampen", "Arnheim")] == K["actions_4"]
    assert s.turn_owner == 1 and s.decision == act.MAIN


def test_new_marker_needs_a_free_office_next_to_the_route() -> None:
    g, s = new(3)
    for _ in range(2):
        office(g, s, "Kampen", 1)
    for _ in range(3):
        office(g, s, "Osnabrück", 1)
    s.pile[0] -= 1
    s.revealed = 0
    s.decision = act.PLACE_BONUS
    assert route(g, "Kampen", "Osnabrück") not in {a.route for a in g.legal_actions(s)}


def test_marker_not_usable_in_the_taking_action() -> None:
    """'Bonusmarker können ... jedoch nicht in derselben Aktion, in der er genommen wurde,
    eingesetzt werden': the extra office just taken does not serve this establish."""
    g, s = new(3, order=0)  # order 0: extra office on the first tavern route
    tavern = g.board.tavern_routes[0]
    assert s.route_marker[tavern] == K["extra_office"]
    office(g, s, g.board.city_names[g.board.route_a[tavern]], 1)
    fill_route(g, s, tavern, 0)
    do(g, s, f"establish {g.board.route_ascii[tavern]}")
    assert s.bonus[K["extra_office"]] == 1  # taken, but not usable in this action
    # nothing else to choose (orange and pink offices): resolved at once, no extra office
    assert s.decision == act.MAIN and s.extras[g.board.route_a[tavern]] == ()
    fill_route(g, s, tavern, 0)
    do(g, s, f"establish {g.board.route_ascii[tavern]}")
    assert [t for t in strs(g, s) if t.startswith("establish_extra_office")]


def test_extra_office_left_of_the_printed_ones() -> None:
    """Zusätzliche Niederlassung: ignore the office rules; the lowest office must be occupied; a
    further extra office goes further left; it counts for control."""
    g, s = new(3)
    _give(s, 0, "extra_office", 2)
    r = route(g, "Hamburg", "Lübeck")
    for _ in range(3):
        office(g, s, "Hamburg", 1)
    fill_route(g, s, r, 0, merchants=1)
    do(g, s, "establish Hamburg-Luebeck")
    legal = strs(g, s)
    assert (
        "establish_extra_office Hamburg t" in legal and "establish_extra_office Hamburg m" in legal
    )
    assert not [t for t in legal if t.startswith("establish_extra_office Luebeck")]
    do(g, s, "establish_extra_office Hamburg m")
    c = city(g, "Hamburg")
    assert s.extras[c] == (1,)
    assert s.bonus[K["extra_office"]] == 1 and s.bonus_used[K["extra_office"]] == 1
    assert cities.offices_of(g.board, s, 0, c) == 1
    view = g.view(s, 0)["cities"][c]
    assert view["extra_offices"] == [{"seat": 0, "piece": "merchant"}]


def test_swap_offices_neighbouring_occupied() -> None:
    """Niederlassungstausch: two neighbouring occupied offices swap pieces, shape and privilege
    notwithstanding; not with an extra office."""
    g, s = new(3)
    _give(s, 0, "swap_offices")
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 0)
    s.extras[city(g, "Hamburg")] = (4,)
    swaps = [t for t in strs(g, s) if t.startswith("use_bonus swap")]
    assert swaps == ["use_bonus swap_offices Hamburg 0"]
    actions = s.actions_left
    do(g, s, "use_bonus swap_offices Hamburg 0")
    start = g.board.office_start[city(g, "Hamburg")]
    assert s.offices[start : start + 2] == [0, 2]
    assert s.actions_left == actions  # no action used
    assert s.bonus_used[K["swap_offices"]] == 1


def test_swap_offices_own_only_flag() -> None:
    g, s = new(3, swap_any_offices=False)
    _give(s, 0, "swap_offices")
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 2)
    assert not [t for t in strs(g, s) if t.startswith("use_bonus swap")]


def test_plus_actions_and_use_with_no_action_left() -> None:
    """+3/+4 Aktionen, usable even with no action left; new markers are still placed after."""
    g, s = new(3)
    _give(s, 0, "actions_4")
    do(g, s, "income 1 0")
    do(g, s, "income 1 0")
    assert s.turn_owner == 0 and s.actions_left == 0
    assert strs(g, s) == ["use_bonus actions_4", "end_turn"]
    do(g, s, "use_bonus actions_4")
    assert s.actions_left == 4


def test_upgrade_ability_marker() -> None:
    """+1 Eigenschaft: develop any ability as if by establishing (Actiones: the extra action)."""
    g, s = new(3)
    _give(s, 0, "upgrade_ability")
    s.levels[2] = 3  # privilege fully developed: not offered
    s.legal_cache = None
    legal = [t for t in strs(g, s) if t.startswith("use_bonus upgrade")]
    assert legal == [
        "use_bonus upgrade_ability keys",
        "use_bonus upgrade_ability actions",
        "use_bonus upgrade_ability book",
        "use_bonus upgrade_ability bank",
    ]
    do(g, s, "use_bonus upgrade_ability actions")
    assert s.levels[1] == 1 and s.actions_left == 3 and s.supply[0] == 6


def test_remove_three_opponent_pieces_to_their_supply() -> None:
    """3 Händlersteine entfernen: up to three opponents' pieces from routes (not offices) go back
    to their owners' supplies."""
    g, s = new(3)
    _give(s, 0, "remove_3")
    r = route(g, "Hamburg", "Lübeck")
    put(g, s, r, 1)
    put(g, s, r, 2, merchant=1)
    put(g, s, route(g, "Stade", "Hamburg"), 0)
    put(g, s, route(g, "Coellen", "Warburg"), 1)
    office(g, s, "Hamburg", 1)
    do(g, s, "use_bonus remove_3")
    legal = strs(g, s)
    assert legal == [
        "remove_piece Hamburg-Luebeck 0",
        "remove_piece Hamburg-Luebeck 1",
        "remove_piece Coellen-Warburg 0",
        "remove_done",
    ]
    supply1, supply2 = s.supply[2], s.supply[5]
    do(g, s, "remove_piece Hamburg-Luebeck 0")
    do(g, s, "remove_piece Hamburg-Luebeck 1")
    do(g, s, "remove_piece Coellen-Warburg 0")
    assert s.supply[2] == supply1 + 2 and s.supply[5] == supply2 + 1
    assert s.decision == act.MAIN and s.actions_left == 2


def test_empty_pile_ends_the_game_after_the_action() -> None:
    """'Ist der Vorrat an Bonusmarkern aufgebraucht, endet nach der aktuellen Aktion ... das Spiel
    sofort (Den gerade erhaltenen Bonusmarker darf der Spieler nicht mehr einsetzen!).'"""
    g, s = new(3)
    s.removed = s.pile[:]
    s.pile = [0] * 6
    tavern = g.board.tavern_routes[0]
    fill_route(g, s, tavern, 0)
    do(g, s, f"establish {g.board.route_ascii[tavern]}")
    assert s.decision != act.OVER
    do(g, s, strs(g, s)[0])
    assert g.is_terminal(s)


def test_two_markers_taken_two_new_ones_placed_at_turn_end() -> None:
    """'Zum Abschluss seines Zuges platziert der Spieler für jeden erhaltenen Bonusmarker einen
    neuen' (also after using +3/+4 Aktionen): two markers taken, two drawn and placed."""
    g, s = new(3, order=0)
    taverns = g.board.tavern_routes[:2]
    for r in taverns:
        fill_route(g, s, r, 0)
    for r in taverns:
        do(g, s, f"establish {g.board.route_ascii[r]}")
        if s.decision == act.ESTABLISH:
            do(g, s, "establish_none")
    assert s.plate == 2 and g.view(s, 1)["markers_left"] == 10
    assert s.turn_owner == 0 and s.decision == act.DRAW  # no action left: the turn ends
    placed = []
    for kind in ("actions_3", "upgrade_ability"):
        g.apply_action(s, g.action_from_str(f"draw_bonus {kind}"))
        assert s.decision == act.PLACE_BONUS and g.current_player(s) == 0
        target = g.legal_actions(s)[0]
        g.apply_action(s, target)
        placed.append(s.route_marker[target.route])  # type: ignore[attr-defined]
    assert placed == [K["actions_3"], K["upgrade_ability"]]
    assert s.plate == 0 and s.turn_owner == 1 and s.decision == act.MAIN


def test_marker_with_no_eligible_route_leaves_the_game() -> None:
    """RULINGS, "A replacement marker with no eligible route" (the rules are silent): when no
    route is free of pieces and markers with a free office beside it, the turned-up marker leaves
    the game, scoring for nobody; the game does not end, the turn passes on."""
    g, s = new(3)
    b = g.board
    for r in range(b.n_routes):
        setp(g, s, b.route_start[r], 2 * (r % 3))  # a piece on every route (inventory aside)
    s.plate = 1  # one marker drawn face down this turn (the pile counts it until turned up)
    s.actions_left = 0
    s.decision = act.DRAW
    s.legal_cache = None
    out = s.removed[:]
    g.apply_action(s, g.action_from_str("draw_bonus actions_4"))
    assert s.removed[K["actions_4"]] == out[K["actions_4"]] + 1
    assert s.plate == 0 and s.revealed == -1
    assert s.turn_owner == 1 and s.decision == act.MAIN
    assert not g.is_terminal(s) and not s.ending


def test_actiones_extra_action_also_within_plus_actions() -> None:
    """c2): the extra action for the first 3 'auch dann, wenn dies bei Nutzung eines +3/+4
    Aktionen Bonusmarkers erfolgt'."""
    g, s = new(3)
    _give(s, 0, "actions_3")
    do(g, s, "income 1 0")
    do(g, s, "income 1 0")
    do(g, s, "use_bonus actions_3")
    assert s.actions_left == 3
    fill_route(g, s, route(g, "Göttingen", "Quedlinburg"), 0)
    do(g, s, "establish Goettingen-Quedlinburg")
    do(g, s, "establish_upgrade actions")
    assert s.actions_left == 3  # 3 - 1 for establishing + 1 for uncovering the first 3


def test_swap_trader_and_merchant_ignoring_shape_and_privilege() -> None:
    """Niederlassungstausch: 'Dabei spielen die Form ... und die Farbe des benötigten Privilegs ...
    keine Rolle. Somit können auch ein Händler und ein Großhändler die Niederlassungen tauschen.'"""
    g, s = new(3)
    _give(s, 0, "swap_offices")
    emden = city(g, "Emden")  # white round, pink square
    office(g, s, "Emden", 1)  # seat 1's merchant on the white round office
    office(g, s, "Emden", 0)  # seat 0's trader on the pink square office
    assert cities.controller(g.board, s, emden) == 0
    do(g, s, "use_bonus swap_offices Emden 0")
    start = g.board.office_start[emden]
    assert s.offices[start : start + 2] == [0, 3]  # seat 0's trader left, seat 1's merchant right
    assert cities.controller(g.board, s, emden) == 1
    assert s.levels[2] == 0  # seat 1 holds a pink office without Privilegium 3


def test_remove_three_may_stop_early() -> None:
    """'erlaubt ... drei gegnerische Händlersteine ... zu entfernen': up to three; the marker is
    used even when the player stops after the first."""
    g, s = new(3)
    _give(s, 0, "remove_3")
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    put(g, s, route(g, "Stade", "Hamburg"), 2)
    do(g, s, "use_bonus remove_3")
    do(g, s, "remove_piece Stade-Hamburg 0")
    assert s.decision == act.REMOVE and "remove_done" in strs(g, s)
    do(g, s, "remove_done")
    assert s.decision == act.MAIN and s.actions_left == 2
    assert s.bonus[K["remove_3"]] == 0 and s.bonus_used[K["remove_3"]] == 1
    assert s.free[route(g, "Hamburg", "Lübeck")] == 2


def test_remove_three_stops_when_no_opponent_piece_is_left() -> None:
    g, s = new(3)
    _give(s, 0, "remove_3")
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    do(g, s, "use_bonus remove_3")
    do(g, s, "remove_piece Hamburg-Luebeck 0")
    assert s.decision == act.MAIN and s.remove_left == 0


def test_extra_office_needs_the_lowest_office_occupied() -> None:
    """'Einzige Voraussetzung: Zumindest die niedrigste Niederlassung muss bereits von einem
    beliebigen Spieler (ggf. auch von ihm selbst) besetzt sein.' Privilege and shape do not
    matter; a city with free offices may take one too."""
    g, s = new(3)
    _give(s, 0, "extra_office")
    office(g, s, "Emden", 0)  # own merchant on Emden's lowest office; Osnabrück empty
    fill_route(g, s, route(g, "Emden", "Osnabrück"), 0)
    do(g, s, "establish Emden-Osnabrueck")
    extra = [t for t in strs(g, s) if t.startswith("establish_extra_office")]
    assert extra == ["establish_extra_office Emden t"]
    do(g, s, "establish_extra_office Emden t")
    assert s.extras[city(g, "Emden")] == (0,)
    assert cities.offices_of(g.board, s, 0, city(g, "Emden")) == 2
    assert s.filled[city(g, "Emden")] == 1  # the printed pink office is still free


def test_extra_office_marker_is_not_used_at_the_main_decision() -> None:
    """'In Verbindung mit der Aktion „Eine Handelsroute einrichten“ einzusetzen.'"""
    g, s = new(3)
    _give(s, 0, "extra_office")
    assert not [t for t in strs(g, s) if t.startswith("use_bonus")]
    with pytest.raises(IllegalActionError, match="Zusätzliche Niederlassung"):
        do(g, s, "use_bonus extra_office")
