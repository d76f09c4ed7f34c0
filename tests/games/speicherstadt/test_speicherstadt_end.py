"""Spielende: the last round, the 4th fire, the special case of the 3rd fire directly above the 4th,
the number of rounds, the tie-break by coins."""

from __future__ import annotations

import random

import pytest
from speicherstadt_helpers import card, clear_season, new, own

from hanse.core import CHANCE, TERMINAL
from hanse.core.match import sample_chance
from hanse.games.speicherstadt.data import FIRE
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import income
from hanse.games.speicherstadt.state import SpeicherstadtState


def _random_game(game: SpeicherstadtGame, seed: int) -> SpeicherstadtState:
    rng = random.Random(seed)
    s = game.new_initial_state()
    while (player := game.current_player(s)) != TERMINAL:
        if player == CHANCE:
            game.apply_action(s, sample_chance(game, s, rng))
        else:
            legal = game.legal_actions(s)
            game.apply_action(s, legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("kai", [False, True])
@pytest.mark.parametrize(("n", "rounds"), [(2, 16), (3, 12), (4, 10), (5, 8)])
def test_number_of_rounds(n: int, rounds: int, kai: bool) -> None:
    """16/12/10/8 rounds for 2/3/4/5 players, with and without Kaispeicher."""
    game, _ = new(n, kai)
    for seed in range(3):
        s = _random_game(game, seed)
        assert s.round == rounds
        assert sum(s.season_left) == 0
        assert s.discard[card("4. Brand")] == 1


def _deck_down_to(game: SpeicherstadtGame, s: SpeicherstadtState, keep: list[str]) -> None:
    """Empty the draw pile except the named cards (and the 4. Brand)."""
    for season in range(4):
        clear_season(game, s, season)
    for name in keep:
        s.discard[card(name)] -= 1
        s.deck[card(name)] += 1
        s.season_left[game.tables.season[card(name)]] += 1
        if game.tables.kind[card(name)] != FIRE:
            s.nonfire_left += 1


def test_last_round_then_the_fourth_fire() -> None:
    """Spielende: "Sobald ... nur noch die Karte 4. Brand auf dem Zugstapel liegt, hat eure
    letzte Runde begonnen ... Anschließend wickelt ihr ... den 4. Brand ab. Danach endet das
    Spiel." """
    game, s = new(2)
    own(game, s, 0, "base.fireman.1.A")
    _deck_down_to(game, s, ["base.kontor.D", "base.kontor.D", "base.ship.D"])
    income.run(game.tables, s)  # round 1 ends; round 2 draws the last 3 cards
    while s.decider == CHANCE:
        game.apply_action(s, game.chance_outcomes(s)[0][0])
    assert s.round == 2 and len(s.offer) == 3
    assert game.view(s, None)["deck_size"] == 1 and game.view(s, None)["next_deck"] == "E"
    while not game.is_terminal(s):
        player = game.current_player(s)
        if player == CHANCE:
            game.apply_action(s, game.chance_outcomes(s)[0][0])
        else:
            game.apply_action(s, game.legal_actions(s)[-1])  # decline / done
    assert s.round == 2
    assert s.score == [4, -4]


def test_third_fire_directly_above_the_fourth() -> None:
    """Sonderfall: "3. Brand" as the last autumn card directly above "4. Brand" — no further
    round; the 3rd fire, then at once the 4th."""
    game, s = new(2)
    own(game, s, 0, "base.fireman.1.A")
    _deck_down_to(game, s, ["base.kontor.D", "base.kontor.D", "base.ship.D", "3. Brand"])
    income.run(game.tables, s)
    # Draw the three non-fire cards first: the 3. Brand stays at the bottom.
    fire3 = card("3. Brand")
    while s.decider == CHANCE:
        outcomes = [a for a, _ in game.chance_outcomes(s)]
        non_fire = [a for a in outcomes if getattr(a, "card", -1) != fire3]
        game.apply_action(s, (non_fire or outcomes)[0])
    assert s.round == 2 and len(s.offer) == 3
    assert s.deck[fire3] == 1
    while not game.is_terminal(s):
        player = game.current_player(s)
        if player == CHANCE:
            game.apply_action(s, game.chance_outcomes(s)[0][0])
        else:
            game.apply_action(s, game.legal_actions(s)[-1])
    assert s.round == 2  # no further round was played
    assert s.score == [3 + 4, -3 - 4]
    assert s.discard[fire3] == 1 and s.discard[card("4. Brand")] == 1


def test_end_points_are_added_at_the_end() -> None:
    game, s = new(2)
    own(game, s, 0, "St. Michaelis", "Kaffeeröster")
    for season in range(4):
        clear_season(game, s, season)
    income.run(game.tables, s)  # the last round is over: the 4th fire is revealed
    assert game.chance_outcomes(s) == [(game.action_from_str("draw base.fire.4"), 1.0)]
    game.apply_action(s, game.action_from_str("draw base.fire.4"))
    assert game.is_terminal(s)
    assert s.score == [5, 0]
    assert game.view(s, None)["decider"] is None


def test_tie_break_by_coins_then_shared() -> None:
    """Spielende: "Bei Gleichstand ist derjenige besser, der noch mehr Münzen besitzt"; else a
    shared win (RULINGS.md, All games)."""
    game, s = new(3)
    s.score = [10, 10, 9]
    s.coins = [3, 4, 9]
    assert game.winners(s) == [1]
    s.coins = [4, 4, 9]
    assert game.winners(s) == [0, 1]
