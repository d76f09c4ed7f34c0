"""Actions of Die Speicherstadt: frozen value objects of ints, and their short text notation.

=============  ===============================  =================================================
kind           text                             meaning
=============  ===============================  =================================================
draw_card      ``draw base.ship.B``             chance: the next card of the draw pile
draw_cube      ``cube coffee``                  chance: a cube from the bag onto a ship
place_worker   ``place 2``                      a worker on offered card 2 (Nachfrage)
reserve        ``reserve 1``                    Kaispeicher: reserve card 1 of the upper row
pause          ``pause``                        Kaffeepause: play a break card instead
done           ``done``                         end one's loading / LKW use / grey workers
spy            ``spy 0.1 2.0``                  Spitzel: swap own worker (card.level) with another
buy            ``buy``                          buy the card at its price (Kauf)
buy_free       ``buyfree``                      Fischmarkt: take the card for free
decline        ``decline``                      do not buy / do not use the offered card
load           ``load coffee ship>contract0``   move one cube from a source to a destination
exchange       ``exchange coffee+tea+rubber>carpet``  market hall 3:1 (Hafenmeister 2:1)
sell           ``sell coffee+tea``              market hall 2 cubes for 1 coin
auction        ``auction glass>sell``           Auktionshalle: a good from the supply, loaded
smuggle        ``smuggle 1/0 tea>contract2``    Schmuggler: seat 1's contract 0 gives up a tea
truck          ``truck 0 coffee>1``             LKW: a coffee from own contract 0 to contract 1
double         ``double``                       Einsatzleiter: win this fire's points again
insure         ``insure``                       Versicherung: pay 2 coins against the minus points
=============  ===============================  =================================================

Sources of a cube: ``ship`` (the cargo of ships bought this round), ``warehouse`` (Lager), ``hall``
(the cube kept in the market hall). Destinations: ``contract<k>`` (the seat's k-th contract),
``sell`` (the seat's Kaufmann or Händler for that good), ``deliver`` (the seat's Kaispeicher
delivery building for that good, 2 VP), ``warehouse``, ``hall``; for the Auktionshalle and the
Schmuggler also ``market`` (the cube joins the cargo and the next move must be a market-hall
exchange or sale that gives it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hanse.core import IllegalActionError
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, GOOD_NAMES

SRC_SHIP, SRC_WAREHOUSE, SRC_HALL = range(3)
SOURCE_NAMES = ("ship", "warehouse", "hall")
DST_WAREHOUSE, DST_HALL, DST_SELL, DST_DELIVER, DST_CONTRACT = range(5)
"""Destinations; DST_CONTRACT + k is the seat's k-th contract."""
MAX_CONTRACTS = 16
"""No seat can own more contracts than exist (10 base + 6 Kaispeicher)."""
DST_MARKET = DST_CONTRACT + MAX_CONTRACTS
"""Auktionshalle / Schmuggler only: the cube is used in the market hall at once — the next move is
an exchange or a sale that gives it ("mit einer deiner Karten nutzen": the Markthallenkarte)."""


@dataclass(frozen=True, slots=True)
class DrawCard:
    kind: ClassVar[str] = "draw_card"
    card: int


@dataclass(frozen=True, slots=True)
class DrawCube:
    kind: ClassVar[str] = "draw_cube"
    good: int


@dataclass(frozen=True, slots=True)
class PlaceWorker:
    kind: ClassVar[str] = "place_worker"
    card: int


@dataclass(frozen=True, slots=True)
class Reserve:
    kind: ClassVar[str] = "reserve"
    card: int


@dataclass(frozen=True, slots=True)
class Pause:
    kind: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Done:
    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Spy:
    """Positions are card * 8 + level; cards count the water fields, then the reserved cards."""

    kind: ClassVar[str] = "spy"
    own: int
    other: int


@dataclass(frozen=True, slots=True)
class Buy:
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class BuyFree:
    kind: ClassVar[str] = "buy_free"


