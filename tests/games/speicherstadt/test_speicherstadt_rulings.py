"""One test (at least) per Speicherstadt / Kaispeicher ruling of ``shared/rules/RULINGS.md`` that no
other test module already names.

Already named elsewhere (not repeated here): the price of a reserved card, the number of reserved
cards still in the row (``test_speicherstadt_purchase.py``:
``test_reserved_cards_only_for_the_reserver_at_the_row_count``); an unused Einsatzleiter applying
itself at the 4th fire (``test_speicherstadt_fire.py``:
``test_einsatzleiter_applies_itself_at_the_fourth_fire``). The Einsatzleiter test below plays the
case of the 3rd fire directly on the 4th through the real end of the game, for both answers.
"""

from __future__ import annotations

import pytest
from speicherstadt_helpers import (
    act,
    card,
    clear_season,
    fill,
    legal,
    new,
    offer,
    own,
    start_loading,
    stock,
    supply,
)

from hanse.core import CHANCE, IllegalActionError
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import income
from hanse.games.speicherstadt.state import (
    DEMAND,
    DRAW_CARD,
    FIRE_CHIEF,
    LOADING,
    PURCHASE,
    SPY,
    TRUCK,
    SpeicherstadtState,
)

OFFER3 = ("Kaffeeröster", "Teeverkoster", "Lager")


def _decline_all(game: SpeicherstadtGame, s: SpeicherstadtState) -> None:
    while s.decision == PURCHASE:
        act(game, s, "decline")


# -- (1) LKW: used during the owner's own loading ------------------------------------------------


def test_ruling_lkw_is_used_during_the_owners_own_loading() -> None:
    """RULINGS.md, Kaispeicher: the LKW (like Auktionshalle and Schmuggler) is used during its
    owner's own loading. Kaispeicher card list, LKW: once in the game, up to 3 cubes are taken
    from one's own contracts and spread again over them; the card then goes to the discard pile.
    Not in the demand, not in the purchase, not in another player's loading turn; in the owner's
    loading turn it is offered even when the owner has no cube to load."""
    game, s = new(4, kai=True)
    own(game, s, 0, "LKW", "base.contract.1", "base.contract.2")
    fill(game, s, 0, 0, "coffee")
    stock(game, s, 1, cargo="tea")  # seat 1 has a loading turn after seat 0
    offer(game, s, "Kaffeeröster", "Teeverkoster", "Lager", "Gewürzhändler", "Vulkaniseur")
    assert s.decision == DEMAND and s.decider == 0
    assert not [m for m in legal(game, s) if m.startswith("truck")]
    with pytest.raises(IllegalActionError, match="Nachfrage"):
        act(game, s, "truck 0 coffee>1")
    for i in range(4 * game.tables.workers):
        act(game, s, f"place {i % 5}")
    assert s.decision == PURCHASE
    while s.decision == PURCHASE:
        assert not [m for m in legal(game, s) if m.startswith("truck")]
        act(game, s, "decline")

    # Seat 0 (start player) owns no cube at all, but the LKW gives it a loading turn.
    assert s.decision == LOADING and s.decider == 0
    assert s.cargo[0] == (0,) * 8 and sum(s.warehouse[0]) == 0 and s.hall[0] == -1
    assert legal(game, s) == ["truck 0 coffee>1", "done"]

    skipped = s.clone()
    act(game, skipped, "done")
    assert skipped.decision == LOADING and skipped.decider == 1
    assert not [m for m in legal(game, skipped) if m.startswith("truck")]
    with pytest.raises(IllegalActionError, match="Verladung"):
        act(game, skipped, "truck 0 coffee>1")
    assert card("LKW") in skipped.cards[0]  # unused, still owned

    act(game, s, "truck 0 coffee>1")
    assert s.filled[0] == (0, 0b001)  # the coffee now sits on contract 2's coffee slot
    assert s.discard[card("LKW")] == 1 and card("LKW") not in s.cards[0]
    assert s.decision == TRUCK and s.decider == 0  # up to 2 more moves in this LKW use
    assert legal(game, s) == ["truck 1 coffee>0", "done"]
    act(game, s, "done")
    assert s.decision == LOADING and s.decider == 1  # nothing left for seat 0: passed on


# -- (2) Fischmarkt, Sparkasse and Dieb count as bought for the income -------------------------


