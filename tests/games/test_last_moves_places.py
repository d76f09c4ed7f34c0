"""The boards' places for "last moves shown" (the board contract: ``data-place`` and
``data-state`` on each place a move can change, and ``action_places`` of the game's ``svg``
module), for Lübeck, Kogge and Die Speicherstadt at every player count and with every flag
(``_walks``).

What is checked against what: a place's ``data-state`` is compared with what the board draws
there (the place's elements, words and colours, its position on the board left out: a place
pushed down by a longer list above it did not change). Along random games, between one decision
and the next, a place's state changes exactly where its drawing does. The turn is not a change:
both boards are drawn with the same decider. The legal actions, the reader's language and the
players' names change no pair of place and state.
"""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.core.testing import flag_sets
from hanse.games import REGISTRY, make
from hanse.web.i18n import game_translations

COUNTS = {"luebeck": (3, 4, 5), "kogge": (2, 3, 4), "speicherstadt": (2, 3, 4, 5)}


def _variants(game: str) -> list[dict[str, Any]]:
    """The default rules, each flag turned alone, and all flags turned (Kogge's expert rules,
    Die Speicherstadt's Kaispeicher): every variant met, without every combination's cost."""
    sets = flag_sets(REGISTRY[game].config_class)
    chosen = [s for s in sets if len(s) <= 1] + sets[-1:]
    return [s for i, s in enumerate(chosen) if s not in chosen[:i]]


def _walks() -> list[tuple[str, int, dict[str, Any]]]:
    """The default rules and every flag turned at every player count; each flag turned alone at
    one count, a different one for each flag (every variant and every count met, each variant's
    own places at least once, without the product's cost)."""
    walks = []
    for game, counts in COUNTS.items():
        variants = _variants(game)
        for number, flags in enumerate(variants):
            alone = 0 < number < len(variants) - 1
            chosen = [counts[number % len(counts)]] if alone else counts
            walks += [(game, n, flags) for n in chosen]
    return walks


WALKS = _walks()
DECISIONS = 200
"""How far into a game the walks compare boards (Kogge's games run to thousands of decisions)."""
CONSECUTIVE = 120
"""How far the walk comparing consecutive boards goes (four boards drawn and read a move)."""
IDS = [f"{g}-{n}-{'+'.join(sorted(f)) or 'default'}" for g, n, f in WALKS]
SVG = "{http://www.w3.org/2000/svg}"
KEY = re.compile(r"[^\s\"'<>&]+")
GEOMETRY = frozenset(
    {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "d"}
    | {"points", "transform", "textLength", "lengthAdjust", "font-size", "data-state"}
)
"""Attributes that place a drawing or size it to its room rather than say what it shows (and the
nested places' own states, which their drawing already shows)."""
RENUMBERED = {"luebeck": re.compile(r"@\d+")}
"""Words a board draws that number things anew when others move (Lübeck's cog numbers are their
order on the map): not a change of the place they stand in."""
NAMES_NOTHING = {
    "luebeck": {"pass", "keep", "take_back"},
    "kogge": {"stop", "end_turn", "split", "trade_item", "send_offer", "cancel_trade", "skip"}
    | {"conflict_bid", "demand", "push", "answer_trade"},
    "speicherstadt": {"pause", "done", "load", "exchange", "sell", "truck", "double", "insure"},
}
"""Kinds of move that name no place a board can find after the move (see each ``action_places``)."""

NAMES_UNCHANGED = {
    "luebeck": {"choose_first", "play"},
    "kogge": {"deal", "choose_start", "lot", "bid_done", "offer_trade", "attack", "rob", "move"}
    | {"take_pile", "forced_step", "exchange", "answer_trade", "look", "change_route"},
    "speicherstadt": set(),
}
"""Kinds of move that may name a place they leave as it was: the seat named to act first, a
card played with a cog that stays in its city, a Kogge seat a trade is offered to, a city
whose goods an exchange left as they were, or what a viewer cannot see change (hidden cargo
traded one for one, a marker looked at or laid face down). Every other move changes each place
it names."""

