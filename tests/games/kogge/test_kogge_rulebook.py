"""The rulebook (kogge.de.txt, rules v1.1) read sentence by sentence, and the Kogge rulings of
RULINGS.md: one test for every rule that no other module of tests/games/kogge covers.

Rules that other modules already test (the movement, route-change, exchange, bid, supply and
conflict examples, the four bonus chips, the victory point table, both game ends, ...) are not
repeated here. Every test builds a concrete position and checks exact outcomes.
"""

from __future__ import annotations

import pytest
from kogge_helpers import (
    balance,
    bid,
    check_inventory,
    game,
    goods,
    hand_of,
    place_robbery,
    play,
    put_kontor,
    run_until,
    scenario,
    set_cargo,
    set_city,
    set_hand,
    texts,
)

from hanse.core import CHANCE, Action
from hanse.games.kogge import KoggeGame
from hanse.games.kogge.actions import Bid, BidDone, ChooseStart, Deal, Decision, MoveGuildmaster
from hanse.games.kogge.data import MARKER_COUNTS, TOTAL_MARKERS
from hanse.games.kogge.rules.bidding import start_round
from hanse.games.kogge.rules.scoring import victory_points
from hanse.games.kogge.rules.setup import FIRST_SQUARES, SECOND_SQUARES, deal_outcomes
from hanse.games.kogge.state import KoggeState


def _chance_to(g: KoggeGame, s: KoggeState, phase: int) -> None:
    """Resolve chance nodes (always their first outcome) until ``phase`` is reached."""
    while s.phase != phase:
        assert g.current_player(s) == CHANCE
        g.apply_action(s, g.chance_outcomes(s)[0][0])


def _values(outcomes: list[tuple[Action, float]]) -> list[int]:
    """The marker numbers of a draw's outcomes."""
    return [a.value for a, _ in outcomes if isinstance(a, Deal)]


# -- Spielvorbereitung ---------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
def test_setup_guildmaster_marker_is_out_of_the_reserve_while_routes_are_dealt(n: int) -> None:
    """Spielvorbereitung: the marker drawn for the guild master stays out of the reserve while the
    eighteen route markers are drawn, and only then goes back to it."""
    g = game(n)
    s = g.new_initial_state()
    g.apply_action(s, g.deal[4])
    assert s.gm == s.end_city == 4
    assert s.reserve[4] == MARKER_COUNTS[4] - n - 1
    # Until the last route marker is dealt, the guild master's 4 is missing from the reserve
    # (squares not dealt yet hold 0).
    while s.deal_idx < SECOND_SQUARES + 8:
        g.apply_action(s, g.chance_outcomes(s)[0][0])
        assert s.reserve[4] == MARKER_COUNTS[4] - n - 1 - s.sq_val.count(4)
    g.apply_action(s, g.chance_outcomes(s)[-1][0])
    assert s.phase == Decision.CHOOSE_START
    assert s.reserve[4] == MARKER_COUNTS[4] - n - s.sq_val.count(4)
    assert sum(s.reserve) == TOTAL_MARKERS - 9 * n - 18  # the guild master's marker is back
    check_inventory(g, s)


def test_memory_setup_may_deal_a_marker_leading_to_its_own_city() -> None:
    """Zusatzregel D (Memory): the markers are laid face down at set-up, so a city may get a
    marker with its own number; in the base game it may not (Spielvorbereitung)."""
    for memory in (True, False):
        g = game(2, memory=memory)
        s = g.new_initial_state()
        g.apply_action(s, g.deal[5])
        assert s.deal_idx == FIRST_SQUARES
        values = _values(deal_outcomes(g, s))
        assert (0 in values) is memory  # Tönsberg (0), first square
        g.apply_action(s, g.deal[3])
        while s.deal_idx < SECOND_SQUARES:
            g.apply_action(s, g.chance_outcomes(s)[0][0])
        # Tönsberg's second square: in Memory also its own number and the first marker's 3.
        values = _values(deal_outcomes(g, s))
        assert (0 in values) is memory and (3 in values) is memory
        assert all(v in values for v in (1, 2, 4, 5, 6, 7, 8) if s.reserve[v])


