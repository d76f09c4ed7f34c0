"""Kogge in words: the pending decision, every action and what chance draws, for the pages and the
terminal (:mod:`hanse.core.words`). Terms follow the rulebook: cog (Kogge), Kontor, guild master
(Gildemeister), route marker (Wegemarker), robbery marker (Raubmarker), bonus chip (Bonuschip), bid
(Gebot), route square (Routenanzeiger); the goods ore, fur, amber, salt (Erz, Felle, Bernstein,
Salz).

A city is named with the number printed on the board, "Reval (3)", since a marker's number is the
city it leads to. Every other number a player reads counts from 1: the two route squares of a city
are the "first route" and the "second route" (the notation's square 0 and 1, drawn left and right),
the lots of the offer are lots 1 to 4 (the notation's 0 to 3). Seats are named by their letter on
the board (A for seat 0), as in the log and the other games' words. A count of one thing has its
own template ("1 good", "1 marker"), since the singular differs in all three languages; counted
goods read "ore 2" in German and Italian, right for any count."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.core.words import KindWords, Phrase, fill, phrase
from hanse.games.kogge.data import GOOD_NAMES, NUM_CITIES
from hanse.games.kogge.rules.setup import FIRST_SQUARES
from hanse.games.kogge.words_actions import (
    BUTTON_NAMES,
    BUTTONS,
    LOG_LINES,
    UNSEEN_LOG_LINES,
    action_phrase,
    log_phrase,
    unseen_log_phrase,
)
from hanse.games.kogge.words_view import (
    CHIP_WORDS,
    GOOD_ITEMS,
    MARKER_ITEMS,
    SQUARES,
    TERMS,
    bid_text,
    city_label,
    deciding_seat,
    goods_count,
    goods_tally,
    loser_seat,
    marker_numbers,
    seat_city,
    seat_letter,
    steps_paid,
)

__all__ = [
    "BUTTONS",
    "BUTTON_NAMES",
    "CHANCE_WORDS",
    "CHIP_WORDS",
    "GOOD_ITEMS",
    "KINDS",
    "LOG_LINES",
    "MARKER_ITEMS",
    "NOTE_WORDS",
    "SQUARES",
    "TERMS",
    "UNSEEN_LOG_LINES",
    "UNSEEN_WORDS",
    "action_phrase",
    "chance_phrase",
    "city_label",
    "decision_phrase",
    "log_phrase",
    "unseen_chance_phrase",
    "unseen_log_phrase",
]
"""The words module's interface (:mod:`hanse.core.words`); the actions' words live in
:mod:`.words_actions`, the terms and the names behind a view's numbers in :mod:`.words_view`."""

