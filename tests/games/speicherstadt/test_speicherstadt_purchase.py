"""3. Kauf: left to right, the price is the number of workers still on the card (Kaispeicher
additions: reserved cards, Spitzel, Fischmarkt, Sparkasse, Dieb)."""

from __future__ import annotations

import pytest
from speicherstadt_helpers import act, card, legal, new, offer, own, place_all

from hanse.core import IllegalActionError
from hanse.games.speicherstadt.state import DEMAND, LOADING, PURCHASE, SPY

OFFER3 = ("Kaffeeröster", "Teeverkoster", "Lager")


def test_price_falls_as_workers_leave() -> None:
    """Kauf worked example: the lowest worker's owner may buy at the number of workers; each
    decline removes a worker and the price falls by 1."""
    game, s = new(3)
    offer(game, s, *OFFER3, "Gewürzhändler")
    place_all(game, s, 0, 0, 0, 0, 0, 0, 1, 2, 3)  # card 0: seats 0,1,2,0,1,2
    assert s.decision == PURCHASE and s.decider == 0
    view = game.view(s, None)
    assert view["price"] == 6 and view["offer"][0]["workers"] == [0, 1, 2, 0, 1, 2]
    act(game, s, "decline")
    assert s.decider == 1 and game.view(s, None)["price"] == 5
    act(game, s, "decline")
    assert s.decider == 2 and game.view(s, None)["price"] == 4
    act(game, s, "buy")
    assert s.coins[2] == 1
    assert card("Kaffeeröster") in s.cards[2]
    # All workers of the column go home.
    assert s.workers == [2, 2, 2]


def test_cannot_pay_may_only_decline() -> None:
    """RULINGS.md: a player who cannot pay the current price may only decline."""
    game, s = new(2)
    offer(game, s, *OFFER3)
    s.coins[0] = 1
    place_all(game, s, 0, 0, 0, 1, 2, 2)
    assert s.decider == 0
    assert legal(game, s) == ["decline"]
    with pytest.raises(IllegalActionError, match="Kauf"):
        act(game, s, "buy")


def test_unbought_and_unwanted_cards_are_discarded() -> None:
    """Kauf: "Falls niemand die Karte kaufen möchte, legt ihr sie auf den Ablagestapel. Dasselbe
    gilt, falls zu einer Karte kein einziger Arbeiter gesetzt wurde." """
    game, s = new(2)
    offer(game, s, ("base.contract.1", ""), "Teeverkoster", "Lager")
    place_all(game, s, 1, 1, 1, 2, 2, 2)
    # Card 0 had no worker: discarded at once; card 1 is on sale first.
    assert s.discard[card("base.contract.1")] == 1
    assert s.cursor == 1
    for _ in range(3):
        act(game, s, "decline")
    assert s.discard[card("Teeverkoster")] == 1
    assert s.cursor == 2


def test_purchase_order_left_to_right_and_bought_flag() -> None:
    game, s = new(2)
    offer(game, s, *OFFER3)
    place_all(game, s, 2, 1, 1, 2, 0, 0)
    assert s.cursor == 0 and s.decider == 0
    act(game, s, "buy")  # card 0 at 2 coins: seat 0's two workers
    assert s.cursor == 1 and s.decider == 1
    assert game.view(s, 0)["players"][0]["bought_this_round"] is True


def test_bought_ship_cubes_go_to_the_cargo() -> None:
    game, s = new(2)
    offer(game, s, ("base.ship.B", "coffee tea carpet"), "Teeverkoster", "Lager")
    place_all(game, s, 0, 1, 1, 2, 2, 2)
    act(game, s, "buy")
    assert s.cargo[0] == (1, 1, 0, 0, 1)
    assert game.view(s, 0)["players"][0]["cargo"] == ["coffee", "tea", "carpet"]


def test_reserved_cards_only_for_the_reserver_at_the_row_count() -> None:
    """Kaispeicher Kauf: reserved cards after the water row, from the lowest; only the reserving
    player may buy; price = reserved cards still in the row; not bought: nothing paid, discarded."""
    game, s = new(2, kai=True)
    offer(game, s, *OFFER3, upper=("Gewürzhändler", "Vulkaniseur", "Teppichhändler"))
    act(game, s, "reserve 0", "reserve 0", "reserve 0")  # seats 0, 1, 0
    place_all(game, s, 0, 0, 0, 0, 0)
    for _ in range(5):  # decline the water card
        act(game, s, "decline")
    assert s.decision == PURCHASE and s.decider == 0
    assert game.view(s, None)["price"] == 3
    act(game, s, "buy")
    assert s.coins[0] == 2
    assert s.decider == 1 and game.view(s, None)["price"] == 2
    act(game, s, "decline")
    assert s.coins[1] == 5 and s.discard[card("Vulkaniseur")] == 1
    assert s.decider == 0 and game.view(s, None)["price"] == 1
    act(game, s, "buy")
    assert s.coins[0] == 1 + 2  # paid 1, then the Kaispeicher income of 2 (nothing to load)
    assert card("Teppichhändler") in s.cards[0] and card("Gewürzhändler") in s.cards[0]
    assert s.decision != PURCHASE


