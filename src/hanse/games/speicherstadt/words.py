"""Die Speicherstadt (with Kaispeicher) in words: the pending decision, every action and what chance
draws, for the pages and the terminal (:mod:`hanse.core.words`). Terms follow the rulebook: worker
(Arbeiter), trade card (Handelskarte), cube (Warenstein), contract (Auftrag), warehouse (Lager),
market hall (Markthalle), supply (Vorrat), the phases demand, purchase and loading (Nachfrage, Kauf,
Verladung), and every card by its name (Kaffeeröster, Spitzel, ...).

Cards are named rather than numbered: an offered card by its name, a ship by its cubes, a contract
by the goods it needs (every contract card is unique). Only where two offered cards read alike, and
for the Spitzel's worker places, the card's number is given, counted from 1 on the left (``place
2`` is card 3; a reserved card counted from 1 in its row; a worker's building space from 1 at the
bottom). Players are named by their letter on the board (A for seat 0).

Some labels are built from a frame and a part that varies (a card, a cube's source): ``FRAMES``
and ``CARD_PARTS``, ``PREFIXES`` and ``MOVES``, ``SPY_FRAME`` and ``SPY_PARTS`` of
:mod:`.words_actions`; every combination is one template of the catalogs.
"""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.core.words import KindWords, Phrase, phrase
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import ALL_CARDS, GOOD_NAMES
from hanse.games.speicherstadt.words_actions import (
    BUTTONS,
    LOG_LINES,
    TERMS,
    action_phrase,
    card_label,
    card_on_sale,
    fire_number,
    framed_phrase,
    log_phrase,
    log_templates,
    move_templates,
    spy_templates,
)

__all__ = [
    "BUTTONS",
    "CHANCE_WORDS",
    "KINDS",
    "LOG_LINES",
    "NOTE_WORDS",
    "TERMS",
    "action_phrase",
    "chance_phrase",
    "decision_phrase",
    "log_phrase",
    "log_templates",
    "move_templates",
    "spy_templates",
]
"""The words module's interface (:mod:`hanse.core.words`); the cards, cube moves and actions in
words live in :mod:`.words_actions`."""


KINDS: dict[str, KindWords] = {
    "place_worker": KindWords(
        "place a worker",
        "put one of your workers on the lowest free building space above an offered card; every "
        "worker there raises its price by 1 coin, and the lowest one may buy first",
    ),
    "reserve": KindWords(
        "reserve a card",
        "Kaispeicher: instead of placing a worker, take a card of the upper row into your reserved "
        "row with a worker on it; only you may buy it, after the water fields",
    ),
    "pause": KindWords(
        "take a break",
        "Coffee Break: play a break card instead of a worker and place later, while an opponent "
        "still has regular workers to place",
    ),
    "done": KindWords(
        "finish",
        "end your loading (cubes left on your ships are lost), stop using the Truck, or place no "
        "more grey workers this round",
    ),
    "spy": KindWords(
        "swap workers (Spy)",
        "Spy, once, just before the purchase: swap the place of one of your workers with another "
        "player's worker",
    ),
    "buy": KindWords(
        "buy",
        "buy the card on sale for as many coins as workers stand above it (a reserved card: as "
        "many as reserved cards are still in the row); your workers there come home",
    ),
    "buy_free": KindWords(
        "take it free (Fish Market)",
        "Fish Market, once: take the card on sale for free when it is your turn to buy it",
    ),
    "decline": KindWords(
        "decline",
        "do not buy the card (your worker comes home and the next one may buy it, 1 coin "
        "cheaper), or do not use the Spy, Fire Chief or Insurance now",
    ),
    "load": KindWords(
        "load a cube",
        "move one cube from your ships, warehouse or market hall onto your contract, to your "
        "merchant (coins) or delivery building (2 points), into your warehouse (4 at most) or "
        "into your market hall (1 at most)",
    ),
    "exchange": KindWords(
        "exchange in the market hall",
        "put 3 of your cubes (2 with the Harbour Master) back into the supply and take 1 cube of "
        "any good the supply holds; it is then loaded like a ship's cube",
    ),
    "sell": KindWords(
        "sell in the market hall",
        "put 2 of your cubes back into the supply and take 1 coin",
    ),
    "auction": KindWords(
        "Auction Hall",
        "once: take a cube of your choice from the supply and load it at once (also into a "
        "market-hall exchange or sale)",
    ),
    "smuggle": KindWords(
        "Smugglers",
        "once: take a cube from another player's incomplete contract and load it at once (also "
        "into a market-hall exchange or sale)",
    ),
    "truck": KindWords(
        "Truck",
        "once: move up to 3 cubes, one at a time, from your contracts onto free spaces of the "
        "same good on your other contracts",
    ),
    "double": KindWords(
        "use the Fire Chief",
        "once: gain the points you just won at a fire a second time",
    ),
    "insure": KindWords(
        "use the Insurance",
        "pay 2 coins to cancel the minus points you just got at a fire",
    ),
}


FISH_MARKET = "kai.fischmarkt"
"""The card whose owner takes a card for free once ("Fischmarkt", Kaispeicher)."""


