"""Webhook calls: a JSON POST signed with the account's secret.

The body carries the notice's fields (``table``, ``game``, ``seat``, ``decision``, ``url``) and
the same words as chat services post them as is: ``content`` (Discord) and ``text`` (Slack). The
header ``X-Hanse-Signature: sha256=<hex>`` is the HMAC-SHA256 of the body's bytes under the
secret shown once on the account page, so the receiver can tell the call came from this server.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import orjson

SIGNATURE_HEADER = "X-Hanse-Signature"
CALL_SECONDS = 15.0


class WebhookError(RuntimeError):
    """A call that did not answer 2xx, said in one line (kept on the outbox row)."""


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


async def call(url: str, secret: str | None, fields: dict[str, Any]) -> None:
    body = orjson.dumps(fields)
    headers = {"Content-Type": "application/json", "User-Agent": "Hanse turn notices"}
    if secret is not None:
        headers[SIGNATURE_HEADER] = signature(secret, body)
    import httpx  # on the first call, not at every server start (most never make one)

    try:
        async with httpx.AsyncClient(timeout=CALL_SECONDS, follow_redirects=False) as client:
            response = await client.post(url, content=body, headers=headers)
    except httpx.HTTPError as error:
        said = (str(error).splitlines() or [type(error).__name__])[0]
        raise WebhookError(f"{url}: {said or type(error).__name__}"[:300]) from None
    if not 200 <= response.status_code < 300:
        raise WebhookError(f"{url}: HTTP {response.status_code}"[:300])
