"""Who sits where: lineups for round-robin and gauntlet tournaments.

A lineup is a tuple of bot names, one per seat. Every lineup is played in all of its seat rotations,
so that each bot of a lineup sits in every seat equally often and a first-seat advantage cannot
favour one bot.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

Lineup = tuple[str, ...]


def rotations(lineup: Sequence[str]) -> list[Lineup]:
    """The cyclic seat rotations of a lineup (as many as seats)."""
    n = len(lineup)
    return [tuple(lineup[(i + shift) % n] for i in range(n)) for shift in range(n)]


def round_robin(entrants: Sequence[str], seats: int) -> list[Lineup]:
    """Every table of distinct entrants, each in every rotation.

    With fewer entrants than seats, the entrants fill the table in turn (A B A B for two bots at
    four seats), again in every rotation.
    """
    _check(entrants, 2)
    if len(entrants) >= seats:
        tables = [tuple(c) for c in itertools.combinations(entrants, seats)]
    else:
        tables = [tuple(entrants[i % len(entrants)] for i in range(seats))]
    return [r for table in tables for r in rotations(table)]


def gauntlet(challenger: str, field: Sequence[str], seats: int) -> list[Lineup]:
    """The challenger against each table of the field, in every rotation.

    The other seats are filled from the field: each combination of distinct field bots where the
    field is large enough, else the field in turn.
    """
    _check(field, 1)
    others = seats - 1
    if len(field) >= others:
        tables = [(challenger, *c) for c in itertools.combinations(field, others)]
    else:
        tables = [(challenger, *(field[i % len(field)] for i in range(others)))]
    return [r for table in tables for r in rotations(table)]


def _check(names: Sequence[str], least: int) -> None:
    if len(names) < least:
        raise ValueError(f"a tournament needs at least {least} bots here, got {list(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"each bot enters once: {list(names)}")
