"""The Lübeck board's drawing state (:class:`Board`: the parts drawn, the targets, the key, the
places) and the pieces every part of the board draws (a figure, a cog's hull).

A legal action is drawn as a clickable target only where it names exactly one thing on the
board and that thing is named by no other legal action (:func:`assign`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from hanse.games.svg_parts import INK, Translate, seat_disc, target_rect
from hanse.games.svg_parts import el as _el
from hanse.games.svg_places import enclose

from . import data
from .svg_cards import CUT_NAMES, card_chip, chip_room, chip_words, is_short_form

MUTED = "#555b66"
WIDTH = 800
BOX_TOP = 32
"""Height of a city box above its cogs (the name band and a margin)."""
COG_ROW = 27
KEY_GROUPS = (
    ("cog", "doubled"),
    tuple(f"cut {kind_type}" for kind_type in CUT_NAMES),
    ("compass", "to act"),
)
"""The key's lines: the entries the board may explain (:meth:`Board.explain`), in order."""


def cog_rows(view: dict[str, Any]) -> int:
    """Rows of cogs the city boxes make room for: two, or three when a city holds more."""
    per_city = Counter(cog["city"] for cog in view["cogs"])
    return 3 if max(per_city.values(), default=0) > 2 else 2


# -- drawing primitives ----------------------------------------------------------------------


@lru_cache(maxsize=8192)
def figure(x: float, y: float, seat: int, r: float = 9.5) -> str:
    """A merchant figure (Spielfigur) of ``seat``: its colour and letter, centred on (x, y)."""
    return seat_disc(x, y, seat, r, letter=1.3, drop=0.45, stroke=INK)


@lru_cache(maxsize=8192)
def hull(x: float, y: float, w: float, h: float = 20) -> str:
    """A cog's hull (Kogge), top left (x, y)."""
    path = f"M{x:.1f},{y:.1f} H{x + w:.1f} L{x + w - 7:.1f},{y + h:.1f} H{x + 7:.1f} Z"
    return _el("path", d=path, fill="#8a5a2b", stroke=INK, stroke_width=1.5)


class Board:
    """Collects the drawing and the targets; targets are drawn last, over everything."""

    def __init__(self, view: dict[str, Any], legal: Sequence[str], tr: Translate) -> None:
        self.view = view
        self.tr = tr
        self.parts: list[str] = []
        self.targets: list[str] = []
        self.placed: set[str] = set()
        self.on: dict[str, str] = assign(legal)
        """Board element -> the one legal action it carries."""
        self.box_h = BOX_TOP + COG_ROW * cog_rows(view) + 2
        self.key: dict[str, tuple[str, str]] = {}
        """Entry of the key -> the symbol as drawn first and its meaning."""

    def explain(self, entry: str, symbol: str, meaning: str) -> None:
        """Put `entry` of :data:`KEY_GROUPS` in the key: `symbol` is drawn on the board."""
        self.key.setdefault(entry, (symbol, meaning))

    def card_chip(
        self, x: float, y: float, w: float, label: str, count: int = 1, h: float = 26
    ) -> None:
        """A card chip (:func:`card_chip`); a name it shows in its shorter form goes in the key."""
        words = chip_words(label, self.tr, chip_room(w, count))
        self.parts.append(card_chip(x, y, w, label, words, count, h))
        if is_short_form(label, words, self.tr):
            kind_type = data.KIND_TYPE[data.LABEL_TO_KIND[label]]
            symbol = words.removesuffix(" " + label.partition(" ")[2]).strip()
            self.explain(f"cut {kind_type}", symbol, self.tr(CUT_NAMES[kind_type]))

    def close_place(self, start: int, key: str, part: object) -> None:
        """What was drawn since ``len(self.parts)`` was `start` becomes the place `key`, drawing
        `part` of the view (:mod:`.svg_places`)."""
        enclose(self.parts, start, key, part)

    def target(
        self, element: str, x: float, y: float, w: float, h: float, label: str, rx: float = 6
    ) -> None:
        action = self.on.get(element)
        if action is None or action in self.placed:
            return
        self.placed.add(action)
        self.targets.append(target_rect(action, x, y, w, h, label, rx, "hl-target"))


def element_of(action: str) -> str | None:
    """The one board element an action names first, or None (pass, keep, a chance draw)."""
    verb, _, rest = action.partition(" ")
    if verb == "draft":
        return f"pack {rest}"
    if verb == "first":
        return f"seat {rest}"
    if verb == "voyage":
        return f"cog {rest[1:]}" if rest else "field"
    if verb == "take" and rest.startswith("back @"):
        return f"cog {rest[6:]}"
    if verb in ("play", "discard"):
        label = rest.partition("@")[0].strip()
        return f"card {label}" if label in data.LABEL_TO_KIND else None
    return None


def assign(legal: Sequence[str]) -> dict[str, str]:
    """Each board element named by exactly one legal action carries it."""
    named: dict[str, list[str]] = {}
    for action in legal:
        element = element_of(action)
        if element is not None:
            named.setdefault(element, []).append(action)
    return {element: actions[0] for element, actions in named.items() if len(actions) == 1}
