"""Tournaments between bots (`hanse arena`): lineups with seats rotated, parallel play, statistics.

- :mod:`hanse.arena.lineups`: round-robin and gauntlet lineups, every bot in every seat equally.
- :mod:`hanse.arena.runner`: plays the games in local processes or on a Ray cluster.
- :mod:`hanse.arena.stats`: win rates with 95% intervals, scores, margins, seat advantage.
- :mod:`hanse.arena.ratings`: multiplayer ratings (Plackett-Luce, via openskill).
- :mod:`hanse.arena.plots`: PNG plots (matplotlib, optional extra ``arena``).
"""

from hanse.arena.lineups import gauntlet, round_robin
from hanse.arena.runner import GameSpec, Outcome, run_tournament
from hanse.arena.stats import BotStats, TournamentReport, report

__all__ = [
    "BotStats",
    "GameSpec",
    "Outcome",
    "TournamentReport",
    "gauntlet",
    "report",
    "round_robin",
    "run_tournament",
]
