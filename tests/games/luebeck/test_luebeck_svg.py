"""The SVG board of Lübeck (DESIGN.md, "The web platform": boards are SVG rendered on the server,
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
from hanse.games.luebeck.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"
EVERY = 5


def _decisions(
    n: int, flags: dict[str, bool], seed: int, every: int = EVERY, **options: Any
) -> Iterator[tuple[Any, Any, int]]:
    """Every `every`-th decision node of a seeded random game: (game, state, deciding seat)."""
    game = make("luebeck", n, **flags)
    for state, player in decision_nodes(game, seed, every, **options):
        yield game, state, player


def _check(svg: str, placed: frozenset[str], legal: list[str]) -> None:
    check_board_svg(svg, placed, legal, "Lübeck")


def test_a_target_is_the_only_action_naming_its_element() -> None:
    """A cog joined or taken back, a pack, a player or a hand card carries an action only when no
    other legal action names it; pass and keep never go on the board."""
    for game, state, seat in _decisions(4, {}, 5):
        legal = [game.action_to_str(a) for a in game.legal_actions(state)]
        _svg, placed = board_svg(game.view(state, seat), legal)
        assert "pass" not in placed and "keep" not in placed
        cards = {a: _card_of(a) for a in legal if a.startswith(("play ", "discard "))}
        for action in placed:
            if action in cards:
                rivals = [a for a, card in cards.items() if a != action and card == cards[action]]
                assert not rivals, (action, rivals)
            if "@" in action and action.startswith(("voyage", "take back")):
                cog = action.rpartition("@")[2]
                rivals = [
                    a
                    for a in legal
                    if a != action
                    and a.startswith(("voyage", "take back"))
                    and a.rpartition("@")[2] == cog
                ]
                assert not rivals, (action, rivals)


def _card_of(action: str) -> str:
    """The card an action plays or discards: 'play Riga 3 @1' -> 'Riga 3'."""
    return action.partition(" ")[2].partition(" @")[0]


def test_figures_carry_seat_colour_and_letter() -> None:
    game, state, seat = next((g, s, p) for g, s, p in _decisions(5, {}, 1) if g.view(s, p)["cogs"])
    svg, _placed = board_svg(game.view(state, seat), [])
    for colour in ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00"):
        assert colour in svg
    texts = {el.text for el in ET.fromstring(svg).iter(f"{SVG}text")}
    assert set("ABCDE") <= texts


def test_packs_are_counted_from_one() -> None:
    """The layout's packs read "Pack 1" to "Pack n" (numbers a player reads count from 1), and
    the target of ``draft 0`` says "draft pack 1": the notation stays as it is."""
    met = 0
    for game, state, seat in _decisions(3, {}, 2, every=1, limit=40):
        view = game.view(state, seat)
        if view["decision"] != "draft":
            continue
        legal = [game.action_to_str(a) for a in game.legal_actions(state)]
        svg, _placed = board_svg(view, legal)
        root = ET.fromstring(svg)
        titles = [el.text for el in root.iter(f"{SVG}text") if (el.text or "").startswith("Pack ")]
        assert titles == [f"Pack {i + 1}" for i in range(len(view["layout"]))]
        for el in root.iter():
            if el.get("data-action") == "draft 0":
                assert (el.get("aria-label") or "").startswith("draft pack 1: ")
                met += 1
    assert met


def test_a_name_takes_a_smaller_type_before_it_is_cut() -> None:
    """Five boxes side by side: "Annabella (A, you)" stands whole in a smaller type; a name too
    long even then is cut with "…", its seat letter kept."""
    game, state, seat = next(_decisions(5, {}, 0, every=1))
    view = game.view(state, seat)
    letter = "ABCDE"[seat]
    for names, whole in (
        (["Annabella"] * 5, True),
        (["Maximilian-Alexander von Habsburg"] * 5, False),
    ):
        svg, _ = board_svg(view, [], names=names)
        texts = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]
        own = next(t for t in texts if t.endswith(f"({letter}, you)"))
        assert (own == f"{names[0]} ({letter}, you)") == whole, own
        assert whole or own.endswith(f"… ({letter}, you)")
