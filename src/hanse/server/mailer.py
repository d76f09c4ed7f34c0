"""E-mail out through the SMTP server of ``HANSE_SMTP_URL``, with aiosmtplib (never blocking the
event loop).

The URL says how: ``smtp://user:password@host:587?starttls=1`` (plain connection upgraded by
STARTTLS, the usual submission port), ``smtps://user:password@host:465`` (TLS from the start),
``smtp://host:25`` (no login, e.g. a local relay). User and password are percent-encoded in the
URL. Without a URL the server sends no e-mail and says so once at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from urllib.parse import parse_qs, unquote, urlsplit

SEND_SECONDS = 30.0  # an SMTP server slower than this is tried again later


class MailError(RuntimeError):
    """An e-mail not handed over, said in one line (kept on the outbox row)."""


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    tls: bool  # TLS from the start (smtps)
    starttls: bool
    user: str | None
    password: str | None

    @classmethod
    def from_url(cls, url: str) -> SmtpServer:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(
                "HANSE_SMTP_URL is smtp://[user:password@]host[:port][?starttls=1] or smtps://..."
            )
        query = parse_qs(parts.query)
        starttls = query.get("starttls", ["0"])[0].lower() in ("1", "true", "yes")
        tls = parts.scheme == "smtps"
        return cls(
            host=parts.hostname,
            port=parts.port or (465 if tls else 587 if starttls else 25),
            tls=tls,
            starttls=starttls and not tls,
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )


class Mailer:
    """Sends one message at a time to its SMTP server, from `sender`."""

    def __init__(self, url: str, sender: str) -> None:
        self.server = SmtpServer.from_url(url)
        self.sender = sender

    async def send(self, to: str, subject: str, body: str, unsubscribe: str | None) -> None:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        domain = parseaddr(self.sender)[1].rpartition("@")[2]
        message["Message-ID"] = make_msgid(domain=domain or None)
        if unsubscribe is not None:
            # RFC 8058: a mail program's own "unsubscribe" button posts to this address.
            message["List-Unsubscribe"] = f"<{unsubscribe}>"
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(body)
        import aiosmtplib  # on the first message, not at every server start (most send none)

        server = self.server
        try:
            await aiosmtplib.send(
                message,
                hostname=server.host,
                port=server.port,
                username=server.user,
                password=server.password,
                use_tls=server.tls,
                start_tls=server.starttls,
                timeout=SEND_SECONDS,
            )
        except (aiosmtplib.SMTPException, OSError) as error:
            said = (str(error).splitlines() or [type(error).__name__])[0]
            raise MailError(f"SMTP {server.host}:{server.port}: {said}"[:300]) from None
