"""4. Verladung: one cube at a time from ships, Lager or market hall to contracts, merchants, the
Lager (4), the market hall (1); market hall exchange 3:1 and sale 2:1 (Kaispeicher additions)."""

from __future__ import annotations

import random

import pytest
from speicherstadt_helpers import (
    GOOD,
    act,
    card,
    fill,
    legal,
    new,
    offer,
    own,
    start_loading,
    stock,
    supply,
)

from hanse.core import IllegalActionError
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import loading
from hanse.games.speicherstadt.state import LOADING, TRUCK, SpeicherstadtState


def test_loading_order_from_the_start_player_skipping_idle_seats() -> None:
    """Verladung: "Der Startspieler beginnt, die anderen Spieler folgen im Uhrzeigersinn"; a seat
    whose only move would be "done" is passed over."""
    game, s = new(4)
    s.start_player = 2
    stock(game, s, 0, cargo="coffee")
    stock(game, s, 3, cargo="tea")
    start_loading(game, s)
    assert s.decision == LOADING and s.decider == 3
    act(game, s, "done")
    assert s.decider == 0


def test_unused_ship_cubes_go_to_the_supply_not_the_bag() -> None:
    """Schiff: "Nicht genutzte Warensteine verfallen. Legt sie in den Vorrat zurück, nicht in den
    Beutel!" """
    game, s = new(2)
    stock(game, s, 0, cargo="coffee coffee tea")
    start_loading(game, s)
    bag = list(s.bag)
    act(game, s, "done")
    assert s.reserve[:2] == [2, 1]
    assert s.bag == bag
    assert s.cargo[0] == (0, 0, 0, 0, 0)


def test_ship_cube_to_hall_only_one_kept() -> None:
    """Markthalle, Aufbewahren: at most 1 cube."""
    game, s = new(2)
    stock(game, s, 0, cargo="coffee tea tea")
    start_loading(game, s)
    assert "load coffee ship>hall" in legal(game, s)
    act(game, s, "load coffee ship>hall")
    assert s.hall[0] == 0
    assert "load tea ship>hall" not in legal(game, s)
    with pytest.raises(IllegalActionError, match="Verladung"):
        act(game, s, "load tea ship>hall")


def test_contract_takes_only_its_goods_and_keeps_them() -> None:
    """Auftrag: the cube must match a symbol; "Es ist nicht erlaubt, Warensteine von Aufträgen
    wieder zu entfernen." """
    game, s = new(2)
    own(game, s, 0, "base.contract.1")  # coffee + carpet
    stock(game, s, 0, cargo="coffee tea")
    start_loading(game, s)
    moves = legal(game, s)
    assert "load coffee ship>contract0" in moves
    assert "load tea ship>contract0" not in moves
    act(game, s, "load coffee ship>contract0")
    assert s.filled[0] == (0b01,)
    assert "load coffee ship>contract0" not in legal(game, s)
    assert not [m for m in legal(game, s) if "contract0>" in m]
    view = game.view(s, 0)["players"][0]["contracts"][0]
    assert view["needed"] == ["coffee", "carpet"] and view["placed"] == ["coffee"]


def test_merchant_pays_one_coin_and_the_cube_goes_to_the_supply() -> None:
    """Kaufmann: "1 Münze pro Warenstein"; "Die verkauften Warensteine legt ihr in den Vorrat"."""
    game, s = new(2)
    own(game, s, 0, "Kaffeeröster")
    stock(game, s, 0, cargo="coffee tea")
    start_loading(game, s)
    assert "load tea ship>sell" not in legal(game, s)
    act(game, s, "load coffee ship>sell")
    assert s.coins[0] == 6 and s.reserve[0] == 1


def test_warehouse_holds_at_most_four() -> None:
    """Lager: "Es dürfen sich jedoch nie mehr als 4 Warensteine im Lager befinden"."""
    game, s = new(2)
    own(game, s, 0, "Lager")
    stock(game, s, 0, cargo="coffee tea saffron rubber carpet")
    start_loading(game, s)
    act(game, s, "load coffee ship>warehouse", "load tea ship>warehouse")
    act(game, s, "load saffron ship>warehouse", "load rubber ship>warehouse")
    assert sum(s.warehouse[0]) == 4
    assert "load carpet ship>warehouse" not in legal(game, s)


