"""Turn notices: what an account wants to be told, and the outbox rows that tell it.

An account may give an e-mail address (used only once confirmed by the link sent to it) and a
webhook URL, and choose per mode (a live table, a table of one move a day) to be told at once
("now"), in a daily digest ("digest") or not at all ("never").

A notice is an ``outbox`` row (DESIGN.md, "side effects leave through an outbox"):
:func:`queue_turn` writes it in the transaction that stores the move making a person decide, so a
crash loses no notice and a rolled-back move sends none; ``outbox_worker.py`` sends it. Only the
change of the decider to another seat is told: the sub-steps of one player's chain and the chance
between them are one decision to wait for.

Links in messages are signed tokens (:class:`Links`): a confirmation link proves the address is
read by its owner, an unsubscribe link works without signing in. Neither is stored.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from itsdangerous import BadSignature, URLSafeTimedSerializer

from hanse.server.errors import unprocessable as invalid
from hanse.server.models import DECIDER_SEAT, game_tables, notice_settings, outbox, seats

WHEN = ("now", "digest", "never")
CHANNELS = ("email", "webhook")
CONFIRM_SECONDS = 7 * 86_400  # how long a confirmation link works
MAX_EMAIL = 254
MAX_URL = 500


@dataclass(frozen=True)
class NoticeSettings:
    """An account's choices, as ``GET /api/me/notices`` shows them (never the webhook secret)."""

    email: str | None
    email_confirmed: bool
    webhook: str | None
    has_secret: bool
    live: str
    async_: str

    def to_json(self) -> dict[str, Any]:
        return {
            "email": self.email,
            "email_confirmed": self.email_confirmed,
            "webhook": self.webhook,
            "webhook_secret_set": self.has_secret,
            "live": self.live,
            "async": self.async_,
        }


NONE_SET = NoticeSettings(None, False, None, False, "never", "never")


def check_email(value: Any) -> str | None:
    """An address as given (trimmed), None for none; 422 for one that cannot be an address."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str) or len(value.strip()) > MAX_EMAIL:
        raise invalid(f"email is an address of at most {MAX_EMAIL} characters, or null")
    address = value.strip()
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or any(c.isspace() or c in '<>,;"' for c in address)
    ):
        raise invalid(f"email: {address!r} is not an e-mail address")
    return address


def check_webhook(value: Any) -> str | None:
    """A webhook URL (http or https, with a host), None for none; 422 for anything else."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str) or len(value.strip()) > MAX_URL:
        raise invalid(f"webhook is a URL of at most {MAX_URL} characters, or null")
    url = value.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        raise invalid(f"webhook: {url!r} is not a URL") from None
    if parts.scheme not in ("http", "https"):
        raise invalid(f"webhook: only http and https URLs are called, not {parts.scheme or url!r}")
    if not parts.hostname or any(c.isspace() for c in url):
        raise invalid(f"webhook: {url!r} names no host")
    return url


def check_when(name: str, value: Any) -> str:
    if value not in WHEN:
        raise invalid(f"{name} is one of {', '.join(WHEN)}, not {value!r}")
    return str(value)


class Links:
    """Signed links a message carries: confirm an address, unsubscribe it (no sign-in)."""

    def __init__(self, secret_key: str) -> None:
        self._confirm = URLSafeTimedSerializer(secret_key, salt="hanse-notice-confirm")
        self._unsubscribe = URLSafeTimedSerializer(secret_key, salt="hanse-notice-unsubscribe")

    def confirm_token(self, account_id: int, email: str) -> str:
        return str(self._confirm.dumps([account_id, email]))

    def unsubscribe_token(self, account_id: int, email: str) -> str:
        return str(self._unsubscribe.dumps([account_id, email]))

    def confirmed(self, token: str) -> tuple[int, str] | None:
        """The (account, address) a confirmation token stands for, if signed here and recent."""
        return self._read(self._confirm, token, CONFIRM_SECONDS)

    def unsubscribed(self, token: str) -> tuple[int, str] | None:
        """The (account, address) an unsubscribe token stands for (it never expires: an old
        message's link must still work)."""
        return self._read(self._unsubscribe, token, None)

    @staticmethod
    def _read(
        serializer: URLSafeTimedSerializer, token: str, max_age: int | None
    ) -> tuple[int, str] | None:
        try:
            account_id, email = serializer.loads(token, max_age=max_age)
        except (BadSignature, ValueError, TypeError):
            return None
        if not isinstance(account_id, int) or not isinstance(email, str):
            return None
        return account_id, email


