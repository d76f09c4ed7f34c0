"""The variant flags: the four expert rules A-D, all off by default (RULINGS.md)."""

from __future__ import annotations

import pytest

from hanse.games import UnknownGameError, game_class, make
from hanse.games.kogge import KoggeGame
from hanse.games.kogge.config import KoggeConfig


def test_registered_with_all_four_expert_flags_off_by_default() -> None:
    assert game_class("kogge") is KoggeGame
    g = make("kogge", 3)
    assert dict(g.flags) == {
        "taxes": False,
        "kontor_trade": False,
        "conflicts": False,
        "memory": False,
        "open_holdings": False,
    }
    docs = {f.name: f.help for f in KoggeGame.flag_docs()}
    assert all(docs[name] for name in ("taxes", "kontor_trade", "conflicts", "memory"))
    assert docs["open_holdings"]


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n: int) -> None:
    with pytest.raises(UnknownGameError):
        make("kogge", n)


def test_ruling_holdings_are_secret_unless_open_holdings() -> None:
    """RULINGS.md, "Holdings are secret": secret in every variant by default; the flag
    ``open_holdings`` shows them, except under expert rules C and D, where they stay secret."""
    assert KoggeConfig().hidden
    assert KoggeConfig(taxes=True, kontor_trade=True).hidden
    assert not KoggeConfig(open_holdings=True).hidden
    assert not KoggeConfig(open_holdings=True, taxes=True, kontor_trade=True).hidden
    assert KoggeConfig(open_holdings=True, conflicts=True).hidden
    assert KoggeConfig(open_holdings=True, memory=True).hidden
