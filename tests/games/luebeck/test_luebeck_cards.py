"""Rulebook section "Kartenaktionen": goods cards and the special cards (with their rulings)."""

from __future__ import annotations

import pytest
from luebeck_helpers import cog_index, cog_list, do, game, hand, scenario, texts

from hanse.core import IllegalActionError


def test_danzig_riga_example() -> None:
    """Rulebook example: Green's cog is in Danzig; Green plays Riga 3, the cog sails along the
    orange line to Riga, and Green moves 3 spaces on the score track."""
    g = game(4)
    green = 2
    s = scenario(g, hands={green: ["Riga 3", "Stettin 1"]}, cogs=[("Danzig", [green])], actor=green)
    assert "play Riga 3 @0" in texts(g, s)
    do(g, s, "play Riga 3 @0")
    assert cog_list(g, s) == [("Riga", [green])]
    assert g.scores(s)[green] == 3
    assert hand(g, s, green) == ["Stettin 1"]
    assert g.view(s, None)["discard"] == ["Riga 3"]


def test_goods_card_in_the_city_scores_without_moving() -> None:
    """A goods card for the city the own cog lies in scores; the cog stays."""
    g = game(4)
    s = scenario(g, hands={0: ["Riga 2"]}, cogs=[("Riga", [0])])
    do(g, s, "play Riga 2 @0")
    assert cog_list(g, s) == [("Riga", [0])]
    assert g.scores(s)[0] == 2


def test_goods_card_needs_an_own_figure() -> None:
    """Only a cog with an own figure may be used: another player's cog does not count."""
    g = game(4)
    s = scenario(g, hands={0: ["Riga 3"]}, cogs=[("Danzig", [1])])
    assert not any(t.startswith("play") for t in texts(g, s))
    with pytest.raises(IllegalActionError, match="Kartenaktionen"):
        do(g, s, "play Riga 3 @0")


def test_cogs_sail_only_in_arrow_direction() -> None:
    """'Koggen ziehen immer nur in Pfeilrichtung': from Riga no card for Danzig or Stettin (behind
    it) is playable, and a card two arrows ahead (Riga from Stettin) is unplayable too."""
    g = game(4)
    s = scenario(g, hands={0: ["Danzig 3", "Stettin 2"]}, cogs=[("Riga", [0])])
    assert texts(g, s) == ["voyage", "pass"]
    s = scenario(g, hands={0: ["Riga 4"]}, cogs=[("Stettin", [0])])
    assert texts(g, s) == ["voyage", "pass"]


def test_helsingborg_branches_to_bergen_or_hamburg() -> None:
    """'von Helsingborg entweder nach Bergen oder nach Hamburg'."""
    g = game(4)
    s = scenario(g, hands={0: ["Bergen 2", "Hamburg 2"]}, cogs=[("Helsingborg", [0])])
    assert "play Bergen 2 @0" in texts(g, s)
    assert "play Hamburg 2 @0" in texts(g, s)


def test_moving_a_cog_takes_everyone_aboard() -> None:
    """'Jeder Spieler, der eine Spielfigur auf einer Kogge hat, darf mit dieser Kogge ... ziehen':
    the cog moves with all its figures."""
    g = game(4)
    s = scenario(g, hands={1: ["Stettin 2"]}, cogs=[("Lübeck", [0, 1, 3])], actor=1)
    do(g, s, "play Stettin 2 @0")
    assert cog_list(g, s) == [("Stettin", [0, 1, 3])]
    assert g.scores(s) == [0, 2, 0, 0]


def test_each_qualifying_cog_is_a_distinct_action() -> None:
    """RULINGS: where several cogs qualify, the player chooses the cog; each choice is an action."""
    g = game(4)
    s = scenario(g, hands={0: ["Riga 3"]}, cogs=[("Danzig", [0]), ("Riga", [0, 2])], actor=0)
    danzig, riga = cog_index(s, "Danzig", [0]), cog_index(s, "Riga", [0, 2])
    plays = [t for t in texts(g, s) if t.startswith("play")]
    assert plays == [f"play Riga 3 @{danzig}", f"play Riga 3 @{riga}"]
    do(g, s, f"play Riga 3 @{danzig}")
    assert cog_list(g, s) == [("Riga", [0]), ("Riga", [0, 2])]


