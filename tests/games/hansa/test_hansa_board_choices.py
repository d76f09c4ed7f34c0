"""Choices clicked on the Hansa Teutonica board as on Board Game Arena (issue: "a displacement is
27-30 buttons of text"): the opponent's piece is the target of its displacement; where a post
offers several (which piece to place, how the fee is paid) its target names the start of their
notation (``data-choose``) and the page offers only those as buttons; where it offers one, the
target sends it (``data-action``). The same for the displaced owner's extra piece taken from one
of its posts (``displaced_move``) and for the two offices a bonus marker swaps.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from hanse.core.testing import check_board_svg, decision_nodes
from hanse.games import make
from hanse.games.hansa.board import board_for
from hanse.games.hansa.policy import kind_balanced_policy
from hanse.games.hansa.svg import board_svg

NAMES = ("Anna", "Bert", "Carla", "Dieter", "Elke")
GROUPED = ("displace ", "displaced_move ")
"""The kinds whose actions on one post share the start of their notation."""


def _displacing(game: Any, state: Any, legal: list[Any], rng: random.Random) -> Any:
    """Mostly kind-balanced play, displacing whenever it may half of the time (so that pieces
    are displaced and their owners place them and take extra pieces from their posts)."""
    keen = [a for a in legal if type(a).__name__ in ("Displace", "DisplacedMove", "UseBonus")]
    if keen and rng.random() < 0.5:
        return rng.choice(keen)
    return kind_balanced_policy(game, state, legal, rng)


def _boards(n: int, seed: int, limit: int = 500) -> Iterator[tuple[list[str], str, frozenset[str]]]:
    """(legal, svg, placed) at the decisions of a seeded game that offer a grouped kind."""
    game = make("hansa", n)
    for state, seat in decision_nodes(game, seed, 1, limit, _displacing):
        legal = [game.action_to_str(a) for a in game.legal_actions(state)]
        if any(text.startswith(GROUPED) for text in legal):
            svg, placed = board_svg(game.view(state, seat), legal, names=NAMES[:n])
            yield legal, svg, placed


def _targets(root: ET.Element, attribute: str) -> dict[str, ET.Element]:
    return {el.get(attribute) or "": el for el in root.iter() if el.get(attribute) is not None}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_displacement_is_on_its_piece(n: int) -> None:
    """On both sides (2-3 players: side 2-3, 4-5: side 4-5): every legal displacement is placed,
    none is left as a button; those of one post are one target naming their start, the only
    displacement of a post is a target that sends it; the same for extra pieces taken from a
    post. Each target is a labelled button naming the piece's player by name."""
    boards = groups = singles = 0
    for seed in (1, 2):
        for legal, svg, placed in _boards(n, seed):
            root = check_board_svg(svg, placed, legal, "Hansa Teutonica")
            grouped = {text for text in legal if text.startswith(GROUPED)}
            assert grouped <= placed, sorted(grouped - placed)
            starts = {
                start: el
                for start, el in _targets(root, "data-choose").items()
                if start != "income"  # income's choices on one's stock: another test
            }
            sent = _targets(root, "data-action")
            covered: list[str] = []
            for start, target in starts.items():
                assert start.startswith(GROUPED) and len(start.split()) == 3, start
                group = [t for t in legal if t.startswith(start + " ")]
                assert len(group) > 1
                covered += group
                label = target.get("aria-label") or ""
                assert label.startswith(("Displace the ", "Take the ")), label
                assert any(f"{name} (" in label for name in NAMES[:n]) or "neutral" in label
                assert target.find("{http://www.w3.org/2000/svg}title") is not None
            for text in grouped - set(covered):
                assert text in sent  # a post offering one displacement sends it
                start = " ".join(text.split()[:3])
                assert [t for t in legal if t.startswith(start + " ")] == [text]
            assert sorted(covered) == sorted(set(covered))  # no action in two groups
            boards += 1
            groups += len(starts)
            singles += len(grouped - set(covered))
    assert boards > 10 and groups > 10 and singles > 0