KINDS: dict[str, KindWords] = {
    "choose_start": KindWords(
        "start city",
        "choose a city secretly with one of your markers: your first Kontor and your cog go there",
    ),
    "bid": KindWords(
        "lay a marker",
        "add one of your markers to your bid (no higher than the last); each bid marker brings "
        "two goods to its city, and the best bid moves first",
    ),
    "bid_done": KindWords("finish the bid", "lay no more markers: your bid is complete"),
    "move_guildmaster": KindWords(
        "move the guild master",
        "move the guild master one or two cities on (robbed cities are skipped); he brings two "
        "goods to his new city",
    ),
    "pay_tax": KindWords(
        "pay tax",
        "expert rule A: give the guild master one good of your choice from your cog",
    ),
    "move": KindWords(
        "sail",
        "move your cog one step along a route of its city; the first step is free, each further "
        "one costs one good or one marker",
    ),
    "collect": KindWords(
        "collect", "take the goods of your Kontor in this city onto your cog (while moving)"
    ),
    "stop": KindWords("stop moving", "end the movement here and begin your actions"),
    "build_kontor": KindWords(
        "build a Kontor",
        "pay one of each good the city does not produce and one marker of the city's number (two "
        "if a Kontor stands there already): a development point",
    ),
    "guildmaster_trade": KindWords(
        "trade with the guild master",
        "in his city, once a round: three equal markers for the second robbery marker, six equal "
        "goods for a bonus chip, a good for a marker of its colour, or a marker for a good",
    ),
    "take_marker": KindWords(
        "take a marker",
        "choose the marker of the good's colour from the reserve, after giving the guild master "
        "a good",
    ),
    "buy_markers": KindWords(
        "buy markers", "buy one lot of two route markers for one good of any kind"
    ),
    "exchange": KindWords(
        "exchange goods",
        "give goods of your cog to the city and take up to two (three with the chip) of other "
        "kinds for each; only after leaving your start city this turn",
    ),
    "exchange_done": KindWords("finish the exchange", "end the exchange with the city"),
    "change_route": KindWords(
        "change a route",
        "lay one of your markers face down on a route square of your city and take the marker "
        "lying there; the route now leads to the city of your marker",
    ),
    "rob": KindWords(
        "rob",
        "spend a robbery marker: take half the cargo of a cog here, or all goods of the city and "
        "its Kontore; your cog may never come back, and your turn ends",
    ),
    "split": KindWords(
        "lay the first pile",
        "you are robbed: put one good on the first pile (half your cargo, rounded up); the rest "
        "is the second pile",
    ),
    "take_pile": KindWords("take a pile", "take one of the two piles of the robbed cargo"),
    "forced_step": KindWords(
        "send the robber",
        "choose the route for the robber's free step away from the city he robbed",
    ),
    "offer_trade": KindWords(
        "offer a trade",
        "offer goods and markers to a player whose cog is in your city (or, expert rule B, to his "
        "Kontor)",
    ),
    "trade_item": KindWords(
        "add to the offer", "add one good or marker you give, or one you ask for, to the offer"
    ),
    "send_offer": KindWords("send the offer", "send the offer; the other player accepts or not"),
    "cancel_trade": KindWords("cancel the offer", "give up the offer you are composing"),
    "answer_trade": KindWords("answer the offer", "accept or decline the trade offered to you"),
    "end_turn": KindWords("end the turn", "end your turn; actions not taken are lost"),
    "pay_fee": KindWords(
        "pay the secret route",
        "bonus chip secret route: a step along the secret route that is not free costs two "
        "items; pay the "
        "second good or marker",
    ),
    "look": KindWords(
        "look at the markers",
        "expert rule D: pay one good or marker to look at the two face-down markers of your city",
    ),
    "attack": KindWords(
        "start a conflict",
        "expert rule C: fight another cog in this city with secretly chosen markers",
    ),
    "conflict_bid": KindWords(
        "choose conflict markers",
        "expert rule C: how many of your markers of one number go into your secret choice",
    ),
    "demand": KindWords(
        "demand goods",
        "you won the conflict: name three goods; you take those the loser has",
    ),
    "push": KindWords(
        "push the loser", "you won the conflict: move the loser's cog one step along a route"
    ),
    "skip": KindWords(
        "decline", "let an optional step pass: no marker swap, no conflict or no push"
    ),
    "lot": KindWords(
        "draw lots", "chance: lots decide who of two players in one start city moves first"
    ),
}
"""Every action kind (the lot is chance, but has words too: the shared test counts as chance only
the kinds of the first chance node, the deal)."""


# -- decisions ------------------------------------------------------------------------------------
def decision_phrase(view: View) -> Phrase:
    """The decision pending in `view`, in the imperative (an instruction to the one who decides
    and a description to the others; the rulebook's "Spielablauf" and "Zusatzregeln")."""
    decision = view["decision"]
    handler = _DECISIONS.get(decision)
    if handler is not None:
        return handler(view)
    if decision == "game_over":
        return phrase("The game is over.")
    if decision == "lot":
        return phrase("Wait: lots decide who of two players in one city moves first.")
    if decision == "draw_bonus":
        return phrase("Wait: the +1 route marker chip draws a free marker.")
    if decision == "draw_offer":
        return phrase("Wait: eight new route markers are drawn for sale.")
    return phrase("Wait: route markers are dealt.")


def _choose_start(view: View) -> Phrase:
    me = deciding_seat(view)
    ban = view["players"][me]["start_ban"] if view["seat"] == me else None
    if ban is not None:
        return phrase(
            "Too many chose the same city: choose your start city again in secret (not "
            "{city}); your first Kontor and your cog go there.",
            city=city_label(int(ban)),
        )
    return phrase(
        "Choose your start city in secret with one of your markers: your first Kontor and your "
        "cog go there."
    )


def _start_swap(view: View) -> Phrase:
    city = seat_city(view, deciding_seat(view))
    return phrase(
        "Memory: you may lay one of your markers face down on a route square of {city}, taking "
        "the marker there, or keep both.",
        city=city_label(city) if city is not None else "?",
    )


def _bid_decision(view: View) -> Phrase:
    laid = view["bids"][deciding_seat(view)]
    if laid:
        return phrase(
            "Your bid so far: {bid}. Add a marker no higher than the last, or finish the bid.",
            bid=bid_text(laid),
        )
    return phrase(
        "Bid for the turn order: lay markers one at a time, highest first; each brings two "
        "goods to its city, and the best bid moves first."
    )


