"""Seating tournament rounds (pairing.py) and counting their standings
(tournament_standings.py): pure functions, no server."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from hanse.server.pairing import (
    bye_takers,
    group,
    meetings,
    repeats,
    round_robin,
    swiss,
    table_sizes,
)
from hanse.server.tournament_standings import (
    Result,
    bye_points,
    placing_points,
    standings,
)


@pytest.mark.parametrize(
    ("count", "size", "fewest", "sizes", "byes"),
    [
        (8, 2, 2, [2, 2, 2, 2], 0),
        (9, 2, 2, [2, 2, 2, 2], 1),
        (8, 4, 4, [4, 4], 0),
        (10, 4, 3, [4, 3, 3], 0),
        (10, 4, 4, [4, 4], 2),  # no smaller tables: two byes
        (9, 4, 3, [3, 3, 3], 0),
        (5, 4, 3, [4], 1),  # 3 + 2 would leave a table below the smallest size
        (3, 5, 3, [3], 0),
    ],
)
def test_table_sizes_fill_tables_down_to_the_smallest_size_then_give_byes(
    count: int, size: int, fewest: int, sizes: list[int], byes: int
) -> None:
    assert table_sizes(count, size, fewest) == (sizes, byes)
    assert sum(sizes) + byes == count


def test_too_few_entrants_for_one_table_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot fill"):
        table_sizes(2, 4, 3)


def test_byes_go_to_the_lowest_placed_who_had_the_fewest() -> None:
    ranking = [1, 2, 3, 4, 5]
    assert bye_takers(ranking, 1) == [5]
    assert bye_takers(ranking, 1, {5: 1}) == [4]
    assert bye_takers(ranking, 2, {5: 1, 4: 1}) == [3, 2]


def test_a_plain_ranking_is_cut_top_down_when_nobody_met() -> None:
    assert group([1, 2, 3, 4, 5, 6], [2, 2, 2], {}) == [[1, 2], [3, 4], [5, 6]]
    assert group(list(range(8)), [4, 4], {}) == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_two_who_met_are_kept_apart_at_the_least_cost_to_the_ranking() -> None:
    met = meetings([[1, 2]])
    assert group([1, 2, 3, 4], [2, 2], met) == [[1, 3], [2, 4]]


def test_a_repeat_is_taken_only_where_none_can_be_avoided() -> None:
    # 4 entrants, 3 rounds of pairs: the third round's only seating without a repeat
    met = meetings([[1, 2], [3, 4], [1, 3], [2, 4]])
    assert group([1, 2, 3, 4], [2, 2], met) == [[1, 4], [2, 3]]
    # a fourth round cannot avoid repeats: it takes as few as there must be (two pairs)
    met = meetings([[1, 2], [3, 4], [1, 3], [2, 4], [1, 4], [2, 3]])
    seated = group([1, 2, 3, 4], [2, 2], met)
    assert sum(repeats(t, met) for t in seated) == 2


def test_swiss_pairs_eight_entrants_three_rounds_without_a_repeat() -> None:
    rng = random.Random(3)
    entrants = list(range(1, 9))
    history: list[list[int]] = []
    for _round in range(3):
        ranking = entrants[:]
        rng.shuffle(ranking)  # any standings at all: the pairs must still be new
        seating = swiss(ranking, 2, 2, meetings(history), {}, rng)
        assert not seating.byes
        assert sorted(e for t in seating.tables for e in t) == entrants
        assert sum(repeats(t, meetings(history)) for t in seating.tables) == 0
        history += seating.tables
    assert len(meetings(history)) == 12  # 12 different pairs in 12 games


@pytest.mark.parametrize(("count", "rounds"), [(8, 5), (16, 9)])
def test_swiss_pairs_never_repeat_over_many_rounds_whatever_the_standings(
    count: int, rounds: int
) -> None:
    for draw in range(30):
        rng = random.Random(draw)
        history: list[list[int]] = []
        for _round in range(rounds):
            ranking = list(range(count))
            rng.shuffle(ranking)
            seating = swiss(ranking, 2, 2, meetings(history), {}, rng)
            assert sum(repeats(t, meetings(history)) for t in seating.tables) == 0, draw
            history += seating.tables


def test_multi_player_tables_take_the_fewest_repeats_possible() -> None:
    """8 entrants at tables of 4 for a second round: every table of 4 holds two of some first
    round's table, so each table has at least 2 repeated pairs; the search finds 2 + 2."""
    met = meetings([[1, 2, 3, 4], [5, 6, 7, 8]])
    seated = group([1, 2, 3, 4, 5, 6, 7, 8], [4, 4], met)
    assert sum(repeats(t, met) for t in seated) == 4
    assert seated[0][0] == 1  # the leader keeps the first table


