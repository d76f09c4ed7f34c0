"""The analysis judges a decision from the deciding seat's information only: the same decision
with everything that seat could not know re-dealt (``resample_hidden``: another true state, the
same view) is judged exactly alike for the same seed. A search that read the true state would
not be: the last test shows that this check catches one. Lübeck (hands, the deck) and Kogge
(secret holdings, face-down markers, start choices) hide parts of the state; in Hansa Teutonica and
Die Speicherstadt what nobody knows is only what chance draws later, so no state hides anything
(their ``resample_hidden`` is the identity)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanse.analysis import evaluate_decision
from hanse.core.match import iter_replay
from hanse.games import make
from tests.analysis.records import recorded

SECRETIVE = ["luebeck", "kogge"]
BUDGET = {"luebeck": 40, "kogge": 8}


def _decisions_with_secrets(game_id: str, limit: int) -> list[tuple[int, int, Any, Any]]:
    """(step, seat, action, state before it) of decisions with a choice where re-dealing what
    the seat cannot see changes what another seat sees: there is something hidden to misuse."""
    record = recorded(game_id)
    game = make(game_id, record.num_players)
    found = []
    state = game.new_initial_state()
    for step, (player, action, after) in enumerate(iter_replay(record, game), start=1):
        if player >= 0 and len(game.legal_actions(state)) > 1 and _hides(game, state, player):
            found.append((step, player, action, state))
            if len(found) == limit:
                break
        state = after.clone()
    return found


def _hides(game: Any, state: Any, seat: int) -> bool:
    other = (seat + 1) % game.num_players
    redealt = game.resample_hidden(state, seat, random.Random(99))
    return bool(game.view(redealt, other) != game.view(state, other))


def _judged(game: Any, state: Any, seat: int, action: Any, step: int, budget: int) -> Any:
    return evaluate_decision(game, state, seat, action, step, budget, random.Random(step))


@pytest.mark.parametrize("game_id", SECRETIVE)
def test_redealt_hidden_parts_leave_the_judgement_unchanged(game_id: str) -> None:
    game = make(game_id, 3)
    decisions = _decisions_with_secrets(game_id, 3)
    assert decisions, f"{game_id}: no decision with something hidden from another seat"
    for step, seat, action, state in decisions:
        judged = _judged(game, state, seat, action, step, BUDGET[game_id])
        for deal in range(3):
            redealt = game.resample_hidden(state, seat, random.Random(deal))
            assert game.view(redealt, seat) == game.view(state, seat)
            assert _judged(game, redealt, seat, action, step, BUDGET[game_id]) == judged


@pytest.mark.parametrize("game_id", SECRETIVE)
def test_a_search_reading_the_true_state_would_be_caught(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: let determinize hand the search the true state (as a cheating analysis
    would see it); then some re-deal changes some judgement, so the test above has teeth."""
    game = make(game_id, 3)
    decisions = _decisions_with_secrets(game_id, 6)
    changed = 0
    truth: dict[str, Any] = {}
    monkeypatch.setattr(game, "determinize", lambda view, rng: truth["state"].clone())
    for step, seat, action, state in decisions:
        truth["state"] = state
        judged = _judged(game, state, seat, action, step, BUDGET[game_id])
        for deal in range(3):
            truth["state"] = game.resample_hidden(state, seat, random.Random(deal))
            if _judged(game, truth["state"], seat, action, step, BUDGET[game_id]) != judged:
                changed += 1
    assert changed > 0
