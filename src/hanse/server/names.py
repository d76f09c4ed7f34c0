"""The names people give themselves at a table: what is kept, and what is refused.

A name is shown to everyone at the table, in the log and the chat, so it must read as what it is.
It is normalised to Unicode NFC (an "ü" typed as u + combining diaeresis and one typed as one
character are the same name) and refused, with a message that names the character, if it holds
one that is not a visible letter, mark, number, punctuation, symbol or space: control characters
(Cc), format characters (Cf: the right-to-left override U+202E that turns "Anna" around, zero-width
joiners, invisible separators), line and paragraph separators (Zl, Zp: U+2028 breaks a log line),
private-use characters (Co, which show as nothing or as a vendor's icon) and surrogates (Cs, not
characters at all).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from hanse.server.errors import unprocessable

MAX_NAME = 40
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
    "Co": "a private-use character",
    "Cs": "a surrogate",
}


def clean_name(name: Any, what: str = "name") -> str:
    """The name as kept (NFC, without spaces around it), or a 422 that says what is wrong."""
    if not isinstance(name, str):
        raise unprocessable(f"a {what} is text")
    name = unicodedata.normalize("NFC", name).strip()
    for char in name:
        kind = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind is not None:
            raise unprocessable(
                f"a {what} may not hold {kind} (U+{ord(char):04X}); "
                "use letters, digits, punctuation, symbols and spaces"
            )
    if not 1 <= len(name) <= MAX_NAME:
        raise unprocessable(f"a {what} is 1 to {MAX_NAME} characters")
    return name
