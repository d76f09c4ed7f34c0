"""The board data transcribed in data.py: the counts the issue and SOURCES.md give."""

from __future__ import annotations

from hanse.games.hansa import data
from hanse.games.hansa.board import board_for


def test_board_45_counts() -> None:
    b = board_for("4-5")
    assert b.n_cities == 27
    assert b.n_routes == 34
    assert b.n_posts == 107
    assert b.n_offices == 62
    assert sum(sum(coins) for coins in b.office_coin) == 4
    assert len(b.tavern_routes) == 3


def test_board_23_counts() -> None:
    b = board_for("2-3")
    assert b.n_cities == 27
    assert b.n_routes == 32
    assert b.n_posts == 101
    assert b.n_offices == 57
    assert sum(sum(coins) for coins in b.office_coin) == 6
    assert len(b.tavern_routes) == 3


def test_sides_differ_by_two_routes() -> None:
    front, back = board_for("4-5"), board_for("2-3")
    names = lambda b: {frozenset((b.route_a[r], b.route_b[r])) for r in range(b.n_routes)}  # noqa: E731
    missing = names(front) - names(back)
    city = front.city_index
    assert missing == {
        frozenset((city["Emden"], city["Stade"])),
        frozenset((city["Warburg"], city["Göttingen"])),
    }


def test_coin_offices_per_side() -> None:
    for side, expected in (
        ("4-5", {"Groningen", "Lübeck", "Coellen", "Halle"}),
        ("2-3", {"Groningen", "Stade", "Lübeck", "Coellen", "Warburg", "Halle"}),
    ):
        b = board_for(side)
        coins = {b.city_names[c] for c in range(b.n_cities) if any(b.office_coin[c])}
        assert coins == expected


def test_ability_cities_and_special_cities() -> None:
    b = board_for("4-5")
    abilities = {b.city_names[c]: data.ABILITIES[a] for c, a in enumerate(b.city_ability) if a >= 0}
    assert abilities == {
        "Groningen": "book",
        "Stade": "privilege",
        "Lübeck": "bank",
        "Göttingen": "actions",
        "Halle": "keys",
    }
    assert b.city_names[b.east] == "Stendal" and b.city_names[b.west] == "Arnheim"
    assert {b.city_names[b.route_a[b.coellen_route]], b.city_names[b.route_b[b.coellen_route]]} == {
        "Coellen",
        "Warburg",
    }
    taverns = {
        frozenset((b.city_names[b.route_a[r]], b.city_names[b.route_b[r]])) for r in b.tavern_routes
    }
    assert taverns == {
        frozenset(("Osnabrück", "Bremen")),
        frozenset(("Lüneburg", "Perleberg")),
        frozenset(("Hildesheim", "Goslar")),
    }


def test_player_board_and_markers() -> None:
    assert data.TRACK_VALUES[0] == (1, 2, 2, 3, 4)
    assert data.TRACK_VALUES[1] == (2, 3, 3, 4, 4, 5)
    assert data.TRACK_VALUES[3] == (2, 3, 4, 5)
    covered_traders = sum(len(v) - 1 for i, v in enumerate(data.TRACK_VALUES) if i != 3)
    assert covered_traders == 15 and len(data.TRACK_VALUES[3]) - 1 == 3
    assert sum(data.BONUS_COUNTS) == 15
    assert sum(data.BONUS_COUNTS) - len(data.GOLDEN_MARKERS) == 12


def test_yellow_cities_have_one_route_on_the_back() -> None:
    """SOURCES.md: on the 2-3 side each yellow city has exactly one route."""
    b = board_for("2-3")
    for c in range(b.n_cities):
        if b.city_yellow[c]:
            assert len(b.city_routes[c]) == 1
