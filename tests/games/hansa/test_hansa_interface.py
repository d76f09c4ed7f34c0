"""Public interface: views, action kinds and notation, bad input, rendering, conservation."""

from __future__ import annotations

import json
import random

import pytest
from hansa_helpers import do, fill_route, new, office, route

from hanse.core import IllegalActionError
from hanse.core.match import sample_chance
from hanse.games import make
from hanse.games.hansa import actions as act
from hanse.games.hansa.game import HansaGame


def _play(g: HansaGame, seed: int, steps: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    s = g.new_initial_state()
    for _ in range(steps):
        if g.is_terminal(s):
            break
        if g.current_player(s) == -1:
            g.apply_action(s, sample_chance(g, s, rng))
        else:
            legal = g.legal_actions(s)
            g.apply_action(s, legal[rng.randrange(len(legal))])
    return s


def test_view_contents() -> None:
    g, s = new(3)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0, merchants=1)
    office(g, s, "Stade", 1)
    v = g.view(s, 1)
    assert json.loads(json.dumps(v)) == v
    for key in (
        "seat",
        "board",
        "decider",
        "decision",
        "turn_owner",
        "actions_left",
        "full_cities",
        "markers_left",
        "routes",
        "cities",
        "coellen",
        "players",
    ):
        assert key in v
    assert v["board"] == "2-3" and v["seat"] == 1 and v["decider"] == 0
    assert v["decision"] == "action" and v["markers_left"] == 12
    r = v["routes"][route(g, "Hamburg", "Lübeck")]
    assert r["cities"] == ["Hamburg", "Lübeck"] and r["bonus"] is None
    assert r["posts"][0] == {"seat": 0, "piece": "merchant"}
    stade = v["cities"][g.board.city_index["Stade"]]
    assert stade == {
        "name": "Stade",
        "offices": [{"seat": 1, "piece": "merchant"}],
        "extra_offices": [],
        "full": True,
    }
    p = v["players"][0]
    assert p["abilities"] == {"keys": 1, "actions": 2, "privilege": 1, "book": 2, "bank": 3}
    assert set(p["supply"]) == {"traders", "merchants"} and set(p["stock"]) == {
        "traders",
        "merchants",
    }
    assert p["bonus_markers"] == [] and p["east_west"] is None
    assert [c["points"] for c in v["coellen"]] == [7, 8, 9, 11]
    s.levels[4] = 3
    assert g.view(s, 0)["players"][0]["abilities"]["bank"] == 0  # C: all


def test_neutral_seat_in_views() -> None:
    g, s = new(2)
    v = g.view(s, None)
    r = v["routes"][route(g, "Hamburg", "Lübeck")]
    assert r["posts"][0] == {"seat": "neutral", "piece": "trader"}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_determinize_rebuilds_the_state(n: int) -> None:
    g = make("hansa", n)
    assert isinstance(g, HansaGame)
    for seed in range(3):
        s = _play(g, seed, 400 + 150 * seed)
        for seat in (None, 0, n - 1):
            rebuilt = g.determinize(g.view(s, seat), random.Random(0))
            rebuilt.legal_cache = None
            s2 = s.clone()
            s2.legal_cache = None
            assert rebuilt == s2


