"""Static content of Hansa Teutonica, transcribed from ``reference/hansa_teutonica/boards.json``.

Every value here is a fact of the printed game (see that folder's SOURCES.md); nothing is
reconstructed except the placement of the three golden start markers, which the rules leave free
("beliebig") and the game therefore shuffles at set-up. The package never reads the JSON at
run time.

Conventions (as in ``boards.json``): offices are listed left to right as printed, index 0 is the
lowest office and is filled first; privilege 1..4 is white, orange, pink, black; ``"square"``
offices take a trader (Händler), ``"round"`` ones a merchant (Großhändler); the third office field
is the gold "+1" coin. Routes are undirected; every base-game post takes either piece.
"""

from __future__ import annotations

from typing import NamedTuple


class CityData(NamedTuple):
    """One printed city: name, ASCII spelling, offices (privilege, shape, +1 coin), ability, banner,
    and the centre of its office row in thousandths of the board width."""

    name: str
    ascii: str
    offices: tuple[tuple[int, str, bool], ...]
    upgrade: str | None
    banner: str
    xy: tuple[int, int]


class RouteData(NamedTuple):
    """One printed trade route (Handelsroute): two cities, posts, whether a Taberna marks it."""

    a: str
    b: str
    posts: int
    tavern: bool


SIDES: tuple[str, ...] = ("4-5", "2-3")
"""Printed labels of the two board sides (front 4-5 players, back 2-3 players)."""

EAST_WEST: tuple[str, str] = ("Stendal", "Arnheim")
"""The two red-banner cities of the East-West connection (Ost-West-Verbindung)."""

EAST_WEST_PRESTIGE: tuple[int, ...] = (7, 4, 2)
"""Prestige for the first, second and third player to connect them."""

FULL_CITIES_TO_END = 10
"""The game ends when the tenth city has all its printed offices occupied."""

PRESTIGE_TO_END = 20
"""The game ends when any prestige marker reaches 20 (Spielende)."""

COELLEN = "Coellen"
COELLEN_PARTNER = "Warburg"
COELLEN_POINTS: tuple[int, ...] = (7, 8, 9, 11)
"""Coellen special spaces (Sonderprestigepunkte), merchants only."""
COELLEN_PRIVILEGE: tuple[int, ...] = (1, 2, 3, 4)
"""Privilege colour needed for each Coellen space (white, orange, pink, black)."""

ABILITIES: tuple[str, ...] = ("keys", "actions", "privilege", "book", "bank")
"""The five abilities of the player board (Schreibtisch), in this package's fixed order."""

ABILITY_NAMES_DE: tuple[str, ...] = (
    "Stadtschlüssel",
    "Actiones",
    "Privilegium",
    "Liber Sophiae",
    "Geldbeutel",
)

TRACK_VALUES: tuple[tuple[int, ...], ...] = (
    (1, 2, 2, 3, 4),
    (2, 3, 3, 4, 4, 5),
    (1, 2, 3, 4),
    (2, 3, 4, 5),
    (3, 5, 7, 0),
)
"""Values of each ability track, leftmost (start) first. Bank 0 stands for C (cuncti: all)."""

TRACK_COVERED_BY_MERCHANT: tuple[bool, ...] = (False, False, False, True, False)
"""Liber Sophiae is covered by merchants (round spaces), every other track by traders."""

FULL_DEVELOPMENT_BONUS: tuple[int, ...] = (0, 4, 4, 4, 4)
"""Final scoring B: 4 prestige per fully developed ability, none for the keys."""

ACTIONS_EXTRA_LEVELS: tuple[int, ...] = (1, 3, 5)
"""Actiones levels whose uncovering (the first 3, the first 4, the 5) gives an action at once."""

TRADERS_PER_PLAYER = 27
MERCHANTS_PER_PLAYER = 4
START_SUPPLY_TRADERS: tuple[int, ...] = (5, 6, 7, 8, 9)
"""Traders in the supply (Vorrat) of the 1st..5th player; each also has one merchant there."""

NEUTRAL_TRADERS = 54
"""The neutral player's traders: two colours of 27 (2-player rules), one on the prestige track."""

BONUS_KINDS: tuple[str, ...] = (
    "extra_office",
    "swap_offices",
    "actions_3",
    "actions_4",
    "upgrade_ability",
    "remove_3",
)
BONUS_NAMES_DE: tuple[str, ...] = (
    "zusätzliche Niederlassung",
    "Niederlassungstausch",
    "+3 Aktionen",
    "+4 Aktionen",
    "+1 Eigenschaft",
    "3 Händlersteine entfernen",
)
BONUS_COUNTS: tuple[int, ...] = (4, 3, 2, 2, 2, 2)
"""All 15 markers of the 2009/14 German rules, golden ones included."""
GOLDEN_MARKERS: tuple[int, ...] = (0, 1, 5)
"""The three golden start markers: extra office, swap offices, remove 3 (indices of BONUS_KINDS)."""