# -- Startaufstellung festlegen ------------------------------------------------------------------
def test_start_markers_go_back_to_the_reserve_and_each_keeps_eight() -> None:
    """Startaufstellung: each chosen marker goes to the common reserve once the Kontore stand;
    every player keeps eight markers, and his cog stands in his Kontor's city."""
    g = game(3)
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase != Decision.DEAL, seed=11)
    reserve = list(s.reserve)
    for v in (6, 1, 6):
        g.apply_action(s, ChooseStart(v))
    assert s.reserve[6] == reserve[6] + 2 and s.reserve[1] == reserve[1] + 1
    assert sum(s.reserve) == sum(reserve) + 3
    assert [sum(s.hand[p * 9 : p * 9 + 9]) for p in range(3)] == [8, 8, 8]
    assert s.hand[0 * 9 + 6] == s.hand[2 * 9 + 6] == s.hand[1 * 9 + 1] == 0
    assert s.pos == [6, 1, 6] and s.kontore == [1, 1, 1]
    check_inventory(g, s)


# -- 1) Nachschub und Reihenfolge ----------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
def test_eight_markers_in_four_lots_whatever_the_number_of_players(n: int) -> None:
    """1) Nachschub: eight markers are drawn into four lots of two each round, however many play
    (the number of markers does not depend on the number of players)."""
    g = game(n)
    s = scenario(g, phase=Decision.MOVE)
    for p in range(n):
        set_hand(s, p, p)
    balance(g, s)
    reserve = sum(s.reserve)
    start_round(g, s)
    _chance_to(g, s, Decision.BID)
    assert len(s.offer) == 4 and all(len(lot) == 2 for lot in s.offer)
    assert sum(s.reserve) == reserve - 8
    check_inventory(g, s)


def test_bids_are_laid_in_the_open_and_go_back_to_the_reserve() -> None:
    """1) Nachschub: every player lays his bid OFFEN (each marker is seen by all, spectators
    included, even with secret holdings); after the supply all bid markers go to the reserve."""
    g = game(3)
    s = scenario(g, phase=Decision.BID, owner=0)
    set_hand(s, 0, 5, 5, 1)
    set_hand(s, 1, 2)
    set_hand(s, 2, 8)
    balance(g, s)
    for viewer in (1, 2, None):
        assert g.observe_action(s, 0, Bid(5), viewer) == "bid 5"
    g.apply_action(s, Bid(5))
    g.apply_action(s, Bid(5))
    for viewer in (1, 2, None):
        assert g.view(s, viewer)["bids"][0] == [5, 5]
    reserve = list(s.reserve)
    play(g, s, "bid done")
    bid(g, s, 2)
    bid(g, s, 8)
    assert s.phase == Decision.GM_MOVE
    assert s.reserve[5] == reserve[5] + 2 and s.reserve[2] == reserve[2] + 1
    assert s.reserve[8] == reserve[8] + 1
    assert s.hand[0:9] == hand_of(1)
    assert s.order == [0, 2, 1]  # the pair of 5s, then the 8, then the 2
    check_inventory(g, s)


def test_a_player_who_cannot_bid_is_announced_and_skipped() -> None:
    """1) Nachschub: a player who has no marker, or only combinations bid already, must say so
    ('ansagen') and is skipped. Everyone is told; he moves last."""
    g = game(3)
    s = scenario(g, phase=Decision.BID, owner=0)
    set_hand(s, 0, 5)
    set_hand(s, 1, 5)
    set_hand(s, 2, 3)
    balance(g, s)
    g.apply_action(s, Bid(5))
    for viewer in (0, 1, 2, None):
        assert g.observe_action(s, 0, BidDone(), viewer) == "bid done (player B cannot bid)"
    g.apply_action(s, BidDone())
    assert s.phase == Decision.BID and g.current_player(s) == 2
    bid(g, s, 3)
    assert s.bids == [(5,), None, (3,)] and s.order == [0, 2, 1]
    assert s.hand[9:18] == hand_of(5)


