"""A move through one of several workers (``TableService`` not the only writer) needs no read
of the table first when the worker's cached table is at the version the move was chosen at
(``TableService._cached_at``): the write stores it only from that seq and version, so a table
changed meanwhile through another worker refuses it as stale, exactly as a read would have, and
stores nothing (DESIGN.md: "of two submits at one version exactly one wins and the other gets 409
with the current version")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa

from hanse.server.errors import ApiError
from hanse.server.tables import TableService
from tests.server.two_workers import three_people, two_workers


@contextmanager
def _statements(service: TableService) -> Iterator[list[str]]:
    """The SQL statements `service` sends while the block runs."""
    sent: list[str] = []

    def heard(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement.lstrip().split(None, 1)[0].upper())

    sa.event.listen(service.engine, "before_cursor_execute", heard)
    try:
        yield sent
    finally:
        sa.event.remove(service.engine, "before_cursor_execute", heard)


def _move(service: TableService, table_id: str) -> tuple[int, str, int]:
    """The decider, a legal move and the version, as the decider reads them through `service`."""
    decider = service.live(table_id).decider
    assert decider is not None
    shown = service.read(table_id, decider, 0)
    return decider, shown["legal"][0]["text"], shown["version"]


def test_a_move_at_the_cached_version_is_stored_without_reading_the_table(
    database_url: str,
) -> None:
    first, _second = two_workers(database_url)
    table_id = three_people(first)
    decider, move, version = _move(first, table_id)
    with _statements(first) as sent:
        done = first.submit(table_id, decider, move, version)
    assert done.payload["version"] == version + 1
    assert "SELECT" not in sent and "UPDATE" in sent and "INSERT" in sent


def test_a_move_through_a_worker_whose_cache_is_stale_is_refused_as_stale_and_kept_nowhere(
    database_url: str,
) -> None:
    first, second = two_workers(database_url)
    table_id = three_people(first)
    decider, move, version = _move(first, table_id)  # the first worker holds the table now
    second.submit(table_id, decider, move, version)  # through the other worker
    with pytest.raises(ApiError) as stale:
        first.submit(table_id, decider, move, version)  # chosen before: the same version
    assert stale.value.status == 409 and stale.value.extra["version"] == version + 1
    assert "another move was stored first" in stale.value.message
    assert second.live(table_id).version == version + 1  # nothing more was stored
    # The refusal brought the first worker up to date: the next move goes through it.
    decider, move, version = _move(second, table_id)
    assert first.submit(table_id, decider, move, version).payload["version"] == version + 1
    assert second.live(table_id).version == version + 1


def test_a_move_chosen_at_a_version_the_worker_has_not_seen_is_read_first(
    database_url: str,
) -> None:
    first, second = two_workers(database_url)
    table_id = three_people(first)
    decider, move, version = _move(first, table_id)
    second.submit(table_id, decider, move, version)
    decider, move, version = _move(second, table_id)  # shown by the other worker
    with _statements(first) as sent:
        done = first.submit(table_id, decider, move, version)
    assert done.payload["version"] == version + 1
    assert sent[0] == "SELECT"  # the table brought up to date before the move
