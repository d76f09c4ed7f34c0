"""What a card does, in a few English words, for the text board (issue 19, item 5: contract
needs on the cards in the offer, and card effects). Taken from the card data (``data.Card``) and
the rulebook's card descriptions ("Die Karten", Kaispeicher "Die neuen Karten")."""

from __future__ import annotations

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import CARD_INDEX, GOOD_NAMES, KONTOR_POINTS, Card

_EFFECTS: dict[int, str] = {
    data.MERCHANT: "sells {good} for 1 coin a cube; 1 VP at the end",
    data.SHIP: "brings {value} goods from the bag",
    data.WAREHOUSE: "stores up to 4 goods; 1 VP per stored good at the end",
    data.KONTOR: "Kontor: " + "/".join(map(str, KONTOR_POINTS[1:])) + " VP for 1/2/3/4",
    data.POINTS: "{value} VP",
    data.PORT: "1 VP per ship bought",
    data.CHAMBER: "1 VP per coin at the end",
    data.BANK: "+1 coin income each round",
    data.CONTRACT: "contract: needs {goods}; {points} VP when complete",
    data.FIREMAN: "fireman {value} against the fires",
    data.FIRE: "fire: the most firemen win, the fewest lose",
    data.PROCESSOR: "2 VP per {good} delivered to a contract",
    data.TRADER: "3 coins per {good} sold to it",
    data.PRESS: "1 VP per fireman",
    data.MAYOR: "doubles your best pure points building",
    data.HARBOUR_TOUR: "1 VP per pure points building",
    data.DEICHTORHALLEN: "1 VP per merchant card",
    data.ACCOUNTANT: "1 VP per contract",
    data.SPY: "once: swap two workers before a purchase",
    data.FISH_MARKET: "once: take one card for free",
    data.HARBOUR_MASTER: "exchanges at 2 for 1",
    data.SAVINGS_BANK: "4 coins when bought",
    data.THIEF: "1 coin from each opponent when bought",
    data.AUCTION_HALL: "once: a good from the supply",
    data.SMUGGLER: "once: a good from an opponent's incomplete contract",
    data.TRUCK: "once: move up to 3 goods between your contracts",
    data.COFFEE_BREAK: "two break cards",
    data.WAREHOUSE_WORKERS: "two grey workers",
    data.FIRE_CHIEF: "once: double the points won at a fire",
    data.INSURANCE: "pay 2 coins to avoid a fire's minus points",
    data.FIRE_ENGINE: "doubles your highest fireman",
}


def effect(card: Card) -> str:
    """The card's effect, e.g. "contract: needs coffee+carpet; 5 VP when complete"."""
    return _EFFECTS[card.kind].format(
        good=GOOD_NAMES[card.good] if card.good >= 0 else "",
        value=card.value,
        goods="+".join(GOOD_NAMES[g] for g in card.goods),
        points=card.points,
    )


def effect_of(key: str) -> str:
    """The effect of the card with this id (the ``id`` of a view's card entry)."""
    return effect(data.ALL_CARDS[CARD_INDEX[key]])
