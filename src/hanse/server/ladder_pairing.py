"""The ladder's pairing pass (issue 33): every ``Settings.ladder_seconds`` the programs standing
in a game's ladder (``ladder.py``) are seated at new tables with each other and with the house
bots, which stand in every ladder as anchors.

- **Who plays whom**: the entrants waiting longest since their last pairing seek first. A seeker
  meets the candidates nearest its own rating (OpenSkill's mu, the best guess of its strength;
  a house bot at its anchor), a candidate it met among its last ``RECENT`` ladder games of that
  game and class costing ``REPEAT_COST`` more per meeting (so that it does not meet the same
  opponents over and over) and a house bot ``HOUSE_BOT_COST`` more (between equals a program
  rather meets a program). Two programs of one account never meet: their table could not be
  rated (``ratings.py``: one account sits once). House bots fill seats only for a seeker that
  has waited ``Settings.ladder_bot_after`` seconds since its entry or last pairing (by default
  one pass): programs that enter about together meet each other, not a house bot each.
- **How much**: a program gets at most one new table per pass and has at most
  ``Settings.ladder_per_program`` ladder tables playing; the server at most
  ``Settings.ladder_tables`` (its share of the server for the ladder).
- **The tables**: live, public (anyone may watch), the seats in random order, each program's
  seat taken for it (it finds the table in ``GET /api/me/ladder`` or ``GET /api/me``), a Fischer
  clock from the settings: a program that stops moving loses its seat to a bot of level
  ``easy`` and the game (``timeouts.py``), and at the next pass leaves the ladder. The tables
  are rated as any other (``ratings.py``).
- **Exactly one worker pairs**: a pass first claims the ``ladder_passes`` row by a conditional
  update of its ``last_at`` (on PostgreSQL the row stays locked until the pass commits, and a
  second worker's update, once it may go on, finds the row claimed and pairs nothing), and the
  pass makes its tables in the same transaction: they appear all at once or not at all.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from hanse.games import REGISTRY
from hanse.server.background import BackgroundTask
from hanse.server.bots import BotRunner
from hanse.server.clock import epoch_seconds
from hanse.server.clocks import BOT_LEVELS, TimeControl
from hanse.server.errors import SERVICE_AWAY
from hanse.server.models import (
    accounts,
    bot_tokens,
    game_tables,
    ladder_entries,
    ladder_passes,
    ladder_tables,
    ratings,
    seats,
)
from hanse.server.ratings import ANCHORS, MU_START, subject_of
from hanse.server.settings import Settings
from hanse.server.table_specs import SeatHolder, SeatSpec, TableSpec
from hanse.server.tables import TableService

log = logging.getLogger("hanse.server.ladder")
RECENT = 10  # a seeker's last ladder games whose opponents cost more to meet again
REPEAT_COST = 4.0  # mu per meeting among them
HOUSE_BOT_COST = 2.0  # mu: between equals, a program rather meets a program
OPEN = ("waiting", "playing")
PASS = "pairing"
TIMED_OUT_LEVEL = "easy"  # the bot that plays on for a program out of time


@dataclass(frozen=True)
class Rules:
    """The ladder's settings (``Settings.ladder_*``)."""

    seconds: float
    tables: int
    per_program: int
    base: float
    increment: float
    bot_after: float = 0.0  # seconds a seeker waits before house bots may fill its seats

    @classmethod
    def of(cls, settings: Settings) -> Rules:
        return cls(
            settings.ladder_seconds,
            settings.ladder_tables,
            settings.ladder_per_program,
            settings.ladder_base,
            settings.ladder_increment,
            settings.ladder_bot_after,
        )

    def clock(self) -> TimeControl:
        return TimeControl(base=self.base, increment=self.increment, level=TIMED_OUT_LEVEL)


@dataclass(frozen=True)
class Entrant:
    """A program's entry in one ladder, as the pass sees it."""

    token_id: int
    account_id: int
    label: str  # "account/token"
    game: str
    klass: str  # "2p" or "3p+"
    mu: float
    open_tables: int  # its ladder tables playing now, in every game
    met: tuple[str, ...] = ()  # the subjects at its last RECENT ladder tables (repeats kept)
    waited: float = 0.0  # seconds since its entry or its last pairing

    @property
    def subject(self) -> str:
        return f"program:{self.token_id}"


@dataclass(frozen=True)
class Pairing:
    """One table to make: its game and class, its programs and its house bots' levels."""

    game: str
    klass: str
    programs: tuple[Entrant, ...]
    bots: tuple[str, ...]


def table_size(game: str, klass: str) -> int | None:
    """How many play at a ladder table of a game's class: 2, or for "3 or more" the fewest the
    game allows from 3 on (3 in each game now); None where the game has no such table."""
    cls = REGISTRY[game]
    size = 2 if klass == "2p" else max(3, cls.min_players)
    return size if cls.min_players <= size <= cls.max_players else None