def test_identical_cogs_give_one_action() -> None:
    """Two cogs in one city with the same figures are interchangeable: one action, not two."""
    g = game(4)
    s = scenario(g, hands={0: ["Riga 3"]}, cogs=[("Danzig", [0]), ("Danzig", [0])])
    assert [t for t in texts(g, s) if t.startswith("play")] == ["play Riga 3 @0"]


def test_handelsfahrt_with_a_free_cog_or_joining() -> None:
    """Sonderkarte Handelsfahrt: start a voyage in its city like in Lübeck: a free cog, or an own
    figure onto a cog lying there."""
    g = game(4)
    s = scenario(g, hands={0: ["Handelsfahrt Riga"]}, cogs=[("Riga", [2])])
    assert [t for t in texts(g, s) if t.startswith("play")] == [
        "play Handelsfahrt Riga",
        "play Handelsfahrt Riga @0",
    ]
    free = g.view(s, None)["free_cogs"]
    t = s.clone()
    do(g, t, "play Handelsfahrt Riga")
    assert cog_list(g, t) == [("Riga", [0]), ("Riga", [2])]
    assert g.view(t, None)["free_cogs"] == free - 1
    do(g, s, "play Handelsfahrt Riga @0")
    assert cog_list(g, s) == [("Riga", [0, 2])]
    assert g.view(s, None)["players"][0]["reserve"] == 1
    assert g.scores(s)[0] == 0


def test_handelsfahrt_needs_a_figure_in_reserve() -> None:
    g = game(4)
    s = scenario(
        g, hands={0: ["Handelsfahrt Riga"]}, cogs=[("Riga", [2]), ("Stettin", [0]), ("Visby", [0])]
    )
    assert texts(g, s) == ["pass"]


def test_handelsfahrt_without_free_cog_only_joins() -> None:
    g = game(3)  # 4 cogs
    s = scenario(
        g,
        hands={0: ["Handelsfahrt Visby"]},
        cogs=[("Visby", [1]), ("Riga", [1]), ("Reval", [2]), ("Lübeck", [2])],
    )
    assert [t for t in texts(g, s) if t.startswith("play")] == [
        f"play Handelsfahrt Visby @{cog_index(s, 'Visby', [1])}"
    ]


def test_verdoppelung_example() -> None:
    """Rulebook example: Red is on a cog in Visby, plays Verdoppelung Helsingborg and sails to
    Helsingborg; after the others' actions Red plays Helsingborg 3 and gets 6 instead of 3."""
    g = game(3)
    red = 1
    s = scenario(
        g,
        hands={
            red: ["Verdoppelung Helsingborg", "Helsingborg 3"],
            2: ["Stettin 1"],
            0: ["Visby 1"],
        },
        cogs=[("Visby", [red])],
        actor=red,
    )
    do(g, s, "play Verdoppelung Helsingborg @0")
    assert cog_list(g, s) == [("Helsingborg", [red])]
    assert g.scores(s)[red] == 0
    assert g.view(s, None)["players"][red]["doubled"] == ["Helsingborg"]
    assert g.view(s, None)["players"][red]["lying"] == ["Verdoppelung Helsingborg"]
    do(g, s, "voyage", "voyage")  # seats 2 and 0 act
    do(g, s, f"play Helsingborg 3 @{cog_index(s, 'Helsingborg', [red])}")
    assert g.scores(s)[red] == 6


@pytest.mark.parametrize(("flag", "expected"), [(True, 6), (False, 3)])
def test_verdoppelung_and_a_card_that_moves_into_the_city(flag: bool, expected: int) -> None:
    """RULINGS flag double_includes_move (default True): a goods card moving a cog into the
    doubled city is doubled too; with False only cards played in the city are."""
    g = game(4, double_includes_move=flag)
    s = scenario(
        g,
        hands={0: ["Riga 3", "Stettin 1"]},
        lying={0: ["Verdoppelung Riga"]},
        cogs=[("Danzig", [0])],
    )
    do(g, s, "play Riga 3 @0")
    assert g.scores(s)[0] == expected