def test_a_round_bids_then_the_new_start_player_moves_the_guildmaster_then_turns_in_order() -> None:
    """Spielablauf: phases 1) and 3) go in turn order, phase 2) only by the start player; the order
    of the player phase is the order the bids just gave; after the last turn a new round begins."""
    g = game(3)
    s = scenario(g, phase=Decision.BID, owner=0, gm=3, end_city=3)
    set_hand(s, 0, 1)
    set_hand(s, 1, 6, 6)
    set_hand(s, 2, 8)
    balance(g, s)
    bid(g, s, 1)
    bid(g, s, 6, 6)
    bid(g, s, 8)
    assert s.order == [1, 2, 0]
    assert s.phase == Decision.GM_MOVE and g.current_player(s) == 1
    play(g, s, "gm 2")
    assert s.gm == 5
    for seat in (1, 2, 0):
        assert s.phase == Decision.MOVE and g.current_player(s) == seat
        assert not any(t.startswith(("build", "buy", "route", "rob")) for t in texts(g, s))
        play(g, s, "stop", "end")
    assert s.round == 2 and s.phase == Decision.DRAW_OFFER
    check_inventory(g, s)


def test_extra_marker_chip_draws_at_random_from_the_reserve() -> None:
    """Bonuschip '+1 Wegemarker': at the start of each round, before the bids, a marker drawn at
    random from the reserve, for free: every number with its share of the reserve."""
    g = game(2)
    s = scenario(g, phase=Decision.MOVE)
    s.chips[1] = 1
    s.chips_left[1] -= 1
    balance(g, s)
    start_round(g, s)
    assert s.phase == Decision.DRAW_BONUS and s.bids == [None, None]
    total = sum(s.reserve)
    outcomes = g.chance_outcomes(s)
    assert _values(outcomes) == list(range(9))
    for v, (_, p) in zip(_values(outcomes), outcomes, strict=True):
        assert p == pytest.approx(s.reserve[v] / total)
    reserve_8 = s.reserve[8]
    g.apply_action(s, g.deal[8])
    assert s.hand[0:9] == hand_of(8) and s.reserve[8] == reserve_8 - 1
    assert s.cargo[0:4] == [0, 0, 0, 0]  # free of charge
    _chance_to(g, s, Decision.BID)
    check_inventory(g, s)


# -- 3A) Bewegung --------------------------------------------------------------------------------
def test_movement_has_no_limit_of_steps_and_fees_go_back_to_supply_and_reserve() -> None:
    """3A: no limit ('keinerlei Beschränkung') on the number of steps; each step after the first
    costs one good or one marker, which go back to the supply and the reserve."""
    g = game(2)
    s = scenario(g, pos=[0, 4])
    set_cargo(s, 0, "oooooooo" + "s")
    set_hand(s, 0, 3)
    balance(g, s)
    supply, reserve = list(s.supply), list(s.reserve)
    play(g, s, "move 0")  # free: to Stockholm (1)
    for _ in range(8):
        play(g, s, "move 0 pay o")
    play(g, s, "move 0 pay s", "move 0 pay 3")
    assert s.steps == 11 and s.pos[0] == 11 % 9
    assert s.cargo[0:4] == [0, 0, 0, 0] and s.hand[0:9] == [0] * 9
    assert s.supply[0] == supply[0] + 8 and s.supply[3] == supply[3] + 1
    assert s.reserve[3] == reserve[3] + 1
    assert texts(g, s) == ["stop"]  # nothing left to pay a step with
    check_inventory(g, s)


def test_secret_route_never_into_a_city_with_own_robbery_marker() -> None:
    """Bonuschip 'Geheimweg' with 3f: the robber may never enter his robbed city again ('nie
    wieder'), so the secret route to the guild master is closed while he stands there;
    another player's robbery marker does not close it."""
    g = game(2)
    s = scenario(g, pos=[0, 0], gm=4)
    s.chips[3] = 1
    s.chips_left[3] -= 1
    set_cargo(s, 0, "oo")
    place_robbery(s, 0, 4)
    balance(g, s)
    assert not any(t.startswith("move gm") for t in texts(g, s))
    s.robbed[4] = 0b10
    s.raid_hand[0] = 1
    balance(g, s)
    assert "move gm pay o" in texts(g, s)
    play(g, s, "move gm pay o")
    assert s.pos[0] == 4 and s.cargo[0:4] == goods("o")