def _gm_decision(view: View) -> Phrase:
    return phrase(
        "Move the guild master from {city} one or two cities on; he brings two goods to the city "
        "he reaches.",
        city=city_label(int(view["guildmaster"])),
    )


def _tax_decision(view: View) -> Phrase:
    return phrase(
        "Taxes: the guild master in {city} takes one good of your choice from your cog.",
        city=city_label(int(view["guildmaster"])),
    )


def _move_decision(view: View) -> Phrase:
    me = deciding_seat(view)
    city = seat_city(view, me)
    where = city_label(city) if city is not None else "?"
    if not steps_paid(view, me):
        return phrase("Move your cog from {city}: the next step is free. Or stop here.", city=where)
    return phrase(
        "Move your cog on from {city}: each further step costs one good or one marker. Or stop "
        "here.",
        city=where,
    )


def _fee_decision(view: View) -> Phrase:
    return phrase(
        "Secret route to {city}: pay its second good or marker.",
        city=city_label(int(view["guildmaster"])),
    )


def _action_decision(view: View) -> Phrase:
    city = seat_city(view, deciding_seat(view))
    return phrase(
        "Take your actions in {city}, each at most once this round, or end your turn.",
        city=city_label(city) if city is not None else "?",
    )


def _exchange_decision(view: View) -> Phrase:
    city = seat_city(view, deciding_seat(view))
    exchange = view["exchange"]
    return phrase(
        "Exchange with {city}: you give {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt and take {take_ore} ore, {take_fur} fur, {take_amber} amber, "
        "{take_salt} salt. Add goods or finish.",
        city=city_label(city) if city is not None else "?",
        **{f"give_{name}": n for name, n in goods_tally(exchange["give"]).items()},
        **{f"take_{name}": n for name, n in goods_tally(exchange["take"]).items()},
    )


def _offer_fields(view: View) -> dict[str, Any]:
    trade = view["trade"]
    give = trade["give_goods"] or dict.fromkeys(GOOD_NAMES, 0)
    fields: dict[str, Any] = {f"give_{name}": n for name, n in goods_tally(give).items()}
    fields["give_markers"] = marker_numbers(trade["give_markers"])
    fields |= {f"ask_{name}": n for name, n in goods_tally(trade["ask_goods"]).items()}
    fields["ask_markers"] = marker_numbers(trade["ask_markers"])
    return fields


def _offer_decision(view: View) -> Phrase:
    trade = view["trade"]
    fields = _offer_fields(view)
    empty = all(fields[f"{side}_{name}"] == 0 for side in ("give", "ask") for name in GOOD_NAMES)
    if empty and fields["give_markers"] == fields["ask_markers"] == "–":
        template = (
            "Compose your offer to the Kontor of player {seat}: add the goods and markers you give "
            "and those you ask for, then send it."
            if trade["kontor"]
            else "Compose your offer to player {seat}: add the goods and markers you give and "
            "those you ask for, then send it."
        )
        return phrase(template, seat=seat_letter(trade["partner"]))
    template = (
        "Your offer to the Kontor of player {seat}: you give {give_ore} ore, {give_fur} fur, "
        "{give_amber} amber, {give_salt} salt, markers {give_markers}; you ask for {ask_ore} ore, "
        "{ask_fur} fur, {ask_amber} amber, {ask_salt} salt, markers {ask_markers}. Add more, "
        "send it or cancel it."
        if trade["kontor"]
        else "Your offer to player {seat}: you give {give_ore} ore, {give_fur} fur, {give_amber} "
        "amber, {give_salt} salt, markers {give_markers}; you ask for {ask_ore} ore, {ask_fur} "
        "fur, {ask_amber} amber, {ask_salt} salt, markers {ask_markers}. Add more, send it or "
        "cancel it."
    )
    return phrase(template, seat=seat_letter(trade["partner"]), **fields)


def _answer_decision(view: View) -> Phrase:
    trade = view["trade"]
    template = (
        "Player {seat} offers your Kontor {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt, markers {give_markers} for {ask_ore} ore, {ask_fur} fur, {ask_amber} "
        "amber, {ask_salt} salt, markers {ask_markers}. Accept or decline."
        if trade["kontor"]
        else "Player {seat} offers you {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt, markers {give_markers} for {ask_ore} ore, {ask_fur} fur, {ask_amber} "
        "amber, {ask_salt} salt, markers {ask_markers}. Accept or decline."
    )
    return phrase(template, seat=seat_letter(view["turn_owner"]), **_offer_fields(view))


