"""A tournament's points and standings (pure), as Board Game Arena counts them.

- **Points by placing**: at a table of ``n`` seats, place ``k`` earns ``2 (n - k)`` points (BGA's
  "..., +6, +4, +2, 0": the last nothing, each place above two more; at two seats a win is 2, a
  draw 1 each). Seats tied for places share those places' points evenly. A seat whose person left
  it to a bot (or whose time ran out) places last, below every seat that stayed, as in the
  ratings. A **bye** earns what a winner at a full table earns: ``2 (size - 1)``.
- **Standings**: by points; then the **opponents' points** (Buchholz: for every table one sat at,
  the points of each other seat's entrant at the end, summed), as BGA's tables show it; then the
  **game score** (the rulebook points scored at all one's tables). Entrants equal in all three
  share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One entrant's round: its table (``board``; None for a bye), points and game score."""

    entrant: int
    round: int
    board: int | None
    points: float
    score: int | None = None


@dataclass(frozen=True)
class Standing:
    entrant: int
    place: int
    points: float
    opponents: float  # the opponents' points (Buchholz)
    score: int  # the game score, summed
    played: int
    byes: int


def placing_points(ranks: Sequence[int]) -> list[float]:
    """Each seat's points from its rank (1 best, equal ranks tied; the ranks need not be
    consecutive: ``finishing_ranks`` gives 1, 1, 2 for two winners and a third)."""
    count = len(ranks)
    points = []
    for rank in ranks:
        place = 1 + sum(other < rank for other in ranks)  # the first place this seat covers
        tied = sum(other == rank for other in ranks)
        covered = range(place, place + tied)
        points.append(sum(2.0 * (count - p) for p in covered) / tied)
    return points


def bye_points(size: int) -> float:
    """A bye's points: a winner's at a full table of `size` seats."""
    return 2.0 * (size - 1)


def standings(entrants: Sequence[int], results: Sequence[Result]) -> list[Standing]:
    """Every entrant's standing, best first (entrants in `entrants`' order where all is equal)."""
    points = {e: 0.0 for e in entrants}
    score = {e: 0 for e in entrants}
    played = {e: 0 for e in entrants}
    byes = {e: 0 for e in entrants}
    tables: dict[tuple[int, int], list[int]] = {}
    for result in results:
        points[result.entrant] += result.points
        if result.board is None:
            byes[result.entrant] += 1
            continue
        played[result.entrant] += 1
        score[result.entrant] += result.score or 0
        tables.setdefault((result.round, result.board), []).append(result.entrant)
    opponents = {e: 0.0 for e in entrants}
    for seated in tables.values():
        for entrant in seated:
            opponents[entrant] += sum(points[o] for o in seated if o != entrant)
    key = {e: (points[e], opponents[e], score[e]) for e in entrants}
    ordered = sorted(entrants, key=lambda e: key[e], reverse=True)  # stable: entry order
    return [
        Standing(
            entrant=e,
            place=1 + sum(key[o] > key[e] for o in entrants),
            points=points[e],
            opponents=opponents[e],
            score=score[e],
            played=played[e],
            byes=byes[e],
        )
        for e in ordered
    ]
