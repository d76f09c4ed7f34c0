"""Multiplayer ratings from finishing orders (Plackett-Luce, Weng and Lin 2011, via openskill).

Each game ranks its seats by the rulebook's result: winners share rank 1, the others follow by
score. A bot that sits in several seats of one game (fewer bots than seats) is rated in each seat
from its rating before the game, and its new rating is the mean of those updates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hanse.arena.runner import Outcome


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: a rating the bot is very likely above."""
        return self.mu - 3 * self.sigma


def finishing_ranks(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Rank per seat (1 best): winners first, then the others by score, equal scores equal."""
    ranks = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ranks.append(1)
        else:
            better = {s for o, s in enumerate(scores) if o not in winners and s > score}
            ranks.append(2 + len(better))
    return ranks


def rate(
    outcomes: Sequence[Outcome], bots: Sequence[str]
) -> tuple[dict[str, Rating], list[dict[str, float]]]:
    """Final ratings and the history (each bot's mu after every game, in game order)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in bots}
    history: list[dict[str, float]] = []
    for outcome in outcomes:
        lineup = outcome.spec.lineup
        teams = [[model.rating(mu=current[n].mu, sigma=current[n].sigma)] for n in lineup]
        ranks = [float(r) for r in finishing_ranks(outcome.scores, outcome.winners)]
        rated = model.rate(teams, ranks=ranks)
        for name in set(lineup):
            seats = [i for i, n in enumerate(lineup) if n == name]
            mu = sum(rated[i][0].mu for i in seats) / len(seats)
            sigma = sum(rated[i][0].sigma for i in seats) / len(seats)
            current[name] = model.rating(mu=mu, sigma=sigma, name=name)
        history.append({name: current[name].mu for name in bots})
    return {n: Rating(r.mu, r.sigma) for n, r in current.items()}, history
