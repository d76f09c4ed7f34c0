"""Where the turn notice tests receive what the server sends: an SMTP sink (aiosmtpd) and a
webhook receiver (the standard library's HTTP server), both on loopback in the test process."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller

from tests.server.server_process import free_port


@dataclass
class SmtpSink:
    """Accepts every message for any address and keeps it (parsed) in `messages`."""

    port: int = field(default_factory=free_port)
    messages: list[EmailMessage] = field(default_factory=list)
    _controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> SmtpSink:
        sink = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd calls it so)
                parsed = message_from_bytes(envelope.content, policy=policy.default)
                assert isinstance(parsed, EmailMessage)
                sink.messages.append(parsed)
                return "250 OK"

        self._controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]

    def wait_for(
        self, check: Callable[[], bool], timeout: float = 30.0, what: str = "a message"
    ) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return
            time.sleep(0.05)
        raise AssertionError(
            f"no {what} within {timeout} s: {[m['Subject'] for m in self.messages]}"
        )


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link(message: EmailMessage, path: str) -> str:
    """The message's link to `path` (e.g. "/notices/confirm")."""
    found = re.search(rf"(https?://\S+{re.escape(path)}\S*)", body(message))
    assert found, body(message)
    return found.group(1)


@dataclass
class WebhookReceiver:
    """Answers each POST with the next of `statuses` (then `then`), keeping every call."""

    statuses: list[int] = field(default_factory=list)
    then: int = 200
    calls: list[tuple[dict[str, str], bytes, int]] = field(default_factory=list)
    port: int = field(default_factory=free_port)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self) -> WebhookReceiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                sent = self.rfile.read(length)
                status = receiver.statuses.pop(0) if receiver.statuses else receiver.then
                receiver.calls.append((dict(self.headers.items()), sent, status))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                """Quiet: a test's output shows no line per request."""

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
