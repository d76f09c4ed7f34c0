"""A table refuses every well-formed move that is not legal now with IllegalActionError naming
the rule (the API's 422), before anything about the move is observed, and changes nothing
(issue 15: bad input never harms a table). Kogge's log texts, asked about an illegal move
(a start choice during the bidding, a pile split by the wrong player), used to fail with an
IndexError, which the server would have answered with a 500."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanse.core.protocol import IllegalActionError
from hanse.env.codec import ActionCodec
from hanse.server.live_table import LiveTable, Seat

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("kogge", 3, {}),
    ("kogge", 4, {"taxes": True, "kontor_trade": True, "conflicts": True, "memory": True}),
    ("luebeck", 3, {}),
    ("hansa", 2, {}),
    ("speicherstadt", 3, {"kaispeicher": True}),
]


@pytest.mark.parametrize(("game_id", "players", "flags"), CONFIGS)
def test_every_illegal_move_is_refused_and_changes_nothing(
    game_id: str, players: int, flags: dict[str, Any]
) -> None:
    seats = [Seat(s, "human", None, f"P{s}", True) for s in range(players)]
    table = LiveTable("t", game_id, players, flags, "live", "public", "playing", seats)
    table.commit(table.state, table.resolve_chance(table.state))
    actions = ActionCodec(table.game).actions
    rng = random.Random(3)
    for move in range(240):
        decider = table.decider
        if decider is None:
            break
        state = table.state
        legal = set(table.game.legal_actions(state))
        if move % 12 == 0:
            before = state.clone()
            for action in actions:
                if action not in legal:
                    with pytest.raises(IllegalActionError):
                        table.step(state, decider, action)
            assert state == before
        copy = state.clone()
        moves = [table.step(copy, decider, rng.choice(sorted(legal, key=repr)))]
        table.commit(copy, moves + table.resolve_chance(copy))