def test_swiss_with_an_odd_count_gives_one_bye_a_round_never_twice() -> None:
    rng = random.Random(5)
    entrants = list(range(1, 8))
    byes_had: dict[int, int] = {}
    history: list[list[int]] = []
    for _round in range(7):
        seating = swiss(entrants, 2, 2, meetings(history), byes_had, rng)
        assert len(seating.byes) == 1
        assert byes_had.get(seating.byes[0], 0) == 0
        byes_had[seating.byes[0]] = 1
        history += seating.tables
    assert sorted(byes_had) == entrants


def test_round_robin_meets_every_pair_once() -> None:
    for count in (2, 5, 6, 9):
        entrants = list(range(10, 10 + count))
        rounds = round_robin(entrants, random.Random(count))
        assert len(rounds) == (count - 1 if count % 2 == 0 else count)
        pairs = [frozenset(t) for r in rounds for t in r.tables]
        assert sorted(pairs, key=sorted) == sorted(
            {frozenset(p) for p in combinations(entrants, 2)}, key=sorted
        )
        for seating in rounds:
            seated = [e for t in seating.tables for e in t] + seating.byes
            assert sorted(seated) == entrants
        if count % 2:
            assert sorted(b for r in rounds for b in r.byes) == entrants  # one bye each


def test_placing_points_are_bgas_and_ties_share() -> None:
    assert placing_points([1, 2, 3, 4]) == [6.0, 4.0, 2.0, 0.0]
    assert placing_points([1, 2]) == [2.0, 0.0]
    assert placing_points([1, 1]) == [1.0, 1.0]
    assert placing_points([2, 1, 1]) == [0.0, 3.0, 3.0]  # two winners share 4 + 2
    assert placing_points([1, 2, 2, 3]) == [6.0, 3.0, 3.0, 0.0]
    assert bye_points(4) == 6.0 and bye_points(2) == 2.0


def test_standings_break_ties_by_opponents_points_then_game_score() -> None:
    results = [
        # round 1: 1 beats 2, 3 beats 4
        Result(1, 1, 0, 2.0, 50),
        Result(2, 1, 0, 0.0, 40),
        Result(3, 1, 1, 2.0, 60),
        Result(4, 1, 1, 0.0, 10),
        # round 2: 1 beats 3, 2 beats 4
        Result(1, 2, 0, 2.0, 30),
        Result(3, 2, 0, 0.0, 20),
        Result(2, 2, 1, 2.0, 35),
        Result(4, 2, 1, 0.0, 5),
    ]
    table = standings([1, 2, 3, 4], results)
    assert [s.entrant for s in table] == [1, 3, 2, 4]
    # 3 and 2 have 2 points each; 3 met 4 (0) and 1 (4): 4; 2 met 1 (4) and 4 (0): 4; the game
    # score decides: 3 scored 80, 2 scored 75
    assert [(s.points, s.opponents, s.score) for s in table] == [
        (4.0, 4.0, 80),
        (2.0, 4.0, 80),
        (2.0, 4.0, 75),
        (0.0, 4.0, 15),
    ]
    assert [s.place for s in table] == [1, 2, 3, 4]


def test_a_bye_counts_its_points_but_no_opponents_and_equals_share_a_place() -> None:
    results = [Result(1, 1, 0, 2.0, 10), Result(2, 1, 0, 0.0, 10), Result(3, 1, None, 2.0)]
    table = standings([1, 2, 3], results)
    by_entrant = {s.entrant: s for s in table}
    assert by_entrant[3].points == 2.0 and by_entrant[3].byes == 1 and by_entrant[3].played == 0
    assert by_entrant[3].opponents == 0.0
    assert by_entrant[1].place == 1 and by_entrant[3].place == 2
    even = standings([1, 2], [Result(1, 1, 0, 1.0, 7), Result(2, 1, 0, 1.0, 7)])
    assert [s.place for s in even] == [1, 1]