@dataclass(frozen=True, slots=True)
class Decline:
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Load:
    kind: ClassVar[str] = "load"
    good: int
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Exchange:
    kind: ClassVar[str] = "exchange"
    give: tuple[int, ...]
    take: int


@dataclass(frozen=True, slots=True)
class Sell:
    kind: ClassVar[str] = "sell"
    give: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Auction:
    kind: ClassVar[str] = "auction"
    good: int
    dst: int


@dataclass(frozen=True, slots=True)
class Smuggle:
    kind: ClassVar[str] = "smuggle"
    victim: int
    contract: int
    good: int
    dst: int


@dataclass(frozen=True, slots=True)
class Truck:
    kind: ClassVar[str] = "truck"
    source: int
    good: int
    target: int


@dataclass(frozen=True, slots=True)
class Double:
    kind: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Insure:
    kind: ClassVar[str] = "insure"


ACTION_CLASSES: tuple[type, ...] = (
    DrawCard,
    DrawCube,
    PlaceWorker,
    Reserve,
    Pause,
    Done,
    Spy,
    Buy,
    BuyFree,
    Decline,
    Load,
    Exchange,
    Sell,
    Auction,
    Smuggle,
    Truck,
    Double,
    Insure,
)

_SIMPLE_TEXT: dict[type, str] = {
    Pause: "pause",
    Done: "done",
    Buy: "buy",
    BuyFree: "buyfree",
    Decline: "decline",
    Double: "double",
    Insure: "insure",
}
_SIMPLE_PARSE = {text: cls() for cls, text in _SIMPLE_TEXT.items()}
_GOOD_INDEX = {name: i for i, name in enumerate(GOOD_NAMES)}


def dst_name(dst: int) -> str:
    if dst == DST_MARKET:
        return "market"
    if dst >= DST_CONTRACT:
        return f"contract{dst - DST_CONTRACT}"
    return ("warehouse", "hall", "sell", "deliver")[dst]


def _pos_text(pos: int) -> str:
    return f"{pos // 8}.{pos % 8}"


def to_str(action: object) -> str:
    """The short notation of an action (see the module docstring)."""
    match action:
        case DrawCard(card):
            return f"draw {ALL_CARDS[card].key}"
        case DrawCube(good):
            return f"cube {GOOD_NAMES[good]}"
        case PlaceWorker(card):
            return f"place {card}"
        case Reserve(card):
            return f"reserve {card}"
        case Spy(own, other):
            return f"spy {_pos_text(own)} {_pos_text(other)}"
        case Load(good, src, dst):
            return f"load {GOOD_NAMES[good]} {SOURCE_NAMES[src]}>{dst_name(dst)}"
        case Exchange(give, take):
            return f"exchange {'+'.join(GOOD_NAMES[g] for g in give)}>{GOOD_NAMES[take]}"
        case Sell(give):
            return f"sell {'+'.join(GOOD_NAMES[g] for g in give)}"
        case Auction(good, dst):
            return f"auction {GOOD_NAMES[good]}>{dst_name(dst)}"
        case Smuggle(victim, contract, good, dst):
            return f"smuggle {victim}/{contract} {GOOD_NAMES[good]}>{dst_name(dst)}"
        case Truck(source, good, target):
            return f"truck {source} {GOOD_NAMES[good]}>{target}"
    text = _SIMPLE_TEXT.get(type(action))
    if text is None:
        raise IllegalActionError(f"not a Speicherstadt action: {action!r}")
    return text


def _int(text: str, what: str, low: int, high: int) -> int:
    if not text.isdigit() or not (low <= int(text) <= high):
        raise IllegalActionError(f"{what} must be a whole number from {low} to {high}: {text!r}")
    return int(text)


def _good(text: str) -> int:
    if text not in _GOOD_INDEX:
        raise IllegalActionError(f"unknown good {text!r}; goods: {', '.join(GOOD_NAMES)}")
    return _GOOD_INDEX[text]


