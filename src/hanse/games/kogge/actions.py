"""Actions of Kogge (frozen value objects of ints), the pending decisions and the text notation.

Goods are written with the letters ``o f a s`` (ore, fur, amber, salt), markers with their digit.
A multiset of goods is a string of letters (``oof``), ``-`` when empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import ClassVar

from hanse.core import IllegalActionError
from hanse.games.kogge.data import CHIP_NAMES, GOOD_LETTERS


class Decision:
    """The pending decision (``state.phase``), plain ints for speed; the names are in
    ``DECISION_NAMES``, the chance phases in ``CHANCE_PHASES``."""

    DEAL = 0
    CHOOSE_START = 1
    START_SWAP = 2
    LOT = 3
    DRAW_BONUS = 4
    DRAW_OFFER = 5
    BID = 6
    GM_MOVE = 7
    TAX = 8
    MOVE = 9
    ACTION = 10
    EXCHANGE = 11
    TRADE = 12
    ANSWER = 13
    SPLIT = 14
    PICK_PILE = 15
    FORCED_STEP = 16
    ATTACK = 17
    CONFLICT_BID = 18
    DEMAND = 19
    PUSH = 20
    OVER = 21
    TAKE_MARKER = 22
    PAY_FEE = 23


DECISION_NAMES = (
    "deal",
    "choose_start",
    "start_swap",
    "lot",
    "draw_bonus",
    "draw_offer",
    "bid",
    "move_guildmaster",
    "pay_tax",
    "move",
    "action",
    "exchange",
    "offer_trade",
    "answer_trade",
    "split",
    "choose_pile",
    "forced_step",
    "attack",
    "conflict_bid",
    "demand",
    "push",
    "game_over",
    "take_marker",
    "pay_fee",
)
CHANCE_PHASES = frozenset((Decision.DEAL, Decision.LOT, Decision.DRAW_BONUS, Decision.DRAW_OFFER))

# Guild master trade options (Handel mit dem Gildemeister)
GMT_RAID, GMT_CHIP, GMT_GOOD, GMT_MARKER = 0, 1, 2, 3
GMT_NAMES = ("raid", "chip", "good", "marker")
SECRET_SLOT = 2
"""Move slot of the Geheimweg bonus chip: straight to the guild master's city."""
CITY = -1
"""Victim of a robbery of the city itself."""


@dataclass(frozen=True, slots=True, eq=False)
class Deal:
    """Chance: a route marker drawn from the reserve (set-up, offer, +1 Wegemarker chip).

    Equality is by value like every action, with a shortcut for the interned instance: the
    chance check of ``apply_action`` compares with ``==`` at every draw.
    """

    kind: ClassVar[str] = "deal"
    value: int

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Deal and other.value == self.value)

    def __hash__(self) -> int:
        return hash((Deal, self.value))


@dataclass(frozen=True, slots=True)
class Lot:
    """Chance: which of two players in the same start city moves first."""

    kind: ClassVar[str] = "lot"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseStart:
    kind: ClassVar[str] = "choose_start"
    marker: int


@dataclass(frozen=True, slots=True)
class Bid:
    """One more marker laid on the bid under way (RULINGS.md, "Bids are laid as a chain"): in
    non-increasing order of value, so every set of markers is laid in exactly one way."""

    kind: ClassVar[str] = "bid"
    marker: int


@dataclass(frozen=True, slots=True)
class BidDone:
    """The bid under way is complete (refused while it repeats a bid of this round)."""

    kind: ClassVar[str] = "bid_done"


@dataclass(frozen=True, slots=True)
class MoveGuildmaster:
    kind: ClassVar[str] = "move_guildmaster"
    steps: int


