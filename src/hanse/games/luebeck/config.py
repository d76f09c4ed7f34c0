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
            "help": "Passen: a player holding 3 or fewer cards must pass at once (the Italian "
            "reading). Off: such a player may pass (German 'darf passen').",
        },
    )
    double_includes_move: bool = field(
        default=True,
        metadata={
            "label": "Doubling counts the cog's move",
            "help": "Verdoppelung: also double goods cards for the city that move a cog into it. "
            "Off: only cards played while the cog already lies there are doubled.",
        },
    )
