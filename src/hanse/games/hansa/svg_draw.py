"""What Hansa Teutonica's board drawing shares: the colours, the words of its short labels, the
sizes of the map, and the pieces (a trader's square, a merchant's circle, a ghost where one would
go)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hanse.games.hansa.words import ABILITY_WORDS
from hanse.games.svg_parts import (
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    ring_circle,
    ring_rect,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import text as _text

NEUTRAL_COLOUR = "#8c8c8c"
PRIVILEGE_FILL = ("", "#ffffff", "#fbcf9c", "#f3bddb", "#333333")
"""Office colours white, orange, pink, black (pale, so that offices never look like pieces)."""
PRIVILEGE_INK = ("", "#333333", "#333333", "#333333", "#ffffff")
PRIVILEGE_NAMES = ("", "white", "orange", "pink", "black")
ABILITY_LABELS = ABILITY_WORDS
"""The abilities by the rulebook's names, as the help text and the log call them."""
PLATE_LABELS = {
    "keys": "Keys",
    "actions": "Actiones",
    "privilege": "Privilegium",
    "book": "Liber",
    "bank": "Bursa",
}
"""The ability on a city's name plate, where the map has no room for the whole name: the
rulebook's name or its first word ("Keys" of City Keys, the Stadtschlüssel)."""
MARKER_LABELS = {
    "extra_office": "+Office",
    "swap_offices": "Swap",
    "actions_3": "+3 Act",
    "actions_4": "+4 Act",
    "upgrade_ability": "+Ability",
    "remove_3": "Remove 3",
}
MARKER_WORDS = {
    "extra_office": "extra office",
    "swap_offices": "swap offices",
    "actions_3": "3 extra actions",
    "actions_4": "4 extra actions",
    "upgrade_ability": "upgrade an ability",
    "remove_3": "remove 3 pieces",
}
DECISION_WORDS = {
    "setup_markers": "player {seat} is setting up",
    "action": "player {seat} chooses an action",
    "move_lift": "player {seat} lifts pieces to move",
    "move_place": "player {seat} places the moved pieces",
    "displaced_place": "player {seat} places displaced pieces",
    "establish_choice": "player {seat} chooses what to establish",
    "remove_pieces": "player {seat} removes pieces",
    "neutral_office": "player {seat} chooses the neutral office",
    "draw_bonus": "player {seat} draws a bonus marker",
    "place_bonus": "player {seat} places a bonus marker",
    "game_over": "game over",
}
"""Who decides what, in the status line (any other decision: "player {seat}")."""
DECISION_NAMED = {
    "setup_markers": "{player} is setting up",
    "action": "{player} chooses an action",
    "move_lift": "{player} lifts pieces to move",
    "move_place": "{player} places the moved pieces",
    "displaced_place": "{player} places displaced pieces",
    "establish_choice": "{player} chooses what to establish",
    "remove_pieces": "{player} removes pieces",
    "neutral_office": "{player} chooses the neutral office",
    "draw_bonus": "{player} draws a bonus marker",
    "place_bonus": "{player} places a bonus marker",
}
"""The same where the decider has a name: "Anna (A) chooses an action" (any other: the name)."""
ORDINALS = {1: "{n}st", 2: "{n}nd", 3: "{n}rd"}
"""Places in the East-West race (any other: "{n}th")."""

SCALE = 1.1
"""The board data's coordinates (a 1000 by 680 map) are spread this much wider on the drawing,
so that the pieces, drawn at their own size, have room between them."""
WIDTH = 1100
MAP_TOP = 64
MAP_HEIGHT = 760
OFFICE = 30
OFFICE_GAP = 4
POST_R = 11
HIT = 13
"""Half the side of a post's clickable square: no two posts' squares overlap."""
SPACING = 2 * HIT + 1
MARKER_HW, MARKER_HH = 36.0, 12.0
"""Half sizes of a bonus marker's place beside its route: also the route's clickable box."""
BEND_STEP = 10.0
PIECE = 20
MAP_FILL = "#efe7d2"
ROUTE_INK = "#8b6f47"


# -- small drawing helpers ---------------------------------------------------------------------


def _seat_style(seat: Any) -> tuple[str, str, str]:
    """Fill, letter colour and letter of a seat (an int, or "neutral")."""
    if isinstance(seat, int) and 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat], SEAT_INK[seat], SEAT_LETTERS[seat]
    return NEUTRAL_COLOUR, "#000000", "N"


@lru_cache(maxsize=4096)
def _piece(x: float, y: float, seat: Any, kind: str, size: float = PIECE) -> str:
    """A trader (square) or merchant (circle) in the seat's colour with its letter. Kept: the
    pieces stand on the map's fixed posts and offices, and drawing them again at every panel was
    a fifth of the board's time (issue 32); at most a few thousand (posts and offices times
    seats and kinds)."""
    fill, ink, letter = _seat_style(seat)
    return _shape(x, y, size, kind == "merchant", fill=fill) + _text(
        x, y + 0.5, letter, round(size * 0.68), weight="bold", fill=ink
    )


def _ghost(x: float, y: float, seat: Any, merchant: bool, size: float = PIECE) -> str:
    """A dashed, pale piece: where a piece would go."""
    fill, _, letter = _seat_style(seat)
    shape = _shape(x, y, size, merchant, fill=fill, fill_opacity=0.35, stroke_dasharray="3 2")
    return shape + _text(x, y + 0.5, letter, round(size * 0.6), weight="bold", fill="#111111")


def _shape(x: float, y: float, size: float, merchant: bool, **style: object) -> str:
    """A piece's outline: a merchant's circle or a trader's square, edged in black."""
    h = size / 2
    if merchant:
        return _el(
            "circle", cx=_f(x), cy=_f(y), r=_f(h + 1), stroke="#111111", stroke_width=1.5, **style
        )
    return _el(
        "rect",
        x=_f(x - h),
        y=_f(y - h),
        width=_f(size),
        height=_f(size),
        rx=2,
        stroke="#111111",
        stroke_width=1.5,
        **style,
    )


def _halo(x: float, y: float, r: float, round_: bool) -> str:
    """The highlight of a ghost piece, of the piece's shape."""
    if round_:
        return ring_circle(x, y, r)
    return ring_rect(x - r, y - r, 2 * r, 2 * r)


def _text_width(text: str, size: float) -> float:
    return len(text) * size * 0.62
