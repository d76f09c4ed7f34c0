"""Lübeck in words: the pending decision, every action and what chance draws, for the pages and the
terminal (:mod:`hanse.core.words`). Terms follow the rulebooks: cog (Kogge, cocca), figure
(Spielfigur, segnalino), reserve (Reserve, riserva), pack (Kartenpäckchen, pacchetto), layout
(Kartenauslage, disposizione delle carte), goods card (Warenkarte, carta merci), voyage
(Handelsfahrt, viaggio commerciale), throw overboard (Karte abwerfen, scartare), cog field
(Koggenfeld, area delle cocche).

A goods card is its city and value in every language ("Riga 3"); a special card has a name in
each language (:data:`SPECIAL_NAMES` in English, the German rulebook's in German, the Italian
rulebook's in Italian: "Trading voyage Riga", "Handelsfahrt Riga", "Viaggio commerciale Riga"). A
list of cards (a pack, a hand) is one field per card, so that each is translated
(:func:`listed`). A cog is named by its city and the seats aboard (letters A to E, as on the
board), which tells apart every two cogs the rules offer separately; a pack by its number counted
from 1 (``draft 0`` is pack 1).
"""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.core.words import CaseWords, KindWords, Phrase, fill, phrase
from hanse.games.svg_parts import SEAT_LETTERS

from . import data

SPECIAL_NAMES: dict[int, str] = {
    data.T_HANDELSFAHRT: "Trading voyage {city}",
    data.T_VERDOPPELUNG: "Doubling {city}",
    data.T_PIRATEN: "Pirates",
    data.T_SCHIFFSWECHSEL: "Change of ship",
}
"""The special cards' English names (Handelsfahrt, Verdoppelung, Piraten, Schiffswechsel)."""


def card_name(label: str) -> str:
    """A card by its label in the notation, as an English reader reads it: a goods card as it is
    ("Riga 3"), a special card by its English name ("Trading voyage Riga")."""
    kind = data.LABEL_TO_KIND[label]
    card_type = data.KIND_TYPE[kind]
    if card_type == data.T_GOODS:
        return label
    city = data.KIND_CITY[kind]
    return SPECIAL_NAMES[card_type].format(city=data.CITIES[city] if city >= 0 else "")


TERMS: tuple[str, ...] = tuple(
    card_name(label)
    for label in data.LABELS
    if data.KIND_TYPE[data.LABEL_TO_KIND[label]] != data.T_GOODS
)
"""Every game term a phrase's field can hold: the special cards' names (the catalogs translate
each; cities, goods cards, seat letters and numbers stay as they are)."""

MAX_LISTED = 20
"""The most cards a list names one field each (random games show packs of 11 at most); beyond,
the last field holds the rest."""


def listed(template: str, labels: list[str]) -> tuple[str, dict[str, str]]:
    """`template` with its ``{cards}`` spelt out as one field per card ("{card1}, {card2}"), and
    those fields: each card is translated on its own (:func:`card_name`)."""
    names = [card_name(label) for label in labels]
    if len(names) > MAX_LISTED:
        names[MAX_LISTED - 1 :] = [", ".join(names[MAX_LISTED - 1 :])]
    fields = {f"card{i + 1}": name for i, name in enumerate(names)}
    return template.replace("{cards}", ", ".join("{" + f + "}" for f in fields)), fields


def listed_templates(template: str) -> list[str]:
    """Every spelt-out form of a template with ``{cards}`` (for the catalogs)."""
    return [listed(template, ["Piraten"] * count)[0] for count in range(1, MAX_LISTED + 1)]


CONFIRM_KINDS = frozenset({"discard"})
"""Kinds of move a click on the board asks to confirm: a hand card clicked reads as "play it",
but where no card can be played it throws the card overboard, at its cost."""

