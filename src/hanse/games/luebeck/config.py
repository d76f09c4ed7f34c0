"""Variant flags of Lübeck; each default is the ruling of ``shared/rules/RULINGS.md``."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LuebeckConfig:
    """Rule readings that the German and Italian rulebooks leave open (RULINGS.md, Lübeck)."""

    must_pass_at_three: bool = field(
        default=False,
        metadata={
            "label": "Pass at once with 3 cards or fewer",
            "help": "A player holding 3 cards or fewer on his turn must pass and takes no more "
            "actions this round (as the Italian rules say). Off: he may pass or play on (as the "
            "German rules say).",
        },
    )
    double_includes_move: bool = field(
        default=True,
        metadata={
            "label": "A Doubling card counts the cog's move",
            "help": "A Doubling card also doubles the goods cards of its city that sail a cog into "
            "the city. Off: only those played while the cog already lies there are doubled.",
        },
    )
