"""Static content of Kogge, transcribed from ``shared/reference/kogge/kogge.json`` (see SOURCES.md).

Cities 0-8 sit in a ring, numbered clockwise; each produces one good. Goods are indexed
ore 0, fur 1, amber 2, salt 3; a route marker (Wegemarker) has the colour of the city with its
number. The names of cities 0 and 8 and the goods of cities 0, 1 and 8 are medium confidence
(two secondary sources agree); everything else is stated in the German rulebook v1.1.
"""

from __future__ import annotations

from typing import Final

NUM_CITIES: Final = 9
NUM_GOODS: Final = 4
NUM_VALUES: Final = 9  # route markers carry the numbers 0..8
NUM_CHIPS: Final = 4

ORE, FUR, AMBER, SALT = 0, 1, 2, 3
GOOD_NAMES: Final = ("ore", "fur", "amber", "salt")
GOOD_NAMES_DE: Final = ("Erz", "Felle", "Bernstein", "Salz")
GOOD_COLOURS: Final = ("grey", "orange", "purple", "white")
GOOD_LETTERS: Final = "ofas"
GOODS_SUPPLY: Final = (25, 18, 13, 10)
"""Wooden goods in the box (Spielmaterial): 25 ore, 18 fur, 13 amber, 10 salt."""
GOOD_VP: Final = (1, 3, 5, 7)
"""Victory points per good at the guild master's end (Spielziel und Spielende)."""

CITY_NAMES: Final = (
    "Tönsberg",
    "Stockholm",
    "Abo",
    "Reval",
    "Riga",
    "Danzig",
    "Stralsund",
    "Lübeck",
    "Kopenhagen",
)
CITY_MODERN_NAMES: Final = (
    "Tønsberg",
    "Stockholm",
    "Turku",
    "Tallinn",
    "Riga",
    "Gdańsk",
    "Stralsund",
    "Lübeck",
    "Copenhagen",
)
CITY_GOOD: Final = (ORE, ORE, ORE, FUR, FUR, AMBER, AMBER, SALT, SALT)
MARKER_COLOUR: Final = CITY_GOOD
"""A marker has the colour of the good of the city with its number (0-2 grey ... 7-8 white)."""
CITY_GRID: Final = ((2, 1), (3, 1), (4, 1), (5, 2), (5, 3), (4, 4), (2, 4), (1, 3), (1, 2))
"""[column, row] on a 5x4 drawing grid (row 1 at the top), for the text renderer."""

MARKER_COUNTS: Final = (14, 13, 12, 11, 10, 9, 8, 7, 6)
"""Zahlenchips: 14x0, 13x1, ..., 6x8 = 90 route markers."""
TOTAL_MARKERS: Final = 90

START_GOODS: Final = (2, 1, 0, 0)
"""Start cargo: two ore and one fur (Spielvorbereitung)."""
START_GOODS_MEMORY: Final = (2, 2, 0, 0)
"""Expert rule D (Memory): two ore and two fur."""
SETUP_GOODS_PER_CITY: Final = 3

KONTORE_PER_PLAYER: Final = 4
RAID_MARKERS_PER_PLAYER: Final = 2
MAX_KONTORE_PER_CITY: Final = 2
OFFER_MARKERS: Final = 8
"""Eight markers in four lots of two are drawn each round (Nachschub und Reihenfolge)."""

CHIP_TRADE3, CHIP_EXTRA_MARKER, CHIP_TWO_MOVES, CHIP_SECRET_ROUTE = 0, 1, 2, 3
CHIP_NAMES: Final = ("trade3", "extra_marker", "two_moves", "secret_route")
CHIP_NAMES_DE: Final = ("3:1 tauschen", "+1 Wegemarker", "2 Felder gehen", "Geheimweg")
CHIP_COPIES: Final = 2

DEVELOPMENT_TO_WIN: Final = 5
VP_KONTOR: Final = 10
VP_CHIP: Final = 20
VP_RAID_MARKER: Final = 10

BID_RANKING_CASES: Final = (
    # (bids of A, B, C, D; the order strongest first) from kogge.json bid_ranking_examples
    (((7,), (3, 4), (4,), (2, 2)), "DABC"),
    (((3, 3), (3, 3, 6), (4, 4), (8,)), "CBAD"),
    (((0,), (5, 0), (4, 1), (5,)), "BDCA"),
    (((4, 2, 2), (4, 3, 1), (5, 3), (8,)), "ADCB"),
    (((3, 2), (7, 0), (5, 2), (4, 3)), "BCDA"),
)
"""Test vectors of the bid ranking, used by the tests (kept with the transcribed data)."""
BID_RANKING_PAIRS: Final = (
    ((0, 0), (8,)),
    ((0, 0), (7, 5)),
    ((3, 3), (2, 2)),
    ((0, 0, 0), (8, 8)),
    ((7,), (3, 4)),
    ((4, 0), (4,)),
    ((0,), ()),
)
"""(stronger, weaker) pairs from kogge.json; the empty bid stands for a player who cannot bid."""
