"""The clocks as the table's page shows them: every seat's time left, in the reader's language,
the one deciding counting down (``turn_notice.js``'s ``runClock``), low time in red."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LOW_LIVE = 60.0  # seconds: a live clock's last minute is low
LOW_PART_PER_MOVE = 0.25  # a one-move-a-day clock's last quarter is low


def clock_text(seconds: float, days_format: str) -> str:
    """Time left as a clock shows it: 4:05, 1:02:03, or in days ("2 d 03:15", `days_format`
    holding {days} and {time} in the reader's language); as ``runClock`` writes it too."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, secs = divmod(rest, 60)
    if days:
        return days_format.format(days=days, time=f"{hours}:{minutes:02d}")
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def seat_clocks(payload: dict[str, Any], translate: Callable[[str], str]) -> list[Any]:
    """Per seat, what its clock shows (None: no clock, or a bot plays it): seconds left, the text,
    whether it runs now, and under how many seconds it is low."""
    clocks = payload.get("clocks") or {}
    control = clocks.get("control")
    if not control:
        return [None] * payload["players"]
    days_format = translate("{days} d {time}")
    low = LOW_LIVE if control.get("base") else LOW_PART_PER_MOVE * float(control["per_move"])
    shown: list[Any] = []
    for seat, seconds in enumerate(clocks["seconds"]):
        if seconds is None:
            shown.append(None)
            continue
        shown.append(
            {
                "seconds": seconds,
                "text": clock_text(seconds, days_format),
                # A clock standing while its person is on vacation does not count down.
                "running": clocks["running"] == seat
                and payload["status"] == "playing"
                and not clocks.get("away"),
                "low": seconds < low,
                "low_below": low,
                "days_format": days_format,
            }
        )
    return shown
