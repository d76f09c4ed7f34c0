"""1. Angebot: n+1 cards, three cubes per ship, fires resolved at once and replaced."""

from __future__ import annotations

from typing import cast

import pytest
from speicherstadt_helpers import act, card, clear_season, new

from hanse.core import CHANCE
from hanse.games.speicherstadt.actions import DrawCard, DrawCube
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.state import DEMAND, DRAW_CARD, DRAW_CUBE, SpeicherstadtState


def _draw_until_demand(game: SpeicherstadtGame, s: SpeicherstadtState) -> None:
    """Resolve chance nodes with their first outcome."""
    while game.current_player(s) == CHANCE:
        game.apply_action(s, game.chance_outcomes(s)[0][0])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_offer_has_n_plus_one_cards(n: int) -> None:
    """Angebot: 3/4/5/6 cards for 2/3/4/5 players."""
    game, s = new(n)
    _draw_until_demand(game, s)
    assert len(s.offer) == n + 1
    assert s.decision == DEMAND and s.decider == 0
    assert game.view(s, None)["offer"][0]["workers"] == []


@pytest.mark.parametrize("n", [2, 5])
def test_kaispeicher_offer_has_a_second_row(n: int) -> None:
    """Kaispeicher Angebot: as many cards again in the row above the board."""
    game, s = new(n, kai=True)
    _draw_until_demand(game, s)
    assert len(s.offer) == n + 1
    assert len(s.upper) == n + 1
    assert len(game.view(s, 1)["upper"]) == n + 1


def test_draws_come_from_the_top_season_with_multiset_probabilities() -> None:
    """The draw pile is winter on top: a draw is a card of A with probability count/total."""
    game, s = new(4)
    outcomes = game.chance_outcomes(s)
    assert {game.tables.season[cast(DrawCard, a).card] for a, _ in outcomes} == {0}
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(p == pytest.approx(1 / 12) for _, p in outcomes)
    # Empty winter: spring is next, ships 5 of 13.
    clear_season(game, s, 0)
    probs = {cast(DrawCard, a).card: p for a, p in game.chance_outcomes(s)}
    assert probs[card("base.ship.B")] == pytest.approx(5 / 13)
    assert game.view(s, None)["next_deck"] == "B"


def test_ship_gets_three_cubes_from_the_bag() -> None:
    """Angebot: "zieht für jedes Schiff 3 zufällige Warensteine aus dem Beutel"."""
    game, s = new(4)
    clear_season(game, s, 0)
    game.apply_action(s, DrawCard(card("base.ship.B")))
    assert s.decision == DRAW_CUBE
    outcomes = game.chance_outcomes(s)
    assert all(p == pytest.approx(9 / 45) for _, p in outcomes)
    act(game, s, "cube coffee", "cube coffee", "cube tea")
    assert s.offer_cubes[0] == (0, 0, 1)
    assert s.bag[0] == 7 and s.bag[1] == 8
    assert s.decision == DRAW_CARD
    assert game.view(s, None)["offer"][0]["cubes"] == ["coffee", "coffee", "tea"]


def test_kaispeicher_ships_with_one_and_two_crates() -> None:
    """Kaispeicher: "zieht ihr der Kistenanzahl entsprechend Warensteine aus dem Beutel"."""
    game, s = new(4, kai=True)
    clear_season(game, s, 0)
    game.apply_action(s, DrawCard(card("kai.ship.B.1")))
    game.apply_action(s, DrawCube(7))
    assert s.decision == DRAW_CARD  # one crate only
    game.apply_action(s, DrawCard(card("kai.ship.B.2")))
    act(game, s, "cube hemp", "cube cloth")
    assert s.decision == DRAW_CARD
    assert s.offer_cubes[:2] == [(7,), (5, 6)]


def test_fire_in_the_offer_is_resolved_and_replaced() -> None:
    """Brand: "unterbrecht ihr sofort das Spiel ... Deckt als Ersatz ... eine neue Handelskarte
    auf"."""
    game, s = new(2)
    clear_season(game, s, 0)
    game.apply_action(s, DrawCard(card("base.kontor.B")))
    fire = card("1. Brand")
    game.apply_action(s, DrawCard(fire))
    assert s.offer == [card("base.kontor.B")]  # the fire takes no water field
    assert s.discard[fire] == 1
    assert s.decision == DRAW_CARD  # a replacement is drawn
    _draw_until_demand(game, s)
    assert len(s.offer) == 3
    assert fire not in s.offer