def _split_decision(view: View) -> Phrase:
    robbery = view["robbery"]
    victim = int(robbery["victim"])
    laid = goods_count(robbery["piles"][0])
    total = laid + goods_count(view["players"][victim]["cargo"])
    if total == 1:
        return phrase(
            "Player {robber} robs you: put your only good on the first pile.",
            robber=seat_letter(view["turn_owner"]),
        )
    return phrase(
        "Player {robber} robs you: lay the first pile of your cargo, {size} of {total} goods, one "
        "good at a time; {laid} laid so far.",
        robber=seat_letter(view["turn_owner"]),
        size=(total + 1) // 2,
        total=total,
        laid=laid,
    )


def _pile_decision(view: View) -> Phrase:
    return phrase(
        "Take one of the two piles of player {seat}'s cargo.",
        seat=seat_letter(view["robbery"]["victim"]),
    )


def _forced_step_decision(view: View) -> Phrase:
    robber = view["turn_owner"]
    city = seat_city(view, int(robber)) if robber is not None else None
    return phrase(
        "Player {seat} robbed {city}: choose the route of his cog's free step away.",
        seat=seat_letter(robber),
        city=city_label(city) if city is not None else "?",
    )


def _take_marker_decision(view: View) -> Phrase:
    good = int(view["turn"]["taking"])
    return phrase(
        "For 1 {good} the guild master gives you a marker of its colour: choose one from the "
        "reserve.",
        good=GOOD_NAMES[good] if good >= 0 else "?",
    )


def _attack_decision(view: View) -> Phrase:
    owner = view["turn_owner"]
    city = seat_city(view, int(owner)) if owner is not None else None
    where = city_label(city) if city is not None else "?"
    if deciding_seat(view) == owner:
        return phrase("Conflict: you may attack another cog in {city}, or let it be.", city=where)
    return phrase(
        "Conflict: you may attack player {seat}, whose turn it is, in {city}, or let it be.",
        seat=seat_letter(owner),
        city=where,
    )


def _conflict_bid_decision(view: View) -> Phrase:
    conflict = view["conflict"]
    me = deciding_seat(view)
    sides = conflict["sides"]
    other = sides[1] if me == sides[0] else sides[0]
    return phrase(
        "Conflict with player {seat}: choose in secret how many markers of number {value} to "
        "put in.",
        seat=seat_letter(other),
        value=conflict["asking"] if conflict["asking"] is not None else "?",
    )


def _demand_decision(view: View) -> Phrase:
    return phrase(
        "You won the conflict: name three goods to take from player {seat}; you get those he has.",
        seat=seat_letter(loser_seat(view)),
    )


def _push_decision(view: View) -> Phrase:
    loser = loser_seat(view)
    city = seat_city(view, loser)
    return phrase(
        "You won the conflict: push player {seat}'s cog one step away from {city}, or leave it.",
        seat=seat_letter(loser),
        city=city_label(city) if city is not None else "?",
    )


_DECISIONS = {
    "choose_start": _choose_start,
    "start_swap": _start_swap,
    "bid": _bid_decision,
    "move_guildmaster": _gm_decision,
    "pay_tax": _tax_decision,
    "move": _move_decision,
    "pay_fee": _fee_decision,
    "action": _action_decision,
    "exchange": _exchange_decision,
    "offer_trade": _offer_decision,
    "answer_trade": _answer_decision,
    "split": _split_decision,
    "choose_pile": _pile_decision,
    "forced_step": _forced_step_decision,
    "take_marker": _take_marker_decision,
    "attack": _attack_decision,
    "conflict_bid": _conflict_bid_decision,
    "demand": _demand_decision,
    "push": _push_decision,
}


# -- chance -------------------------------------------------------------------------------------
# Route markers drawn from the reserve ("Spielvorbereitung": the guild master's marker, then one
# marker on each city's left route square and nine more on the right ones; "Bieten": eight markers
# in four lots for sale, and the +1 Wegemarker chip's free marker) and the lot between two players
# in one start city ("Startaufstellung festlegen"). The set-up squares are dealt in city order,
# first every left square (``setup.dealt`` 1 to 9), then every right one (10 to 18).

