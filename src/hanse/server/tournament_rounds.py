"""Playing a tournament's rounds: the start, each round's tables, and the pass that notices a
round is over, scores it and seats the next (or ends the tournament).

Everything is in the database, so a restart loses nothing: each worker runs the pass every
``Settings.tournament_seconds`` (``TournamentDirector``) and picks up wherever the tournaments
stand. Exactly once across workers: a round is scored by the one transaction that sets its
``finished_at`` where it is still null (on PostgreSQL a second worker's update waits for the
first's commit and then finds nothing to set), and seated by the one that inserts its row
(``(tournament, number)`` is the primary key); a start is the one update of ``signup`` to
``playing``. A round's tables, places and the next round are written in that same transaction,
so a crash leaves either all of it or none.

A round's tables are private tables (not in the lobby; the tournament's page links each by its
spectator link), every seat taken by its entrant's account from the start (``create_seated``),
the game begun at once and the clocks running.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from hanse.server import pairing
from hanse.server.background import BackgroundTask
from hanse.server.clock import moment
from hanse.server.clocks import TimeControl
from hanse.server.errors import SERVICE_AWAY, ApiError, conflict, not_found
from hanse.server.live_table import LiveTable
from hanse.server.models import (
    game_tables,
    tournament_entrants,
    tournament_places,
    tournament_rounds,
    tournament_tables,
    tournaments,
)
from hanse.server.ratings import Sitter, ranks_of
from hanse.server.table_specs import SeatHolder, SeatSpec, TableSpec
from hanse.server.tables import TableService
from hanse.server.tournament_service import CANCELLED, FINISHED, PLAYING, SIGNUP, TOO_FEW
from hanse.server.tournament_standings import Result, bye_points, placing_points, standings

log = logging.getLogger("hanse.server.tournaments")

Placing = tuple[int, float, int]  # a seat's rank, points and game score


def table_placings(live: LiveTable) -> list[Placing]:
    """Each seat's rank, points and game score at a finished table. A seat left to a bot places
    last (as in the ratings); a table that ended without its game's end (an upgrade could not
    carry it over) places everybody equal."""
    game, state = live.game, live.state
    scores = [int(s) for s in game.scores(state)]
    if game.is_terminal(state):
        left = [Sitter(s.seat, "", s.kind == "bot" and s.taken, None) for s in live.seats]
        ranks = ranks_of(left, scores, list(game.winners(state)))
    else:
        ranks = [1] * live.players
    points = placing_points(ranks)
    return list(zip(ranks, points, scores, strict=True))


class Rounds:
    """Starting tournaments and moving them from round to round (see the module docstring)."""

    def __init__(self, tables: TableService, rng: random.Random | None = None) -> None:
        self.tables = tables
        self.engine = tables.engine
        self.rng = rng or random.SystemRandom()

    # -- the start ---------------------------------------------------------------------------
    def begin(self, tournament_id: str, on_time: bool = False) -> list[str]:
        """Start a tournament open for sign-up and seat its first round: the new tables' ids.
        `on_time`: started by the pass at its set time, which cancels it when too few signed
        up (asked by the organiser, too few is a 409)."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(tournaments).where(tournaments.c.id == tournament_id).with_for_update()
            ).first()
            if row is None:
                raise not_found("tournament")
            if row.status != SIGNUP:
                if on_time:
                    return []
                raise conflict("the tournament has started already")
            entrants = self._entrants(conn, tournament_id)
            if len(entrants) < row.least:
                if not on_time:
                    raise conflict(
                        f"{len(entrants)} entrants have signed up; this tournament needs "
                        f"{row.least}"
                    )
                self._set(conn, tournament_id, SIGNUP, status=CANCELLED, notice=TOO_FEW)
                return []
            rounds = row.rounds
            if row.system == "round_robin":
                rounds = len(self._schedule(tournament_id, list(entrants)))
            if not self._set(conn, tournament_id, SIGNUP, status=PLAYING, rounds=rounds):
                return []
            row = conn.execute(
                sa.select(tournaments).where(tournaments.c.id == tournament_id)
            ).one()
            seating = self._seating(conn, row, 1, list(entrants))
            return self._seat(conn, row, 1, seating, entrants)

    def _set(self, conn: sa.Connection, tournament_id: str, was: str, **values: Any) -> bool:
        """Change a tournament still in status `was`; whether this call changed it."""
        changed = conn.execute(
            tournaments.update()
            .where(tournaments.c.id == tournament_id, tournaments.c.status == was)
            .values(updated_at=moment(self.tables.now), **values)
        )
        return changed.rowcount == 1

    @staticmethod
    def _entrants(conn: sa.Connection, tournament_id: str) -> dict[int, SeatHolder]:
        rows = conn.execute(
            sa.select(tournament_entrants)
            .where(tournament_entrants.c.tournament_id == tournament_id)
            .order_by(tournament_entrants.c.id)
        )
        # The name at a table is at most 40 characters (a program's "account/token" may be more)
        return {r.id: SeatHolder(r.account_id, r.name[:40], r.bot_token) for r in rows}

    # -- seating a round ---------------------------------------------------------------------
    def _schedule(self, tournament_id: str, entrants: list[int]) -> list[pairing.Seating]:
        """A round robin's rounds, the same at every call: drawn from the tournament's id, so
        that nothing but the entrants needs storing."""
        drawn = random.Random(tournament_id)
        order = sorted(entrants)
        drawn.shuffle(order)
        return pairing.round_robin(order, drawn)

    def _seating(
        self, conn: sa.Connection, row: Any, number: int, entrants: list[int]
    ) -> pairing.Seating:
        if row.system == "round_robin":
            return self._schedule(row.id, entrants)[number - 1]
        places = conn.execute(
            sa.select(tournament_places).where(tournament_places.c.tournament_id == row.id)
        ).all()
        scored = [
            Result(p.entrant_id, p.round, p.board, float(p.points or 0.0), p.score) for p in places
        ]
        shuffled = entrants[:]
        self.rng.shuffle(shuffled)  # equals in a random order (round 1: everybody)
        ranking = [s.entrant for s in standings(shuffled, scored)]
        tables: dict[tuple[int, int], list[int]] = {}
        byes_had: dict[int, int] = {}
        for p in places:
            if p.board is None:
                byes_had[p.entrant_id] = byes_had.get(p.entrant_id, 0) + 1
            else:
                tables.setdefault((p.round, p.board), []).append(p.entrant_id)
        met = pairing.meetings(list(tables.values()))
        return pairing.swiss(ranking, row.players, row.fewest, met, byes_had, self.rng)

    def _seat(
        self,
        conn: sa.Connection,
        row: Any,
        number: int,
        seating: pairing.Seating,
        holders: dict[int, SeatHolder],
    ) -> list[str]:
        """Round `number`'s row, tables (made and started) and places, byes scored at once."""
        conn.execute(
            tournament_rounds.insert().values(
                tournament_id=row.id, number=number, started_at=moment(self.tables.now)
            )
        )
        made = []
        for board, seated in enumerate(seating.tables, start=1):
            spec = TableSpec(
                game=row.game,
                players=len(seated),
                flags=dict(row.flags),
                mode=row.mode,
                visibility="private",
                seats=[SeatSpec("human")] * len(seated),
                clock=TimeControl.from_json(row.time_control),
            )
            table_id = self.tables.create_seated(conn, spec, [holders[e] for e in seated])
            made.append(table_id)
            conn.execute(
                tournament_tables.insert().values(
                    tournament_id=row.id, round=number, board=board, table_id=table_id
                )
            )
            conn.execute(
                tournament_places.insert(),
                [
                    {
                        "tournament_id": row.id,
                        "round": number,
                        "entrant_id": entrant,
                        "board": board,
                        "seat": seat,
                    }
                    for seat, entrant in enumerate(seated)
                ],
            )
        for entrant in seating.byes:
            conn.execute(
                tournament_places.insert().values(
                    tournament_id=row.id,
                    round=number,
                    entrant_id=entrant,
                    points=bye_points(row.players),
                )
            )
        conn.execute(
            tournaments.update()
            .where(tournaments.c.id == row.id)
            .values(round=number, updated_at=moment(self.tables.now))
        )
        return made

    # -- the end of a round ------------------------------------------------------------------
    def settle(self, tournament_id: str) -> list[str]:
        """If every table of the tournament's round is over: score the round and seat the next
        or end the tournament, once. The next round's new tables' ids."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tournaments).where(tournaments.c.id == tournament_id)
            ).one()
            if row.status != PLAYING:
                return []
            boards = conn.execute(
                sa.select(tournament_tables.c.board, game_tables.c.id, game_tables.c.status)
                .join(game_tables, game_tables.c.id == tournament_tables.c.table_id)
                .where(
                    tournament_tables.c.tournament_id == tournament_id,
                    tournament_tables.c.round == row.round,
                )
            ).all()
        if any(b.status != "finished" for b in boards):
            return []
        placings = {b.board: table_placings(self.tables.live(b.id)) for b in boards}
        with self.engine.begin() as conn:
            claimed = conn.execute(
                tournament_rounds.update()
                .where(
                    tournament_rounds.c.tournament_id == tournament_id,
                    tournament_rounds.c.number == row.round,
                    tournament_rounds.c.finished_at.is_(None),
                )
                .values(finished_at=moment(self.tables.now))
            ).rowcount
            if claimed != 1:
                return []  # another worker (or an earlier pass) scored it
            self._score(conn, tournament_id, row.round, placings)
            if row.round >= row.rounds:
                self._set(conn, tournament_id, PLAYING, status=FINISHED)
                return []
            holders = self._entrants(conn, tournament_id)
            seating = self._seating(conn, row, row.round + 1, list(holders))
            return self._seat(conn, row, row.round + 1, seating, holders)

    @staticmethod
    def _score(
        conn: sa.Connection, tournament_id: str, number: int, placings: dict[int, list[Placing]]
    ) -> None:
        for board, seats in placings.items():
            for seat, (rank, points, score) in enumerate(seats):
                conn.execute(
                    tournament_places.update()
                    .where(
                        tournament_places.c.tournament_id == tournament_id,
                        tournament_places.c.round == number,
                        tournament_places.c.board == board,
                        tournament_places.c.seat == seat,
                    )
                    .values(rank=rank, points=points, score=score)
                )

    # -- the pass ----------------------------------------------------------------------------
    def pass_once(self) -> list[str]:
        """Start the tournaments whose time has come, move on those whose round is over: the
        tables made. A tournament that fails is logged and left for the next pass."""
        now = moment(self.tables.now)
        with self.engine.connect() as conn:
            due = (
                conn.execute(
                    sa.select(tournaments.c.id).where(
                        tournaments.c.status == SIGNUP, tournaments.c.starts_at <= now
                    )
                )
                .scalars()
                .all()
            )
            playing = (
                conn.execute(sa.select(tournaments.c.id).where(tournaments.c.status == PLAYING))
                .scalars()
                .all()
            )
        made: list[str] = []
        for tournament_id, step in [*((t, True) for t in due), *((t, False) for t in playing)]:
            try:
                made += (
                    self.begin(tournament_id, on_time=True) if step else self.settle(tournament_id)
                )
            except ApiError as error:  # a table this version cannot read: it waits
                log.warning("tournament %s waits: %s", tournament_id, error.message)
            except sa.exc.IntegrityError:  # another worker seated it in the same instant
                continue
            except SERVICE_AWAY:
                raise
            except Exception:  # one tournament's fault never stops the others' rounds
                log.exception("tournament %s: its round could not be moved on", tournament_id)
        return made


class TournamentDirector(BackgroundTask):
    """The pass of ``Rounds`` as a task of a worker, every `seconds`."""

    def __init__(self, rounds: Rounds, seconds: float) -> None:
        self.rounds = rounds
        self.seconds = seconds

    async def _run(self) -> None:
        while True:
            try:
                made = await run_in_threadpool(self.rounds.pass_once)
            except SERVICE_AWAY as error:  # the database is away: the next pass tries again
                log.warning("tournament pass skipped: %s", error)
            else:
                if made:
                    log.info("tournaments: %d tables seated", len(made))
            await asyncio.sleep(self.seconds)
