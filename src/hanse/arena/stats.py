"""What a tournament says: per-bot win rates with 95% intervals, scores, margins, seat advantage.

A shared win counts 1/k to each of the k winners. A bot's *fair share* is the number of games it
would win if every seat were equal (1/n per seat it held), so "wins 3 times its fair share" reads
directly off ``wins / fair_share``. Games cut unfinished (see ``GameSpec.max_decisions``) have no
result: they are counted, but left out of every statistic.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hanse.arena.ratings import Rating, rate
from hanse.arena.runner import Outcome


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (shared wins count fractionally)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotStats:
    name: str
    seats_played: int = 0  # a bot in two seats of one game counts twice
    wins: float = 0.0
    fair_share: float = 0.0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)  # own score minus the best other score

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats_played if self.seats_played else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats_played)

    @property
    def share_ratio(self) -> float:
        return self.wins / self.fair_share if self.fair_share else 0.0

    def to_json(self, rating: Rating | None) -> dict[str, Any]:
        return {
            "name": self.name,
            "seats_played": self.seats_played,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.ci95),
            "fair_share": self.fair_share,
            "wins_over_fair_share": self.share_ratio,
            "mean_score": statistics.fmean(self.scores) if self.scores else 0.0,
            "mean_margin": statistics.fmean(self.margins) if self.margins else 0.0,
            "rating": None if rating is None else {"mu": rating.mu, "sigma": rating.sigma},
        }


@dataclass
class TournamentReport:
    game_id: str
    num_players: int
    games: int
    bots: dict[str, BotStats]
    seat_win_rates: list[float]
    seat_ci95: list[tuple[float, float]]
    length_mean: float
    length_stdev: float
    ratings: dict[str, Rating]
    rating_history: list[dict[str, float]]
    unfinished: int = 0  # games cut before their end, left out of everything above

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "games": self.games,
            "unfinished": self.unfinished,
            "bots": [s.to_json(self.ratings.get(n)) for n, s in self.bots.items()],
            "seat_win_rates": self.seat_win_rates,
            "seat_win_rates_ci95": [list(ci) for ci in self.seat_ci95],
            "length_mean": self.length_mean,
            "length_stdev": self.length_stdev,
        }


def report(
    outcomes: Sequence[Outcome], bots: Sequence[str], ratings: bool = True
) -> TournamentReport:
    if not outcomes:
        raise ValueError("a report needs at least one game")
    first = outcomes[0].spec
    unfinished = sum(1 for o in outcomes if not o.finished)
    outcomes = [o for o in outcomes if o.finished]
    if not outcomes:
        raise ValueError(f"none of the {unfinished} games finished within its decision limit")
    n = first.num_players
    stats = {name: BotStats(name) for name in bots}
    seat_wins = [0.0] * n
    for outcome in outcomes:
        share = 1.0 / len(outcome.winners)
        for seat, name in enumerate(outcome.spec.lineup):
            bot = stats[name]
            bot.seats_played += 1
            bot.fair_share += 1.0 / n
            score = outcome.scores[seat]
            bot.scores.append(score)
            bot.margins.append(score - max(s for o, s in enumerate(outcome.scores) if o != seat))
            if seat in outcome.winners:
                bot.wins += share
                seat_wins[seat] += share
    lengths = [o.actions for o in outcomes]
    final, history = rate(outcomes, bots) if ratings else ({}, [])
    return TournamentReport(
        game_id=first.game_id,
        num_players=n,
        games=len(outcomes),
        bots=stats,
        seat_win_rates=[w / len(outcomes) for w in seat_wins],
        seat_ci95=[wilson_interval(w, len(outcomes)) for w in seat_wins],
        length_mean=statistics.fmean(lengths),
        length_stdev=statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
        ratings=final,
        rating_history=history,
        unfinished=unfinished,
    )
