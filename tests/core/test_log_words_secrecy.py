"""The log in words tells a viewer no more than the viewer's own text of the move (issue 16:
hidden information stays hidden on every screen). A viewer who saw a chance outcome or a move
only in part (Kogge's face-down "deal ?", Lübeck's "draw ?", Kogge's "start ?") never reads its
full words, even where the true state leaves only one possible outcome (a reserve holding only
7s): which outcomes are possible is itself hidden. Seeds chosen so that such forced deals occur
(the old "every alike outcome has the same words" test named the marker in 48 of them)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE
from hanse.games import make

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("kogge", 3, {}),
    ("kogge", 4, {"taxes": True, "kontor_trade": True, "conflicts": True, "memory": True}),
    ("kogge", 2, {"memory": True}),
    ("luebeck", 3, {}),
]


@pytest.mark.parametrize(("game_id", "players", "flags"), CONFIGS)
def test_a_partly_seen_event_never_reads_as_its_full_words(
    game_id: str, players: int, flags: dict[str, Any]
) -> None:
    game = make(game_id, players, **flags)
    viewers: list[int | None] = [*range(players), None]
    partly_seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(4000):
            actor = game.current_player(state)
            if actor < CHANCE:
                break
            if actor == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                action = rng.choice(game.legal_actions(state))
            notation = game.action_to_str(action)
            seen = [game.observe_action(state, actor, action, viewer) for viewer in viewers]
            said = game.log_said(state, actor, action, seen, viewers)
            full = game.log_phrase(state, actor, action)
            for text, words in zip(seen, said, strict=True):
                if text == notation or text.startswith(notation + " ("):
                    continue
                partly_seen += 1
                assert full is None or words != full.to_json(), (notation, text, words)
            game.apply_action(state, action)
    assert partly_seen > 0
