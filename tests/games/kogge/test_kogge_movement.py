"""Rulebook section "3A) Bewegung", with the movement example and the RULINGS.md movement ruling."""

from __future__ import annotations

import pytest
from kogge_helpers import (
    balance,
    check_inventory,
    game,
    goods,
    place_robbery,
    put_kontor,
    scenario,
    secret_route_scenario,
    set_cargo,
    set_hand,
    texts,
)

from hanse.core import IllegalActionError
from hanse.games.kogge.actions import Decision


def test_rulebook_movement_example() -> None:
    """Stralsund (6) shows 3 and 7. The cog sails to Reval (3) for free and collects the two goods
    of its Kontor there. Reval shows 4 and a face-down marker; Riga (4) holds the player's robbery
    marker, so he takes the face-down route for one good: it shows 6, back to Stralsund. For a
    marker he then sails on to Lübeck (7)."""
    g = game(2)
    s = scenario(g, routes={6: (3, 7), 3: (4, 6)}, pos=[6, 1])
    s.sq_up[7] = 0  # Reval's second marker lies face down
    s.sq_known[7] = 0b10
    place_robbery(s, 0, 4)
    place = put_kontor(s, 0, 3, "of")
    set_cargo(s, 0, "a")
    set_hand(s, 0, 2)
    balance(g, s)
    legal = texts(g, s)
    assert legal == ["move 0", "move 1", "stop"]  # first step free
    g.apply_action(s, g.action_from_str("move 0"))
    assert s.pos[0] == 3
    assert "collect" in texts(g, s)
    g.apply_action(s, g.action_from_str("collect"))
    assert s.kontor_goods[place * 4 : place * 4 + 4] == [0, 0, 0, 0]
    assert s.cargo[0:4] == goods("ofa")
    legal = texts(g, s)
    assert not any(t.startswith("move 0") for t in legal)  # face-up route into his robbed Riga
    assert "move 1 pay o" in legal and "move 1 pay 2" in legal and "move 1" not in legal
    assert g.view(s, 0)["cities"][3]["markers"] == [4, None]
    g.apply_action(s, g.action_from_str("move 1 pay f"))
    assert s.pos[0] == 6
    assert s.sq_up[7] == 1  # the revealed marker stays face up
    assert g.view(s, 0)["cities"][3]["markers"] == [4, 6]
    g.apply_action(s, g.action_from_str("move 1 pay 2"))
    assert s.pos[0] == 7
    assert s.cargo[0:4] == goods("oa") and sum(s.hand[0:9]) == 0
    g.apply_action(s, g.action_from_str("stop"))
    assert s.phase == Decision.ACTION
    check_inventory(g, s)


def test_face_down_route_into_own_robbed_city_stops_and_the_fee_is_lost() -> None:
    """RULINGS.md Movement: the cog stays and its movement ends (TT: the fee is lost)."""
    g = game(2)
    s = scenario(g, routes={1: (2, 4)}, pos=[0, 0])
    s.sq_up[3] = 0
    place_robbery(s, 0, 4)
    set_cargo(s, 0, "o")
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 0"))  # free step to Stockholm (1)
    assert s.pos[0] == 1
    g.apply_action(s, g.action_from_str("move 1 pay o"))
    assert s.pos[0] == 1
    assert s.phase == Decision.ACTION
    assert s.cargo[0:4] == [0, 0, 0, 0]
    check_inventory(g, s)


def test_each_step_after_the_first_costs_one_good_or_marker() -> None:
    g = game(2)
    s = scenario(g, pos=[0, 5])
    set_cargo(s, 0, "oos")
    set_hand(s, 0, 4)
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 0"))
    assert texts(g, s) == [
        "move 0 pay o",
        "move 0 pay s",
        "move 0 pay 4",
        "move 1 pay o",
        "move 1 pay s",
        "move 1 pay 4",
        "stop",
    ]
    g.apply_action(s, g.action_from_str("move 1 pay 4"))
    assert s.pos[0] == 3 and s.reserve[4] == 10 - 2
    g.apply_action(s, g.action_from_str("move 0 pay o"))
    g.apply_action(s, g.action_from_str("move 0 pay o"))
    g.apply_action(s, g.action_from_str("move 0 pay s"))
    assert s.pos[0] == 6
    assert texts(g, s) == ["stop"]  # nothing left to pay with
    check_inventory(g, s)


def test_staying_is_allowed() -> None:
    g = game(2)
    s = scenario(g, pos=[0, 5])
    g.apply_action(s, g.action_from_str("stop"))
    assert s.phase == Decision.ACTION and s.pos[0] == 0


def test_two_moves_chip_makes_the_second_step_free() -> None:
    """Bonus chip '2 Felder gehen': the third step is the first that costs."""
    g = game(2)
    s = scenario(g, pos=[0, 5])
    s.chips[2] = 1
    s.chips_left[2] -= 1
    set_cargo(s, 0, "o")
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 0"))
    assert "move 0" in texts(g, s)
    g.apply_action(s, g.action_from_str("move 0"))
    assert "move 0" not in texts(g, s) and "move 0 pay o" in texts(g, s)


def test_a_second_two_moves_chip_does_not_stack() -> None:
    """RULINGS.md: a second copy of a bonus chip counts as a development point, its ability does
    not stack: with two '2 Felder gehen' chips the third step still costs."""
    g = game(2)
    s = scenario(g, pos=[0, 5])
    s.chips[2] = 2
    s.chips_left[2] = 0
    set_cargo(s, 0, "o")
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 0"))
    g.apply_action(s, g.action_from_str("move 0"))
    assert "move 0" not in texts(g, s) and "move 0 pay o" in texts(g, s)
    check_inventory(g, s)


