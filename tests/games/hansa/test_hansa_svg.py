"""The SVG board of Hansa Teutonica (DESIGN.md, "The web platform": boards are SVG rendered on the
server, every legal action a clickable target on the board or a button in the action bar).

Here: what only this game's board does. What all four share (random games at every player count
and flag set carrying only legal targets, each once; parsing; spectators; no overlaps; languages)
is in tests/games/test_board_svg.py.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.core.testing import check_board_svg, decision_nodes
from hanse.games import make
from hanse.games.hansa.policy import kind_balanced_policy
from hanse.games.hansa.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"
EVERY = 7
MAX_DECISIONS = 600
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00")


def _uniform(game: Any, state: Any, legal: list[Any], rng: random.Random) -> Any:
    return rng.choice(legal)


def _decisions(
    n: int,
    flags: dict[str, bool],
    seed: int,
    policy: Callable[[Any, Any, list[Any], random.Random], Any] = _uniform,
    limit: int = MAX_DECISIONS,
    every: int = EVERY,
) -> Iterator[tuple[Any, Any, int]]:
    """Every `every`-th decision node of a seeded game, at most `limit` decisions: (game, state,
    deciding seat)."""
    game = make("hansa", n, **flags)
    for state, player in decision_nodes(game, seed, every, limit, policy):
        yield game, state, player


def _targets(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("data-action") is not None]


def _choosers(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("data-choose") is not None]


def _check(svg: str, placed: frozenset[str], legal: list[str]) -> ET.Element:
    return check_board_svg(svg, placed, legal, "Hansa Teutonica")


def test_kinds_of_targets() -> None:
    """Games that favour establishing reach the rarer decisions (each of them is drawn, the
    common ones every 7th time): actions naming one element become targets (alone, or in a group
    sharing the start of their notation), and the ones naming none never do."""
    kinds: set[str] = set()
    left: set[str] = set()
    common = {"action", "move_lift", "move_place"}

    def establishing(game: Any, state: Any, legal: list[Any], rng: random.Random) -> Any:
        keen = [a for a in legal if type(a).__name__.startswith(("Establish", "UseBonus"))]
        if keen and rng.random() < 0.8:
            return rng.choice(keen)
        return kind_balanced_policy(game, state, legal, rng)

    for n, seed in ((2, 1), (4, 3)):
        for i, (game, state, seat) in enumerate(_decisions(n, {}, seed, establishing, 700, 1)):
            if i % EVERY and game.decision_name(state) in common:
                continue
            legal = [game.action_to_str(a) for a in game.legal_actions(state)]
            svg, placed = board_svg(game.view(state, seat), legal)
            _check(svg, placed, legal)
            kinds |= {a.split()[0] for a in placed}
            left |= {a.split()[0] for a in legal if a not in placed}
    assert kinds <= {
        "place",
        "displace",
        "move",
        "move_place",
        "establish",
        "establish_office",
        "establish_upgrade",
        "establish_coellen",
        "establish_extra_office",
        "displaced_place",
        "displaced_move",
        "remove_piece",
        "neutral_office",
        "place_bonus",
        "use_bonus",
        "income",
    }
    assert {"place", "displace", "move", "move_place", "establish", "establish_office"} <= kinds
    assert "income" in kinds  # on the player's stock: one choice, or a group of them
    # never on the board: they name no element, or several
    assert not kinds & {"end_turn", "move_done", "establish_none", "displaced_done"}
    assert "end_turn" in left


def _midgame(n: int, seed: int = 3, decisions: int = 200) -> tuple[Any, Any, int]:
    last = None
    for found in _decisions(n, {}, seed, limit=decisions):
        last = found
    assert last is not None
    return last


def test_both_board_sides_and_the_neutral_player() -> None:
    game, state, seat = _midgame(2)
    view = game.view(state, seat)
    svg, _ = board_svg(view, [])
    assert view["board"] == "2-3" and "board 2-3" in svg
    assert "Neutral (N)" in svg
    game, state, seat = _midgame(5)
    svg, _ = board_svg(game.view(state, seat), [])
    assert "board 4-5" in svg and "Stade" in svg and "Emden" in svg
    texts = {el.text for el in ET.fromstring(svg).iter(f"{SVG}text")}
    assert set("ABCDE") <= texts
    for colour in COLOURS:
        assert colour in svg


def test_place_names_the_lowest_free_post_once_per_piece() -> None:
    """`place R t` and `place R m` both go to the lowest free post of R: two ghost pieces, one
    for each; a displacement with a choice of piece or fee on one post is left to the page."""
    game = make("hansa", 3)
    state = game.new_initial_state()
    rng = random.Random(0)
    while game.current_player(state) == CHANCE:
        game.apply_action(state, sample_chance(game, state, rng))
    seat = game.current_player(state)
    view = game.view(state, seat)
    route = view["routes"][0]
    name = "-".join(("Groningen", "Emden"))
    assert route["cities"] == ["Groningen", "Emden"]
    legal = [f"place {name} t", f"place {name} m", "income 1 0", "end_turn"]
    svg, placed = board_svg(view, legal)
    assert placed == {f"place {name} t", f"place {name} m", "income 1 0"}
    root = _check(svg, placed, legal)
    labels = {el.get("data-action"): el.get("aria-label") for el in _targets(root)}
    assert labels[f"place {name} t"] == "Place trader on Groningen–Emden"
    assert labels[f"place {name} m"] == "Place merchant on Groningen–Emden"
    # two displacements of one post (trader or merchant): one target that names their start,
    # both placed (the page offers them when the piece is clicked)
    view["routes"][0]["posts"][0] = {"seat": (seat + 1) % 3, "piece": "trader"}
    legal = [f"displace {name} 0 t 0", f"displace {name} 0 m 0", f"place {name} t"]
    svg, placed = board_svg(view, legal)
    assert placed == set(legal)
    root = _check(svg, placed, legal)
    assert [el.get("data-choose") for el in _choosers(root)] == [f"displace {name} 0"]
    legal = [f"displace {name} 0 t 0"]
    svg, placed = board_svg(view, legal)
    assert placed == {f"displace {name} 0 t 0"}
    assert not _choosers(_check(svg, placed, legal))
    assert 'aria-label="Displace the trader of player' in svg


def test_move_lifts_the_last_own_piece_and_establish_marks_the_route() -> None:
    game = make("hansa", 4)
    state = game.new_initial_state()
    rng = random.Random(0)
    while game.current_player(state) == CHANCE:
        game.apply_action(state, sample_chance(game, state, rng))
    seat = game.current_player(state)
    view = game.view(state, seat)
    mine = {"seat": seat, "piece": "trader"}
    view["routes"][0]["posts"] = [mine, mine, mine]
    legal = ["move Groningen-Emden t", "establish Groningen-Emden", "end_turn"]
    svg, placed = board_svg(view, legal)
    assert placed == {"move Groningen-Emden t", "establish Groningen-Emden"}
    root = _check(svg, placed, legal)
    labels = {el.get("data-action"): el.get("aria-label") for el in _targets(root)}
    assert labels["establish Groningen-Emden"] == "Establish the route Groningen–Emden"
    assert labels["move Groningen-Emden t"] == "Move your trader from Groningen–Emden"
    # establish choices: the office and the extra office of a city, the Coellen space, an ability
    legal = [
        "establish_office Emden",
        "establish_extra_office Emden t",
        "establish_upgrade book",
        "establish_coellen 8",
        "establish_none",
    ]
    svg, placed = board_svg(view, legal)
    assert placed == set(legal) - {"establish_none"}
    _check(svg, placed, legal)
    # notations that do not parse, or name nothing on this board, are left alone
    svg, placed = board_svg(view, ["place Nowhere-Else t", "end_turn"])
    assert placed == frozenset()
