"""Spielvorbereitungen (base game) and Spielvorbereitung (Kaispeicher)."""

from __future__ import annotations

import pytest
from speicherstadt_helpers import card, new

from hanse.games import make
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import ALL_CARDS, BASE_CARDS, KAISPEICHER_CARDS


def _season_sizes(cards: tuple[data.Card, ...]) -> list[int]:
    sizes = [0] * 5
    for c in cards:
        sizes[c.season] += c.count
    return sizes


def test_spielmaterial_base_card_counts() -> None:
    """Spielmaterial: 54 cards, 12 winter, 13 spring, 13 summer, 15 autumn, 1 "4. Brand"."""
    assert _season_sizes(BASE_CARDS) == [12, 13, 13, 15, 1]


def test_spielmaterial_kaispeicher_card_counts() -> None:
    """Kaispeicher Spielmaterial: 50 new cards: 12 winter, 12 spring, 12 summer, 14 autumn."""
    assert _season_sizes(KAISPEICHER_CARDS) == [12, 12, 12, 14, 0]


def test_kaispeicher_card_list_counts() -> None:
    """Die neuen Handelskarten: the (n: A/B/C/D) counts of the card list."""
    kai = [c for c in KAISPEICHER_CARDS]

    def split(kind: int) -> list[int]:
        return _season_sizes(tuple(c for c in kai if c.kind == kind))[:4]

    assert split(data.SHIP) == [0, 2, 2, 2]
    assert sorted(c.value for c in kai if c.kind == data.SHIP) == [1, 1, 1, 2, 2, 2]
    assert split(data.CONTRACT) == [0, 2, 2, 2]
    assert sorted(len(c.goods) for c in kai if c.kind == data.CONTRACT) == [1, 1, 1, 2, 2, 2]
    assert split(data.KONTOR) == [0, 0, 1, 1]
    assert split(data.FIREMAN) == [2, 1, 1, 1]
    assert sorted(c.value for c in kai if c.kind == data.FIREMAN) == [1, 2, 3, 4, 5]
    assert split(data.PROCESSOR) == [5, 0, 0, 0]
    assert split(data.POINTS) == [0, 2, 0, 3]


def test_base_card_list_counts() -> None:
    """Handelskarten: ships B5/C5/D5, Kontore A1/B1/D2, 10 contracts, 10 firemen, 4 fires."""
    base = BASE_CARDS
    assert _season_sizes(tuple(c for c in base if c.kind == data.SHIP))[:4] == [0, 5, 5, 5]
    assert _season_sizes(tuple(c for c in base if c.kind == data.KONTOR))[:4] == [1, 1, 0, 2]
    contracts = [c for c in base if c.kind == data.CONTRACT]
    assert _season_sizes(tuple(contracts))[:4] == [3, 3, 4, 0]
    assert {(len(c.goods), c.points) for c in contracts} == {(2, 5), (3, 8), (4, 11)}
    assert sum(c.count for c in base if c.kind == data.FIREMAN) == 10
    assert [c.value for c in base if c.kind == data.FIRE] == [1, 2, 3, 4]


@pytest.mark.parametrize("kai", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_initial_state(n: int, kai: bool) -> None:
    """Each player: 5 coins, 3 workers to place (Kaispeicher 4); the bag holds all cubes."""
    game, s = new(n, kai)
    assert s.coins == [5] * n
    assert s.workers == [4 if kai else 3] * n
    assert sum(s.bag) == (54 if kai else 45)
    assert s.start_player == 0  # RULINGS.md: seat 0 is the start player
    assert s.round == 1
    assert s.hall == [-1] * n
    assert s.grey_aside == (2 if kai else 0)
    assert s.break_aside == (2 if kai else 0)
    view = game.view(s, 0)
    assert view["next_deck"] == "A"  # winter on top
    assert view["decider"] == "chance" and view["decision"] == "draw_card"


REMOVED = {
    2: {"Hafen", "Feuerwehrmann 3"},
    3: {"Flussschifferkirche", "Feuerwehrmann 3"},
    4: set(),
    5: {"Flussschifferkirche", "Feuerwehrmann 3"},
}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_cards_removed_by_player_count(n: int) -> None:
    """Spielvorbereitungen 9: the autumn cards removed for 2, 3 and 5 players."""
    game, _ = new(n)
    removed = {ALL_CARDS[c].name for c, k in enumerate(game.tables.removed) if k}
    assert removed == REMOVED[n]
    assert game.tables.removed[card("base.fireman.3.D")] == (0 if n == 4 else 1)
    assert sum(game.tables.initial_deck) == 54 - len(REMOVED[n])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_kaispeicher_cards_removed_by_player_count(n: int) -> None:
    """Kaispeicher Spielvorbereitung 10: also Bürgermeister and LKW for 2, 3 and 5 players."""
    game, _ = new(n, kai=True)
    removed = {ALL_CARDS[c].name for c, k in enumerate(game.tables.removed) if k}
    extra = set() if n == 4 else {"Bürgermeister", "LKW"}
    assert removed == REMOVED[n] | extra
    assert sum(game.tables.initial_deck) == 104 - len(REMOVED[n] | extra)


def test_base_game_has_no_expansion_cards() -> None:
    _, s = new(4)
    assert all(s.deck[i] == 0 for i, c in enumerate(ALL_CARDS) if c.expansion)
    assert all(s.deck[i] == c.count for i, c in enumerate(ALL_CARDS) if not c.expansion)


def test_flag_documented_with_default_off() -> None:
    """The Kaispeicher flag exists, is off by default and is documented."""
    game = make("speicherstadt", 3)
    assert game.flags == {"kaispeicher": False}
    docs = type(game).flag_docs()
    assert [(d.name, d.default) for d in docs] == [("kaispeicher", False)]
    assert "Kaispeicher" in docs[0].help


def test_reconstructed_data_are_flagged() -> None:
    """SOURCES.md: the base contract goods, the fireman values and the Kaispeicher ship capacities,
    contract goods and fireman values are reconstructed; data.py marks exactly those."""
    flagged = {c.key for c in ALL_CARDS if c.reconstructed}
    expected = {
        c.key
        for c in ALL_CARDS
        if c.kind in (data.CONTRACT, data.FIREMAN) or (c.expansion and c.kind == data.SHIP)
    }
    assert flagged == expected
