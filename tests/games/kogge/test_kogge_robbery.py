"""Rulebook section "f) Raubüberfall" and the robbery ruling of RULINGS.md."""

from __future__ import annotations

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
    texts,
)

from hanse.games.kogge.actions import Decision, MoveGuildmaster


def _robbery(n: int = 3, **flags: bool) -> tuple:
    g = game(n, **flags)
    s = scenario(g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5] * n, owner=0)
    return g, s


def test_rob_a_cog_the_victim_splits_the_robber_picks() -> None:
    """'stiehlt die Hälfte (aufgerundet) ... Der Bestohlene teilt seine Waren in zwei gleich große
    Haufen, anschließend wählt der Dieb einen dieser Haufen'."""
    g, s = _robbery(3, open_holdings=True)  # the others see the piles too
    set_cargo(s, 1, "oofas")
    balance(g, s)
    legal = texts(g, s)
    assert "rob city" in legal and "rob 1" in legal and "rob 2" in legal and "rob 0" not in legal
    play(g, s, "rob 1")
    assert s.robbed[5] == 0b001 and s.raid_hand[0] == 0
    assert s.phase == Decision.SPLIT and g.current_player(s) == 1
    # The first pile, three goods of five, is laid one good at a time in the order o f a s.
    assert texts(g, s) == ["split o", "split f"]  # a and s alone cannot fill three
    play(g, s, "split o", "split o")
    assert texts(g, s) == ["split f", "split a", "split s"]
    play(g, s, "split s")
    assert g.current_player(s) == 0
    assert g.view(s, 2)["robbery"]["piles"][0] == {"ore": 2, "fur": 0, "amber": 0, "salt": 1}
    play(g, s, "pile 1")
    assert s.cargo[0:4] == goods("fa") and s.cargo[4:8] == goods("oos")
    # The next player clockwise chooses the robber's free step.
    assert s.phase == Decision.FORCED_STEP and g.current_player(s) == 1
    assert texts(g, s) == ["step 0", "step 1"]
    play(g, s, "step 1")
    assert s.pos[0] == 7
    # The robber's turn ended at once: the next player moves.
    assert s.phase == Decision.MOVE and g.current_player(s) == 1
    check_inventory(g, s)


def test_rob_the_city_takes_all_goods_including_the_kontore() -> None:
    """'ODER das Handelszentrum selbst überfallen und erhält ALLE dort liegenden Waren (auch die
    Waren in den Kontoren)'."""
    g, s = _robbery(2)
    set_city(s, 5, "aaaao")
    put_kontor(s, 1, 5, "aa")
    put_kontor(s, 0, 5, "a")
    balance(g, s)
    play(g, s, "rob city")
    assert s.cargo[0:4] == goods("o" + "aaaaaaa")
    assert s.city_goods[20:24] == [0, 0, 0, 0]
    assert s.kontor_goods[40:48] == [0] * 8
    assert s.phase == Decision.FORCED_STEP and g.current_player(s) == 1
    play(g, s, "step 0")
    assert s.pos[0] == 2
    check_inventory(g, s)


def test_robbery_needs_a_robbery_marker_and_happens_once() -> None:
    g, s = _robbery(2)
    s.raid_hand[0] = 0
    s.raid_total[0] = 1
    s.robbed[0] = 1  # his only marker lies elsewhere
    balance(g, s)
    assert not any(t.startswith("rob") for t in texts(g, s))


def test_robber_may_never_enter_the_robbed_city_again() -> None:
    """'Die Kogge des Räubers darf dieses Handelszentrum NIE WIEDER betreten, auch nicht auf der
    Durchreise': a face-up route into it is closed to him, open to the others."""
    g = game(2)
    s = scenario(g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5, 5])
    play(g, s, "rob city", "step 0")
    assert s.pos[0] == 2 and s.robbed[5] == 1
    s.sq_val[4], s.sq_val[5] = 5, 6  # Abo now shows 5 and 6
    s.phase = Decision.MOVE
    s.actor = s.turn_owner = 0
    s.steps = 0
    balance(g, s)
    assert texts(g, s) == ["move 1", "stop"]
    s.actor = s.turn_owner = 1
    s.pos[1] = 2
    balance(g, s)
    assert texts(g, s) == ["move 0", "move 1", "offer 0", "stop"]


def test_forced_step_only_along_possible_routes() -> None:
    """'Seine Kogge wird nach dem Überfall sofort (kostenlos) ein Feld fortbewegt (natürlich nur
    entlang der möglichen Routen)': a face-up route into a city with the robber's own robbery
    marker is not possible, so the chooser may not keep him in the robbed city with it."""
    g = game(2)
    s = scenario(g, routes={5: (3, 7)}, phase=Decision.ACTION, pos=[5, 5])
    s.robbed[3] = 1
    s.raid_hand[0] = 1
    s.raid_total[0] = 2
    balance(g, s)
    play(g, s, "rob city")
    assert s.phase == Decision.FORCED_STEP and texts(g, s) == ["step 1"]
    play(g, s, "step 1")
    assert s.pos[0] == 7
    check_inventory(g, s)


