"""Golden playthroughs, one per player count (regenerate with HANSE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanse.core.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_golden_playthrough(n: int) -> None:
    assert_golden("luebeck", n, 2009, GOLDEN / f"luebeck_{n}p.txt")