def test_ruling_fischmarkt_free_card_counts_as_bought_for_income() -> None:
    """RULINGS.md, Kaispeicher: a card taken free with the Fischmarkt counts as bought for the
    income. Rulebook "5. Einkommen" (Kaispeicher: 2 coins, 1 more for a player who bought no card
    this round) and the Fischmarkt card (once, the card one is to buy is taken without paying).
    Seat 0 takes a card for free and gets 2 coins of income; declining would have given 3."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Fischmarkt")
    offer(game, s, *OFFER3)
    s.coins[0] = 0
    for c in (0, 0, 0, 1, 1, 1, 2, 2):  # card 0: seats 0, 1, 0; card 1: 1, 0, 1; card 2: 0, 1
        act(game, s, f"place {c}")
    assert s.decision == PURCHASE and s.decider == 0
    assert legal(game, s) == ["buyfree", "decline"]

    declined = s.clone()
    act(game, declined, "decline")
    _decline_all(game, declined)
    assert declined.round == 2
    assert declined.coins == [0 + 3, 5 + 3]

    act(game, s, "buyfree")
    assert card("Kaffeeröster") in s.cards[0]
    _decline_all(game, s)
    assert s.round == 2  # nobody had cubes: the income was paid and a new round began
    assert s.coins == [0 + 2, 5 + 3]


def test_ruling_sparkasse_counts_as_bought_for_income() -> None:
    """RULINGS.md, Kaispeicher: the Sparkasse counts as bought for the income, although it is
    discarded at once. Kaispeicher card list, Sparkasse: whoever buys it takes 4 coins and
    discards it; rulebook "5. Einkommen": the extra coin is only for a player who bought nothing."""
    game, s = new(2, kai=True)
    offer(game, s, "Sparkasse", *OFFER3[:2])
    for c in (0, 1, 1, 1, 2, 2, 2, 2):  # card 0: seat 0 alone
        act(game, s, f"place {c}")
    act(game, s, "buy")
    assert s.cards[0] == () and s.discard[card("Sparkasse")] == 1
    _decline_all(game, s)
    assert s.round == 2
    assert s.coins == [5 - 1 + 4 + 2, 5 + 3]


def test_ruling_dieb_counts_as_bought_for_income() -> None:
    """RULINGS.md, Kaispeicher: the Dieb counts as bought for the income, although it is
    discarded at once. Kaispeicher card list, Dieb: on buying it, every opponent who has a coin
    hands one over; rulebook "5. Einkommen": the extra coin is only for a player who bought
    nothing."""
    game, s = new(2, kai=True)
    offer(game, s, "Dieb", *OFFER3[:2])
    for c in (0, 1, 1, 1, 2, 2, 2, 2):
        act(game, s, f"place {c}")
    act(game, s, "buy")
    assert s.cards[0] == () and s.discard[card("Dieb")] == 1
    assert s.coins == [5 - 1 + 1, 5 - 1]
    _decline_all(game, s)
    assert s.round == 2
    assert s.coins == [5 - 1 + 1 + 2, 5 - 1 + 3]


# -- (3) Einsatzleiter: the 3rd fire directly on the 4th ----------------------------------------


def _last_fires_left(game: SpeicherstadtGame, s: SpeicherstadtState) -> None:
    """The draw pile holds only the 3rd fire on top of the 4th."""
    for season in range(4):
        clear_season(game, s, season)
    fire3 = card("3. Brand")
    s.discard[fire3] -= 1
    s.deck[fire3] += 1
    s.season_left[game.tables.season[fire3]] += 1


@pytest.mark.parametrize(("answer", "seat0"), [("double", 3 + 3 + 4), ("decline", 3 + 4 + 4)])
def test_ruling_einsatzleiter_asked_at_third_fire_applies_at_fourth(
    answer: str, seat0: int
) -> None:
    """RULINGS.md, Kaispeicher: when the 3rd fire lies directly on the 4th, the Einsatzleiter's
    owner is asked at the 3rd fire, and the card applies itself at the 4th. Section "Hinweise zur
    Nutzung von Handelskarten", Einsatzleiter: a card still unused after the last round plays
    itself when fire 4 is scored, also right after fire 3 that lay just above it. After the last
    round's income the 3rd fire is revealed: the owner chooses; doubled there, it is gone for the
    4th; kept, it doubles the 4th."""
    game, s = new(2, kai=True)
    own(game, s, 0, "Einsatzleiter", "base.fireman.1.A")
    _last_fires_left(game, s)
    income.run(game.tables, s)  # the last round is over
    assert s.decision == DRAW_CARD and s.decider == CHANCE
    assert game.chance_outcomes(s) == [(game.action_from_str("draw base.fire.3"), 1.0)]
    act(game, s, "draw base.fire.3")
    assert s.score == [3, -3]
    assert s.decision == FIRE_CHIEF and s.decider == 0
    assert legal(game, s) == ["double", "decline"]
    act(game, s, answer)
    assert game.chance_outcomes(s) == [(game.action_from_str("draw base.fire.4"), 1.0)]
    act(game, s, "draw base.fire.4")
    assert game.is_terminal(s)  # the 4th fire asked nobody
    assert s.score == [seat0, -3 - 4]
    assert s.discard[card("Einsatzleiter")] == 1


# -- (4) Spitzel: any worker on a water card or a reserved card ---------------------------------


def test_ruling_spitzel_swaps_with_any_worker_and_takes_over_a_reservation() -> None:
    """RULINGS.md, Kaispeicher: the Spitzel swaps places with any worker on a water card or a
    reserved card; the reservation goes with the place, so the Spitzel's owner may buy that
    reserved card. Kaispeicher card list, Spitzel (once, just before the purchase, one's own
    worker changes places with another player's) and Kaispeicher "3) Kauf" (a reserved card is
    offered only to the player whose worker stands on it, at the number of reserved cards in the
    row)."""
    game, s = new(2, kai=True)
    own(game, s, 1, "Spitzel")
    offer(game, s, *OFFER3, upper=("Gewürzhändler", "Vulkaniseur", "Teppichhändler"))
    act(game, s, "reserve 0")  # seat 0 reserves the Gewürzhändler
    for c in (0, 1, 0, 2, 2, 1, 1):  # seats 1, 0, 1, 0, 1, 0, 1
        act(game, s, f"place {c}")
    assert s.offer_workers == [(1, 1), (0, 0, 1), (0, 1)]
    assert s.reserved_workers == [0]
    assert s.decision == SPY and s.decider == 1
    mine = ["0.0", "0.1", "1.2", "2.1"]
    theirs = ["1.0", "1.1", "2.0", "3.0"]  # water cards 1 and 2, and the reserved card (3.0)
    assert sorted(legal(game, s)) == sorted(
        ["decline", *(f"spy {a} {b}" for a in mine for b in theirs)]
    )

    act(game, s, "spy 0.1 3.0")
    assert s.reserved_workers == [1]
    assert s.offer_workers[0] == (1, 0)
    assert s.discard[card("Spitzel")] == 1
    assert s.decision == PURCHASE
    for _ in range(2 + 3 + 2):  # every worker on the water cards declines
        assert s.cursor < 3
        act(game, s, "decline")
    assert s.decision == PURCHASE and s.decider == 1  # the reserved card: offered to seat 1
    assert game.view(s, None)["price"] == 1
    assert legal(game, s) == ["buy", "decline"]
    act(game, s, "buy")
    assert card("Gewürzhändler") in s.cards[1]
    assert card("Gewürzhändler") not in s.cards[0]
    assert s.coins == [5 + 3, 5 - 1 + 2]  # income: seat 0 bought nothing, seat 1 bought


# -- (5) Market-hall exchange: any good the supply holds, none it lacks --------------------------


def test_ruling_market_hall_exchange_any_good_in_supply_even_pointless() -> None:
    """RULINGS.md: in a market-hall exchange the cube taken may be of any good the supply holds,
    a pointless choice included. Rulebook "4. Verladung", Markthalle, Umtauschen: three cubes of
    one's choice go to the supply and one other cube of one's choice comes from it. Giving three
    coffee for a coffee is offered beside every other good the supply holds, and may be done."""
    game, s = new(2)
    stock(game, s, 0, cargo="coffee coffee coffee")
    stock(game, s, 1, cargo="tea")
    supply(s, "coffee tea saffron rubber carpet")
    start_loading(game, s)
    assert s.decider == 0
    assert [m for m in legal(game, s) if m.startswith("exchange")] == [
        f"exchange coffee+coffee+coffee>{good}"
        for good in ("coffee", "tea", "saffron", "rubber", "carpet")
    ]
    act(game, s, "exchange coffee+coffee+coffee>coffee")
    assert s.cargo[0] == (1, 0, 0, 0, 0)
    assert s.reserve == [3, 1, 1, 1, 1]
    assert s.decision == LOADING and s.decider == 0
    assert "load coffee ship>hall" in legal(game, s)


def test_ruling_market_hall_exchange_impossible_when_supply_lacks_the_good() -> None:
    """RULINGS.md: market-hall exchange (and the Hafenmeister's) takes the wanted cube from the
    supply; if the supply lacks that good, that exchange is not possible. Rulebook "4. Verladung",
    Markthalle (the cube comes from the supply, never from the bag) and the Kaispeicher
    Hafenmeister (2 for 1 from the supply). With only tea in the supply, only tea can be taken,
    not even the coffee the exchange itself would put there."""
    game, s = new(2)
    stock(game, s, 0, cargo="coffee coffee coffee")
    stock(game, s, 1, cargo="tea")
    supply(s, "tea")
    start_loading(game, s)
    assert [m for m in legal(game, s) if m.startswith("exchange")] == [
        "exchange coffee+coffee+coffee>tea"
    ]
    for text in ("exchange coffee+coffee+coffee>coffee", "exchange coffee+coffee+coffee>carpet"):
        before = s.clone()
        with pytest.raises(IllegalActionError, match="Markthalle"):
            act(game, s, text)
        assert s == before

    kai, t = new(2, kai=True)
    own(kai, t, 0, "Hafenmeister")
    stock(kai, t, 0, cargo="coffee tea")
    stock(kai, t, 1, cargo="tea")
    supply(t, "glass")
    start_loading(kai, t)
    assert [m for m in legal(kai, t) if m.startswith("exchange")] == ["exchange coffee+tea>glass"]
    with pytest.raises(IllegalActionError, match="Markthalle"):
        act(kai, t, "exchange coffee+tea>hemp")
    act(kai, t, "exchange coffee+tea>glass")
    assert t.cargo[0] == (0, 0, 0, 0, 0, 0, 0, 1)
    assert t.reserve == [1, 1, 0, 0, 0, 0, 0, 0]
