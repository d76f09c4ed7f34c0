"""Match, records and replay (issue 2; DESIGN.md, "Drivers on the protocol")."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanse.bots import RandomBot
from hanse.core import CHANCE, TERMINAL, IllegalActionError
from hanse.core.match import Match, child, iter_replay, play, replay, replay_final
from hanse.core.record import MatchRecord, RecordError
from hanse.core.testing import walk_choices
from tests.core.tiny_game import Draw, Play, TinyGame


def test_chance_is_resolved_before_the_first_decision() -> None:
    match = Match(TinyGame(2), seed=1)
    assert match.decider == 0
    deals = [text for player, text in match.record.actions if player == CHANCE]
    assert len(deals) == 4 and all(t.startswith("deal ") for t in deals)
    assert match.version == 0


def test_submit_applies_bumps_the_version_and_records() -> None:
    match = Match(TinyGame(2), seed=1)
    text = TinyGame(2).action_to_str(match.legal_actions()[0])
    match.submit(0, text, version=0)
    assert match.version == 1
    assert match.record.actions[4] == (0, text)


@pytest.mark.parametrize(
    ("seat", "text", "version", "message"),
    [
        (1, "draw", 0, "seat 0's decision"),
        (0, "draw", 5, "stale move"),
        (0, "fly away", 0, "not a Tiny action"),
        (0, "play 9", 0, "not a Tiny action"),
        ("0", "draw", 0, "not seat '0'"),
    ],
)
def test_bad_submissions_change_nothing(
    seat: object, text: str, version: int, message: str
) -> None:
    match = Match(TinyGame(2), seed=1)
    before = match.state.clone()
    actions = list(match.record.actions)
    with pytest.raises(IllegalActionError, match=message):
        match.submit(seat, text, version)  # type: ignore[arg-type]
    assert match.state == before
    assert match.record.actions == actions
    assert match.version == 0


def test_an_illegal_action_names_the_decision_and_changes_nothing() -> None:
    game = TinyGame(2)
    match = Match(game, seed=1)
    hand = match.state.hands[0]
    missing = next(v for v in (1, 2, 3, 4) if v not in hand)
    before = match.state.clone()
    with pytest.raises(IllegalActionError, match="not legal now"):
        match.submit(0, f"play {missing}")
    assert match.state == before


def test_a_finished_match_refuses_every_action() -> None:
    game = TinyGame(2)
    record = play(game, [RandomBot(), RandomBot()], random.Random(4))
    match = Match(game, seed=record.seed)
    for player, text in record.decisions():
        match.submit(player, text)
    assert match.is_over() and match.decider == TERMINAL
    with pytest.raises(IllegalActionError, match="game is over"):
        match.submit(0, "pass")


def test_a_match_replayed_by_its_seed_makes_the_same_chance() -> None:
    game = TinyGame(3)
    record = play(game, [RandomBot()] * 3, random.Random(7))
    match = Match(game, seed=record.seed)
    for player, text in record.decisions():
        match.submit(player, text, match.version)
    assert match.finish().actions == record.actions
    assert match.record.scores == record.scores


def test_play_is_deterministic_given_its_rng() -> None:
    game = TinyGame(3)
    first = play(game, [RandomBot()] * 3, random.Random(11))
    second = play(game, [RandomBot()] * 3, random.Random(11))
    assert first == second
    assert first.scores is not None and first.winners


def test_record_round_trips_through_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = play(TinyGame(2), [RandomBot(), RandomBot()], random.Random(3))
    path = tmp_path / "game.json"
    record.save(path)
    loaded = MatchRecord.load(path)
    assert loaded == record
    assert json.loads(path.read_text())["format"] == "hanse-record/1"


def test_replay_rebuilds_every_state_without_an_rng() -> None:
    game = TinyGame(2)
    record = play(game, [RandomBot(), RandomBot()], random.Random(5))
    states = replay(record, game)
    assert len(states) == len(record.actions) + 1
    assert game.is_terminal(states[-1])
    assert game.scores(states[-1]) == record.scores
    assert replay_final(record, game) == states[-1]
    # each state is the child of the one before it
    for before, after, (_, text) in zip(states[:-1], states[1:], record.actions, strict=True):
        assert child(game, before, game.action_from_str(text)) == after


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "broken or cut-off JSON"),
        ('{"format": "other"}', "not a Hanse record"),
        ('{"format": "hanse-record/1", "game": "tiny"}', "malformed"),
    ],
)
def test_malformed_record_files_are_refused(tmp_path, content: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        MatchRecord.load(path)


def test_a_record_with_a_wrong_action_does_not_replay() -> None:
    game = TinyGame(2)
    record = play(game, [RandomBot(), RandomBot()], random.Random(5))
    first_decision = next(i for i, (p, _) in enumerate(record.actions) if p >= 0)
    broken = MatchRecord(record.game_id, 2, {}, record.seed, list(record.actions))
    broken.actions[first_decision] = (1, broken.actions[first_decision][1])
    with pytest.raises(RecordError, match="recorded for player 1"):
        list(iter_replay(broken, game))
    broken.actions[first_decision] = (0, "play 9")
    with pytest.raises(RecordError, match="does not replay"):
        replay(broken, game)


def test_child_leaves_the_parent_untouched() -> None:
    game = TinyGame(2)
    state = Match(game, seed=2).state
    before = state.clone()
    after = child(game, state, Draw())
    assert state == before and after != before


def test_the_log_hides_other_seats_deals() -> None:
    match = Match(TinyGame(2), seed=3, keep_log=True)
    seat0 = match.log(0)
    seat1 = match.log(1)
    assert seat0[0][1].startswith("deal ") and seat0[0][1] != "deal ?"
    assert seat1[0][1] == "deal ?"  # the first card goes to seat 0
    assert all(text == "deal ?" for _, text in match.log(None))


def test_returns_share_the_win() -> None:
    game = TinyGame(2)
    state = game.new_initial_state()
    state.deck = [0, 0, 0, 0]
    state.to_deal = 0
    state.scores = [5, 5]
    assert game.is_terminal(state)
    assert game.winners(state) == [0, 1]
    assert game.returns(state) == [0.0, 0.0]
    state.scores = [6, 5]
    assert game.returns(state) == [1.0, -1.0]


@given(st.integers(2, 3), st.lists(st.integers(0, 50), max_size=80))
def test_hypothesis_walks_keep_the_protocol(players: int, choices: list[int]) -> None:
    walk_choices(TinyGame(players), choices)


def test_playing_a_card_moves_it_to_the_discard() -> None:
    game = TinyGame(2)
    match = Match(game, seed=1)
    value = match.state.hands[0][0]
    match.apply(0, Play(value))
    assert match.state.discard == [value]
    assert match.state.scores[0] == value


def test_a_logged_match_refuses_an_illegal_action_before_observing_it() -> None:
    match = Match(TinyGame(2), seed=1, keep_log=True)
    missing = next(v for v in (1, 2, 3, 4) if v not in match.state.hands[0])
    before = match.state.clone()
    log = match.log(0)
    with pytest.raises(IllegalActionError):
        match.apply(0, Play(missing))
    assert match.state == before and match.log(0) == log


@pytest.mark.parametrize(
    "obj",
    [
        {"kind": "play", "value": True},
        {"kind": "play", "value": 2.0},
        {"kind": "play", "value": None},
        {"kind": "play", "value": [1, False]},
        {"kind": "play"},
        {"kind": "fly"},
        ["play", 1],
    ],
)
def test_malformed_json_actions_are_refused(obj: object) -> None:
    with pytest.raises(IllegalActionError):
        TinyGame(2).action_from_json(obj)


def test_json_actions_round_trip() -> None:
    game = TinyGame(2)
    assert game.action_from_json({"kind": "play", "value": 3}) == Play(3)
    assert game.action_to_json(Play(3)) == {"kind": "play", "value": 3}


def test_apply_trusted_equals_apply_action_for_legal_actions_and_chance() -> None:
    """The trusted path (search, rollouts, benchmarks) leads where the checked one does."""
    import random as _random

    from hanse.core.match import sample_chance, trusted_child
    from hanse.core.protocol import CHANCE, TERMINAL
    from hanse.games import make

    for game_id, players in (("hansa", 3), ("kogge", 3), ("luebeck", 3), ("speicherstadt", 2)):
        game = make(game_id, players)
        state = game.new_initial_state()
        rng = _random.Random(3)
        for _ in range(300):
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            checked = state.clone()
            game.apply_action(checked, action)
            assert trusted_child(game, state, action) == checked
            state = checked
