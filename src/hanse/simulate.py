"""Many bot-vs-bot games in parallel processes, summarised (`hanse simulate`)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from hanse.bots import make_bot
from hanse.core.match import play
from hanse.games import make


@dataclass(frozen=True)
class GameResult:
    seed: int
    scores: list[int]
    winners: list[int]
    actions: int  # every applied action, chance included
    decisions: int  # the players' actions only


def play_one(
    game_id: str, num_players: int, flags: dict[str, Any], bots: Sequence[str], seed: int
) -> GameResult:
    game = make(game_id, num_players, **flags)
    record = play(game, [make_bot(name) for name in bots], random.Random(seed))
    return GameResult(
        seed=seed,
        scores=list(record.scores or []),
        winners=list(record.winners or []),
        actions=len(record.actions),
        decisions=sum(1 for _ in record.decisions()),
    )


def _play_chunk(
    game_id: str, num_players: int, flags: dict[str, Any], bots: Sequence[str], seeds: Sequence[int]
) -> list[GameResult]:
    return [play_one(game_id, num_players, flags, bots, seed) for seed in seeds]


def run_games(
    game_id: str,
    num_players: int,
    flags: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    on_done: Callable[[int], None] = lambda n: None,
) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; `jobs` processes (1: in this process)."""
    seeds = [seed + i for i in range(games)]
    if jobs <= 1:
        results = []
        for s in seeds:
            results.append(play_one(game_id, num_players, flags, bots, s))
            on_done(1)
        return results
    chunk = max(1, min(25, math.ceil(games / (jobs * 4))))
    results = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(_play_chunk, game_id, num_players, flags, bots, seeds[i : i + chunk])
            for i in range(0, games, chunk)
        ]
        for future in as_completed(futures):
            done = future.result()
            results.extend(done)
            on_done(len(done))
    return sorted(results, key=lambda r: r.seed)


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


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (shared wins count fractionally)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(
    game_id: str,
    num_players: int,
    flags: dict[str, Any],
    bots: Sequence[str],
    results: Sequence[GameResult],
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
