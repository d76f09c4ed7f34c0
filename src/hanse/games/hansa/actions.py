"""Actions of Hansa Teutonica: frozen value objects of ints, the pending decisions, the notation.

Every action names routes, cities, pieces and abilities by index (into :class:`Board` and
``data``). Where the rules let a piece go to *any free post* of a route, an action names only the
route and the piece takes the lowest free post: the posts of a base-game route are interchangeable
(SOURCES.md: no round or sea posts in the base game), so this loses no choice.

Text notation: the JSON ``kind`` followed by its fields, e.g. ``place Hamburg-Luebeck t``,
``displace Stade-Hamburg 1 t 0``, ``use_bonus swap_offices Hamburg 0``. Routes are written
``A-B`` with the ASCII city names (either order parses), pieces ``t`` (Händler, trader) or ``m``
(Großhändler, merchant).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from hanse.core import IllegalActionError
from hanse.games.hansa.board import Board
from hanse.games.hansa.data import ABILITIES, BONUS_KINDS, COELLEN_POINTS, TRADERS_PER_PLAYER

# -- pending decisions (short names in views) ------------------------------------------------------
SETUP = 0
MAIN = 1
MOVE_LIFT = 2
MOVE_DROP = 3
DISPLACED = 4
ESTABLISH = 5
REMOVE = 6
NEUTRAL_OFFICE = 7
DRAW = 8
PLACE_BONUS = 9
OVER = 10

DECISION_NAMES: tuple[str, ...] = (
    "setup_markers",
    "action",
    "move_lift",
    "move_place",
    "displaced_place",
    "establish_choice",
    "remove_pieces",
    "neutral_office",
    "draw_bonus",
    "place_bonus",
    "game_over",
)

# field types of the notation
ROUTE = "route"
CITY = "city"
PIECE = "piece"
INT = "int"
ABILITY = "ability"
MARKER = "marker"
SPACE = "space"


@dataclass(frozen=True, slots=True)
class SetupMarkers:
    """Chance: the order of the golden markers on the three Taberna routes (Startaufbau)."""

    kind: ClassVar[str] = "setup_markers"
    spec: ClassVar[tuple[str, ...]] = (INT,)
    order: int


@dataclass(frozen=True, slots=True)
class DrawBonus:
    """Chance: the face-down marker turned up to be placed at the end of the turn (Bonusmarker)."""

    kind: ClassVar[str] = "draw_bonus"
    spec: ClassVar[tuple[str, ...]] = (MARKER,)
    marker: int


@dataclass(frozen=True, slots=True)
class Income:
    """1. Einnahmen: move `traders` + `merchants` pieces from the stock (Kasse) to the supply."""

    kind: ClassVar[str] = "income"
    spec: ClassVar[tuple[str, ...]] = (INT, INT)
    traders: int
    merchants: int


@dataclass(frozen=True, slots=True)
class Place:
    """2. Einen eigenen Händlerstein einsetzen: a piece from the supply onto a free post."""

    kind: ClassVar[str] = "place"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, PIECE)
    route: int
    merchant: int


@dataclass(frozen=True, slots=True)
class Displace:
    """3. Verdrängen: replace the piece on `post` of `route` with an own piece and pay the fee.

    `fee_merchants` of the 1 (trader displaced) or 2 (merchant displaced) fee pieces are merchants.
    """

    kind: ClassVar[str] = "displace"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, INT, PIECE, INT)
    route: int
    post: int
    merchant: int
    fee_merchants: int


@dataclass(frozen=True, slots=True)
class Move:
    """4. Umsetzen: lift an own piece off `route` (the first lift is the action)."""

    kind: ClassVar[str] = "move"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, PIECE)
    route: int
    merchant: int


@dataclass(frozen=True, slots=True)
class MoveDone:
    """4. Umsetzen: lift no more pieces; place the lifted ones."""

    kind: ClassVar[str] = "move_done"
    spec: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True, slots=True)
class MovePlace:
    """4. Umsetzen: put a lifted piece onto a free post of `route`."""

    kind: ClassVar[str] = "move_place"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, PIECE)
    route: int
    merchant: int


@dataclass(frozen=True, slots=True)
class Establish:
    """5. Eine Handelsroute einrichten on a route whose posts all hold own pieces."""

    kind: ClassVar[str] = "establish"
    spec: ClassVar[tuple[str, ...]] = (ROUTE,)
    route: int


@dataclass(frozen=True, slots=True)
class EstablishOffice:
    """c1) Niederlassung besetzen: the lowest free office of `city`."""

    kind: ClassVar[str] = "establish_office"
    spec: ClassVar[tuple[str, ...]] = (CITY,)
    city: int


@dataclass(frozen=True, slots=True)
class EstablishUpgrade:
    """c2) Eigenschaft weiterentwickeln: the ability pictured in an adjacent city."""

    kind: ClassVar[str] = "establish_upgrade"
    spec: ClassVar[tuple[str, ...]] = (ABILITY,)
    ability: int


@dataclass(frozen=True, slots=True)
class EstablishCoellen:
    """c3) Sonderprestigepunkte: a merchant onto a free Coellen space (0..3 = 7, 8, 9, 11)."""

    kind: ClassVar[str] = "establish_coellen"
    spec: ClassVar[tuple[str, ...]] = (SPACE,)
    space: int


@dataclass(frozen=True, slots=True)
class EstablishExtraOffice:
    """Bonus marker 'zusätzliche Niederlassung': a route piece to the left of `city`'s offices."""

    kind: ClassVar[str] = "establish_extra_office"
    spec: ClassVar[tuple[str, ...]] = (CITY, PIECE)
    city: int
    merchant: int


