"""Rulebook section "1) Nachschub und Reihenfolge": offer, bids, supply and turn order, with the
bid-ranking ruling of RULINGS.md and the test vectors of kogge.json."""

from __future__ import annotations

import pytest
from kogge_helpers import (
    balance,
    bid,
    check_inventory,
    game,
    goods,
    hand_of,
    put_kontor,
    scenario,
    set_city,
    set_hand,
    texts,
)

from hanse.core import CHANCE, IllegalActionError
from hanse.games.kogge.actions import Bid, BidDone, Decision
from hanse.games.kogge.data import BID_RANKING_CASES, BID_RANKING_PAIRS
from hanse.games.kogge.rules.bidding import _next_bidder, bid_key, start_round


@pytest.mark.parametrize(("bids", "order"), BID_RANKING_CASES)
def test_bid_ranking_cases_of_kogge_json(bids: tuple[tuple[int, ...], ...], order: str) -> None:
    """kogge.json bid_ranking_examples.cases: each list strongest first (rulebook + designer)."""
    ranked = sorted("ABCD", key=lambda who: bid_key(tuple(bids["ABCD".index(who)])), reverse=True)
    assert "".join(ranked) == order


@pytest.mark.parametrize(("stronger", "weaker"), BID_RANKING_PAIRS)
def test_bid_ranking_pairs_of_kogge_json(
    stronger: tuple[int, ...], weaker: tuple[int, ...]
) -> None:
    assert bid_key(stronger) > bid_key(weaker)


@pytest.mark.parametrize(
    "chain",
    [
        [(0, 0, 0), (8, 8)],
        [(4, 4), (3, 3, 6), (3, 3), (8,)],
        [(5, 0), (5,), (4, 1), (0,)],
        [(0, 0), (8,)],
        [(0, 0), (7, 5)],
        [(7,), (3, 4)],
        [(7, 0), (5, 2), (4, 3), (3, 2)],
        [(4, 2, 2), (8,)],
        [(4, 2, 2), (5, 3)],
    ],
)
def test_bid_ranking_ruling(chain: list[tuple[int, ...]]) -> None:
    """RULINGS.md, Bid ranking: 0-0-0 > 8-8; 4-4 > 3-3-6 > 3-3 > 8; 5-0 > 5 > 4-1 > 0; 7 > 3-4;
    two 0s > 8 and > 7-5; a group plus other markers is still a group bid."""
    keys = [bid_key(b) for b in chain]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_two_groups_rank_by_the_larger_group_then_the_rest() -> None:
    """Not covered by the rulebook (SOURCES.md 3.1, low): largest group first, then recurse."""
    assert bid_key((5, 5, 2, 2)) > bid_key((5, 5, 3))
    assert bid_key((2, 2, 2)) > bid_key((8, 8, 7, 7))


def _bid_round(n: int = 4) -> tuple:
    g = game(n)
    s = scenario(g, phase=Decision.BID, owner=0)
    s.idx = 0
    return g, s


def test_rulebook_bid_example() -> None:
    """Beispiel: A 7, B 3+4, C 4, D 2+2: Lübeck (7) gets two white goods, Riga (4) four orange,
    Reval (3) two orange, Abo (2) four grey; D is the new start player, before A, B, C."""
    g, s = _bid_round(4)
    set_hand(s, 0, 7, 1)
    set_hand(s, 1, 3, 4)
    set_hand(s, 2, 4, 6)
    set_hand(s, 3, 2, 2)
    balance(g, s)
    before = list(s.city_goods)
    bid(g, s, 7)
    bid(g, s, 4, 3)
    bid(g, s, 4)
    bid(g, s, 2, 2)
    delta = [s.city_goods[i] - before[i] for i in range(36)]
    assert delta[7 * 4 : 7 * 4 + 4] == goods("ss")
    assert delta[4 * 4 : 4 * 4 + 4] == goods("ffff")
    assert delta[3 * 4 : 3 * 4 + 4] == goods("ff")
    assert delta[2 * 4 : 2 * 4 + 4] == goods("oooo")
    assert sum(delta) == 12
    assert s.order == [3, 0, 1, 2]
    assert s.phase == Decision.GM_MOVE and g.current_player(s) == 3
    # The bid markers went back to the reserve.
    assert s.bid_pool == [0] * 9 and s.hand[0:9] == [0, 1, 0, 0, 0, 0, 0, 0, 0]
    check_inventory(g, s)


