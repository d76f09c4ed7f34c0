"""Actions of Lübeck: frozen value objects, interned once, with text and JSON notation.

A cog is named by its index in the state's sorted list of cogs on the map (the ``cogs`` list of a
view); ``FREE`` (-1) means a cog taken from the cog field. Text notation::

    draw Riga 3                 chance: the next card from the deck (to a hand or the layout)
    draft 2                     take pack 2 of the layout
    first 1                     the last drafter names seat 1 to act first
    voyage | voyage @2          start a voyage in Lübeck with a free cog / by joining cog 2
    play Riga 3 @1              play a goods card with cog 1 (staying in Riga or moving into it)
    play Verdoppelung Riga @1   the same for a Verdoppelung card
    play Handelsfahrt Riga      start a voyage in Riga with a free cog (``@i``: join cog i)
    play Piraten @3             take cog 3 off the map
    play Schiffswechsel @1>2    move the own figure from cog 1 to cog 2
    discard Riga 3              throw a card overboard, paying its cost
    pass                        pass for the rest of the round
    take back @1                after the round: take the own figure on cog 1 back
    keep                        after the round: leave the remaining figures on their cogs

Numbers are plain ASCII decimals without leading zeros, and only Schiffswechsel takes a target
(``>j``): apart from extra spaces, an action has one written form, the one :func:`to_str` writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from hanse.core import IllegalActionError

from . import data

FREE: Final = -1
MAX_COG_INDEX: Final = data.TOTAL_COGS - 1
MAX_PACKS: Final = max(data.PACKS_BY_PLAYERS.values())
MAX_SEATS: Final = max(data.PACKS_BY_PLAYERS)


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: a card of kind ``card`` comes off the deck."""

    kind: ClassVar[str] = "draw"
    card: int


@dataclass(frozen=True, slots=True)
class Draft:
    """Kartenpäckchen wählen: take pack ``pack`` of the layout into the hand."""

    kind: ClassVar[str] = "draft"
    pack: int


@dataclass(frozen=True, slots=True)
class ChooseFirst:
    """The last drafter names ``seat`` to make the first action of the round."""

    kind: ClassVar[str] = "choose_first"
    seat: int


@dataclass(frozen=True, slots=True)
class StartVoyage:
    """Handelsfahrt in Lübeck starten: a free cog (``cog`` = FREE) or join cog ``cog``."""

    kind: ClassVar[str] = "start_voyage"
    cog: int


@dataclass(frozen=True, slots=True)
class Play:
    """Kartenaktionen: play card kind ``card`` with cog ``cog``; ``to`` only for Schiffswechsel."""

    kind: ClassVar[str] = "play"
    card: int
    cog: int
    to: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Karte abwerfen: discard card kind ``card`` and pay its cost."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Passen: out of the action cycle until the round ends."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Nach der Runde: take the own figure on cog ``cog`` back into the reserve."""

    kind: ClassVar[str] = "take_back"
    cog: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Nach der Runde: leave the remaining own figures on their cogs."""

    kind: ClassVar[str] = "keep"


ACTION_CLASSES: Final = (Draw, Draft, ChooseFirst, StartVoyage, Play, Discard, Pass, TakeBack, Keep)

# -- interned instances: the rules hand out only these objects ------------------------------

DRAW: Final = tuple(Draw(k) for k in range(data.N_KINDS))
DRAFT: Final = tuple(Draft(i) for i in range(MAX_PACKS))
CHOOSE_FIRST: Final = tuple(ChooseFirst(s) for s in range(MAX_SEATS))
# Indexed by cog + 1, so that FREE is entry 0.
START_VOYAGE: Final = tuple(StartVoyage(c) for c in range(FREE, data.TOTAL_COGS))
PLAY: Final = tuple(
    tuple(
        tuple(Play(k, c, t) for t in range(FREE, data.TOTAL_COGS))
        for c in range(FREE, data.TOTAL_COGS)
    )
    for k in range(data.N_KINDS)
)
DISCARD: Final = tuple(Discard(k) for k in range(data.N_KINDS))
PASS: Final = Pass()
TAKE_BACK: Final = tuple(TakeBack(c) for c in range(data.TOTAL_COGS))
KEEP: Final = Keep()