BoardSvg = Callable[..., tuple[str, frozenset[str]]]


def _module(game: str) -> Any:
    return importlib.import_module(f"hanse.games.{game}.svg")


def _places(svg: str) -> dict[str, str]:
    """The board's places, key -> state; every key well formed and unique."""
    found: dict[str, str] = {}
    for el in ET.fromstring(svg).iter():
        key = el.get("data-place")
        if key is None:
            continue
        assert KEY.fullmatch(key), f"a key with a space or a quote: {key!r}"
        assert key not in found, f"{key} twice on a board"
        state = el.get("data-state")
        assert state, f"{key} without a state"
        found[key] = state
    return found


def _drawn(el: ET.Element, renumbered: re.Pattern[str] | None) -> str:
    """What an element draws, without where: its shapes (tags and attributes but the
    geometry's), its words in order (a text wrapped to another width reads the same) and their
    colours and weights."""
    shapes: list[str] = []
    styles: set[str] = set()
    words: list[str] = []
    for sub in el.iter():
        attrs = sorted((k, v) for k, v in sub.attrib.items() if k not in GEOMETRY)
        if sub.tag == f"{SVG}text":
            styles.add(repr(attrs))
            words += (sub.text or "").split()
        elif sub.tag != f"{SVG}tspan":
            shapes.append(f"{sub.tag}{attrs}{(sub.text or '').strip()!r}")
    text = " ".join(words)
    if renumbered is not None:
        text = renumbered.sub("@", text)
    return "|".join([*shapes, *sorted(styles), text])


def _drawings(svg: str, game: str) -> dict[str, str]:
    return {
        el.get("data-place") or "": _drawn(el, RENUMBERED.get(game))
        for el in ET.fromstring(svg).iter()
        if el.get("data-place") is not None
    }


