"""Sign-in throttling that slows a password guesser without locking the account's owner out.

Refusing a *name* after some wrong passwords (as the server once did) lets anyone lock any
account: ten wrong guesses from anywhere and its owner cannot sign in. Instead (as OWASP's
authentication cheat sheet advises), wrong passwords are counted per name *and address*, and per
address: after a few free failures, each further attempt from there waits a delay that doubles
with every failure (1 s, 2 s, 4 s, ... up to 15 minutes), answered 429 with ``Retry-After``.
The owner, signing in from another address, is never held up by a guesser; a right password
clears its (name, address) count. How many attempts an address may make a minute, and how many
accounts it may create an hour, are the separate limits of ``api.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hanse.server.errors import RefusalError
from hanse.server.limits import RateLimiter


@dataclass(frozen=True)
class Throttle:
    """After `free` failures, attempt n+1 waits `first_delay * 2**(n - free)` s (at most
    `longest_delay`) after failure n; counts are forgotten `forget` s after the last failure."""

    free: int
    first_delay: float = 1.0
    longest_delay: float = 900.0
    forget: float = 24 * 3600.0

    def delay(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return min(self.first_delay * 2.0 ** (failures - self.free), self.longest_delay)


DELAY = "too many wrong passwords from this address; try again in {seconds} s"
BY_NAME_AND_ADDRESS = Throttle(free=5)
BY_ADDRESS = Throttle(free=20)  # one address guessing at many names


class SignInGuard:
    def __init__(self, limiter: RateLimiter) -> None:
        self.limiter = limiter

    @staticmethod
    def _keys(name: str, address: str) -> list[tuple[str, Throttle]]:
        return [
            (f"signin:{address}:{name}", BY_NAME_AND_ADDRESS),
            (f"signin:{address}", BY_ADDRESS),
        ]

    async def check(self, name: str, address: str) -> None:
        """A 429 saying how long to wait, while a delay earned by failures has not passed."""
        wait = 0.0
        for key, throttle in self._keys(name, address):
            failures, last = await self.limiter.failures(key)
            wait = max(wait, last + throttle.delay(failures) - self.limiter.now())
        if wait > 0:
            seconds = math.ceil(wait)
            raise RefusalError(
                429,
                "signin_delay",
                DELAY,
                {"seconds": seconds},
                retry_after=seconds,
            )

    async def failed(self, name: str, address: str) -> None:
        for key, throttle in self._keys(name, address):
            await self.limiter.add_failure(key, throttle.forget)

    async def succeeded(self, name: str, address: str) -> None:
        """The right password: this address's failures at this name no longer count (those at
        other names still do)."""
        await self.limiter.clear_failures(f"signin:{address}:{name}")