def test_a_cog_back_in_its_start_city_may_not_exchange() -> None:
    """3B d): only a cog standing in another city than at the start of its turn may exchange; one
    that sailed away and came back has not 'moved' in this sense."""
    g = game(2)
    s = scenario(g, routes={6: (3, 7), 3: (6, 4)}, pos=[6, 0])
    set_cargo(s, 0, "oo")
    set_city(s, 6, "aaa")
    set_city(s, 3, "fff")
    balance(g, s)
    away = s.clone()
    play(g, s, "move 0", "move 0 pay o", "stop")
    assert s.pos[0] == 6 and s.phase == Decision.ACTION
    assert not any(t.startswith("exchange") for t in texts(g, s))
    play(g, away, "move 0", "stop")
    assert away.pos[0] == 3 and "exchange give o" in texts(g, away)


# -- 3B) Aktionen --------------------------------------------------------------------------------
def test_actions_in_any_order_buy_markers_then_build_with_them() -> None:
    """3B: the actions may be taken 'in beliebiger Abfolge': a lot bought first (c) pays the
    marker of a Kontor built next (a); each action only once."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[5, 0])
    s.offer = [(5, 0), (3, 3)]
    set_cargo(s, 0, "ofss")
    balance(g, s)
    assert "build" not in texts(g, s)  # no 5 yet
    play(g, s, "buy 0 s")
    assert s.hand[0:9] == hand_of(5, 0)
    assert "build" in texts(g, s)
    play(g, s, "build")
    assert s.kontor_owner[10] == 0 and s.cargo[0:4] == [0, 0, 0, 0]
    assert s.hand[0:9] == hand_of(0)
    legal = texts(g, s)
    assert "build" not in legal and not any(t.startswith("buy") for t in legal)
    check_inventory(g, s)


def test_each_kontor_is_a_development_point_and_ten_victory_points() -> None:
    """3B a) every Kontor, the free first one too, is one development point ('Entwicklungspunkt');
    Spielende: 10 victory points each."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[5, 0])
    put_kontor(s, 0, 2)
    set_cargo(s, 0, "ofs")
    set_hand(s, 0, 5)
    balance(g, s)
    assert g.view(s, 1)["players"][0]["development"] == 1
    before = victory_points(s, 0)
    play(g, s, "build")
    assert g.view(s, 1)["players"][0]["development"] == 2
    assert victory_points(s, 0) == before + 10 - (1 + 3 + 7)
    assert not g.is_terminal(s)


def test_guildmaster_gives_a_good_for_a_marker_of_its_colour() -> None:
    """3B b) one marker for a good of the same colour ('gleicher Farbe'): an 8 (white) for a salt
    from the supply; the marker goes to the reserve; one trade with the guild master per turn."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[5, 0], gm=5)
    set_hand(s, 0, 8, 3)
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("gmtrade")]
    assert legal == ["gmtrade marker 3", "gmtrade marker 8"]
    supply, reserve = list(s.supply), list(s.reserve)
    play(g, s, "gmtrade marker 8")
    assert s.cargo[0:4] == goods("s") and s.hand[0:9] == hand_of(3)
    assert s.supply[3] == supply[3] - 1 and s.reserve[8] == reserve[8] + 1
    assert not any(t.startswith("gmtrade") for t in texts(g, s))
    check_inventory(g, s)


def test_three_for_one_second_chip_does_not_make_four_for_one() -> None:
    """Bonuschip '3:1 tauschen' with RULINGS.md (a second copy does not stack): one good still
    brings at most three."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[3, 0])
    s.turn_start = 6
    s.chips[0] = 2
    s.chips_left[0] = 0
    set_city(s, 3, "oooooo")
    set_cargo(s, 0, "a")
    balance(g, s)
    play(g, s, "exchange give a", "exchange take o", "exchange take o", "exchange take o")
    assert "exchange take o" not in texts(g, s)
    play(g, s, "exchange done")
    assert s.cargo[0:4] == goods("ooo") and s.city_goods[12:16] == goods("ooo" + "a")
    check_inventory(g, s)


