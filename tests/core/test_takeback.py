"""Taking a move back in a match (:meth:`Match.take_back`, the terminal's ``u``), by the rule the
web tables follow (:mod:`hanse.core.takeback`): the seat still decides; its own decisions since
the last move of another player or of chance, one at a time; never a move that showed it
something hidden."""

from __future__ import annotations

import random
import subprocess

import pytest

from hanse.core.match import Match
from hanse.core.protocol import CHANCE, IllegalActionError
from hanse.games import make


def _texts(match: Match) -> list[str]:
    return [match.game.action_to_str(a) for a in match.legal_actions()]


def test_a_seat_takes_back_its_moves_of_this_turn_one_at_a_time() -> None:
    """Kogge: a bid is laid one marker at a time; each marker laid may be taken back, and the
    match is as before it for the seat (view, log, record), its version moved on."""
    match = Match(make("kogge", 3), seed=4, keep_log=True)
    rng = random.Random(1)
    taken = 0
    for _ in range(400):
        if match.is_over() or taken >= 5:
            break
        seat = match.decider
        before_view, before_version = match.view(seat), match.version
        before_log, before_record = match.log(seat), list(match.record.actions)
        texts = [t for t in _texts(match) if t.startswith("bid ") and t != "bid done"]
        if not texts:
            match.submit(seat, rng.choice(_texts(match)))
            continue
        match.submit(seat, texts[0])
        if match.decider != seat or match.record.actions[-1][0] == CHANCE:
            continue
        match.take_back(seat)
        taken += 1
        assert match.view(seat) == before_view and match.log(seat) == before_log
        assert match.record.actions == before_record
        assert match.version == before_version + 2  # the move and its take-back
        with pytest.raises(IllegalActionError, match="stale"):
            match.submit(seat, texts[0], before_version + 1)
        match.submit(seat, rng.choice(_texts(match)))
    assert taken >= 5


def test_what_came_after_another_players_move_or_chance_stands() -> None:
    match = Match(make("luebeck", 3), seed=2, keep_log=True)
    seat = match.decider
    with pytest.raises(IllegalActionError, match="no move of yours"):
        match.take_back(seat)
    with pytest.raises(IllegalActionError, match="still decides"):
        match.take_back((seat + 1) % 3)
    for _ in range(30):
        if match.is_over():
            break
        mover = match.decider
        match.submit(mover, _texts(match)[0])
        if match.decider != mover or match.record.actions[-1][0] == CHANCE:
            version = match.version
            with pytest.raises(IllegalActionError):
                match.take_back(mover)
            assert match.version == version


def test_a_match_without_a_log_cannot_take_back() -> None:
    match = Match(make("hansa", 2), seed=1)
    with pytest.raises(ValueError, match="keep_log"):
        match.take_back(match.decider)


def test_the_terminal_takes_back_a_move_with_u() -> None:
    """``hanse play hansa``: a trader placed as the turn's first action, then ``u``: it is taken
    back; ``u`` again says there is nothing to take back."""
    place = next(t for t in _texts(Match(make("hansa", 2), seed=3)) if t.startswith("place"))
    result = subprocess.run(
        ["hanse", "play", "hansa", "--players", "2", "--seed", "3", "--save", "/dev/null"],
        input=f"{place}\nu\nu\nq\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Your last move is taken back." in result.stdout
    assert "not taken back:" in result.stderr and "no move of yours" in result.stderr