@dataclass(frozen=True, slots=True)
class PayTax:
    kind: ClassVar[str] = "pay_tax"
    good: int


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the cog: route square 0/1 of its city (2: Geheimweg), free or paid with one
    good or one marker (a Geheimweg step that is not free asks for a second item: ``PayFee``)."""

    kind: ClassVar[str] = "move"
    slot: int
    goods: tuple[int, ...]
    markers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PayFee:
    """The second item of a Geheimweg step's fee when the step is not free: one good or one
    marker, no lower in the order of items (goods ore, fur, amber, salt, then markers 0-8) than
    the item paid with the ``Move`` itself, so every pair of items is paid in exactly one way."""

    kind: ClassVar[str] = "pay_fee"
    good: int
    marker: int


@dataclass(frozen=True, slots=True)
class Collect:
    kind: ClassVar[str] = "collect"


@dataclass(frozen=True, slots=True)
class Stop:
    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class BuildKontor:
    kind: ClassVar[str] = "build_kontor"


@dataclass(frozen=True, slots=True)
class GuildmasterTrade:
    """option: 0 three equal markers for the second robbery marker, 1 six equal goods for a bonus
    chip, 2 a good for a marker of its colour (chosen next, from the reserve: ``TakeMarker``), 3 a
    marker for a good of its colour."""

    kind: ClassVar[str] = "guildmaster_trade"
    option: int
    good: int
    marker: int
    chip: int


@dataclass(frozen=True, slots=True)
class TakeMarker:
    """The marker chosen from the reserve after giving the guild master a good (``-1``: the
    reserve holds none of that colour; the good comes back)."""

    kind: ClassVar[str] = "take_marker"
    marker: int


@dataclass(frozen=True, slots=True)
class BuyMarkers:
    kind: ClassVar[str] = "buy_markers"
    lot: int
    good: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """One good of the exchange with the city: side 0 gives a good, side 1 takes one."""

    kind: ClassVar[str] = "exchange"
    side: int
    good: int


@dataclass(frozen=True, slots=True)
class ExchangeDone:
    kind: ClassVar[str] = "exchange_done"


@dataclass(frozen=True, slots=True)
class ChangeRoute:
    kind: ClassVar[str] = "change_route"
    slot: int
    marker: int


@dataclass(frozen=True, slots=True)
class Rob:
    kind: ClassVar[str] = "rob"
    victim: int


@dataclass(frozen=True, slots=True)
class Split:
    """One good of the robbed cargo laid on the first pile, in order of kind (ore, fur, amber,
    salt) so that every pile is laid in one way; the first pile is complete at half the cargo
    rounded up, and the rest is the second pile."""

    kind: ClassVar[str] = "split"
    good: int


@dataclass(frozen=True, slots=True)
class TakePile:
    kind: ClassVar[str] = "take_pile"
    pile: int


@dataclass(frozen=True, slots=True)
class ForcedStep:
    kind: ClassVar[str] = "forced_step"
    slot: int


@dataclass(frozen=True, slots=True)
class OfferTrade:
    """Open an offer to ``seat``'s cog (kontor 0) or, expert rule B, to his Kontor (kontor 1)."""

    kind: ClassVar[str] = "offer_trade"
    seat: int
    kontor: int


@dataclass(frozen=True, slots=True)
class TradeItem:
    """Add one good or one marker to the offer: side 0 given by the offerer, side 1 asked for."""

    kind: ClassVar[str] = "trade_item"
    side: int
    good: int
    marker: int


@dataclass(frozen=True, slots=True)
class SendOffer:
    kind: ClassVar[str] = "send_offer"


@dataclass(frozen=True, slots=True)
class CancelTrade:
    kind: ClassVar[str] = "cancel_trade"


@dataclass(frozen=True, slots=True)
class AnswerTrade:
    kind: ClassVar[str] = "answer_trade"
    accept: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Look:
    """Expert rule D: pay one good or one marker to look at the two markers of one's city."""

    kind: ClassVar[str] = "look"
    good: int
    marker: int


@dataclass(frozen=True, slots=True)
class Attack:
    kind: ClassVar[str] = "attack"
    seat: int


@dataclass(frozen=True, slots=True)
class ConflictBid:
    """Expert rule C: how many markers of ``value`` go into the secret choice. Each side is asked
    once for every value from 8 down to 0, held or not, so that the number of its decisions tells
    nobody anything (RULINGS.md, "C, secret choice")."""

    kind: ClassVar[str] = "conflict_bid"
    value: int
    count: int


@dataclass(frozen=True, slots=True)
class Demand:
    kind: ClassVar[str] = "demand"
    goods: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Push:
    kind: ClassVar[str] = "push"
    slot: int


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline an optional decision (no start swap, no attack, no push)."""

    kind: ClassVar[str] = "skip"


ACTION_CLASSES: tuple[type, ...] = (
    Deal,
    Lot,
    ChooseStart,
    Bid,
    BidDone,
    MoveGuildmaster,
    PayTax,
    Move,
    PayFee,
    Collect,
    Stop,
    BuildKontor,
    GuildmasterTrade,
    TakeMarker,
    BuyMarkers,
    Exchange,
    ExchangeDone,
    ChangeRoute,
    Rob,
    Split,
    TakePile,
    ForcedStep,
    OfferTrade,
    TradeItem,
    SendOffer,
    CancelTrade,
    AnswerTrade,
    EndTurn,
    Look,
    Attack,
    ConflictBid,
    Demand,
    Push,
    Skip,
)


class ActionList(list[object]):
    """A list of interned actions whose membership test first looks for the very object (at C
    speed), then compares values: ``apply_action`` tests membership in long lists of bids."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        return any(map(is_, repeat(item), self)) or list.__contains__(self, item)