NOTE_WORDS: dict[str, str] = {
    "shows": "the marker shows {marker}",
    "show_both": "the markers show {marker} then {other}",
    "skipped": "player {seat} cannot bid",
    "skipped_many": "players {seats} cannot bid",
    "starts_in": "player {seat} starts in {city}",
    "city_shows": "the routes of your start city show markers {marker} and {other}",
    "receive": "you get markers {markers} from player {seat}",
    "receive_one": "you get marker {markers} from player {seat}",
    "receive_nothing": "you get no marker from player {seat}",
    "put_in": "player {seat} put in {count} markers",
    "put_in_one": "player {seat} put in 1 marker",
    "put_in_none": "player {seat} put in no marker",
    "wins": "player {seat} wins the conflict and may ask player {other} for three goods",
    "nobody_wins": "a tie: nobody wins the conflict",
    "other_pile": "the other pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt",
    "other_pile_nothing": "the other pile is empty",
    "winner_takes": "player {seat} gets {ore} ore, {fur} fur, {amber} amber, {salt} salt from "
    "player {other}",
    "winner_takes_nothing": "player {other} has none of the goods asked for: player {seat} gets "
    "nothing",
    "winner_takes_one": "player {seat} gets 1 good from player {other}",
    "winner_takes_count": "player {seat} gets {count} goods from player {other}",
    "sees": "the first route shows {marker}, the second {other}",
    "takes_marker": "the marker taken is {marker}",
    "reserve_holds": "the reserve holds markers {markers} of that colour",
    "reserve_holds_none": "the reserve holds no marker of that colour",
}
"""The notes closing a log text, of what a move showed the viewer (``views.note_phrases``): a
face-down marker turned, the start cities revealed, a conflict's outcome (the markers each side
put in, which the other side gets, who wins; the goods the winner gets), the players skipped in
the bids. The log text is their English; the web log translates them. A count of one has its own
note (``_one``, ``_none``), as in every language the singular differs."""

CHANCE_WORDS: dict[str, str] = {
    "guildmaster": (
        "Marker {number} is drawn: the guild master and the game-end marker start in {city}"
    ),
    "square": "Marker {number} is laid on the {square} of {city}: the route leads to {target}",
    "bonus": "Player {seat} gets marker {number} from the reserve (bonus chip {chip})",
    "offer": "Marker {number} is drawn for lot {lot}",
    "lot": "By lot, player {seat} moves before player {other}",
}
"""The log line of each chance outcome (no ``{player}``: chance acts)."""

UNSEEN_WORDS: dict[str, str] = {
    "square": "A marker is laid face down on the {square} of {city}",
    "bonus": "Player {seat} gets a hidden marker from the reserve (bonus chip {chip})",
}
"""A marker drawn face down (expert rule D, Memory: the set-up squares) or into another player's
secret holdings (the +1 Wegemarker chip), as the viewers who do not see it read it."""


def _dealt_square(view: View) -> tuple[int, int]:
    """The city and the square (0 left, 1 right) the next set-up marker goes to."""
    slot, city = divmod(int(view["setup"]["dealt"]) - FIRST_SQUARES, NUM_CITIES)
    return city, slot


def chance_phrase(action: dict[str, Any], view: View) -> Phrase:
    """A chance outcome for the log ("Marker 5 is laid on the left route of Tönsberg (0): the
    route leads to Danzig (5)"), from the spectator's view before it."""
    if action["kind"] == "lot":
        first = int(view["queue"][0])
        pair = view["order"][first : first + 2]
        other = pair[1] if action["seat"] == pair[0] else pair[0]
        return phrase(
            CHANCE_WORDS["lot"], seat=seat_letter(action["seat"]), other=seat_letter(other)
        )
    number = action["value"]
    decision = view["decision"]
    if decision == "draw_bonus":
        return fill(CHANCE_WORDS["bonus"], {**_bonus_fields(view), "number": number})
    if decision == "draw_offer":
        offer = view["offer"]
        lot = len(offer) - 1 if offer and len(offer[-1]) == 1 else len(offer)
        return phrase(CHANCE_WORDS["offer"], number=number, lot=lot + 1)
    if view["setup"]["dealt"] < FIRST_SQUARES:
        return phrase(CHANCE_WORDS["guildmaster"], number=number, city=city_label(number))
    city, slot = _dealt_square(view)
    return phrase(
        CHANCE_WORDS["square"],
        number=number,
        square=SQUARES[slot],
        city=city_label(city),
        target=city_label(number),
    )


def unseen_chance_phrase(view: View) -> Phrase | None:
    """A marker drawn face down, as a viewer who does not see it reads it: where it goes, not
    which it is; None where every draw is seen."""
    decision = view["decision"]
    if decision == "draw_bonus":
        return fill(UNSEEN_WORDS["bonus"], _bonus_fields(view))
    if decision == "deal" and view["setup"]["dealt"] >= FIRST_SQUARES:
        city, slot = _dealt_square(view)
        return phrase(UNSEEN_WORDS["square"], square=SQUARES[slot], city=city_label(city))
    return None


def _bonus_fields(view: View) -> dict[str, object]:
    """The +1 Wegemarker chip's free marker: who gets it (the first in the queue)."""
    return {"seat": seat_letter(view["queue"][0]), "chip": CHIP_WORDS["extra_marker"]}
