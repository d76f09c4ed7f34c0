"""Secrets, tokens, passwords and cookies.

- Invite secrets and seat/session tokens are 192-bit random URL-safe strings. Only their SHA-256
  digests are stored: a high-entropy secret needs no slow hash, and a database leak gives no seat.
- Account passwords are hashed with argon2 (argon2-cffi's defaults).
- Cookies hold a token signed with the server's key (itsdangerous), so a cookie cannot be forged or
  swapped for another table's even by someone who can set cookies on the domain.
- CSRF: a request authenticated by a cookie that changes anything must carry the ``X-CSRF-Token``
  header equal to the ``hanse_csrf`` cookie (double submit); a cross-site page can send the cookie
  but cannot read it. Bearer tokens need no such header.
- Cookies are ``Secure`` (sent over https only) when asked, when the public URL is https, or when
  the request itself came over https, directly or through a trusted proxy's X-Forwarded-Proto.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer

TOKEN_BYTES = 24  # 192 bits, above the 128 the design asks for
CSRF_COOKIE = "hanse_csrf"
CSRF_HEADER = "X-CSRF-Token"
SESSION_COOKIE = "hanse_session"
_passwords = PasswordHasher()


def new_secret() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def hash_password(password: str) -> str:
    return _passwords.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _passwords.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def seat_cookie_name(table_id: str) -> str:
    """One cookie per table, so a browser can sit at several tables at once."""
    return f"hanse_seat_{table_id}"


class CookieSigner:
    def __init__(self, key: str) -> None:
        self._serializer = URLSafeSerializer(key, salt="hanse-cookie")

    def sign(self, name: str, token: str) -> str:
        return self._serializer.dumps([name, token])

    def unsign(self, name: str, value: str) -> str | None:
        """The token in a cookie value, or None when it was not signed here for this cookie."""
        try:
            signed_name, token = self._serializer.loads(value)
        except (BadSignature, ValueError, TypeError):
            return None
        if signed_name != name or not isinstance(token, str):
            return None
        return token


def same_secret(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def cookies_secure(always: bool, public_url: str | None, scheme: str) -> bool:
    """Whether cookies set in answer to a request over `scheme` get the ``Secure`` flag: a site
    served over https must never let a session token travel in the clear, also when a person
    once types its http address."""
    return always or scheme in ("https", "wss") or (public_url or "").lower().startswith("https:")
