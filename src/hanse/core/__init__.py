"""Game-agnostic core of Hanse: the protocol, the match driver, records and the conformance suite.

Standard library only (DESIGN.md, "Layout").
"""

from hanse.core.game import GameBase, top_seats, win_returns
from hanse.core.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Flag,
    Game,
    IllegalActionError,
    State,
    View,
    decider_json,
    uniform,
)
from hanse.core.state import GameState

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Flag",
    "Game",
    "GameBase",
    "GameState",
    "IllegalActionError",
    "State",
    "View",
    "decider_json",
    "top_seats",
    "uniform",
    "win_returns",
]