# -- notation ---------------------------------------------------------------------------------
def goods_str(counts: tuple[int, ...] | list[int]) -> str:
    text = "".join(GOOD_LETTERS[g] * counts[g] for g in range(4))
    return text or "-"


def _bad(text: str, why: str) -> IllegalActionError:
    return IllegalActionError(f"cannot read the action {text!r}: {why}")


def _int(text: str, word: str, lo: int, hi: int) -> int:
    if not word.isdigit() or not lo <= int(word) <= hi:
        raise _bad(text, f"expected a number {lo}..{hi}, got {word!r}")
    return int(word)


def _good(text: str, word: str) -> int:
    if len(word) != 1 or word not in GOOD_LETTERS:
        raise _bad(text, f"expected a good letter (o f a s), got {word!r}")
    return GOOD_LETTERS.index(word)


def _goods(text: str, word: str) -> tuple[int, int, int, int]:
    if word == "-":
        return (0, 0, 0, 0)
    counts = [0, 0, 0, 0]
    for ch in word:
        counts[_good(text, ch)] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _item(text: str, word: str) -> tuple[int, int]:
    """(good, marker) of one payment word: a good letter or a marker digit."""
    if word.isdigit():
        return -1, _int(text, word, 0, 8)
    return _good(text, word), -1


def action_to_str(action: object) -> str:  # one branch per action kind
    match action:
        case Deal(value):
            return f"deal {value}"
        case Lot(seat):
            return f"lot {seat}"
        case ChooseStart(marker):
            return f"start {marker}"
        case Bid(marker):
            return f"bid {marker}"
        case BidDone():
            return "bid done"
        case MoveGuildmaster(steps):
            return f"gm {steps}"
        case PayTax(good):
            return f"tax {GOOD_LETTERS[good]}"
        case Move(slot, goods, markers):
            where = "gm" if slot == SECRET_SLOT else str(slot)
            pay = [GOOD_LETTERS[g] for g in goods] + [str(m) for m in markers]
            return f"move {where}" + (" pay " + " ".join(pay) if pay else "")
        case PayFee(good, marker):
            return f"fee {GOOD_LETTERS[good] if good >= 0 else marker}"
        case Collect():
            return "collect"
        case Stop():
            return "stop"
        case BuildKontor():
            return "build"
        case GuildmasterTrade(option, good, marker, chip):
            if option == GMT_RAID:
                return f"gmtrade raid {marker}"
            if option == GMT_CHIP:
                return f"gmtrade chip {GOOD_LETTERS[good]} {CHIP_NAMES[chip]}"
            if option == GMT_GOOD:
                return f"gmtrade good {GOOD_LETTERS[good]}"
            return f"gmtrade marker {marker}"
        case TakeMarker(marker):
            return "take none" if marker < 0 else f"take {marker}"
        case BuyMarkers(lot, good):
            return f"buy {lot} {GOOD_LETTERS[good]}"
        case Exchange(side, good):
            return f"exchange {'give' if side == 0 else 'take'} {GOOD_LETTERS[good]}"
        case ExchangeDone():
            return "exchange done"
        case ChangeRoute(slot, marker):
            return f"route {slot} {marker}"
        case Rob(victim):
            return "rob city" if victim == CITY else f"rob {victim}"
        case Split(good):
            return f"split {GOOD_LETTERS[good]}"
        case TakePile(pile):
            return f"pile {pile}"
        case ForcedStep(slot):
            return f"step {slot}"
        case OfferTrade(seat, kontor):
            return f"offer {seat}" + (" kontor" if kontor else "")
        case TradeItem(side, good, marker):
            what = GOOD_LETTERS[good] if good >= 0 else str(marker)
            return f"item {'give' if side == 0 else 'take'} {what}"
        case SendOffer():
            return "send"
        case CancelTrade():
            return "cancel"
        case AnswerTrade(accept):
            return "accept" if accept else "decline"
        case EndTurn():
            return "end"
        case Look(good, marker):
            return f"look {GOOD_LETTERS[good] if good >= 0 else marker}"
        case Attack(seat):
            return f"attack {seat}"
        case ConflictBid(value, count):
            return f"cbid {value} {count}"
        case Demand(goods):
            return f"demand {goods_str(goods)}"
        case Push(slot):
            return f"push {slot}"
        case Skip():
            return "skip"
    raise IllegalActionError(f"not a Kogge action: {action!r}")


_SIMPLE: dict[str, object] = {
    "collect": Collect(),
    "stop": Stop(),
    "build": BuildKontor(),
    "send": SendOffer(),
    "cancel": CancelTrade(),
    "accept": AnswerTrade(1),
    "decline": AnswerTrade(0),
    "end": EndTurn(),
    "skip": Skip(),
}