def test_rulebook_supply_example_with_kontore() -> None:
    """Beispiel: two 3s, three 4s and one 6; green Kontor on 3, red and yellow on 6. 6: one good in
    each Kontor; 4: six orange; 3: four, one in the Kontor and three on the city."""
    g, s = _bid_round(3)
    set_hand(s, 0, 3, 3)
    set_hand(s, 1, 4, 4, 4)
    set_hand(s, 2, 6)
    put_kontor(s, 0, 3)
    p6a = put_kontor(s, 1, 6)
    p6b = put_kontor(s, 2, 6)
    for c in (3, 4, 6):
        set_city(s, c, "")
    balance(g, s)
    for markers in ((3, 3), (4, 4, 4), (6,)):
        bid(g, s, *markers)
    assert s.city_goods[6 * 4 : 6 * 4 + 4] == [0, 0, 0, 0]
    assert s.kontor_goods[p6a * 4 : p6a * 4 + 4] == goods("a")
    assert s.kontor_goods[p6b * 4 : p6b * 4 + 4] == goods("a")
    assert s.city_goods[4 * 4 : 4 * 4 + 4] == goods("ffffff")
    assert s.city_goods[3 * 4 : 3 * 4 + 4] == goods("fff")
    assert s.kontor_goods[6 * 4 : 6 * 4 + 4] == goods("f")  # place 6 = city 3, first place
    check_inventory(g, s)


def test_scarce_goods_fill_the_higher_city_first() -> None:
    """'Falls nicht genügend Waren vorhanden sind, werden zuerst die Städte mit den höheren
    Zahlen bestückt': three salt left, bids on 7 and 8: Kopenhagen (8) two, Lübeck (7) one."""
    g, s = _bid_round(2)
    set_hand(s, 0, 7)
    set_hand(s, 1, 8)
    set_city(s, 7, "")
    set_city(s, 8, "")
    set_city(s, 0, "ooo" + "sssssss")  # parks seven salt so that three remain in the supply
    balance(g, s)
    assert s.supply[3] == 3
    bid(g, s, 7)
    bid(g, s, 8)
    assert s.city_goods[8 * 4 + 3] == 2
    assert s.city_goods[7 * 4 + 3] == 1
    assert s.supply[3] == 0


def test_two_kontore_and_one_good_left_the_city_gets_it() -> None:
    """'Falls es zwei Kontore in einer Stadt aber nur noch eine Ware im Vorrat gibt, wird diese
    Ware in das Handelszentrum gelegt, die Kontore gehen leer aus.'"""
    g, s = _bid_round(2)
    set_hand(s, 0, 5)
    set_hand(s, 1, 1)
    pa = put_kontor(s, 0, 5)
    pb = put_kontor(s, 1, 5)
    set_city(s, 5, "")
    set_city(s, 0, "aaaaaaaaa" + "ooo")  # with the three on Stralsund, one amber is left
    balance(g, s)
    assert s.supply[2] == 1
    bid(g, s, 5)
    bid(g, s, 1)
    assert s.city_goods[5 * 4 + 2] == 1
    assert s.kontor_goods[pa * 4 + 2] == 0 and s.kontor_goods[pb * 4 + 2] == 0


def test_a_kontor_takes_one_good_per_supply_not_per_marker() -> None:
    """RULINGS.md, Supply: each Kontor first gets one good per supply event (not per marker)."""
    g, s = _bid_round(2)
    set_hand(s, 0, 2, 2, 2)
    set_hand(s, 1, 1)
    place = put_kontor(s, 1, 2)
    set_city(s, 2, "")
    balance(g, s)
    bid(g, s, 2, 2, 2)
    bid(g, s, 1)
    assert s.kontor_goods[place * 4] == 1
    assert s.city_goods[2 * 4] == 5


