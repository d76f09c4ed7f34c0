"""Static content of Lübeck: the map, the 60 cards and the set-up numbers.

**Reconstruction.** The true board graph and card list of Lübeck are not published. The rows
below transcribe ``shared/reference/luebeck/luebeck.json`` (see its ``SOURCES.md``): every item
the rulebook states is marked ``# rulebook``; everything else is an invented, rule-consistent
stand-in. One edge is added to that reference: **Visby → Helsingborg**, because the rulebook's own
Verdoppelung example moves a cog "von Visby nach Helsingborg". Replace the literals in this module
when the real board and cards are known; the rules only read the derived tables at the bottom.

Cities, cards and cogs are ints everywhere else: a city is an index into :data:`CITIES`, a card
*kind* is an index into :data:`KINDS` (a deck is a multiset of kinds), and a cog on the map is the
code ``city << 5 | figures`` where bit ``p`` of ``figures`` says that seat ``p`` has a figure on it.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- Spielplan: cities and arrows ------------------------------------------------------------

CITIES: Final = (
    "Lübeck",  # rulebook: the start city of every voyage
    "Stettin",  # rulebook
    "Danzig",  # rulebook
    "Riga",  # rulebook
    "Visby",  # rulebook
    "Helsingborg",  # rulebook
    "Bergen",  # rulebook
    "Hamburg",  # rulebook
    "Reval",  # rulebook: end station
    "London",  # rulebook: end station
    "Brügge",  # rulebook: end station
)
START_CITY: Final = "Lübeck"
END_STATIONS: Final = ("Reval", "London", "Brügge")  # rulebook, "Nach der Runde"
HANDELSFAHRT_CITIES: Final = ("Stettin", "Danzig", "Riga", "Visby", "Helsingborg")  # rulebook

EDGE_ROWS: Final = (
    ("Lübeck", "Stettin"),  # reconstructed
    ("Stettin", "Danzig"),  # rulebook ("von Stettin nach Danzig")
    ("Danzig", "Riga"),  # rulebook (orange line, the Danzig example)
    ("Riga", "Reval"),  # reconstructed
    ("Lübeck", "Visby"),  # reconstructed
    ("Visby", "Riga"),  # reconstructed
    ("Visby", "Helsingborg"),  # rulebook (Verdoppelung example); not in luebeck.json
    ("Lübeck", "Helsingborg"),  # reconstructed
    ("Helsingborg", "Bergen"),  # rulebook
    ("Helsingborg", "Hamburg"),  # rulebook
    ("Bergen", "London"),  # reconstructed
    ("Hamburg", "Brügge"),  # reconstructed
)

# -- Spielkarten: (type, city, value, copies); all counts and values reconstructed ------------

GOODS: Final = "goods"  # Warenkarte
HANDELSFAHRT: Final = "handelsfahrt"
VERDOPPELUNG: Final = "verdoppelung"
PIRATEN: Final = "piraten"
SCHIFFSWECHSEL: Final = "schiffswechsel"

CARD_ROWS: Final = (
    (GOODS, "Stettin", 1, 2),
    (GOODS, "Stettin", 2, 2),
    (GOODS, "Stettin", 3, 1),
    (GOODS, "Visby", 1, 2),
    (GOODS, "Visby", 2, 2),
    (GOODS, "Visby", 3, 1),
    (GOODS, "Helsingborg", 1, 2),
    (GOODS, "Helsingborg", 2, 2),
    (GOODS, "Helsingborg", 3, 1),
    (GOODS, "Danzig", 2, 1),
    (GOODS, "Danzig", 3, 2),
    (GOODS, "Danzig", 4, 1),
    (GOODS, "Riga", 2, 1),
    (GOODS, "Riga", 3, 2),
    (GOODS, "Riga", 4, 1),
    (GOODS, "Bergen", 2, 1),
    (GOODS, "Bergen", 3, 2),
    (GOODS, "Bergen", 4, 1),
    (GOODS, "Hamburg", 2, 1),
    (GOODS, "Hamburg", 3, 2),
    (GOODS, "Hamburg", 4, 1),
    (GOODS, "Reval", 4, 1),
    (GOODS, "Reval", 5, 2),
    (GOODS, "Reval", 6, 1),
    (GOODS, "London", 4, 1),
    (GOODS, "London", 5, 2),
    (GOODS, "London", 6, 1),
    (GOODS, "Brügge", 4, 1),
    (GOODS, "Brügge", 5, 2),
    (GOODS, "Brügge", 6, 1),
    (HANDELSFAHRT, "Stettin", 0, 1),
    (HANDELSFAHRT, "Danzig", 0, 1),
    (HANDELSFAHRT, "Riga", 0, 1),
    (HANDELSFAHRT, "Visby", 0, 1),
    (HANDELSFAHRT, "Helsingborg", 0, 1),
    (VERDOPPELUNG, "Stettin", 0, 1),
    (VERDOPPELUNG, "Danzig", 0, 1),
    (VERDOPPELUNG, "Riga", 0, 1),
    (VERDOPPELUNG, "Visby", 0, 1),
    (VERDOPPELUNG, "Helsingborg", 0, 1),
    (PIRATEN, None, 0, 3),
    (SCHIFFSWECHSEL, None, 0, 4),
)
TOTAL_CARDS: Final = 60  # rulebook, "Spielmaterial"

# -- Vorbereitung: numbers by player count (rulebook) ----------------------------------------

TOTAL_COGS: Final = 6
COGS_BY_PLAYERS: Final = {3: 4, 4: 5, 5: 6}
PACKS_BY_PLAYERS: Final = {3: 5, 4: 6, 5: 7}
CARDS_DEALT: Final = 3
FIGURES_PER_PLAYER: Final = 2  # the third figure of a colour marks the score track
HAND_LIMIT: Final = 3  # "sobald er drei Karten oder weniger auf der Hand hat"
SPECIAL_CARD_COST: Final = 1  # "für eine Sonderkarte jeweils 1"

# -- Derived tables (the rules read only these) ----------------------------------------------

T_GOODS, T_HANDELSFAHRT, T_VERDOPPELUNG, T_PIRATEN, T_SCHIFFSWECHSEL = range(5)
_TYPE_CODE = {
    GOODS: T_GOODS,
    HANDELSFAHRT: T_HANDELSFAHRT,
    VERDOPPELUNG: T_VERDOPPELUNG,
    PIRATEN: T_PIRATEN,
    SCHIFFSWECHSEL: T_SCHIFFSWECHSEL,
}
CITY_INDEX: Final = {name: i for i, name in enumerate(CITIES)}
N_CITIES: Final = len(CITIES)
LUEBECK: Final = CITY_INDEX[START_CITY]
END_STATION_SET: Final = frozenset(CITY_INDEX[c] for c in END_STATIONS)
COG_SHIFT: Final = 5  # cog code = city << COG_SHIFT | figure mask (5 seats)
FIGURE_MASK: Final = (1 << COG_SHIFT) - 1

SUCCESSORS: Final = tuple(
    tuple(sorted(CITY_INDEX[b] for a, b in EDGE_ROWS if CITY_INDEX[a] == c))
    for c in range(N_CITIES)
)
PREDECESSORS: Final = tuple(
    tuple(sorted(CITY_INDEX[a] for a, b in EDGE_ROWS if CITY_INDEX[b] == c))
    for c in range(N_CITIES)
)


class Kind(NamedTuple):
    """One distinct card: its type code, city index (-1: none), value and label."""

    type: int
    city: int
    value: int
    copies: int
    label: str


def _label(kind: str, city: str | None, value: int) -> str:
    if kind == GOODS:
        return f"{city} {value}"
    if kind == HANDELSFAHRT:
        return f"Handelsfahrt {city}"
    if kind == VERDOPPELUNG:
        return f"Verdoppelung {city}"
    return "Piraten" if kind == PIRATEN else "Schiffswechsel"


KINDS: Final = tuple(
    Kind(_TYPE_CODE[k], -1 if c is None else CITY_INDEX[c], v, n, _label(k, c, v))
    for k, c, v, n in CARD_ROWS
)
N_KINDS: Final = len(KINDS)
KIND_TYPE: Final = tuple(k.type for k in KINDS)
KIND_CITY: Final = tuple(k.city for k in KINDS)
KIND_VALUE: Final = tuple(k.value for k in KINDS)
KIND_COPIES: Final = tuple(k.copies for k in KINDS)
LABELS: Final = tuple(k.label for k in KINDS)
LABEL_TO_KIND: Final = {label: i for i, label in enumerate(LABELS)}
# "Karte abwerfen" and the final scoring: a goods card costs its value, a special card 1.
KIND_COST: Final = tuple(k.value if k.type == T_GOODS else SPECIAL_CARD_COST for k in KINDS)
# Cities a cog may stand in for a goods or Verdoppelung card of the kind to be playable:
# the card's city itself, or a city with an arrow into it ("Kartenaktionen").
PLAYABLE_FROM: Final = tuple(
    frozenset((k.city, *PREDECESSORS[k.city]))
    if k.type in (T_GOODS, T_VERDOPPELUNG)
    else frozenset()
    for k in KINDS
)
VERDOPPELUNG_OF_CITY: Final = tuple(
    next((i for i, k in enumerate(KINDS) if k.type == T_VERDOPPELUNG and k.city == c), -1)
    for c in range(N_CITIES)
)
FULL_DECK: Final = KIND_COPIES

assert sum(KIND_COPIES) == TOTAL_CARDS, "the deck must hold 60 cards"
assert len(set(LABELS)) == N_KINDS, "card labels must be distinct"
