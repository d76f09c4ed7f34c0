"""Regeln für zwei Spieler: the neutral player."""

from __future__ import annotations

from hansa_helpers import city, do, new, office, put, route, setp, strs

from hanse.games.hansa import actions as act
from hanse.games.hansa.rules import cities, scoring


def test_displaced_neutral_is_placed_by_the_other_player() -> None:
    """'Wenn ein neutraler Händler verdrängt wird, setzt der andere Spieler den verdrängten und
    einen
    zusätzlichen neutralen Händler ... auf eine benachbarte Handelsroute.'"""
    g, s = new(2)
    r = route(g, "Hamburg", "Lübeck")
    assert s.posts[g.board.route_start[r]] == 4
    pool = s.supply[4]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert s.decision == act.DISPLACED and g.current_player(s) == 1
    assert g.view(s, 1)["decider"] == 1
    do(g, s, "displaced_place Stade-Hamburg t")
    do(g, s, "displaced_place Hamburg-Lueneburg t")
    assert s.supply[4] == pool - 1
    assert g.current_player(s) == 0 and s.decision == act.MAIN


def test_full_neutral_route_is_established_at_once() -> None:
    """'Ist eine Handelsroute vollständig mit neutralen Händlern besetzt, wird sie sofort (im Zug
    des
    aktiven Spielers) eingerichtet. Der aktive Spieler setzt den neutralen Händler in einer
    benachbarten Stadt ein ... Neutrale Händler können von Anfang an auf alle Farben ... und auch
    auf Niederlassungen für Großhändler gesetzt werden. Die übrigen Händler kommen in den
    Vorrat.'"""
    g, s = new(2)
    target = route(g, "Bremen", "Hamburg")  # 4 posts; Bremen (white... pink square only on 2-3)
    n = 2 * g.neutral
    for post in list(g.board.route_post_range[target])[:3]:
        setp(g, s, post, n)
        s.supply[n] -= 1
    office(g, s, "Bremen", 1)  # Bremen full (one office on this side): no office there
    r = route(g, "Hamburg", "Lübeck")
    pool = s.supply[n]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Bremen-Hamburg t")
    # established at once: the neutral piece goes to Hamburg's lowest office (only choice)
    hamburg = city(g, "Hamburg")
    assert s.offices[g.board.office_start[hamburg]] == n
    assert s.free[target] == 4
    assert s.prestige[1] == 1  # seat 1 controlled Bremen
    assert s.supply[n] == pool + 3  # 4 off the route, one of them into the office
    assert s.decision == act.DISPLACED  # the extra trader is still to place
    assert s.posts[g.board.route_start[r]] == 0  # seat 0's trader replaced the neutral one


def test_active_player_chooses_the_city_and_one_stays_on_yellow_routes() -> None:
    """'Die übrigen Händler kommen in den Vorrat zurück – es sei denn, die Handelsroute führt zu
    einer Stadt mit besonderen Eigenschaften: In diesem Fall verbleibt wieder ein Händler.'"""
    g, s = new(2)
    yellow = route(g, "Quedlinburg", "Halle")  # 4 posts, one neutral already
    n = 2 * g.neutral
    for post in list(g.board.route_post_range[yellow])[1:3]:
        setp(g, s, post, n)
        s.supply[n] -= 1
    # displace a neutral piece on Göttingen-Quedlinburg next to it
    do(g, s, "displace Goettingen-Quedlinburg 0 t 0")
    do(g, s, "displaced_place Quedlinburg-Halle t")
    assert s.decision == act.NEUTRAL_OFFICE and g.current_player(s) == 0
    assert strs(g, s) == ["neutral_office Quedlinburg", "neutral_office Halle"]
    do(g, s, "neutral_office Quedlinburg")  # a round office: neutral traders may take it
    q = city(g, "Quedlinburg")
    assert s.offices[g.board.office_start[q]] == n
    assert [s.posts[p] for p in g.board.route_post_range[yellow]] == [n, -1, -1, -1]
    assert s.decision == act.DISPLACED and g.current_player(s) == 1