def test_a_group_of_one_post_and_the_follow_up_words() -> None:
    """A trader of another player on a post, displaced with a trader or a merchant, the fee paid
    either way: one target on the post, 'displace <route> <post>', carrying all four; the piece is
    named by its player's name, or by 'player B' where the seat has none."""
    game = make("hansa", 3)
    state = next(iter(decision_nodes(game, 0, 1, 1)))[0]
    view = game.view(state, 0)
    view["routes"][0]["posts"][1] = {"seat": 1, "piece": "trader"}
    route = "Groningen-Emden"
    legal = [f"displace {route} 1 {p} {f}" for p in "tm" for f in (0, 1)] + ["end_turn"]
    svg, placed = board_svg(view, legal, names=("Anna", "Bert", "Carla"))
    assert placed == frozenset(legal[:4])
    root = check_board_svg(svg, placed, legal, "Hansa Teutonica")
    target = _targets(root, "data-choose")[f"displace {route} 1"]
    assert target.get("role") == "button" and target.get("tabindex") == "0"
    assert target.get("aria-label") == "Displace the trader of Bert (B) on Groningen–Emden, post 2"
    svg, _ = board_svg(view, legal)
    assert 'aria-label="Displace the trader of player B on Groningen–Emden, post 2"' in svg
    # a start the page would complete with an action the board did not group is never drawn
    svg, placed = board_svg(view, [*legal, f"displace {route} 1 t 0 extra"])
    assert 'data-choose="' not in svg


def test_swap_offices_is_clicked_between_the_two_offices() -> None:
    """The bonus marker 'swap offices' names a city and its left office of two: a target between
    the two offices (the buttons of several swaps never overlap)."""
    game = make("hansa", 3)
    state = next(iter(decision_nodes(game, 0, 1, 1)))[0]
    view = game.view(state, 0)
    city = next(c for c, info in enumerate(view["cities"]) if len(info["offices"]) >= 3)
    name = board_for(view["board"]).city_ascii[city]
    view["cities"][city]["offices"][:3] = [
        {"seat": 0, "piece": "trader"},
        {"seat": 1, "piece": "trader"},
        {"seat": 2, "piece": "merchant"},
    ]
    legal = [f"use_bonus swap_offices {name} 0", f"use_bonus swap_offices {name} 1", "end_turn"]
    svg, placed = board_svg(view, legal)
    assert placed == frozenset(legal[:2])
    root = check_board_svg(svg, placed, legal, "Hansa Teutonica")
    labels = {t: el.get("aria-label") for t, el in _targets(root, "data-action").items()}
    city_name = view["cities"][city]["name"]
    assert labels[legal[0]] == f"Swap the pieces in {city_name}, offices 1 and 2"
    assert labels[legal[1]] == f"Swap the pieces in {city_name}, offices 2 and 3"


def test_income_is_chosen_on_ones_stock() -> None:
    """Income moves pieces from one's stock (Kasse) to one's supply: its choices are one target
    on the reader's Stock row, 'income', the page offering how many of each; a single choice is
    sent at once. A spectator's board and another player's board carry none."""
    game = make("hansa", 3)
    state = next(iter(decision_nodes(game, 0, 1, 1)))[0]
    seat = game.current_player(state)
    view = game.view(state, seat)
    legal = ["income 1 0", "income 2 0", "income 1 1", "end_turn"]
    svg, placed = board_svg(view, legal)
    assert placed == frozenset(legal[:3])
    root = check_board_svg(svg, placed, legal, "Hansa Teutonica")
    target = _targets(root, "data-choose")["income"]
    label = "Income: choose the pieces to take from your stock into your supply"
    assert target.get("aria-label") == label
    svg, placed = board_svg(view, ["income 1 0", "end_turn"])
    assert placed == {"income 1 0"}
    assert 'aria-label="Income: take 1 trader into your supply"' in svg  # as its button says
    svg, placed = board_svg(game.view(state, None), legal)
    assert placed == frozenset()
