"""One test (at least) per Lübeck ruling of ``shared/rules/RULINGS.md`` that no other test module
already names.

Rulings already named elsewhere (not repeated here): passing with 3 or fewer cards and the flag
``must_pass_at_three`` (``test_luebeck_turn.py``: ``test_pass_allowed_with_three_cards_or_fewer``,
``test_no_pass_with_more_than_three_cards``, ``test_flag_must_pass_at_three``); discarding only
with more than 3 cards and no playable card (``test_discard_only_without_playable_card``,
``test_discard_costs_the_value``); Schiffswechsel moving an own figure and returning an emptied cog
(``test_luebeck_cards.py``: ``test_schiffswechsel_moves_an_own_figure``,
``test_schiffswechsel_leaving_a_cog_empty_returns_it``). The tests below add what those leave
open: the returned cog is usable at once, and every kind of special card costs 1 when discarded.
"""

from __future__ import annotations

import pytest
from luebeck_helpers import cog_index, cog_list, do, game, hand, scenario, texts

from hanse.core import IllegalActionError
from hanse.games.luebeck import data


def _lowest_goods_card(city: str) -> tuple[str, int]:
    """Label and value of the cheapest goods card for `city`."""
    found = [
        (k.value, k.label)
        for k in data.KINDS
        if k.type == data.T_GOODS and data.CITIES[k.city] == city
    ]
    value, label = min(found)
    return label, value


# -- A card moves a cog along any arrow into the card's city ----------------------------------


@pytest.mark.parametrize(("source", "target"), data.EDGE_ROWS, ids=lambda c: c)
def test_ruling_any_arrow_into_the_city_moves_the_cog(source: str, target: str) -> None:
    """RULINGS.md, Lübeck: a card moves a cog along any arrow into the card's city; the colours of
    the lines are not modelled. Rulebook "Kartenaktionen": a goods card may be played with an own
    cog standing in the city before the card's city; the cog then sails into that city and the
    player scores the card's value. Here: every arrow of the board data, one at a time."""
    g = game(4)
    label, value = _lowest_goods_card(target)
    s = scenario(g, hands={0: [label]}, cogs=[(source, [0, 2])])
    play = f"play {label} @0"
    assert [t for t in texts(g, s) if t.startswith("play")] == [play]
    do(g, s, play)
    assert cog_list(g, s) == [(target, [0, 2])]
    assert g.scores(s) == [value, 0, 0, 0]
    assert hand(g, s, 0) == []


@pytest.mark.parametrize(
    ("target", "sources", "card"),
    [
        ("Riga", ("Danzig", "Visby"), "Riga 3"),
        ("Helsingborg", ("Lübeck", "Visby"), "Helsingborg 2"),
    ],
)
def test_ruling_every_arrow_into_the_city_is_offered(
    target: str, sources: tuple[str, str], card: str
) -> None:
    """RULINGS.md, Lübeck: no line colour restricts the move, so a city reached by two arrows can
    be entered from either one. Rulebook "Kartenaktionen" (a cog in the city before the target may
    sail in) and the ruling that each qualifying cog is its own choice: with own cogs at the start
    of both arrows into the city, the card is offered with each of them, and with nothing else."""
    g = game(4)
    first, second = sources
    s = scenario(g, hands={0: [card, "Reval 4"]}, cogs=[(first, [0]), (second, [0, 1])])
    a, b = cog_index(s, first, [0]), cog_index(s, second, [0, 1])
    plays = sorted(t for t in texts(g, s) if t.startswith("play"))
    assert plays == sorted([f"play {card} @{a}", f"play {card} @{b}"])
    value = data.KIND_VALUE[data.LABEL_TO_KIND[card]]
    via_first = s.clone()
    do(g, via_first, f"play {card} @{a}")
    assert sorted(cog_list(g, via_first)) == sorted([(target, [0]), (second, [0, 1])])
    assert g.scores(via_first)[0] == value
    do(g, s, f"play {card} @{b}")
    assert sorted(cog_list(g, s)) == sorted([(first, [0]), (target, [0, 1])])
    assert g.scores(s)[0] == value


