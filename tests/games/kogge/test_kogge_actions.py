"""Rulebook section "3B) Aktionen" a) to e): Kontor, guild master, markers, exchange, routes."""

from __future__ import annotations

import pytest
from kogge_helpers import (
    balance,
    check_inventory,
    game,
    goods,
    play,
    put_kontor,
    scenario,
    set_cargo,
    set_city,
    set_hand,
    texts,
)

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.state import KoggeState


def _acting(n: int = 2, city: int = 5, **kw: object) -> tuple:
    g = game(n, **kw)  # type: ignore[arg-type]
    s = scenario(g, phase=Decision.ACTION, pos=[city] * n)
    return g, s


# -- a) Kontor bauen ----------------------------------------------------------------------------
def test_kontor_in_danzig_costs_ore_fur_salt_and_a_five() -> None:
    """'z. B. in Danzig (5), einer Stadt die Bernstein produziert, muß man ein Erz, ein Fell und
    ein Salz ... UND einen Wegemarker des Ortes abgeben'."""
    g, s = _acting(2, 5)
    set_cargo(s, 0, "ofsa")
    set_hand(s, 0, 5, 5)
    balance(g, s)
    assert "build" in texts(g, s)
    g.apply_action(s, g.build)
    assert s.cargo[0:4] == goods("a")
    assert s.hand[0:9] == [0, 0, 0, 0, 0, 1, 0, 0, 0]
    assert s.kontor_owner[10] == 0 and s.kontore[0] == 1
    assert "build" not in texts(g, s)  # once per round
    check_inventory(g, s)


def test_second_kontor_in_a_city_costs_two_markers_of_it() -> None:
    g, s = _acting(2, 5)
    put_kontor(s, 1, 5)
    set_cargo(s, 0, "ofs")
    set_hand(s, 0, 5)
    balance(g, s)
    assert "build" not in texts(g, s)
    set_hand(s, 0, 5, 5)
    balance(g, s)
    assert "build" in texts(g, s)
    g.apply_action(s, g.build)
    assert s.kontor_owner[10:12] == [1, 0]


def test_at_most_two_kontore_per_city_and_exact_goods() -> None:
    g, s = _acting(3, 5)
    put_kontor(s, 1, 5)
    put_kontor(s, 2, 5)
    set_cargo(s, 0, "ofs")
    set_hand(s, 0, 5, 5, 5)
    balance(g, s)
    assert "build" not in texts(g, s)
    g2, s2 = _acting(2, 5)
    set_cargo(s2, 0, "oofa")
    set_hand(s2, 0, 5)
    balance(g2, s2)
    assert "build" not in texts(g2, s2)  # no salt


def test_building_the_fifth_kontor_wins_at_once() -> None:
    """'das Spiel endet sofort, wenn ein Spieler sein fünftes Kontor errichtet bzw. errichten
    würde - er hat dann fünf Entwicklungspunkte.'"""
    g, s = _acting(2, 5)
    for c in (0, 1, 2, 3):
        put_kontor(s, 0, c)
    set_cargo(s, 0, "ofs")
    set_hand(s, 0, 5)
    balance(g, s)
    g.apply_action(s, g.build)
    assert g.is_terminal(s)
    assert g.winners(s) == [0]
    check_inventory(g, s)


# -- b) Handel mit dem Gildemeister -----------------------------------------------------------
def test_guildmaster_trades_need_his_city() -> None:
    g, s = _acting(2, 5)
    s.gm = 4
    set_cargo(s, 0, "oooooo")
    set_hand(s, 0, 2, 2, 2)
    balance(g, s)
    assert not any(t.startswith("gmtrade") for t in texts(g, s))
    s.gm = 5
    s.legal_cache = None
    assert any(t.startswith("gmtrade") for t in texts(g, s))


