"""Die Speicherstadt in the words a player reads (a newcomer's trial): the numbers a button shows
count from 1, as a player counts the cards of a row and the spaces above a card."""

from __future__ import annotations

from speicherstadt_helpers import act, new, offer, own, place_all

from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.state import SpeicherstadtState
from hanse.games.speicherstadt.words import decision_phrase
from hanse.web.i18n import game_translations

OFFER3 = ("Kaffeeröster", "Teeverkoster", "Lager")


def _buttons(game: SpeicherstadtGame, s: SpeicherstadtState) -> dict[str, str]:
    view = game.view(s, game.current_player(s))
    return {
        game.action_to_str(a): game.action_phrase(game.action_to_json(a), view).text()
        for a in game.legal_actions(s)
    }


def test_the_spy_counts_cards_spaces_and_reserved_cards_from_1() -> None:
    game, s = new(2, kai=True)
    own(game, s, 1, "Spitzel")
    offer(game, s, *OFFER3, upper=("Gewürzhändler", "Vulkaniseur", "Teppichhändler"))
    act(game, s, "reserve 0")
    place_all(game, s, 0, 0, 0, 0, 0, 0, 0)
    buttons = _buttons(game, s)
    # notation: card 0, space 0 (the lowest) <-> the first reserved card (card 3 of the row)
    assert buttons["spy 0.0 3.0"] == (
        "Spy: swap your worker on card 1, space 1, with player A's worker on reserved card 1"
    )
    assert "card 0" not in " ".join(buttons.values())
    assert "space 0" not in " ".join(buttons.values())


def test_one_truck_move_left_is_said_in_the_singular() -> None:
    game, s = new(2, kai=True)
    view = {**game.view(s, 0), "decision": "truck", "truck_moves_left": 1}
    assert decision_phrase(view).text() == (
        "Truck: move one more cube from one of your contracts to another, or stop."
    )
    view["truck_moves_left"] = 2
    assert "(2 more at most)" in decision_phrase(view).text()


def test_a_purchase_one_cannot_pay_says_that_only_declining_is_left() -> None:
    """RULINGS.md: who cannot pay the price may only decline; the decision says so instead of
    offering to buy (a trial read "buy ... for 2 coins, or decline" with 1 coin, only Decline
    offered). With the Fischmarkt (Kaispeicher) the card may still be taken for free."""
    game, s = new(2)
    offer(game, s, "Kaffeeröster", "Teeverkoster", "Lager")
    s.coins[0] = 1
    place_all(game, s, 0, 0, 0, 1, 2, 2)
    view = game.view(s, 0)
    assert decision_phrase(view).text() == (
        "Purchase: the card costs 3 coins, more than your 1: decline it."
    )
    german = game_translations("de", "speicherstadt").gettext
    assert decision_phrase(view).text(german) == (
        "Kauf: die Karte kostet 3 Münzen, mehr als deine 1: lehne ab."
    )
    game, s = new(2, kai=True)
    own(game, s, 0, "Fischmarkt")
    offer(game, s, "Kaffeeröster", "Teeverkoster", "Lager")
    s.coins[0] = 0
    place_all(game, s, 0, 0, 0, 1, 1, 1, 2, 2)
    assert decision_phrase(game.view(s, 0)).text().startswith("Purchase: buy the ")