def test_robbers_free_step_is_chosen_by_the_next_player_clockwise() -> None:
    """3B f) the other players choose where the robber's cog goes; RULINGS.md: the next player
    clockwise (the thief's left), not the next in turn order."""
    g = game(4)
    s = scenario(
        g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5, 5, 5, 5], owner=3, order=[3, 1, 0, 2]
    )
    play(g, s, "rob city")
    assert s.phase == Decision.FORCED_STEP and g.current_player(s) == 0
    assert texts(g, s) == ["step 0", "step 1"]
    play(g, s, "step 1")
    assert s.pos[3] == 7
    assert s.phase == Decision.MOVE and g.current_player(s) == 1  # next in turn order
    check_inventory(g, s)


# -- Weitere Regel: Handel untereinander ---------------------------------------------------------
def test_trades_are_of_goods_and_markers_only() -> None:
    """Handel untereinander: goods and markers on any terms; Kontore and bonus chips cannot be
    traded, nor goods in Kontore (only items of the cog and the hand are offered)."""
    g = game(2, open_holdings=True)
    s = scenario(g, phase=Decision.ACTION, pos=[4, 4])
    put_kontor(s, 0, 4, "aa")
    put_kontor(s, 1, 4, "ss")
    s.chips[0] = 1
    s.chips[4 + 2] = 1
    s.chips_left[0] -= 1
    s.chips_left[2] -= 1
    set_cargo(s, 0, "o")
    set_hand(s, 0, 2)
    set_cargo(s, 1, "f")
    set_hand(s, 1, 6)
    balance(g, s)
    play(g, s, "offer 1")
    assert texts(g, s) == ["item give o", "item give 2", "item take f", "item take 6", "cancel"]


# -- Zusatzregel A (Steuern) ---------------------------------------------------------------------
def test_taxes_spare_cogs_that_arrive_later_or_carry_nothing() -> None:
    """A (Steuern): only cogs in the guild master's city when he arrives pay; cogs that pass
    through or land there later in the round are not taxed. A cog there with no goods has nothing
    to pay."""
    g = game(2, taxes=True)
    s = scenario(g, routes={5: (3, 7)}, phase=Decision.GM_MOVE, owner=0, gm=2, pos=[5, 3])
    set_cargo(s, 0, "oo")
    balance(g, s)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.gm == 3
    assert s.phase == Decision.MOVE and g.current_player(s) == 0  # seat 1 there, empty: no tax
    play(g, s, "move 0", "stop")
    assert s.pos[0] == 3 and s.phase == Decision.ACTION
    assert s.cargo[0:4] == goods("oo")
    check_inventory(g, s)


@pytest.mark.parametrize("flags", [{"taxes": True}, {"taxes": True, "kontor_trade": True}])
def test_ruling_taxes_confiscate_only_goods_on_the_city_never_in_a_kontor(
    flags: dict[str, bool],
) -> None:
    """RULINGS.md, "A (taxes) with B": foreign goods lying on the city space go back to the
    supply; goods in a Kontor (which under B may be foreign) are their owner's store and stay."""
    g = game(3, **flags)
    s = scenario(g, phase=Decision.GM_MOVE, owner=0, gm=2, pos=[5, 5, 5])
    set_city(s, 3, "f" + "oo" + "a")
    p1 = put_kontor(s, 1, 3, "oas")
    p2 = put_kontor(s, 2, 3, "f")
    balance(g, s)
    supply = list(s.supply)
    g.apply_action(s, MoveGuildmaster(1))
    assert s.city_goods[12:16] == goods("fff")
    assert s.kontor_goods[p1 * 4 : p1 * 4 + 4] == goods("oas")
    assert s.kontor_goods[p2 * 4 : p2 * 4 + 4] == goods("f")
    assert s.supply == [supply[0] + 2, supply[1] - 2, supply[2] + 1, supply[3]]
    check_inventory(g, s)