# Every well-formed action: the parsers only ever return these; anything else (say, a Play built
# by hand with a card index out of range, or a target cog on a card other than Schiffswechsel) is
# refused before a field is looked up.
WELL_FORMED: Final = frozenset(
    (
        *DRAW,
        *DRAFT,
        *CHOOSE_FIRST,
        *START_VOYAGE,
        *(
            play
            for by_cog in PLAY
            for row in by_cog
            for play in row
            if play.to == FREE or data.KIND_TYPE[play.card] == data.T_SCHIFFSWECHSEL
        ),
        *DISCARD,
        PASS,
        *TAKE_BACK,
        KEEP,
    )
)


def is_well_formed(action: Any) -> bool:
    """True for an action of this game whose fields are in range (any interned action)."""
    if not isinstance(action, ACTION_CLASSES):
        return False
    try:
        return action in WELL_FORMED
    except TypeError:  # a field that cannot be hashed (a list, say) is malformed too
        return False


# -- text notation ---------------------------------------------------------------------------


def _cog_text(cog: int) -> str:
    return "" if cog == FREE else f" @{cog}"


def to_str(action: Any) -> str:
    """The short text of an action (see the module docstring)."""
    if not is_well_formed(action):
        raise IllegalActionError(f"not a Lübeck action: {action!r}")
    match action:
        case Draw(card=k):
            return f"draw {data.LABELS[k]}"
        case Draft(pack=i):
            return f"draft {i}"
        case ChooseFirst(seat=s):
            return f"first {s}"
        case StartVoyage(cog=c):
            return "voyage" + _cog_text(c)
        case Play(card=k, cog=c, to=t):
            target = "" if t == FREE else f">{t}"
            return f"play {data.LABELS[k]}{_cog_text(c)}{target}"
        case Discard(card=k):
            return f"discard {data.LABELS[k]}"
        case Pass():
            return "pass"
        case TakeBack(cog=c):
            return f"take back @{c}"
        case Keep():
            return "keep"
    raise IllegalActionError(f"not a Lübeck action: {action!r}")


def _card(label: str, text: str) -> int:
    kind = data.LABEL_TO_KIND.get(label.strip())
    if kind is None:
        raise IllegalActionError(
            f"unknown card {label.strip()!r} in {text!r}; cards are named like 'Riga 3', "
            "'Handelsfahrt Riga', 'Verdoppelung Riga', 'Piraten', 'Schiffswechsel'"
        )
    return kind


def _index(raw: str, limit: int, what: str, text: str) -> int:
    """A number 0..limit written as :func:`to_str` writes it: ASCII digits, no leading zero."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()) or raw != str(int(raw)) or int(raw) > limit:
        raise IllegalActionError(
            f"{what} must be a number from 0 to {limit}, got {raw!r} in {text!r}"
        )
    return int(raw)


def _cog(raw: str, text: str) -> int:
    if not raw.startswith("@"):
        raise IllegalActionError(f"a cog is written @index, got {raw!r} in {text!r}")
    return _index(raw[1:], MAX_COG_INDEX, "a cog index", text)


def from_str(text: str) -> Any:
    """Parse the notation of :func:`to_str`; IllegalActionError for malformed text."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, got {text!r}")
    words = text.strip()
    verb, _, rest = words.partition(" ")
    rest = rest.strip()
    if verb == "draw":
        return DRAW[_card(rest, text)]
    if verb == "draft":
        return DRAFT[_index(rest, MAX_PACKS - 1, "a pack index", text)]
    if verb == "first":
        return CHOOSE_FIRST[_index(rest, MAX_SEATS - 1, "a seat", text)]
    if verb == "voyage":
        return START_VOYAGE[(_cog(rest, text) if rest else FREE) + 1]
    if verb == "play":
        body, at, where = rest.partition("@")
        card = _card(body, text)
        if not at:
            return PLAY[card][0][0]
        cog_text, arrow, to_text = where.partition(">")
        if arrow and data.KIND_TYPE[card] != data.T_SCHIFFSWECHSEL:
            raise IllegalActionError(
                f"only Schiffswechsel names a target cog ('@i>j'), got {text!r}"
            )
        cog = _cog("@" + cog_text, text)
        to = _index(to_text, MAX_COG_INDEX, "a target cog index", text) if arrow else FREE
        return PLAY[card][cog + 1][to + 1]
    if verb == "discard":
        return DISCARD[_card(rest, text)]
    if words == "pass":
        return PASS
    if words == "keep":
        return KEEP
    if verb == "take" and rest.startswith("back"):
        return TAKE_BACK[_cog(rest[4:].strip(), text)]
    raise IllegalActionError(
        f"cannot read the action {text!r}; actions are draw, draft, first, voyage, play, discard, "
        "pass, take back, keep"
    )