def decision_phrase(view: View) -> Phrase:
    """The decision pending in `view`, in the imperative (an instruction to the one who decides,
    a description to the others), after the rulebook's phases "Nachfrage", "Kauf", "Verladung"
    and the Kaispeicher cards."""
    decision = view["decision"]
    decider = view["decider"]
    player = view["players"][decider] if isinstance(decider, int) else None
    if decision == "demand" and player is not None:
        if player["workers"] == 0:
            return phrase(
                "Demand: place a grey worker (grey workers left: {greys}), or place no more this "
                "round.",
                greys=player["grey_workers"],
            )
        if view["upper"]:
            return phrase(
                "Demand: place a worker above an offered card, or reserve a card of the upper "
                "row (workers left: {workers}).",
                workers=player["workers"],
            )
        return phrase(
            "Demand: place a worker above an offered card (workers left: {workers}).",
            workers=player["workers"],
        )
    if decision == "spy":
        return phrase(
            "Spy: just before the purchase, swap the place of one of your workers with another "
            "player's worker, or do not use the Spy."
        )
    if decision == "purchase":
        where, entry = card_on_sale(view)
        frame = "purchase" if where == "offer" else "purchase_reserved"
        price = view["price"] or 0
        # "Kauf": who cannot pay may only decline (unless the Fischmarkt takes it for free).
        if player is not None and player["coins"] < price and FISH_MARKET not in player["card_ids"]:
            if price == 1:
                return phrase("Purchase: the card costs 1 coin, and you have none: decline it.")
            return phrase(
                "Purchase: the card costs {price} coins, more than your {coins}: decline it.",
                price=price,
                coins=player["coins"],
            )
        if price == 1:
            return framed_phrase(frame + "_1", entry)
        return framed_phrase(frame, entry, price=price)
    if decision == "loading" and player is not None:
        if view["market_cube"] is not None:
            return phrase(
                "Use the {good} at once: exchange or sell it in the market hall.",
                good=view["market_cube"],
            )
        if player["cargo"]:
            return phrase(
                "Loading: move your cubes one at a time ({cubes} on your ships), then finish.",
                cubes=len(player["cargo"]),
            )
        return phrase("Loading: use your stored cubes or the market hall, then finish.")
    if decision == "truck":
        if view["truck_moves_left"] == 1:
            return phrase(
                "Truck: move one more cube from one of your contracts to another, or stop."
            )
        return phrase(
            "Truck: move a cube from one of your contracts to another ({left} more at most), or "
            "stop.",
            left=view["truck_moves_left"],
        )
    if decision == "fire_chief":
        return phrase(
            "Fire {number} was scored: use the Fire Chief to gain its points once more, or keep "
            "it for a later fire.",
            number=fire_number(view),
        )
    if decision == "insurance":
        return phrase(
            "Fire {number} cost you points: pay 2 coins to your Insurance to get them back, or "
            "keep the loss.",
            number=fire_number(view),
        )
    if decision == "over":
        return phrase("The game is over.")
    if decision == "draw_cube":
        return phrase("Wait: cubes are drawn from the bag for the new ship.")
    return phrase("Wait: the next card is turned up.")


# -- chance: the offer ---------------------------------------------------------------------------
CHANCE_WORDS: dict[str, str] = {
    "offer": "The {card} is turned up onto the water fields",
    "upper": "The {card} is turned up into the upper row",
    "fire": "{card} is turned up: the most firemen win, the fewest lose",
    "cube": "A cube of {good} is drawn from the bag onto the ship",
}
"""Chance in the log ("1. Angebot"): the top card of the draw pile laid open on the water fields,
then (Kaispeicher) in the upper row; a fire ("Brand") is resolved at once; a ship gets its cubes
from the bag, one draw each. Everything drawn is laid open."""


NOTE_WORDS: dict[str, str] = {
    "gains": "player {seat} gains {points} points (highest firemen total: {firemen})",
    "gains_one": "player {seat} gains 1 point (highest firemen total: {firemen})",
    "loses": "player {seat} loses {points} points (lowest firemen total: {firemen})",
    "loses_one": "player {seat} loses 1 point (lowest firemen total: {firemen})",
    "nobody": "nobody gains or loses points (all players have the same firemen total: {firemen})",
    "chief": "player {seat} gains {points} more points (Fire Chief)",
}
"""The notes closing the log text of a fire turned up (``views.fire_notes``; "Handelskarten",
Brand): the highest firemen total gains the fire's points, the lowest loses them, every tied
player alike, nobody when all totals are equal; at the 4th fire an unused Fire Chief
(Einsatzleiter) of a player who gained applies itself. The web log translates them."""


def chance_phrase(action: dict[str, Any], view: View) -> Phrase:
    """A chance outcome for the log ("The Coffee Roaster is turned up onto the water fields"),
    from the spectator's view before it; a card is named as one term (:func:`card_label`)."""
    if action["kind"] == "draw_cube":
        return phrase(CHANCE_WORDS["cube"], good=GOOD_NAMES[action["good"]])
    card = ALL_CARDS[action["card"]]
    label = card_label({"id": card.key})
    if card.kind == data.FIRE:
        return phrase(CHANCE_WORDS["fire"], card=label)
    row = "offer" if len(view["offer"]) < len(view["players"]) + 1 else "upper"
    return phrase(CHANCE_WORDS[row], card=label)