def test_three_equal_markers_for_the_second_robbery_marker_only_once() -> None:
    g, s = _acting(2, 5)
    s.gm = 5
    set_hand(s, 0, 2, 2, 2, 2, 2, 2)
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("gmtrade")]
    assert "gmtrade raid 2" in legal
    g.apply_action(s, g.action_from_str("gmtrade raid 2"))
    assert s.raid_hand[0] == 2 and s.raid_total[0] == 2
    assert not any(t.startswith("gmtrade") for t in texts(g, s))  # once per turn
    check_inventory(g, s)
    s.used = 0
    s.legal_cache = None
    assert "gmtrade raid 2" not in texts(g, s)  # at most two robbery markers


def test_six_equal_goods_for_a_bonus_chip_of_choice() -> None:
    """'SECHS GLEICHE Waren ... bekommt der Spieler einen BONUSCHIP ... Der Spieler kann sich den
    Bonuschip aussuchen.' Each chip exists twice; a second copy may be taken (RULINGS.md)."""
    g, s = _acting(2, 5)
    s.gm = 5
    set_cargo(s, 0, "fffffff")
    s.chips[0] = 1
    s.chips_left = [0, 2, 2, 2]
    s.chips[4 + 0] = 1
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("gmtrade chip")]
    assert legal == [
        "gmtrade chip f extra_marker",
        "gmtrade chip f two_moves",
        "gmtrade chip f secret_route",
    ]
    s.chips_left = [1, 2, 2, 2]
    s.chips[4] = 0
    s.legal_cache = None
    assert "gmtrade chip f trade3" in texts(g, s)  # a second copy of a chip already held
    g.apply_action(s, g.action_from_str("gmtrade chip f trade3"))
    assert s.chips[0] == 2 and s.cargo[0:4] == goods("f")
    assert g.view(s, 1)["players"][0]["development"] == 2
    check_inventory(g, s)


def test_a_bonus_chip_as_fifth_development_point_wins() -> None:
    g, s = _acting(2, 5)
    s.gm = 5
    for c in (0, 1, 2, 3):
        put_kontor(s, 0, c)
    set_cargo(s, 0, "oooooo")
    balance(g, s)
    g.apply_action(s, g.action_from_str("gmtrade chip o secret_route"))
    assert g.is_terminal(s) and g.winners(s) == [0]


def test_good_and_marker_of_the_same_colour() -> None:
    """'Eine Ware gegen einen Wegemarker gleicher Farbe oder einen Wegemarker gegen eine Ware
    gleicher Farbe ... Man darf sich den Wegemarker aussuchen ... Ist der entsprechende Vorrat
    leer, kann dieser Tausch nicht vorgenommen werden.' With open holdings the reserve is on
    show, so a colour it lacks is not offered; the good is given first, then the marker chosen."""
    g = game(2, open_holdings=True)
    s = scenario(g, phase=Decision.ACTION, pos=[5, 0], owner=0)
    s.gm = 5
    set_cargo(s, 0, "a")
    set_hand(s, 0, 8)
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("gmtrade")]
    assert legal == ["gmtrade good a", "gmtrade marker 8"]
    # All other 6s are in seat 1's hand and the last salt lies on Tönsberg.
    set_hand(s, 1, *([6] * s.reserve[6]))
    set_city(s, 0, "ooo" + "ssss")
    balance(g, s)
    assert s.reserve[6] == 0 and s.supply[3] == 0
    legal = [t for t in texts(g, s) if t.startswith("gmtrade")]
    assert legal == ["gmtrade good a"]
    g.apply_action(s, g.action_from_str("gmtrade good a"))
    assert texts(g, s) == ["take 5"]
    g.apply_action(s, g.action_from_str("take 5"))
    assert s.hand[0:9] == [0, 0, 0, 0, 0, 1, 0, 0, 1]
    assert "gmtrade" not in " ".join(texts(g, s))  # one trade with the guild master per turn
    check_inventory(g, s)