# -- Zusatzregel B (Handel mit Kontoren) ---------------------------------------------------------
def _kontor_trade_state() -> tuple:
    """Seat 0 on turn in Riga (4) with his own Kontor there (two salt); seat 2 has a Kontor there
    (two fur) but his cog is in Stralsund; seat 1 has a Kontor in Stralsund (6)."""
    g = game(3, kontor_trade=True, open_holdings=True)
    s = scenario(g, phase=Decision.ACTION, pos=[4, 0, 6], owner=0)
    put_kontor(s, 0, 4, "ss")
    place = put_kontor(s, 2, 4, "ff")
    put_kontor(s, 1, 6, "aa")
    set_cargo(s, 0, "o")
    set_hand(s, 0, 3)
    set_cargo(s, 2, "a")
    set_hand(s, 2, 7)
    balance(g, s)
    return g, s, place


def test_ruling_b_kontor_trade_offered_by_the_player_on_turn_the_owner_declines() -> None:
    """RULINGS.md, "B": the player on turn offers, from his cog, to another player's Kontor in his
    city (not his own Kontor, not one elsewhere, not the owner's absent cog); the owner is asked
    and may decline, and everything goes back. Two Kontore cannot trade: the offerer gives only
    from his cog and hand, never from his own Kontor."""
    g, s, place = _kontor_trade_state()
    assert [t for t in texts(g, s) if t.startswith("offer")] == ["offer 2 kontor"]
    play(g, s, "offer 2 kontor")
    legal = texts(g, s)
    assert legal == ["item give o", "item give 3", "item take f", "item take 7", "cancel"]
    play(g, s, "item give o", "item give 3", "item take f", "item take 7", "send")
    assert s.phase == Decision.ANSWER and g.current_player(s) == 2
    assert texts(g, s) == ["decline", "accept"]
    play(g, s, "decline")
    assert s.phase == Decision.ACTION and g.current_player(s) == 0
    assert s.cargo[0:4] == goods("o") and s.hand[0:9] == hand_of(3)
    assert s.kontor_goods[place * 4 : place * 4 + 4] == goods("ff")
    assert s.cargo[8:12] == goods("a") and s.hand[18:27] == hand_of(7)
    assert "offer 2 kontor" not in texts(g, s)
    check_inventory(g, s)


def test_ruling_b_kontor_trade_accepted_goods_into_the_kontor_markers_to_the_owner() -> None:
    """B: only the Kontor's goods and the owner's markers are traded; goods for the owner go into
    his Kontor, markers into his hand; his cog (elsewhere) is untouched."""
    g, s, place = _kontor_trade_state()
    play(g, s, "offer 2 kontor", "item give o", "item give 3", "item take f", "item take 7")
    play(g, s, "send", "accept")
    assert s.cargo[0:4] == goods("f") and s.hand[0:9] == hand_of(7)
    assert s.kontor_goods[place * 4 : place * 4 + 4] == goods("of")
    assert s.cargo[8:12] == goods("a") and s.hand[18:27] == hand_of(3)
    assert s.kontor_goods[8 * 4 : 8 * 4 + 4] == goods("ss")  # seat 0's own Kontor in Riga
    check_inventory(g, s)


# -- Zusatzregel D (Memory) with 3f and C --------------------------------------------------------
def test_ruling_markers_pointing_home_with_no_other_route_the_robber_stays() -> None:
    """RULINGS.md, "Route markers pointing to their own city" (possible in D): such a marker is no
    route for the robber's free step; both of Danzig's markers lead to Danzig, so the robber's cog
    stays, whatever is chosen, and his turn ends."""
    g = game(2, memory=True)
    s = scenario(g, routes={5: (5, 5)}, phase=Decision.ACTION, pos=[5, 5])
    play(g, s, "rob city")
    options = texts(g, s) if s.phase == Decision.FORCED_STEP else [None]
    for option in options:
        t = s.clone()
        if option is not None:
            play(g, t, option)
        assert t.pos[0] == 5
        assert t.phase == Decision.MOVE and g.current_player(t) == 1
        check_inventory(g, t)


