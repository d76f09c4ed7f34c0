"""Tournaments (issue 33): made by a signed-in person, joined by people and programs until the
start, started by the organiser (or at a set time with enough entrants), then played round by
round by ``tournament_rounds.py``; read here as the API and the pages show them.

A tournament is what the tables are: a game, its variants, a mode (live or one move a day) and a
time control, which every tournament table has, so that every round ends (a seat whose time ran
out is played on by a bot of the chosen level and places last at its table). It is paired
Swiss (any table size) or as a round robin (two-player tables), see ``pairing.py``; its points
and standings are ``tournament_standings.py``'s. An account enters once, as a person or as one
of its programs (with that program's bot token); the seats its entry is given are its account's,
played with a session or that token through the tables' own API.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.games import REGISTRY, UnknownGameError, make
from hanse.server.bot_tokens import Program, utc_iso
from hanse.server.clock import Now, moment, system
from hanse.server.clocks import TimeControl
from hanse.server.errors import ApiError, conflict, forbidden, not_found
from hanse.server.errors import unprocessable as invalid
from hanse.server.models import (
    accounts,
    game_tables,
    tournament_entrants,
    tournament_places,
    tournament_rounds,
    tournament_tables,
    tournaments,
)
from hanse.server.names import clean_name
from hanse.server.table_specs import MODES
from hanse.server.tournament_standings import Result, standings

SYSTEMS = ("swiss", "round_robin")
SIGNUP, PLAYING, FINISHED, CANCELLED = "signup", "playing", "finished", "cancelled"
STATUSES = (SIGNUP, PLAYING, FINISHED, CANCELLED)
MOST_ROUNDS = 15
MOST_ENTRANTS = 256
MOST_SWISS = 64  # entrants, unless the organiser says otherwise
MOST_ROUND_ROBIN = 16  # 15 rounds: a round robin of more would not end this season
MOST_OPEN = 5  # tournaments an account may have open for sign-up at a time
TOO_FEW = "cancelled: fewer entrants than the tournament needed had signed up at its start"


@dataclass(frozen=True)
class TournamentSpec:
    """A new tournament, as ``POST /api/tournaments`` takes it (checked by :meth:`check`)."""

    name: str
    game: str
    players: int  # seats per table
    fewest: int  # the smallest table when the entrants do not fill the tables
    flags: dict[str, Any]
    mode: str
    clock: TimeControl
    system: str
    rounds: int | None
    least: int  # entrants needed to start
    most: int
    starts_at: datetime | None

    def check(self, now: float) -> None:
        """Every field as the API documents it, or a 422 that says which is wrong."""
        clean_name(self.name, "tournament name")
        if self.game not in REGISTRY:
            raise invalid(f"unknown game {self.game!r}")
        cls = REGISTRY[self.game]
        if not cls.min_players <= self.fewest <= self.players <= cls.max_players:
            raise invalid(
                f"{cls.title} is for {cls.min_players} to {cls.max_players} players: tables of "
                f"{self.players} (and at least {self.fewest}) cannot be set"
            )
        for size in range(self.fewest, self.players + 1):
            try:
                make(self.game, size, **self.flags)
            except UnknownGameError as error:
                raise invalid(str(error)) from None
        if self.mode not in MODES:
            raise invalid(f"mode is one of {', '.join(MODES)}, not {self.mode!r}")
        if self.clock.abandon:
            raise invalid(
                "a tournament's tables always reach a result: a seat out of time is played on "
                "by a bot (on_time_out 'bot')"
            )
        if self.system not in SYSTEMS:
            raise invalid(f"system is one of {', '.join(SYSTEMS)}, not {self.system!r}")
        if self.system == "round_robin":
            if self.players != 2:
                raise invalid(
                    "a round robin is played at two-player tables; multi-player tournaments "
                    "are Swiss"
                )
            if self.rounds is not None:
                raise invalid(
                    "a round robin's rounds follow from its entrants (each pair meets once): "
                    "leave rounds out"
                )
            if self.most > MOST_ROUND_ROBIN:
                raise invalid(f"a round robin takes at most {MOST_ROUND_ROBIN} entrants")
        elif self.rounds is None or not 1 <= self.rounds <= MOST_ROUNDS:
            raise invalid(f"a Swiss tournament has 1 to {MOST_ROUNDS} rounds")
        if not max(2, self.fewest) <= self.least <= self.most <= MOST_ENTRANTS:
            raise invalid(
                f"entrants: at least {max(2, self.fewest)} needed to start (least), at most "
                f"{MOST_ENTRANTS} (most), least no more than most"
            )
        if self.starts_at is not None and self.starts_at.timestamp() <= now:
            raise invalid("starts_at is a time to come")


class TournamentService:
    """The tournaments in one database (`now`: the server's one clock)."""

    def __init__(self, engine: sa.Engine, now: Now = system) -> None:
        self.engine = engine
        self.now = now

    # -- making and entering -----------------------------------------------------------------
    def create(self, spec: TournamentSpec, organiser: int) -> str:
        spec.check(self.now())
        tournament_id = secrets.token_urlsafe(12)
        now = moment(self.now)
        with self.engine.begin() as conn:
            open_ones = conn.execute(
                sa.select(sa.func.count())
                .select_from(tournaments)
                .where(tournaments.c.organiser == organiser, tournaments.c.status == SIGNUP)
            ).scalar_one()
            if open_ones >= MOST_OPEN:
                raise ApiError(
                    429,
                    f"you have {MOST_OPEN} tournaments open for sign-up; start or wait for one "
                    "first",
                    retry_after=3600,
                )
            conn.execute(
                tournaments.insert().values(
                    id=tournament_id,
                    name=clean_name(spec.name, "tournament name"),
                    game=spec.game,
                    players=spec.players,
                    fewest=spec.fewest,
                    flags=dict(spec.flags),
                    mode=spec.mode,
                    time_control=spec.clock.to_json(),
                    system=spec.system,
                    rounds=spec.rounds,
                    status=SIGNUP,
                    round=0,
                    organiser=organiser,
                    least=spec.least,
                    most=spec.most,
                    starts_at=spec.starts_at,
                    created_at=now,
                    updated_at=now,
                )
            )
        return tournament_id

    def join(self, tournament_id: str, account: tuple[int, str], program: Program | None) -> int:
        """Enter the account (as its `program`, where it calls with a bot token); the entrant's
        id. 409 once started, when full, or when the account is in already."""
        name = program.label if program is not None else account[1]
        with self.engine.begin() as conn:
            row = self._row(conn, tournament_id, lock=True)
            self._refuse_unless_signup(row, "joined")
            count = conn.execute(
                sa.select(sa.func.count())
                .select_from(tournament_entrants)
                .where(tournament_entrants.c.tournament_id == tournament_id)
            ).scalar_one()
            if count >= row.most:
                raise conflict(f"the tournament is full ({row.most} entrants)")
            try:
                with conn.begin_nested():
                    inserted = conn.execute(
                        tournament_entrants.insert().values(
                            tournament_id=tournament_id,
                            account_id=account[0],
                            bot_token=None if program is None else program.token_id,
                            name=name,
                            joined_at=moment(self.now),
                        )
                    ).inserted_primary_key
            except sa.exc.IntegrityError:
                raise conflict(
                    "this account has entered already (a person and its programs enter once)"
                ) from None
        assert inserted is not None  # an insert of one row names its key
        return int(inserted[0])

    def leave(self, tournament_id: str, account_id: int) -> None:
        with self.engine.begin() as conn:
            row = self._row(conn, tournament_id, lock=True)
            self._refuse_unless_signup(row, "left")
            gone = conn.execute(
                tournament_entrants.delete().where(
                    tournament_entrants.c.tournament_id == tournament_id,
                    tournament_entrants.c.account_id == account_id,
                )
            ).rowcount
        if gone != 1:
            raise conflict("this account has not entered this tournament")

    def check_start(self, tournament_id: str, account_id: int) -> None:
        """Refuse the start asked by `account_id` unless it may start it now (the start itself
        is ``tournament_rounds.Rounds.begin``)."""
        with self.engine.connect() as conn:
            row = self._row(conn, tournament_id)
            if row.organiser != account_id:
                raise forbidden("only the tournament's organiser starts it")
            self._refuse_unless_signup(row, "started")
            count = self._entrant_count(conn, tournament_id)
        if count < row.least:
            raise conflict(f"{count} entrants have signed up; this tournament needs {row.least}")

    @staticmethod
    def _refuse_unless_signup(row: Any, done: str) -> None:
        if row.status == SIGNUP:
            return
        said = {PLAYING: "has started", FINISHED: "is over", CANCELLED: "was cancelled"}
        raise conflict(f"the tournament {said[row.status]}: it can no longer be {done}")

    @staticmethod
    def _row(conn: sa.Connection, tournament_id: str, lock: bool = False) -> Any:
        query = sa.select(tournaments).where(tournaments.c.id == tournament_id)
        row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise not_found("tournament")
        return row

    @staticmethod
    def _entrant_count(conn: sa.Connection, tournament_id: str) -> int:
        return int(
            conn.execute(
                sa.select(sa.func.count())
                .select_from(tournament_entrants)
                .where(tournament_entrants.c.tournament_id == tournament_id)
            ).scalar_one()
        )

    # -- reading -----------------------------------------------------------------------------
    def listing(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tournaments (of one status), with their entrant counts."""
        count = (
            sa.select(sa.func.count())
            .where(tournament_entrants.c.tournament_id == tournaments.c.id)
            .scalar_subquery()
        )
        query = (
            sa.select(
                tournaments,
                accounts.c.name.label("organiser_name"),
                count.label("entrant_count"),
            )
            .join(accounts, accounts.c.id == tournaments.c.organiser)
            .order_by(tournaments.c.created_at.desc(), tournaments.c.id)
            .limit(limit)
        )
        if status is not None:
            query = query.where(tournaments.c.status == status)
        with self.engine.connect() as conn:
            return [
                {**self._summary(row), "entrants": int(row.entrant_count)}
                for row in conn.execute(query)
            ]

    @staticmethod
    def _summary(row: Any) -> dict[str, Any]:
        return {
            "id": row.id,
            "name": row.name,
            "game": row.game,
            "title": REGISTRY[row.game].title if row.game in REGISTRY else row.game,
            "players": row.players,
            "fewest": row.fewest,
            "flags": dict(row.flags),
            "mode": row.mode,
            "clock": dict(row.time_control),
            "system": row.system,
            "rounds": row.rounds,
            "status": row.status,
            "round": row.round,
            "organiser": row.organiser_name,
            "least": row.least,
            "most": row.most,
            "starts_at": None if row.starts_at is None else utc_iso(row.starts_at),
            "notice": row.notice,
            "created_at": utc_iso(row.created_at),
        }

    def read(self, tournament_id: str, viewer: int | None = None) -> dict[str, Any]:
        """A tournament as its page shows it: entrants, rounds with their tables and results,
        standings; ``me``: the viewer's entrant id (or null), whether it entered as a program
        and whether it organises it."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tournaments, accounts.c.name.label("organiser_name"))
                .join(accounts, accounts.c.id == tournaments.c.organiser)
                .where(tournaments.c.id == tournament_id)
            ).first()
            if row is None:
                raise not_found("tournament")
            entrants = conn.execute(
                sa.select(tournament_entrants)
                .where(tournament_entrants.c.tournament_id == tournament_id)
                .order_by(tournament_entrants.c.id)
            ).all()
            rounds = conn.execute(
                sa.select(tournament_rounds)
                .where(tournament_rounds.c.tournament_id == tournament_id)
                .order_by(tournament_rounds.c.number)
            ).all()
            boards = conn.execute(
                sa.select(tournament_tables, game_tables.c.status)
                .join(game_tables, game_tables.c.id == tournament_tables.c.table_id)
                .where(tournament_tables.c.tournament_id == tournament_id)
            ).all()
            places = conn.execute(
                sa.select(tournament_places).where(
                    tournament_places.c.tournament_id == tournament_id
                )
            ).all()
        named = {e.id: e.name for e in entrants}
        mine = next((e for e in entrants if e.account_id == viewer), None)
        summary = self._summary(row)
        summary["entrants"] = [
            {"id": e.id, "name": e.name, "program": e.bot_token is not None} for e in entrants
        ]
        summary["rounds_played"] = [self._round(r, boards, places, named) for r in rounds]
        scored = [
            Result(p.entrant_id, p.round, p.board, float(p.points), p.score)
            for p in places
            if p.points is not None
        ]
        summary["standings"] = [
            {
                "place": s.place,
                "entrant": s.entrant,
                "name": named[s.entrant],
                "points": s.points,
                "opponents": s.opponents,
                "score": s.score,
                "played": s.played,
                "byes": s.byes,
            }
            for s in standings([e.id for e in entrants], scored)
        ]
        summary["me"] = {
            "entrant": None if mine is None else mine.id,
            # entered as a program: its seats are played with that program's token
            "program": mine is not None and mine.bot_token is not None,
            "organiser": viewer is not None and viewer == row.organiser,
        }
        return summary

    @staticmethod
    def _round(
        row: Any, boards: Sequence[Any], places: Sequence[Any], named: dict[int, str]
    ) -> dict[str, Any]:
        tables = []
        for board in sorted((b for b in boards if b.round == row.number), key=lambda b: b.board):
            seated = sorted(
                (p for p in places if p.round == row.number and p.board == board.board),
                key=lambda p: p.seat,
            )
            tables.append(
                {
                    "board": board.board,
                    "table": board.table_id,
                    "status": board.status,
                    "seats": [
                        {
                            "seat": p.seat,
                            "entrant": p.entrant_id,
                            "name": named[p.entrant_id],
                            "rank": p.rank,
                            "points": p.points,
                            "score": p.score,
                        }
                        for p in seated
                    ],
                }
            )
        byes = [
            {"entrant": p.entrant_id, "name": named[p.entrant_id], "points": p.points}
            for p in places
            if p.round == row.number and p.board is None
        ]
        return {
            "number": row.number,
            "started_at": utc_iso(row.started_at),
            "finished_at": None if row.finished_at is None else utc_iso(row.finished_at),
            "tables": tables,
            "byes": byes,
        }


def table_round(engine: sa.Engine, table_id: str) -> dict[str, Any] | None:
    """The tournament and round a table was seated for (``{"id", "name", "round"}``), or None
    for a table of nobody's tournament; its page links back."""
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(tournaments.c.id, tournaments.c.name, tournament_tables.c.round)
            .join(tournaments, tournaments.c.id == tournament_tables.c.tournament_id)
            .where(tournament_tables.c.table_id == table_id)
        ).first()
    return None if row is None else {"id": row.id, "name": row.name, "round": row.round}


def parse_time(raw: str | None) -> datetime | None:
    """An ISO time with its zone (a time without one is taken as UTC), or a 422."""
    if raw is None:
        return None
    try:
        moment_ = datetime.fromisoformat(raw)
    except ValueError:
        raise invalid(f"starts_at is an ISO 8601 time, not {raw!r}") from None
    return moment_ if moment_.tzinfo else moment_.replace(tzinfo=UTC)
