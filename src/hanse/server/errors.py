"""The errors the API answers with: a status, a message that says what is wrong, extra fields."""

from __future__ import annotations

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
