"""Lübeck's cards as the board draws them: a chip with the card's name in the reader's language
(the German original on hover), cut short where the chip is narrow; and the card in words for the
labels of targets.

The special cards keep their German names in the log and the rules (the game's terms); on the
board a reader of English or Italian reads the card in its own language: the Italian names are
the ones the Italian translation of the rulebook uses ("Viaggio commerciale", "X 2", "Pirati",
"Cambiamento nave").
"""

from __future__ import annotations

import math
from functools import lru_cache
from xml.sax.saxutils import escape

from hanse.games.svg_parts import INK, Translate, text_width
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from . import data

CHIP_TEXT = 15
"""The size of a card chip's words."""
TYPE_FILL = {
    data.T_GOODS: "#f4ead3",
    data.T_HANDELSFAHRT: "#cfe3f3",
    data.T_VERDOPPELUNG: "#d5efd9",
    data.T_PIRATEN: "#3a2a2a",
    data.T_SCHIFFSWECHSEL: "#eadcf2",
}
TYPE_INK = {data.T_PIRATEN: "#ffffff"}

NAME_FORMS = {
    data.T_HANDELSFAHRT: ("Trading voyage {city}", "Voyage {city}"),
    data.T_VERDOPPELUNG: ("Doubling {city}", "×2 {city}"),
    data.T_PIRATEN: ("Pirates",),
    data.T_SCHIFFSWECHSEL: ("Change of ship", "Ship change"),
}
"""A special card's name on the board (msgids: German "Handelsfahrt {city}", Italian "Viaggio
commerciale {city}"), the longest that fits first, then a shorter form."""
CUT_NAMES = {
    data.T_HANDELSFAHRT: "the trading voyage card (Handelsfahrt)",
    data.T_VERDOPPELUNG: "the doubling card (Verdoppelung)",
    data.T_SCHIFFSWECHSEL: "the change of ship card (Schiffswechsel)",
}
"""What the key says of a name shown in its shorter form: the card, and its German name."""


def chip_words(label: str, tr: Translate, width: float = math.inf) -> str:
    """The card's words on a chip with `width` units for them: goods as labelled ("Riga 3"), a
    special card by its name in the reader's language where it fits, else by its shorter form."""
    kind = data.LABEL_TO_KIND[label]
    forms = NAME_FORMS.get(data.KIND_TYPE[kind])
    if forms is None:
        return label
    city = data.CITIES[data.KIND_CITY[kind]] if data.KIND_CITY[kind] >= 0 else ""
    words = [tr(form).format(city=city) for form in forms]
    return next((w for w in words if text_width(w, CHIP_TEXT) <= width), words[-1])


def is_short_form(label: str, words: str, tr: Translate) -> bool:
    """Whether `words` on the chip of `label` are its name's shorter form (the key explains it)."""
    forms = NAME_FORMS.get(data.KIND_TYPE[data.LABEL_TO_KIND[label]], ())
    return len(forms) > 1 and words != chip_words(label, tr)


def chip_room(w: float, count: int) -> float:
    """How wide a card chip `w` wide leaves its words: less the count's disc when it has one."""
    return w - 10 - (24 if count > 1 else 0)


def card_words(label: str, tr: Translate) -> str:
    """The card in words, for the labels of targets: a goods card as such, a special card by
    its name on the board (as the bar's buttons and the log name it)."""
    kind = data.LABEL_TO_KIND[label]
    if data.KIND_TYPE[kind] == data.T_GOODS:
        city = data.CITIES[data.KIND_CITY[kind]]
        return tr("the goods card {city} {value}").format(city=city, value=data.KIND_VALUE[kind])
    return chip_words(label, tr)


@lru_cache(maxsize=8192)
def card_chip(
    x: float, y: float, w: float, label: str, words: str, count: int = 1, h: float = 26
) -> str:
    """A card: `words` (:func:`chip_words`) on the colour of its type, its German label on
    hover, and how many of it when more than one."""
    kind_type = data.KIND_TYPE[data.LABEL_TO_KIND[label]]
    ink = TYPE_INK.get(kind_type, INK)
    parts = [
        _rect(x, y, w, h, rx=4, fill=TYPE_FILL[kind_type], stroke=INK),
        _el("title", escape(label)),
        _text(x + 5, y + h * 0.7, words, CHIP_TEXT, fill=ink, fit=chip_room(w, count)),
    ]
    if count > 1:
        parts.append(_el("circle", cx=f"{x + w - 12:.1f}", cy=f"{y + h / 2:.1f}", r=10, fill=INK))
        parts.append(
            _text(
                x + w - 12,
                y + h / 2 + 5,
                f"{count}",
                13,
                weight="bold",
                anchor="middle",
                fill="#ffffff",
            )
        )
    return _el("g", "".join(parts))
