"""Kogge games stored in notations 1 and 2 are carried over to the current one (upgrade.py).

The records in ``data/`` were written once by the old code (data/README.md); their scores are the
old code's. A carried-over game must replay under the current rules to those very scores; a game
the current rules would have played otherwise must be refused, saying why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hanse.cli import app
from hanse.core.match import replay_final
from hanse.core.record import MatchRecord
from hanse.core.upgrade import NotCarriedOverError, upgrade_record, written_in
from hanse.games import game_class, make
from hanse.games.kogge.game import KoggeGame
from hanse.games.kogge.upgrade import translate

DATA = Path(__file__).parent / "data"
CARRIED = ["v1_2p.json", "v1_2p_conflicts.json", "v2_4p_geheimweg.json"]


def test_kogge_names_notation_3_and_other_games_1() -> None:
    assert KoggeGame.NOTATION_VERSION == 3
    for game_id in ("luebeck", "hansa", "speicherstadt"):
        assert game_class(game_id).NOTATION_VERSION == 1


@pytest.mark.parametrize(
    ("version", "old", "new"),
    [
        (1, "bid 8 4 0", ["bid 8", "bid 4", "bid 0", "bid done"]),
        (1, "bid 3", ["bid 3", "bid done"]),
        (1, "cbid 7 3", [f"cbid {v} {int(v in (7, 3))}" for v in range(8, -1, -1)]),
        (1, "cbid 2 2", [f"cbid {v} {2 if v == 2 else 0}" for v in range(8, -1, -1)]),
        (1, "cbid", [f"cbid {v} 0" for v in range(8, -1, -1)]),
        (1, "split sao", ["split o", "split a", "split s"]),
        (1, "gmtrade good s 7", ["gmtrade good s", "take 7"]),
        (1, "gmtrade marker 7", ["gmtrade marker 7"]),
        (1, "move gm pay a 1", ["move gm pay a 1"]),
        (2, "move gm pay 3 o", ["move gm pay o", "fee 3"]),
        (2, "move gm pay 5 2", ["move gm pay 2", "fee 5"]),
        (2, "move gm pay a", ["move gm pay a"]),
        (2, "bid 4", ["bid 4"]),
    ],
)
def test_one_old_move_as_the_moves_it_stands_for(version: int, old: str, new: list[str]) -> None:
    assert translate(version, old) == new


@pytest.mark.parametrize("name", CARRIED)
def test_old_record_replays_to_its_scores(name: str) -> None:
    stored = MatchRecord.load(DATA / name)
    assert "notation" not in json.loads((DATA / name).read_text())
    assert stored.notation_version() == 1
    upgraded = upgrade_record(stored)
    assert upgraded.notation == 3
    assert len(upgraded.actions) > len(stored.actions)
    game = make("kogge", upgraded.num_players, **upgraded.flags)
    final = replay_final(upgraded, game)
    assert game.is_terminal(final)
    assert stored.scores is not None
    assert list(game.scores(final)) == stored.scores
    assert upgraded.to_json()["notation"] == 3
    # Written again and read back, it needs no upgrade.
    again = MatchRecord.from_json(json.loads(json.dumps(upgraded.to_json())))
    assert upgrade_record(again) is again


def test_old_records_keep_what_their_players_saw() -> None:
    """Holdings were open before notation 2 unless rule C or D was on."""
    assert upgrade_record(MatchRecord.load(DATA / "v1_2p.json")).flags["open_holdings"] is True
    v2 = upgrade_record(MatchRecord.load(DATA / "v2_4p_geheimweg.json"))
    assert v2.flags["open_holdings"] is False  # as it was written


def test_unnamed_notation_is_told_by_the_moves() -> None:
    v1 = MatchRecord.load(DATA / "v1_2p.json")
    v2 = MatchRecord.load(DATA / "v2_4p_geheimweg.json")
    assert written_in("kogge", 1, [t for _, t in v1.actions]) == 1
    assert written_in("kogge", 1, [t for _, t in v2.actions]) == 2
    assert any(t.startswith("move gm pay") and len(t.split()) == 5 for _, t in v2.actions)


def test_a_record_of_the_current_notation_is_left_alone() -> None:
    game = make("kogge", 2)
    record = MatchRecord("kogge", 2, dict(game.flags), None, [])
    assert record.to_json()["notation"] == 3
    assert upgrade_record(record) is record


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("v1_3p_conflicts_order.json", "the old rules asked player 1 to attack next"),
        ("v1_3p_memory_home_step.json", "a route marker pointing back to its own city"),
        ("v1_3p_leftover_draw.json", "marker 8 was drawn from the reserve with last round's"),
    ],
)
def test_a_game_the_rules_now_play_otherwise_is_refused(name: str, why: str) -> None:
    with pytest.raises(NotCarriedOverError, match="cannot be carried over") as caught:
        upgrade_record(MatchRecord.load(DATA / name))
    assert why in str(caught.value)


def test_hanse_replay_reads_an_old_record() -> None:
    result = CliRunner().invoke(app, ["replay", str(DATA / "v1_2p_conflicts.json"), "--no-step"])
    assert result.exit_code == 0, result.output
    assert "written in notation 1 of kogge: read in notation 3" in result.output
    assert "scores [" in result.output


def test_hanse_replay_says_why_an_old_record_cannot_be_read() -> None:
    path = str(DATA / "v1_3p_conflicts_order.json")
    result = CliRunner().invoke(app, ["replay", path, "--no-step"])
    assert result.exit_code != 0
    assert "cannot be carried over" in result.output
