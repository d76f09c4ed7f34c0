"""The board contract for "last moves shown" (shared by the boards and the table page).

The page marks on a board the places changed since the viewer's previous decision, and the places
a log entry's move names, from two attributes a board writes on the outermost element of each
place a move can change: ``data-place`` (a short stable key, unique on the board) and
``data-state`` (a digest of exactly the part of the view that place draws). The digest is taken
from the view alone, never from the legal actions, the reader's language or the players' names,
so that a place looks changed only when something in it moved.
"""

from __future__ import annotations

import hashlib

from hanse.games.svg_parts import el


def digest(part: object) -> str:
    """A short digest of `part` (a slice of a view: ints, strings, lists, tuples, dicts built in
    a fixed order), equal for equal slices."""
    return hashlib.blake2s(repr(part).encode(), digest_size=4).hexdigest()


def place(key: str, part: object, body: str, **attrs: object) -> str:
    """`body` as one place of the board: a group keyed `key` whose state is the digest of
    `part`, the slice of the view the body draws."""
    return el("g", body, data_place=key, data_state=digest(part), **attrs)


def enclose(parts: list[str], start: int, key: str, part: object) -> None:
    """What a board drew into `parts` since ``len(parts)`` was `start` becomes the place `key`,
    drawing `part` of the view: one group in place of those pieces."""
    body = "".join(parts[start:])
    del parts[start:]
    parts.append(place(key, part, body))
