"""A worker's background task that runs from the server's start to its stop (the outbox's
sender, the upkeep sweep): started in the app's lifespan, cancelled and awaited at its end."""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod


class BackgroundTask(ABC):
    """`_run` in a task of the event loop, from :meth:`start` until :meth:`stop`."""

    _task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @abstractmethod
    async def _run(self) -> None: ...