# -- c) Wegemarker kaufen ----------------------------------------------------------------------
def test_buy_a_whole_lot_for_one_good() -> None:
    g, s = _acting(2, 5)
    s.offer = [(1, 2), (3, 3), (8, 0)]
    set_cargo(s, 0, "os")
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("buy")]
    assert legal == ["buy 0 o", "buy 0 s", "buy 1 o", "buy 1 s", "buy 2 o", "buy 2 s"]
    g.apply_action(s, g.action_from_str("buy 1 s"))
    assert s.offer == [(1, 2), (8, 0)]
    assert s.hand[3] == 2 and s.cargo[0:4] == goods("o")
    assert not any(t.startswith("buy") for t in texts(g, s))
    check_inventory(g, s)


# -- d) Waren eintauschen ----------------------------------------------------------------------
def _reval(moved: bool = True) -> tuple:
    """The exchange example: Reval (3) has six ore and two salt; Gelb arrives with four salt, two
    fur and one amber."""
    g = game(2)
    s = scenario(g, phase=Decision.ACTION, pos=[3, 0])
    s.turn_start = 6 if moved else 3
    set_city(s, 7, "s")  # keeps the salt within the ten of the box
    set_city(s, 8, "s")
    set_city(s, 3, "oooooo" + "ss")
    set_cargo(s, 0, "ssss" + "ff" + "a")
    balance(g, s)
    return g, s


def _can_exchange(g: object, s: KoggeState, give: str, take: str) -> bool:
    s = s.clone()
    first = True
    for ch in give:
        text = f"exchange give {ch}"
        if first and text not in texts(g, s):  # type: ignore[arg-type]
            return False
        first = False
        if text not in texts(g, s):  # type: ignore[arg-type]
            return False
        play(g, s, text)  # type: ignore[arg-type]
    for ch in take:
        text = f"exchange take {ch}"
        if text not in texts(g, s):  # type: ignore[arg-type]
            return False
        play(g, s, text)  # type: ignore[arg-type]
    return "exchange done" in texts(g, s)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("give", "take"),
    [
        ("ffs", "oooooo"),
        ("ff", "oooo"),
        ("ff", "ooos"),
        ("a", "os"),
        ("as", "oooo"),
        ("ss", "oooo"),
    ],
)
def test_rulebook_exchange_example_options(give: str, take: str) -> None:
    """Beispiel (d): zwei Felle und ein Salz gegen sechs Erz; zwei Felle gegen vier Erz; zwei
    Felle gegen drei Erz und ein Salz; ein Bernstein gegen ein Erz und ein Salz; ein Bernstein und
    ein Salz gegen vier Erz; (chosen) zwei Salz gegen vier Erz."""
    g, s = _reval()
    assert _can_exchange(g, s, give, take)


@pytest.mark.parametrize(("give", "take"), [("s", "ss"), ("s", "ooo"), ("ff", "ooooo")])
def test_rulebook_exchange_example_forbidden(give: str, take: str) -> None:
    """'Er kann nicht ein Salz gegen zwei Salz eintauschen'; at most 1:2."""
    g, s = _reval()
    assert not _can_exchange(g, s, give, take)


def test_rulebook_exchange_example_result() -> None:
    """Gelb gives two salt for four ore: four ore, two fur, two salt and one amber on the cog;
    two ore and four salt stay in Reval (the rulebook's 'Viborg', SOURCES.md)."""
    g, s = _reval()
    play(g, s, "exchange give s", "exchange give s")
    assert s.phase == Decision.EXCHANGE
    play(g, s, *["exchange take o"] * 4, "exchange done")
    assert s.cargo[0:4] == goods("oooo" + "ff" + "ss" + "a")
    assert s.city_goods[12:16] == goods("oo" + "ssss")
    assert s.phase == Decision.ACTION
    assert not any(t.startswith("exchange") for t in texts(g, s))  # one exchange per round
    check_inventory(g, s)


def test_exchange_only_after_moving_to_another_city() -> None:
    """'nur die Koggen dürfen diese Aktion durchführen, die sich diese Runde bewegt haben'."""
    g, s = _reval(moved=False)
    assert not any(t.startswith("exchange") for t in texts(g, s))