def test_no_exact_repeat_but_other_combinations_with_the_same_value() -> None:
    """'niemand darf exakt die gleiche Auslage machen ... wohl aber einen 5er und einen 2er'. In
    the chain (RULINGS.md, "Bids are laid as a chain") the repeat cannot be completed: after
    laying the 5, "done" is refused while the 2 may follow."""
    g, s = _bid_round(3)
    set_hand(s, 0, 5)
    set_hand(s, 1, 5, 2)
    set_hand(s, 2, 5)
    balance(g, s)
    bid(g, s, 5)
    assert texts(g, s) == ["bid 5", "bid 2"]
    g.apply_action(s, Bid(5))
    assert texts(g, s) == ["bid 2"]
    with pytest.raises(IllegalActionError, match="exact repeat"):
        g.apply_action(s, BidDone())
    g.apply_action(s, Bid(2))
    assert texts(g, s) == ["bid done"]
    g.apply_action(s, BidDone())
    # Seat 2 holds only a single 5, which was bid already: he is skipped and moves last.
    assert s.phase == Decision.GM_MOVE
    assert s.bids[2] is None
    assert s.order == [1, 0, 2]


def test_ruling_bids_are_laid_as_a_chain_in_non_increasing_order() -> None:
    """RULINGS.md, "Bids are laid as a chain": one marker at a time, never higher than the last,
    then done; every set of markers is reached in exactly one way, and at most ten actions are
    ever offered (nine values and done) instead of every sub-multiset of the hand."""
    g, s = _bid_round(2)
    set_hand(s, 0, 6, 6, 3, 0)
    set_hand(s, 1, 1)
    balance(g, s)
    assert texts(g, s) == ["bid 6", "bid 3", "bid 0"]  # no done on an empty bid
    g.apply_action(s, Bid(3))
    assert texts(g, s) == ["bid 0", "bid done"]  # the 6s may no longer follow the 3
    with pytest.raises(IllegalActionError):
        g.apply_action(s, Bid(6))
    g.apply_action(s, Bid(0))
    assert s.bids[0] == (3, 0) and s.hand[0:9] == hand_of(6, 6)
    assert s.bid_pool[3] == 1 and s.bid_pool[0] == 1  # laid in the open at once
    g.apply_action(s, BidDone())
    assert g.current_player(s) == 1


def test_ruling_a_bid_is_never_led_into_a_dead_end() -> None:
    """A marker is offered only if the bid can still end unlike every earlier bid. With 4-4 and 4
    bid already, a hand of 4 4 2 may lay a 4 (4-2 and 4-4-2 are open), but then done is refused
    (4 is taken), and after a second 4 only the 2 may follow (4-4 is taken)."""
    g, s = _bid_round(4)
    set_hand(s, 0, 4, 4)
    set_hand(s, 1, 4)
    set_hand(s, 2, 4, 4, 2)
    set_hand(s, 3, 4, 4)
    balance(g, s)
    bid(g, s, 4, 4)
    bid(g, s, 4)
    assert texts(g, s) == ["bid 4", "bid 2"]
    g.apply_action(s, Bid(4))
    assert texts(g, s) == ["bid 4", "bid 2"]
    g.apply_action(s, Bid(4))
    assert texts(g, s) == ["bid 2"]
    g.apply_action(s, Bid(2))
    g.apply_action(s, BidDone())
    assert s.bids[2] == (4, 4, 2)
    # Seat 3's 4 4 could only repeat 4 or 4-4: no first marker leads anywhere, he is skipped.
    assert s.bids[3] is None and s.phase == Decision.GM_MOVE


def test_ruling_every_sub_multiset_is_reached_exactly_once() -> None:
    """The chain reaches each possible bid of a hand once: walking every chain of a hand of
    5 5 3 1 0 gives its 2*2*2*2*3 - 1 = 47 bids, each once."""
    g, s = _bid_round(2)
    set_hand(s, 0, 5, 5, 3, 1, 0)
    set_hand(s, 1, 2)
    balance(g, s)
    found: list[tuple[int, ...]] = []

    def walk(state: object) -> None:
        for action in g.legal_actions(state):
            child = state.clone()  # type: ignore[attr-defined]
            g.apply_action(child, action)
            if isinstance(action, BidDone):
                found.append(state.bids[0])  # type: ignore[attr-defined]
            else:
                walk(child)

    walk(s)
    assert len(found) == len(set(found)) == 3 * 2 * 2 * 2 - 1