def action_from_str(text: str) -> object:  # one branch per action kind
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, got {text!r}")
    words = text.split()
    if not words:
        raise _bad(text, "empty")
    head, args = words[0], words[1:]
    if head in _SIMPLE and not args:
        return _SIMPLE[head]
    if head == "exchange" and args == ["done"]:
        return ExchangeDone()
    if head == "bid" and args == ["done"]:
        return BidDone()
    if head == "bid" and len(args) > 1:
        raise _bad(
            text,
            "a bid is laid one marker at a time, highest first ('bid 5', then "
            "'bid 5', then 'bid done')",
        )
    if len(args) == 1:
        (a,) = args
        if head == "deal":
            return Deal(_int(text, a, 0, 8))
        if head == "lot":
            return Lot(_int(text, a, 0, 3))
        if head == "start":
            return ChooseStart(_int(text, a, 0, 8))
        if head == "bid":
            return Bid(_int(text, a, 0, 8))
        if head == "take":
            return TakeMarker(-1 if a == "none" else _int(text, a, 0, 8))
        if head == "gm":
            return MoveGuildmaster(_int(text, a, 1, 2))
        if head == "tax":
            return PayTax(_good(text, a))
        if head == "move":
            return Move(SECRET_SLOT if a == "gm" else _int(text, a, 0, 1), (), ())
        if head == "rob":
            return Rob(CITY if a == "city" else _int(text, a, 0, 3))
        if head == "split":
            return Split(_good(text, a))
        if head == "pile":
            return TakePile(_int(text, a, 0, 1))
        if head == "step":
            return ForcedStep(_int(text, a, 0, 1))
        if head == "offer":
            return OfferTrade(_int(text, a, 0, 3), 0)
        if head == "look":
            good, marker = _item(text, a)
            return Look(good, marker)
        if head == "fee":
            good, marker = _item(text, a)
            return PayFee(good, marker)
        if head == "attack":
            return Attack(_int(text, a, 0, 3))
        if head == "demand":
            wish = _goods(text, a)
            if sum(wish) != 3:
                raise _bad(text, "a demand names exactly three goods")
            return Demand(wish)
        if head == "push":
            return Push(_int(text, a, 0, 1))
    if head == "move" and len(args) > 3 and args[1] == "pay":
        raise _bad(
            text,
            "a step is paid with one item; the Geheimweg's second item follows as its own "
            "action ('move gm pay o', then 'fee 3')",
        )
    if head == "move" and len(args) == 3 and args[1] == "pay":
        slot = SECRET_SLOT if args[0] == "gm" else _int(text, args[0], 0, 1)
        good, marker = _item(text, args[2])
        return Move(slot, (good,) if good >= 0 else (), (marker,) if marker >= 0 else ())
    if head == "offer" and len(args) == 2 and args[1] == "kontor":
        return OfferTrade(_int(text, args[0], 0, 3), 1)
    if head == "buy" and len(args) == 2:
        return BuyMarkers(_int(text, args[0], 0, 3), _good(text, args[1]))
    if head == "exchange" and len(args) == 2 and args[0] in ("give", "take"):
        return Exchange(0 if args[0] == "give" else 1, _good(text, args[1]))
    if head == "cbid" and len(args) == 2:
        return ConflictBid(_int(text, args[0], 0, 8), _int(text, args[1], 0, 18))
    if head == "route" and len(args) == 2:
        return ChangeRoute(_int(text, args[0], 0, 1), _int(text, args[1], 0, 8))
    if head == "item" and len(args) == 2 and args[0] in ("give", "take"):
        good, marker = _item(text, args[1])
        return TradeItem(0 if args[0] == "give" else 1, good, marker)
    if head == "gmtrade" and args:
        opt, rest = args[0], args[1:]
        if opt == "raid" and len(rest) == 1:
            return GuildmasterTrade(GMT_RAID, -1, _int(text, rest[0], 0, 8), -1)
        if opt == "chip" and len(rest) == 2 and rest[1] in CHIP_NAMES:
            return GuildmasterTrade(GMT_CHIP, _good(text, rest[0]), -1, CHIP_NAMES.index(rest[1]))
        if opt == "good" and len(rest) == 1:
            return GuildmasterTrade(GMT_GOOD, _good(text, rest[0]), -1, -1)
        if opt == "marker" and len(rest) == 1:
            return GuildmasterTrade(GMT_MARKER, -1, _int(text, rest[0], 0, 8), -1)
    raise _bad(text, "unknown action or wrong arguments")
