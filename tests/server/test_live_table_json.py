"""A table's API answer carries its log already serialised (issue 32: serialising the whole log at
every read was a tenth of the server's time per move): the bytes are exactly those of the log
as a list, for every viewer, from any entry, while the log grows."""

from __future__ import annotations

import random

import orjson
import pytest

from hanse.games import REGISTRY
from hanse.server.json_response import OrjsonResponse
from hanse.server.live_table import LiveTable, Seat


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_serialised_log_is_the_log_for_every_viewer_as_it_grows(game_id: str) -> None:
    players = 3
    seats = [Seat(n, "human", None, f"P{n}", True, n + 1) for n in range(players)]
    live = LiveTable("t1", game_id, players, {}, "async", "private", "playing", seats)
    live.now = lambda: 1_000_000.0  # the payload says when it was made
    rng = random.Random(5)
    state = live.state.clone()
    live.commit(state, live.resolve_chance(state))
    for moves in range(40):
        if live.is_over:
            break
        seat = live.decider
        assert seat is not None
        state = live.state.clone()
        made = [live.step(state, seat, rng.choice(live.game.legal_actions(state)))]
        live.commit(state, made + live.resolve_chance(state))
        if moves % 7:
            continue
        for viewer in [None, *range(players)]:
            for start in (0, 1, len(live.entries) // 2, len(live.entries), len(live.entries) + 3):
                plain = live.payload(viewer, start)
                fast = live.payload(viewer, start, log_json=True)
                assert isinstance(fast["log"], orjson.Fragment)
                rendered = OrjsonResponse(fast).body
                assert orjson.loads(rendered) == orjson.loads(orjson.dumps(plain))
                assert rendered == OrjsonResponse(plain).body
