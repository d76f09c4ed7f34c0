"""Views, determinize, resample_hidden and observe_action (the public interface of issue 5)."""

from __future__ import annotations

import json
import random

import pytest
from kogge_helpers import balance, game, run_until, scenario, set_cargo, set_hand

from hanse.core import IllegalActionError
from hanse.games.kogge.actions import Decision

ISSUE_KEYS = {
    "round",
    "decider",
    "decision",
    "turn_owner",
    "order",
    "guildmaster",
    "end_marker",
    "passes",
    "offer",
    "bids",
    "cities",
    "players",
    "supply",
}
CITY_KEYS = {"number", "name", "good", "goods", "markers", "kontore", "robbed_by"}
PLAYER_KEYS = {
    "city",
    "development",
    "kontore",
    "bonus_chips",
    "robbery_markers",
    "cargo",
    "markers",
}


@pytest.mark.parametrize("flags", [{}, {"conflicts": True}, {"memory": True}])
def test_view_has_the_issue_fields(flags: dict[str, bool]) -> None:
    g = game(3, **flags)
    s = run_until(g, g.new_initial_state(), lambda st: st.round == 2, seed=1)
    for seat in (None, 0, 1, 2):
        v = g.view(s, seat)
        assert set(v) >= ISSUE_KEYS and v["seat"] == seat
        assert json.loads(json.dumps(v)) == v
        assert all(set(c) >= CITY_KEYS for c in v["cities"])
        assert all(set(p) >= PLAYER_KEYS for p in v["players"])
        assert all(len(c["markers"]) == 2 for c in v["cities"])


def test_ruling_holdings_are_secret_counts_and_what_the_table_knows() -> None:
    """RULINGS.md, "Holdings are secret": in every variant another seat's goods and markers show
    as counts, beside what the table has seen of them (knowledge.py); with ``open_holdings``
    they are shown."""
    g = game(2)
    s = scenario(g, pos=[0, 0])
    set_cargo(s, 1, "oa")
    set_hand(s, 1, 4, 4)
    balance(g, s)
    p1 = g.view(s, 0)["players"][1]
    assert p1["cargo"] == 2 and p1["markers"] == 2
    assert p1["known_cargo"] == {"ore": 1, "fur": 0, "amber": 1, "salt": 0}
    assert p1["known_markers"] == [4, 4]
    assert g.view(s, 1)["players"][1]["markers"] == [4, 4]
    assert isinstance(g.view(s, 0)["reserve"], int)
    opened = game(2, open_holdings=True)
    s = scenario(opened, pos=[0, 0])
    set_cargo(s, 1, "oa")
    set_hand(s, 1, 4, 4)
    balance(opened, s)
    p1 = opened.view(s, 0)["players"][1]
    assert p1["cargo"] == {"ore": 1, "fur": 0, "amber": 1, "salt": 0}
    assert p1["markers"] == [4, 4] and "known_markers" not in p1
    assert isinstance(opened.view(s, 0)["reserve"], list)