def test_stored_cubes_are_used_in_later_rounds() -> None:
    """Lager / Markthalle: cubes kept "um sie in späteren Runden zu verwenden" are loaded later."""
    game, s = new(2)
    own(game, s, 0, "Lager", "base.contract.4")  # tea + carpet
    stock(game, s, 0, warehouse="tea", hall="carpet")
    start_loading(game, s)
    moves = legal(game, s)
    assert "load tea warehouse>contract0" in moves
    assert "load carpet hall>contract0" in moves


def test_cubes_move_between_lager_and_market_hall_both_ways() -> None:
    """Verladung: "ihr verschiebt sie zwischen verschiedenen Handelskarten oder der Markthalle";
    Lager: "Warensteine in euer Lager legen oder aus eurem Lager herausnehmen" — a stored cube may
    go from the Lager to the market hall as well as from the hall to the Lager."""
    game, s = new(2)
    own(game, s, 0, "Lager")
    stock(game, s, 0, warehouse="tea", hall="carpet")
    start_loading(game, s)
    moves = legal(game, s)
    assert "load carpet hall>warehouse" in moves
    assert "load tea warehouse>hall" not in moves  # the hall is full
    act(game, s, "load carpet hall>warehouse")
    assert "load tea warehouse>hall" in legal(game, s)
    act(game, s, "load tea warehouse>hall")  # the two cubes swapped places
    assert s.hall[0] == GOOD["tea"] and s.warehouse[0] == (0, 0, 0, 0, 1)


def test_lager_cube_to_an_empty_market_hall() -> None:
    game, s = new(2)
    own(game, s, 0, "Lager")
    stock(game, s, 0, warehouse="tea coffee")
    start_loading(game, s)
    assert s.decision == LOADING and s.decider == 0
    assert legal(game, s) == [
        "load coffee warehouse>hall",
        "load tea warehouse>hall",
        "sell coffee+tea",
        "done",
    ]
    act(game, s, "load coffee warehouse>hall")
    assert s.hall[0] == GOOD["coffee"] and s.warehouse[0] == (0, 1, 0, 0, 0)


def test_a_cube_stored_this_turn_stays_until_a_later_round() -> None:
    """Lager / Markthalle: a cube is stored "um sie in späteren Runden zu verwenden": once put into
    the Lager or the market hall during a loading turn, it stays there for that turn (so cubes
    cannot shuttle between the two stores forever). Next round it can be used again."""
    game, s = new(2)
    own(game, s, 0, "Lager", "Kaffeeröster")
    stock(game, s, 0, cargo="coffee tea", hall="carpet")
    start_loading(game, s)
    act(game, s, "load coffee ship>warehouse")
    moves = legal(game, s)
    assert not [m for m in moves if m.startswith("load coffee warehouse")]
    assert "sell coffee+tea" not in moves  # the stored coffee is not given either
    act(game, s, "load carpet hall>warehouse")
    assert s.hall[0] == -1
    assert not [m for m in legal(game, s) if m.startswith("load carpet warehouse")]
    act(game, s, "load tea ship>hall")
    assert s.decision != LOADING  # nothing usable is left: the turn passed on (to the income)
    view = game.view(s, None)
    assert view["stored_this_turn"] == {"warehouse": [], "market_hall": False}
    # A later loading turn: the stored cubes can be used and moved again.
    start_loading(game, s)
    moves = legal(game, s)
    assert "load coffee warehouse>sell" in moves and "load tea hall>warehouse" in moves


def test_stored_this_turn_is_part_of_the_view() -> None:
    game, s = new(2)
    own(game, s, 0, "Lager")
    stock(game, s, 0, cargo="coffee tea tea")
    start_loading(game, s)
    act(game, s, "load coffee ship>warehouse", "load tea ship>hall")
    view = game.view(s, 1)
    assert view["stored_this_turn"] == {"warehouse": ["coffee"], "market_hall": True}
    assert game.view(game.determinize(view, random.Random(0)), 1) == view
    assert "Stored this turn (kept for a later round): coffee, market hall" in game.render(view)


def test_market_hall_exchange_three_for_one_from_the_supply() -> None:
    """Umtauschen: 3 cubes to the supply, "1 anderen Warenstein eurer Wahl aus dem Vorrat" — never
    from the bag; not possible when the supply lacks that good (RULINGS.md): the cubes just given
    do not count, the cube taken is another one."""
    game, s = new(2)
    stock(game, s, 0, cargo="coffee coffee tea")
    stock(game, s, 1, cargo="rubber")
    start_loading(game, s)
    moves = legal(game, s)
    assert not [m for m in moves if m.startswith("exchange")]  # the supply is empty
    with pytest.raises(IllegalActionError, match="Markthalle"):
        act(game, s, "exchange coffee+coffee+tea>coffee")
    supply(s, "carpet coffee")
    s.legal_cache = None
    assert [m for m in legal(game, s) if m.startswith("exchange")] == [
        "exchange coffee+coffee+tea>coffee",
        "exchange coffee+coffee+tea>carpet",
    ]
    act(game, s, "exchange coffee+coffee+tea>carpet")
    assert s.cargo[0] == (0, 0, 0, 0, 1)
    assert s.reserve == [3, 1, 0, 0, 0]
    assert s.bag[4] == 8


