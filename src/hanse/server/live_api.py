"""The live connection of a table (``/api/tables/{id}/live``): the table as the caller may see
it, then after every change, and the table's chat as it is written."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from hanse.server import private
from hanse.server.callers import caller_seat, service_of
from hanse.server.errors import DATABASE_AWAY, SERVICE_AWAY, TRY_AGAIN_LATER, ApiError, forbidden
from hanse.server.tables import TableService

router = APIRouter(prefix="/api")


# -- live --------------------------------------------------------------------------------------
def _same_origin(websocket: WebSocket) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


@router.websocket("/tables/{table_id}/live")
async def live(websocket: WebSocket, table_id: str) -> None:
    """The table as the caller may see it, first at once, then after every change.

    Each message has the shape of ``GET /api/tables/{id}``; after the first, ``log`` holds only
    the entries from ``log_start`` on, which the client has not seen yet. A move taken back
    leaves the log, and its take-back stands last: ``log_start`` is then below the end of the
    entries the client holds, and those from ``log_start`` on are replaced by the message's (the
    connection remembers the number, ``seq``, of the last entry it sent). What the people at the
    table write comes
    as ``{"chat": [...], "history": bool}`` (the shape of ``GET /api/tables/{id}/chat``): the
    last messages right after the first message (``history``), then each new one.
    """
    service = service_of(websocket)
    try:
        if websocket.cookies and not _same_origin(websocket):
            raise forbidden("a live connection signed in by cookie must come from this site")
        seat = await caller_seat(websocket, table_id, unsafe=False)
        await private.check_watcher(websocket, table_id, seat)
        payload = await run_in_threadpool(service.read, table_id, seat, 0)
    except ApiError as error:
        await websocket.close(code=4000 + error.status, reason=error.message[:120])
        return
    except SERVICE_AWAY:
        await websocket.close(code=TRY_AGAIN_LATER, reason=DATABASE_AWAY[:120])
        return
    await websocket.accept()
    # A program's seat is asked for again before anything more is sent: its bot token may be
    # revoked meanwhile, which ends its access to the seat (bot_tokens.py)
    program = seat is not None and bool(payload["seats"][seat]["program"])
    events = websocket.app.state.events
    queue = events.subscribe(table_id)
    receiver = asyncio.create_task(_drain(websocket))
    try:
        await websocket.send_text(orjson.dumps(payload).decode())
        seen = _fingerprint(payload)
        held = _last_seq(payload, 0)
        chat_next = await _send_chat(websocket, service, table_id, 0, history=True)
        while True:
            waiting = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({waiting, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                waiting.cancel()
                return
            seq, chatted = waiting.result()
            if program and not await _still_seated(websocket, table_id):
                return
            if chatted:
                chat_next = await _send_chat(websocket, service, table_id, chat_next)
            if seq < 0:  # a message alone
                continue
            cached = service.read_cached(table_id, seat, held, seq)
            if cached is None:
                cached = await run_in_threadpool(service.read_after, table_id, seat, held, seq)
            payload = cached
            if _fingerprint(payload) != seen:
                await websocket.send_text(orjson.dumps(payload).decode())
                seen = _fingerprint(payload)
                held = _last_seq(payload, held)
    except (WebSocketDisconnect, RuntimeError):
        return
    except SERVICE_AWAY:  # the client connects again later and is sent the table afresh
        with contextlib.suppress(RuntimeError):
            await websocket.close(code=TRY_AGAIN_LATER, reason=DATABASE_AWAY[:120])
    finally:
        events.unsubscribe(table_id, queue)
        receiver.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await receiver


async def _still_seated(websocket: WebSocket, table_id: str) -> bool:
    """Whether the connection's credential still holds its seat; if not, the connection is
    closed saying why (4401 for a revoked program's seat)."""
    try:
        await caller_seat(websocket, table_id, unsafe=False)
    except ApiError as error:
        await websocket.close(code=4000 + error.status, reason=error.message[:120])
        return False
    return True


async def _send_chat(
    websocket: WebSocket, service: TableService, table_id: str, after: int, history: bool = False
) -> int:
    """Send the table's messages after number `after`, if any (`history`: the chat so far, sent
    when a connection opens); the last number sent."""
    messages = await run_in_threadpool(service.chat, table_id, after)
    if messages:
        said: dict[str, Any] = {"chat": messages, "history": history}
        await websocket.send_text(orjson.dumps(said).decode())
        return int(messages[-1]["number"])
    return after


def _last_seq(payload: dict[str, Any], held: int) -> int:
    """The number of the last log entry a client holds once it has `payload` (a log never
    goes back without a new entry after it: a take-back is one)."""
    return int(payload["log"][-1]["seq"]) if payload["log"] else held


def _fingerprint(payload: dict[str, Any]) -> tuple[Any, ...]:
    taken = tuple((seat["taken"], seat["kind"]) for seat in payload["seats"])
    log_end = payload["log_start"] + len(payload["log"])
    return payload["version"], payload["status"], log_end, taken, payload["rematch"]


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
