"""Variant flags of Hansa Teutonica, each defaulting to RULINGS.md or the rulebook."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HansaConfig:
    """Flags for the readings where the German rulebook leaves a choice open."""

    swap_any_offices: bool = field(
        default=True,
        metadata={
            "label": "Office swap between any two offices",
            "help": "The bonus marker 'swap offices' swaps the pieces of any two neighbouring "
            "offices of a city, whoever owns them. Off: one of the two pieces must be your own.",
        },
    )
    shuffle_golden_markers: bool = field(
        default=True,
        metadata={
            "label": "Golden bonus markers in random order",
            "help": "The three golden bonus markers are laid beside the three Taberna routes in a "
            "new random order each game. Off: always the same order along the board: extra "
            "office, swap offices, remove 3 pieces.",
        },
    )
