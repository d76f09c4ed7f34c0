"""Hansa Teutonica: the entries of RULINGS.md ("Hansa Teutonica") that no other module names, and
the rulebook rules that a review of the engine found without a test.

Rulings already named by a test elsewhere are not repeated here: the displaced piece with no free
post (test_hansa_actions), "remove 3" (test_hansa_bonus), the replacement marker with no eligible
route (test_hansa_bonus), the neutral establish judging control first (test_hansa_two_players), the
control tie (test_hansa_establish, test_hansa_end_and_scoring) and the Actiones extra action
(test_hansa_establish).

Every test builds a concrete position and asserts exact outcomes. Rulebook sections are cited by
their German headings, the content in our own words.
"""

from __future__ import annotations

import pytest
from hansa_helpers import city, do, fill_route, new, office, put, route, setp, strs

from hanse.core import IllegalActionError
from hanse.games.hansa import actions as act
from hanse.games.hansa.data import BONUS_KINDS
from hanse.games.hansa.game import HansaGame
from hanse.games.hansa.rules import cities, scoring
from hanse.games.hansa.state import HansaState

K = {name: i for i, name in enumerate(BONUS_KINDS)}


def _give(s: HansaState, seat: int, kind: str, n: int = 1) -> None:
    """Hand `seat` unused markers of `kind`, taken from the face-down pile."""
    s.pile[K[kind]] -= n
    s.bonus[6 * seat + K[kind]] += n
    s.legal_cache = None


def _marker_on(s: HansaState, r: int, kind: str) -> None:
    """Lay a marker of `kind` from the pile beside route `r`."""
    s.pile[K[kind]] -= 1
    s.route_marker[r] = K[kind]
    s.legal_cache = None


def _uses(g: HansaGame, s: HansaState) -> list[str]:
    return [t for t in strs(g, s) if t.startswith("use_bonus")]


def _fill_board_except(g: HansaGame, s: HansaState, free: dict[int, int], code: int) -> None:
    """Put `code` on every empty post, leaving `free[r]` posts of route r empty (the last ones)."""
    b = g.board
    for r in range(b.n_routes):
        empty = [p for p in b.route_post_range[r] if s.posts[p] < 0]
        keep = free.get(r, 0)
        for post in empty[: len(empty) - keep]:
            setp(g, s, post, code)


# -- RULINGS (d): two players, a displaced neutral trader -----------------------------------------


def test_ruling_two_players_additional_neutral_goes_outward_and_is_not_waived() -> None:
    """RULINGS "Two players, a neutral piece displaced": the other player must place the displaced
    neutral trader and the additional one wherever a post is free. Rulebook "Regeln für zwei
    Spieler" (the other player sets both neutral traders by the ordinary rules) with "3. Einen
    gegnerischen Händlerstein verdrängen" (when the neighbouring routes are taken, the routes next
    to those are used). Position: the only free posts are one on Stade-Hamburg (next to
    Hamburg-Lübeck) and one on Bremen-Minden (one ring further out)."""
    g, s = new(2)
    n = 2 * g.neutral
    disp = route(g, "Hamburg", "Lübeck")
    near, far = route(g, "Stade", "Hamburg"), route(g, "Bremen", "Minden")
    assert s.posts[g.board.route_start[disp]] == n
    _fill_board_except(g, s, {near: 1, far: 1}, 2)  # seat 1's traders everywhere else
    pool = s.supply[n]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert g.current_player(s) == 1 and s.decision == act.DISPLACED
    assert strs(g, s) == ["displaced_place Stade-Hamburg t"]  # no waiving, nearest ring first
    do(g, s, "displaced_place Stade-Hamburg t")
    assert strs(g, s) == ["displaced_place Bremen-Minden t"]  # the additional one, no waiving
    with pytest.raises(IllegalActionError):
        do(g, s, "displaced_done")
    do(g, s, "displaced_place Bremen-Minden t")
    assert s.posts[g.board.route_start[near] + 2] == n
    assert s.posts[g.board.route_start[far] + 2] == n
    assert s.supply[n] == pool - 1
    assert s.decision == act.MAIN and g.current_player(s) == 0 and s.actions_left == 1


