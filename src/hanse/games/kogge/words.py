"""Kogge in words: the pending decision and every action, for the pages and the terminal
(:mod:`hanse.core.words`). Terms follow the rulebook: cog (Kogge), Kontor, guild master
(Gildemeister), route marker (Wegemarker), robbery marker (Raubmarker), bonus chip (Bonuschip),
bid (Gebot), route square (Routenanzeiger); the goods ore, fur, amber, salt (Erz, Felle,
Bernstein, Salz).

A city is named with its number, "Reval (3)", since a marker's number is the city it leads to. The
two route squares of a city are named "left route" and "right route" (the notation's square 0 and
1, drawn left and right); lots and seats keep the notation's numbers (issue 19, item 6)."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.core.words import KindWords, Phrase, phrase
from hanse.games.kogge.actions import CITY, GMT_CHIP, GMT_GOOD, GMT_RAID, SECRET_SLOT
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CHIP_TWO_MOVES,
    CITY_NAMES,
    GOOD_NAMES,
    MARKER_COLOUR,
    NUM_CITIES,
)

CHIP_WORDS: dict[str, str] = {
    "trade3": "3:1 exchange",
    "extra_marker": "+1 route marker",
    "two_moves": "two free steps",
    "secret_route": "secret route",
}
"""The four bonus chips (Bonuschips: 3:1 tauschen, +1 Wegemarker, 2 Felder gehen, Geheimweg)."""

GOOD_ITEMS: tuple[str, ...] = tuple(f"1 {name}" for name in GOOD_NAMES)
"""One good as a payment or a trade item ("1 fur")."""

MARKER_ITEMS: tuple[str, ...] = tuple(f"marker {v}" for v in range(9))
"""One route marker by its number ("marker 5")."""

SQUARES: tuple[str, str] = ("left route", "right route")
"""The two route squares of a city (notation 0 and 1)."""

TERMS: tuple[str, ...] = (
    *GOOD_NAMES,
    *GOOD_ITEMS,
    *MARKER_ITEMS,
    *SQUARES,
    *CHIP_WORDS.values(),
)
"""Every game term a phrase's field can hold (the catalogs translate each; city names, numbers and
seats are not terms and stay as they are)."""

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


# -- reading the view -----------------------------------------------------------------------------
def _city(index: int) -> str:
    return f"{CITY_NAMES[index]} ({index})"


def _seat_city(view: View, seat: int) -> int | None:
    players = view["players"]
    if 0 <= seat < len(players):
        city = players[seat]["city"]
        return int(city) if city is not None else None
    return None


def _decider(view: View) -> int:
    decider = view.get("decider")
    return decider if isinstance(decider, int) else int(view["actor"])


def _target(view: View, city: int, slot: int) -> int | None:
    """Where route square `slot` of `city` leads, if the view shows it (face up, or known)."""
    entry = view["cities"][city]
    value = entry["markers"][slot]
    if value is None:
        value = entry["known"][slot]
    return None if value is None else int(value)


def _item(good: int, marker: int) -> str:
    return GOOD_ITEMS[good] if good >= 0 else MARKER_ITEMS[marker]


def _count(value: Any) -> int:
    """A goods holding as a number: a dict of goods, or a count (secret holdings)."""
    return sum(value.values()) if isinstance(value, dict) else int(value or 0)


def _tally(goods: dict[str, int]) -> dict[str, int]:
    return {name: goods[name] for name in GOOD_NAMES}


def _markers(values: list[int]) -> str:
    """Marker counts by number (``[0, 2, ...]``) as their numbers, "–" when none."""
    text = ", ".join(str(v) for v in range(len(values) - 1, -1, -1) for _ in range(values[v]))
    return text or "–"


def _bid(values: list[int] | None) -> str:
    return "-".join(map(str, values or []))


def _gm_target(view: View, steps: int) -> tuple[int, bool]:
    """The guild master's city after `steps` counted cities, and whether the game then ends
    (he enters or passes the game-end marker's city the second time; robbed cities are skipped)."""
    city = int(view["guildmaster"])
    passes = int(view["passes"])
    counted = 0
    for _ in range(2 * NUM_CITIES):
        if counted >= steps:
            break
        city = (city + 1) % NUM_CITIES
        if city == view["end_marker"]:
            passes += 1
        if not view["cities"][city]["robbed_by"]:
            counted += 1
    return city, passes >= 2


def _loser(view: View) -> int:
    conflict = view["conflict"]
    sides, winner = conflict["sides"], conflict["winner"]
    return int(sides[1] if winner == sides[0] else sides[0])


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
    me = _decider(view)
    ban = view["players"][me]["start_ban"] if view["seat"] == me else None
    if ban is not None:
        return phrase(
            "Too many chose the same city: choose your start city again in secret (not "
            "{city}); your first Kontor and your cog go there.",
            city=_city(int(ban)),
        )
    return phrase(
        "Choose your start city in secret with one of your markers: your first Kontor and your "
        "cog go there."
    )


def _start_swap(view: View) -> Phrase:
    city = _seat_city(view, _decider(view))
    return phrase(
        "Memory: you may lay one of your markers face down on a route square of {city}, taking "
        "the marker there, or keep both.",
        city=_city(city) if city is not None else "?",
    )


def _bid_decision(view: View) -> Phrase:
    laid = view["bids"][_decider(view)]
    if laid:
        return phrase(
            "Your bid so far: {bid}. Add a marker no higher than the last, or finish the bid.",
            bid=_bid(laid),
        )
    return phrase(
        "Bid for the turn order: lay markers one at a time, highest first; each brings two "
        "goods to its city, and the best bid moves first."
    )


def _gm_decision(view: View) -> Phrase:
    return phrase(
        "Move the guild master from {city} one or two cities on; he brings two goods to the city "
        "he reaches.",
        city=_city(int(view["guildmaster"])),
    )


def _tax_decision(view: View) -> Phrase:
    return phrase(
        "Taxes: the guild master in {city} takes one good of your choice from your cog.",
        city=_city(int(view["guildmaster"])),
    )


def _move_decision(view: View) -> Phrase:
    me = _decider(view)
    city = _seat_city(view, me)
    where = _city(city) if city is not None else "?"
    free = 2 if view["players"][me]["bonus_chips"][CHIP_NAMES[CHIP_TWO_MOVES]] else 1
    if view["turn"]["steps"] < free:
        return phrase("Move your cog from {city}: the next step is free. Or stop here.", city=where)
    return phrase(
        "Move your cog on from {city}: each further step costs one good or one marker. Or stop "
        "here.",
        city=where,
    )


def _action_decision(view: View) -> Phrase:
    city = _seat_city(view, _decider(view))
    return phrase(
        "Take your actions in {city}, each at most once this round, or end your turn.",
        city=_city(city) if city is not None else "?",
    )


def _exchange_decision(view: View) -> Phrase:
    city = _seat_city(view, _decider(view))
    exchange = view["exchange"]
    return phrase(
        "Exchange with {city}: you give {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt and take {take_ore} ore, {take_fur} fur, {take_amber} amber, "
        "{take_salt} salt. Add goods or finish.",
        city=_city(city) if city is not None else "?",
        **{f"give_{name}": n for name, n in _tally(exchange["give"]).items()},
        **{f"take_{name}": n for name, n in _tally(exchange["take"]).items()},
    )


def _offer_fields(view: View) -> dict[str, Any]:
    trade = view["trade"]
    give = trade["give_goods"] or dict.fromkeys(GOOD_NAMES, 0)
    fields: dict[str, Any] = {f"give_{name}": n for name, n in _tally(give).items()}
    fields["give_markers"] = _markers(trade["give_markers"])
    fields |= {f"ask_{name}": n for name, n in _tally(trade["ask_goods"]).items()}
    fields["ask_markers"] = _markers(trade["ask_markers"])
    return fields


def _offer_decision(view: View) -> Phrase:
    trade = view["trade"]
    fields = _offer_fields(view)
    empty = all(fields[f"{side}_{name}"] == 0 for side in ("give", "ask") for name in GOOD_NAMES)
    if empty and fields["give_markers"] == fields["ask_markers"] == "–":
        template = (
            "Compose your offer to the Kontor of seat {seat}: add the goods and markers you give "
            "and those you ask for, then send it."
            if trade["kontor"]
            else "Compose your offer to seat {seat}: add the goods and markers you give and those "
            "you ask for, then send it."
        )
        return phrase(template, seat=trade["partner"])
    template = (
        "Your offer to the Kontor of seat {seat}: you give {give_ore} ore, {give_fur} fur, "
        "{give_amber} amber, {give_salt} salt, markers {give_markers}; you ask for {ask_ore} ore, "
        "{ask_fur} fur, {ask_amber} amber, {ask_salt} salt, markers {ask_markers}. Add more, "
        "send it or cancel it."
        if trade["kontor"]
        else "Your offer to seat {seat}: you give {give_ore} ore, {give_fur} fur, {give_amber} "
        "amber, {give_salt} salt, markers {give_markers}; you ask for {ask_ore} ore, {ask_fur} "
        "fur, {ask_amber} amber, {ask_salt} salt, markers {ask_markers}. Add more, send it or "
        "cancel it."
    )
    return phrase(template, seat=trade["partner"], **fields)


def _answer_decision(view: View) -> Phrase:
    trade = view["trade"]
    template = (
        "Seat {seat} offers your Kontor {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt, markers {give_markers} for {ask_ore} ore, {ask_fur} fur, {ask_amber} "
        "amber, {ask_salt} salt, markers {ask_markers}. Accept or decline."
        if trade["kontor"]
        else "Seat {seat} offers you {give_ore} ore, {give_fur} fur, {give_amber} amber, "
        "{give_salt} salt, markers {give_markers} for {ask_ore} ore, {ask_fur} fur, {ask_amber} "
        "amber, {ask_salt} salt, markers {ask_markers}. Accept or decline."
    )
    return phrase(template, seat=view["turn_owner"], **_offer_fields(view))


def _split_decision(view: View) -> Phrase:
    robbery = view["robbery"]
    victim = int(robbery["victim"])
    laid = _count(robbery["piles"][0])
    total = laid + _count(view["players"][victim]["cargo"])
    return phrase(
        "Seat {robber} robs you: lay the first pile of your cargo, {size} of {total} goods, one "
        "good at a time; {laid} laid so far.",
        robber=view["turn_owner"],
        size=(total + 1) // 2,
        total=total,
        laid=laid,
    )


def _pile_decision(view: View) -> Phrase:
    return phrase(
        "Take one of the two piles of seat {seat}'s cargo.", seat=view["robbery"]["victim"]
    )


def _forced_step_decision(view: View) -> Phrase:
    robber = view["turn_owner"]
    city = _seat_city(view, int(robber)) if robber is not None else None
    return phrase(
        "Seat {seat} robbed {city}: choose the route of his cog's free step away.",
        seat=robber,
        city=_city(city) if city is not None else "?",
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
    city = _seat_city(view, int(owner)) if owner is not None else None
    where = _city(city) if city is not None else "?"
    if _decider(view) == owner:
        return phrase("Conflict: you may attack another cog in {city}, or let it be.", city=where)
    return phrase(
        "Conflict: you may attack seat {seat}, whose turn it is, in {city}, or let it be.",
        seat=owner,
        city=where,
    )


def _conflict_bid_decision(view: View) -> Phrase:
    conflict = view["conflict"]
    me = _decider(view)
    sides = conflict["sides"]
    other = sides[1] if me == sides[0] else sides[0]
    return phrase(
        "Conflict with seat {seat}: choose in secret how many markers of number {value} to put in.",
        seat=other,
        value=conflict["asking"] if conflict["asking"] is not None else "?",
    )


def _demand_decision(view: View) -> Phrase:
    return phrase(
        "You won the conflict: name three goods to take from seat {seat}; you get those he has.",
        seat=_loser(view),
    )


def _push_decision(view: View) -> Phrase:
    loser = _loser(view)
    city = _seat_city(view, loser)
    return phrase(
        "You won the conflict: push seat {seat}'s cog one step away from {city}, or leave it.",
        seat=loser,
        city=_city(city) if city is not None else "?",
    )


_DECISIONS = {
    "choose_start": _choose_start,
    "start_swap": _start_swap,
    "bid": _bid_decision,
    "move_guildmaster": _gm_decision,
    "pay_tax": _tax_decision,
    "move": _move_decision,
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


# -- actions --------------------------------------------------------------------------------------
def action_phrase(action: dict[str, Any], view: View) -> Phrase:
    """One action in words, e.g. "Sail to Reval (3), paying 1 ore"."""
    kind = action["kind"]
    handler = _ACTIONS.get(kind)
    if handler is not None:
        return handler(action, view)
    if kind == "skip":
        return phrase(_SKIP.get(view["decision"], "Let it pass"))
    return phrase(_SIMPLE[kind])


_SIMPLE: dict[str, str] = {
    "stop": "End the movement here",
    "build_kontor": "Build a Kontor here",
    "exchange_done": "Finish the exchange",
    "send_offer": "Send the offer",
    "cancel_trade": "Cancel the offer",
    "end_turn": "End your turn",
}

_SKIP: dict[str, str] = {
    "start_swap": "Keep the markers as they lie",
    "attack": "No conflict",
    "push": "Leave the cog where it is",
}


def _step(
    view: View, city: int | None, slot: int, templates: tuple[str, str, str], **fields: Any
) -> Phrase:
    """A step along route square `slot` of `city`: to the city it shows, by the named square if
    both squares lead there, or blind along a face-down route. `templates`: (to a city, to a city
    by a square, blind by a square); `fields`: any more fields of the templates."""
    target = _target(view, city, slot) if city is not None else None
    if target is None:
        return phrase(templates[2], square=SQUARES[slot], **fields)
    if city is not None and _target(view, city, 1 - slot) == target:
        return phrase(templates[1], city=_city(target), square=SQUARES[slot], **fields)
    return phrase(templates[0], city=_city(target), **fields)


_SAIL = ("Sail to {city}", "Sail to {city} by the {square}", "Sail blind by the {square}")
_SAIL_PAID = (
    "Sail to {city}, paying {pay}",
    "Sail to {city} by the {square}, paying {pay}",
    "Sail blind by the {square}, paying {pay}",
)


def _move(action: dict[str, Any], view: View) -> Phrase:
    me = _decider(view)
    city = _seat_city(view, me)
    pay = [GOOD_ITEMS[g] for g in action["goods"]] + [MARKER_ITEMS[m] for m in action["markers"]]
    slot = action["slot"]
    if slot == SECRET_SLOT:
        target = _city(int(view["guildmaster"]))
        if len(pay) >= 2:
            return phrase(
                "Secret route to {city}, paying {pay} and {pay2}",
                city=target,
                pay=pay[0],
                pay2=pay[1],
            )
        return phrase(
            "Secret route to {city}, paying {pay}", city=target, pay=pay[0] if pay else "?"
        )
    if not pay:
        return _step(view, city, slot, _SAIL)
    return _step(view, city, slot, _SAIL_PAID, pay=pay[0])


def _forced_step(action: dict[str, Any], view: View) -> Phrase:
    robber = view["turn_owner"]
    city = _seat_city(view, int(robber)) if robber is not None else None
    return _step(
        view,
        city,
        action["slot"],
        (
            "Send the robber to {city}",
            "Send the robber to {city} by the {square}",
            "Send the robber blind by the {square}",
        ),
    )


def _push(action: dict[str, Any], view: View) -> Phrase:
    return _step(
        view,
        _seat_city(view, _loser(view)),
        action["slot"],
        (
            "Push the cog to {city}",
            "Push the cog to {city} by the {square}",
            "Push the cog blind by the {square}",
        ),
    )


def _choose_start_action(action: dict[str, Any], view: View) -> Phrase:
    return phrase("Start in {city}", city=_city(action["marker"]))


def _bid_action(action: dict[str, Any], view: View) -> Phrase:
    marker = action["marker"]
    return phrase("Bid {marker}: goods to {city}", marker=MARKER_ITEMS[marker], city=_city(marker))


def _bid_done(action: dict[str, Any], view: View) -> Phrase:
    laid = view["bids"][_decider(view)]
    if not laid:
        return phrase("Bid nothing")
    return phrase("Finish the bid: {bid}", bid=_bid(laid))


def _gm_move(action: dict[str, Any], view: View) -> Phrase:
    steps = action["steps"]
    city, ends = _gm_target(view, steps)
    if ends:
        template = (
            "Guild master 1 city on, to {city}: the game ends"
            if steps == 1
            else "Guild master 2 cities on, to {city}: the game ends"
        )
    else:
        template = (
            "Guild master 1 city on, to {city}"
            if steps == 1
            else "Guild master 2 cities on, to {city}"
        )
    return phrase(template, city=_city(city))


def _pay_tax(action: dict[str, Any], view: View) -> Phrase:
    return phrase("Pay {pay} as tax", pay=GOOD_ITEMS[action["good"]])


def _collect(action: dict[str, Any], view: View) -> Phrase:
    city = _seat_city(view, _decider(view))
    return phrase(
        "Collect the goods of your Kontor in {city}",
        city=_city(city) if city is not None else "?",
    )


def _gm_trade(action: dict[str, Any], view: View) -> Phrase:
    option = action["option"]
    if option == GMT_RAID:
        return phrase(
            "Guild master: 3 × {marker} for your second robbery marker",
            marker=MARKER_ITEMS[action["marker"]],
        )
    if option == GMT_CHIP:
        return phrase(
            "Guild master: 6 × {good} for the bonus chip {chip}",
            good=GOOD_NAMES[action["good"]],
            chip=CHIP_WORDS[CHIP_NAMES[action["chip"]]],
        )
    if option == GMT_GOOD:
        good = action["good"]
        values = [v for v in range(9) if MARKER_COLOUR[v] == good]
        return phrase(
            "Guild master: {pay} for a marker {low}–{high} of your choice",
            pay=GOOD_ITEMS[good],
            low=values[0],
            high=values[-1],
        )
    marker = action["marker"]
    return phrase(
        "Guild master: {marker} for {pay}",
        marker=MARKER_ITEMS[marker],
        pay=GOOD_ITEMS[MARKER_COLOUR[marker]],
    )


def _take_marker(action: dict[str, Any], view: View) -> Phrase:
    marker = action["marker"]
    if marker < 0:
        good = int(view["turn"]["taking"])
        return phrase(
            "Take no marker: your {good} comes back", good=GOOD_NAMES[good] if good >= 0 else "?"
        )
    return phrase("Take {marker}", marker=MARKER_ITEMS[marker])


def _buy(action: dict[str, Any], view: View) -> Phrase:
    lot = action["lot"]
    offer = view["offer"]
    if 0 <= lot < len(offer) and len(offer[lot]) == 2:
        first, second = offer[lot]
        return phrase(
            "Buy lot {lot} (markers {first} and {second}) for {pay}",
            lot=lot,
            first=first,
            second=second,
            pay=GOOD_ITEMS[action["good"]],
        )
    return phrase("Buy lot {lot} for {pay}", lot=lot, pay=GOOD_ITEMS[action["good"]])


def _exchange(action: dict[str, Any], view: View) -> Phrase:
    template = "Exchange: give {pay}" if action["side"] == 0 else "Exchange: take {pay}"
    return phrase(template, pay=GOOD_ITEMS[action["good"]])


def _change_route(action: dict[str, Any], view: View) -> Phrase:
    marker = action["marker"]
    return phrase(
        "Lay your {marker} on the {square}: to {city}",
        marker=MARKER_ITEMS[marker],
        square=SQUARES[action["slot"]],
        city=_city(marker),
    )


def _rob(action: dict[str, Any], view: View) -> Phrase:
    victim = action["victim"]
    if victim == CITY:
        city = _seat_city(view, _decider(view))
        return phrase(
            "Rob the city {city}: all its goods", city=_city(city) if city is not None else "?"
        )
    return phrase("Rob the cog of seat {seat}", seat=victim)


def _split(action: dict[str, Any], view: View) -> Phrase:
    return phrase("Put {pay} on the first pile", pay=GOOD_ITEMS[action["good"]])


def _take_pile(action: dict[str, Any], view: View) -> Phrase:
    pile = view["robbery"]["piles"][action["pile"]]
    first = action["pile"] == 0
    if isinstance(pile, dict):
        template = (
            "Take the first pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
            if first
            else "Take the second pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
        )
        return phrase(template, **_tally(pile))
    template = (
        "Take the first pile ({count} goods)" if first else "Take the second pile ({count} goods)"
    )
    return phrase(template, count=pile)


def _offer_trade(action: dict[str, Any], view: View) -> Phrase:
    template = (
        "Offer a trade to the Kontor of seat {seat}"
        if action["kontor"]
        else "Offer a trade to seat {seat}"
    )
    return phrase(template, seat=action["seat"])


def _trade_item(action: dict[str, Any], view: View) -> Phrase:
    template = "Offer {item}" if action["side"] == 0 else "Ask for {item}"
    return phrase(template, item=_item(action["good"], action["marker"]))


def _answer(action: dict[str, Any], view: View) -> Phrase:
    return phrase("Accept the offer" if action["accept"] else "Decline the offer")


def _look(action: dict[str, Any], view: View) -> Phrase:
    return phrase(
        "Look at the markers here, paying {pay}", pay=_item(action["good"], action["marker"])
    )


def _attack(action: dict[str, Any], view: View) -> Phrase:
    return phrase("Attack seat {seat}", seat=action["seat"])


def _conflict_bid(action: dict[str, Any], view: View) -> Phrase:
    marker = MARKER_ITEMS[action["value"]]
    count = action["count"]
    if count == 0:
        return phrase("Put in no {marker}", marker=marker)
    return phrase("Put in {count} × {marker}", count=count, marker=marker)


def _demand(action: dict[str, Any], view: View) -> Phrase:
    wanted = [(n, GOOD_NAMES[t]) for t, n in enumerate(action["goods"]) if n]
    wanted.sort(key=lambda pair: -pair[0])
    if len(wanted) == 1:
        return phrase("Demand 3 × {good}", good=wanted[0][1])
    if len(wanted) == 2:
        return phrase("Demand 2 × {good} and 1 {good2}", good=wanted[0][1], good2=wanted[1][1])
    goods = [name for _, name in wanted] + ["?", "?"]
    return phrase(
        "Demand 1 {good}, 1 {good2} and 1 {good3}", good=goods[0], good2=goods[1], good3=goods[2]
    )


_ACTIONS = {
    "choose_start": _choose_start_action,
    "bid": _bid_action,
    "bid_done": _bid_done,
    "move_guildmaster": _gm_move,
    "pay_tax": _pay_tax,
    "move": _move,
    "collect": _collect,
    "guildmaster_trade": _gm_trade,
    "take_marker": _take_marker,
    "buy_markers": _buy,
    "exchange": _exchange,
    "change_route": _change_route,
    "rob": _rob,
    "split": _split,
    "take_pile": _take_pile,
    "forced_step": _forced_step,
    "offer_trade": _offer_trade,
    "trade_item": _trade_item,
    "answer_trade": _answer,
    "look": _look,
    "attack": _attack,
    "conflict_bid": _conflict_bid,
    "demand": _demand,
    "push": _push,
}


# -- the log --------------------------------------------------------------------------------------
def _letter(seat: Any) -> str:
    """A seat as the board marks it (A for seat 0)."""
    return "ABCDE"[int(seat)]


def _where(view: View, seat: int) -> str:
    city = _seat_city(view, seat)
    return _city(city) if city is not None else "?"


def _log_step(
    view: View, mover: int, slot: int, templates: tuple[str, str, str], **fields: Any
) -> Phrase:
    """A step of `mover`'s cog along route square `slot` of its city: to the city the spectator
    sees there (face up), by the named square if both lead there, else only by the square (a
    face-down marker is turned by the step, and the log's own text tells what it shows)."""
    city = _seat_city(view, mover)
    target = _target(view, city, slot) if city is not None else None
    if target is None or target == city:
        return phrase(templates[2], square=SQUARES[slot], **fields)
    if city is not None and _target(view, city, 1 - slot) == target:
        return phrase(templates[1], city=_city(target), square=SQUARES[slot], **fields)
    return phrase(templates[0], city=_city(target), **fields)


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} sails to Reval (3), paying 1
    ore"), from the spectator's view before it (:mod:`hanse.core.words`): only the action's own
    fields and what everybody sees (face-up markers, cities, bids, the offer) go into it."""
    kind = action["kind"]
    handler = _LOG.get(kind)
    if handler is not None:
        return handler(action, view, actor)
    if kind == "skip":
        return _log_skip(view)
    return phrase(_SIMPLE_LOG[kind], city=_where(view, actor))


_SIMPLE_LOG: dict[str, str] = {
    "stop": "{player} ends the movement in {city}",
    "build_kontor": "{player} builds a Kontor in {city}",
    "collect": "{player} collects the goods of the Kontor in {city}",
    "exchange_done": "{player} finishes the exchange with {city}",
    "end_turn": "{player} ends the turn in {city}",
}


def _log_skip(view: View) -> Phrase:
    decision = view["decision"]
    if decision == "start_swap":
        return phrase("{player} keeps the markers as they lie")
    if decision == "attack":
        return phrase("{player} starts no conflict")
    if decision == "push":
        return phrase("{player} leaves player {seat}'s cog where it is", seat=_letter(_loser(view)))
    return phrase("{player} lets it pass")


def _log_start(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase("{player} chooses {city} as start city", city=_city(action["marker"]))


def _log_bid(action: dict[str, Any], view: View, actor: int) -> Phrase:
    marker = action["marker"]
    return phrase(
        "{player} bids {marker}: goods to {city}", marker=MARKER_ITEMS[marker], city=_city(marker)
    )


def _log_bid_done(action: dict[str, Any], view: View, actor: int) -> Phrase:
    laid = view["bids"][actor]
    if not laid:
        return phrase("{player} bids nothing")
    return phrase("{player} finishes the bid: {bid}", bid=_bid(laid))


def _log_gm(action: dict[str, Any], view: View, actor: int) -> Phrase:
    steps = action["steps"]
    city, ends = _gm_target(view, steps)
    if ends:
        template = (
            "{player} moves the guild master 1 city on, to {city}: the game ends"
            if steps == 1
            else "{player} moves the guild master 2 cities on, to {city}: the game ends"
        )
    else:
        template = (
            "{player} moves the guild master 1 city on, to {city}"
            if steps == 1
            else "{player} moves the guild master 2 cities on, to {city}"
        )
    return phrase(template, city=_city(city))


def _log_tax(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase("{player} pays {pay} as tax", pay=GOOD_ITEMS[action["good"]])


def _log_move(action: dict[str, Any], view: View, actor: int) -> Phrase:
    pay = [GOOD_ITEMS[g] for g in action["goods"]] + [MARKER_ITEMS[m] for m in action["markers"]]
    slot = action["slot"]
    if slot == SECRET_SLOT:
        target = _city(int(view["guildmaster"]))
        if len(pay) >= 2:
            return phrase(
                "{player} takes the secret route to {city}, paying {pay} and {pay2}",
                city=target,
                pay=pay[0],
                pay2=pay[1],
            )
        if pay:
            return phrase(
                "{player} takes the secret route to {city}, paying {pay}", city=target, pay=pay[0]
            )
        return phrase("{player} takes the secret route to {city}", city=target)
    if not pay:
        return _log_step(
            view,
            actor,
            slot,
            (
                "{player} sails to {city}",
                "{player} sails to {city} by the {square}",
                "{player} sails along the {square}",
            ),
        )
    return _log_step(
        view,
        actor,
        slot,
        (
            "{player} sails to {city}, paying {pay}",
            "{player} sails to {city} by the {square}, paying {pay}",
            "{player} sails along the {square}, paying {pay}",
        ),
        pay=pay[0],
    )


def _log_gm_trade(action: dict[str, Any], view: View, actor: int) -> Phrase:
    option = action["option"]
    if option == GMT_RAID:
        return phrase(
            "{player} gives the guild master 3 × {marker} for a second robbery marker",
            marker=MARKER_ITEMS[action["marker"]],
        )
    if option == GMT_CHIP:
        return phrase(
            "{player} gives the guild master 6 × {good} for the bonus chip {chip}",
            good=GOOD_NAMES[action["good"]],
            chip=CHIP_WORDS[CHIP_NAMES[action["chip"]]],
        )
    if option == GMT_GOOD:
        return phrase(
            "{player} gives the guild master {pay} for a marker of its colour",
            pay=GOOD_ITEMS[action["good"]],
        )
    marker = action["marker"]
    return phrase(
        "{player} gives the guild master {marker} for {pay}",
        marker=MARKER_ITEMS[marker],
        pay=GOOD_ITEMS[MARKER_COLOUR[marker]],
    )


def _log_take_marker(action: dict[str, Any], view: View, actor: int) -> Phrase:
    marker = action["marker"]
    if marker < 0:
        good = int(view["turn"]["taking"])
        if good < 0:
            return phrase("{player} takes no marker")
        return phrase("{player} takes no marker and gets {pay} back", pay=GOOD_ITEMS[good])
    return phrase("{player} takes {marker} from the reserve", marker=MARKER_ITEMS[marker])


def _log_buy(action: dict[str, Any], view: View, actor: int) -> Phrase:
    lot = action["lot"]
    offer = view["offer"]
    pay = GOOD_ITEMS[action["good"]]
    if 0 <= lot < len(offer) and len(offer[lot]) == 2:
        first, second = offer[lot]
        return phrase(
            "{player} buys markers {first} and {second} for {pay}",
            first=first,
            second=second,
            pay=pay,
        )
    return phrase("{player} buys lot {lot} for {pay}", lot=lot, pay=pay)


def _log_exchange(action: dict[str, Any], view: View, actor: int) -> Phrase:
    template = (
        "{player} gives {pay} to {city} in exchange"
        if action["side"] == 0
        else "{player} takes {pay} from {city} in exchange"
    )
    return phrase(template, pay=GOOD_ITEMS[action["good"]], city=_where(view, actor))


def _log_change_route(action: dict[str, Any], view: View, actor: int) -> Phrase:
    marker, slot = action["marker"], action["slot"]
    city = _seat_city(view, actor)
    taken = view["cities"][city]["markers"][slot] if city is not None else None
    if taken is not None:
        return phrase(
            "{player} lays {marker} on the {square} of {city} and takes {taken}: the route "
            "leads to {target}",
            marker=MARKER_ITEMS[marker],
            square=SQUARES[slot],
            city=_where(view, actor),
            taken=MARKER_ITEMS[int(taken)],
            target=_city(marker),
        )
    return phrase(
        "{player} lays {marker} on the {square} of {city}: the route leads to {target}",
        marker=MARKER_ITEMS[marker],
        square=SQUARES[slot],
        city=_where(view, actor),
        target=_city(marker),
    )


def _log_rob(action: dict[str, Any], view: View, actor: int) -> Phrase:
    victim = action["victim"]
    if victim == CITY:
        return phrase("{player} robs the city {city}", city=_where(view, actor))
    return phrase(
        "{player} robs player {seat}'s cog in {city}",
        seat=_letter(victim),
        city=_where(view, actor),
    )


def _log_split(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase("{player} puts {pay} on the first pile", pay=GOOD_ITEMS[action["good"]])


def _log_take_pile(action: dict[str, Any], view: View, actor: int) -> Phrase:
    pile = view["robbery"]["piles"][action["pile"]]
    first = action["pile"] == 0
    if isinstance(pile, dict):
        template = (
            "{player} takes the first pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
            if first
            else "{player} takes the second pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
        )
        return phrase(template, **_tally(pile))
    template = (
        "{player} takes the first pile ({count} goods)"
        if first
        else "{player} takes the second pile ({count} goods)"
    )
    return phrase(template, count=pile)


def _log_forced_step(action: dict[str, Any], view: View, actor: int) -> Phrase:
    robber = view["turn_owner"]
    if robber is None:
        return phrase(
            "{player} sends the robber along the {square}", square=SQUARES[action["slot"]]
        )
    return _log_step(
        view,
        int(robber),
        action["slot"],
        (
            "{player} sends the robber (player {seat}) to {city}",
            "{player} sends the robber (player {seat}) to {city} by the {square}",
            "{player} sends the robber (player {seat}) along the {square}",
        ),
        seat=_letter(robber),
    )


def _log_offer(action: dict[str, Any], view: View, actor: int) -> Phrase:
    template = (
        "{player} starts an offer to the Kontor of player {seat}"
        if action["kontor"]
        else "{player} starts an offer to player {seat}"
    )
    return phrase(template, seat=_letter(action["seat"]))


def _log_trade_item(action: dict[str, Any], view: View, actor: int) -> Phrase:
    template = "{player} offers {item}" if action["side"] == 0 else "{player} asks for {item}"
    return phrase(template, item=_item(action["good"], action["marker"]))


def _log_send(action: dict[str, Any], view: View, actor: int) -> Phrase:
    trade = view["trade"]
    partner = trade["partner"]
    if not isinstance(partner, int) or not 0 <= partner < len(view["players"]):
        return phrase("{player} sends the offer")
    template = (
        "{player} sends the offer to the Kontor of player {seat}"
        if trade["kontor"]
        else "{player} sends the offer to player {seat}"
    )
    return phrase(template, seat=_letter(partner))


def _log_cancel(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase("{player} withdraws the offer")


def _log_answer(action: dict[str, Any], view: View, actor: int) -> Phrase:
    owner = view["turn_owner"]
    if owner is None:
        return phrase(
            "{player} accepts the offer" if action["accept"] else "{player} declines the offer"
        )
    template = (
        "{player} accepts player {seat}'s offer"
        if action["accept"]
        else "{player} declines player {seat}'s offer"
    )
    return phrase(template, seat=_letter(owner))


def _log_look(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase(
        "{player} pays {pay} to look at the markers of {city}",
        pay=_item(action["good"], action["marker"]),
        city=_where(view, actor),
    )


def _log_attack(action: dict[str, Any], view: View, actor: int) -> Phrase:
    return phrase(
        "{player} attacks player {seat} in {city}",
        seat=_letter(action["seat"]),
        city=_where(view, actor),
    )


def _log_conflict_bid(action: dict[str, Any], view: View, actor: int) -> Phrase:
    marker = MARKER_ITEMS[action["value"]]
    count = action["count"]
    if count == 0:
        return phrase("{player} puts no {marker} into the conflict", marker=marker)
    return phrase("{player} puts {count} × {marker} into the conflict", count=count, marker=marker)


def _log_demand(action: dict[str, Any], view: View, actor: int) -> Phrase:
    wanted = [(n, GOOD_NAMES[t]) for t, n in enumerate(action["goods"]) if n]
    wanted.sort(key=lambda pair: -pair[0])
    if len(wanted) == 1:
        return phrase("{player} demands {count} × {good}", count=wanted[0][0], good=wanted[0][1])
    if len(wanted) == 2:
        return phrase(
            "{player} demands {count} × {good} and {count2} × {good2}",
            count=wanted[0][0],
            good=wanted[0][1],
            count2=wanted[1][0],
            good2=wanted[1][1],
        )
    if len(wanted) == 3:
        return phrase(
            "{player} demands 1 {good}, 1 {good2} and 1 {good3}",
            good=wanted[0][1],
            good2=wanted[1][1],
            good3=wanted[2][1],
        )
    return phrase("{player} demands nothing")


def _log_push(action: dict[str, Any], view: View, actor: int) -> Phrase:
    loser = _loser(view)
    return _log_step(
        view,
        loser,
        action["slot"],
        (
            "{player} pushes player {seat}'s cog to {city}",
            "{player} pushes player {seat}'s cog to {city} by the {square}",
            "{player} pushes player {seat}'s cog along the {square}",
        ),
        seat=_letter(loser),
    )


_LOG = {
    "choose_start": _log_start,
    "bid": _log_bid,
    "bid_done": _log_bid_done,
    "move_guildmaster": _log_gm,
    "pay_tax": _log_tax,
    "move": _log_move,
    "guildmaster_trade": _log_gm_trade,
    "take_marker": _log_take_marker,
    "buy_markers": _log_buy,
    "exchange": _log_exchange,
    "change_route": _log_change_route,
    "rob": _log_rob,
    "split": _log_split,
    "take_pile": _log_take_pile,
    "forced_step": _log_forced_step,
    "offer_trade": _log_offer,
    "trade_item": _log_trade_item,
    "send_offer": _log_send,
    "cancel_trade": _log_cancel,
    "answer_trade": _log_answer,
    "look": _log_look,
    "attack": _log_attack,
    "conflict_bid": _log_conflict_bid,
    "demand": _log_demand,
    "push": _log_push,
}