# -- JSON (the public interface: cards by label, a free cog as null) -------------------------


def to_json(action: Any) -> dict[str, Any]:
    """``{"kind": ..., ...}`` with cards as labels and a cog from the cog field as ``null``."""
    if not is_well_formed(action):
        raise IllegalActionError(f"not a Lübeck action: {action!r}")
    match action:
        case Draw(card=k) | Discard(card=k):
            return {"kind": action.kind, "card": data.LABELS[k]}
        case Draft(pack=i):
            return {"kind": "draft", "pack": i}
        case ChooseFirst(seat=s):
            return {"kind": "choose_first", "seat": s}
        case StartVoyage(cog=c):
            return {"kind": "start_voyage", "cog": None if c == FREE else c}
        case Play(card=k, cog=c, to=t):
            obj: dict[str, Any] = {
                "kind": "play",
                "card": data.LABELS[k],
                "cog": None if c == FREE else c,
            }
            if data.KIND_TYPE[k] == data.T_SCHIFFSWECHSEL:
                obj["to"] = None if t == FREE else t
            return obj
        case Pass() | Keep():
            return {"kind": action.kind}
        case TakeBack(cog=c):
            return {"kind": "take_back", "cog": c}
    raise IllegalActionError(f"not a Lübeck action: {action!r}")


_JSON_FIELDS: Final = {
    "draw": ("card",),
    "draft": ("pack",),
    "choose_first": ("seat",),
    "start_voyage": ("cog",),
    "discard": ("card",),
    "pass": (),
    "take_back": ("cog",),
    "keep": (),
}


def _json_int(obj: dict[str, Any], name: str, limit: int, *, nullable: bool = False) -> int:
    value = obj[name]
    if value is None and nullable:
        return FREE
    if type(value) is not int or not 0 <= value <= limit:
        kind = obj["kind"]
        allowed = "null or " if nullable else ""
        raise IllegalActionError(
            f"field {name!r} of {kind!r} must be {allowed}a number from 0 to {limit}, got {value!r}"
        )
    return value


def _json_card(obj: dict[str, Any]) -> int:
    value = obj["card"]
    if not isinstance(value, str):
        raise IllegalActionError(f"field 'card' is a card label like 'Riga 3', got {value!r}")
    return _card(value, repr(obj))


def from_json(obj: Any) -> Any:
    """Parse :func:`to_json`'s form; IllegalActionError for a malformed object."""
    if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
        raise IllegalActionError(f"an action in JSON is an object with a 'kind': {obj!r}")
    kind = obj["kind"]
    if kind == "play":
        if "card" not in obj:
            raise IllegalActionError(f"action 'play' needs a field 'card': {obj!r}")
        swap = data.KIND_TYPE[_json_card(obj)] == data.T_SCHIFFSWECHSEL
        fields: tuple[str, ...] = ("card", "cog", "to") if swap else ("card", "cog")
    elif kind in _JSON_FIELDS:
        fields = _JSON_FIELDS[kind]
    else:
        known = ", ".join(sorted([*_JSON_FIELDS, "play"]))
        raise IllegalActionError(f"unknown action kind {kind!r}; known: {known}")
    if set(obj) - {"kind"} != set(fields):
        raise IllegalActionError(
            f"action {kind!r} takes the fields {list(fields)}, got {sorted(set(obj) - {'kind'})}"
        )
    if kind == "draw":
        return DRAW[_json_card(obj)]
    if kind == "discard":
        return DISCARD[_json_card(obj)]
    if kind == "draft":
        return DRAFT[_json_int(obj, "pack", MAX_PACKS - 1)]
    if kind == "choose_first":
        return CHOOSE_FIRST[_json_int(obj, "seat", MAX_SEATS - 1)]
    if kind == "start_voyage":
        return START_VOYAGE[_json_int(obj, "cog", MAX_COG_INDEX, nullable=True) + 1]
    if kind == "take_back":
        return TAKE_BACK[_json_int(obj, "cog", MAX_COG_INDEX)]
    if kind == "pass":
        return PASS
    if kind == "keep":
        return KEEP
    cog = _json_int(obj, "cog", MAX_COG_INDEX, nullable=True)
    to = _json_int(obj, "to", MAX_COG_INDEX, nullable=True) if "to" in fields else FREE
    return PLAY[_json_card(obj)][cog + 1][to + 1]
