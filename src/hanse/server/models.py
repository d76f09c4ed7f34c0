"""The database tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

The migrations in ``migrations/versions`` create exactly these; a test compares the two.

- ``tables``: one row per table; ``seq`` counts its move rows, ``version`` its decisions (chance
  moves are rows but not decisions). Both only grow. ``rematch``: the table the same players
  play next, once one of them asked for it at the end.
- ``moves``: the append-only log, the table's record. ``(table_id, seq)`` is the primary key, so of
  two submits at one version exactly one can be stored.
- ``seats``: who sits where; a human seat keeps the hash of its invite secret and, once taken, the
  hash of its token. Secrets are never stored in clear.
- ``accounts`` and ``sessions``: optional accounts (argon2 password hashes) and their sign-ins.
- ``bot_leases``: which worker thinks for a bot seat's decision at which version.
- ``chat``: what the people at a table wrote, numbered per table (the primary key, so of two
  messages given one number one is stored and the other takes the next).
- ``table_events``: what changed a table besides its moves (``table_events.py``): a move taken
  back (``undo``, with the seq of that move) or a seat handed to a bot (``bot``, with who did it
  and the bot's level). ``seq`` is the table's seq the change took, so the event stands in the
  log after the moves numbered below it; written in the transaction of the change.
- Notation (``stored_upgrade.py``): a table's ``notation``, the version of its game's notation its
  moves are written in, and ``notice``, why a table stored by an older Hanse was finished when it
  could not be carried over; ``moves_old`` and ``table_events_old`` keep the rows of every table
  carried over, as they were stored (``moves_old.notation``: their notation).
- ``notice_settings``: how an account is told that a decision waits for it (``notices.py``): an
  e-mail address (used once confirmed), a webhook URL and its signing secret, and per mode
  ("now", "digest" or "never").
- ``outbox``: every notice to send (a turn, a reminder, a digest, an address to confirm), written
  in the transaction that caused it and worked by ``outbox_worker.py``; ``dedup`` is unique, so a
  notice is queued once however often its cause is seen.
- Clocks (``clocks.py``): a table's ``time_control`` (null: none) and ``clock_started_at``, when
  the deciding person's decision became theirs (null while a bot or nobody decides); a seat's
  ``seconds_left`` at that moment, and ``timed_out`` once its clock ran out and a bot took it.
- ``vacations``: the days an account is away (``vacations.py``); its one-move-a-day clocks stop.
- Programs and ratings (issue 33): ``bot_tokens``, an account's named tokens for its programs
  (the digest only; ``revoked_at`` once revoked, ``bot_tokens.py``); a seat's ``bot_token``, the
  token a program took it with (the seat is a program's). ``ratings``: the OpenSkill rating of
  each subject ("person:<account>", "program:<token>") per game and player-count class;
  ``rating_history`` one row per subject and rated table; a table's ``rated`` (null until it
  ends, then true or false, set once in the transaction that finishes it: ``ratings.py``; where
  rating failed there, by a later upkeep pass: ``rating_retry.py``).
- Tournaments (issue 33, ``tournament_service.py``, ``tournament_rounds.py``): ``tournaments``
  (what is played, how it is paired, its ``status`` and the ``round`` being played),
  ``tournament_entrants`` (an account once per tournament, as a person or as one of its
  programs), ``tournament_rounds`` (one row per round seated: its primary key is what makes a
  round seated exactly once; ``finished_at`` once scored), ``tournament_tables`` (the tables of a
  round, numbered by ``board``) and ``tournament_places`` (an entrant's seat in a round, or a
  bye where ``board`` is null, with its rank, points and game score once its table ended).
- The ladder (``ladder.py``, ``ladder_pairing.py``): ``ladder_entries``, the programs standing in
  a game's ladder per player-count class (and when each was last paired); ``ladder_tables``, the
  tables the pairing pass made; ``ladder_passes``, one row per pass kind whose lock makes one
  worker pair at a time and whose ``last_at`` says when the last pass ran.
- ``analyses``: a finished table's post-game analysis (``analysis_store.py``), asked for once and
  computed by one worker at a time (``holder`` until ``expires_at``, a lease renewed as it goes;
  ``claims``: how many times a worker took it up, more than once only where one died):
  ``status`` "queued" until done (or "failed"), ``done`` of ``total`` decisions judged so far,
  ``result`` the analysis's JSON (what is judged so far while under way), with its ``budget`` and
  ``seed``.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

game_tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("flags", sa.JSON, nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("visibility", sa.String(8), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("decider", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("time_control", sa.JSON, nullable=True),
    sa.Column("clock_started_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("notation", sa.Integer, nullable=False, server_default="1"),
    sa.Column("notice", sa.Text, nullable=True),
    # Who made the table (an account, else a guest's address) and in which language (waiting.py)
    sa.Column("lang", sa.String(8), nullable=True),
    sa.Column("creator_account", sa.Integer, nullable=True),
    sa.Column("creator_address", sa.String(64), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=True),
    sa.Index("ix_tables_lobby", "visibility", "status", "created_at"),
    sa.Index("ix_tables_creator", "status", "creator_address"),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("undone", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("level", sa.String(16), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("seconds_left", sa.Float, nullable=True),
    sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("bot_token", sa.Integer, nullable=True),
    sa.Index("ix_seats_account", "account_id"),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

DECIDER_SEAT = sa.and_(seats.c.table_id == game_tables.c.id, seats.c.seat == game_tables.c.decider)
"""The join of a table with the seat that decides now (its decider's row)."""

bot_leases = sa.Table(
    "bot_leases",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("holder", sa.String(64), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)

chat_messages = sa.Table(
    "chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("text", sa.String(300), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

table_events = sa.Table(
    "table_events",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("undone_seq", sa.Integer, nullable=True),
    sa.Column("by_seat", sa.Integer, nullable=True),
    sa.Column("level", sa.String(16), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

moves_old = sa.Table(
    "moves_old",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("undone", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("notation", sa.Integer, nullable=False),
)

table_events_old = sa.Table(
    "table_events_old",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("undone_seq", sa.Integer, nullable=True),
    sa.Column("by_seat", sa.Integer, nullable=True),
    sa.Column("level", sa.String(16), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

notice_settings = sa.Table(
    "notice_settings",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("webhook_url", sa.String(500), nullable=True),
    sa.Column("webhook_secret", sa.String(64), nullable=True),
    sa.Column("live", sa.String(8), nullable=False),
    sa.Column("async", sa.String(8), nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("base_url", sa.String(300), nullable=False),
    sa.Column("digest_at", sa.Float, nullable=True),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

outbox = sa.Table(
    "outbox",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("dedup", sa.String(200), nullable=False, unique=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("channel", sa.String(8), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("version", sa.Integer, nullable=True),
    sa.Column("address", sa.String(500), nullable=True),
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("tries", sa.Integer, nullable=False),
    sa.Column("due_at", sa.Float, nullable=False),
    sa.Column("lease_until", sa.Float, nullable=True),
    sa.Column("holder", sa.String(64), nullable=True),
    sa.Column("last_error", sa.String(300), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("done_at", sa.Float, nullable=True),
    sa.Index("ix_outbox_due", "status", "due_at"),
    sa.Index("ix_outbox_account", "account_id", "status"),
)

vacations = sa.Table(
    "vacations",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_vacations_account", "account_id"),
)

bot_tokens = sa.Table(
    "bot_tokens",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_bot_tokens_account", "account_id"),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("subject", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("players_class", sa.String(4), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("subject", sa.String(40), primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players_class", sa.String(4), nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("left", sa.Boolean, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rating_history_subject", "subject", "game", "created_at"),
)

tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("fewest", sa.Integer, nullable=False),
    sa.Column("flags", sa.JSON, nullable=False),
    sa.Column("mode", sa.String(8), nullable=False),
    sa.Column("time_control", sa.JSON, nullable=False),
    sa.Column("system", sa.String(12), nullable=False),
    sa.Column("rounds", sa.Integer, nullable=True),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("organiser", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("least", sa.Integer, nullable=False),
    sa.Column("most", sa.Integer, nullable=False),
    sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("notice", sa.Text, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_tournaments_status", "status", "created_at"),
)

tournament_entrants = sa.Table(
    "tournament_entrants",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), nullable=False),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("bot_token", sa.Integer, nullable=True),
    sa.Column("name", sa.String(81), nullable=False),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("tournament_id", "account_id", name="uq_tournament_entrants_account"),
)

tournament_rounds = sa.Table(
    "tournament_rounds",
    metadata,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
)

tournament_tables = sa.Table(
    "tournament_tables",
    metadata,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("board", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True, unique=True),
)

tournament_places = sa.Table(
    "tournament_places",
    metadata,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column(
        "entrant_id",
        sa.Integer,
        sa.ForeignKey("tournament_entrants.id"),
        primary_key=True,
        autoincrement=False,
    ),
    sa.Column("board", sa.Integer, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("rank", sa.Integer, nullable=True),
    sa.Column("points", sa.Float, nullable=True),
    sa.Column("score", sa.Integer, nullable=True),
)

analyses = sa.Table(
    "analyses",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("budget", sa.Integer, nullable=False),
    sa.Column("seed", sa.Integer, nullable=False),
    sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("error", sa.Text, nullable=True),
    sa.Column("holder", sa.String(64), nullable=True),
    sa.Column("claims", sa.Integer, nullable=False, server_default="0"),
    sa.Column("expires_at", sa.Float, nullable=True),
    sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_analyses_status", "status"),
)

ladder_entries = sa.Table(
    "ladder_entries",
    metadata,
    sa.Column("token_id", sa.Integer, sa.ForeignKey("bot_tokens.id"), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("players_class", sa.String(4), primary_key=True),
    sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("paired_at", sa.DateTime(timezone=True), nullable=True),
)

ladder_tables = sa.Table(
    "ladder_tables",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players_class", sa.String(4), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_ladder_tables_game", "game", "players_class", "created_at"),
)

ladder_passes = sa.Table(
    "ladder_passes",
    metadata,
    sa.Column("name", sa.String(16), primary_key=True),
    sa.Column("last_at", sa.Float, nullable=False),
)
