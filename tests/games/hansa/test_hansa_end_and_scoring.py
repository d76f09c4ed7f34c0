"""Spielende (three end conditions at once after the action) and Auswertung der Prestigepunkte
A-F with the tie-breaks."""

from __future__ import annotations

import random
from typing import Any

from hansa_helpers import city, do, fill_route, new, office, route

from hanse.core.match import sample_chance
from hanse.games import make
from hanse.games.hansa import actions as act
from hanse.games.hansa.game import HansaGame
from hanse.games.hansa.rules import cities, scoring


def test_twenty_prestige_ends_at_once_after_the_action() -> None:
    """'Mit der Aktion, mit der diese Situation eintritt, endet das Spiel sofort ... die restlichen
    Aktionen des Spielers verfallen' (any player's prestige, not only the active one's)."""
    g, s = new(3)
    s.prestige[1] = 19
    office(g, s, "Hamburg", 1)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    s.actions_left = 5
    do(g, s, "establish Hamburg-Luebeck")
    assert s.prestige[1] == 20 and not g.is_terminal(s)  # the action is completed first
    do(g, s, "establish_office Luebeck")
    assert g.is_terminal(s) and g.current_player(s) == -4
    assert g.view(s, None)["decider"] is None


def test_tenth_full_city_ends_the_game() -> None:
    g, s = new(3)
    s.full_cities = 9
    fill_route(g, s, route(g, "Stade", "Hamburg"), 0, merchants=1)
    do(g, s, "establish Stade-Hamburg")
    do(g, s, "establish_office Stade")
    assert s.full_cities == 10 and g.is_terminal(s)


def test_nine_full_cities_do_not_end() -> None:
    g, s = new(3)
    s.full_cities = 8
    fill_route(g, s, route(g, "Stade", "Hamburg"), 0, merchants=1)
    do(g, s, "establish Stade-Hamburg")
    do(g, s, "establish_office Stade")
    assert s.full_cities == 9 and not g.is_terminal(s)


def test_final_scoring_categories() -> None:
    """A track, B 4 per developed ability (not keys), C markers table, D Coellen, E 2 per city,
    F largest network times keys: the rulebook's example 6 offices x 3 = 18."""
    g, s = new(3)
    s.prestige[0] = 12
    s.levels[0:5] = [3, 5, 3, 0, 0]  # keys value 3; actions and privilege fully developed
    s.bonus[0:6] = [1, 1, 1, 0, 0, 0]
    s.bonus_used[0:6] = [1, 0, 0, 0, 0, 0]  # 4 markers -> 6
    s.coellen[1] = 1  # 8 points
    s.supply[0:2] = [20, 4]
    for name in ("Hamburg", "Lübeck", "Hamburg", "Stade", "Lüneburg", "Perleberg"):
        office(g, s, name, 0, merchant=g.board.office_round[city(g, name)][s.filled[city(g, name)]])
    office(g, s, "Kampen", 0)  # apart from the network
    part = scoring.breakdown(g, s, 0)
    assert part == {
        "track": 12,
        "abilities": 8,
        "bonus_markers": 6,
        "coellen": 8,
        "cities": 2 * 6,
        "network": 3 * 6,
    }


def test_bonus_marker_table() -> None:
    from hanse.games.hansa.data import BONUS_SCORE

    assert [BONUS_SCORE[min(k, 10)] for k in range(13)] == [
        0,
        1,
        3,
        3,
        6,
        6,
        10,
        10,
        15,
        15,
        21,
        21,
        21,
    ]


def test_tie_breaks_fewer_actions_then_more_offices() -> None:
    """'Bei einem Gleichstand gewinnt der Spieler, dem weniger Aktionen pro Zug zur Verfügung stehen
    ... der mehr Niederlassungen ... Bei einem erneuten Gleichstand gibt es mehrere Sieger.'"""
    g, s = new(3)
    s.decision = act.OVER
    s.ending = True
    assert g.winners(s) == [0, 1, 2]
    s.levels[5 * 1 + 1] = 1  # seat 1: 3 actions
    assert g.winners(s) == [0, 2]
    office(g, s, "Osnabrück", 2)
    office(g, s, "Osnabrück", 0)
    office(g, s, "Minden", 2)
    # seat 0 controls Osnabrück (higher office), seat 2 Minden: 2 + 1 network each
    assert g.scores(s) == [3, 0, 3]
    assert g.winners(s) == [2]  # same actions, seat 2 has more offices
    assert g.returns(s)[2] == 1.0


