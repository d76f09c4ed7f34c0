"""`hanse.games.make` and flag parsing (issue 2)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from hanse.games import REGISTRY, UnknownGameError, make, parse_flag, register
from tests.core.tiny_game import TinyGame


@dataclass(frozen=True)
class FlaggedConfig:
    fast: bool = field(default=False, metadata={"help": "play fast"})
    rounds: int = field(default=3, metadata={"help": "number of rounds"})
    board: str = field(default="north", metadata={"help": "board side"})


class FlaggedTiny(TinyGame):
    game_id = "flagged_tiny"
    config_class = FlaggedConfig

    def __init__(self, num_players: int = 2, config: FlaggedConfig | None = None) -> None:
        super().__init__(num_players, config or FlaggedConfig())


register(FlaggedTiny)


def test_make_builds_a_game_with_its_flags() -> None:
    game = make("flagged_tiny", 3, fast=True, rounds=5)
    assert game.num_players == 3
    assert dict(game.flags) == {"fast": True, "rounds": 5, "board": "north"}
    assert "flagged_tiny" in REGISTRY


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("nosuchgame", 3), {}, "unknown game 'nosuchgame'"),
        (("flagged_tiny", 4), {}, "for 2 to 3 players, not 4"),
        (("flagged_tiny", 1), {}, "for 2 to 3 players"),
        (("flagged_tiny", "2"), {}, "not '2'"),
        (("flagged_tiny", 2), {"speed": 1}, "has no flag 'speed'"),
        (("flagged_tiny", 2), {"fast": 1}, "takes a bool"),
        (("flagged_tiny", 2), {"rounds": "5"}, "takes a int"),
    ],
)
def test_make_refuses_clearly(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(UnknownGameError, match=message):
        make(*args, **kwargs)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fast=true", ("fast", True)),
        ("fast=off", ("fast", False)),
        ("rounds=7", ("rounds", 7)),
        ("board=south", ("board", "south")),
    ],
)
def test_parse_flag_by_the_type_of_the_default(text: str, expected: tuple) -> None:
    assert parse_flag(FlaggedTiny, text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("fast", "expected name=value"), ("fast=maybe", "true or false"), ("rounds=x", "whole")],
)
def test_parse_flag_refuses_clearly(text: str, message: str) -> None:
    with pytest.raises(UnknownGameError, match=message):
        parse_flag(FlaggedTiny, text)


def test_flag_docs_list_name_default_and_meaning() -> None:
    docs = {f.name: (f.default, f.help) for f in FlaggedTiny.flag_docs()}
    assert docs == {
        "fast": (False, "play fast"),
        "rounds": (3, "number of rounds"),
        "board": ("north", "board side"),
    }
