"""The SVG board of Kogge (DESIGN.md, "The web platform": boards are SVG rendered on the server,
every legal action a clickable target on the board or a button in the action bar).

Here: what only this game's board does. What all four share (random games at every player count
and flag set carrying only legal targets, each once; parsing; spectators; no overlaps; languages)
is in tests/games/test_board_svg.py.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from hanse.core.testing import check_board_svg, decision_nodes
from hanse.games import make
from hanse.games.kogge.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"
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


def test_a_corner_gives_a_name_its_room() -> None:
    """A player's corner gives the name the corner's width (the decider's mark is a ring round
    the badge, not an arrow beside the name): "Annabella (A, you)" whole, deciding or not, in
    English and German; a name too long for the corner is cut with "…", its seat letter kept."""
    from hanse.web.i18n import game_translations

    game = make("kogge", 3)
    for state, seat in decision_nodes(game, 0, 9, 60):
        view = game.view(state, seat)
        for lang, you in (("en", "you"), ("de", "du")):
            tr = game_translations(lang, "kogge").gettext
            names = ["Annabella", "Bernadette", "Christiane"]  # too wide at the first type
            svg, _ = board_svg(view, [], tr, names=names)
            texts = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]
            letter = "ABC"[seat]
            assert f"{names[seat]} ({letter}, {you})" in texts, (lang, seat)
            long = ["Maximilian-Alexander von Hohenzollern"] * 3
            svg, _ = board_svg(view, [], tr, names=long)
            texts = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]
            assert any(
                t.startswith("Maximilian") and t.endswith(f"… ({letter}, {you})") for t in texts
            )
            assert "◀" not in svg