def test_a_played_game_ends_when_no_marker_can_be_drawn() -> None:
    """Drive a 3-player game through the protocol to its end by an empty marker pile: seat 0
    completes routes that carry a marker and establishes them without an office (so nobody gains
    prestige); the others end their turns at once."""
    g = make("hansa", 3)
    assert isinstance(g, HansaGame)
    s = g.new_initial_state()
    rng = random.Random(0)
    steps = 0
    while not g.is_terminal(s):
        steps += 1
        assert steps < 5000
        if g.current_player(s) == -1:
            g.apply_action(s, sample_chance(g, s, rng))
            continue
        legal = g.legal_actions(s)
        by_kind: dict[str, list[Any]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)  # type: ignore[attr-defined]
        marked = {r for r in range(g.board.n_routes) if s.route_marker[r] >= 0}
        if g.current_player(s) != 0:
            pick = (by_kind.get("end_turn") or legal)[0]
        elif establish := [a for a in by_kind.get("establish", []) if a.route in marked]:
            pick = establish[0]
        elif "establish_none" in by_kind:
            pick = by_kind["establish_none"][0]
        elif places := [a for a in by_kind.get("place", []) if a.route in marked]:
            pick = max(places, key=lambda a: -s.free[a.route])
        elif "income" in by_kind:
            pick = by_kind["income"][-1]
        else:
            pick = (by_kind.get("end_turn") or legal)[0]
        g.apply_action(s, pick)
    assert s.ending and max(s.prestige) < 20 and s.full_cities < 10
    assert g.view(s, None)["markers_left"] == 0
    assert sum(s.bonus[0:6]) == 13  # the three golden markers and the ten drawn and placed


def test_fully_developed_keys_give_no_ability_points() -> None:
    """B) 'Ausnahme: Für eine voll entwickelte Eigenschaft Prestigepunkte Netzwerk gibt es keine
    Prestigepunkte'; F) uses the largest uncovered keys value (4)."""
    g, s = new(3)
    s.levels[0:5] = [4, 0, 0, 3, 3]  # keys, book and bank fully developed
    office(g, s, "Hamburg", 0)
    office(g, s, "Lübeck", 0)
    part = scoring.breakdown(g, s, 0)
    assert part["abilities"] == 8
    assert part["network"] == 4 * 2


def test_network_is_the_largest_connected_group_and_counts_extra_offices() -> None:
    """F) 'all die Städte, in denen ein Spieler eine Niederlassung besetzt hat und die angrenzend
    zueinander sind': the group with most own offices (extra offices count) times keys."""
    g, s = new(3)
    office(g, s, "Hamburg", 0)
    office(g, s, "Lübeck", 0)  # Hamburg-Lübeck: 2 offices
    office(g, s, "Arnheim", 0)
    office(g, s, "Kampen", 0)  # Kampen-Arnheim: 2 offices ...
    assert cities.largest_network(g.board, s, 0) == 2
    s.extras[city(g, "Kampen")] = (0,)  # ... and an extra office makes it 3
    assert cities.largest_network(g.board, s, 0) == 3
    assert scoring.breakdown(g, s, 0)["network"] == 3


def test_control_prestige_tie_goes_to_the_higher_office() -> None:
    """a) 'bei Gleichstand derjenige, der die höherwertige Niederlassung besetzt': Hamburg holds one
    office of seat 1 and one of seat 2 (further right); establishing gives seat 2 the point."""
    g, s = new(3)
    office(g, s, "Hamburg", 1)
    office(g, s, "Hamburg", 2)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    do(g, s, "establish Hamburg-Luebeck")
    assert s.prestige == [0, 0, 1]


def test_coellen_points_count_only_at_the_end() -> None:
    """c3)/D) 'erst dann werden die Prestigepunkte (7, 8, 9, 11) gut geschrieben'."""
    g, s = new(3)
    s.levels[5 * 1 + 2] = 3
    s.turn_owner = 1
    fill_route(g, s, route(g, "Coellen", "Warburg"), 1, merchants=1)
    do(g, s, "establish Coellen-Warburg")
    do(g, s, "establish_coellen 11")
    assert s.prestige[1] == 0 and g.scores(s)[1] == 0
    assert scoring.breakdown(g, s, 1)["coellen"] == 11
    s.coellen[0] = 2 * 2 + 1
    assert scoring.breakdown(g, s, 2)["coellen"] == 7


def test_east_west_prestige_reaching_twenty_ends_the_game() -> None:
    """The East-West prestige is on the track, so it can end the game at once."""
    g, s = new(3)
    s.prestige[0] = 12
    for name in ("Arnheim", "Münster", "Minden", "Brunswiek"):
        office(g, s, name, 0, merchant=0)
    fill_route(g, s, route(g, "Brunswiek", "Stendal"), 0)
    s.actions_left = 2
    do(g, s, "establish Brunswiek-Stendal")
    do(g, s, "establish_office Stendal")
    assert s.prestige[0] == 12 + 1 + 7 and g.is_terminal(s)
