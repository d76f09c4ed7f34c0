"""Drawing primitives shared by the games' SVG boards (``hanse.games.<game>.svg``): elements
with escaped attributes, text and rectangles, and the page's seat colours. Standard library only.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from xml.sax.saxutils import escape

Translate = Callable[[str], str]
"""What a board's words go through (gettext of the reader's catalog): every word the board shows
or announces, never an action's notation nor a proper name. Texts with numbers or names in them
are ``str.format`` templates with named fields, translated before they are filled in."""


def same(text: str) -> str:
    """The English board: every word as it is."""
    return text


# Seat colours of the page (hanse.css): the Okabe-Ito palette, each paired with a letter.
SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00")
SEAT_INK = ("#ffffff", "#ffffff", "#ffffff", "#000000", "#000000")
SEAT_LETTERS = "ABCDE"
INK = "#1d2330"
FONT = "DejaVu Sans, Verdana, sans-serif"
"""The boards' font where a board sets one for all its text."""


def text_width(words: str, size: float, bold: bool = False) -> float:
    """About how wide `words` run at font `size` (DejaVu Sans, the font the page falls back to):
    what a board checks before squeezing a text into its box. A wide character (Chinese,
    Japanese, Korean: in a player's name) counts twice."""
    count = len(words)
    if not words.isascii():
        count += sum(unicodedata.east_asian_width(c) in "WF" for c in words)
    return count * size * (0.68 if bold else 0.58)


