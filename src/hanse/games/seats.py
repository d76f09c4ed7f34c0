"""How the terminal names a seat: its number (what ``--seat`` and the notation take) beside the
letter that the words, the notes and the web pages give it."""

from __future__ import annotations

from hanse.games.svg_parts import SEAT_LETTERS


def seat_label(seat: int) -> str:
    """``seat_label(1) == "seat 1 (B)"``."""
    return f"seat {seat} ({SEAT_LETTERS[seat]})"
