"""Many games between fixed seats of bots, summarised (`hanse simulate`).

The games are played by the arena's runner (:func:`hanse.arena.runner.run_tournament`) with one
lineup and no seat rotation; this module only summarises them per seat and per bot.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hanse.arena.runner import Outcome
from hanse.arena.stats import wilson_interval


@dataclass
class Summary:
    game_id: str
    num_players: int
    flags: dict[str, Any]
    bots: list[str]
    games: int
    wins_per_seat: list[float] = field(default_factory=list)  # a shared win counts 1/k
    wins_per_bot: dict[str, float] = field(default_factory=dict)
    score_mean: list[float] = field(default_factory=list)
    score_stdev: list[float] = field(default_factory=list)
    length_mean: float = 0.0
    length_stdev: float = 0.0
    decisions_mean: float = 0.0
    first_seat_win_rate: float = 0.0
    first_seat_ci95: tuple[float, float] = (0.0, 0.0)
    fair_share: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "flags": self.flags,
            "bots": self.bots,
            "games": self.games,
            "wins_per_seat": self.wins_per_seat,
            "wins_per_bot": self.wins_per_bot,
            "score_mean": self.score_mean,
            "score_stdev": self.score_stdev,
            "length_mean": self.length_mean,
            "length_stdev": self.length_stdev,
            "decisions_mean": self.decisions_mean,
            "first_seat_win_rate": self.first_seat_win_rate,
            "first_seat_ci95": list(self.first_seat_ci95),
            "fair_share": self.fair_share,
        }


def summarise(
    game_id: str,
    num_players: int,
    flags: dict[str, Any],
    bots: Sequence[str],
    results: Sequence[Outcome],
) -> Summary:
    n = num_players
    wins = [0.0] * n
    for result in results:
        for seat in result.winners:
            wins[seat] += 1.0 / len(result.winners)
    per_bot: dict[str, float] = {}
    for seat, name in enumerate(bots):
        per_bot[name] = per_bot.get(name, 0.0) + wins[seat]
    scores = [[r.scores[seat] for r in results] for seat in range(n)]
    lengths = [r.actions for r in results]

    def stdev(values: Sequence[float]) -> float:
        return statistics.stdev(values) if len(values) > 1 else 0.0

    return Summary(
        game_id=game_id,
        num_players=n,
        flags=dict(flags),
        bots=list(bots),
        games=len(results),
        wins_per_seat=wins,
        wins_per_bot=per_bot,
        score_mean=[statistics.fmean(s) if s else 0.0 for s in scores],
        score_stdev=[stdev(s) for s in scores],
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_stdev=stdev(lengths),
        decisions_mean=statistics.fmean(r.decisions for r in results) if results else 0.0,
        first_seat_win_rate=wins[0] / len(results) if results else 0.0,
        first_seat_ci95=wilson_interval(wins[0], len(results)),
        fair_share=1.0 / n,
    )
