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
            "help": "Niederlassungstausch swaps the pieces of any two neighbouring occupied "
            "offices (the German text names no owner). Off: one of the two must be the "
            "user's own.",
        },
    )
    shuffle_golden_markers: bool = field(
        default=True,
        metadata={
            "label": "Golden start markers in random order",
            "help": "The three golden start markers go to the three Taberna routes in random order "
            "(the rules say 'beliebig'). Off: always extra office, swap offices and remove 3, "
            "one to each Taberna route in the board's order.",
        },
    )
