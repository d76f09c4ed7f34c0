"""Variant flags of Kogge: the four expert rules (Zusatzregeln A-D), all off by default, and
``open_holdings`` (RULINGS.md, "Holdings are secret")."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class KoggeConfig:
    taxes: bool = field(
        default=False,
        metadata={
            "label": "Expert rule A: taxes",
            "help": "Expert rule A (Steuern): after his move the guild master takes one good "
            "of its owner's choice from every cog in his city and confiscates the city's "
            "foreign goods.",
        },
    )
    kontor_trade: bool = field(
        default=False,
        metadata={
            "label": "Expert rule B: trade with Kontors",
            "help": "Expert rule B (Handel mit Kontoren): the player on turn may also trade with "
            "another player's Kontor in his city (the Kontor's goods and the owner's markers).",
        },
    )
    conflicts: bool = field(
        default=False,
        metadata={
            "label": "Expert rule C: conflicts",
            "help": "Expert rule C (Konflikte): after a turn, cogs in the active player's city may "
            "fight with secretly chosen markers; goods and markers are secret.",
        },
    )
    memory: bool = field(
        default=False,
        metadata={
            "label": "Expert rule D: memory",
            "help": "Expert rule D (Memory): all route markers lie face down; start cargo 2 ore "
            "and 2 fur; a player may pay to look at his city's markers; goods and markers are "
            "secret.",
        },
    )
    open_holdings: bool = field(
        default=False,
        metadata={
            "label": "Open holdings",
            "help": "Everyone's goods and markers are shown to all. Off: another player's "
            "holdings show as counts (the rulebook lets players keep them secret). Expert rules "
            "C and D keep them secret all the same.",
        },
    )

    @property
    def hidden(self) -> bool:
        """RULINGS.md, "Holdings are secret": other players' goods and markers are counts, unless
        ``open_holdings``; in C and D they are secret all the same."""
        return not self.open_holdings or self.conflicts or self.memory