def test_what_the_table_knows_follows_open_and_secret_moves() -> None:
    """knowledge.py: a bought lot is known; a marker laid face down lowers every known count
    by one (nobody saw which), the marker taken back from the face-up square is known."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[3, 3], owner=0)
    set_hand(s, 0, 5, 5, 2)
    set_cargo(s, 0, "oo")
    s.offer = [(7, 1)]
    balance(g, s)
    g.apply_action(s, g.action_from_str("buy 0 o"))
    assert g.view(s, 1)["players"][0]["known_markers"] == [1, 2, 5, 5, 7]
    g.apply_action(s, g.action_from_str("route 0 5"))  # takes the face-up 4 of Reval
    assert g.view(s, 1)["players"][0]["known_markers"] == [4, 5]
    assert g.view(s, 1)["players"][0]["markers"] == 5
    rng = random.Random(3)
    for _ in range(20):
        r = g.resample_hidden(s, 1, rng)
        assert r.hand[4] >= 1 and r.hand[5] >= 1 and sum(r.hand[0:9]) == 5


@pytest.mark.parametrize("flags", [{"conflicts": True}, {"memory": True}])
def test_secret_holdings_show_totals_and_resample_keeps_the_view(flags: dict[str, bool]) -> None:
    g = game(3, **flags)
    s = run_until(g, g.new_initial_state(), lambda st: st.round == 3, seed=2)
    v = g.view(s, 0)
    assert isinstance(v["players"][1]["cargo"], int)
    assert isinstance(v["players"][1]["markers"], int)
    assert isinstance(v["players"][0]["markers"], list)
    rng = random.Random(0)
    changed = False
    for _ in range(20):
        r = g.resample_hidden(s, 0, rng)
        assert g.view(r, 0) == v
        assert g.inventory(r) == g.inventory(s)
        changed |= r.hand != s.hand or r.cargo != s.cargo or r.sq_val != s.sq_val
    assert changed


def test_face_down_marker_is_resampled_but_never_to_the_city_number() -> None:
    g = game(2, open_holdings=True)
    s = scenario(g, pos=[0, 0])
    for c in range(9):
        s.sq_up[2 * c] = 0
        s.sq_placed[2 * c] = 1
        s.sq_known[2 * c] = 0
    balance(g, s)
    rng = random.Random(5)
    seen = set()
    for _ in range(30):
        r = g.resample_hidden(s, 0, rng)
        assert g.view(r, 0) == g.view(s, 0)
        assert all(r.sq_val[2 * c] != c for c in range(9))
        assert sorted(r.sq_val[0::2]) == sorted(s.sq_val[0::2])
        seen.add(tuple(r.sq_val))
    assert len(seen) > 1


@pytest.mark.parametrize("flags", [{}, {"conflicts": True, "memory": True, "taxes": True}])
def test_determinize_rebuilds_the_view(flags: dict[str, bool]) -> None:
    g = game(4, **flags)
    s = run_until(g, g.new_initial_state(), lambda st: st.round == 4, seed=3)
    rng = random.Random(1)
    for seat in (None, 0, 3):
        v = g.view(s, seat)
        d = g.determinize(v, rng)
        assert g.view(d, seat) == v
        assert g.inventory(d) == g.inventory(s)


def test_determinize_rejects_garbage() -> None:
    g = game(2)
    with pytest.raises(IllegalActionError):
        g.determinize({"seat": 0}, random.Random(0))


def test_render_shows_ring_cargo_and_markers() -> None:
    g = game(3)
    s = scenario(g, pos=[2, 5, 5], gm=4)
    set_cargo(s, 0, "oos")
    set_hand(s, 0, 3, 8)
    balance(g, s)
    text = g.render(g.view(s, 0))
    for name in ("Tönsberg", "Stockholm", "Abo", "Reval", "Riga", "Danzig", "Stralsund", "Lübeck"):
        assert name in text
    assert "Kopenhagen" in text and "GM" in text
    assert "seat 0 (A) (you)" in text and "2o 1s" in text and "3 8" in text


def test_observe_hides_only_secret_choices() -> None:
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[3, 3])
    set_hand(s, 0, 5)
    balance(g, s)
    action = g.action_from_str("route 0 5")
    assert g.observe_action(s, 0, action, 0) == "route 0 5"
    assert g.observe_action(s, 0, action, 1) == "route 0 ?"
    assert g.observe_action(s, 0, action, None) == "route 0 ?"
    assert g.observe_action(s, 0, g.end_turn, 1) == "end"


def test_secret_draws_the_reserve_shows_only_its_size() -> None:
    """RULINGS.md, "Secret draws stay secret": the reserve shows how many markers it holds; the
    player who gave the guild master a good sees the markers of that colour and the log tells him
    what he saw."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[0, 0], owner=0, gm=0)
    set_cargo(s, 0, "a")
    balance(g, s)
    v = g.view(s, 1)
    assert v["reserve"] == sum(s.reserve) and v["reserve_colour"] is None
    trade = g.action_from_str("gmtrade good a")
    assert trade in g.legal_actions(s)
    told = g.observe_action(s, 0, trade, 0)
    assert told.startswith("gmtrade good a (the reserve holds markers 5")
    assert told.endswith(" of that colour)")
    assert g.observe_action(s, 0, trade, 1) == "gmtrade good a"
    g.apply_action(s, trade)
    assert g.view(s, 0)["reserve_colour"] == {"5": s.reserve[5], "6": s.reserve[6]}
    assert g.view(s, 1)["reserve_colour"] is None
    assert [g.action_to_str(a) for a in g.legal_actions(s)] == ["take 5", "take 6"]
    g.apply_action(s, g.action_from_str("take 6"))
    assert s.hand[6] == 1 and s.phase == Decision.ACTION


