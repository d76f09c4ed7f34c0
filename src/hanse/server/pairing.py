"""Seating a tournament's rounds (pure: no database, no clock; the caller gives the randomness).

As Board Game Arena runs its tournaments:

- **Table sizes.** Entrants sit at tables of the tournament's size; where their count does not
  divide, some tables are one seat smaller, down to the tournament's smallest size (its
  ``fewest``, at least the game's minimum). Whoever still finds no seat has a **bye** for the
  round: no table, and the points of a winner at a full table (BGA's default, "the maximum points
  a player would gain in a full game"). The lowest placed among those with the fewest byes so far
  take the byes, so nobody has a second while others have none.
- **Swiss.** Entrants are ranked by their standings (``tournament_standings``), equals in a
  random order (round 1: all in a random order); the best sit together at the first table, the
  next ones at the second, and so on, while no two meet again where that can be avoided given
  the rounds already played: the search keeps to the ranking and trades it only for fewer
  repeated meetings (the number of pairs at a table who met before, summed over the round). At
  two-player tables any entrant may be paired with any other; at multi-player tables a table's
  companions come from the next three tables' worth of the ranking, so that score groups stay
  together. BGA keeps two-player opponents apart and groups multi-player tables by ranking
  without avoiding repeats; this does both at any table size. The search is bounded
  (``SEARCH_STEPS``); at 2 seats it found no repeat in 9 rounds of 16 entrants nor in 5 rounds
  of 8 (random standings, 30 draws each: ``tests/server/test_pairing.py``).
- **Round robin** (two-player tables only): the circle method, every pair meeting once, in
  ``n - 1`` rounds (``n`` when the count is odd: each round one entrant has the bye).
- Seats within a table are in a random order (who begins is the game's own setup).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

SEARCH_STEPS = 20_000  # tables tried per round before the best seating found so far is taken


@dataclass(frozen=True)
class Seating:
    """One round: the tables (entrants in seat order) and the entrants with a bye."""

    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)


def table_sizes(count: int, size: int, fewest: int) -> tuple[list[int], int]:
    """How `count` entrants sit at tables of `size` seats (some a seat smaller, none below
    `fewest`): the tables' sizes, largest first, and how many entrants have a bye."""
    if count < fewest:
        raise ValueError(f"{count} entrants cannot fill a table of at least {fewest}")
    tables = math.ceil(count / size)
    if count // tables >= fewest:
        larger = count % tables
        smaller = count // tables
        return [smaller + 1] * larger + [smaller] * (tables - larger), 0
    tables = count // size
    return [size] * tables, count - tables * size


def repeats(table: Sequence[int], met: Mapping[frozenset[int], int]) -> int:
    """How many pairs at `table` met before (a pair that met twice counts twice)."""
    return sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2))


def bye_takers(
    ranking: Sequence[int], count: int, byes_had: Mapping[int, int] | None = None
) -> list[int]:
    """The `count` entrants who sit out: the lowest placed of those with the fewest byes."""
    had = byes_had or {}
    bottom_up = list(reversed(ranking))
    return sorted(bottom_up, key=lambda e: had.get(e, 0))[:count]


def swiss(
    ranking: Sequence[int],
    size: int,
    fewest: int,
    met: Mapping[frozenset[int], int],
    byes_had: Mapping[int, int],
    rng: random.Random,
) -> Seating:
    """A Swiss round for entrants ranked best first (see the module docstring)."""
    sizes, bye_count = table_sizes(len(ranking), size, fewest)
    byes = bye_takers(ranking, bye_count, byes_had)
    playing = [e for e in ranking if e not in byes]
    tables = group(playing, sizes, met)
    for table in tables:
        rng.shuffle(table)
    return Seating(tables, byes)


def group(
    ranking: Sequence[int],
    sizes: Sequence[int],
    met: Mapping[frozenset[int], int],
    steps: int = SEARCH_STEPS,
) -> list[list[int]]:
    """`ranking` cut into tables of `sizes`, best first, with the fewest repeated meetings.

    A depth-first search: the best-placed entrant left takes the first table left, with
    companions tried first among those it would meet again least, nearest in rank first, so
    where nobody met the first complete seating is the plain cut by rank; seatings with fewer
    repeats replace it, until one has none or `steps` tables were tried. At multi-player
    tables the companions are sought among the next few only (three tables' worth), so that
    score groups stay together."""
    best: list[list[int]] = []
    best_cost = math.inf
    tried = 0

    def search(
        left: list[int], sizes_left: Sequence[int], seated: list[list[int]], cost: int
    ) -> None:
        nonlocal best, best_cost, tried
        if cost >= best_cost:
            return
        if not sizes_left:
            best, best_cost = [list(t) for t in seated], cost
            return
        head, rest = left[0], left[1:]
        seats = sizes_left[0]
        near = rest if seats == 2 else rest[: 3 * seats]
        # Companions who met the fewest here first, then nearest in rank (a stable sort)
        options = sorted(
            ((repeats([head, *c], met), c) for c in combinations(near, seats - 1)),
            key=lambda option: option[0],
        )
        for repeated, companions in options:
            if tried >= steps or best_cost == 0:
                return
            tried += 1
            taken = set(companions)
            search(
                [e for e in rest if e not in taken],
                sizes_left[1:],
                [*seated, [head, *companions]],
                cost + repeated,
            )

    search(list(ranking), list(sizes), [], 0)
    return best


def round_robin(entrants: Sequence[int], rng: random.Random) -> list[Seating]:
    """Every round of a two-player round robin (the circle method): each pair meets once,
    seats in a random order."""
    players: list[int | None] = list(entrants)
    if len(players) % 2:
        players.append(None)  # whoever meets nobody has the bye
    count = len(players)
    rounds = []
    for _turn in range(count - 1):
        tables, byes = [], []
        for board in range(count // 2):
            first, second = players[board], players[count - 1 - board]
            if first is None or second is None:
                byes.append(first if second is None else second)
                continue
            tables.append([first, second])
        for table in tables:
            rng.shuffle(table)
        rounds.append(Seating(tables, [b for b in byes if b is not None]))
        players = [players[0], players[-1], *players[1:-1]]  # all but the first turn once
    return rounds


def meetings(tables: Sequence[Sequence[int]]) -> dict[frozenset[int], int]:
    """How often each pair of entrants sat at one table, over `tables`."""
    met: dict[frozenset[int], int] = {}
    for table in tables:
        for pair in combinations(table, 2):
            key = frozenset(pair)
            met[key] = met.get(key, 0) + 1
    return met