def test_verdoppelung_doubles_only_its_city_and_its_player() -> None:
    g = game(4)
    s = scenario(
        g,
        hands={0: ["Riga 3", "Danzig 4"], 1: ["Riga 2"]},
        lying={0: ["Verdoppelung Riga"]},
        cogs=[("Danzig", [0]), ("Riga", [1])],
    )
    do(g, s, f"play Danzig 4 @{cog_index(s, 'Danzig', [0])}")
    assert g.scores(s)[0] == 4
    do(g, s, f"play Riga 2 @{cog_index(s, 'Riga', [1])}")
    assert g.scores(s)[1] == 2


def test_verdoppelung_is_played_like_a_goods_card() -> None:
    """It needs an own cog in its city or just before it."""
    g = game(4)
    s = scenario(g, hands={0: ["Verdoppelung Riga"]}, cogs=[("Stettin", [0])])
    assert texts(g, s) == ["voyage", "pass"]
    s = scenario(g, hands={0: ["Verdoppelung Riga"]}, cogs=[("Riga", [0])])
    do(g, s, "play Verdoppelung Riga @0")
    assert cog_list(g, s) == [("Riga", [0])]


def test_verdoppelung_only_this_round() -> None:
    """'Die Verdoppelungskarte ist nur in der aktuellen Runde gültig. Sie kommt danach auf den
    Ablagestapel.'"""
    g = game(3)
    s = scenario(
        g,
        hands={0: ["Verdoppelung Riga"]},
        cogs=[("Riga", [0])],
        passed=[1, 2],
    )
    do(g, s, "play Verdoppelung Riga @0", "pass")
    v = g.view(s, None)
    assert v["players"][0]["doubled"] == []
    assert v["players"][0]["lying"] == []
    assert v["discard"] == ["Verdoppelung Riga"]


def test_piraten_remove_any_cog_own_included() -> None:
    """RULINGS: Piraten may remove any cog on the board, own figures included; the figures go back
    to their reserves and the empty cog to the cog field."""
    g = game(4)
    s = scenario(g, hands={0: ["Piraten"]}, cogs=[("Riga", [0, 1]), ("Bergen", [2])])
    plays = [t for t in texts(g, s) if t.startswith("play")]
    assert plays == ["play Piraten @0", "play Piraten @1"]
    free = s.free_cogs
    do(g, s, f"play Piraten @{cog_index(s, 'Riga', [0, 1])}")
    assert cog_list(g, s) == [("Bergen", [2])]
    v = g.view(s, None)
    assert v["free_cogs"] == free + 1
    assert [pv["reserve"] for pv in v["players"]] == [2, 2, 1, 2]
    assert v["discard"] == ["Piraten"]


def test_piraten_need_a_cog_on_the_map() -> None:
    g = game(4)
    s = scenario(g, hands={0: ["Piraten"]})
    assert texts(g, s) == ["voyage", "pass"]


def test_schiffswechsel_moves_an_own_figure() -> None:
    """RULINGS: Schiffswechsel moves an own figure from one cog to another cog on the board."""
    g = game(4)
    s = scenario(
        g, hands={0: ["Schiffswechsel"]}, cogs=[("Stettin", [0, 1]), ("Bergen", [2]), ("Riga", [0])]
    )
    stettin, bergen, riga = (
        cog_index(s, "Stettin", [0, 1]),
        cog_index(s, "Bergen", [2]),
        cog_index(s, "Riga", [0]),
    )
    plays = sorted(t for t in texts(g, s) if t.startswith("play"))
    # From each own cog to the cog without an own figure; never onto a cog already carrying one.
    assert plays == sorted(
        [f"play Schiffswechsel @{stettin}>{bergen}", f"play Schiffswechsel @{riga}>{bergen}"]
    )
    do(g, s, f"play Schiffswechsel @{stettin}>{bergen}")
    assert sorted(cog_list(g, s)) == [("Bergen", [0, 2]), ("Riga", [0]), ("Stettin", [1])]