KINDS: dict[str, KindWords] = {
    "draft": KindWords(
        "take a pack",
        "take one pack of the layout into your hand; everybody sees which cards you took",
    ),
    "choose_first": KindWords(
        "name the first player",
        "as the last to take a pack, name who takes the first action of the round: yourself or "
        "another player",
    ),
    "start_voyage": KindWords(
        "start a voyage in Lübeck",
        "put a figure from your reserve on a free cog placed in Lübeck, or on a cog in Lübeck "
        "that carries none of your figures",
    ),
    "play": KindWords(
        "play a card",
        "a goods card scores its value if a cog with your figure lies in its city or in the city "
        "before it (that cog sails in, everybody aboard); Trading voyage starts a voyage in its "
        "city, Doubling doubles your goods cards for its city this round, Pirates takes a cog "
        "off the map, Change of ship moves your figure to another cog",
    ),
    "discard": KindWords(
        "throw a card overboard",
        "with more than 3 cards and none you can play: discard one and lose its value in points "
        "(a special card costs 1)",
    ),
    "pass": KindWords(
        "pass",
        "with 3 cards or fewer in hand: leave the round; you take no more actions until it ends",
    ),
    "take_back": KindWords(
        "take a figure back",
        "after the round: take one of your figures off its cog back into your reserve",
    ),
    "keep": KindWords(
        "leave the figures aboard", "after the round: leave your remaining figures on their cogs"
    ),
}


def _seats(figures: list[int]) -> str:
    return ", ".join(SEAT_LETTERS[p] for p in figures)


def _cog(view: View, index: int) -> dict[str, Any]:
    cog: dict[str, Any] = view["cogs"][index]
    return cog


def decision_phrase(view: View) -> Phrase:
    """The decision pending in `view`, in the imperative (it reads as an instruction to the one
    who decides and as a description to the others; the rulebook's "Ablauf": layout, packs,
    actions, after the round)."""
    decision = view["decision"]
    decider = view["decider"]
    if decision == "draft":
        if view["last_round"]:
            return phrase(
                "Last round: take one of the {packs} packs into your hand (cards still in hand "
                "at the end count against you).",
                packs=len(view["layout"]),
            )
        return phrase(
            "Round {round}: take one of the {packs} packs into your hand.",
            round=view["round"],
            packs=len(view["layout"]),
        )
    if decision == "choose_first":
        return phrase("As the last to take a pack, name who takes the first action of the round.")
    if decision == "action" and isinstance(decider, int):
        player = view["players"][decider]
        cards = player["hand_size"]
        doubled = ", ".join(player["doubled"])
        if cards <= data.HAND_LIMIT:
            if doubled:
                return phrase(
                    "Take one action: start a voyage, play a card, or pass for the round (cards in "
                    "hand: {cards}). This round your Doubling counts for {cities}.",
                    cards=cards,
                    cities=doubled,
                )
            return phrase(
                "Take one action: start a voyage, play a card, or pass for the round (cards in "
                "hand: {cards}).",
                cards=cards,
            )
        if doubled:
            return phrase(
                "Take one action: start a voyage or play a card; with {cards} cards in hand you "
                "may not pass, and if you can play none, throw one overboard. This round your "
                "Doubling counts for {cities}.",
                cards=cards,
                cities=doubled,
            )
        return phrase(
            "Take one action: start a voyage or play a card; with {cards} cards in hand you may "
            "not pass, and if you can play none, throw one overboard.",
            cards=cards,
        )
    if decision == "take_back":
        return phrase(
            "Round {round} is over: take your figures back from their cogs into your reserve, "
            "one at a time, or leave them aboard.",
            round=view["round"],
        )
    if decision == "over":
        return phrase("The game is over.")
    if decision == "deal":
        return phrase("Wait: the start player deals the cards.")
    return phrase("Wait: the start player lays out the packs.")