def wrap(words: str, size: float, width: float) -> list[str]:
    """`words` in lines of font `size` no wider than `width`, broken between words (a word wider
    than `width` keeps a line of its own)."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


ELLIPSIS = "…"
JOINED = "\u200d\ufe0e\ufe0f"
"""What joins a character to the one before it (a joiner, a variation selector): never cut off."""

_UNSHOWN = re.compile(
    "[\x00-\x08\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
    "\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)
"""What a name on a board never carries: control characters (XML forbids most of them), the
marks that turn the writing direction (a name could turn the words after it around) and lone
surrogates."""


def seat_name(names: Sequence[str | None] | None, seat: int) -> str | None:
    """The name of `seat` as a board shows it (`names` one per seat, as the page knows them):
    without the characters a board never shows, its spaces collapsed; None for a seat without a
    name (no list, the list too short, None or nothing but spaces)."""
    if names is None or not 0 <= seat < len(names):
        return None
    name = names[seat]
    if not isinstance(name, str):
        return None
    shown = " ".join(_UNSHOWN.sub("", name).split())
    return shown or None


def cut(words: str, size: float, width: float, bold: bool = False) -> str:
    """`words` as they are if they run no wider than `width` at font `size`, else their longest
    beginning that does with "…" after it (at least one character and the "…"), without the
    spaces or dashes it would end in. A cut never leaves an accent or a joiner without the
    character it belongs to."""
    if text_width(words, size, bold) <= width:
        return words
    end = len(words) - 1
    while end > 1 and text_width(words[:end].rstrip() + ELLIPSIS, size, bold) > width:
        end -= 1
    while end > 1 and (
        unicodedata.combining(words[end]) or words[end] in JOINED or words[end - 1] == "\u200d"
    ):
        end -= 1  # words[end] belongs to the character before it: cut before that one too
    return (words[:end].rstrip(" -–_.,;:") or words[:end]) + ELLIPSIS


def name_label(
    translate: Translate,
    name: str,
    seat: int,
    you: bool,
    size: float,
    width: float,
    bold: bool = True,
) -> str:
    """The label of a seat's own area on a board: its player's `name` beside its letter, "Anna
    (A)", and "Anna (A, you)" for the reader's own seat, in the reader's language; the name cut
    with "…" where the label would run wider than `width` at font `size`."""
    template = translate("{name} ({seat}, you)" if you else "{name} ({seat})")
    letter = SEAT_LETTERS[seat]
    rest = text_width(template.format(name="", seat=letter), size, bold)
    return template.format(name=cut(name, size, width - rest, bold), seat=letter)


def plural(count: int, one: str, many: str) -> str:
    """The template (a msgid) for `count` things: `one` for exactly one, else `many`. English,
    German and Italian all use the singular for one thing only ("0 Waren", "1 Ware")."""
    return one if count == 1 else many


def coordinate(value: float) -> str:
    """A coordinate in whole units: a pixel or finer at every width the page uses."""
    return str(round(value))


_NAMES: dict[str, str] = {}


def _attr_name(key: str) -> str:
    """``font_size`` -> ``font-size``, ``class_`` -> ``class`` (cached: boards draw hundreds)."""
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _escape_attr(value: str) -> str:
    if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
        return html.escape(value)
    return value


def _attributes(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        text = _escape_attr(value) if isinstance(value, str) else str(value)
        parts.append(f' {_attr_name(key)}="{text}"')
    return "".join(parts)


def el(tag: str, body: str | None = None, /, **attrs: object) -> str:
    """One element; attribute names in snake_case become kebab-case (``font_size``)."""
    if body is None:
        return f"<{tag}{_attributes(attrs)}/>"
    return f"<{tag}{_attributes(attrs)}>{body}</{tag}>"


def board_document(
    game_id: str,
    size: tuple[float, str],
    label: str,
    title: str,
    style: str,
    body: str,
    **attrs: object,
) -> str:
    """A game's whole board: one inline ``<svg>`` (class ``board-svg <game_id>``) as wide as the
    page allows, `size` its width and height as written in the viewBox, `label` what a screen
    reader announces, `title` its tooltip; `attrs` are presentation defaults for its shapes."""
    width, height = size
    return el(
        "svg",
        el("title", escape(title)) + el("style", style) + body,
        xmlns="http://www.w3.org/2000/svg",
        class_=f"board-svg {game_id}",
        viewBox=f"0 0 {width} {height}",
        width="100%",
        role="group",
        aria_label=label,
        **attrs,
    )


def seat_disc(
    x: float, y: float, seat: int, r: float, letter: float, drop: float, stroke: str | None = None
) -> str:
    """A round piece of `seat` centred on (x, y): its colour and its letter, the letter `letter`
    times `r` high and `drop` times `r` below the centre (its baseline)."""
    return el(
        "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=r, fill=SEAT_COLOURS[seat], stroke=stroke
    ) + text(
        x,
        y + r * drop,
        SEAT_LETTERS[seat],
        r * letter,
        weight="bold",
        anchor="middle",
        fill=SEAT_INK[seat],
    )


# The primitives below are pure and every board draws most pieces at the same places as the
# last one, so they are cached (a board is then about a millisecond).
@lru_cache(maxsize=8192)
def text(
    x: float,
    y: float,
    words: str,
    size: float = 16,
    *,
    weight: str | None = None,
    anchor: str | None = None,
    fill: str = INK,
    fit: float | None = None,
) -> str:
    """One line of text; squeezed to ``fit`` units when it would be wider."""
    length = None
    if fit is not None and text_width(words, size, bool(weight)) > fit:
        length = f"{fit:.0f}"
    return el(
        "text",
        escape(words),
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        font_size=size,
        font_weight=weight,
        text_anchor=anchor,
        fill=fill,
        textLength=length,
        lengthAdjust="spacingAndGlyphs" if length else None,
    )


@lru_cache(maxsize=8192)
def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return el("rect", x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}", height=f"{h:.1f}", **attrs)


def target_rect(
    action: str, x: float, y: float, w: float, h: float, label: str, rx: float, css_class: str
) -> str:
    """A clickable board target over a box: a dashed outline carrying ``data-action`` with the
    role, tab stop and label the pages need, and a tooltip. The outline's stroke lies inside the
    box, so that targets on boxes that do not overlap do not overlap either."""
    inset = 1.5  # half the stroke
    return el(
        "rect",
        el("title", escape(label)),
        x=f"{x + inset:.1f}",
        y=f"{y + inset:.1f}",
        width=f"{w - 2 * inset:.1f}",
        height=f"{h - 2 * inset:.1f}",
        rx=rx,
        class_=css_class,
        fill="#ffb000",
        fill_opacity="0",
        stroke="#b35900",
        stroke_width=3,
        stroke_dasharray="7 4",
        role="button",
        tabindex=0,
        aria_label=label,
        data_action=action,
    )


class Targets:
    """The clickable layer of a board, drawn over everything else: each legal action placed once,
    as a group with role, tab stop, label (in the reader's language) and tooltip. What a target
    shows (a ring, a ghost piece) never catches the pointer; only its hit box does, an invisible
    rectangle that the board keeps clear of every other target's, so that a click always lands on
    the target aimed at."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.placed: set[str] = set()

    def add(
        self, action: str, label: str, body: str, hit: tuple[float, float, float, float]
    ) -> None:
        """Place `action` (unless it is placed already): `body` drawn, `hit` (x, y, width,
        height) clickable."""
        if action in self.placed:  # a notation is carried by one element only
            return
        self.placed.add(action)
        x, y, w, h = hit
        self.parts.append(
            el(
                "g",
                el("title", escape(label))
                + el("g", body, pointer_events="none")
                + rect(x, y, w, h, fill="none", pointer_events="all"),
                class_="target",
                data_action=action,
                role="button",
                tabindex=0,
                aria_label=label,
            )
        )


HIGHLIGHT = "#ffd400"
TARGET_STYLE = (
    ".board-svg .target{cursor:pointer}"
    ".board-svg .target:hover .ring,.board-svg .target:focus-visible .ring"
    "{stroke:#000000;stroke-width:8;fill-opacity:0.25}"
)
"""The style of the :class:`Targets` layer: the ring of the target under the pointer darkens."""


@lru_cache(maxsize=8192)
def ring_circle(x: float, y: float, r: float) -> str:
    """The highlight of a round target: a yellow ring edged in black (darker on hover)."""
    return el(
        "circle",
        class_="ring",
        cx=f"{x:.1f}",
        cy=f"{y:.1f}",
        r=f"{r:.1f}",
        fill="#ffffff",
        fill_opacity="0.01",
        stroke="#111111",
        stroke_width=5,
    ) + el(
        "circle",
        cx=f"{x:.1f}",
        cy=f"{y:.1f}",
        r=f"{r:.1f}",
        fill="none",
        stroke=HIGHLIGHT,
        stroke_width=3,
    )


@lru_cache(maxsize=8192)
def ring_rect(x: float, y: float, w: float, h: float, rx: float = 5) -> str:
    """The highlight of a square target: a yellow frame edged in black (darker on hover)."""
    return rect(
        x,
        y,
        w,
        h,
        class_="ring",
        rx=rx,
        fill="#ffffff",
        fill_opacity="0.01",
        stroke="#111111",
        stroke_width=5,
    ) + rect(x, y, w, h, rx=rx, fill="none", stroke=HIGHLIGHT, stroke_width=3)


KEY_SIZE = 13
"""The font size of a board's key: smaller than the board's own words, still readable."""
KEY_STEP = 18
"""How far apart the key's lines are."""


def board_key(
    top: float, width: float, heading: str, lines: Sequence[Sequence[tuple[str, str]]]
) -> tuple[str, float]:
    """A board's key (legend), a strip `width` wide from `top` down: `heading` ("Key") at the
    left, then one line per group of (symbol, meaning) entries, "o ore · f fur", the symbol bold
    as the board draws it. Every word is given in the reader's language. A line too wide breaks
    between its entries, never inside one, so that no entry is squeezed. Returns the drawing (a
    group of class ``board-key``, which the tests look for) and its bottom; nothing and `top`
    when there is nothing to explain."""
    return _board_key(top, width, heading, tuple(tuple(line) for line in lines if line))


@lru_cache(maxsize=256)
def _board_key(
    top: float, width: float, heading: str, lines: tuple[tuple[tuple[str, str], ...], ...]
) -> tuple[str, float]:
    """:func:`board_key`, kept: a board's key changes only with what its board shows (a game has
    a few keys, each in a few languages), and measuring its words at every panel cost."""
    if not lines:
        return "", top
    left = 8 + text_width(heading, KEY_SIZE, bold=True) + 12
    room = width - left - 8
    separator = " · "
    rows: list[list[tuple[str, str]]] = []
    for line in lines:
        used = math.inf  # each group starts a row of its own
        for symbol, meaning in line:
            entry = text_width(symbol, KEY_SIZE, bold=True) + text_width(" " + meaning, KEY_SIZE)
            if used + text_width(separator, KEY_SIZE) + entry > room:
                rows.append([])
                used = -text_width(separator, KEY_SIZE)
            rows[-1].append((symbol, meaning))
            used += text_width(separator, KEY_SIZE) + entry
    height = 10 + KEY_STEP * len(rows)
    parts = [
        rect(0, top, width, height, fill="#ffffff", stroke="#c9c1ad"),
        _key_line(8, top + 5 + KEY_STEP / 2, escape(heading), bold=True),
    ]
    for i, row in enumerate(rows):
        body = escape(separator).join(
            el("tspan", escape(symbol), font_weight="bold") + escape(" " + meaning)
            for symbol, meaning in row
        )
        parts.append(_key_line(left, top + 5 + KEY_STEP * (i + 0.5), body))
    return el("g", "".join(parts), class_="board-key"), top + height


def _key_line(x: float, y: float, body: str, bold: bool = False) -> str:
    """One line of the key, its middle at `y` (set in full: boards differ in their defaults)."""
    return el(
        "text",
        body,
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        font_size=KEY_SIZE,
        font_weight="bold" if bold else None,
        text_anchor="start",
        dominant_baseline="central",
        fill=INK,
    )