def test_exchange_takes_cargo_first_then_hall_then_lager() -> None:
    game, s = new(2)
    own(game, s, 0, "Lager")
    stock(game, s, 0, cargo="coffee", hall="coffee", warehouse="coffee tea")
    supply(s, "carpet")
    start_loading(game, s)
    act(game, s, "exchange coffee+coffee+tea>carpet")
    assert s.hall[0] == -1
    assert s.warehouse[0] == (1, 0, 0, 0, 0)
    assert s.cargo[0] == (0, 0, 0, 0, 1)  # the new cube


def test_market_hall_sale_two_for_a_coin() -> None:
    """Verkaufen: "2 Warensteine eurer Wahl in den Vorrat und nehmt euch dafür 1 Münze"."""
    game, s = new(2)
    stock(game, s, 0, cargo="rubber carpet")
    stock(game, s, 1, cargo="tea")  # keeps the phase going after seat 0
    start_loading(game, s)
    assert "sell carpet+rubber" not in legal(game, s)  # goods are listed in good order
    act(game, s, "sell rubber+carpet")
    assert s.coins[0] == 6
    assert s.reserve[3:] == [1, 1]
    assert s.decision == LOADING and s.decider == 1  # nothing left to do: passed on


def test_no_trading_between_players() -> None:
    """Verladung: "Ihr dürft grundsätzlich nicht untereinander handeln": no base-game move
    touches another seat's cubes or coins."""
    game, s = new(3)
    own(game, s, 1, "base.contract.1")
    fill(game, s, 1, 0, "coffee")
    stock(game, s, 0, cargo="coffee carpet tea")
    stock(game, s, 2, cargo="rubber")
    start_loading(game, s)
    before = (s.coins[1:], s.filled[1:], s.warehouse[1:], s.hall[1:], s.cargo[1:])
    for move in game.legal_actions(s):
        copy = s.clone()
        game.apply_action(copy, move)
        after = (copy.coins[1:], copy.filled[1:], copy.warehouse[1:], copy.hall[1:])
        assert after == before[:4]


@pytest.mark.parametrize(
    ("name", "good"),
    [
        ("Kaffeerösterei", "coffee"),
        ("Teestube", "tea"),
        ("Gewürzspeicher", "saffron"),
        ("Gummifabrik", "rubber"),
        ("Teppichlager", "carpet"),
    ],
)
def test_kaispeicher_delivery_building_gives_two_points_per_cube(name: str, good: str) -> None:
    """Kaffeerösterei etc.: "Für jeden ...stein, den du in den Vorrat legst, rückst du 2 Punkte
    auf der Punktleiste vor"; other goods are not taken."""
    game, s = new(2, kai=True)
    own(game, s, 0, name)
    other = "tea" if good == "coffee" else "coffee"
    stock(game, s, 0, cargo=f"{good} {good} {other}")
    stock(game, s, 1, cargo="glass")
    start_loading(game, s)
    assert f"load {other} ship>deliver" not in legal(game, s)
    act(game, s, f"load {good} ship>deliver", f"load {good} ship>deliver")
    assert s.score[0] == 4
    assert s.reserve[GOOD[good]] == 2


@pytest.mark.parametrize(
    ("name", "good"), [("Schneiderin", "cloth"), ("Glasbläser", "glass"), ("Seilmacher", "hemp")]
)
def test_kaispeicher_traders_pay_three_coins(name: str, good: str) -> None:
    game, s = new(2, kai=True)
    own(game, s, 0, name)
    stock(game, s, 0, cargo=good)
    stock(game, s, 1, cargo="coffee")
    start_loading(game, s)
    act(game, s, f"load {good} ship>sell")
    assert s.coins[0] == 8