def test_neutral_marker_leaves_the_game_and_is_replaced_with_a_neutral_trader() -> None:
    """'Sollte er Bonusmarker erlangen, kommen diese ungenutzt aus dem Spiel. Der aktive Spieler
    setzt am Ende seines Zuges ... auch die des neutralen Spielers ... Auf alle Handelsrouten, die
    mit einem neuen Bonusmarker bedacht worden sind, wird ein neutraler Händler gesetzt.'"""
    g, s = new(2, order=0)
    tavern = route(g, "Osnabrück", "Bremen")  # 3 posts, one neutral, a golden marker
    kind = s.route_marker[tavern]
    n = 2 * g.neutral
    setp(g, s, g.board.route_start[tavern] + 1, n)
    s.supply[n] -= 1
    put(g, s, route(g, "Kampen", "Osnabrück"), g.neutral)  # a neutral trader next to it
    do(g, s, "displace Kampen-Osnabrueck 0 t 0")
    do(g, s, "displaced_place Osnabrueck-Bremen t")
    assert s.removed[kind] == 1 and s.plate == 1
    assert s.decision == act.NEUTRAL_OFFICE  # Osnabrück and Bremen both have a free office
    do(g, s, "neutral_office Bremen")
    assert s.offices[g.board.office_start[city(g, "Bremen")]] == n
    g.apply_action(s, g.legal_actions(s)[0])  # the additional neutral trader is placed too
    do(g, s, "end_turn")
    assert s.decision == act.DRAW
    g.apply_action(s, g.chance_outcomes(s)[0][0])
    target = g.legal_actions(s)[0]
    pool = s.supply[n]
    g.apply_action(s, target)
    placed = [s.posts[p] for p in g.board.route_post_range[target.route]]  # type: ignore[attr-defined]
    assert placed[0] == n and s.supply[n] == pool - 1
    assert s.turn_owner == 1


def test_neutral_controls_cities_and_takes_east_west() -> None:
    """'kann auch der neutrale Spieler Städte kontrollieren ... Auch bei der Ost-West-Verbindung
    ... wird der neutrale Spieler berücksichtigt. ... er kann die Partie nicht gewinnen.'"""
    g, s = new(2)
    office(g, s, "Hamburg", g.neutral)
    office(g, s, "Hamburg", 0)
    assert cities.controller(g.board, s, city(g, "Hamburg")) == 0
    office(g, s, "Lübeck", g.neutral)
    assert scoring.breakdown(g, s, 1)["cities"] == 0
    assert scoring.breakdown(g, s, 0)["cities"] == 2
    for name in ("Arnheim", "Münster", "Minden", "Brunswiek", "Stendal"):
        office(g, s, name, g.neutral, merchant=0)
    cities.check_east_west(g.board, s, g.neutral)
    assert s.east_west == [g.neutral] and s.prestige[g.neutral] == 7
    assert g.view(s, 0)["east_west"] == ["neutral"]
    s.decision = act.OVER
    assert set(g.winners(s)) <= {0, 1}


def test_neutral_twenty_prestige_ends_the_game() -> None:
    """'der neutrale Spieler kann das Spiel nicht gewinnen, wohl aber mit 20 Prestigepunkten
    beenden.'"""
    g, s = new(2)
    s.prestige[g.neutral] = 20
    do(g, s, "income 1 0")
    assert g.is_terminal(s)


def test_fallback_marker_on_neutral_route_without_new_trader() -> None:
    """'Sollte wider Erwarten keine Handelsroute zum Einsetzen frei sein, darf ein Bonusmarker
    ausnahmsweise auf eine Handelsroute gelegt werden, auf der ein neutraler Händler steht ...
    In diesem Fall wird auf der Handelsroute kein weiterer neutraler Händler platziert.'"""
    g, s = new(2)
    b = g.board
    for r in range(b.n_routes):
        if s.free[r] == b.route_posts[r]:
            setp(g, s, b.route_start[r], 0)  # a piece of seat 0 on every empty route
    s.pile[2] -= 1
    s.revealed = 2
    s.decision = act.PLACE_BONUS
    s.legal_cache = None
    legal = g.legal_actions(s)
    assert legal
    r = legal[0].route  # type: ignore[attr-defined]
    assert all(s.posts[p] in (-1, 2 * g.neutral) for p in b.route_post_range[r])
    before = [s.posts[p] for p in b.route_post_range[r]]
    g.apply_action(s, legal[0])
    assert [s.posts[p] for p in b.route_post_range[r]] == before
    assert s.route_marker[r] == 2


def _neutral_route_ready(g, s, a: str, b: str, missing: int = 1) -> int:  # type: ignore[no-untyped-def]
    """Fill route a-b with neutral traders but `missing` posts (taken from the neutral supply)."""
    r = route(g, a, b)
    n = 2 * g.neutral
    posts = list(g.board.route_post_range[r])
    for post in posts[: len(posts) - missing]:
        if s.posts[post] < 0:
            setp(g, s, post, n)
            s.supply[n] -= 1
    return r


def test_neutral_establish_gives_prestige_before_the_neutral_office() -> None:
    """Reading: 'wird sie sofort eingerichtet' follows a) before c): control is judged before the
    neutral office. Seat 1 controls Bremen (full) and Hamburg; the neutral office then ties Hamburg
    with the higher office, but seat 1 has already scored both cities."""
    g, s = new(2)
    _neutral_route_ready(g, s, "Bremen", "Hamburg")
    office(g, s, "Bremen", 1)
    office(g, s, "Hamburg", 1)
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Bremen-Hamburg t")
    assert s.prestige == [0, 2, 0]
    hamburg = city(g, "Hamburg")
    assert s.offices[g.board.office_start[hamburg] + 1] == 2 * g.neutral
    assert cities.controller(g.board, s, hamburg) == g.neutral


