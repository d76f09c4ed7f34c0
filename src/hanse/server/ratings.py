"""Ratings at the web tables (issue 33): OpenSkill's Plackett-Luce model, as ``hanse arena``
rates its bots (``hanse.arena.ratings``), per game and player-count class (2 players; 3 or
more, as the games play differently).

Who is rated: a table is rated when every seat was, at its start, an account's (a person, or a
program with the account's bot token: rated apart, ``program:<token>``) or a house bot's, no
account sat twice (a person and its own program are one account), somebody was not a house bot,
and the game ended normally (its last move made it terminal: a table finished on upgrading or
ended without a result never comes here). A seat handed to a bot during the game (its person
left, or took too long: ``table_events.BOT``) counts as a loss for that person, below every seat
that stayed; the bot that played it on takes no rating.

House bots are anchors: they sit at fixed ratings and are never moved, so that the scale stays
put. The numbers are ASSUMPTIONS derived from win rates measured with ``hanse arena`` (short
runs on a busy shared machine), not ratings fitted to many games: ``easy`` sits at OpenSkill's
starting mu of 25, where a new account begins, and each other level at the lead in mu that turns
its measured win rate into Plackett-Luce's chance of winning, e^(d/c) / (e^(d/c) + n - 1) with
n players, beta 25/6 and sigma 1 (c = sqrt(n (1 + beta^2)): 6.1 for two, 8.6 for four).

- 3 or more players, from the four-player runs under "Bot strength" in README.md: ``easy`` won
  about 95% against ``random`` (d = 35: ``random`` -10), ``hard`` about 80% against ``easy``
  (d = 21: ``hard`` 46), ``medium`` 65% in Hansa (d = 15: ``medium`` 40).
- 2 players, from two runs made for this (Kogge, 2026-11-27, ``hanse arena kogge --players 2
  --seed 7``): ``easy`` won 20 of 20 against ``random`` (``--games 10``; the arena's own
  Plackett-Luce fit put them 30 apart: ``random`` -5), ``medium`` 5.5 of 8 against ``easy``
  (68.8%, ``--games 4``: d = 4.8, ``medium`` 30). ``hard`` was not measured at two players (a
  second a move was too dear there): it is put 1.4 times as far above ``easy`` as ``medium``,
  as at four players (``hard`` 32).

Exactly once: :func:`settle` runs in the transaction that stores a table's last move, and first
claims the table by setting its ``rated`` flag where it is still null; a second call (another
worker, a restart, a replay) finds it set and does nothing. The rating work runs in a savepoint:
should it fail, the move is kept, the failure logged, and the table's ``rated`` stays null; the
upkeep sweep rates it on a later pass (``rating_retry.py``), claiming it the same way, so exactly
once however many workers sweep.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.arena.ratings import finishing_ranks
from hanse.server.models import game_tables, rating_history, ratings, seats

log = logging.getLogger("hanse.server.ratings")

SIGMA_ANCHOR = 1.0
ANCHORS: dict[str, dict[str, float]] = {
    "2p": {"random": -5.0, "easy": 25.0, "medium": 30.0, "hard": 32.0},
    "3p+": {"random": -10.0, "easy": 25.0, "medium": 40.0, "hard": 46.0},
}
MU_START = 25.0
SIGMA_START = 25.0 / 3


def players_class(players: int) -> str:
    return "2p" if players == 2 else "3p+"


def exact(mu: float, sigma: float) -> float:
    """mu - 3 sigma, which one is very likely above (0 at the start): what the rating says."""
    return mu - 3 * sigma


def shown(mu: float, sigma: float) -> int:
    """The rating people see: :func:`exact` to the nearest whole number (its tenths mean
    nothing to a reader; a house bot's 22.0 looked like a measurement)."""
    return math.floor(exact(mu, sigma) + 0.5)


@dataclass(frozen=True)
class Sitter:
    """Who a seat is rated as: a subject, whether it left, whether it is a fixed anchor."""

    seat: int
    subject: str
    left: bool
    anchor: float | None  # a house bot's fixed mu


def subject_of(row: Any) -> str | None:
    """A seat's subject (None: a guest, never rated)."""
    if row.token_hash is None:  # never taken by anybody: a house bot from the start,
        return f"bot:{row.level}" if row.kind == "bot" else None  # or a seat still open
    if row.account_id is None:
        return None
    if row.bot_token is not None:
        return f"program:{row.bot_token}"
    return f"person:{row.account_id}"


def anchor(level: Any, klass: str) -> float:
    """A house bot's fixed mu in a player-count class."""
    return ANCHORS[klass].get(str(level), MU_START)


def sitters(seat_rows: Sequence[Any], klass: str) -> list[Sitter] | None:
    """The seats as rated, or None when the table is not rated."""
    found = []
    owners = []  # the accounts behind the seats of people and programs
    for row in seat_rows:
        subject = subject_of(row)
        if subject is None:
            return None
        house_bot = row.token_hash is None
        left = not house_bot and row.kind == "bot"  # a person's seat a bot plays now
        fixed = anchor(row.level, klass) if house_bot else None
        found.append(Sitter(int(row.seat), subject, left, fixed))
        if not house_bot:
            owners.append(row.account_id)
    if not owners or len(set(owners)) != len(owners):
        return None  # only bots, or an account against itself (or its own program)
    return found


def ranks_of(found: Sequence[Sitter], scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Rank per seat (1 best): the seats that stayed by the result, then every seat left to a
    bot, last together, whatever its bot made of it."""
    by_result = finishing_ranks(scores, winners)
    stayed = [by_result[s.seat] for s in found if not s.left]
    last = len(stayed) + 1
    return [
        last if s.left else 1 + sum(other < by_result[s.seat] for other in stayed) for s in found
    ]


def settle(
    conn: sa.Connection, table_id: str, game: str, players: int, result: tuple[Any, Any]
) -> bool:
    """Rate a table that just finished normally, once; whether this call rated it. `result`:
    the game's scores and winners."""
    try:
        with conn.begin_nested():
            return _settle(conn, table_id, game, players, list(result[0]), list(result[1]))
    except Exception as error:  # noqa: BLE001  # the move stands; the upkeep rates it later
        log.warning("rating table %s failed: %s", table_id, error)
        return False


def _settle(
    conn: sa.Connection,
    table_id: str,
    game: str,
    players: int,
    scores: list[int],
    winners: list[int],
) -> bool:
    seat_rows = conn.execute(
        sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    ).all()
    klass = players_class(players)
    found = sitters(seat_rows, klass)
    claimed = conn.execute(
        game_tables.update()
        .where(game_tables.c.id == table_id, game_tables.c.rated.is_(None))
        .values(rated=found is not None)
    )
    if claimed.rowcount != 1 or found is None:
        return False
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU_START, sigma=SIGMA_START)
    before = _current(conn, [s.subject for s in found], game, klass)
    # Taken once the ratings are locked, from the database's clock (workers on several hosts
    # may disagree): the history's order is the order they were applied in (rating_changes
    # reads each game's change against the row before it).
    now = _clock_now(conn)
    teams = []
    for sitter in found:
        if sitter.anchor is not None:
            teams.append([model.rating(mu=sitter.anchor, sigma=SIGMA_ANCHOR)])
        else:
            mu, sigma, _ = before.get(sitter.subject, (MU_START, SIGMA_START, 0))
            teams.append([model.rating(mu=mu, sigma=sigma)])
    ranks = ranks_of(found, scores, winners)
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    counted: set[str] = set()
    for sitter, team, rank in zip(found, rated, ranks, strict=True):
        if sitter.subject in counted:  # a house bot in several seats plays one game
            continue
        counted.add(sitter.subject)
        if sitter.anchor is not None:  # anchors stay where they are
            mu, sigma = sitter.anchor, SIGMA_ANCHOR
        else:
            mu, sigma = float(team[0].mu), float(team[0].sigma)
        games = before.get(sitter.subject, (0.0, 0.0, 0))[2] + 1
        key = (ratings.c.subject == sitter.subject) & (ratings.c.game == game)
        key &= ratings.c.players_class == klass
        values = {"mu": mu, "sigma": sigma, "games": games, "updated_at": now}
        if sitter.subject in before:
            conn.execute(ratings.update().where(key).values(**values))
        else:
            conn.execute(
                ratings.insert().values(
                    subject=sitter.subject, game=game, players_class=klass, **values
                )
            )
        conn.execute(
            rating_history.insert().values(
                table_id=table_id,
                subject=sitter.subject,
                seat=sitter.seat,
                game=game,
                players_class=klass,
                rank=rank,
                left=sitter.left,
                mu=mu,
                sigma=sigma,
                created_at=now,
            )
        )
    return True


def _clock_now(conn: sa.Connection) -> datetime:
    """Now, by PostgreSQL's clock where the database is PostgreSQL (the time of the call, not of
    the transaction's start), else this process's (SQLite has one writing process)."""
    if conn.dialect.name == "postgresql":
        moment = conn.execute(sa.text("SELECT clock_timestamp()")).scalar_one()
        assert isinstance(moment, datetime)
        return moment
    return datetime.now(UTC)


def _current(
    conn: sa.Connection, subjects: list[str], game: str, klass: str
) -> dict[str, tuple[float, float, int]]:
    """The subjects' ratings now, their rows locked until the transaction ends (PostgreSQL; a
    SQLite writer holds the whole database), so two tables ending at once apply in turn."""
    rows = conn.execute(
        sa.select(ratings.c.subject, ratings.c.mu, ratings.c.sigma, ratings.c.games)
        .where(
            ratings.c.subject.in_(subjects),
            ratings.c.game == game,
            ratings.c.players_class == klass,
        )
        .order_by(ratings.c.subject)  # locked in one order everywhere: no deadlock
        .with_for_update()
    ).all()
    return {str(r.subject): (float(r.mu), float(r.sigma), int(r.games)) for r in rows}


def seat_ratings(conn: sa.Connection, table_id: str) -> dict[int, tuple[int, int | None]]:
    """The rating shown beside each seat's name at a table (its game and class), for the
    seats whose subject has one, with the change the game made to it once it was rated: at a
    table still waiting, the rating now; at a game under way (or ended unrated), the rating
    each brought to it, so that it stays as it was when the person's other games end, the same
    on every worker; at a rated game that ended, the rating it left (``rating_changes``)."""
    head = conn.execute(
        sa.select(game_tables.c.game, game_tables.c.players, game_tables.c.status).where(
            game_tables.c.id == table_id
        )
    ).first()
    if head is None:
        return {}
    klass = players_class(int(head.players))
    shown_at: dict[int, int] = {}
    subjects: dict[str, int] = {}
    joined = []
    for row in conn.execute(sa.select(seats).where(seats.c.table_id == table_id)):
        if row.joined_at is not None:
            joined.append(row.joined_at)
        subject = subject_of(row)
        if subject is None:
            continue
        if subject.startswith("bot:") and row.token_hash is None:
            shown_at[int(row.seat)] = shown(anchor(row.level, klass), SIGMA_ANCHOR)
        else:
            subjects[subject] = int(row.seat)
    if subjects and head.status == "waiting":
        for r in conn.execute(
            sa.select(ratings.c.subject, ratings.c.mu, ratings.c.sigma).where(
                ratings.c.subject.in_(list(subjects)),
                ratings.c.game == head.game,
                ratings.c.players_class == klass,
            )
        ):
            shown_at[subjects[str(r.subject)]] = shown(float(r.mu), float(r.sigma))
    changes = rating_changes(conn, table_id)  # none before a rated game has ended
    if subjects and joined and head.status != "waiting":  # it began with its last seat taken
        for subject, seat in subjects.items():
            if seat in changes:
                continue
            brought = _rating_before(conn, subject, head.game, klass, max(joined))
            if brought is not None:
                shown_at[seat] = shown(*brought)
    with_change: dict[int, tuple[int, int | None]] = {
        seat: (rating, None) for seat, rating in shown_at.items()
    }
    with_change.update(changes)
    return with_change


def _rating_before(
    conn: sa.Connection,
    subject: str,
    game: str,
    klass: str,
    moment: datetime,
    table_id: str | None = None,
) -> tuple[float, float] | None:
    """The subject's (mu, sigma) in a game and class as the last game rated before `moment`
    left it (at `moment` itself: those of tables before `table_id`); None before its first."""
    history = rating_history.c
    earlier = history.created_at < moment
    if table_id is not None:
        at_once = sa.and_(history.created_at == moment, history.table_id < table_id)
        earlier = sa.or_(earlier, at_once)
    row = conn.execute(
        sa.select(history.mu, history.sigma)
        .where(
            history.subject == subject,
            history.game == game,
            history.players_class == klass,
            earlier,
        )
        .order_by(history.created_at.desc(), history.table_id.desc())
        .limit(1)
    ).first()
    return None if row is None else (float(row.mu), float(row.sigma))


def rating_changes(conn: sa.Connection, table_id: str) -> dict[int, tuple[int, int]]:
    """A rated game's seats of people and programs (house bots are fixed anchors): the rating
    this game left each one, and how much it gained (negative: lost) by it, against the one its
    previous game in this game and class left (or the first rating, 0)."""
    changes: dict[int, tuple[int, int]] = {}
    history = rating_history.c
    for row in conn.execute(sa.select(rating_history).where(history.table_id == table_id)):
        if str(row.subject).startswith("bot:"):
            continue
        before = _rating_before(
            conn, row.subject, row.game, row.players_class, row.created_at, table_id
        )
        after = shown(float(row.mu), float(row.sigma))
        earlier = shown(MU_START, SIGMA_START) if before is None else shown(*before)
        changes[int(row.seat)] = (after, after - earlier)
    return changes
