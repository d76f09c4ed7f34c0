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
            "help": "Each time the guild master moves, every cog in the city he reaches pays him "
            "one good of its owner's choice, and the goods lying there that the city does not "
            "produce go back to the supply.",
        },
    )
    kontor_trade: bool = field(
        default=False,
        metadata={
            "label": "Expert rule B: trade with Kontore",
            "help": "On your turn you may also trade with another player's Kontor in your cog's "
            "city, if its owner agrees: goods from that Kontor and the owner's route markers; "
            "the goods the owner gets go into the Kontor.",
        },
    )
    conflicts: bool = field(
        default=False,
        metadata={
            "label": "Expert rule C: conflicts",
            "help": "After his actions a player may attack another cog in his city, or be "
            "attacked by one: both sides choose route markers in secret and hand them over; the "
            "better combination wins and may ask the loser for three goods. Everyone's goods and "
            "markers are kept secret.",
        },
    )
    memory: bool = field(
        default=False,
        metadata={
            "label": "Expert rule D: memory",
            "help": "All route markers lie face down: a route shows where it leads only while a "
            "cog sails along it. Everyone starts with 2 ore and 2 fur and sees the markers of his "
            "start city; once a round he may pay a good or a marker to look at the markers of his "
            "cog's city. Everyone's goods and markers are kept secret.",
        },
    )
    open_holdings: bool = field(
        default=False,
        metadata={
            "label": "Open holdings",
            "help": "Everyone sees every player's goods and route markers. Off: you see only how "
            "many goods and markers the others hold. With expert rule C or D they stay secret.",
        },
    )

    @property
    def hidden(self) -> bool:
        """RULINGS.md, "Holdings are secret": other players' goods and markers are counts, unless
        ``open_holdings``; in C and D they are secret all the same."""
        return not self.open_holdings or self.conflicts or self.memory