def test_hafenmeister_exchanges_two_for_one_only() -> None:
    """Hafenmeister: exchanges 2:1; "ein Tausch 3:1 ist nicht mehr möglich" (Yucata note)."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Hafenmeister")
    stock(game, s, 0, cargo="coffee tea saffron")
    supply(s, "tea")
    start_loading(game, s)
    exchanges = [m for m in legal(game, s) if m.startswith("exchange")]
    assert exchanges and all(m.count("+") == 1 for m in exchanges)
    act(game, s, "exchange coffee+tea>tea")
    assert s.cargo[0][1:3] == (1, 1)


def test_auktionshalle_takes_a_good_from_the_supply_and_loads_it() -> None:
    """Auktionshalle: "einmalig 1 Ware deiner Wahl aus dem Vorrat ... sofort verladen"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Auktionshalle", "Glasbläser")
    s.reserve[7] = 1
    s.bag[7] -= 1
    stock(game, s, 1, cargo="coffee")
    start_loading(game, s)
    assert s.decider == 0
    moves = legal(game, s)
    assert moves == ["auction glass>sell", "auction glass>hall", "done"]
    act(game, s, "auction glass>sell")
    assert s.coins[0] == 8
    assert s.discard[card("Auktionshalle")] == 1


def test_schmuggler_steals_from_an_incomplete_contract_only() -> None:
    """Schmuggler: "1 Ware von einem noch nicht vollständigen Auftrag eines Mitspielers"."""
    game, s = new(3, kai=True)
    own(game, s, 0, "Schmuggler", "Kaffeeröster")
    own(game, s, 1, "base.contract.1")
    own(game, s, 2, "base.contract.4")
    fill(game, s, 1, 0, "coffee")
    fill(game, s, 2, 0, "tea carpet")  # complete: protected
    stock(game, s, 1, cargo="rubber")
    start_loading(game, s)
    moves = [m for m in legal(game, s) if m.startswith("smuggle")]
    assert moves == ["smuggle 1/0 coffee>sell", "smuggle 1/0 coffee>hall"]
    act(game, s, "smuggle 1/0 coffee>sell")
    assert s.filled[1] == (0,) and s.coins[0] == 6
    assert s.discard[card("Schmuggler")] == 1


def test_lkw_moves_up_to_three_cubes_between_own_contracts() -> None:
    """LKW: "bis zu 3 Warensteine von deinen Aufträgen nehmen und ... neu ... verteilen"."""
    game, s = new(4, kai=True)
    own(game, s, 0, "LKW", "base.contract.1", "base.contract.2", "base.contract.9")
    fill(game, s, 0, 0, "coffee carpet")
    start_loading(game, s)
    assert "truck 0 coffee>1" in legal(game, s)
    act(game, s, "truck 0 coffee>1")
    assert s.decision == TRUCK and s.discard[card("LKW")] == 1
    act(game, s, "truck 0 carpet>1", "truck 1 coffee>2")
    assert s.decision != TRUCK
    assert s.filled[0] == (0, 0b100, 0b001)
    assert s.truck_left == 0


def test_lkw_can_stop_early() -> None:
    game, s = new(4, kai=True)
    own(game, s, 0, "LKW", "base.contract.1", "base.contract.2")
    fill(game, s, 0, 0, "coffee carpet")
    stock(game, s, 0, cargo="tea")
    start_loading(game, s)
    act(game, s, "truck 0 coffee>1", "done")
    assert s.decision == LOADING and s.decider == 0
    assert "load tea ship>contract1" in legal(game, s)


def test_auktionshalle_and_schmuggler_only_in_the_owners_loading() -> None:
    """RULINGS.md: Auktionshalle and Schmuggler are used during the owner's loading."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Auktionshalle", "Schmuggler", "Kaffeeröster")
    own(game, s, 1, "base.contract.1")
    fill(game, s, 1, 0, "coffee")
    s.reserve[0] = 1
    s.bag[0] -= 1
    offer(game, s, "Teeverkoster", "Lager", "Gewürzhändler")
    assert not [m for m in legal(game, s) if m.startswith(("auction", "smuggle"))]
    start_loading(game, s)
    assert s.decider == 0
    moves = legal(game, s)
    assert "auction coffee>sell" in moves and "smuggle 1/0 coffee>sell" in moves


def test_auktionshalle_cube_can_be_sold_in_the_market_hall() -> None:
    """Auktionshalle: "Du musst diese Ware sofort verladen (also mit einer deiner Karten nutzen)" —
    the Markthallenkarte is one of the player's cards, so the cube may go straight into a
    market-hall sale or exchange; nothing else may happen before it."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Auktionshalle")
    stock(game, s, 0, cargo="tea", hall="rubber")
    stock(game, s, 1, cargo="glass")
    supply(s, "coffee")
    start_loading(game, s)
    assert "auction coffee>market" in legal(game, s)
    act(game, s, "auction coffee>market")
    assert s.decision == LOADING and s.decider == 0
    assert game.view(s, None)["market_cube"] == "coffee"
    # The supply is empty now, so no exchange: only the sales that give the coffee.
    assert legal(game, s) == ["sell coffee+tea", "sell coffee+rubber"]
    with pytest.raises(IllegalActionError, match="Auktionshalle"):
        act(game, s, "done")
    act(game, s, "sell coffee+tea")
    assert s.coins[0] == 6 and s.market_cube == -1
    assert s.reserve[:2] == [1, 1]
    assert s.discard[card("Auktionshalle")] == 1


