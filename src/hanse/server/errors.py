"""The errors the API answers with: a status, a message that says what is wrong, extra fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import redis.exceptions
import sqlalchemy as sa


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"detail": self.message, **self.extra}


class RefusalError(ApiError):
    """A refusal a person meets on a page (a limit reached, a name not allowed): besides its
    English ``detail``, its body carries a stable ``code`` for programs and ``message``, the
    same words in the reader's language (the page's language cookie, else the browser's
    Accept-Language: :func:`said`), which the pages' scripts show. `template` is the English
    words with ``{fields}``, also the catalogs' message id."""

    def __init__(
        self, status: int, code: str, template: str, fields: Mapping[str, Any], **extra: Any
    ) -> None:
        super().__init__(status, template.format(**fields), code=code, **extra)
        self.code = code
        self.template = template
        self.fields = dict(fields)

    def said(self, gettext: Callable[[str], str]) -> str:
        """The refusal's words through `gettext` (a language's catalog)."""
        return gettext(self.template).format(**self.fields)


def not_found(what: str) -> ApiError:
    return ApiError(404, f"no such {what}")


def unauthorized(message: str = "unknown or expired token") -> ApiError:
    return ApiError(401, message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def conflict(message: str, **extra: Any) -> ApiError:
    return ApiError(409, message, **extra)


def unprocessable(message: str) -> ApiError:
    return ApiError(422, message)


DATABASE_AWAY = "the server cannot reach its database right now; try again in a moment"
REDIS_AWAY = "the server cannot reach Redis right now; try again in a moment"
"""The messages of a 503 (``app.py``): a service the request needs did not answer."""

SERVICE_AWAY: tuple[type[Exception], ...] = (
    sa.exc.OperationalError,
    sa.exc.InterfaceError,
    sa.exc.TimeoutError,  # no pooled connection came free in time
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
"""What a call raises when the database or Redis does not answer: a 503, not a 500."""
TRY_AGAIN_LATER = 1013
"""The WebSocket close code for a service away (RFC 6455's registry: "Try Again Later")."""