def test_schiffswechsel_leaving_a_cog_empty_returns_it() -> None:
    """Ruling of this package: a cog left empty goes back to the cog field at once."""
    g = game(4)
    s = scenario(g, hands={0: ["Schiffswechsel"]}, cogs=[("Stettin", [0]), ("Bergen", [2])])
    free = s.free_cogs
    do(g, s, f"play Schiffswechsel @{cog_index(s, 'Stettin', [0])}>{cog_index(s, 'Bergen', [2])}")
    assert cog_list(g, s) == [("Bergen", [0, 2])]
    assert g.view(s, None)["free_cogs"] == free + 1


def test_schiffswechsel_needs_another_cog() -> None:
    g = game(4)
    s = scenario(g, hands={0: ["Schiffswechsel"]}, cogs=[("Stettin", [0])])
    assert texts(g, s) == ["voyage", "pass"]


def test_played_cards_go_to_the_open_discard_pile() -> None:
    g = game(4)
    s = scenario(g, hands={0: ["Stettin 1", "Schiffswechsel"]}, cogs=[("Lübeck", [0])])
    do(g, s, "play Stettin 1 @0")
    v = g.view(s, None)
    assert v["discard"] == ["Stettin 1"]
    assert v["discard_size"] == 1


def test_goods_card_for_an_end_station_while_the_cog_lies_there() -> None:
    """'Nach der Runde' clears end stations only after the round: during the round a cog in
    London still lets its players play London cards (in the city: score, no move), and a cog
    at an end station sails nowhere (no arrow leaves it)."""
    g = game(4)
    s = scenario(
        g, hands={0: ["London 5", "Brügge 4", "Reval 6", "Bergen 3"]}, cogs=[("London", [0, 1])]
    )
    assert [t for t in texts(g, s) if t.startswith("play")] == ["play London 5 @0"]
    do(g, s, "play London 5 @0")
    assert cog_list(g, s) == [("London", [0, 1])]
    assert g.scores(s)[0] == 5


def test_handelsfahrt_only_in_the_city_of_the_card() -> None:
    """'eine Handelsfahrt statt in Lübeck in einer dieser Städte beginnen ... eine eigene
    Spielfigur auf eine Kogge, die sich in der Stadt befindet, dazustellen': Handelsfahrt Riga
    joins cogs in Riga only, never in Lübeck or Danzig, and needs no own cog anywhere."""
    g = game(3)
    s = scenario(
        g,
        hands={0: ["Handelsfahrt Riga"]},
        cogs=[("Lübeck", [1]), ("Danzig", [2]), ("Riga", [1, 2]), ("Reval", [1])],
    )
    riga = cog_index(s, "Riga", [1, 2])
    assert [t for t in texts(g, s) if t.startswith("play")] == [f"play Handelsfahrt Riga @{riga}"]
    do(g, s, f"play Handelsfahrt Riga @{riga}")
    assert ("Riga", [0, 1, 2]) in cog_list(g, s)
    assert ("Lübeck", [1]) in cog_list(g, s) and ("Danzig", [2]) in cog_list(g, s)


def test_handelsfahrt_never_puts_two_own_figures_on_one_cog() -> None:
    """RULINGS: a player never has two figures on the same cog; a Handelsfahrt may still take a
    free cog into that city."""
    g = game(4)
    s = scenario(g, hands={0: ["Handelsfahrt Danzig"]}, cogs=[("Danzig", [0, 3])])
    assert [t for t in texts(g, s) if t.startswith("play")] == ["play Handelsfahrt Danzig"]
    do(g, s, "play Handelsfahrt Danzig")
    assert cog_list(g, s) == [("Danzig", [0]), ("Danzig", [0, 3])]
    assert g.view(s, None)["players"][0]["reserve"] == 0