ACTION_WORDS: dict[str, CaseWords] = {
    "draft": CaseWords("Take pack {pack}: {cards}", "{player} takes pack {pack}: {cards}"),
    # ``{cards}`` is spelt out as one field per card (:func:`listed`)
    "first_self": CaseWords(
        "Act first yourself (player {seat})", "{player} takes the first action of the round"
    ),
    "first_other": CaseWords(
        "Player {seat} acts first", "{player} lets player {seat} take the first action of the round"
    ),
    "voyage_free_cog": CaseWords(
        "Start a voyage in Lübeck with a free cog",
        "{player} starts a voyage in Lübeck with a free cog",
    ),
    "voyage_boarding": CaseWords(
        "Start a voyage in Lübeck: board the cog (aboard: {seats})",
        "{player} starts a voyage in Lübeck, boarding the cog (aboard: {seats})",
    ),
    "handelsfahrt_free_cog": CaseWords(
        "Play {card}: start a voyage in {city} with a free cog",
        "{player} plays {card}: starts a voyage in {city} with a free cog",
    ),
    "handelsfahrt_boarding": CaseWords(
        "Play {card}: start a voyage in {city}, boarding the cog (aboard: {seats})",
        "{player} plays {card}: starts a voyage in {city}, boarding the cog (aboard: {seats})",
    ),
    "piraten": CaseWords(
        "Play {card}: take the cog in {city} off the map (aboard: {seats})",
        "{player} plays {card}: the cog in {city} leaves the map (aboard: {seats})",
    ),
    "schiffswechsel": CaseWords(
        "Play {card}: move your figure from {source} ({from_seats}) to {city} ({seats})",
        "{player} plays {card}: moves a figure from the cog in {source} ({from_seats}) to the "
        "cog in {city} ({seats})",
    ),
    "goods_in_city": CaseWords(
        "Play {card} in {city} (aboard: {seats})",
        "{player} plays {card} in {city} (aboard: {seats})",
    ),
    "goods_sailing": CaseWords(
        "Play {card}: sail from {source} to {city} (aboard: {seats})",
        "{player} plays {card}: the cog sails from {source} to {city} (aboard: {seats})",
    ),
    "discard": CaseWords(
        "Throw {card} overboard (−{cost} points)",
        "{player} throws {card} overboard (−{cost} points)",
    ),
    "discard_1": CaseWords(
        "Throw {card} overboard (−1 point)", "{player} throws {card} overboard (−1 point)"
    ),
    "take_back": CaseWords(
        "Take your figure back from the cog in {city} (aboard: {seats})",
        "{player} takes a figure back from the cog in {city} (aboard: {seats})",
    ),
    "keep": CaseWords(
        "Leave your remaining figures aboard", "{player} leaves the remaining figures aboard"
    ),
    "pass": CaseWords(
        "Pass for the rest of the round", "{player} passes for the rest of the round"
    ),
}
"""Every case of an action (:func:`action_case`) with its button and its log line."""