def test_ruling_two_players_additional_neutral_lapses_only_without_a_free_post() -> None:
    """RULINGS "Two players, a neutral piece displaced": only when no post is free does a piece
    lapse. Rulebook "Regeln für zwei Spieler" (both neutral traders are set). Position: a single
    free post on the whole board (Stade-Hamburg): the displaced neutral trader takes it, the
    additional one lapses and stays in the neutral supply; the action is over."""
    g, s = new(2)
    n = 2 * g.neutral
    near = route(g, "Stade", "Hamburg")
    _fill_board_except(g, s, {near: 1}, 2)
    pool = s.supply[n]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert strs(g, s) == ["displaced_place Stade-Hamburg t"]
    do(g, s, "displaced_place Stade-Hamburg t")
    assert s.decision == act.MAIN and g.current_player(s) == 0 and s.actions_left == 1
    assert s.supply[n] == pool and s.extra_left == 0 and s.disp_owner == -1
    assert s.free[near] == 0


def test_ruling_two_players_displaced_neutral_with_no_free_post_returns_to_its_supply() -> None:
    """RULINGS "Two players, a neutral piece displaced" with "Displaced piece with no free post
    anywhere": with no free post at all, the displacement is still legal; the displaced neutral
    trader goes back to the neutral supply (the neutral player's one pool) and the additional one
    lapses. Rulebook "Regeln für zwei Spieler"."""
    g, s = new(2)
    n = 2 * g.neutral
    _fill_board_except(g, s, {}, 2)
    assert sum(s.free) == 0
    pool = s.supply[n]
    assert "displace Hamburg-Luebeck 0 t 0" in strs(g, s)
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert s.decision == act.MAIN and g.current_player(s) == 0 and s.actions_left == 1
    assert s.supply[n] == pool + 1
    assert s.posts[g.board.route_start[route(g, "Hamburg", "Lübeck")]] == 0
    assert s.stock[0:2] == [7, 0]  # seat 0 paid the fee of one trader into its stock


# -- RULINGS (f): bonus markers between actions, at the end of the turn, the extra office ---------


def test_ruling_bonus_marker_between_actions_before_the_first_and_after_the_last() -> None:
    """RULINGS "Bonus markers between actions": a marker is used between two actions, before the
    first one too, and at no action cost. Rulebook "Bonusmarker" (usable at any time of the own
    turn, using costs no action; "+3/4 Aktionen")."""
    g, s = new(3)
    _give(s, 0, "actions_3")
    _give(s, 0, "actions_4")
    assert _uses(g, s) == ["use_bonus actions_3", "use_bonus actions_4"]  # before any action
    do(g, s, "income 1 0")
    assert s.actions_left == 1 and s.decision == act.MAIN
    do(g, s, "use_bonus actions_3")  # between the first and the second action
    assert s.actions_left == 4 and s.bonus[K["actions_3"]] == 0
    assert s.bonus_used[K["actions_3"]] == 1
    for _ in range(4):
        do(g, s, "income 1 0")
    assert s.turn_owner == 0 and s.actions_left == 0  # the turn waits: a marker is usable
    assert strs(g, s) == ["use_bonus actions_4", "end_turn"]
    do(g, s, "use_bonus actions_4")  # at the end of the turn
    assert s.actions_left == 4 and s.turn_owner == 0


