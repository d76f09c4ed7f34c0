"""Rulebook section "Nach der Runde": end stations, taking figures back, the compass."""

from __future__ import annotations

from luebeck_helpers import cog_index, cog_list, do, game, scenario, texts

from hanse.games.luebeck.state import TAKE_BACK


def test_end_stations_are_cleared() -> None:
    """'Koggen, die sich an den Endstationen Reval, London und Brügge befinden, werden gelöscht':
    figures to the reserves, cogs to the cog field. Other cogs stay."""
    g = game(4)
    s = scenario(
        g,
        cogs=[("Reval", [0, 1]), ("London", [2]), ("Brügge", [3]), ("Riga", [3])],
        passed=[1, 2, 3],
    )
    do(g, s, "pass")
    v = g.view(s, None)
    assert v["cogs"] == [{"city": "Riga", "figures": [3]}]
    assert v["free_cogs"] == 4
    assert [p["reserve"] for p in v["players"]] == [2, 2, 2, 1]
    # Seat 3 (the only one with a figure aboard) decides about taking it back.
    assert v["decision"] == "take_back"
    assert v["decider"] == 3


def test_take_back_one_figure_at_a_time_from_the_start_player() -> None:
    """RULINGS: each player in turn order from the start player may take back any of their figures
    (one decision per figure, then done); an emptied cog goes back to the cog field."""
    g = game(4)
    s = scenario(
        g,
        cogs=[("Riga", [0, 2]), ("Bergen", [2]), ("Stettin", [3])],
        start_player=2,
        actor=2,
        passed=[0, 1, 3],
    )
    do(g, s, "pass")
    assert s.phase == TAKE_BACK
    assert g.current_player(s) == 2
    bergen = cog_index(s, "Bergen", [2])
    riga = cog_index(s, "Riga", [0, 2])
    assert texts(g, s) == [f"take back @{riga}", f"take back @{bergen}", "keep"]
    do(g, s, f"take back @{bergen}")
    assert g.current_player(s) == 2  # still seat 2: one decision per figure
    assert texts(g, s) == [f"take back @{cog_index(s, 'Riga', [0, 2])}", "keep"]
    do(g, s, "keep")
    assert g.current_player(s) == 3
    do(g, s, "take back @" + str(cog_index(s, "Stettin", [3])))
    # Seat 3 has no figure left; seat 0 follows (seat 1 has none: skipped).
    assert g.current_player(s) == 0
    do(g, s, "take back @0")
    assert cog_list(g, s) == [("Riga", [2])]
    v = g.view(s, None)
    assert v["free_cogs"] == 4
    # Then the compass passes clockwise and the next layout begins.
    assert v["decision"] == "layout"
    assert v["start_player"] == 3
    assert v["round"] == 2


def test_compass_passes_clockwise_and_passes_reset() -> None:
    g = game(3)
    s = scenario(g, start_player=2, actor=1, passed=[0, 2])
    do(g, s, "pass")
    v = g.view(s, None)
    assert v["start_player"] == 0
    assert v["round"] == 2
    assert not any(p["passed"] for p in v["players"])


def test_passed_hands_return_for_the_next_round() -> None:
    """Cards laid face down on passing are still the player's cards in the next round."""
    g = game(3)
    s = scenario(g, hands={1: ["Riga 3", "Piraten"]}, actor=1, passed=[0, 2])
    do(g, s, "pass")
    assert g.view(s, 1)["hand"] == ["Riga 3", "Piraten"]


def test_kept_figures_stay_aboard_into_the_next_round() -> None:
    """'Jeder Spieler hat nun noch die Möglichkeit, eigene Figuren ... zurück in die Reserve zu
    nehmen': taking back is a choice; figures left on their cogs sail on next round. A cog whose
    last figure is taken back returns to the cog field."""
    g = game(3)
    s = scenario(g, cogs=[("Danzig", [0, 1])], passed=[1, 2])
    do(g, s, "pass")
    assert g.current_player(s) == 0
    do(g, s, "keep")
    assert g.current_player(s) == 1
    do(g, s, "take back @0")
    v = g.view(s, None)
    assert v["cogs"] == [{"city": "Danzig", "figures": [0]}]
    assert [p["reserve"] for p in v["players"]] == [1, 2, 2]
    assert v["decision"] == "layout" and v["round"] == 2
    s = scenario(g, cogs=[("Danzig", [0])], passed=[1, 2])
    do(g, s, "pass", "take back @0")
    assert g.view(s, None)["cogs"] == []
    assert g.view(s, None)["free_cogs"] == 4


def test_end_stations_cleared_before_taking_back() -> None:
    """RULINGS round order: end stations are cleared first, so a player whose only figure stood
    in Reval has nothing to take back and is not asked."""
    g = game(3)
    s = scenario(g, cogs=[("Reval", [0]), ("Bergen", [1])], passed=[1, 2])
    do(g, s, "pass")
    v = g.view(s, None)
    assert v["decision"] == "take_back"
    assert v["decider"] == 1
    assert texts(g, s) == ["take back @0", "keep"]


def test_end_stations_are_not_cleared_during_the_round() -> None:
    """'Nach der Runde': a cog reaching an end station stays there until everybody has passed."""
    g = game(3)
    s = scenario(g, hands={0: ["Reval 5"]}, cogs=[("Riga", [0])], passed=[2])
    do(g, s, "play Reval 5 @0", "pass")
    assert g.view(s, None)["cogs"] == [{"city": "Reval", "figures": [0]}]
    do(g, s, "pass")
    assert g.view(s, None)["cogs"] == []