def test_action_kinds_and_json() -> None:
    g, _ = new(3)
    kinds = {cls.kind for cls in g.action_classes}  # type: ignore[attr-defined]
    assert {
        "income",
        "place",
        "displace",
        "move",
        "establish",
        "use_bonus",
        "place_bonus",
        "end_turn",
        "displaced_place",
        "establish_office",
    } <= kinds
    a = g.action_from_str("displace Hamburg-Luebeck 1 m 0")
    obj = g.action_to_json(a)
    assert obj == {
        "kind": "displace",
        "route": a.route,
        "post": 1,
        "merchant": 1,
        "fee_merchants": 0,
    }  # type: ignore[attr-defined]
    assert g.action_from_json(obj) == a
    assert g.action_from_str("place Luebeck-Hamburg t") == g.action_from_str(
        "place Hamburg-Luebeck t"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "place",
        "place Hamburg-Paris t",
        "place Hamburg-Luebeck x",
        "income one 0",
        "use_bonus",
        "use_bonus swap_offices Hamburg",
        "use_bonus actions_3 1",
        "establish_coellen 10",
        "establish_upgrade wisdom",
        "end_turn now",
        "income -1 0",
        "income 28 0",
        "displace Hamburg-Luebeck 3 t 0",
        "displace Hamburg-Luebeck 0 t 3",
        "remove_piece Hamburg-Luebeck 5",
        "use_bonus swap_offices Hamburg 2",
        "use_bonus swap_offices Stade 0",
        "setup_markers 6",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    g, _ = new(3)
    with pytest.raises(IllegalActionError):
        g.action_from_str(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        {},
        {"kind": "warp"},
        {"kind": "place", "route": 1},
        {"kind": "place", "route": -1, "merchant": 0},
        {"kind": "place", "route": 99, "merchant": 0},
        {"kind": "income", "traders": "2", "merchants": 0},
        {"kind": "use_bonus", "marker": 9, "ability": -1, "city": -1, "office": -1},
        {"kind": "place", "route": True, "merchant": 0},
        {"kind": "income", "traders": -1, "merchants": 0},
        {"kind": "displace", "route": 3, "post": 7, "merchant": 0, "fee_merchants": 0},
    ],
)
def test_malformed_json_is_refused(obj: object) -> None:
    g, _ = new(3)
    with pytest.raises(IllegalActionError):
        g.action_from_json(obj)


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    g, s = new(3)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="Handelsroute einrichten"):
        do(g, s, "establish Hamburg-Luebeck")
    assert s == before
    s.actions_left = 0
    s.legal_cache = None
    with pytest.raises(IllegalActionError, match="no action left"):
        do(g, s, "income 1 0")


def test_render_lists_routes_cities_and_boards() -> None:
    g, s = new(2)
    office(g, s, "Hamburg", 0)
    text = g.render(g.view(s, None))
    assert "Hamburg-Lübeck: Nt . ." in text
    assert "Hamburg: wt=0t ot=. bt=." in text
    assert "seat 1 (B): prestige 0" in text and "Neutral:" in text


def test_render_shows_offices_abilities_and_coellen_needs_in_words() -> None:
    """Issue 19, item 5: each office's privilege colour, shape and prestige coin (rulebook,
    "Niederlassungen"), the ability a city develops, Coellen's spaces with the colour each needs,
    and no internal names (decision names, Python lists)."""
    g, s = new(3)
    text = g.render(g.view(s, 0))
    assert "Groningen (develops Liber Sophiae): wt+=. om=." in text
    assert "Lübeck (develops Bursa): wt+=. pt=." in text
    assert "Arnheim (East-West)" in text
    assert "7 white=., 8 orange=., 9 pink=., 11 black=." in text
    assert "Privilegium white" in text and "bonus markers: none" in text
    assert "[" not in text.split("Routes")[1].replace("[extra office]", "").replace(
        "[swap offices]", ""
    ).replace("[remove 3 pieces]", "").replace("[bonus marker beside it]", "")
    assert "decision" not in text and "None" not in text


@pytest.mark.parametrize("n", [2, 5])
def test_pieces_conserved_through_a_whole_game(n: int) -> None:
    """27 traders and 4 merchants per player across tracks, supply, stock, routes, offices and
    Coellen at every step; the 15 markers likewise; the game ends."""
    g = make("hansa", n)
    assert isinstance(g, HansaGame)
    rng = random.Random(11)
    s = g.new_initial_state()
    while not g.is_terminal(s):
        if g.current_player(s) == -1:
            g.apply_action(s, sample_chance(g, s, rng))
        else:
            legal = g.legal_actions(s)
            g.apply_action(s, legal[rng.randrange(len(legal))])
        inv = g.inventory(s)
        assert all(inv[f"traders_{p}"] == 27 and inv[f"merchants_{p}"] == 4 for p in range(n))
        assert sum(v for k, v in inv.items() if k.startswith("marker_")) == 15
    assert s.decision == act.OVER and len(g.scores(s)) == n