def test_ruling_bonus_marker_taken_by_the_last_action_is_usable_at_the_end_of_the_turn() -> None:
    """RULINGS "Bonus markers between actions" / "Bonus markers": not within the action that took
    it, but at the end of the turn; the replacement is placed after the extra actions. Rulebook
    "b) Bonusmarker nehmen" (usable after this action is over; the new marker is laid when all
    actions are done, also after a +3/+4 marker)."""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    _marker_on(s, r, "actions_3")
    do(g, s, "income 1 0")
    fill_route(g, s, r, 0)
    do(g, s, "establish Hamburg-Luebeck")
    assert s.decision == act.ESTABLISH and not _uses(g, s)  # inside the taking action
    do(g, s, "establish_office Hamburg")
    assert s.actions_left == 0 and s.plate == 1 and s.turn_owner == 0
    assert strs(g, s) == ["use_bonus actions_3", "end_turn"]
    do(g, s, "use_bonus actions_3")
    assert s.actions_left == 3 and s.decision == act.MAIN and s.plate == 1
    do(g, s, "income 1 0")
    do(g, s, "end_turn")
    assert s.decision == act.DRAW and s.turn_owner == 0  # the replacement comes now


def test_ruling_bonus_markers_not_usable_inside_another_action() -> None:
    """RULINGS "Bonus markers between actions": using a marker inside another action could do no
    more, so it is not offered there (moving, establishing, the displaced owner's placements, the
    removal of another marker). Rulebook "Aktionen" (each action is carried out completely before
    the next is chosen) and "Bonusmarker"."""
    g, s = new(3)
    for kind in ("actions_3", "actions_4", "upgrade_ability", "remove_3"):
        _give(s, 0, kind)
    hl = route(g, "Hamburg", "Lübeck")
    put(g, s, hl, 0)
    put(g, s, route(g, "Stade", "Hamburg"), 0)
    put(g, s, route(g, "Coellen", "Warburg"), 1)
    assert len(_uses(g, s)) == 2 + 5 + 1  # +3, +4, five abilities, remove 3
    do(g, s, "move Hamburg-Luebeck t")
    assert s.decision == act.MOVE_LIFT and not _uses(g, s)
    with pytest.raises(IllegalActionError):
        do(g, s, "use_bonus actions_3")
    do(g, s, "move_done")
    assert s.decision == act.MOVE_DROP and not _uses(g, s)
    do(g, s, "move_place Hamburg-Luebeck t")
    assert s.decision == act.MAIN and len(_uses(g, s)) == 8
    do(g, s, "displace Coellen-Warburg 0 t 0")
    assert s.decision == act.DISPLACED and not _uses(g, s)
    do(g, s, "displaced_place Paderborn-Warburg t")
    do(g, s, "displaced_done")
    assert s.decision == act.MAIN and s.actions_left == 0
    do(g, s, "use_bonus actions_3")
    fill_route(g, s, route(g, "Groningen", "Emden"), 0)
    do(g, s, "establish Groningen-Emden")
    assert s.decision == act.ESTABLISH and not _uses(g, s)
    do(g, s, "establish_none")
    put(g, s, route(g, "Minden", "Paderborn"), 2)
    do(g, s, "use_bonus remove_3")
    assert s.decision == act.REMOVE and not _uses(g, s)
    do(g, s, "remove_done")
    assert s.decision == act.MAIN and len(_uses(g, s)) == 1 + 5


def test_ruling_extra_office_marker_used_inside_an_establish() -> None:
    """RULINGS "Bonus markers between actions": the extra office is the exception, used inside an
    establish. Rulebook "Zusätzliche Niederlassung" (used with the action of establishing a route;
    a route piece goes left of the printed offices) and "Bonusmarker" (no action cost)."""
    g, s = new(3)
    _give(s, 0, "extra_office")
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 2)  # Hamburg full
    office(g, s, "Lübeck", 1)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    assert not _uses(g, s)
    do(g, s, "establish Hamburg-Luebeck")
    assert strs(g, s) == [
        "establish_upgrade bank",  # Lübeck pictures the bank; its pink office needs privilege 3
        "establish_extra_office Hamburg t",
        "establish_extra_office Luebeck t",
        "establish_none",
    ]
    stock = s.stock[0]
    do(g, s, "establish_extra_office Hamburg t")
    hamburg = city(g, "Hamburg")
    assert s.extras[hamburg] == (0,)
    assert s.bonus[K["extra_office"]] == 0 and s.bonus_used[K["extra_office"]] == 1
    assert s.actions_left == 1  # the establish only
    assert s.stock[0] == stock + 2
    assert s.prestige == [0, 2, 0]  # seat 1 controlled both cities before the extra office


