"""The ladder (issue 33): a standing open challenge per game and player-count class (2 players;
3 or more, as ratings count them), where programs are paired with each other and with the house
bots automatically (``ladder_pairing.py``) and rated as people are (``ratings.py``).

A program enters or leaves a ladder with its bot token (``ladder_api.py``); a revoked token
leaves every ladder (``bot_tokens.revoke``), a program whose clock ran out at a ladder table
leaves at the next pass. The standings list the house bots (anchors at their fixed ratings) and
every program entered or with ladder games in that class, by rating: the rating is the game's
rating of its class (all its rated tables), the games, wins and losses are its ladder games (a
win is a first place, shared or not) and the recent ones link to their tables and replays.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from hanse.games import REGISTRY
from hanse.server.bot_tokens import Program, utc_iso
from hanse.server.clocks import BOT_LEVELS
from hanse.server.errors import not_found
from hanse.server.errors import unprocessable as invalid
from hanse.server.ladder_pairing import OPEN, table_size
from hanse.server.models import (
    accounts,
    bot_tokens,
    game_tables,
    ladder_entries,
    ladder_tables,
    rating_history,
    ratings,
    seats,
)
from hanse.server.ratings import ANCHORS, MU_START, SIGMA_ANCHOR, SIGMA_START, shown

CLASSES = ("2p", "3p+")
RECENT_SHOWN = 5  # a standing's recent ladder games


def check_ladder(game: str, klass: str) -> int:
    """The size of the ladder's tables, or 404 for no such game, 422 for a class it lacks."""
    if game not in REGISTRY:
        raise not_found("game")
    if klass not in CLASSES:
        raise invalid(f"players is one of {', '.join(CLASSES)}, not {klass!r}")
    size = table_size(game, klass)
    if size is None:
        cls = REGISTRY[game]
        raise invalid(
            f"{cls.title} has no {klass} ladder: it is played by "
            f"{cls.min_players} to {cls.max_players}"
        )
    return size


def _entry(row: Any) -> dict[str, Any]:
    return {
        "game": str(row.game),
        "players": str(row.players_class),
        "entered_at": utc_iso(row.entered_at),
        "paired_at": None if row.paired_at is None else utc_iso(row.paired_at),
    }


def _entry_key(token_id: int, game: str, klass: str) -> Any:
    return (
        (ladder_entries.c.token_id == token_id)
        & (ladder_entries.c.game == game)
        & (ladder_entries.c.players_class == klass)
    )


def enter(
    engine: sa.Engine, program: Program, game: str, klass: str, now: float
) -> tuple[dict[str, Any], bool]:
    """The program's entry in a ladder, and whether it is new (entering twice changes
    nothing)."""
    check_ladder(game, klass)
    key = _entry_key(program.token_id, game, klass)
    for _ in range(2):  # a second call racing this one inserts first: then it is found
        with engine.begin() as conn:
            row = conn.execute(sa.select(ladder_entries).where(key)).first()
            if row is not None:
                return _entry(row), False
            try:
                with conn.begin_nested():
                    conn.execute(
                        ladder_entries.insert().values(
                            token_id=program.token_id,
                            game=game,
                            players_class=klass,
                            entered_at=datetime.fromtimestamp(now, UTC),
                        )
                    )
            except sa.exc.IntegrityError:
                continue
            return _entry(conn.execute(sa.select(ladder_entries).where(key)).one()), True
    raise AssertionError("an entry neither found nor inserted")  # pragma: no cover


def leave(engine: sa.Engine, program: Program, game: str, klass: str) -> None:
    """The program leaves a ladder: no new table from now on (its tables are played out)."""
    check_ladder(game, klass)
    with engine.begin() as conn:
        left = conn.execute(
            ladder_entries.delete().where(_entry_key(program.token_id, game, klass))
        )
    if left.rowcount != 1:
        raise not_found("ladder entry: this program is not in that ladder")


def mine(engine: sa.Engine, program: Program) -> dict[str, Any]:
    """The program's entries and its ladder tables being played (whose turn it is at each)."""
    with engine.connect() as conn:
        entries = conn.execute(
            sa.select(ladder_entries)
            .where(ladder_entries.c.token_id == program.token_id)
            .order_by(ladder_entries.c.game, ladder_entries.c.players_class)
        ).all()
        tables = conn.execute(
            sa.select(
                game_tables.c.id,
                game_tables.c.game,
                game_tables.c.players,
                game_tables.c.status,
                game_tables.c.decider,
                seats.c.seat,
                ladder_tables.c.players_class,
            )
            .join(seats, seats.c.table_id == game_tables.c.id)
            .join(ladder_tables, ladder_tables.c.table_id == game_tables.c.id)
            .where(seats.c.bot_token == program.token_id, game_tables.c.status.in_(OPEN))
            .order_by(ladder_tables.c.created_at)
        ).all()
    return {
        "program": program.label,
        "entries": [_entry(row) for row in entries],
        "tables": [
            {
                "table": str(t.id),
                "game": str(t.game),
                "players": str(t.players_class),
                "seats": int(t.players),
                "status": str(t.status),
                "seat": int(t.seat),
                "my_turn": t.status == "playing" and t.decider == t.seat,
            }
            for t in tables
        ],
    }