def test_bidding_is_compulsory_and_players_without_markers_keep_their_relative_order() -> None:
    """RULINGS.md: at least one marker when possible; those who cannot bid move last, keeping
    their previous relative order."""
    g, s = _bid_round(4)
    s.order = [2, 0, 3, 1]
    s.idx = 0
    s.actor = s.turn_owner = 2
    set_hand(s, 2)
    set_hand(s, 0, 1)
    set_hand(s, 3)
    set_hand(s, 1, 0)
    balance(g, s)
    _next_bidder(g, s)
    assert g.current_player(s) == 0
    assert "stop" not in texts(g, s) and all(t.startswith("bid ") for t in texts(g, s))
    bid(g, s, 1)
    bid(g, s, 0)
    assert s.order == [0, 1, 2, 3]


def test_ruling_new_markers_are_drawn_before_the_leftovers_go_back() -> None:
    """RULINGS.md, "New route markers each round": 'Zuerst werden ACHT Wegemarker ... gezogen';
    last round's leftovers go back only then, so none of them can come up again this round."""
    g = game(3)
    s = scenario(g, phase=Decision.MOVE)
    s.offer = [(1, 2), (3,)]
    set_hand(s, 0, 5)
    balance(g, s)
    reserve_before = sum(s.reserve)
    start_round(g, s)
    assert s.leftover == [1, 2, 3] and sum(s.reserve) == reserve_before
    assert g.current_player(s) == CHANCE and s.phase == Decision.DRAW_OFFER
    for _ in range(8):
        outcomes = g.chance_outcomes(s)
        total = sum(s.reserve)
        for action, p in outcomes:
            assert p == pytest.approx(s.reserve[action.value] / total)  # type: ignore[attr-defined]
        g.apply_action(s, outcomes[0][0])
        check_inventory(g, s)
    assert [len(lot) for lot in s.offer] == [2, 2, 2, 2]
    assert s.phase == Decision.BID
    assert s.leftover == [] and sum(s.reserve) == reserve_before + 3 - 8
    check_inventory(g, s)


def test_ruling_a_leftover_cannot_come_up_again() -> None:
    """With every 8 off the board in last round's leftovers, no 8 can be drawn for the new
    offer."""
    g = game(2)
    s = scenario(g, phase=Decision.MOVE)
    s.offer = [(8, 8), (8, 8)]
    balance(g, s)
    assert s.reserve[8] == 0
    start_round(g, s)
    while s.phase == Decision.DRAW_OFFER:
        assert all(a.value != 8 for a, _ in g.chance_outcomes(s))  # type: ignore[attr-defined]
        g.apply_action(s, g.chance_outcomes(s)[-1][0])
    assert s.reserve[8] == 4 and all(8 not in lot for lot in s.offer)


def test_extra_marker_chip_draws_one_marker_before_the_bids() -> None:
    """Bonus chip '+1 Wegemarker': a random marker from the reserve at the start of each round."""
    g = game(2)
    s = scenario(g, phase=Decision.MOVE)
    s.chips[1 * 4 + 1] = 1
    s.chips_left[1] -= 1
    balance(g, s)
    start_round(g, s)
    assert s.phase == Decision.DRAW_BONUS
    action = g.chance_outcomes(s)[0][0]
    g.apply_action(s, action)
    assert sum(s.hand[9:18]) == 1
    assert s.phase == Decision.DRAW_OFFER
    check_inventory(g, s)


def test_a_second_extra_marker_chip_does_not_stack() -> None:
    """RULINGS.md: a second copy of the same bonus chip counts as a development point, its
    ability does not stack: still one free marker per round."""
    g = game(2)
    s = scenario(g, phase=Decision.MOVE)
    s.chips[1] = 2
    s.chips_left[1] = 0
    set_hand(s, 0, 3)
    balance(g, s)
    start_round(g, s)
    g.apply_action(s, g.chance_outcomes(s)[0][0])
    assert s.phase == Decision.DRAW_OFFER
    assert sum(s.hand[0:9]) == 2