BONUS_SCORE: tuple[int, ...] = (0, 1, 3, 3, 6, 6, 10, 10, 15, 15, 21)
"""Final scoring C by number of markers held (used or not); 10 or more give 21."""

BOARD_45_CITIES: tuple[CityData, ...] = (
    CityData(
        "Groningen",
        "Groningen",
        ((1, "square", True), (2, "round", False)),
        "book",
        "yellow",
        (85, 130),
    ),
    CityData(
        "Emden", "Emden", ((1, "round", False), (3, "square", False)), None, "plain", (288, 125)
    ),
    CityData("Stade", "Stade", ((1, "round", False),), "privilege", "yellow", (533, 84)),
    CityData(
        "Hamburg",
        "Hamburg",
        ((1, "square", False), (2, "square", False), (4, "square", False)),
        None,
        "plain",
        (743, 66),
    ),
    CityData(
        "Lübeck",
        "Luebeck",
        ((1, "square", True), (3, "square", False)),
        "bank",
        "yellow",
        (881, 75),
    ),
    CityData(
        "Kampen", "Kampen", ((2, "round", False), (4, "square", False)), None, "plain", (79, 234)
    ),
    CityData(
        "Osnabrück",
        "Osnabrueck",
        ((1, "square", False), (2, "square", False), (4, "square", False)),
        None,
        "plain",
        (275, 310),
    ),
    CityData(
        "Bremen", "Bremen", ((1, "round", False), (3, "square", False)), None, "plain", (491, 169)
    ),
    CityData(
        "Hannover",
        "Hannover",
        ((1, "square", False), (3, "square", False)),
        None,
        "plain",
        (606, 289),
    ),
    CityData(
        "Lüneburg",
        "Lueneburg",
        ((2, "round", False), (4, "square", False)),
        None,
        "plain",
        (770, 215),
    ),
    CityData(
        "Perleberg",
        "Perleberg",
        ((1, "square", False), (3, "square", False), (4, "round", False)),
        None,
        "plain",
        (915, 183),
    ),
    CityData(
        "Arnheim",
        "Arnheim",
        ((1, "square", False), (1, "round", False), (2, "square", False), (3, "square", False)),
        None,
        "red",
        (94, 380),
    ),
    CityData(
        "Münster",
        "Muenster",
        ((1, "round", False), (2, "square", False)),
        None,
        "plain",
        (285, 409),
    ),
    CityData(
        "Minden",
        "Minden",
        ((1, "square", False), (2, "square", False), (3, "square", False), (4, "square", False)),
        None,
        "plain",
        (466, 364),
    ),
    CityData("Brunswiek", "Brunswiek", ((2, "square", False),), None, "plain", (714, 339)),
    CityData(
        "Stendal",
        "Stendal",
        ((1, "square", False), (1, "round", False), (2, "square", False), (3, "square", False)),
        None,
        "red",
        (908, 370),
    ),
    CityData("Duisburg", "Duisburg", ((1, "square", False),), None, "plain", (109, 519)),
    CityData(
        "Dortmund",
        "Dortmund",
        ((1, "round", False), (2, "square", False), (3, "square", False)),
        None,
        "plain",
        (262, 513),
    ),
    CityData(
        "Paderborn",
        "Paderborn",
        ((1, "square", False), (4, "round", False)),
        None,
        "plain",
        (458, 530),
    ),
    CityData(
        "Hildesheim",
        "Hildesheim",
        ((1, "square", False), (4, "square", False)),
        None,
        "plain",
        (628, 434),
    ),
    CityData(
        "Goslar", "Goslar", ((1, "square", False), (4, "square", False)), None, "plain", (783, 482)
    ),
    CityData(
        "Magdeburg",
        "Magdeburg",
        ((1, "round", False), (2, "square", False)),
        None,
        "plain",
        (917, 535),
    ),
    CityData(
        "Coellen", "Coellen", ((1, "square", True), (3, "square", False)), None, "yellow", (79, 609)
    ),
    CityData(
        "Warburg",
        "Warburg",
        ((2, "square", False), (3, "square", False)),
        None,
        "plain",
        (369, 641),
    ),
    CityData(
        "Göttingen",
        "Goettingen",
        ((1, "square", False), (1, "round", False), (3, "square", False)),
        "actions",
        "yellow",
        (585, 615),
    ),
    CityData(
        "Quedlinburg",
        "Quedlinburg",
        ((2, "round", False), (3, "round", False)),
        None,
        "plain",
        (805, 562),
    ),
    CityData(
        "Halle", "Halle", ((1, "square", True), (2, "square", False)), "keys", "yellow", (885, 611)
    ),
)
BOARD_45_ROUTES: tuple[RouteData, ...] = (
    RouteData("Groningen", "Emden", 3, False),
    RouteData("Emden", "Osnabrück", 4, False),
    RouteData("Emden", "Stade", 3, False),
    RouteData("Stade", "Hamburg", 3, False),
    RouteData("Hamburg", "Lübeck", 3, False),
    RouteData("Bremen", "Hamburg", 4, False),
    RouteData("Hamburg", "Lüneburg", 4, False),
    RouteData("Kampen", "Osnabrück", 2, False),
    RouteData("Kampen", "Arnheim", 3, False),
    RouteData("Osnabrück", "Bremen", 3, True),
    RouteData("Bremen", "Minden", 3, False),
    RouteData("Bremen", "Hannover", 3, False),
    RouteData("Arnheim", "Münster", 3, False),
    RouteData("Arnheim", "Duisburg", 3, False),
    RouteData("Münster", "Minden", 3, False),
    RouteData("Minden", "Hannover", 3, False),
    RouteData("Minden", "Brunswiek", 4, False),
    RouteData("Minden", "Paderborn", 3, False),
    RouteData("Hannover", "Lüneburg", 3, False),
    RouteData("Lüneburg", "Perleberg", 3, True),
    RouteData("Perleberg", "Stendal", 3, False),
    RouteData("Brunswiek", "Stendal", 4, False),
    RouteData("Stendal", "Magdeburg", 3, False),
    RouteData("Duisburg", "Dortmund", 2, False),
    RouteData("Dortmund", "Paderborn", 3, False),
    RouteData("Paderborn", "Warburg", 3, False),
    RouteData("Paderborn", "Hildesheim", 3, False),
    RouteData("Hildesheim", "Goslar", 3, True),
    RouteData("Goslar", "Magdeburg", 2, False),
    RouteData("Goslar", "Quedlinburg", 4, False),
    RouteData("Coellen", "Warburg", 4, False),
    RouteData("Warburg", "Göttingen", 3, False),
    RouteData("Göttingen", "Quedlinburg", 3, False),
    RouteData("Quedlinburg", "Halle", 4, False),
)
BOARD_45_COELLEN_XY: tuple[tuple[int, int], ...] = ((156, 579), (194, 580), (230, 579), (267, 580))

