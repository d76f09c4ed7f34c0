"""Rulebook sections "Spielvorbereitung" and "Startaufstellung festlegen"."""

from __future__ import annotations

from itertools import permutations

import pytest
from kogge_helpers import check_inventory, game, run_until, texts

from hanse.core import CHANCE
from hanse.games.kogge.actions import ChooseStart, Decision, Lot
from hanse.games.kogge.data import CITY_GOOD, GOODS_SUPPLY, MARKER_COUNTS
from hanse.games.kogge.rules.setup import DEAL_END, _derangement_completions, deal_outcomes
from hanse.games.kogge.state import KoggeState


def _dealt(n: int, seed: int = 0, **flags: bool) -> tuple:
    g = game(n, **flags)
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase != Decision.DEAL, seed)
    return g, s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_initial_material(n: int) -> None:
    """Three goods of its kind on every city; nine markers 0..8, two ore and one fur per player;
    one robbery marker in hand, the second set aside; the rest is supply and reserve."""
    g = game(n)
    s = g.new_initial_state()
    for c in range(9):
        assert s.city_goods[c * 4 : c * 4 + 4] == [3 if t == CITY_GOOD[c] else 0 for t in range(4)]
    for p in range(n):
        assert s.hand[p * 9 : p * 9 + 9] == [1] * 9
        assert s.cargo[p * 4 : p * 4 + 4] == [2, 1, 0, 0]
        assert s.raid_hand[p] == 1 and s.raid_total[p] == 1
    assert s.supply == [GOODS_SUPPLY[0] - 9 - 2 * n, GOODS_SUPPLY[1] - 6 - n, 7, 4]
    assert s.reserve == [MARKER_COUNTS[v] - n for v in range(9)]
    assert g.current_player(s) == CHANCE
    check_inventory(g, s)


def test_guildmaster_and_end_marker_on_a_drawn_city() -> None:
    g = game(3)
    s = g.new_initial_state()
    outcomes = deal_outcomes(g, s)
    assert [a.value for a, _ in outcomes] == list(range(9))  # type: ignore[attr-defined]
    assert outcomes[0][1] == pytest.approx(s.reserve[0] / sum(s.reserve))
    g.apply_action(s, outcomes[4][0])
    assert s.gm == s.end_city == 4
    assert s.gm_marker == 4


@pytest.mark.parametrize("seed", range(20))
def test_setup_routes_never_point_home_and_differ(seed: int) -> None:
    """'Der Wegemarker darf nicht von der Nummer der Stadt sein'; the nine first markers are
    0..8 once each; at set-up both routes of a city lead to different cities (rulebook, section
    e) Handelsrouten verändern: unlike at the start, a change may make both lead to one city)."""
    g, s = _dealt(3, seed)
    firsts = [s.sq_val[2 * c] for c in range(9)]
    assert sorted(firsts) == list(range(9))
    for c in range(9):
        a, b = s.sq_val[2 * c], s.sq_val[2 * c + 1]
        assert a != c and b != c and a != b
        assert s.sq_up[2 * c] == s.sq_up[2 * c + 1] == 1
    assert s.gm_marker == -1  # the guild master's marker went back
    assert s.deal_idx == DEAL_END
    check_inventory(g, s)


def test_first_markers_are_uniform_over_derangements() -> None:
    """The sequential chance nodes give every valid placement the same probability."""
    assert _derangement_completions(0, 0x1FF) == 133496  # !9 derangements
    g = game(2)
    s = g.new_initial_state()
    g.apply_action(s, g.deal[0])
    # Enumerate a small case: probabilities of all complete placements are equal.
    total = 0.0
    probs: list[float] = []

    def walk(state: KoggeState, p: float, depth: int) -> None:
        nonlocal total
        if depth == 9:
            probs.append(p)
            total += p
            return
        for action, q in deal_outcomes(g, state):
            child = state.clone()
            g.apply_action(child, action)
            walk(child, p * q, depth + 1)

    # Fix the first five cities to keep the enumeration small.
    for v in (1, 2, 3, 4, 0):
        g.apply_action(s, g.deal[v])
    walk(s, 1.0, 5)
    assert total == pytest.approx(1.0)
    assert max(probs) == pytest.approx(min(probs))
    valid = [perm for perm in permutations((5, 6, 7, 8)) if all(perm[i] != 5 + i for i in range(4))]
    assert len(probs) == len(valid)


def test_start_choice_is_secret_and_sequential() -> None:
    g, s = _dealt(3, 1)
    assert s.phase == Decision.CHOOSE_START and g.current_player(s) == 0
    assert texts(g, s) == [f"start {v}" for v in range(9)]
    g.apply_action(s, ChooseStart(5))
    assert g.view(s, 1)["players"][0]["start_choice"] is True
    assert g.view(s, 0)["players"][0]["start_choice"] == 5
    assert g.observe_action(s, 1, ChooseStart(3), 0) == "start ?"
    assert g.observe_action(s, 1, ChooseStart(3), 1) == "start 3"
    g.apply_action(s, ChooseStart(3))
    g.apply_action(s, ChooseStart(5))
    # Revealed: two Kontore in 5, one in 3; the markers went to the reserve; 8 markers left.
    assert s.pos == [5, 3, 5]
    assert s.kontor_owner[10] == 0 and s.kontor_owner[11] == 2 and s.kontor_owner[6] == 1
    assert [sum(s.hand[p * 9 : p * 9 + 9]) for p in range(3)] == [8, 8, 8]
    assert s.kontore == [1, 1, 1]
    check_inventory(g, s)