def _cost(seeker: Entrant, subject: str, mu: float, house_bot: bool) -> float:
    repeats = seeker.met.count(subject)
    return abs(seeker.mu - mu) + REPEAT_COST * repeats + (HOUSE_BOT_COST if house_bot else 0.0)


def pair(
    entrants: Sequence[Entrant], room: int, per_program: int, bot_after: float = 0.0
) -> list[Pairing]:
    """The tables of one pass: `entrants` in the order they seek (longest waiting first), at
    most `room` tables, no program beyond `per_program` tables playing or at two new ones,
    house bots only at the table of a seeker that has waited `bot_after` seconds."""
    made: list[Pairing] = []
    used: set[int] = set()

    def free(entrant: Entrant) -> bool:
        return entrant.token_id not in used and entrant.open_tables < per_program

    for seeker in entrants:
        if len(made) >= room:
            break
        size = table_size(seeker.game, seeker.klass)
        if size is None or not free(seeker):
            continue
        anchors = ANCHORS[seeker.klass]
        programs: list[Entrant] = [seeker]
        bots: list[str] = []
        for _ in range(size - 1):
            choices: list[tuple[float, int, Entrant | str]] = []
            taken_accounts = {p.account_id for p in programs}
            for other in entrants:
                if (
                    other.game == seeker.game
                    and other.klass == seeker.klass
                    and free(other)
                    and other.account_id not in taken_accounts
                    and other.token_id not in {p.token_id for p in programs}
                ):
                    choices.append((_cost(seeker, other.subject, other.mu, False), 0, other))
            for level in BOT_LEVELS if seeker.waited >= bot_after else ():
                if level not in bots:
                    cost = _cost(seeker, f"bot:{level}", anchors[level], True)
                    choices.append((cost, 1, level))
            if not choices:  # no program free, and too early for a house bot: next pass
                break
            _, _, chosen = min(choices, key=lambda choice: choice[:2])
            if isinstance(chosen, str):
                bots.append(chosen)
            else:
                programs.append(chosen)
        if len(programs) + len(bots) < size:
            continue
        used.update(p.token_id for p in programs)
        made.append(Pairing(seeker.game, seeker.klass, tuple(programs), tuple(bots)))
    return made


def claim_pass(conn: sa.Connection, now: float, seconds: float) -> bool:
    """Whether this worker makes the pass due now (none ran in the last 0.9 `seconds`)."""
    claimed = conn.execute(
        ladder_passes.update()
        .where(ladder_passes.c.name == PASS, ladder_passes.c.last_at <= now - 0.9 * seconds)
        .values(last_at=now)
    )
    return claimed.rowcount == 1


def drop_timed_out(conn: sa.Connection) -> int:
    """Take off the ladder every program whose seat at a ladder table made since it entered
    ran out of time (it stopped moving); how many entries went."""
    out = (
        sa.select(seats.c.bot_token)
        .join(ladder_tables, ladder_tables.c.table_id == seats.c.table_id)
        .where(
            seats.c.timed_out.is_(True),
            seats.c.bot_token == ladder_entries.c.token_id,
            ladder_tables.c.created_at >= ladder_entries.c.entered_at,
        )
    )
    return int(conn.execute(ladder_entries.delete().where(sa.exists(out))).rowcount or 0)


def open_ladder_tables(conn: sa.Connection) -> int:
    """The ladder tables being played now, on the whole server."""
    return int(
        conn.execute(
            sa.select(sa.func.count())
            .select_from(ladder_tables)
            .join(game_tables, game_tables.c.id == ladder_tables.c.table_id)
            .where(game_tables.c.status.in_(OPEN))
        ).scalar_one()
    )


def entrants(conn: sa.Connection, now: float) -> list[Entrant]:
    """Every live entry at `now`, longest waiting first (since its last pairing, else its
    entry)."""
    waited = sa.func.coalesce(ladder_entries.c.paired_at, ladder_entries.c.entered_at)
    rows = conn.execute(
        sa.select(
            ladder_entries.c.token_id,
            ladder_entries.c.game,
            ladder_entries.c.players_class,
            bot_tokens.c.account_id,
            bot_tokens.c.name,
            accounts.c.name.label("account"),
            waited.label("since"),
        )
        .join(bot_tokens, bot_tokens.c.id == ladder_entries.c.token_id)
        .join(accounts, accounts.c.id == bot_tokens.c.account_id)
        .where(bot_tokens.c.revoked_at.is_(None))
        .order_by(waited, ladder_entries.c.token_id, ladder_entries.c.game)
    ).all()
    if not rows:
        return []
    tokens = sorted({int(r.token_id) for r in rows})
    playing = Counter(
        int(r.bot_token)
        for r in conn.execute(
            sa.select(seats.c.bot_token)
            .join(ladder_tables, ladder_tables.c.table_id == seats.c.table_id)
            .join(game_tables, game_tables.c.id == seats.c.table_id)
            .where(seats.c.bot_token.in_(tokens), game_tables.c.status.in_(OPEN))
        )
    )
    subjects = [f"program:{token}" for token in tokens]
    mus = {
        (str(r.subject), str(r.game), str(r.players_class)): float(r.mu)
        for r in conn.execute(
            sa.select(
                ratings.c.subject, ratings.c.game, ratings.c.players_class, ratings.c.mu
            ).where(ratings.c.subject.in_(subjects))
        )
    }
    found = []
    for r in rows:
        token, game, klass = int(r.token_id), str(r.game), str(r.players_class)
        found.append(
            Entrant(
                token_id=token,
                account_id=int(r.account_id),
                label=f"{r.account}/{r.name}",
                game=game,
                klass=klass,
                mu=mus.get((f"program:{token}", game, klass), MU_START),
                open_tables=playing[token],
                met=_met(conn, token, game, klass),
                waited=now - epoch_seconds(r.since),
            )
        )
    return found