def test_neutral_office_takes_the_coin_and_the_lowest_office() -> None:
    """The neutral trader takes the lowest free office of any colour and shape; a gold coin office
    gives the neutral player its prestige point."""
    g, s = new(2)
    _neutral_route_ready(g, s, "Groningen", "Emden")  # yellow route with one neutral already
    put(g, s, route(g, "Emden", "Osnabrück"), g.neutral)
    do(g, s, "displace Emden-Osnabrueck 0 t 0")
    do(g, s, "displaced_place Groningen-Emden t")
    assert s.decision == act.NEUTRAL_OFFICE
    do(g, s, "neutral_office Emden")  # Emden's lowest office is round: any shape will do
    emden = city(g, "Emden")
    assert s.offices[g.board.office_start[emden]] == 2 * g.neutral
    assert s.prestige[g.neutral] == 0
    g2, s2 = new(2)
    _neutral_route_ready(g2, s2, "Groningen", "Emden")
    put(g2, s2, route(g2, "Emden", "Osnabrück"), g2.neutral)
    do(g2, s2, "displace Emden-Osnabrueck 0 t 0")
    do(g2, s2, "displaced_place Groningen-Emden t")
    do(g2, s2, "neutral_office Groningen")
    assert s2.prestige[g2.neutral] == 1  # Groningen's white office carries the +1 coin
    r = route(g2, "Groningen", "Emden")
    assert [s2.posts[p] for p in g2.board.route_post_range[r]].count(2 * g2.neutral) == 1


def test_two_players_displaced_neutral_and_the_additional_one_must_both_be_placed() -> None:
    """RULINGS, "Two players, a neutral piece displaced": the other player 'setzt ... den
    verdrängten und einen zusätzlichen neutralen Händler' wherever a post is free; the general
    'darf verzichtet werden' for a player's own extras does not apply to the neutral ones."""
    g, s = new(2)
    pool = s.supply[2 * g.neutral]
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    assert "displaced_done" not in strs(g, s)
    do(g, s, "displaced_place Stade-Hamburg t")
    assert s.decision == act.DISPLACED and "displaced_done" not in strs(g, s)
    assert all(a.startswith("displaced_place") for a in strs(g, s))
    refused = g.explain_illegal(s, act.DisplacedDone())
    assert "Regeln für zwei Spieler" in refused
    do(g, s, "displaced_place Hamburg-Lueneburg t")
    assert s.supply[2 * g.neutral] == pool - 1 and s.decision == act.MAIN


def test_two_players_the_additional_neutral_lapses_without_a_neutral_trader_left() -> None:
    """RULINGS: only when no post is free (or no neutral trader is left) does a piece lapse."""
    g, s = new(2)
    s.supply[2 * g.neutral] = 0
    do(g, s, "displace Hamburg-Luebeck 0 t 0")
    do(g, s, "displaced_place Stade-Hamburg t")
    assert s.decision == act.MAIN and s.supply[2 * g.neutral] == 0


def test_remove_three_takes_neutral_traders_back_to_the_neutral_supply() -> None:
    """Reading: the neutral player's pieces are opposing pieces for '3 Händlersteine entfernen'
    as they are for displacing; they go back to the neutral supply."""
    g, s = new(2)
    s.pile[5] -= 1
    s.bonus[5] += 1
    s.legal_cache = None
    pool = s.supply[2 * g.neutral]
    do(g, s, "use_bonus remove_3")
    assert "remove_piece Hamburg-Luebeck 0" in strs(g, s)
    do(g, s, "remove_piece Hamburg-Luebeck 0")
    assert s.supply[2 * g.neutral] == pool + 1


def test_neutral_marker_with_an_empty_pile_ends_the_game_after_the_action() -> None:
    """The neutral player's marker must be replaced like any taken marker; with the pile empty the
    game ends after the running action (Spielende: no marker can be drawn)."""
    g, s = new(2, order=0)
    s.removed = s.pile[:]
    s.pile = [0] * 6
    tavern = _neutral_route_ready(g, s, "Osnabrück", "Bremen")
    assert s.route_marker[tavern] >= 0
    put(g, s, route(g, "Kampen", "Osnabrück"), g.neutral)
    do(g, s, "displace Kampen-Osnabrueck 0 t 0")
    do(g, s, "displaced_place Osnabrueck-Bremen t")
    assert s.ending and not g.is_terminal(s)  # the action is completed first
    do(g, s, "neutral_office Bremen")
    assert not g.is_terminal(s)  # ... including the additional neutral trader
    g.apply_action(s, g.legal_actions(s)[0])
    assert g.is_terminal(s)