# -- Review: displacement compensation (3. Verdrängen) --------------------------------------------


def test_displaced_pieces_may_all_go_onto_one_adjacent_route() -> None:
    """Rulebook "3. Einen gegnerischen Händlerstein verdrängen": the displaced piece and the extra
    one may go onto a single neighbouring route or be spread over several."""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1)
    stock = s.stock[2]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Bremen-Hamburg t")
    do(g, s, "displaced_place Bremen-Hamburg t")
    bh = route(g, "Bremen", "Hamburg")
    assert [s.posts[p] for p in g.board.route_post_range[bh]] == [2, 2, -1, -1]
    assert s.stock[2] == stock - 1 and s.decision == act.MAIN


def test_displaced_extra_goes_outward_when_the_piece_filled_the_last_adjacent_post() -> None:
    """Rulebook "3. Einen gegnerischen Händlerstein verdrängen": when the neighbouring routes are
    taken, the next routes out are used; a player's own extra may still be waived. Position: one
    free post left next to Hamburg-Lübeck; the displaced piece takes it, the extra is offered on
    the next ring only."""
    g, s = new(3)
    b = g.board
    disp = route(g, "Hamburg", "Lübeck")
    near = route(g, "Hamburg", "Lüneburg")
    for q in b.route_rings[disp][0]:
        for post in b.route_post_range[q]:
            if q != near or post != b.route_start[q]:
                setp(g, s, post, 4)  # seat 2
    put(g, s, disp, 1)
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert strs(g, s) == ["displaced_place Hamburg-Lueneburg t"]
    do(g, s, "displaced_place Hamburg-Lueneburg t")
    targets = {a.route for a in g.legal_actions(s) if isinstance(a, act.DisplacedPlace)}
    assert targets == set(b.route_rings[disp][1])
    assert "displaced_done" in strs(g, s)
    do(g, s, "displaced_place Bremen-Minden t")
    assert s.posts[b.route_start[route(g, "Bremen", "Minden")]] == 2
    assert s.decision == act.MAIN


def test_displaced_extras_come_from_the_stock_then_from_the_supply() -> None:
    """Rulebook "3. Einen gegnerischen Händlerstein verdrängen": extras come from the displaced
    player's stock; once it is empty, from the supply. A merchant is displaced (two extras) and the
    stock holds a single trader: the first extra empties the stock, the second comes from the
    supply."""
    g, s = new(3)
    put(g, s, route(g, "Hamburg", "Lübeck"), 1, merchant=1)
    s.supply[2] += s.stock[2] - 1
    s.stock[2:4] = [1, 0]
    s.legal_cache = None
    supply = s.supply[2:4]
    inv = g.inventory(s)
    do(g, s, "displace Hamburg-Luebeck 0 m 0")
    do(g, s, "displaced_place Stade-Hamburg m")  # the displaced merchant
    do(g, s, "displaced_place Bremen-Hamburg t")  # first extra: the stock's trader
    assert s.stock[2:4] == [0, 0] and s.supply[2:4] == supply
    assert "displaced_done" in strs(g, s)
    do(g, s, "displaced_place Hamburg-Lueneburg t")  # second extra: from the supply
    assert s.supply[2:4] == [supply[0] - 1, supply[1]]
    assert s.decision == act.MAIN and g.inventory(s) == inv


# -- Review: route rewards (5. Eine Handelsroute einrichten) --------------------------------------


