"""A worker answers a read from its cache where it has heard, with the moves themselves, every
move stored through the other workers (``hearing.py``), and reads the database wherever it cannot
be sure: a change heard without its moves, news missed while Redis was away (the epoch), a table
not read from the database for ``TRUSTED_SECONDS``, moves that do not follow on from its cache,
the end of a game. What it answers from the cache is what the database gives."""

from __future__ import annotations

from typing import Any

import pytest

from hanse.server import hearing
from hanse.server.hearing import Hearing, MoveNews
from hanse.server.table_specs import Submitted
from hanse.server.tables import TableService
from tests.server.two_workers import three_people, two_workers


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _play(service: TableService, table_id: str) -> Submitted:
    """The decider's first legal move, as it reads the table through `service`."""
    decider = service.live(table_id).decider
    assert decider is not None
    shown = service.read(table_id, decider)
    return service.submit(table_id, decider, shown["legal"][0]["text"], shown["version"])


def _from_database(database_url: str, table_id: str, seat: int | None) -> dict[str, Any]:
    """The table as a worker that has never cached it reads it (without the moment of the
    reading, the clocks' ``at``)."""
    payload = _timeless(TableService(two_workers(database_url)[0].engine).read(table_id, seat))
    assert payload is not None
    return payload


def _timeless(payload: dict[str, Any] | None) -> dict[str, Any] | None:
    if payload is not None:
        payload["clocks"].pop("at")
    return payload


def _heard(service: TableService, table_id: str) -> dict[str, Any] | None:
    """The table as a spectator reads it from `service`'s cache, if it is trusted."""
    return _timeless(service.read_heard(table_id, None))


def _hearing_pair(database_url: str) -> tuple[TableService, TableService, str, Clock]:
    first, second = two_workers(database_url)
    clock = Clock()
    second.hearing = Hearing(clock)
    table_id = three_people(first)
    second.read(table_id, None)  # the second worker has the table cached, read just now
    return first, second, table_id, clock


def test_moves_heard_with_their_notation_are_replayed_and_the_read_is_the_databases(
    database_url: str,
) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    for _ in range(5):  # each move through the other worker, its news heard
        done = _play(first, table_id)
        assert done.news is not None
        second.hear(table_id, done.seq, done.news)
    for seat in (0, 1, 2, None):
        heard = _timeless(second.read_heard(table_id, seat))
        assert heard is not None, "the cached table follows the moves heard"
        assert heard == _from_database(database_url, table_id, seat)
    # A move through this worker from the replayed table is stored as usual.
    mine = _play(second, table_id)
    assert mine.payload["version"] == done.payload["version"] + 1


def test_a_change_heard_without_its_moves_is_read_from_the_database(database_url: str) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    done = _play(first, table_id)
    second.hear(table_id, done.seq, None)  # a seq alone, as for a take-back
    assert second.read_heard(table_id, None) is None
    second.read(table_id, None)  # read afresh: trusted again
    assert _heard(second, table_id) == _from_database(database_url, table_id, None)


def test_a_take_back_makes_the_other_workers_read_afresh(database_url: str) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    done = _play(first, table_id)
    while not done.payload["can_undo"]:  # a move its player may take back (still deciding)
        second.hear(table_id, done.seq, done.news)
        done = _play(first, table_id)
    second.hear(table_id, done.seq, done.news)
    assert second.read_heard(table_id, None) is not None
    undone = first.undo(table_id, done.payload["seat"], done.payload["version"])
    second.hear(table_id, undone.seq, undone.news)
    assert undone.news is None
    assert second.read_heard(table_id, None) is None
    assert second.read(table_id, None)["version"] == undone.payload["version"]


def test_moves_that_do_not_follow_on_from_the_cache_are_not_replayed(database_url: str) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    missed = _play(first, table_id)  # its news never arrives here
    done = _play(first, table_id)
    assert missed.news is not None and done.news is not None
    second.hear(table_id, done.seq, done.news)
    assert second.read_heard(table_id, None) is None
    # News of a move heard twice, or late, changes nothing either.
    second.read(table_id, None)
    second.hear(table_id, missed.seq, missed.news)
    assert _heard(second, table_id) == _from_database(database_url, table_id, None)


def test_news_missed_while_redis_was_away_is_read_afresh(database_url: str) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    assert second.read_heard(table_id, None) is not None
    second.deaf()  # the listener lost Redis: what was read before is not trusted
    assert second.read_heard(table_id, None) is None
    done = _play(first, table_id)
    second.hear(table_id, done.seq, done.news)  # nor replayed into
    assert second.read_heard(table_id, None) is None
    second.read(table_id, None)
    assert _heard(second, table_id) == _from_database(database_url, table_id, None)


def test_a_table_not_read_from_the_database_for_a_while_is_read_again(database_url: str) -> None:
    """A move whose news never left its worker (published as Redis failed for it alone, or
    stored just before it died) can hide behind the cache for at most TRUSTED_SECONDS."""
    first, second, table_id, clock = _hearing_pair(database_url)
    _play(first, table_id)  # news lost
    clock.now += hearing.TRUSTED_SECONDS - 0.5
    assert second.read_heard(table_id, None) is not None  # within the bound, the old table
    clock.now += 1.0
    assert second.read_heard(table_id, None) is None
    second.read(table_id, None)
    assert _heard(second, table_id) == _from_database(database_url, table_id, None)


def test_the_move_that_ends_the_game_is_read_from_the_database(database_url: str) -> None:
    first, second, table_id, _ = _hearing_pair(database_url)
    while True:
        done = _play(first, table_id)
        second.hear(table_id, done.seq, done.news)
        if done.payload["status"] == "finished":
            break
        second.read(table_id, None)  # kept within the trusted seconds
    assert second.read_heard(table_id, None) is None
    assert second.read(table_id, None)["status"] == "finished"


@pytest.mark.parametrize(
    "made", [((0, "no such move"),), ((7, "nonsense"),)], ids=["illegal", "no such seat"]
)
def test_news_this_worker_cannot_replay_leaves_the_table_to_the_database(
    database_url: str, made: tuple[tuple[int, str], ...]
) -> None:
    _first, second, table_id, _ = _hearing_pair(database_url)
    live = second.live(table_id)
    forged = MoveNews(live.seq, live.version, live.seq + 1, live.version + 1, 0.0, made)
    second.hear(table_id, live.seq + 1, forged)
    assert second.read_heard(table_id, None) is None
    assert _timeless(second.read(table_id, None)) == _from_database(database_url, table_id, None)


@pytest.mark.parametrize(
    "text", ["", "[]", "{}", "[1, 2, 3, 4, 5, [[0]]]", '[1, 1, 2, 2, "x", []]', "not json"]
)
def test_news_in_another_form_is_no_news(text: str) -> None:
    assert MoveNews.from_text(text) is None


def test_news_reads_back_as_written() -> None:
    news = MoveNews(4, 3, 6, 4, 1234.5, ((1, "Build 3 at Mölln"), (-1, "Draw 7")))
    assert MoveNews.from_text(news.to_text()) == news