def _walk(
    game_id: str, n: int, flags: dict[str, Any], seed: int, decisions_wanted: int = DECISIONS
) -> Iterator[tuple[Any, Any]]:
    """Every move of a seeded random game (chance included) up to its `decisions_wanted`-th
    decision: (game, state, action) before the walk applies the action; the state must not be
    kept past the next step."""
    game = make(game_id, num_players=n, **flags)
    state = game.new_initial_state()
    rng = random.Random(seed)
    decisions = 0
    while not game.is_terminal(state) and decisions < decisions_wanted:
        player = game.current_player(state)
        if player == CHANCE:
            action = sample_chance(game, state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        yield game, state, action
        game.apply_action(state, action)


@pytest.mark.parametrize(("game_id", "n", "flags"), WALKS, ids=IDS)
def test_legal_language_and_names_change_no_state(
    game_id: str, n: int, flags: dict[str, Any]
) -> None:
    """At decision nodes of a random game the decider's board has the same places with the same
    states with and without its legal actions, in German with names as in English without."""
    board_svg: BoardSvg = _module(game_id).board_svg
    german = game_translations("de", game_id).gettext
    names = ["Anna", "Bernd", "Carla", "Dario", "Elke"][:n]
    boards = 0
    for step, (game, state, _) in enumerate(_walk(game_id, n, flags, seed=n)):
        seat = game.current_player(state)
        if seat == CHANCE or step % 7:
            continue
        view = game.view(state, seat)
        legal = [game.action_to_str(a) for a in game.legal_actions(state)]
        plain = _places(board_svg(view, [])[0])
        assert plain, "a board without places"
        assert _places(board_svg(view, legal)[0]) == plain
        assert _places(board_svg(view, legal, german, names=names)[0]) == plain
        boards += 1
    assert boards > 5


@pytest.mark.parametrize(("game_id", "n", "flags"), WALKS, ids=IDS)
def test_a_state_changes_where_the_drawing_does(
    game_id: str, n: int, flags: dict[str, Any]
) -> None:
    """Between consecutive decisions of a random game, seen by seat 0 and by a spectator, a
    place's state changes if and only if its drawing changes (the decider taken the same)."""
    board_svg: BoardSvg = _module(game_id).board_svg
    before: dict[int | None, dict[str, Any]] = {}
    changes = compared = 0
    for game, state, _ in _walk(game_id, n, flags, seed=10 + n, decisions_wanted=CONSECUTIVE):
        if game.current_player(state) == CHANCE:
            continue
        for viewer in (0, None):
            view = game.view(state, viewer)
            old = before.get(viewer)
            before[viewer] = view
            if old is None:
                continue
            turned = {**old, "decider": view["decider"]}
            old_svg, new_svg = board_svg(turned, [])[0], board_svg(view, [])[0]
            old_places, new_places = _places(old_svg), _places(new_svg)
            old_drawn, new_drawn = _drawings(old_svg, game_id), _drawings(new_svg, game_id)
            for key in old_places.keys() & new_places.keys():
                moved = old_drawn[key] != new_drawn[key]
                assert (old_places[key] != new_places[key]) == moved, (
                    f"{key}: drawing {'changed' if moved else 'the same'}, state "
                    f"{'the same' if moved else 'changed'}"
                )
                changes += moved
                compared += 1
    assert compared > 50 and changes > 5


def _kinds_named(game_id: str, n: int, flags: dict[str, Any]) -> dict[str, int]:
    """Over a random game: each kind of move -> how many of its moves named a place."""
    action_places = _module(game_id).action_places
    board_svg: BoardSvg = _module(game_id).board_svg
    named: dict[str, int] = {}
    for seed in (0,):
        game = make(game_id, num_players=n, **flags)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not game.is_terminal(state):
            actor = game.current_player(state)
            if actor == CHANCE:
                action = sample_chance(game, state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            obj = game.action_to_json(action)
            viewers = {None, None if actor == CHANCE else actor}
            before = {v: _places(board_svg(game.view(state, v), [])[0]) for v in viewers}
            game.apply_action(state, action)
            found = False
            for viewer in viewers:
                view = game.view(state, viewer)
                keys = action_places(obj, view)
                assert isinstance(keys, list) and all(isinstance(k, str) for k in keys)
                assert len(keys) == len(set(keys)), (obj, keys)
                on_board = _places(board_svg(view, [])[0])
                assert set(keys) <= on_board.keys(), (obj, sorted(set(keys) - on_board.keys()))
                if obj["kind"] not in NAMES_UNCHANGED[game_id]:
                    same = [k for k in keys if before[viewer].get(k) == on_board[k]]
                    assert not same, f"{obj} names {same}, which it did not change"
                found = found or bool(keys)
            named[obj["kind"]] = named.get(obj["kind"], 0) + found
    return named


SAMPLES = [
    (game, n, flags)
    for game, counts in COUNTS.items()
    for n in (counts[0], counts[-1])
    for flags in _variants(game)[:: max(1, len(_variants(game)) - 1)]
]
"""The fewest and the most players, with the default rules and with every flag turned."""


@pytest.mark.parametrize(
    ("game_id", "n", "flags"),
    SAMPLES,
    ids=[f"{g}-{n}-{'+'.join(sorted(f)) or 'default'}" for g, n, f in SAMPLES],
)
def test_action_places_are_on_the_board(game_id: str, n: int, flags: dict[str, Any]) -> None:
    """Every move of a random game (chance included) names only places the board after it
    has, on a spectator's board and on the board of the seat that moved (each from its own view:
    a marker laid face down is found by the one who knows it); every kind of move but those that
    name nothing by design names a place at least once."""
    named = _kinds_named(game_id, n, flags)
    silent = {kind for kind, count in named.items() if not count} - NAMES_NOTHING[game_id]
    assert not silent, f"kinds that never name a place: {sorted(silent)}"