def _row(conn: sa.Connection, account_id: int) -> Any:
    return conn.execute(
        sa.select(notice_settings).where(notice_settings.c.account_id == account_id)
    ).first()


def _settings_of(row: Any) -> NoticeSettings:
    if row is None:
        return NONE_SET
    return NoticeSettings(
        email=row.email,
        email_confirmed=bool(row.email_confirmed),
        webhook=row.webhook_url,
        has_secret=row.webhook_secret is not None,
        live=row.live,
        async_=row._mapping["async"],
    )


def queue(
    conn: sa.Connection,
    dedup: str,
    account_id: int,
    channel: str,
    kind: str,
    now: float,
    **more: Any,
) -> None:
    """An outbox row, once per `dedup` (a second cause of the same notice adds nothing)."""
    exists = conn.execute(sa.select(outbox.c.id).where(outbox.c.dedup == dedup)).first()
    if exists is not None:
        return
    conn.execute(
        outbox.insert().values(
            dedup=dedup,
            account_id=account_id,
            channel=channel,
            kind=kind,
            status="pending",
            tries=0,
            due_at=now,
            created_at=now,
            **more,
        )
    )


class NoticeBook:
    """Reads and changes an account's notice settings (synchronous: the server's threads)."""

    def __init__(self, engine: sa.Engine, now: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.now = now

    def settings(self, account_id: int) -> NoticeSettings:
        with self.engine.connect() as conn:
            return _settings_of(_row(conn, account_id))

    def change(
        self, account_id: int, body: dict[str, Any], lang: str, base_url: str
    ) -> tuple[NoticeSettings, str | None]:
        """Apply the fields given in `body` (the others stay). A new e-mail address starts
        unconfirmed and is sent a confirmation link; the language and address of the page
        the settings were saved from are those of the messages. The first webhook URL gets a
        signing secret, returned this once (None otherwise)."""
        with self.engine.begin() as conn:
            row = _row(conn, account_id)
            old = _settings_of(row)
            email = check_email(body["email"]) if "email" in body else old.email
            webhook = check_webhook(body["webhook"]) if "webhook" in body else old.webhook
            live = check_when("live", body["live"]) if "live" in body else old.live
            async_ = check_when("async", body["async"]) if "async" in body else old.async_
            confirmed = old.email_confirmed and email == old.email
            new_secret = (
                secrets.token_hex(32) if webhook is not None and not old.has_secret else None
            )
            values: dict[str, Any] = {
                "email": email,
                "email_confirmed": confirmed,
                "webhook_url": webhook,
                "live": live,
                "async": async_,
                "lang": lang,
                "base_url": base_url,
                "updated_at": datetime.now(UTC),
            }
            if new_secret is not None:
                values["webhook_secret"] = new_secret
            if row is None:
                conn.execute(notice_settings.insert().values(account_id=account_id, **values))
            else:
                conn.execute(
                    notice_settings.update()
                    .where(notice_settings.c.account_id == account_id)
                    .values(**values)
                )
            if email is not None and not confirmed:
                now = self.now()
                # A new request for the same address sends a new link (the old ones still work).
                queue(
                    conn,
                    f"confirm:{account_id}:{secrets.token_hex(8)}",
                    account_id,
                    "email",
                    "confirm",
                    now,
                    address=email,
                )
            return _settings_of(_row(conn, account_id)), new_secret

    def new_webhook_secret(self, account_id: int) -> str:
        """A new signing secret for the account's webhook, shown to its owner this once."""
        secret = secrets.token_hex(32)
        with self.engine.begin() as conn:
            updated = conn.execute(
                notice_settings.update()
                .where(notice_settings.c.account_id == account_id)
                .values(webhook_secret=secret)
            )
            if updated.rowcount != 1:
                raise invalid("save a webhook URL first")
        return secret

    def confirm(self, account_id: int, email: str) -> bool:
        """Mark the address confirmed if it is still the account's; whether it was."""
        with self.engine.begin() as conn:
            updated = conn.execute(
                notice_settings.update()
                .where(notice_settings.c.account_id == account_id, notice_settings.c.email == email)
                .values(email_confirmed=True)
            )
        return updated.rowcount == 1

    def unsubscribe(self, account_id: int, email: str) -> bool:
        """Forget the address (no more e-mail to it); whether it was still the account's."""
        with self.engine.begin() as conn:
            updated = conn.execute(
                notice_settings.update()
                .where(notice_settings.c.account_id == account_id, notice_settings.c.email == email)
                .values(email=None, email_confirmed=False)
            )
        return updated.rowcount == 1

    def failures(self, account_id: int, limit: int = 5) -> list[dict[str, Any]]:
        """The account's last notices given up on: when, how, to which table, and why."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(outbox)
                .where(outbox.c.account_id == account_id, outbox.c.status == "failed")
                .order_by(outbox.c.done_at.desc())
                .limit(limit)
            ).all()
        return [
            {
                "at": datetime.fromtimestamp(row.done_at or row.created_at, UTC).isoformat(),
                "channel": row.channel,
                "kind": row.kind,
                "table": row.table_id,
                "tries": row.tries,
                "error": row.last_error,
            }
            for row in rows
        ]


# What the account seated at a seat wants to be told (built once: a move runs it). A program's
# seat (``seats.bot_token``) tells its person nothing: the program follows its tables through the
# API, and a ladder's tables (``ladder_pairing.py``) would flood the person's inbox.
_WANTS = (
    sa.select(
        seats.c.account_id,
        notice_settings.c.email,
        notice_settings.c.email_confirmed,
        notice_settings.c.webhook_url,
        notice_settings.c.live,
        notice_settings.c["async"],
    )
    .join(notice_settings, notice_settings.c.account_id == seats.c.account_id)
    .where(seats.c.bot_token.is_(None))
)
_WANTS_AT_SEAT = _WANTS.where(
    seats.c.table_id == sa.bindparam("table_id"),
    seats.c.seat == sa.bindparam("seat"),
    seats.c.kind == "human",
)


def queue_turn(
    conn: sa.Connection,
    table_id: str,
    mode: str,
    old_decider: int | None,
    new_decider: int | None,
    version: int,
    now: float | None = None,
    signed_in: bool = True,
) -> None:
    """In the transaction storing a move: a notice for the person who decides next, if the
    decider changed to a human seat of an account that wants to be told at once in this mode.
    `version` is the table's version after the move: the notice is out of date once it moves.
    Not `signed_in`: the seat is nobody's account, who has nowhere to be told (nothing asked)."""
    if new_decider is None or new_decider == old_decider or not signed_in:
        return
    wants = conn.execute(_WANTS_AT_SEAT, {"table_id": table_id, "seat": new_decider}).first()
    if wants is None or wants._mapping[mode] != "now":
        return
    at = time.time() if now is None else now
    for channel in channels_of(wants):
        queue(
            conn,
            f"turn:{table_id}:{version}:{channel}",
            int(wants.account_id),
            channel,
            "turn",
            at,
            table_id=table_id,
            seat=new_decider,
            version=version,
        )


def queue_reminder(conn: sa.Connection, table_id: str, seat: int, version: int, now: float) -> None:
    """A reminder that `seat`'s time for the decision at `version` runs out, once per decision,
    by every channel of the account there, unless it wants nothing from such tables."""
    wants = conn.execute(
        _WANTS.where(
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.kind == "human",
        )
    ).first()
    if wants is None or wants._mapping["async"] == "never":
        return
    for channel in channels_of(wants):
        queue(
            conn,
            f"reminder:{table_id}:{version}:{channel}",
            int(wants.account_id),
            channel,
            "reminder",
            now,
            table_id=table_id,
            seat=seat,
            version=version,
        )


def channels_of(wants: Any) -> list[str]:
    """The channels a settings row can be told by (an address only once confirmed)."""
    found = []
    if wants.email is not None and wants.email_confirmed:
        found.append("email")
    if wants.webhook_url is not None:
        found.append("webhook")
    return found


def waiting_tables(conn: sa.Connection, account_id: int) -> list[Any]:
    """The playing tables where the account's seat decides: (id, game, mode, seat, version)."""
    return list(
        conn.execute(
            sa.select(
                game_tables.c.id,
                game_tables.c.game,
                game_tables.c.mode,
                game_tables.c.version,
                seats.c.seat,
            )
            .join(
                seats,
                DECIDER_SEAT,
            )
            .where(
                game_tables.c.status == "playing",
                seats.c.account_id == account_id,
                seats.c.kind == "human",
                seats.c.bot_token.is_(None),
            )
            .order_by(game_tables.c.updated_at)
        ).all()
    )