def test_auktionshalle_market_only_with_another_cube() -> None:
    """A single cube can be neither exchanged nor sold: without another usable cube there is no
    ``market`` destination."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Auktionshalle")
    stock(game, s, 0, hall="rubber")
    stock(game, s, 1, cargo="glass")
    supply(s, "coffee")
    start_loading(game, s)
    moves = legal(game, s)
    assert "auction coffee>market" in moves  # the old hall cube is usable
    s.fresh_hall = True  # as if the rubber had been stored this turn
    s.legal_cache = None
    assert [m for m in legal(game, s) if m.startswith("auction")] == []


def test_schmuggler_steals_into_a_market_hall_exchange() -> None:
    """Schmuggler: the stolen cube must be loaded at once; with a full market hall, no Lager and no
    matching contract or merchant, the market-hall exchange or sale still uses it."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Schmuggler")
    own(game, s, 1, "base.contract.1")
    fill(game, s, 1, 0, "coffee")
    stock(game, s, 0, cargo="rubber", hall="carpet")
    supply(s, "tea")
    start_loading(game, s)
    assert [m for m in legal(game, s) if m.startswith("smuggle")] == ["smuggle 1/0 coffee>market"]
    act(game, s, "smuggle 1/0 coffee>market")
    assert s.filled[1] == (0,)
    assert legal(game, s) == [
        "exchange coffee+rubber+carpet>tea",
        "sell coffee+rubber",
        "sell coffee+carpet",
    ]
    act(game, s, "exchange coffee+rubber+carpet>tea")
    assert s.cargo[0] == (0, 1, 0, 0, 0, 0, 0, 0) and s.hall[0] == -1


def _end_of_turn_outcomes(game: SpeicherstadtGame, start: SpeicherstadtState) -> set[object]:
    """Every (Lager, hall, contracts, coins, supply) that seat 0's loading turn can end in (market
    exchanges left out to keep the search small)."""
    outcomes: set[object] = set()
    seen: set[object] = set()
    stack = [start]
    while stack:
        s = stack.pop()
        key = (s.warehouse[0], s.hall[0], s.cargo[0], s.filled[0], s.coins[0], tuple(s.reserve))
        if key in seen:
            continue
        seen.add(key)
        for action in game.legal_actions(s):
            if game.action_to_str(action).startswith("exchange"):
                continue
            after = s.clone()
            game.apply_action(after, action)
            if after.decision == LOADING and after.decider == 0:
                stack.append(after)
            else:
                outcomes.add((after.warehouse[0], after.hall[0], after.filled[0], after.coins[0]))
    return outcomes


@pytest.mark.parametrize(
    ("warehouse", "hall", "cargo"),
    [("coffee carpet carpet", "tea", "carpet tea"), ("tea tea coffee carpet", None, "carpet")],
)
def test_keeping_stored_cubes_for_a_later_round_loses_no_outcome(
    monkeypatch: pytest.MonkeyPatch, warehouse: str, hall: str | None, cargo: str
) -> None:
    """The rule "a cube stored this turn stays until a later round" gives exactly the end-of-turn
    outcomes of free shuttling between Lager and market hall (where a search must stop cycles)."""
    game, s = new(2)
    own(game, s, 0, "Lager", "base.contract.1", "Teppichhändler")
    stock(game, s, 0, warehouse=warehouse, hall=hall, cargo=cargo)
    stock(game, s, 1, cargo="rubber")
    start_loading(game, s)
    with_rule = _end_of_turn_outcomes(game, s.clone())
    monkeypatch.setattr(loading, "_usable_warehouse", lambda st, seat: list(st.warehouse[seat]))
    monkeypatch.setattr(loading, "_usable_hall", lambda st, seat: st.hall[seat])
    assert _end_of_turn_outcomes(game, s.clone()) == with_rule
    assert len(with_rule) > 10
