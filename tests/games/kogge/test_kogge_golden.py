"""Golden playthroughs: one seeded random game per player count (HANSE_UPDATE_GOLDEN=1 rewrites)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanse.core.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_golden_playthrough(n: int) -> None:
    assert_golden("kogge", n, 7, GOLDEN / f"kogge_{n}p.txt")


def test_golden_playthrough_expert_rules() -> None:
    flags = {"taxes": True, "kontor_trade": True, "conflicts": True, "memory": True}
    assert_golden("kogge", 3, 11, GOLDEN / "kogge_3p_expert.txt", flags=flags)
