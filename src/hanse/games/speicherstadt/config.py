"""Variant flags of Die Speicherstadt (RULINGS.md, "Die Speicherstadt and Kaispeicher")."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SpeicherstadtConfig:
    """The one flag: play with the Kaispeicher expansion."""

    kaispeicher: bool = field(
        default=False,
        metadata={
            "label": "Kaispeicher expansion",
            "help": "Play with the Kaispeicher expansion: 50 more cards, a row of cards you can "
            "reserve, a 4th worker each, 2 coins income each round and the goods hemp, cloth "
            "and glass.",
        },
    )
