"""The SVG board of Kogge (DESIGN.md, "The web platform": boards are SVG rendered on the server,
every legal action a clickable target on the board or a button in the action bar).

Random games at every player count and flag set: the board parses as XML, every action it carries
is legal and appears exactly once as a labelled button target, and nothing else is clickable.
What all four boards share (they parse, spectators get no targets, targets never overlap) is
in tests/games/test_board_svg.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from hanse.core.testing import check_board_svg, decision_nodes
from hanse.games import make
from hanse.games.kogge.config import KoggeConfig
from hanse.games.kogge.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"
FLAGS = [f.name for f in dataclasses.fields(KoggeConfig)]
# Every combination of the flags (issue 16: "for every game, player count and flag set").
FLAG_SETS = [
    dict.fromkeys(on, True)
    for size in range(len(FLAGS) + 1)
    for on in itertools.combinations(FLAGS, size)
]
PLAYER_COUNTS = (2, 3, 4)
SEEDS = (0, 1)
EVERY = 5


def _decisions(
    n: int, flags: dict[str, bool], seed: int, every: int = EVERY, **options: Any
) -> Iterator[tuple[Any, Any, int]]:
    """Every `every`-th decision node of a seeded random game: (game, state, deciding seat)."""
    game = make("kogge", n, **flags)
    for state, player in decision_nodes(game, seed, every, **options):
        yield game, state, player


def _check(svg: str, placed: frozenset[str], legal: list[str]) -> None:
    check_board_svg(svg, placed, legal, "Kogge")


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(f) or "default")
def test_random_games_draw_only_legal_targets_once(n: int, flags: dict[str, bool]) -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        for game, state, seat in _decisions(n, flags, seed):
            legal = [game.action_to_str(a) for a in game.legal_actions(state)]
            svg, placed = board_svg(game.view(state, seat), legal)
            _check(svg, placed, legal)
            kinds |= {action.split()[0] for action in placed}
    # The walks reach the bids and the moves, so the board does carry actions.
    assert {"bid", "move"} <= kinds


def test_kinds_of_targets() -> None:
    """Over a few games every kind of board target shows up, and only those kinds."""
    kinds: set[str] = set()
    for n, seed in ((2, 3), (3, 4), (4, 5)):
        for game, state, seat in _decisions(n, {"conflicts": True}, seed):
            legal = [game.action_to_str(a) for a in game.legal_actions(state)]
            _svg, placed = board_svg(game.view(state, seat), legal)
            kinds |= {" ".join(a.split()[:1]) if a != "rob city" else a for a in placed}
    assert kinds <= {"start", "bid", "move", "step", "push", "rob city", "collect"}
    assert {"start", "bid", "move"} <= kinds


def test_pieces_carry_seat_colour_and_letter() -> None:
    game, state, seat = next(
        (g, s, p)
        for g, s, p in _decisions(4, {"open_holdings": True}, 1)
        if g.view(s, p)["round"] >= 2
    )
    svg, _placed = board_svg(game.view(state, seat), [])
    for colour in ("#0072b2", "#d55e00", "#009e73", "#cc79a7"):
        assert colour in svg
    assert "#e69f00" not in svg  # no fifth seat in Kogge
    texts = {el.text for el in ET.fromstring(svg).iter(f"{SVG}text")}
    assert {"A", "B", "C", "D"} <= texts
