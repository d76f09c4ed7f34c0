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


def test_base_game_holdings_are_open() -> None:
    """RULINGS.md: only C and D make goods and markers secret."""
    g = game(2)
    s = scenario(g, pos=[0, 0])
    set_cargo(s, 1, "oa")
    set_hand(s, 1, 4, 4)
    balance(g, s)
    p1 = g.view(s, 0)["players"][1]
    assert p1["cargo"] == {"ore": 1, "fur": 0, "amber": 1, "salt": 0}
    assert p1["markers"] == [4, 4]


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
    g = game(2)
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
    assert "seat 0 (you)" in text and "2o 1s" in text and "3 8" in text


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