@dataclass(frozen=True, slots=True)
class EstablishNone:
    """Establish for prestige and marker only: every piece of the route goes to the stock."""

    kind: ClassVar[str] = "establish_none"
    spec: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True, slots=True)
class DisplacedPlace:
    """The displaced owner places the displaced piece, or an extra one, onto an adjacent route."""

    kind: ClassVar[str] = "displaced_place"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, PIECE)
    route: int
    merchant: int


@dataclass(frozen=True, slots=True)
class DisplacedMove:
    """An extra piece taken from an own post on `from_route` (stock and supply empty)."""

    kind: ClassVar[str] = "displaced_move"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, PIECE, ROUTE)
    from_route: int
    merchant: int
    route: int


@dataclass(frozen=True, slots=True)
class DisplacedDone:
    """Waive the remaining extras (Auf die zusätzlichen Händlersteine darf verzichtet werden)."""

    kind: ClassVar[str] = "displaced_done"
    spec: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True, slots=True)
class UseBonus:
    """Use a held bonus marker (no action). `ability` for +1 Eigenschaft; `city`, `office` (the
    left one of two neighbouring offices) for Niederlassungstausch; -1 where unused."""

    kind: ClassVar[str] = "use_bonus"
    spec: ClassVar[tuple[str, ...]] = (MARKER, INT, INT, INT)
    marker: int
    ability: int
    city: int
    office: int


@dataclass(frozen=True, slots=True)
class RemovePiece:
    """Bonus marker '3 Händlersteine entfernen': remove the piece on `post` of `route`."""

    kind: ClassVar[str] = "remove_piece"
    spec: ClassVar[tuple[str, ...]] = (ROUTE, INT)
    route: int
    post: int


@dataclass(frozen=True, slots=True)
class RemoveDone:
    """Stop removing pieces before the third."""

    kind: ClassVar[str] = "remove_done"
    spec: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True, slots=True)
class NeutralOffice:
    """2 players: the active player puts the neutral piece of an established route into `city`."""

    kind: ClassVar[str] = "neutral_office"
    spec: ClassVar[tuple[str, ...]] = (CITY,)
    city: int


