"""Golden playthroughs (DESIGN.md, "Tests", item 3) on the Tiny game."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanse.core.golden import assert_golden, playthrough_text
from hanse.games import register
from tests.core.tiny_game import TinyGame

GOLDEN = Path(__file__).parent / "golden"

register(TinyGame)


@pytest.mark.parametrize("players", [2, 3])
def test_golden_playthrough(players: int) -> None:
    assert_golden("tiny", players, 17, GOLDEN / f"tiny_{players}p.txt")


def test_a_changed_rule_shows_as_a_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HANSE_UPDATE_GOLDEN", raising=False)

    class Doubled(TinyGame):
        def scores(self, state):  # type: ignore[no-untyped-def]
            return [2 * s for s in state.scores]

    path = tmp_path / "tiny.txt"
    path.write_text(playthrough_text(Doubled(2), 17))
    with pytest.raises(AssertionError, match=r"differs from .*tiny.txt"):
        assert_golden("tiny", 2, 17, path)


def test_a_missing_golden_file_says_how_to_make_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HANSE_UPDATE_GOLDEN", raising=False)
    with pytest.raises(AssertionError, match="HANSE_UPDATE_GOLDEN=1"):
        assert_golden("tiny", 2, 17, tmp_path / "none.txt")


def test_playthroughs_are_deterministic() -> None:
    assert playthrough_text(TinyGame(3), 5) == playthrough_text(TinyGame(3), 5)
    assert playthrough_text(TinyGame(3), 5) != playthrough_text(TinyGame(3), 6)
