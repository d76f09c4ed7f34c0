"""What a server process is configured with.

``hanse serve`` builds :class:`Settings` from environment variables (``HANSE_`` and the field's
name in capitals, e.g. ``HANSE_SUBMIT_RATE=60``) and then its options, which win. Worker processes
started by uvicorn read the resulting settings from the same variables, which is how several
workers share one configuration.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

import platformdirs

ENV_PREFIX = "HANSE_"


def default_data_dir() -> Path:
    """The user's data directory for Hanse (the SQLite file and the server's secret live here)."""
    return Path(platformdirs.user_data_dir("hanse", appauthor=False))


def default_database_url() -> str:
    return f"sqlite:///{default_data_dir() / 'hanse.sqlite3'}"


def _persistent_secret() -> str:
    """The key that signs cookies, kept in the data directory so restarts keep sessions valid."""
    path = default_data_dir() / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(32)
        path.write_text(key)
        path.chmod(0o600)
        return key


@dataclass(frozen=True)
class Settings:
    database_url: str = field(default_factory=default_database_url)
    redis_url: str | None = None
    secret_key: str = ""
    public_url: str | None = None  # the address invite links point to; else the request's
    bot_processes: int = 1
    max_body_bytes: int = 65_536
    submit_rate: int = 30  # moves per token and second
    login_rate: int = 10  # sign-in attempts per client address and minute
    signup_rate: int = 10  # accounts created per client address and hour
    chat_rate: int = 5  # messages per seat in any 10 seconds
    create_rate: int = 30  # tables created per client address and minute
    cookie_secure: bool = False
    # Behind a reverse proxy (docs/deploy.md): believe X-Forwarded-For/-Proto from these addresses
    # (commas; networks allowed; "*" trusts anyone), so limits count the real client and a request
    # that came in over https is known as one.
    proxy_headers: bool = False
    forwarded_allow_ips: str = "127.0.0.1"
    metrics: bool = False  # Prometheus metrics at /metrics (HANSE_METRICS=1)
    metrics_from: str = ""  # who besides loopback may read them: addresses, networks, commas
    sweep_seconds: float = 2.0  # how often bot seats are checked for a decision nobody took
    # How long a person may take over a decision before the other players may let a bot play
    # their seat (Board Game Arena's expulsion of a player out of time, Yucata's kick).
    live_turn_limit: float = 300.0  # seconds, at a live table
    async_turn_limit: float = 3 * 86_400.0  # seconds, at a table of one move a day
    vacation_days: int = 21  # days a year an account may be away (its one-move-a-day clocks stop)
    # Turn notices (notices.py, outbox_worker.py): e-mail through this SMTP server (none: off),
    # from this address; the outbox is looked at every `notice_poll_seconds`, a failed notice
    # tried again after `notice_retry_seconds`, doubled each time, `notice_tries` times in all.
    smtp_url: str | None = None
    mail_from: str = "Hanse <hanse@localhost>"
    notice_poll_seconds: float = 5.0
    notice_retry_seconds: float = 60.0
    notice_tries: int = 6
    notice_lease_seconds: float = 300.0
    remind_hours: float = 24.0  # the reminder before a one-move-a-day clock runs out
    # What one client can pile up (waiting.py, undo_limits.py): a table that has not started
    # within `waiting_days` expires; an account (a guest: an address) has at most `max_waiting`
    # open waiting tables; `undo_per_decision` take-backs per turn of a seat, `undo_rate` a
    # minute; a table's chat is kept `chat_days` after it ends. The sweep runs every
    # `upkeep_seconds`.
    waiting_days: float = 7.0
    max_waiting: int = 5
    undo_per_decision: int = 3
    undo_rate: int = 6
    chat_days: float = 90.0
    upkeep_seconds: float = 600.0
    # How often each worker looks for tournaments to start and rounds that are over
    # (tournament_rounds.py)
    tournament_seconds: float = 10.0
    # The ladder (ladder_pairing.py): programs entered and house bots are paired every
    # `ladder_seconds`, at most `ladder_tables` ladder tables playing at once on the server (its
    # share of it) and `ladder_per_program` for each program; a ladder table is live, with a
    # Fischer clock of `ladder_base` seconds and `ladder_increment` a move, so that a program
    # that stops moving loses its seat to a bot (and the game). House bots fill a program's
    # seats once it has waited `ladder_bot_after` seconds (one pass), so that programs entering
    # about together meet each other.
    ladder_seconds: float = 180.0
    ladder_bot_after: float = 180.0
    ladder_tables: int = 8
    ladder_per_program: int = 2
    ladder_base: float = 300.0
    ladder_increment: float = 5.0
    # Post-game analyses (analysis_jobs.py): search iterations per decision (0: each game's
    # default, about a quarter second of the hard search), in this many processes of their own,
    # run at a lower priority than the bots of live tables.
    analysis_budget: int = 0
    analysis_processes: int = 1

    def with_secret(self) -> Settings:
        return self if self.secret_key else replace(self, secret_key=_persistent_secret())

    def to_environ(self) -> dict[str, str]:
        """The settings as ``HANSE_*`` variables, for worker processes."""
        env = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                env[ENV_PREFIX + f.name.upper()] = str(value)
        return env

    @classmethod
    def from_environ(cls) -> Settings:
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = os.environ.get(ENV_PREFIX + f.name.upper())
            if raw is None:
                continue
            if f.type in ("int",):
                values[f.name] = int(raw)
            elif f.type in ("float",):
                values[f.name] = float(raw)
            elif f.type in ("bool",):
                values[f.name] = raw.lower() in ("1", "true", "yes")
            else:
                values[f.name] = raw
        return cls(**values)  # type: ignore[arg-type]