def test_spitzel_swaps_before_the_purchase() -> None:
    """Spitzel: "Unmittelbar bevor ihr Phase 3) Kauf beginnt ... tauschen. Danach kommt der
    Spitzel auf den Ablagestapel." """
    game, s = new(2, kai=True)
    own(game, s, 1, "Spitzel")
    offer(game, s, *OFFER3)
    place_all(game, s, 0, 0, 1, 1, 2, 2, 2, 2)
    assert s.decision == SPY and s.decider == 1
    moves = legal(game, s)
    assert moves[0] == "decline"
    assert "spy 0.1 0.0" in moves and "spy 0.1 0.1" not in moves
    act(game, s, "spy 0.1 0.0")
    assert s.offer_workers[0] == (1, 0)
    assert s.discard[card("Spitzel")] == 1
    assert s.decision == PURCHASE and s.decider == 1


def test_spitzel_declined_is_kept() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Spitzel")
    offer(game, s, *OFFER3)
    place_all(game, s, 0, 0, 1, 1, 2, 2, 2, 2)
    act(game, s, "decline")
    assert card("Spitzel") in s.cards[1]
    assert s.decision == PURCHASE and s.decider == 0


def test_spitzel_takes_over_a_reservation() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Spitzel")
    offer(game, s, *OFFER3, upper=("Gewürzhändler", "Vulkaniseur", "Teppichhändler"))
    act(game, s, "reserve 0")
    place_all(game, s, 0, 0, 0, 0, 0, 0, 0)
    assert s.decision == SPY
    act(game, s, "spy 0.0 3.0")  # seat 1's lowest worker on card 0 <-> seat 0's reservation
    assert s.reserved_workers == [1]
    assert s.offer_workers[0][0] == 0


def test_fischmarkt_takes_the_card_for_free() -> None:
    """Fischmarkt: "diese Karte kostenlos nehmen. Danach kommt der Fischmarkt auf den
    Ablagestapel"."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Fischmarkt")
    offer(game, s, *OFFER3)
    s.coins[0] = 0
    place_all(game, s, 0, 0, 0, 1, 1, 1, 2, 2)
    assert legal(game, s) == ["buyfree", "decline"]
    act(game, s, "buyfree")
    assert s.coins[0] == 0 and card("Kaffeeröster") in s.cards[0]
    assert s.discard[card("Fischmarkt")] == 1
    assert s.workers == [2, 1]  # the whole column (seats 0, 1, 0) went home
    assert s.bought == 0b01  # a card taken for free counts as a purchase for the income


def test_fischmarkt_on_a_reserved_card() -> None:
    """Fischmarkt: "wenn du in Phase 3) Kauf mit dem Kauf einer Karte an die Reihe kommst" — also
    a reserved card (Kaispeicher Kauf)."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Fischmarkt")
    offer(game, s, *OFFER3, upper=("Gewürzhändler", "Vulkaniseur", "Teppichhändler"))
    act(game, s, "place 0", "reserve 2")
    place_all(game, s, *[0] * 6)
    for _ in range(7):
        act(game, s, "decline")
    assert s.decider == 1 and game.view(s, None)["price"] == 1
    assert legal(game, s) == ["buy", "buyfree", "decline"]
    act(game, s, "buyfree")
    assert s.coins[1] == 5 + 2  # nothing paid; the Kaispeicher income of 2
    assert card("Teppichhändler") in s.cards[1]


def test_a_card_bought_can_be_used_at_once() -> None:
    """Kauf: "Ab sofort darf er ihre Funktionen nutzen" — a Fischmarkt bought on the first card
    takes the next card for free in the same phase."""
    game, s = new(2, kai=True)
    offer(game, s, "Fischmarkt", "Lager", "Teeverkoster")
    place_all(game, s, 0, 1, 2, 1, 1, 1, 1, 1)  # card 0: seat 0; card 2: seat 0
    act(game, s, "buy")
    assert s.decider == 1 and s.cursor == 1
    act(game, s, *["decline"] * 6)
    assert s.decider == 0 and s.cursor == 2
    assert "buyfree" in legal(game, s)


def test_sparkasse_gives_four_coins_and_is_discarded() -> None:
    game, s = new(2, kai=True)
    offer(game, s, "Sparkasse", *OFFER3[:2])
    place_all(game, s, 0, 1, 1, 1, 1, 2, 2, 2)
    act(game, s, "buy")
    assert s.coins[0] == 5 - 1 + 4
    assert s.discard[card("Sparkasse")] == 1 and s.cards[0] == ()
    assert s.bought == 1  # it counts as a purchase for the income


def test_dieb_takes_a_coin_from_each_opponent_who_has_one() -> None:
    game, s = new(3, kai=True)
    offer(game, s, "Dieb", *OFFER3)
    s.coins[2] = 0
    place_all(game, s, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2)
    act(game, s, "buy")
    assert s.coins == [5 - 1 + 1, 4, 0]
    assert s.discard[card("Dieb")] == 1 and s.cards[0] == ()
    assert s.bought & 1  # it counts as a purchase for the income


def test_kaffeepause_and_lagerarbeiter_hand_over_their_pieces() -> None:
    game, s = new(2, kai=True)
    offer(game, s, "Kaffeepause", "Lagerarbeiter", "Lager")
    place_all(game, s, 0, 1, 2, 2, 2, 2, 2, 2)
    act(game, s, "buy", "buy")
    assert s.breaks == [2, 0] and s.break_aside == 0
    assert s.greys == [0, 2] and s.grey_aside == 0


def test_after_purchase_comes_loading_or_income() -> None:
    game, s = new(2)
    offer(game, s, *OFFER3)
    place_all(game, s, 0, 0, 0, 1, 1, 1)
    act(game, s, "decline", "decline", "decline", "decline", "decline", "decline")
    # Nobody has cubes: loading passes everybody; the income follows and a new round begins.
    assert s.decision not in (PURCHASE, LOADING, DEMAND)
    assert s.round == 2 and s.coins == [7, 7]