def test_guildmaster_good_for_a_marker_when_the_reserve_holds_none_of_the_colour() -> None:
    """'Ist der entsprechende Vorrat leer, kann dieser Tausch nicht vorgenommen werden': the look
    finds no amber marker, the good comes back, the trade stays open, amber is not offered
    again this turn."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[0, 0], owner=0, gm=0)
    set_cargo(s, 0, "a")
    balance(g, s)
    set_hand(s, 1, *([5] * s.reserve[5]), *([6] * s.reserve[6]))  # seat 1 holds the rest
    balance(g, s)
    assert s.reserve[5] == s.reserve[6] == 0
    g.apply_action(s, g.action_from_str("gmtrade good a"))
    assert [g.action_to_str(a) for a in g.legal_actions(s)] == ["take none"]
    g.apply_action(s, g.action_from_str("take none"))
    assert s.cargo[0:4] == [0, 0, 1, 0] and s.phase == Decision.ACTION
    legal = [g.action_to_str(a) for a in g.legal_actions(s)]
    assert "gmtrade good a" not in legal


def test_sampling_memory_first_nine_markers_are_all_different() -> None:
    """Issue 21, part 2: in Memory the nine first markers are 0-8 once each, so those never
    replaced stay all different; when a seat knows all but one of them, every sample puts the
    only possible value there."""
    g = game(3, memory=True)
    for seed in range(50):
        s = run_until(g, g.new_initial_state(), lambda st: st.phase == Decision.BID, seed=seed)
        if not any(s.sq_placed[0::2]):  # no start swap replaced a first marker
            break
    first = list(range(0, 18, 2))
    assert sorted(s.sq_val[sq] for sq in first) == list(range(9))
    hole = first[-1]
    for sq in first[:-1]:
        s.sq_known[sq] |= 1  # seat 0 has seen every other first marker
    s.sq_known[hole] &= ~1
    rng = random.Random(7)
    for _ in range(30):
        r = g.resample_hidden(s, 0, rng)
        assert r.sq_val[hole] == s.sq_val[hole]
        assert len({r.sq_val[sq] for sq in first}) == len(first)
    for seat in (None, 1, 2):
        for _ in range(10):
            r = g.resample_hidden(s, seat, rng)
            assert len({r.sq_val[sq] for sq in first}) == len(first)


def test_render_explains_goods_chips_and_the_exchange_under_way() -> None:
    """Issue 19, item 5: the goods legend, the bonus chips (Bonuschips: left in the supply and
    held) and a running exchange (Waren eintauschen) are on the text board, in words."""
    g = game(3)
    s = scenario(g, pos=[2, 5, 5], gm=4)
    set_cargo(s, 0, "oos")
    balance(g, s)
    view = g.view(s, 0)
    view["players"][0]["bonus_chips"]["secret_route"] = 1
    view["exchange"] = {
        "give": {"ore": 1, "fur": 0, "amber": 0, "salt": 0},
        "take": {"ore": 0, "fur": 1, "amber": 1, "salt": 0},
    }
    text = g.render(view)
    assert "Goods: o ore, f fur, a amber, s salt" in text
    assert "bonus chips left: 3:1 exchange" in text and "bonus chips: Geheimweg" in text
    assert "exchange under way: gives 1o, takes 1f 1a" in text
    assert "decision" not in text and "None" not in text