def test_heuristic_prefers_establishing_an_office() -> None:
    """The easy bot's evaluation (heuristics.py) sees an office and its prestige as progress."""
    from hanse.bots.heuristic import HeuristicBot

    g, s = new(3)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
    g.apply_action(s, g.action_from_str("establish Hamburg-Luebeck"))
    choice = HeuristicBot().act(g, g.view(s, 0), g.legal_actions(s), random.Random(0))
    assert g.action_to_str(choice) == "establish_office Luebeck"  # the +1 coin office


def _at_decision(decision: str):  # type: ignore[no-untyped-def]
    """A 3-player state at the named decision (seat 0 on turn)."""
    g, s = new(3)
    if decision == "move_lift":
        fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
        do(g, s, "move Hamburg-Luebeck t")
    elif decision == "move_place":
        fill_route(g, s, route(g, "Stade", "Hamburg"), 1)
        fill_route(g, s, route(g, "Hamburg", "Lübeck"), 0)
        do(g, s, "move Hamburg-Luebeck t")
        do(g, s, "move_done")
    elif decision == "displaced_place":
        fill_route(g, s, route(g, "Hamburg", "Lübeck"), 1)
        do(g, s, "displace Hamburg-Luebeck 0 t 0")
    elif decision == "establish_choice":
        fill_route(g, s, route(g, "Emden", "Osnabrück"), 0)
        do(g, s, "establish Emden-Osnabrueck")
    elif decision == "remove_pieces":
        s.pile[5] -= 1
        s.bonus[5] += 1
        fill_route(g, s, route(g, "Hamburg", "Lübeck"), 1)
        do(g, s, "use_bonus remove_3")
    assert g.view(s, 0)["decision"] == decision
    return g, s


@pytest.mark.parametrize(
    ("decision", "text", "rule"),
    [
        ("action", "income 4 0", "at most 3 pieces"),
        ("action", "income 0 1", "stock \\(Kasse\\) holds 6 trader"),
        ("action", "place Hamburg-Luebeck m", None),
        ("action", "displace Hamburg-Luebeck 0 t 0", "that post is empty"),
        ("action", "move Hamburg-Luebeck t", "4. Umsetzen"),
        ("action", "use_bonus actions_3", "you hold no unused actions_3"),
        ("action", "use_bonus extra_office", "within the action"),
        ("action", "establish_none", "decides: Choose an action"),
        ("move_lift", "move Stade-Hamburg t", "no trader on Stade-Hamburg"),
        ("move_lift", "income 1 0", "decides: Move: pick up"),
        ("move_place", "move_place Stade-Hamburg t", "free post"),
        ("move_place", "move_place Hamburg-Luebeck m", "no lifted merchant"),
        ("displaced_place", "displaced_done", "must be placed"),
        ("displaced_place", "displaced_place Hamburg-Luebeck t", "never that route itself"),
        ("establish_choice", "establish_office Emden", "round and needs a merchant"),
        ("establish_choice", "establish_office Hamburg", "one of the route's two cities"),
        ("establish_choice", "establish_upgrade book", "pictogram"),
        ("establish_choice", "establish_coellen 7", "only by establishing Coellen-Warburg"),
        ("establish_choice", "establish_extra_office Emden t", "no such marker"),
        ("remove_pieces", "remove_piece Stade-Hamburg 0", "Drei Händlersteine entfernen"),
    ],
)
def test_refusals_name_the_rule_and_change_nothing(
    decision: str, text: str, rule: str | None
) -> None:
    g, s = _at_decision(decision)
    if text == "place Hamburg-Luebeck m":
        s.supply[1] = 0
        s.stock[1] = 1
        s.legal_cache = None
        rule = "no merchant in your supply"
    before = s.clone()
    with pytest.raises(IllegalActionError, match=rule):
        do(g, s, text)
    assert s == before


def test_refusal_of_a_full_route_and_a_missing_privilege() -> None:
    g, s = new(3)
    fill_route(g, s, route(g, "Hamburg", "Lübeck"), 1)
    with pytest.raises(IllegalActionError, match="has no free post"):
        do(g, s, "place Hamburg-Luebeck t")
    office(g, s, "Osnabrück", 1)
    fill_route(g, s, route(g, "Emden", "Osnabrück"), 0, merchants=1)
    do(g, s, "establish Emden-Osnabrueck")
    with pytest.raises(IllegalActionError, match="needs Privilegium 2"):
        do(g, s, "establish_office Osnabrueck")