def _goods(text: str, size: tuple[int, ...]) -> tuple[int, ...]:
    goods = tuple(sorted(_good(part) for part in text.split("+")))
    if len(goods) not in size:
        raise IllegalActionError(f"expected {' or '.join(map(str, size))} goods: {text!r}")
    return goods


def _dst(text: str) -> int:
    names = {
        "warehouse": DST_WAREHOUSE,
        "hall": DST_HALL,
        "sell": DST_SELL,
        "deliver": DST_DELIVER,
        "market": DST_MARKET,
    }
    if text in names:
        return names[text]
    if text.startswith("contract"):
        return DST_CONTRACT + _int(text[8:], "a contract number", 0, MAX_CONTRACTS - 1)
    raise IllegalActionError(
        f"unknown destination {text!r}: warehouse, hall, sell, deliver, market or contract<k>"
    )


def _pos(text: str) -> int:
    card, sep, level = text.partition(".")
    if not sep:
        raise IllegalActionError(f"a worker position is card.level: {text!r}")
    return _int(card, "a card index", 0, 63) * 8 + _int(level, "a level", 0, 7)


def _arrow(text: str) -> tuple[str, str]:
    left, sep, right = text.partition(">")
    if not sep:
        raise IllegalActionError(f"expected source>destination: {text!r}")
    return left, right


def from_str(text: str) -> object:
    """Parse the notation; IllegalActionError on malformed text."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action text is a string: {text!r}")
    words = text.split()
    if not words:
        raise IllegalActionError("empty action text")
    head, args = words[0], words[1:]
    if head in _SIMPLE_PARSE and not args:
        return _SIMPLE_PARSE[head]
    if head == "draw" and len(args) == 1:
        if args[0] not in CARD_INDEX:
            raise IllegalActionError(f"unknown card {args[0]!r}")
        return DrawCard(CARD_INDEX[args[0]])
    if head == "cube" and len(args) == 1:
        return DrawCube(_good(args[0]))
    if head == "place" and len(args) == 1:
        return PlaceWorker(_int(args[0], "a card index", 0, 63))
    if head == "reserve" and len(args) == 1:
        return Reserve(_int(args[0], "a card index", 0, 63))
    if head == "spy" and len(args) == 2:
        return Spy(_pos(args[0]), _pos(args[1]))
    if head == "load" and len(args) == 2:
        good = _good(args[0])
        src_text, dst_text = _arrow(args[1])
        if src_text not in SOURCE_NAMES:
            raise IllegalActionError(f"unknown source {src_text!r}: ship, warehouse or hall")
        return Load(good, SOURCE_NAMES.index(src_text), _dst(dst_text))
    if head == "exchange" and len(args) == 1:
        give_text, take_text = _arrow(args[0])
        return Exchange(_goods(give_text, (2, 3)), _good(take_text))
    if head == "sell" and len(args) == 1:
        return Sell(_goods(args[0], (2,)))
    if head == "auction" and len(args) == 1:
        good_text, dst_text = _arrow(args[0])
        return Auction(_good(good_text), _dst(dst_text))
    if head == "smuggle" and len(args) == 2:
        victim, sep, contract = args[0].partition("/")
        if not sep:
            raise IllegalActionError(f"smuggle takes seat/contract: {args[0]!r}")
        good_text, dst_text = _arrow(args[1])
        return Smuggle(
            _int(victim, "a seat", 0, 4),
            _int(contract, "a contract number", 0, MAX_CONTRACTS - 1),
            _good(good_text),
            _dst(dst_text),
        )
    if head == "truck" and len(args) == 2:
        good_text, target = _arrow(args[1])
        return Truck(
            _int(args[0], "a contract number", 0, MAX_CONTRACTS - 1),
            _good(good_text),
            _int(target, "a contract number", 0, MAX_CONTRACTS - 1),
        )
    raise IllegalActionError(f"cannot read the Speicherstadt action {text!r}")