def test_ruling_markers_pointing_home_with_no_other_route_no_push() -> None:
    """RULINGS.md, "Route markers pointing to their own city": such a marker is no route for the
    push of expert rule C either; with both of Stralsund's markers leading home the loser stays."""
    g = game(2, conflicts=True, memory=True)
    s = scenario(g, routes={6: (6, 6)}, phase=Decision.ACTION, owner=1, pos=[6, 6])
    set_hand(s, 0, 5, 5)
    set_hand(s, 1, 4)
    set_cargo(s, 1, "oo")
    balance(g, s)
    play(g, s, "end", "skip", "attack 1")
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(5, 5).count(v)}")
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(4,).count(v)}")
    assert s.phase == Decision.DEMAND and g.current_player(s) == 0
    play(g, s, "demand ooo")
    assert s.cargo[0:4] == goods("oo")
    options = [t for t in texts(g, s) if t != "skip"] if s.phase == Decision.PUSH else []
    for option in [*options, "skip"]:
        t = s.clone()
        if t.phase == Decision.PUSH:
            play(g, t, option)
        assert t.pos[1] == 6
        # Seat 1's turn, the last of the round, is over: the next round begins.
        assert t.round == 2 and t.phase == Decision.DRAW_OFFER
        check_inventory(g, t)


def test_ruling_markers_pointing_home_the_robber_takes_the_other_route() -> None:
    """RULINGS.md, "Route markers pointing to their own city": Danzig's first marker leads back
    to Danzig; known to the chooser it is not offered for the robber's free step; chosen blind,
    it is turned, found to point home, and the cog takes the other route (to Lübeck)."""
    g = game(2, memory=True)
    s = scenario(g, routes={5: (5, 7)}, phase=Decision.ACTION, pos=[5, 5])
    play(g, s, "rob city")
    assert s.phase == Decision.FORCED_STEP and g.current_player(s) == 1
    blind = s.clone()
    assert texts(g, blind) == ["step 0", "step 1"]  # seat 1 has seen neither marker
    told = g.observe_action(blind, 1, g.action_from_str("step 0"), None)
    assert told == "step 0 (the markers show 5 then 7)"
    play(g, blind, "step 0")
    assert blind.pos[0] == 7 and blind.phase == Decision.MOVE
    s.sq_known[10] = 0b11  # both seats know the first marker points home
    assert texts(g, s) == ["step 1"]
    play(g, s, "step 1")
    assert s.pos[0] == 7
    check_inventory(g, s)


def test_ruling_markers_pointing_home_are_no_push() -> None:
    """RULINGS.md, "Route markers pointing to their own city": the winner of a conflict cannot
    push the loser along a marker he knows points home; pushed blind along it, the loser's cog
    takes the other route."""
    g = game(2, conflicts=True, memory=True)
    s = scenario(g, routes={6: (6, 2)}, phase=Decision.ACTION, owner=1, pos=[6, 6])
    set_hand(s, 0, 5, 5)
    set_hand(s, 1, 4)
    balance(g, s)
    play(g, s, "end", "skip", "attack 1")
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(5, 5).count(v)}")
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(4,).count(v)}")
    play(g, s, "demand ooo")
    assert s.phase == Decision.PUSH and texts(g, s) == ["push 0", "push 1", "skip"]
    blind = s.clone()
    play(g, blind, "push 0")
    assert blind.pos[1] == 2
    s.sq_known[12] |= 0b01  # the winner knows Stralsund's first marker points home
    s.legal_cache = None
    assert texts(g, s) == ["push 1", "skip"]
    check_inventory(g, s)


# -- Spielziel und Spielende (RULINGS.md, "Unused robbery marker") -------------------------------
def test_ruling_unused_robbery_marker_the_second_counts_only_once_bought() -> None:
    """RULINGS.md, "Unused robbery marker": 10 victory points for each robbery marker a player
    holds and has not placed; the second, set aside at the start, counts only once he has bought
    it from the guild master, and a placed one no longer counts."""
    g = game(2)
    s = scenario(g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5, 5], gm=5)
    set_hand(s, 0, 2, 2, 2)
    balance(g, s)
    assert s.raid_hand == [1, 1] and s.raid_total == [1, 1]
    assert g.scores(s) == [10, 10]  # markers in hand score nothing; the set-aside one neither
    play(g, s, "gmtrade raid 2")
    assert s.raid_hand[0] == 2
    assert g.scores(s) == [20, 10]
    play(g, s, "rob 1", "step 0")  # seat 1's cog is empty: no split
    assert s.robbed[5] == 0b01 and s.raid_hand[0] == 1
    assert g.scores(s) == [10, 10]
    check_inventory(g, s)