def test_exchange_ratio_ruling_and_taking_less() -> None:
    """RULINGS.md: |R| <= k|G| and R[t] <= k(|G| - G[t]); a worse rate (1:1) is allowed."""
    g, s = _reval()
    assert _can_exchange(g, s, "s", "o")
    assert _can_exchange(g, s, "fs", "oooo")
    assert not _can_exchange(g, s, "fs", "sss")  # R[salt] <= 2 * (2 - 1)


def test_three_for_one_chip() -> None:
    """Bonus chip '3:1 tauschen': one own good for three of the city's, no same kind."""
    g, s = _reval()
    s.chips[0] = 1
    s.chips_left[0] -= 1
    assert _can_exchange(g, s, "a", "ooo")
    assert _can_exchange(g, s, "ff", "oooooo")
    assert not _can_exchange(g, s, "s", "ssso")


# -- e) Handelsrouten verändern ----------------------------------------------------------------
def test_rulebook_route_change_example() -> None:
    """Gelb in Reval (3), routes to Lübeck (7) and Riga (4): he lays a 5 face down and takes the
    7; that route now leads to Danzig (5); the route to Riga is not affected."""
    g = game(2)
    s = scenario(g, routes={3: (7, 4)}, phase=Decision.ACTION, pos=[3, 3])
    set_hand(s, 0, 5, 3)
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("route")]
    assert legal == ["route 0 5", "route 1 5"]  # never the city's own number
    g.apply_action(s, g.action_from_str("route 0 5"))
    assert s.sq_val[6:8] == [5, 4] and s.sq_up[6:8] == [0, 1]
    assert s.hand[0:9] == [0, 0, 0, 1, 0, 0, 0, 1, 0]
    assert g.view(s, 1)["cities"][3]["markers"] == [None, 4]
    assert g.view(s, 1)["cities"][3]["known"] == [None, None]
    assert g.view(s, 0)["cities"][3]["known"] == [5, None]
    assert g.observe_action(s, 0, g.action_from_str("route 1 7"), 1) == "route 1 ?"
    assert not any(t.startswith("route") for t in texts(g, s))  # once per round
    check_inventory(g, s)


def test_only_face_up_markers_may_be_replaced_and_both_may_lead_to_one_city() -> None:
    """'Man darf nur offen liegende Wegemarker austauschen' - 'im Gegensatz zum Spielstart ist es
    erlaubt, dass beide Wegemarker in die gleiche Stadt führen'."""
    g = game(2)
    s = scenario(g, routes={3: (7, 4)}, phase=Decision.ACTION, pos=[3, 3])
    s.sq_up[6] = 0
    set_hand(s, 0, 4)
    balance(g, s)
    legal = [t for t in texts(g, s) if t.startswith("route")]
    assert legal == ["route 1 4"]  # square 0 lies face down; a 4 may replace the face-up 4
    s.sq_up[6] = 1
    s.legal_cache = None
    assert [t for t in texts(g, s) if t.startswith("route")] == ["route 0 4", "route 1 4"]
    g.apply_action(s, g.action_from_str("route 0 4"))
    assert s.sq_val[6:8] == [4, 4]


def test_memory_face_down_markers_may_be_replaced_and_looked_at() -> None:
    """D: 'Ein Spieler darf auch einen verdeckten Wegemarker austauschen'; for a marker or a good
    he may look at the two markers of his city, the others see nothing of it."""
    g = game(2, memory=True)
    s = scenario(g, routes={3: (7, 4)}, phase=Decision.ACTION, pos=[3, 3])
    set_hand(s, 0, 5)
    set_cargo(s, 0, "o")
    balance(g, s)
    legal = texts(g, s)
    assert "route 0 5" in legal and "route 1 5" in legal
    assert "look o" in legal and "look 5" in legal
    g.apply_action(s, g.action_from_str("look o"))
    assert g.view(s, 0)["cities"][3]["known"] == [7, 4]
    assert g.view(s, 1)["cities"][3]["known"] == [None, None]
    assert not any(t.startswith("look") for t in texts(g, s))
    check_inventory(g, s)
