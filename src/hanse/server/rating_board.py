"""What the ratings show (``ratings.py`` keeps them): a game's leaderboard and a player's games
and rating history, with names instead of subjects.

A person is named by its account, a program by its account and its token's name
("ada/randbot"), a house bot by its level ("easy").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from hanse.server.bot_tokens import utc_iso
from hanse.server.errors import not_found
from hanse.server.models import accounts, bot_tokens, game_tables, rating_history, ratings
from hanse.server.ratings import ANCHORS, SIGMA_ANCHOR, exact, shown

KINDS = {"person": "person", "program": "program", "bot": "house bot"}
CLASSES = ("2p", "3p+")


@dataclass(frozen=True)
class Named:
    subject: str
    name: str
    kind: str  # "person", "program" or "house bot"


def anchors(klass: str) -> list[tuple[str, int]]:
    """The house bots' fixed ratings in a player-count class, as shown, weakest first."""
    fixed = ((level, shown(mu, SIGMA_ANCHOR)) for level, mu in ANCHORS[klass].items())
    return sorted(fixed, key=lambda pair: pair[1])


def _names(conn: sa.Connection, subjects: list[str]) -> dict[str, Named]:
    people = [int(s.split(":")[1]) for s in subjects if s.startswith("person:")]
    programs = [int(s.split(":")[1]) for s in subjects if s.startswith("program:")]
    named: dict[str, Named] = {}
    if people:
        for person in conn.execute(
            sa.select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(people))
        ):
            subject = f"person:{person.id}"
            named[subject] = Named(subject, str(person.name), "person")
    if programs:
        for r in conn.execute(
            sa.select(bot_tokens.c.id, bot_tokens.c.name, accounts.c.name.label("account"))
            .join(accounts, accounts.c.id == bot_tokens.c.account_id)
            .where(bot_tokens.c.id.in_(programs))
        ):
            subject = f"program:{r.id}"
            named[subject] = Named(subject, f"{r.account}/{r.name}", "program")
    for subject in subjects:
        if subject.startswith("bot:"):
            named[subject] = Named(subject, subject.split(":", 1)[1], "house bot")
    return named


def subject_named(conn: sa.Connection, name: str) -> Named | None:
    """The subject a name stands for: "ada" a person, "ada/randbot" a program (its latest token
    of that name), "easy" a house bot where no account has that name."""
    account_name, _, token_name = name.partition("/")
    account = conn.execute(
        sa.select(accounts.c.id).where(accounts.c.name == account_name)
    ).scalar_one_or_none()
    if account is not None and not token_name:
        return Named(f"person:{account}", name, "person")
    if account is not None:
        token = conn.execute(
            sa.select(bot_tokens.c.id)
            .where(bot_tokens.c.account_id == account, bot_tokens.c.name == token_name)
            .order_by(bot_tokens.c.id.desc())
            .limit(1)
        ).scalar_one_or_none()
        return None if token is None else Named(f"program:{token}", name, "program")
    if name in ANCHORS["2p"]:
        return Named(f"bot:{name}", name, "house bot")
    return None


def leaderboard(
    engine: sa.Engine, game: str, klass: str, limit: int = 50, me: int | None = None
) -> dict[str, Any]:
    """The top `limit` of a game's class by shown rating (ties: more games first, then name),
    and the place of account `me` (a person) where it is below them."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(ratings).where(ratings.c.game == game, ratings.c.players_class == klass)
        ).all()
        named = _names(conn, [str(r.subject) for r in rows])
    board: list[dict[str, Any]] = [
        {
            "name": named[str(r.subject)].name,
            "kind": named[str(r.subject)].kind,
            "rating": shown(float(r.mu), float(r.sigma)),
            "exact": exact(float(r.mu), float(r.sigma)),
            "mu": round(float(r.mu), 2),
            "sigma": round(float(r.sigma), 2),
            "games": int(r.games),
            "subject": str(r.subject),
        }
        for r in rows
        if str(r.subject) in named
    ]
    # By the rating before rounding: two shown alike are still in their true order
    board.sort(key=lambda e: (-e["exact"], -e["games"], e["name"]))
    for place, entry in enumerate(board, start=1):
        entry["place"] = place
    mine = next((e for e in board if me is not None and e["subject"] == f"person:{me}"), None)
    for entry in board:
        del entry["subject"], entry["exact"]
    return {
        "game": game,
        "players": klass,
        "top": board[:limit],
        "me": mine,
        "count": len(board),
    }


def player(engine: sa.Engine, name: str) -> dict[str, Any]:
    """A player's ratings per game and class, and its rated games oldest first (each: the
    table, its game and class, the rank, whether it left, the rating after it)."""
    with engine.connect() as conn:
        found = subject_named(conn, name)
        if found is None:
            raise not_found("player")
        now = conn.execute(sa.select(ratings).where(ratings.c.subject == found.subject)).all()
        played = conn.execute(
            sa.select(rating_history, game_tables.c.players)
            .join(game_tables, game_tables.c.id == rating_history.c.table_id)
            .where(rating_history.c.subject == found.subject)
            .order_by(rating_history.c.created_at, rating_history.c.table_id)
        ).all()
    return {
        "name": found.name,
        "kind": found.kind,
        "ratings": [
            {
                "game": r.game,
                "players": r.players_class,
                "rating": shown(float(r.mu), float(r.sigma)),
                "games": int(r.games),
            }
            for r in sorted(now, key=lambda r: (r.game, r.players_class))
        ],
        "games": [
            {
                "table": r.table_id,
                "game": r.game,
                "players": r.players_class,
                "seats": int(r.players),
                "rank": int(r.rank),
                "left": bool(r.left),
                "rating": shown(float(r.mu), float(r.sigma)),
                "at": utc_iso(r.created_at),
            }
            for r in played
        ],
    }
