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
    }
    docs = {f.name: f.help for f in KoggeGame.flag_docs()}
    assert all(docs[name] for name in ("taxes", "kontor_trade", "conflicts", "memory"))


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n: int) -> None:
    with pytest.raises(UnknownGameError):
        make("kogge", n)


def test_secret_holdings_only_with_conflicts_or_memory() -> None:
    assert not KoggeConfig().hidden
    assert not KoggeConfig(taxes=True, kontor_trade=True).hidden
    assert KoggeConfig(conflicts=True).hidden and KoggeConfig(memory=True).hidden
