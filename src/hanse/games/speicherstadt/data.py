"""Frozen static content of Die Speicherstadt and Kaispeicher: goods and trade cards.

Transcribed from ``reference/speicherstadt/cards.json`` (see its SOURCES.md). One :class:`Card` is
one distinct card design in one season deck ("Stapel"); ``count`` is the number of identical copies.
Entries marked ``reconstructed=True`` carry values that no source publishes (the goods on the base
contracts, the fireman value per design, the Kaispeicher ship capacities, contract goods and fireman
values per deck); they live here only, so that the true values can replace them without touching
the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- goods (Warensteine) ------------------------------------------------------------------------
COFFEE, TEA, SAFFRON, RUBBER, CARPET, HEMP, CLOTH, GLASS = range(8)
GOOD_NAMES: tuple[str, ...] = (
    "coffee",
    "tea",
    "saffron",
    "rubber",
    "carpet",
    "hemp",
    "cloth",
    "glass",
)
GOOD_NAMES_DE: tuple[str, ...] = (
    "Kaffee",
    "Tee",
    "Safran",
    "Kautschuk",
    "Teppich",
    "Hanf",
    "Tuch",
    "Glas",
)
BASE_GOODS = 5
"""Coffee to carpet; Kaispeicher adds hemp, cloth and glass (goods 5 to 7)."""
ALL_GOODS = 8
CUBES_PER_BASE_GOOD = 9
CUBES_PER_NEW_GOOD = 3

# -- seasons (Rückseiten) -----------------------------------------------------------------------
SEASONS = "ABCDE"
"""Winter (A), Frühling (B), Sommer (C), Herbst (D), 4. Brand (E)."""

# -- card kinds ----------------------------------------------------------------------------------
MERCHANT = 0  # Kaufmann: sells its good for 1 coin per cube; 1 VP at the end
SHIP = 1  # Schiff: 3 (Kaispeicher: 1 or 2) cubes from the bag when revealed
WAREHOUSE = 2  # Lager: stores up to 4 cubes; 1 VP per stored cube
KONTOR = 3  # Kontor: 2/5/9/14 VP for 1/2/3/4 or more
POINTS = 4  # reines Punktgebäude: fixed VP (St. Michaelis, Flussschifferkirche, ...)
PORT = 5  # Hafen: 1 VP per ship
CHAMBER = 6  # Handelskammer: 1 VP per coin
BANK = 7  # Bank: +1 coin income
CONTRACT = 8  # Auftrag
FIREMAN = 9  # Feuerwehrmann
FIRE = 10  # Brand
PROCESSOR = 11  # Kaffeerösterei etc.: 2 VP per delivered cube of its good
TRADER = 12  # Schneiderin, Glasbläser, Seilmacher: 3 coins per cube of its good
PRESS = 13  # Presse: 1 VP per fireman
MAYOR = 14  # Bürgermeister: doubles the best pure points building
HARBOUR_TOUR = 15  # Hafenrundfahrt: 1 VP per pure points building
DEICHTORHALLEN = 16  # Deichtorhallen: 1 VP per Händler
ACCOUNTANT = 17  # Buchhalter: 1 VP per contract
SPY = 18  # Spitzel: swap two workers once before the purchase
FISH_MARKET = 19  # Fischmarkt: take one card for free once
HARBOUR_MASTER = 20  # Hafenmeister: exchanges are 2:1
SAVINGS_BANK = 21  # Sparkasse: 4 coins when bought
THIEF = 22  # Dieb: 1 coin from each opponent when bought
AUCTION_HALL = 23  # Auktionshalle: once a good from the reserve
SMUGGLER = 24  # Schmuggler: once a good from an opponent's incomplete contract
TRUCK = 25  # LKW: once move up to 3 cubes between own contracts
COFFEE_BREAK = 26  # Kaffeepause: two break cards
WAREHOUSE_WORKERS = 27  # Lagerarbeiter: two grey workers
FIRE_CHIEF = 28  # Einsatzleiter: once double the points won at a fire
INSURANCE = 29  # Versicherung: pay 2 coins to avoid a fire's minus points
FIRE_ENGINE = 30  # Löschzug: doubles the highest own fireman
KIND_COUNT = 31

KONTOR_POINTS: tuple[int, ...] = (0, 2, 5, 9, 14)
"""Kontor scoring by number owned; capped at 14 (Kaispeicher: "Mehr als 14 Punkte ... nicht")."""

WAREHOUSE_CAPACITY = 4
MARKET_HALL_CAPACITY = 1
BUILDING_SPACES = 8
START_COINS = 5
INSURANCE_COST = 2
SAVINGS_BANK_COINS = 4
TRUCK_MOVES = 3
BREAK_CARDS = 2
GREY_WORKERS = 2


@dataclass(frozen=True)
class Card:
    """One card design of one season deck, as transcribed from cards.json."""

    key: str
    """The stable id of cards.json (e.g. ``base.ship.B``); views and determinize use it."""
    name: str
    """German display name (the rules' name; firemen carry their value, e.g. "Feuerwehrmann 3")."""
    name_en: str
    season: int
    kind: int
    count: int = 1
    good: int = -1
    """The good of a merchant, processor or trader."""
    value: int = 0
    """Ship capacity, fireman value, fixed VP of a points building, or the fire's points."""
    goods: tuple[int, ...] = ()
    """The goods a contract needs, one slot each."""
    points: int = 0
    """VP of a complete contract."""
    expansion: bool = False
    removed_for: tuple[int, ...] = ()
    """Player counts for which the card goes back to the box (Spielvorbereitung 9)."""
    reconstructed: bool = False


A, B, C, D, E = range(5)


def _merchant(key: str, name: str, name_en: str, good: int) -> Card:
    return Card(key, name, name_en, A, MERCHANT, good=good, value=1)


def _contract(key: str, season: int, goods: tuple[int, ...], points: int, exp: bool) -> Card:
    return Card(
        key,
        "Auftrag",
        "Contract",
        season,
        CONTRACT,
        goods=goods,
        points=points,
        expansion=exp,
        reconstructed=True,
    )


def _fireman(key: str, season: int, value: int, exp: bool, removed: tuple[int, ...] = ()) -> Card:
    return Card(
        key,
        f"Feuerwehrmann {value}",
        f"Fireman {value}",
        season,
        FIREMAN,
        value=value,
        expansion=exp,
        removed_for=removed,
        reconstructed=True,
    )


BASE_CARDS: tuple[Card, ...] = (
    _merchant("base.merchant.coffee", "Kaffeeröster", "Coffee Roaster", COFFEE),
    _merchant("base.merchant.tea", "Teeverkoster", "Tea Taster", TEA),
    _merchant("base.merchant.saffron", "Gewürzhändler", "Spice Merchant", SAFFRON),
    _merchant("base.merchant.rubber", "Vulkaniseur", "Vulcanizer", RUBBER),
    _merchant("base.merchant.carpet", "Teppichhändler", "Carpet Trader", CARPET),
    Card("base.ship.B", "Schiff", "Ship", B, SHIP, count=5, value=3),
    Card("base.ship.C", "Schiff", "Ship", C, SHIP, count=5, value=3),
    Card("base.ship.D", "Schiff", "Ship", D, SHIP, count=5, value=3),
    Card("base.warehouse", "Lager", "Warehouse", A, WAREHOUSE),
    Card("base.kontor.A", "Kontor", "Counting House", A, KONTOR),
    Card("base.kontor.B", "Kontor", "Counting House", B, KONTOR),
    Card("base.kontor.D", "Kontor", "Counting House", D, KONTOR, count=2),
    Card("base.st_michaelis", "St. Michaelis", "St. Michaelis", D, POINTS, value=4),
    Card("base.port", "Hafen", "Port", D, PORT, removed_for=(2,)),
    Card("base.chamber_of_commerce", "Handelskammer", "Chamber of Commerce", D, CHAMBER),
    Card("base.bank", "Bank", "Bank", C, BANK),
    Card(
        "base.boatsmen_church",
        "Flussschifferkirche",
        "Boatsmen Church",
        D,
        POINTS,
        value=3,
        removed_for=(3, 5),
    ),
    _contract("base.contract.1", A, (COFFEE, CARPET), 5, False),
    _contract("base.contract.2", A, (COFFEE, TEA, CARPET), 8, False),
    _contract("base.contract.3", A, (COFFEE, TEA, SAFFRON, RUBBER), 11, False),
    _contract("base.contract.4", B, (TEA, CARPET), 5, False),
    _contract("base.contract.5", B, (COFFEE, SAFFRON, RUBBER), 8, False),
    _contract("base.contract.6", B, (TEA, SAFFRON, RUBBER, CARPET), 11, False),
    _contract("base.contract.7", C, (SAFFRON, RUBBER), 5, False),
    _contract("base.contract.8", C, (TEA, SAFFRON, CARPET), 8, False),
    _contract("base.contract.9", C, (COFFEE, TEA, RUBBER), 8, False),
    _contract("base.contract.10", C, (COFFEE, SAFFRON, RUBBER, CARPET), 11, False),
    _fireman("base.fireman.1.A", A, 1, False),
    _fireman("base.fireman.1.B", B, 1, False),
    _fireman("base.fireman.2.A", A, 2, False),
    _fireman("base.fireman.2.B", B, 2, False),
    _fireman("base.fireman.3.B", B, 3, False),
    _fireman("base.fireman.3.C", C, 3, False),
    _fireman("base.fireman.3.D", D, 3, False, removed=(2, 3, 5)),
    _fireman("base.fireman.4.C", C, 4, False),
    _fireman("base.fireman.4.D", D, 4, False),
    _fireman("base.fireman.5.D", D, 5, False),
    Card("base.fire.1", "1. Brand", "Fire 1", B, FIRE, value=1),
    Card("base.fire.2", "2. Brand", "Fire 2", C, FIRE, value=2),
    Card("base.fire.3", "3. Brand", "Fire 3", D, FIRE, value=3),
    Card("base.fire.4", "4. Brand", "4th Fire", E, FIRE, value=4),
)


def _kai(key: str, name: str, name_en: str, season: int, kind: int, **fields: object) -> Card:
    return Card(key, name, name_en, season, kind, expansion=True, **fields)  # type: ignore[arg-type]


KAISPEICHER_CARDS: tuple[Card, ...] = (
    _kai("kai.ship.B.1", "Schiff", "Ship", B, SHIP, value=1, reconstructed=True),
    _kai("kai.ship.B.2", "Schiff", "Ship", B, SHIP, value=2, reconstructed=True),
    _kai("kai.ship.C.1", "Schiff", "Ship", C, SHIP, value=1, reconstructed=True),
    _kai("kai.ship.C.2", "Schiff", "Ship", C, SHIP, value=2, reconstructed=True),
    _kai("kai.ship.D.1", "Schiff", "Ship", D, SHIP, value=1, reconstructed=True),
    _kai("kai.ship.D.2", "Schiff", "Ship", D, SHIP, value=2, reconstructed=True),
    _contract("kai.contract.1", B, (HEMP,), 4, True),
    _contract("kai.contract.2", B, (CLOTH, GLASS), 8, True),
    _contract("kai.contract.3", C, (CLOTH,), 4, True),
    _contract("kai.contract.4", C, (HEMP, GLASS), 8, True),
    _contract("kai.contract.5", D, (GLASS,), 4, True),
    _contract("kai.contract.6", D, (HEMP, CLOTH), 8, True),
    _kai("kai.kontor.C", "Kontor", "Counting House", C, KONTOR),
    _kai("kai.kontor.D", "Kontor", "Counting House", D, KONTOR),
    _kai("kai.processor.coffee", "Kaffeerösterei", "Coffee Roastery", A, PROCESSOR, good=COFFEE),
    _kai("kai.processor.tea", "Teestube", "Tea Room", A, PROCESSOR, good=TEA),
    _kai("kai.processor.saffron", "Gewürzspeicher", "Spice Warehouse", A, PROCESSOR, good=SAFFRON),
    _kai("kai.processor.rubber", "Gummifabrik", "Rubber Factory", A, PROCESSOR, good=RUBBER),
    _kai("kai.processor.carpet", "Teppichlager", "Carpet Warehouse", A, PROCESSOR, good=CARPET),
    _kai("kai.trader.cloth", "Schneiderin", "Seamstress", A, TRADER, good=CLOTH),
    _kai("kai.trader.glass", "Glasbläser", "Glassblower", A, TRADER, good=GLASS),
    _kai("kai.trader.hemp", "Seilmacher", "Rope Maker", B, TRADER, good=HEMP),
    _kai("kai.points.1", "Leuchtturm", "Lighthouse", B, POINTS, value=1),
    _kai("kai.points.2", "Schauspielhaus", "Theatre", B, POINTS, value=2),
    _kai("kai.points.3", "Davidwache", "Davidwache (police station)", D, POINTS, value=3),
    _kai("kai.points.4", "Musikhalle", "Music Hall", D, POINTS, value=4),
    _kai("kai.points.5", "Rathaus", "City Hall", D, POINTS, value=5),
    _kai("kai.presse", "Presse", "Press", C, PRESS),
    _kai("kai.buergermeister", "Bürgermeister", "Mayor", D, MAYOR, removed_for=(2, 3, 5)),
    _kai("kai.hafenrundfahrt", "Hafenrundfahrt", "Harbour Tour", D, HARBOUR_TOUR),
    _kai("kai.deichtorhallen", "Deichtorhallen", "Deichtorhallen", D, DEICHTORHALLEN),
    _kai("kai.buchhalter", "Buchhalter", "Accountant", D, ACCOUNTANT),
    _kai("kai.spitzel", "Spitzel", "Spy", A, SPY),
    _kai("kai.fischmarkt", "Fischmarkt", "Fish Market", B, FISH_MARKET),
    _kai("kai.hafenmeister", "Hafenmeister", "Harbour Master", B, HARBOUR_MASTER),
    _kai("kai.sparkasse", "Sparkasse", "Savings Bank", C, SAVINGS_BANK),
    _kai("kai.dieb", "Dieb", "Thief", C, THIEF),
    _kai("kai.auktionshalle", "Auktionshalle", "Auction Hall", C, AUCTION_HALL),
    _kai("kai.schmuggler", "Schmuggler", "Smugglers", C, SMUGGLER),
    _kai("kai.lkw", "LKW", "Truck", D, TRUCK, removed_for=(2, 3, 5)),
    _kai("kai.kaffeepause", "Kaffeepause", "Coffee Break", A, COFFEE_BREAK),
    _kai("kai.lagerarbeiter", "Lagerarbeiter", "Warehouse Workers", B, WAREHOUSE_WORKERS),
    _kai("kai.einsatzleiter", "Einsatzleiter", "Fire Chief", A, FIRE_CHIEF),
    _kai("kai.versicherung", "Versicherung", "Insurance", B, INSURANCE),
    _kai("kai.loeschzug", "Löschzug", "Fire Engine", C, FIRE_ENGINE),
    _fireman("kai.fireman.1.A", A, 1, True),
    _fireman("kai.fireman.2.A", A, 2, True),
    _fireman("kai.fireman.3.B", B, 3, True),
    _fireman("kai.fireman.4.C", C, 4, True),
    _fireman("kai.fireman.5.D", D, 5, True),
)

ALL_CARDS: tuple[Card, ...] = BASE_CARDS + KAISPEICHER_CARDS
"""Every card design; a card in a state is an index into this tuple."""

CARD_INDEX: dict[str, int] = {card.key: i for i, card in enumerate(ALL_CARDS)}