def _met(conn: sa.Connection, token: int, game: str, klass: str) -> tuple[str, ...]:
    """The subjects a program met at its last RECENT ladder tables of a game's class."""
    recent = (
        sa.select(ladder_tables.c.table_id)
        .join(seats, seats.c.table_id == ladder_tables.c.table_id)
        .where(
            seats.c.bot_token == token,
            ladder_tables.c.game == game,
            ladder_tables.c.players_class == klass,
        )
        .order_by(ladder_tables.c.created_at.desc())
        .limit(RECENT)
    )
    met = []
    for row in conn.execute(sa.select(seats).where(seats.c.table_id.in_(recent.scalar_subquery()))):
        subject = subject_of(row)
        if subject is not None and row.bot_token != token:
            met.append(subject)
    return tuple(met)


def make_table(
    service: TableService, conn: sa.Connection, pairing: Pairing, rules: Rules, rng: random.Random
) -> str:
    """The pairing's table, started, its programs seated in random order among the bots."""
    sitters: list[Entrant | str] = [*pairing.programs, *pairing.bots]
    rng.shuffle(sitters)
    spec = TableSpec(
        game=pairing.game,
        players=len(sitters),
        flags={},
        mode="live",
        visibility="public",
        seats=[SeatSpec("bot", s) if isinstance(s, str) else SeatSpec("human") for s in sitters],
        clock=rules.clock(),
    )
    holders = [
        None if isinstance(s, str) else SeatHolder(s.account_id, s.label[:40], s.token_id)
        for s in sitters
    ]
    table_id = service.create_seated(conn, spec, holders)
    now = datetime.fromtimestamp(service.now(), UTC)
    conn.execute(
        ladder_tables.insert().values(
            table_id=table_id, game=pairing.game, players_class=pairing.klass, created_at=now
        )
    )
    for program in pairing.programs:
        conn.execute(
            ladder_entries.update()
            .where(
                ladder_entries.c.token_id == program.token_id,
                ladder_entries.c.game == pairing.game,
                ladder_entries.c.players_class == pairing.klass,
            )
            .values(paired_at=now)
        )
    return table_id


def run_pass(service: TableService, rules: Rules, rng: random.Random) -> list[str] | None:
    """One pass, in one transaction: None where another worker made the pass due now, else the
    ids of the tables made (perhaps none)."""
    with service.engine.begin() as conn:
        if not claim_pass(conn, service.now(), rules.seconds):
            return None
        dropped = drop_timed_out(conn)
        if dropped:
            log.info("ladder: %d entries of programs out of time removed", dropped)
        room = rules.tables - open_ladder_tables(conn)
        if room <= 0:
            return []
        return [
            make_table(service, conn, pairing, rules, rng)
            for pairing in pair(
                entrants(conn, service.now()), room, rules.per_program, rules.bot_after
            )
        ]


class LadderPairing(BackgroundTask):
    """The pass as a task of each worker, every `rules.seconds` (one worker pairs each time)."""

    def __init__(self, service: TableService, bots: BotRunner, rules: Rules) -> None:
        self.service = service
        self.bots = bots
        self.rules = rules
        self.rng = random.Random(random.SystemRandom().randrange(2**63))

    async def _run(self) -> None:
        while True:
            try:
                made = await run_in_threadpool(run_pass, self.service, self.rules, self.rng)
            except SERVICE_AWAY as error:  # the database is away: the next pass tries again
                log.warning("ladder pass skipped: %s", error)
            except Exception:  # a pass's failure must not end the task; the next one tries
                log.exception("ladder pass failed")
            else:
                for table_id in made or ():
                    self.bots.poke(table_id)  # a house bot may decide first
                if made:
                    log.info("ladder: %d tables made", len(made))
            await asyncio.sleep(self.rules.seconds)