def test_upgrade_returns_every_route_piece_and_is_not_offered_when_fully_developed() -> None:
    """Rulebook "c2) Eigenschaft weiterentwickeln": all pieces of the route go back to the stock,
    the uncovered piece goes to the supply; an ability with no space left cannot develop."""
    g, s = new(3)
    r = route(g, "Göttingen", "Quedlinburg")
    fill_route(g, s, r, 0, merchants=1)
    stock, supply = s.stock[0:2], s.supply[0:2]
    do(g, s, "establish Goettingen-Quedlinburg")
    do(g, s, "establish_upgrade actions")
    assert s.levels[1] == 1
    assert s.stock[0:2] == [stock[0] + 2, stock[1] + 1]
    assert s.supply[0:2] == [supply[0] + 1, supply[1]]
    assert s.free[r] == 3
    s.levels[1] = 5
    s.actions_left = 1
    fill_route(g, s, r, 0)
    do(g, s, "establish Goettingen-Quedlinburg")
    assert s.decision == act.ESTABLISH
    assert strs(g, s) == ["establish_office Goettingen", "establish_none"]


def test_coellen_spaces_by_privilege_colour_free_only_and_rest_to_the_stock() -> None:
    """Rulebook "c3) Sonderprestigepunkte" and final scoring D: on establishing Coellen-Warburg a
    merchant from the route may take a free special space whose colour the player has unlocked
    (7 white, 8 orange, 9 pink, 11 black, in any order); the other pieces go to the stock; the
    points are credited at the end."""
    g, s = new(3)
    r = route(g, "Coellen", "Warburg")
    s.levels[2] = 1  # orange
    fill_route(g, s, r, 0, merchants=1)
    do(g, s, "establish Coellen-Warburg")
    assert [t for t in strs(g, s) if "coellen" in t] == [
        "establish_coellen 7",
        "establish_coellen 8",
    ]
    stock = s.stock[0:2]
    do(g, s, "establish_coellen 8")
    assert s.coellen == [-1, 1, -1, -1]
    assert s.stock[0:2] == [stock[0] + 3, stock[1]]
    s.coellen[0] = 2 * 1 + 1  # seat 1 holds the 7
    s.actions_left = 1
    s.levels[2] = 3  # black
    s.levels[3] = 1  # Liber sophiae developed: its merchant is in the supply
    s.supply[1] += 1
    fill_route(g, s, r, 0, merchants=1)
    do(g, s, "establish Coellen-Warburg")
    assert [t for t in strs(g, s) if "coellen" in t] == [
        "establish_coellen 9",
        "establish_coellen 11",
    ]
    do(g, s, "establish_coellen 9")
    assert scoring.breakdown(g, s, 0)["coellen"] == 8 + 9
    assert scoring.breakdown(g, s, 1)["coellen"] == 7
    assert s.prestige[0] == 0


def test_coellen_spaces_only_from_the_coellen_warburg_route() -> None:
    """Rulebook "c3) Sonderprestigepunkte": only the route Coellen-Warburg gives the choice."""
    g, s = new(3)
    s.levels[2] = 3
    fill_route(g, s, route(g, "Paderborn", "Warburg"), 0, merchants=1)
    do(g, s, "establish Paderborn-Warburg")
    assert not [t for t in strs(g, s) if "coellen" in t]


# -- Review: bonus-marker refill and the end -------------------------------------------------------


def test_marker_taken_with_the_last_marker_drawn_ends_the_game_unused() -> None:
    """Rulebook "Spielende" (second condition) and "Bonusmarker": a marker must be drawn but the
    pile is empty: the establish is completed, the remaining actions lapse, the marker just taken
    cannot be used and no further player has a turn."""
    g, s = new(3)
    r = route(g, "Hamburg", "Lübeck")
    _marker_on(s, r, "actions_4")
    s.removed = s.pile[:]
    s.pile = [0] * 6
    s.actions_left = 3
    fill_route(g, s, r, 0)
    do(g, s, "establish Hamburg-Luebeck")
    assert not g.is_terminal(s) and s.decision == act.ESTABLISH
    do(g, s, "establish_office Hamburg")
    assert g.is_terminal(s) and s.bonus[K["actions_4"]] == 1
    assert s.actions_left == 0 and s.turn_owner == 0
    with pytest.raises(IllegalActionError):
        do(g, s, "use_bonus actions_4")
    assert scoring.breakdown(g, s, 0)["bonus_markers"] == 1


# -- Review: two players ---------------------------------------------------------------------------


