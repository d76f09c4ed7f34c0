"""Variant flags of Lübeck; each default is the ruling of ``shared/rules/RULINGS.md``."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LuebeckConfig:
    """Rule readings that the German and Italian rulebooks leave open (RULINGS.md, Lübeck)."""

    must_pass_at_three: bool = field(
        default=False,
        metadata={
            "help": "Passen: a player holding 3 or fewer cards must pass at once (the Italian "
            "reading). Default False: such a player may pass (German 'darf passen')."
        },
    )
    double_includes_move: bool = field(
        default=True,
        metadata={
            "help": "Verdoppelung: also double goods cards for the city that move a cog into it. "
            "Default True; False doubles only cards played while the cog already lies there."
        },
    )