def test_secret_route_chip_leads_to_the_guildmaster_for_one_more() -> None:
    """Bonus chip 'Geheimweg': to the guild master's city from anywhere, one good or marker more
    than the normal cost of the step ('kostet eine Ware oder einen Wegemarker zusätzlich')."""
    g = game(2)
    s = secret_route_scenario(g)
    set_cargo(s, 0, "ooo")
    set_hand(s, 0, 1)
    balance(g, s)
    legal = texts(g, s)
    assert "move gm pay o" in legal and "move gm pay 1" in legal and "move gm" not in legal
    g.apply_action(s, g.action_from_str("move gm pay 1"))
    assert s.pos[0] == 6 and s.phase == Decision.MOVE
    assert not any(t.startswith("move gm") for t in texts(g, s))  # already there
    g.apply_action(s, g.action_from_str("move 0 pay o"))  # to 7
    # A paid step: the Geheimweg costs two items, the second asked next.
    assert [t for t in texts(g, s) if t.startswith("move gm")] == ["move gm pay o"]
    g.apply_action(s, g.action_from_str("move gm pay o"))
    assert s.pos[0] == 7 and s.phase == Decision.PAY_FEE and s.cargo[0] == 1
    assert texts(g, s) == ["fee o"]
    g.apply_action(s, g.action_from_str("fee o"))
    assert s.pos[0] == 6 and s.phase == Decision.MOVE and s.cargo[0] == 0
    check_inventory(g, s)


def test_secret_route_fee_is_paid_one_item_at_a_time_in_order() -> None:
    """Geheimweg after the free step: the step's item and the Geheimweg's are chosen one at a
    time, the second no lower than the first (goods ore, fur, amber, salt, then markers 0-8), so
    every pair is paid in one way: a first item is offered only if a second can follow."""
    g = game(2)
    s = secret_route_scenario(g, steps=1)
    set_cargo(s, 0, "oof")
    set_hand(s, 0, 1, 5)
    balance(g, s)
    secret = [t for t in texts(g, s) if t.startswith("move gm")]
    assert secret == ["move gm pay o", "move gm pay f", "move gm pay 1"]  # not 5: nothing follows
    g.apply_action(s, g.action_from_str("move gm pay f"))
    assert s.pos[0] == 0 and s.phase == Decision.PAY_FEE  # not yet sailed
    assert texts(g, s) == ["fee 1", "fee 5"]  # fur was the only fur; ore is lower
    g.apply_action(s, g.action_from_str("fee 5"))
    assert s.pos[0] == 6 and s.steps == 2 and s.phase == Decision.MOVE
    assert s.cargo[0:4] == goods("oo") and s.hand[5] == 0 and s.hand[1] == 1
    check_inventory(g, s)


def test_secret_route_fee_with_a_full_hand_offers_few_choices() -> None:
    """Issue 18 ("no Kogge decision should offer more than a few dozen actions"): with every good
    and marker twice, the paid Geheimweg offers 13 first items, then at most 13 second ones (it
    offered all 91 pairs at once before)."""
    g = game(2)
    s = secret_route_scenario(g, steps=1)
    set_cargo(s, 0, "ooffaass")
    set_hand(s, 0, *range(9), *range(9))
    balance(g, s)
    secret = [t for t in texts(g, s) if t.startswith("move gm")]
    assert len(secret) == 13
    g.apply_action(s, g.action_from_str("move gm pay o"))
    assert len(texts(g, s)) == 13
    check_inventory(g, s)


def test_a_fee_of_two_items_in_one_action_is_refused_clearly() -> None:
    """The notation of a two-item step says how the fee is paid now."""
    g = game(2)
    with pytest.raises(IllegalActionError, match="fee 3"):
        g.action_from_str("move gm pay o 5")


def test_collect_goods_in_the_start_city_and_only_from_own_kontore() -> None:
    """'Auch wenn er nur durch das Feld zieht oder in dem Feld startet, kann er die Waren
    einsammeln'; goods cannot be put into a Kontor."""
    g = game(2)
    s = scenario(g, pos=[2, 2])
    put_kontor(s, 1, 2, "oo")
    balance(g, s)
    assert "collect" not in texts(g, s)
    put_kontor(s, 0, 2, "o")
    balance(g, s)
    assert texts(g, s)[0] == "collect"
    g.apply_action(s, g.action_from_str("collect"))
    assert s.cargo[0:4] == goods("o")
    assert "collect" not in texts(g, s)


def test_memory_routes_are_shown_to_all_and_covered_again() -> None:
    """D Memory: the player points at a marker, turns it, moves and covers it again."""
    g = game(3, memory=True)
    s = scenario(g, pos=[0, 5, 5])
    assert g.view(s, 1)["cities"][0]["markers"] == [None, None]
    g.apply_action(s, g.action_from_str("move 1"))
    assert s.pos[0] == 2
    assert s.sq_up[1] == 0 and s.sq_known[1] == 0b111
    assert g.view(s, 1)["cities"][0]["known"] == [None, 2]
    assert g.view(s, None)["cities"][0]["known"] == [None, None]


def test_memory_route_to_the_own_city_and_into_own_robbed_city() -> None:
    """D: a face-down marker may lead back to its own city; one into a city with the mover's own
    robbery marker leaves the cog where it is."""
    g = game(2, memory=True)
    s = scenario(g, routes={0: (0, 3)}, pos=[0, 5])
    place_robbery(s, 0, 3)
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 0"))
    assert s.pos[0] == 0 and s.phase == Decision.MOVE and s.steps == 1
    set_cargo(s, 0, "o")
    balance(g, s)
    g.apply_action(s, g.action_from_str("move 1 pay o"))
    assert s.pos[0] == 0 and s.phase == Decision.ACTION
