"""Finite bounds of every number of an observation vector, for the envs' Box spaces.

The bounds follow from how the vectors are written. Every number is a flag, a one-hot or a seat
set (0 or 1: the positions :attr:`hanse.env.ObservationEncoder.units` names), or a count or
scalar the state encoder writes as a byte code over its position's divisor
(:mod:`hanse.env.sparse`, tested equal to the view encoding), so at most ``255 / divisor`` and at
least 0. Only points and coins may leave the byte (negative points after a fire, a score past
255): those segments (:data:`WIDE_SEGMENTS`) are bounded by the game's :data:`POINTS` over their
divisor.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from hanse.env.observation import ObservationEncoder
from hanse.env.sparse import SparseObservation

WIDE_SEGMENTS = {
    "luebeck": ("player.score",),
    "hansa": ("scores",),
    "speicherstadt": ("player.coins", "player.score", "player.end_points"),
}
"""The segments whose numbers a state encoder may write as extras (``code_or_extra``)."""

POINTS = {"luebeck": (-500, 1000), "hansa": (-100, 1000), "speicherstadt": (-100, 1000)}
"""The range of a seat's points (and Speicherstadt coins) in any game of the rules. Points are
lost only in Lübeck, a card's cost (at most 6) for each card discarded or left in hand at the end,
and a card reaches a hand at most once per pass through the deck (three passes of 60 cards costing
152 together: at most 456), and at Speicherstadt fires (four fires, 1 to 4 points: at most 10).
They are won from finite cards, cities and offices, far below 1000 (random play stays within -59
and 60)."""

_KNOWN: dict[tuple[str, int, str], tuple[bytes, bytes]] = {}
"""The bounds of each configuration met (game, players, flags)."""


def _bounds(encoder: ObservationEncoder) -> tuple[bytes, bytes]:
    game = encoder.game
    key = (game.game_id, game.num_players, repr(sorted(dict(game.flags).items())))
    known = _KNOWN.get(key)
    if known is None:
        known = _KNOWN[key] = _compute(encoder)
    return known


def _compute(encoder: ObservationEncoder) -> tuple[bytes, bytes]:
    divisors = _divisors(encoder)
    high = np.float32(255) / divisors
    low = np.zeros(encoder.size, dtype=np.float32)
    # One float32 step outward: a number divided in float64 and rounded may land past the
    # float32 division; flags and one-hots are exactly 0 or 1, and codes at least 0.
    high = np.nextafter(high, np.float32(np.inf))
    high[sorted(encoder.units)] = 1.0
    for name in WIDE_SEGMENTS.get(encoder.game.game_id, ()):
        for segment, start, size in encoder.layout:
            if segment == name or segment.partition("[")[0] == name:
                span = slice(start, start + size)
                least, most = POINTS[encoder.game.game_id]
                low[span] = np.nextafter(np.float32(least) / divisors[span], -np.inf)
                high[span] = np.nextafter(np.float32(most) / divisors[span], np.inf)
    return low.tobytes(), high.tobytes()


def _divisors(encoder: ObservationEncoder) -> np.ndarray[Any, np.dtype[np.float32]]:
    state_encoder = SparseObservation(encoder).state_encoder
    if state_encoder is None:
        raise ValueError(f"{encoder.game.game_id} has no state encoder to bound its numbers")
    return np.array(state_encoder.divisors, dtype=np.float32)


def observation_bounds(
    encoder: ObservationEncoder,
) -> tuple[np.ndarray[Any, np.dtype[np.float32]], np.ndarray[Any, np.dtype[np.float32]]]:
    """(low, high) of every number of the configuration's vector (float32, new arrays)."""
    low, high = _bounds(encoder)
    return np.frombuffer(low, np.float32).copy(), np.frombuffer(high, np.float32).copy()


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """The Box of one observation vector, with its finite bounds."""
    low, high = observation_bounds(encoder)
    return spaces.Box(low, high, dtype=np.float32)


def agent_observation_space(encoder: ObservationEncoder, action_size: int) -> spaces.Dict:
    """The Dict space of one agent: the observation vector and the action mask."""
    return spaces.Dict(
        {
            "observation": observation_box(encoder),
            "action_mask": spaces.Box(0, 1, shape=(action_size,), dtype=np.int8),
        }
    )