@dataclass(frozen=True, slots=True)
class PlaceBonus:
    """End of turn: the turned-up marker goes beside `route`."""

    kind: ClassVar[str] = "place_bonus"
    spec: ClassVar[tuple[str, ...]] = (ROUTE,)
    route: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn, unused actions forfeited."""

    kind: ClassVar[str] = "end_turn"
    spec: ClassVar[tuple[str, ...]] = ()


ACTION_CLASSES: tuple[type, ...] = (
    SetupMarkers,
    DrawBonus,
    Income,
    Place,
    Displace,
    Move,
    MoveDone,
    MovePlace,
    Establish,
    EstablishOffice,
    EstablishUpgrade,
    EstablishCoellen,
    EstablishExtraOffice,
    EstablishNone,
    DisplacedPlace,
    DisplacedMove,
    DisplacedDone,
    UseBonus,
    RemovePiece,
    RemoveDone,
    NeutralOffice,
    PlaceBonus,
    EndTurn,
)
BY_KIND: dict[str, type] = {cls.kind: cls for cls in ACTION_CLASSES}  # type: ignore[attr-defined]
FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in ACTION_CLASSES
}


# -- notation ----------------------------------------------------------------------------------


def _token(board: Board, spec: str, value: int) -> str:
    if spec == ROUTE:
        return board.route_ascii[value]
    if spec == CITY:
        return board.city_ascii[value]
    if spec == PIECE:
        return "m" if value else "t"
    if spec == ABILITY:
        return ABILITIES[value]
    if spec == MARKER:
        return BONUS_KINDS[value]
    if spec == SPACE:
        return str(COELLEN_POINTS[value])
    return str(value)


def _parse_token(board: Board, spec: str, text: str) -> int:
    if spec == ROUTE:
        a, sep, b = text.partition("-")
        ca = board.city_index.get(a, board.city_index.get(a.lower()))
        cb = board.city_index.get(b, board.city_index.get(b.lower()))
        route = board.route_index.get((ca, cb)) if ca is not None and cb is not None else None
        if not sep or route is None:
            raise IllegalActionError(f"no route {text!r} on the {board.side} side of the board")
        return route
    if spec == CITY:
        city = board.city_index.get(text, board.city_index.get(text.lower()))
        if city is None:
            raise IllegalActionError(f"no city {text!r}")
        return city
    if spec == PIECE:
        if text not in ("t", "m"):
            raise IllegalActionError(f"a piece is 't' (trader) or 'm' (merchant), not {text!r}")
        return 1 if text == "m" else 0
    if spec == ABILITY:
        if text not in ABILITIES:
            raise IllegalActionError(f"no ability {text!r}; abilities: {', '.join(ABILITIES)}")
        return ABILITIES.index(text)
    if spec == MARKER:
        if text not in BONUS_KINDS:
            raise IllegalActionError(f"no bonus marker {text!r}; kinds: {', '.join(BONUS_KINDS)}")
        return BONUS_KINDS.index(text)
    if spec == SPACE:
        if not text.isdigit() or int(text) not in COELLEN_POINTS:
            raise IllegalActionError(f"a Coellen space is one of 7, 8, 9, 11, not {text!r}")
        return COELLEN_POINTS.index(int(text))
    try:
        return int(text)
    except ValueError:
        raise IllegalActionError(f"expected a whole number, got {text!r}") from None


def action_to_str(board: Board, action: object) -> str:
    cls = type(action)
    spec: tuple[str, ...] = getattr(cls, "spec", ())
    if cls is UseBonus:
        assert isinstance(action, UseBonus)
        parts = ["use_bonus", BONUS_KINDS[action.marker]]
        if action.ability >= 0:
            parts.append(ABILITIES[action.ability])
        if action.city >= 0:
            parts += [board.city_ascii[action.city], str(action.office)]
        return " ".join(parts)
    kind: str = getattr(cls, "kind", "")
    if BY_KIND.get(kind) is not cls:
        raise IllegalActionError(f"not a Hansa Teutonica action: {action!r}")
    values = [getattr(action, name) for name in FIELDS[cls]]
    return " ".join([kind, *(_token(board, s, v) for s, v in zip(spec, values, strict=True))])


def action_from_str(board: Board, text: str) -> object:
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, not {text!r}")
    words = text.split()
    if not words:
        raise IllegalActionError("an empty action")
    cls = BY_KIND.get(words[0])
    if cls is None:
        raise IllegalActionError(f"unknown action {words[0]!r}; known: {', '.join(BY_KIND)}")
    if cls is UseBonus:
        if len(words) < 2:
            raise IllegalActionError("use_bonus needs a marker kind")
        marker = _parse_token(board, MARKER, words[1])
        rest = words[2:]
        if BONUS_KINDS[marker] == "upgrade_ability":
            if len(rest) != 1:
                raise IllegalActionError("use_bonus upgrade_ability takes one ability")
            return UseBonus(marker, _parse_token(board, ABILITY, rest[0]), -1, -1)
        if BONUS_KINDS[marker] == "swap_offices":
            if len(rest) != 2:
                raise IllegalActionError("use_bonus swap_offices takes a city and an office index")
            city = _parse_token(board, CITY, rest[0])
            office = _parse_token(board, INT, rest[1])
            if not 0 <= office < board.office_count[city] - 1:
                last = board.office_count[city] - 2
                which = f"0..{last} in {rest[0]}" if last >= 0 else f"{rest[0]} has one office"
                raise IllegalActionError(
                    "swap_offices names the left one of two neighbouring offices "
                    f"({which}), not {rest[1]!r}"
                )
            return UseBonus(marker, -1, city, office)
        if rest:
            raise IllegalActionError(f"use_bonus {words[1]} takes no further fields")
        return UseBonus(marker, -1, -1, -1)
    spec: tuple[str, ...] = cls.spec  # type: ignore[attr-defined]
    if len(words) - 1 != len(spec):
        raise IllegalActionError(
            f"{words[0]} takes {len(spec)} field(s) ({', '.join(spec) or 'none'}), got {text!r}"
        )
    action = cls(*(_parse_token(board, s, w) for s, w in zip(spec, words[1:], strict=True)))
    _check_ranges(board, action)
    return action


def _check_ranges(board: Board, action: object) -> None:
    """Refuse whole-number fields outside what the game's material allows."""
    problem = ""
    if isinstance(action, Income):
        if not (0 <= action.traders <= TRADERS_PER_PLAYER and 0 <= action.merchants <= 4):
            problem = f"income takes 0..{TRADERS_PER_PLAYER} traders and 0..4 merchants"
    elif isinstance(action, Displace | RemovePiece):
        posts = board.route_posts[action.route]
        if not 0 <= action.post < posts:
            problem = f"route {board.route_ascii[action.route]} has posts 0..{posts - 1}"
        elif isinstance(action, Displace) and not 0 <= action.fee_merchants <= 2:
            problem = "the fee is 1 or 2 pieces, so 0..2 of them merchants"
    elif isinstance(action, SetupMarkers) and not 0 <= action.order < 6:
        problem = "the golden markers lie in one of the orders 0..5"
    if problem:
        raise IllegalActionError(f"malformed action {action_to_str(board, action)!r}: {problem}")
