"""The result with the score breakdown at the end (issue 16, "Table"): every game says a finished
game's score by part, the parts add up to the scores, and the pages translate every part."""

from __future__ import annotations

import random

import pytest
from babel.messages.pofile import read_po

from hanse.games import make
from hanse.web.i18n import LOCALE

GAMES = [("hansa", 2), ("kogge", 3), ("luebeck", 3), ("speicherstadt", 2), ("speicherstadt", 5)]


def _finished(game_id: str, players: int, seed: int) -> tuple[object, object]:
    game = make(game_id, players, **({"kaispeicher": True} if players == 5 else {}))
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not game.is_terminal(state):
        if game.current_player(state) < 0:
            outcomes = game.chance_outcomes(state)
            actions = [action for action, _ in outcomes]
            weights = [p for _, p in outcomes]
            game.apply_action(state, rng.choices(actions, weights)[0])
        else:
            legal = game.legal_actions(state)
            game.apply_action(state, legal[rng.randrange(len(legal))])
    return game, state


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_parts_add_up_to_the_scores_and_are_translated(game_id: str, players: int) -> None:
    labels: set[str] = set()
    for seed in range(3):
        game, state = _finished(game_id, players, seed)
        parts = game.score_breakdown(state)  # type: ignore[attr-defined]
        assert parts is not None and len(parts) == players
        scores = game.scores(state)  # type: ignore[attr-defined]
        assert [sum(seat.values()) for seat in parts] == scores
        assert all(list(seat) == list(parts[0]) for seat in parts)  # the same rows for all
        labels |= set(parts[0])
    for lang in ("de", "it"):
        with (LOCALE / lang / "LC_MESSAGES" / f"{game_id}.po").open("rb") as po:
            catalog = read_po(po)
        missing = [
            label for label in labels if not (catalog.get(label) and catalog.get(label).string)
        ]
        assert not missing, f"{lang}/{game_id}.po lacks {missing}"


def test_no_breakdown_before_the_end() -> None:
    game = make("kogge", 2)
    assert game.score_breakdown(game.new_initial_state()) is None