def test_forced_step_impossible_the_robber_stays_and_the_turn_ends() -> None:
    """Both face-up routes lead to one city with his own robbery marker (after a route change
    both may lead to the same city): no step is possible, the cog stays and the turn ends at once
    ('Zusätzlich ist der Zug des Spielers sofort beendet')."""
    g = game(2)
    s = scenario(g, routes={5: (3, 3)}, phase=Decision.ACTION, pos=[5, 5])
    s.robbed[3] = 1
    s.raid_hand[0] = 1
    s.raid_total[0] = 2
    balance(g, s)
    play(g, s, "rob city")
    assert s.pos[0] == 5 and s.robbed[5] == 1
    assert s.phase == Decision.MOVE and g.current_player(s) == 1
    check_inventory(g, s)


def test_forced_step_blind_route_into_own_robbed_city_stops() -> None:
    """A face-down route may be chosen; if it leads into a city with the robber's own robbery
    marker the cog stays (3A: 'bleibt die Kogge in dem Feld stehen'), and the marker is turned."""
    g = game(2)
    s = scenario(g, routes={5: (3, 7)}, phase=Decision.ACTION, pos=[5, 5])
    s.sq_up[10] = 0
    s.sq_known[10] = 0
    s.robbed[3] = 1
    s.raid_hand[0] = 1
    s.raid_total[0] = 2
    balance(g, s)
    play(g, s, "rob city")
    assert texts(g, s) == ["step 0", "step 1"]
    play(g, s, "step 0")
    assert s.pos[0] == 5 and s.sq_up[10] == 1
    assert s.phase == Decision.MOVE and g.current_player(s) == 1


def test_the_guildmaster_skips_robbed_cities() -> None:
    """'jeder zusätzliche Raubmarker kann dazu beitragen, das Spiel früher zu beenden'."""
    g, s = _robbery(2)
    play(g, s, "rob city", "step 0")
    s2 = scenario(g, phase=Decision.GM_MOVE, gm=4, end_city=4)
    s2.robbed = list(s.robbed)
    s2.raid_hand[0] = 0
    balance(g, s2)
    g.apply_action(s2, MoveGuildmaster(1))
    assert s2.gm == 6


def test_empty_cog_robbery_needs_no_split() -> None:
    g, s = _robbery(2)
    play(g, s, "rob 1")
    assert s.phase == Decision.FORCED_STEP


def test_no_conflict_after_a_robbery() -> None:
    """A robbery ends the turn at once ('Zusätzlich ist der Zug des Spielers sofort beendet')."""
    g = game(2, conflicts=True)
    s = scenario(g, routes={5: (5 + 1, 7)}, phase=Decision.ACTION, pos=[5, 5])
    set_cargo(s, 1, "o")
    balance(g, s)
    play(g, s, "rob 1", "split o", "pile 0", "step 0")
    assert s.phase == Decision.MOVE and g.current_player(s) == 1


def test_secret_goods_the_piles_are_seen_by_victim_and_robber_only() -> None:
    """With expert rule C (or D) 'müssen alle Spieler ihre Waren ... verdeckt halten': the split of
    a robbed cargo is seen by the victim and the robber; the others learn only the pile sizes,
    and re-dealing their unknowns keeps their view."""
    import random

    g = game(3, conflicts=True)
    s = scenario(g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5, 5, 5], owner=0)
    set_cargo(s, 1, "oofas")
    set_cargo(s, 2, "ss")
    balance(g, s)
    play(g, s, "rob 1", "split o", "split o")
    split = g.action_from_str("split s")
    assert (
        g.observe_action(s, 1, split, 0)
        == "split s (the other pile: 0 ore, 1 fur, 1 amber, 0 salt)"
    )
    assert g.observe_action(s, 1, split, 1) == "split s"
    assert g.observe_action(s, 1, split, 2) == "split ?"
    assert g.observe_action(s, 1, split, None) == "split ?"
    g.apply_action(s, split)
    assert g.view(s, 0)["robbery"]["piles"][0] == {"ore": 2, "fur": 0, "amber": 0, "salt": 1}
    assert g.view(s, 1)["robbery"]["piles"][1] == {"ore": 0, "fur": 1, "amber": 1, "salt": 0}
    assert g.view(s, 2)["robbery"]["piles"] == [3, 2]
    assert g.view(s, None)["robbery"]["piles"] == [3, 2]
    rng = random.Random(3)
    third = g.view(s, 2)
    for _ in range(10):
        assert g.view(g.resample_hidden(s, 2, rng), 2) == third
        d = g.determinize(third, rng)
        assert g.view(d, 2) == third and g.inventory(d) == g.inventory(s)
    play(g, s, "pile 0")
    assert s.cargo[0:4] == goods("oos")
    check_inventory(g, s)