# -- Schiffswechsel: an emptied cog goes back to the cog supply at once ------------------------


def test_ruling_schiffswechsel_emptied_cog_is_free_at_once() -> None:
    """RULINGS.md, Lübeck: Schiffswechsel moves an own figure from one cog to another, and a cog
    left empty goes back to the cog supply at once. Rulebook "Kartenaktionen" (Sonderkarte
    Schiffswechsel: an own figure changes to any other cog) and "Handelsfahrt in Lübeck starten"
    (a voyage needs a free cog). With all 4 cogs of a 3-player game on the board, seat 1 cannot
    start a voyage; after seat 0's Schiffswechsel empties a cog, seat 1 can, on the next turn."""
    g = game(3)  # 4 cogs
    cogs = [("Stettin", [0]), ("Bergen", [1]), ("Riga", [2]), ("Danzig", [2])]
    blocked = scenario(g, cogs=cogs, actor=1)
    assert "voyage" not in texts(g, blocked)
    with pytest.raises(IllegalActionError, match="Handelsfahrt in Lübeck starten"):
        do(g, blocked, "voyage")

    s = scenario(g, hands={0: ["Schiffswechsel", "Reval 4"]}, cogs=cogs)
    assert g.view(s, None)["free_cogs"] == 0
    stettin, riga = cog_index(s, "Stettin", [0]), cog_index(s, "Riga", [2])
    do(g, s, f"play Schiffswechsel @{stettin}>{riga}")
    assert sorted(cog_list(g, s)) == [("Bergen", [1]), ("Danzig", [2]), ("Riga", [0, 2])]
    assert g.view(s, None)["free_cogs"] == 1
    assert g.current_player(s) == 1
    assert "voyage" in texts(g, s)
    do(g, s, "voyage")
    assert ("Lübeck", [1]) in cog_list(g, s)
    assert g.view(s, None)["free_cogs"] == 0


# -- Discard: a special card costs 1 ------------------------------------------------------------

_UNPLAYABLE_GOODS = ["Reval 4", "Reval 5", "London 4"]


@pytest.mark.parametrize(
    ("special", "cogs"),
    [
        ("Piraten", []),  # no cog on the board to raid
        ("Schiffswechsel", [("Stettin", [0])]),  # no other cog to change to
        ("Handelsfahrt Riga", [("Stettin", [0]), ("Hamburg", [0])]),  # no figure in reserve
        ("Verdoppelung Riga", [("Stettin", [0])]),  # no own cog in or before Riga
    ],
)
def test_ruling_discard_special_card_costs_one(
    special: str, cogs: list[tuple[str, list[int]]]
) -> None:
    """RULINGS.md, Lübeck "Discard": legal only holding more than 3 cards and able to play none;
    it costs the card's value, a special card 1. Rulebook "Karte abwerfen": whoever holds more
    than 3 cards and cannot lay one out must throw one away and moves back on the score track,
    a goods card by its value, every special card by 1. Each kind of special card, unplayable in
    its position, is discarded for exactly 1 point."""
    g = game(4)
    s = scenario(g, hands={0: [special, *_UNPLAYABLE_GOODS]}, cogs=cogs, scores=[5, 0, 0, 0])
    words = texts(g, s)
    assert not any(t.startswith("play") for t in words)
    assert "pass" not in words
    assert sorted(t for t in words if t.startswith("discard")) == sorted(
        f"discard {c}" for c in [special, *_UNPLAYABLE_GOODS]
    )
    do(g, s, f"discard {special}")
    assert g.scores(s) == [4, 0, 0, 0]
    assert g.view(s, None)["discard"] == [special]
    assert sorted(hand(g, s, 0)) == sorted(_UNPLAYABLE_GOODS)
