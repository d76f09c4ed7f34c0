"""The last two seats of a table taken at the same moment, through two workers: the game starts
(found by a trial: counted each in its own transaction, both joins saw the other's seat still
open, neither started the game, and the table stayed "waiting" with every seat taken). A join
now takes the table's row lock first, so joins of one table take turns."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from hanse.server.table_specs import Joined, SeatSpec, TableSpec
from hanse.server.tables import TableService
from tests.server.two_workers import two_workers

ROUNDS = 12


def _join_at(barrier: threading.Barrier, service: TableService, secret: str) -> Joined:
    barrier.wait()
    return service.join(secret, "P", None)


def test_two_last_seats_taken_at_once_through_two_workers_start_the_game(
    database_url: str,
) -> None:
    first, second = two_workers(database_url)
    with ThreadPoolExecutor(2) as pool:
        for _ in range(ROUNDS):
            table_id, invites = first.create(
                TableSpec("luebeck", 3, {}, "live", "public", [SeatSpec("human")] * 3)
            )
            first.join(invites[0][1], "P0", None)
            at_once = threading.Barrier(2)
            joins = [
                pool.submit(_join_at, at_once, first, invites[1][1]),
                pool.submit(_join_at, at_once, second, invites[2][1]),
            ]
            assert sorted(join.result(timeout=30).seat for join in joins) == [1, 2]
            assert first.read(table_id, 0, 0)["status"] == "playing"
