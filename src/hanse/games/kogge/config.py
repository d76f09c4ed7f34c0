"""Variant flags of Kogge: the four expert rules (Zusatzregeln A-D), all off by default
(RULINGS.md)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class KoggeConfig:
    taxes: bool = field(
        default=False,
        metadata={
            "help": "Expert rule A (Steuern): after his move the guild master takes one good "
            "of its owner's choice from every cog in his city and confiscates the city's "
            "foreign goods."
        },
    )
    kontor_trade: bool = field(
        default=False,
        metadata={
            "help": "Expert rule B (Handel mit Kontoren): the player on turn may also trade with "
            "another player's Kontor in his city (the Kontor's goods and the owner's markers)."
        },
    )
    conflicts: bool = field(
        default=False,
        metadata={
            "help": "Expert rule C (Konflikte): after a turn, cogs in the active player's city may "
            "fight with secretly chosen markers; goods and markers are secret."
        },
    )
    memory: bool = field(
        default=False,
        metadata={
            "help": "Expert rule D (Memory): all route markers lie face down; start cargo 2 ore "
            "and 2 fur; a player may pay to look at his city's markers; goods and markers are "
            "secret."
        },
    )

    @property
    def hidden(self) -> bool:
        """RULINGS.md: in C and D all markers and goods of the players are secret."""
        return self.conflicts or self.memory
