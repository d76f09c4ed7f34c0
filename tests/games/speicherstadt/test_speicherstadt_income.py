"""5. Einkommen: 1 coin (Kaispeicher 2), 1 more without a purchase, 1 more with the Bank; the start
player card passes to the left."""

from __future__ import annotations

import pytest
from speicherstadt_helpers import new, own

from hanse.games.speicherstadt.rules import income


@pytest.mark.parametrize(("kai", "base"), [(False, 1), (True, 2)])
def test_income_amounts(kai: bool, base: int) -> None:
    game, s = new(3, kai)
    own(game, s, 2, "Bank")
    s.bought = 0b001  # seat 0 bought a card this round
    t = game.tables
    assert [income.amount(t, s, seat) for seat in range(3)] == [base, base + 1, base + 2]


def test_income_is_paid_and_the_start_player_passes_left() -> None:
    game, s = new(3)
    own(game, s, 1, "Bank")
    s.bought = 0b010
    s.start_player = 2
    income.run(game.tables, s)
    assert s.coins == [7, 7, 7]
    assert s.start_player == 0
    assert s.round == 2


def test_coins_are_unlimited() -> None:
    """RULINGS.md, All games: the coin limit of 25 is lifted ("nehmt Hilfsmittel ...")."""
    game, s = new(5)
    s.coins = [20, 20, 20, 20, 20]
    income.run(game.tables, s)
    assert s.coins == [22] * 5


def test_bank_worked_example() -> None:
    """Bank: "Du bekommst also 2 Münzen, wenn du in derselben Runde mindestens 1 Handelskarte
    gekauft hast, und 3 Münzen, falls du in derselben Runde keine Handelskarte gekauft hast." """
    game, s = new(2)
    own(game, s, 0, "Bank")
    s.bought = 0b01
    assert income.amount(game.tables, s, 0) == 2
    s.bought = 0
    assert income.amount(game.tables, s, 0) == 3