BOARD_23_CITIES: tuple[CityData, ...] = (
    CityData(
        "Groningen",
        "Groningen",
        ((1, "square", True), (2, "round", False)),
        "book",
        "yellow",
        (89, 133),
    ),
    CityData(
        "Emden", "Emden", ((1, "round", False), (3, "square", False)), None, "plain", (291, 129)
    ),
    CityData("Stade", "Stade", ((1, "round", True),), "privilege", "yellow", (531, 88)),
    CityData(
        "Hamburg",
        "Hamburg",
        ((1, "square", False), (2, "square", False), (4, "square", False)),
        None,
        "plain",
        (737, 72),
    ),
    CityData(
        "Lübeck",
        "Luebeck",
        ((1, "square", True), (3, "square", False)),
        "bank",
        "yellow",
        (874, 79),
    ),
    CityData(
        "Kampen", "Kampen", ((2, "square", False), (4, "square", False)), None, "plain", (82, 238)
    ),
    CityData(
        "Osnabrück",
        "Osnabrueck",
        ((1, "square", False), (2, "square", False), (4, "square", False)),
        None,
        "plain",
        (276, 311),
    ),
    CityData("Bremen", "Bremen", ((3, "square", False),), None, "plain", (489, 175)),
    CityData(
        "Hannover",
        "Hannover",
        ((1, "square", False), (3, "square", False)),
        None,
        "plain",
        (602, 292),
    ),
    CityData("Lüneburg", "Lueneburg", ((1, "round", False),), None, "plain", (761, 215)),
    CityData(
        "Perleberg",
        "Perleberg",
        ((1, "square", False), (3, "square", False), (4, "round", False)),
        None,
        "plain",
        (906, 186),
    ),
    CityData(
        "Arnheim",
        "Arnheim",
        ((1, "square", False), (1, "round", False), (2, "square", False), (3, "square", False)),
        None,
        "red",
        (96, 380),
    ),
    CityData(
        "Münster",
        "Muenster",
        ((1, "round", False), (2, "square", False)),
        None,
        "plain",
        (285, 410),
    ),
    CityData(
        "Minden",
        "Minden",
        ((1, "square", False), (2, "square", False), (3, "square", False), (4, "square", False)),
        None,
        "plain",
        (465, 367),
    ),
    CityData("Brunswiek", "Brunswiek", ((2, "square", False),), None, "plain", (708, 341)),
    CityData(
        "Stendal",
        "Stendal",
        ((1, "square", False), (1, "round", False), (2, "square", False), (3, "square", False)),
        None,
        "red",
        (899, 371),
    ),
    CityData("Duisburg", "Duisburg", ((1, "square", False),), None, "plain", (112, 519)),
    CityData(
        "Dortmund",
        "Dortmund",
        ((1, "round", False), (2, "square", False)),
        None,
        "plain",
        (264, 512),
    ),
    CityData(
        "Paderborn",
        "Paderborn",
        ((1, "square", False), (4, "round", False)),
        None,
        "plain",
        (458, 530),
    ),
    CityData(
        "Hildesheim",
        "Hildesheim",
        ((1, "square", False), (4, "square", False)),
        None,
        "plain",
        (624, 436),
    ),
    CityData("Goslar", "Goslar", ((1, "square", False),), None, "plain", (778, 482)),
    CityData(
        "Magdeburg",
        "Magdeburg",
        ((1, "round", False), (2, "square", False)),
        None,
        "plain",
        (909, 535),
    ),
    CityData(
        "Coellen", "Coellen", ((1, "square", True), (3, "square", False)), None, "yellow", (84, 608)
    ),
    CityData(
        "Warburg", "Warburg", ((2, "square", True), (3, "square", False)), None, "plain", (368, 639)
    ),
    CityData(
        "Göttingen",
        "Goettingen",
        ((1, "square", False), (2, "square", False)),
        "actions",
        "yellow",
        (585, 616),
    ),
    CityData(
        "Quedlinburg",
        "Quedlinburg",
        ((2, "round", False), (3, "round", False)),
        None,
        "plain",
        (800, 562),
    ),
    CityData(
        "Halle", "Halle", ((1, "square", True), (2, "square", False)), "keys", "yellow", (877, 609)
    ),
)
BOARD_23_ROUTES: tuple[RouteData, ...] = (
    RouteData("Groningen", "Emden", 3, False),
    RouteData("Emden", "Osnabrück", 4, False),
    RouteData("Stade", "Hamburg", 3, False),
    RouteData("Hamburg", "Lübeck", 3, False),
    RouteData("Bremen", "Hamburg", 4, False),
    RouteData("Hamburg", "Lüneburg", 4, False),
    RouteData("Kampen", "Osnabrück", 2, False),
    RouteData("Kampen", "Arnheim", 3, False),
    RouteData("Osnabrück", "Bremen", 3, True),
    RouteData("Bremen", "Minden", 3, False),
    RouteData("Bremen", "Hannover", 3, False),
    RouteData("Arnheim", "Münster", 3, False),
    RouteData("Arnheim", "Duisburg", 3, False),
    RouteData("Münster", "Minden", 3, False),
    RouteData("Minden", "Hannover", 3, False),
    RouteData("Minden", "Brunswiek", 4, False),
    RouteData("Minden", "Paderborn", 3, False),
    RouteData("Hannover", "Lüneburg", 3, False),
    RouteData("Lüneburg", "Perleberg", 3, True),
    RouteData("Perleberg", "Stendal", 3, False),
    RouteData("Brunswiek", "Stendal", 4, False),
    RouteData("Stendal", "Magdeburg", 3, False),
    RouteData("Duisburg", "Dortmund", 2, False),
    RouteData("Dortmund", "Paderborn", 3, False),
    RouteData("Paderborn", "Warburg", 3, False),
    RouteData("Paderborn", "Hildesheim", 3, False),
    RouteData("Hildesheim", "Goslar", 3, True),
    RouteData("Goslar", "Magdeburg", 2, False),
    RouteData("Goslar", "Quedlinburg", 4, False),
    RouteData("Coellen", "Warburg", 4, False),
    RouteData("Göttingen", "Quedlinburg", 3, False),
    RouteData("Quedlinburg", "Halle", 4, False),
)
BOARD_23_COELLEN_XY: tuple[tuple[int, int], ...] = ((159, 578), (195, 578), (231, 577), (268, 578))