def test_three_on_one_city_choose_again_but_not_the_same_marker() -> None:
    """'Sollten drei oder mehr Spieler dasselbe Feld wählen, müssen sie sich erneut entscheiden
    ... wobei der Wegemarker, der gerade zum Patt geführt hatte, nicht direkt erneut gewählt
    werden darf.'"""
    g, s = _dealt(4, 2)
    for _ in range(3):
        g.apply_action(s, ChooseStart(6))
    g.apply_action(s, ChooseStart(2))
    # Seat 3 settled in Abo; 0, 1 and 2 choose again, without the 6.
    assert s.pos == [-1, -1, -1, 2]
    assert s.phase == Decision.CHOOSE_START and s.queue == [0, 1, 2]
    assert "start 6" not in texts(g, s)
    g.apply_action(s, ChooseStart(2))
    # Abo now has one Kontor; a second chooser would fit, a third must choose again.
    g.apply_action(s, ChooseStart(2))
    g.apply_action(s, ChooseStart(7))
    assert s.pos == [-1, -1, 7, 2]
    assert s.queue == [0, 1]
    assert "start 2" not in texts(g, s)  # banned for seat 0, and Abo can take only one more
    assert "start 6" in texts(g, s)  # only the marker of the last clash is banned
    g.apply_action(s, ChooseStart(6))
    assert "start 2" not in texts(g, s)
    g.apply_action(s, ChooseStart(4))
    assert s.pos == [6, 4, 7, 2]
    check_inventory(g, s)


def test_full_city_cannot_be_chosen_again() -> None:
    """'in jedem Handelszentrum gibt es maximal zwei Kontore': a full city is not offered."""
    g, s = _dealt(4, 3)
    s.kontor_owner[8] = s.kontor_owner[9] = 3
    s.legal_cache = None
    assert "start 4" not in texts(g, s)
    assert len(texts(g, s)) == 8


def test_first_turn_order_by_city_number_and_lot() -> None:
    """'Der Spieler, dessen Kontor ... mit der niedrigsten Nummer steht, zieht zuerst ... Stehen
    zwei Spieler in einer Stadt, wird die Reihenfolge unter ihnen ausgelost.'"""
    g, s = _dealt(3, 4)
    for v in (5, 2, 5):
        g.apply_action(s, ChooseStart(v))
    assert s.phase == Decision.LOT and g.current_player(s) == CHANCE
    outcomes = g.chance_outcomes(s)
    assert outcomes == [(Lot(0), 0.5), (Lot(2), 0.5)]
    g.apply_action(s, Lot(2))
    assert s.order == [1, 2, 0]
    assert s.round == 1


def test_start_order_without_ties_needs_no_lot() -> None:
    g, s = _dealt(3, 5)
    for v in (8, 0, 4):
        g.apply_action(s, ChooseStart(v))
    assert s.order == [1, 2, 0]
    assert s.round == 1 and s.phase == Decision.DRAW_OFFER


def test_memory_start_cargo_face_down_routes_and_start_look() -> None:
    """D Memory: all markers face down, two ore and two fur; the player looks at the markers of
    his start city and may swap one for one of his own."""
    g, s = _dealt(2, 6, memory=True)
    assert s.cargo[0:4] == [2, 2, 0, 0]
    assert not any(s.sq_up)
    v = g.view(s, 0)
    assert all(c["markers"] == [None, None] for c in v["cities"])
    assert g.observe_action(s, CHANCE, g.deal[0], 0) in ("deal 0", "deal ?")
    g.apply_action(s, ChooseStart(3))
    g.apply_action(s, ChooseStart(7))
    assert s.phase == Decision.START_SWAP and g.current_player(s) == 0
    v0 = g.view(s, 0)
    assert v0["cities"][3]["known"] == [s.sq_val[6], s.sq_val[7]]
    assert g.view(s, 1)["cities"][3]["known"] == [None, None]
    legal = texts(g, s)
    assert legal[0] == "skip" and "route 0 3" not in legal and "route 1 5" in legal
    old = s.sq_val[7]
    g.apply_action(s, g.action_from_str("route 1 5"))
    assert s.sq_val[7] == 5 and s.sq_placed[7] == 1
    expected = [1] * 9
    expected[3] = 0  # the start marker went to the reserve
    expected[5] -= 1
    expected[old] += 1
    assert s.hand[0:9] == expected
    assert g.view(s, 1)["cities"][3]["known"] == [None, None]
    assert g.view(s, 0)["cities"][3]["known"][1] == 5
    g.apply_action(s, g.skip)
    assert s.round == 1
    check_inventory(g, s)


def test_random_setups_are_reproducible() -> None:
    assert _dealt(4, 9)[1] == _dealt(4, 9)[1]
    assert _dealt(4, 9)[1] != _dealt(4, 10)[1]