def test_neutral_route_between_two_full_cities_gives_prestige_and_no_office() -> None:
    """Rulebook "Regeln für zwei Spieler": a route full of neutral traders is established at once;
    prestige for control is awarded; the neutral trader takes an office only if one is free; the
    other traders go back to the neutral supply (not a yellow route: none stays)."""
    g, s = new(2)
    n = 2 * g.neutral
    bh = route(g, "Bremen", "Hamburg")
    for post in list(g.board.route_post_range[bh])[:3]:
        setp(g, s, post, n)
        s.supply[n] -= 1
    office(g, s, "Bremen", 1)
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 0)
    office(g, s, "Hamburg", 1)
    offices, full = s.offices[:], s.full_cities
    assert full == 2
    pool = s.supply[n]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Bremen-Hamburg t")
    assert s.prestige == [0, 2, 0]
    assert s.offices == offices and s.full_cities == full
    assert s.free[bh] == 4 and s.supply[n] == pool + 4
    assert s.decision == act.DISPLACED  # the additional neutral trader is still to place


def test_neutral_office_from_a_neutral_establish_completes_east_west() -> None:
    """Rulebook "Regeln für zwei Spieler" (the neutral player counts for the East-West connection)
    and "Ost-West-Verbindung" (7 to the first); RULINGS "East-West" (checked after every change of
    offices). The neutral player holds Arnheim, Münster, Minden and Brunswiek; a displaced neutral
    trader completes Brunswiek-Stendal, the neutral office goes to Stendal (Brunswiek is full):
    one prestige for controlling Brunswiek, then 7 for the connection."""
    g, s = new(2)
    nt = g.neutral
    for name in ("Arnheim", "Münster", "Minden", "Brunswiek"):
        office(g, s, name, nt, merchant=0)
    bs = route(g, "Brunswiek", "Stendal")
    for post in list(g.board.route_post_range[bs])[:3]:
        setp(g, s, post, 2 * nt)
        s.supply[2 * nt] -= 1
    put(g, s, route(g, "Stendal", "Magdeburg"), nt)
    do(g, s, "displace Stendal-Magdeburg 0 t 0")
    do(g, s, "displaced_place Brunswiek-Stendal t")
    stendal = city(g, "Stendal")
    assert s.offices[g.board.office_start[stendal]] == 2 * nt
    assert s.east_west == [nt] and s.prestige == [0, 0, 1 + 7]
    assert s.decision == act.DISPLACED  # the additional neutral trader follows


# -- Review: final scoring E and the tie-breaks ----------------------------------------------------


def test_final_city_points_count_extra_offices() -> None:
    """Final scoring E: each city gives 2 to the player with most offices there; offices from the
    extra-office marker count."""
    g, s = new(3)
    hamburg = city(g, "Hamburg")
    office(g, s, "Hamburg", 1)
    s.extras[hamburg] = (0,)
    assert scoring.breakdown(g, s, 1)["cities"] == 2  # one each: printed beats extra
    assert scoring.breakdown(g, s, 0)["cities"] == 0
    s.extras[hamburg] = (0, 0)
    assert scoring.breakdown(g, s, 0)["cities"] == 2
    assert scoring.breakdown(g, s, 1)["cities"] == 0
    assert cities.controller(g.board, s, hamburg) == 0


def test_tie_break_more_offices_counts_extra_offices() -> None:
    """Rulebook "Auswertung der Prestigepunkte", tie-breaks: equal points and equal actions per
    turn, the player with more offices on the board wins; an extra office is one of them."""
    g, s = new(3)
    office(g, s, "Kampen", 0)  # seat 0: Kampen 2 + network 1
    s.prestige[0] = 1  # ... + 1 on the track = 4
    office(g, s, "Minden", 2)
    s.extras[city(g, "Minden")] = (4,)  # seat 2: Minden 2 + network 2 = 4, two offices
    s.decision = act.OVER
    s.ending = True
    assert g.scores(s) == [4, 0, 4]
    assert g.winners(s) == [2]