def action_phrase(action: dict[str, Any], view: View) -> Phrase:
    """One action in words, e.g. "Play Riga 3: sail from Danzig to Riga (aboard: A, C)". A cog
    is named by its city and the seats aboard, a pack by its number counted from 1."""
    case, fields = action_case(action, view, view["seat"])
    return _filled(ACTION_WORDS[case].button, fields)


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} plays Riga 3: the cog sails
    from Danzig to Riga (aboard: A, C)"), from the spectator's view before it
    (:mod:`hanse.core.words`). Every field is public: the action's own (a discarded card is laid
    open), the layout's packs and the cogs on the map (named before the action takes effect);
    other players are named by their letter."""
    case, fields = action_case(action, view, actor)
    return _filled(ACTION_WORDS[case].log, fields)


def _filled(template: str, fields: dict[str, object]) -> Phrase:
    """`template` with `fields`; a list of card labels (``cards``) spelt out (:func:`listed`)."""
    cards = fields.pop("cards", None)
    if isinstance(cards, list):
        template, named = listed(template, cards)
        fields = {**fields, **named}
    return fill(template, fields)


def action_case(action: dict[str, Any], view: View, actor: int) -> tuple[str, dict[str, object]]:
    """Which case of :data:`ACTION_WORDS` an action is (as `actor` takes it), and the fields its
    phrases may name."""
    kind = action["kind"]
    if kind == "draft":
        return "draft", {"pack": action["pack"] + 1, "cards": list(view["layout"][action["pack"]])}
    if kind == "choose_first":
        seat = action["seat"]
        return "first_self" if seat == actor else "first_other", {"seat": SEAT_LETTERS[seat]}
    if kind == "start_voyage":
        if action["cog"] is None:
            return "voyage_free_cog", {}
        return "voyage_boarding", {"seats": _seats(_cog(view, action["cog"])["figures"])}
    if kind == "play":
        return _play_case(action, view)
    if kind == "discard":
        card = action["card"]
        cost = data.KIND_COST[data.LABEL_TO_KIND[card]]
        return "discard_1" if cost == 1 else "discard", {"card": card_name(card), "cost": cost}
    if kind == "take_back":
        cog = _cog(view, action["cog"])
        return "take_back", {"city": cog["city"], "seats": _seats(cog["figures"])}
    return kind, {}


def _play_case(action: dict[str, Any], view: View) -> tuple[str, dict[str, object]]:
    """A card played (rule "Kartenaktionen"): goods and Verdoppelung with the cog that stays in
    the card's city or sails into it, Handelsfahrt with a free cog or a cog to board, Piraten
    on any cog, Schiffswechsel from an own cog to another."""
    card = action["card"]
    kind = data.LABEL_TO_KIND[card]
    card_type = data.KIND_TYPE[kind]
    if card_type == data.T_HANDELSFAHRT:
        city = data.CITIES[data.KIND_CITY[kind]]
        if action["cog"] is None:
            return "handelsfahrt_free_cog", {"card": card_name(card), "city": city}
        seats = _seats(_cog(view, action["cog"])["figures"])
        return "handelsfahrt_boarding", {"card": card_name(card), "city": city, "seats": seats}
    cog = _cog(view, action["cog"])
    seats = _seats(cog["figures"])
    if card_type == data.T_PIRATEN:
        return "piraten", {"card": card_name(card), "city": cog["city"], "seats": seats}
    if card_type == data.T_SCHIFFSWECHSEL:
        target = _cog(view, action["to"])
        return "schiffswechsel", {
            "card": card_name(card),
            "source": cog["city"],
            "from_seats": seats,
            "city": target["city"],
            "seats": _seats(target["figures"]),
        }
    city = data.CITIES[data.KIND_CITY[kind]]
    case = "goods_in_city" if cog["city"] == city else "goods_sailing"
    return case, {"card": card_name(card), "source": cog["city"], "city": city, "seats": seats}


NOTE_WORDS: dict[str, str] = {
    "ends_with": "player {seat} ends with {cards} in hand: −{points} points",
    "ends_with_1": "player {seat} ends with {cards} in hand: −1 point",
    "ends_empty": "player {seat} ends with no cards",
    "cleared": "the cog in {city} leaves the map (figures back to the reserves: {seats})",
    "cleared_empty": "the empty cog in {city} leaves the map",
}
"""The notes closing the log text of the move that ends the game: the hands laid open (Ende des
Spiels), each with the points it costs (``{cards}`` spelt out by :func:`listed`); of the move that
ends a round: the cogs that leave the end stations (Nach der Runde). The web log translates
them."""

CHANCE_WORDS: dict[str, str] = {
    "dealt": "{card} is dealt to player {seat}",
    "single": "{card} is laid out as pack {pack}",
    "onto": "{card} is laid onto pack {pack}",
}
"""A card drawn from the deck (rule "Vorbereitung": three cards dealt face down to each player;
"Kartenauslage bilden": a new single pack, then one card onto every pack, in order)."""

UNSEEN_WORDS: dict[str, str] = {"dealt": "A card is dealt face down to player {seat}"}
"""A card dealt to another player's hand, as the others see it."""


def chance_phrase(action: dict[str, Any], view: View) -> Phrase:
    """A card drawn from the deck, for the log ("Stettin 3 is laid onto pack 2"), from the
    spectator's view before the draw: dealt to a hand at the start, else laid out (the packs
    counted from 1)."""
    card = action["card"]
    if view["decision"] == "deal":
        seat = SEAT_LETTERS[_deal_recipient(view)]
        return phrase(CHANCE_WORDS["dealt"], card=card_name(card), seat=seat)
    singles = max(0, data.PACKS_BY_PLAYERS[len(view["players"])] - view["layout_kept"])
    drawn = view["layout_drawn"]
    if drawn < singles:
        return phrase(CHANCE_WORDS["single"], card=card_name(card), pack=len(view["layout"]) + 1)
    return phrase(CHANCE_WORDS["onto"], card=card_name(card), pack=drawn - singles + 1)


def unseen_chance_phrase(view: View) -> Phrase:
    """A card dealt face down, as a player who does not receive it sees it (the layout is laid
    open, so only the deal is unseen)."""
    return phrase(UNSEEN_WORDS["dealt"], seat=SEAT_LETTERS[_deal_recipient(view)])


def _deal_recipient(view: View) -> int:
    """The seat the next card is dealt to: one card each in turn, from the start player."""
    players = len(view["players"])
    return int((view["start_player"] + data.CARDS_DEALT * players - view["to_deal"]) % players)