def test_verdoppelung_doubles_every_later_card_of_the_round() -> None:
    """'verdoppelt jedoch den Wert aller Karten, die dieser Spieler in der aktuellen Runde für
    diese Stadt ausspielt': a card moving into Riga and then a card played in Riga are both
    doubled (flag double_includes_move, default True); a card played before it is not."""
    g = game(3)
    s = scenario(
        g,
        hands={0: ["Riga 2", "Verdoppelung Riga", "Riga 3", "Riga 4"]},
        cogs=[("Danzig", [0]), ("Riga", [0])],
        passed=[1, 2],
    )
    riga = cog_index(s, "Riga", [0])
    do(g, s, f"play Riga 2 @{riga}")
    assert g.scores(s)[0] == 2  # before the Verdoppelung: not doubled
    do(g, s, f"play Verdoppelung Riga @{cog_index(s, 'Riga', [0])}")
    assert g.scores(s)[0] == 2  # the card itself has no value
    do(g, s, f"play Riga 3 @{cog_index(s, 'Danzig', [0])}")  # sails Danzig -> Riga
    assert g.scores(s)[0] == 2 + 6
    do(g, s, "play Riga 4 @0")  # both cogs now lie in Riga and are identical
    assert g.scores(s)[0] == 2 + 6 + 8


def test_verdoppelung_lost_when_a_fellow_player_sails_on() -> None:
    """Hinweis to Verdoppelung: the more players on a cog, the greater the risk that one of them
    sails on, so that the doubled city's cards can no longer be played."""
    g = game(3)
    red, blue = 1, 2
    s = scenario(
        g,
        hands={
            red: ["Verdoppelung Helsingborg", "Helsingborg 3", "Riga 2", "Piraten"],
            blue: ["Bergen 4"],
        },
        cogs=[("Visby", [red, blue])],
        actor=red,
        passed=[0],
    )
    do(g, s, "play Verdoppelung Helsingborg @0")
    assert cog_list(g, s) == [("Helsingborg", [red, blue])]
    do(g, s, "play Bergen 4 @0")  # Blue sails the shared cog on to Bergen
    assert cog_list(g, s) == [("Bergen", [red, blue])]
    assert g.scores(s) == [0, 0, 4]
    assert not any(t.startswith("play Helsingborg") for t in texts(g, s))
    assert g.view(s, None)["players"][red]["doubled"] == ["Helsingborg"]


def test_verdoppelung_moves_everyone_aboard() -> None:
    """A Verdoppelung played 'um in diese Stadt zu ziehen' moves the cog like a goods card, with
    every figure on it; only its player's cards are doubled."""
    g = game(4)
    s = scenario(
        g,
        hands={0: ["Verdoppelung Stettin", "Riga 3"], 2: ["Stettin 3"]},
        cogs=[("Lübeck", [0, 2])],
        passed=[1, 3],
    )
    do(g, s, "play Verdoppelung Stettin @0")
    assert cog_list(g, s) == [("Stettin", [0, 2])]
    assert g.current_player(s) == 2
    do(g, s, "play Stettin 3 @0")
    assert g.scores(s) == [0, 0, 3, 0]


def test_piraten_and_schiffswechsel_score_nothing() -> None:
    """Special cards have no value of their own; they go to the open discard pile."""
    g = game(4)
    s = scenario(
        g,
        hands={0: ["Piraten", "Schiffswechsel"]},
        cogs=[("Riga", [0]), ("Bergen", [1])],
        passed=[1, 2, 3],
    )
    riga, bergen = cog_index(s, "Riga", [0]), cog_index(s, "Bergen", [1])
    do(g, s, f"play Schiffswechsel @{riga}>{bergen}")
    assert g.scores(s) == [0, 0, 0, 0]
    assert cog_list(g, s) == [("Bergen", [0, 1])]
    do(g, s, "play Piraten @0")
    assert g.scores(s) == [0, 0, 0, 0]
    assert sorted(g.view(s, None)["discard"]) == ["Piraten", "Schiffswechsel"]