def _results(conn: sa.Connection, game: str, klass: str) -> dict[str, tuple[int, int]]:
    """Per subject, its rated ladder games of the class: (wins, losses)."""
    wins: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    for row in conn.execute(
        sa.select(rating_history.c.subject, rating_history.c.rank)
        .join(ladder_tables, ladder_tables.c.table_id == rating_history.c.table_id)
        .where(ladder_tables.c.game == game, ladder_tables.c.players_class == klass)
    ):
        (wins if int(row.rank) == 1 else losses)[str(row.subject)] += 1
    return {s: (wins[s], losses[s]) for s in set(wins) | set(losses)}


def _recent(conn: sa.Connection, game: str, klass: str, where: Any) -> list[dict[str, Any]]:
    """The last ladder tables of the class where a seat matches `where`, newest first, with
    that seat's rank once rated."""
    rows = conn.execute(
        sa.select(
            ladder_tables.c.table_id,
            ladder_tables.c.created_at,
            game_tables.c.status,
            seats.c.seat,
        )
        .join(game_tables, game_tables.c.id == ladder_tables.c.table_id)
        .join(seats, seats.c.table_id == ladder_tables.c.table_id)
        .where(ladder_tables.c.game == game, ladder_tables.c.players_class == klass, where)
        .order_by(ladder_tables.c.created_at.desc(), ladder_tables.c.table_id)
        .limit(RECENT_SHOWN)
    ).all()
    ranks = {
        (str(r.table_id), int(r.seat)): int(r.rank)
        for r in conn.execute(
            sa.select(
                rating_history.c.table_id, rating_history.c.seat, rating_history.c.rank
            ).where(rating_history.c.table_id.in_([str(row.table_id) for row in rows]))
        )
    }
    return [
        {
            "table": str(row.table_id),
            "status": str(row.status),
            "rank": ranks.get((str(row.table_id), int(row.seat))),
            "at": utc_iso(row.created_at),
        }
        for row in rows
    ]


def _programs(conn: sa.Connection, game: str, klass: str) -> dict[int, bool]:
    """The programs of a ladder's standings: entered (True), or with ladder games there."""
    found = {
        int(token): False
        for token in conn.execute(
            sa.select(seats.c.bot_token)
            .distinct()
            .join(ladder_tables, ladder_tables.c.table_id == seats.c.table_id)
            .where(
                ladder_tables.c.game == game,
                ladder_tables.c.players_class == klass,
                seats.c.bot_token.is_not(None),
            )
        ).scalars()
    }
    for token in conn.execute(
        sa.select(ladder_entries.c.token_id).where(
            ladder_entries.c.game == game, ladder_entries.c.players_class == klass
        )
    ).scalars():
        found[int(token)] = True
    return found


def standings(engine: sa.Engine, game: str, klass: str) -> dict[str, Any]:
    """A ladder's standings, best rating first (see the module docstring)."""
    check_ladder(game, klass)
    with engine.connect() as conn:
        programs = _programs(conn, game, klass)
        named = conn.execute(
            sa.select(
                bot_tokens.c.id,
                bot_tokens.c.name,
                bot_tokens.c.revoked_at,
                accounts.c.name.label("account"),
            )
            .join(accounts, accounts.c.id == bot_tokens.c.account_id)
            .where(bot_tokens.c.id.in_(list(programs)))
        ).all()
        rated = {
            str(r.subject): (float(r.mu), float(r.sigma))
            for r in conn.execute(
                sa.select(ratings.c.subject, ratings.c.mu, ratings.c.sigma).where(
                    ratings.c.subject.in_([f"program:{token}" for token in programs]),
                    ratings.c.game == game,
                    ratings.c.players_class == klass,
                )
            )
        }
        results = _results(conn, game, klass)
        board: list[dict[str, Any]] = []
        for level in BOT_LEVELS:
            mu = ANCHORS[klass][level]
            where = (seats.c.kind == "bot") & seats.c.token_hash.is_(None)
            board.append(
                _standing(
                    f"bot:{level}",
                    level,
                    None,
                    "house bot",
                    (mu, SIGMA_ANCHOR),
                    results,
                    True,
                    _recent(conn, game, klass, where & (seats.c.level == level)),
                )
            )
        for r in named:
            subject = f"program:{r.id}"
            board.append(
                _standing(
                    subject,
                    f"{r.account}/{r.name}",
                    str(r.account),
                    "program",
                    rated.get(subject, (MU_START, SIGMA_START)),
                    results,
                    programs[int(r.id)] and r.revoked_at is None,
                    _recent(conn, game, klass, seats.c.bot_token == int(r.id)),
                )
            )
        playing = conn.execute(
            sa.select(sa.func.count())
            .select_from(ladder_tables)
            .join(game_tables, game_tables.c.id == ladder_tables.c.table_id)
            .where(
                ladder_tables.c.game == game,
                ladder_tables.c.players_class == klass,
                game_tables.c.status.in_(OPEN),
            )
        ).scalar_one()
    board.sort(key=lambda e: (-e["rating"], -e["games"], e["name"]))
    for place, entry in enumerate(board, start=1):
        entry["place"] = place
    return {
        "game": game,
        "players": klass,
        "seats": table_size(game, klass),
        "playing": int(playing),
        "standings": board,
    }


def _standing(
    subject: str,
    name: str,
    account: str | None,
    kind: str,
    rating: tuple[float, float],
    results: dict[str, tuple[int, int]],
    entered: bool,
    recent: list[dict[str, Any]],
) -> dict[str, Any]:
    wins, losses = results.get(subject, (0, 0))
    mu, sigma = rating
    return {
        "name": name,
        "account": account,
        "kind": kind,
        "rating": shown(mu, sigma),
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "games": wins + losses,
        "wins": wins,
        "losses": losses,
        "entered": entered,
        "recent": recent,
    }
