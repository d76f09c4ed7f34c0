"""The worths the easy bot's value (``heuristics.py``) and the search levels' (``prospects.py``)
share, in one place so that the two cannot drift apart (a test checks that they count a seat's
holdings alike)."""

from __future__ import annotations

DEVELOPMENT = (0.0, 15.0, 32.0, 52.0, 80.0, 200.0)
"""Worth of 0..5 development points; five win at once (Spielziel), so the last is a win's worth,
and the fourth and fifth weigh most."""
WIN = DEVELOPMENT[-1]
MARKER = 0.7
"""A marker pays for a step, a bid or a Kontor: a little worth each."""
MARGIN_SCALE = 30.0
"""A typical margin in points: the search squashes values by it."""
