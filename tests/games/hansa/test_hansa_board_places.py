"""The places of the Hansa Teutonica board for "last moves shown" (the board contract: each place
a move can change is drawn in one group with ``data-place`` and ``data-state``; ``action_places``
names a move's places).

What is checked against what: along random games on both sides at every player count, between
one decision and the next, a place's ``data-state`` changes exactly where the place's drawing
does (its elements, words, colours and, on the map, positions; a player's board is compared
without positions, since a longer board above pushes it down without changing it). The legal
actions, the reader's language and the players' names change no pair of place and state; the
places a move names are on the board, and the places of a move that puts or takes a piece
changed.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.games import make
from hanse.games.hansa.board import board_for
from hanse.games.hansa.policy import kind_balanced_policy
from hanse.games.hansa.svg import action_places, board_svg
from hanse.web.i18n import game_translations

SVG = "{http://www.w3.org/2000/svg}"
KEY = re.compile(r"[^\s\"'<>&]+")
GEOMETRY = frozenset(
    {"x", "y", "cx", "cy", "r", "rx", "width", "height", "d", "textLength", "lengthAdjust"}
)
"""Attributes that place a drawing rather than say what it shows."""
MOVED = frozenset({"seat:", "neutral"})
"""Places compared without their positions (the players' boards, in rows under the map)."""
CHANGES = {
    "place",
    "displace",
    "move_place",
    "displaced_place",
    "displaced_move",
    "establish_office",
    "establish_extra_office",
    "establish_coellen",
    "neutral_office",
    "remove_piece",
    "place_bonus",
    "income",
    "establish_upgrade",
}
"""Kinds of move whose every named place surely looks different after it."""


def _walk(n: int, seed: int, limit: int) -> Iterator[tuple[Any, Any, Any, int]]:
    """(game, state, action, seat) at each decision of a seeded kind-balanced game, before the
    action is applied (the state is advanced after each yield)."""
    game = make("hansa", n)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_terminal(state):
            return
        if game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        legal = list(game.legal_actions(state))
        action = kind_balanced_policy(game, state, legal, rng)
        yield game, state, action, game.current_player(state)
        game.apply_action(state, action)


def _places(svg: str) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for el in ET.fromstring(svg).iter():
        key = el.get("data-place")
        if key is not None:
            assert KEY.fullmatch(key), key
            assert key not in found, f"{key} twice"
            assert el.get("data-state"), key
            found[key] = el
    return found


def _pairs(svg: str) -> dict[str, str]:
    return {key: el.get("data-state") or "" for key, el in _places(svg).items()}


def _drawing(el: ET.Element, moved: bool) -> str:
    """What a place shows: its elements, words and colours (and where, unless it is `moved`)."""
    parts = []
    for inner in el.iter():
        attrs = sorted(
            (name, value)
            for name, value in inner.attrib.items()
            if name != "data-state" and not (moved and name in GEOMETRY)
        )
        parts.append(f"{inner.tag}{attrs}{inner.text or ''}")
    return "|".join(parts)


def test_every_place_is_drawn_once_on_both_sides() -> None:
    """Every route and city of the side, each player's board, the neutral supply (two players),
    the Coellen spaces, the full-cities track and the marker pile: each once."""
    for n in (2, 3, 4, 5):
        game, state, _, seat = next(_walk(n, 0, 50))
        view = game.view(state, seat)
        board = board_for(view["board"])
        keys = set(_pairs(board_svg(view, [])[0]))
        expected = {f"route:{name}" for name in board.route_ascii}
        expected |= {f"city:{name}" for name in board.city_ascii}
        expected |= {f"seat:{s}" for s in range(n)} | {"full_cities", "markers"}
        expected |= {"neutral"} if n == 2 else set()
        expected |= {"coellen"} if board.coellen_xy else set()
        assert keys == expected


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_state_changes_where_the_drawing_does(n: int) -> None:
    """Between one decision and the next (the board drawn without legal actions, the same
    reader), a place's state changes if and only if what it draws changed."""
    changed = same = 0
    for seed in (0, 1):
        before: dict[str, tuple[str, str]] | None = None
        for game, state, _, _ in _walk(n, seed, 250):
            svg, _ = board_svg(game.view(state, 0), [])
            now = {
                key: (el.get("data-state") or "", _drawing(el, key.startswith(tuple(MOVED))))
                for key, el in _places(svg).items()
            }
            if before is not None:
                for key, (state_now, drawn_now) in now.items():
                    state_then, drawn_then = before[key]
                    assert (state_now != state_then) == (drawn_now != drawn_then), key
                    changed += state_now != state_then
                    same += state_now == state_then
            before = now
    assert changed > 100 and same > changed


@pytest.mark.parametrize("n", [2, 5])
def test_legal_language_and_names_change_no_state(n: int) -> None:
    """The same view drawn with and without its legal actions, in German and Italian, with and
    without the players' names, as a spectator's board: the same places in the same states."""
    german = game_translations("de", "hansa").gettext
    italian = game_translations("it", "hansa").gettext
    names = ["Anna", "Bert", "Carla", "Dieter", "Elke"][:n]
    for i, (game, state, _, seat) in enumerate(_walk(n, 3, 300)):
        if i % 5:
            continue
        view = game.view(state, seat)
        legal = [game.action_to_str(a) for a in game.legal_actions(state)]
        plain = _pairs(board_svg(view, [])[0])
        assert _pairs(board_svg(view, legal)[0]) == plain
        assert _pairs(board_svg(view, legal, german, names=names)[0]) == plain
        assert _pairs(board_svg(view, [], italian)[0]) == plain


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_action_places_are_on_the_board_and_changed(n: int) -> None:
    """Every move of random games names places found on the board after it (where it names
    any); a move that puts, takes or swaps pieces, pays income or upgrades an ability changed
    each place it names."""
    kinds: set[str] = set()
    for seed in (0, 1):
        for game, state, action, _ in _walk(n, seed, 300):
            before = _pairs(board_svg(game.view(state, None), [])[0])
            after_state = state.clone()
            game.apply_action(after_state, action)
            move = game.action_to_json(action)
            after = game.view(after_state, None)
            keys = action_places(move, after)
            now = _pairs(board_svg(after, [])[0])
            assert set(keys) <= set(now), (move, keys)
            if keys:
                kinds.add(move["kind"])
            if move["kind"] in CHANGES:
                assert keys, move
                for key in keys:
                    assert before[key] != now[key], (move, key)
    assert {"place", "displace", "move", "income"} <= kinds
