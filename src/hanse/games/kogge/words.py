"""Kogge in words: the pending decision, every action and what chance draws, for the pages and the
terminal (:mod:`hanse.core.words`). Terms follow the rulebook: cog (Kogge), Kontor, guild master
(Gildemeister), route marker (Wegemarker), robbery marker (Raubmarker), bonus chip (Bonuschip), bid
(Gebot), route square (Routenanzeiger); the goods ore, fur, amber, salt (Erz, Felle, Bernstein,
Salz).

A city is named with the number printed on the board, "Reval (3)", since a marker's number is the
city it leads to. Every other number a player reads counts from 1: the two route squares of a city
are the "first route" and the "second route" (the notation's square 0 and 1, drawn left and right),
the lots of the offer are lots 1 to 4 (the notation's 0 to 3). Seats are named by their letter on
the board (A for seat 0), as in the log and the other games' words. A count of things takes the
singular for exactly one in all three languages (:func:`hanse.games.svg_parts.plural`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hanse.core import View
from hanse.core.words import KindWords, Phrase, fill, phrase
from hanse.games.kogge.actions import CITY, GMT_CHIP, GMT_GOOD, GMT_RAID, SECRET_SLOT
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CHIP_TWO_MOVES,
    CITY_NAMES,
    GOOD_NAMES,
    MARKER_COLOUR,
    NUM_CITIES,
)
from hanse.games.kogge.rules.setup import FIRST_SQUARES
from hanse.games.svg_parts import SEAT_LETTERS

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

SQUARES: tuple[str, str] = ("first route", "second route")
"""The two route squares of a city (notation 0 and 1, drawn left and right), counted from 1 as the
board's labels count them ("square 1")."""

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


# -- reading the view -----------------------------------------------------------------------------
def city_label(index: int) -> str:
    """A city with the number printed on the board ("Reval (3)")."""
    return f"{CITY_NAMES[index]} ({index})"


_city = city_label


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
    if not _steps_paid(view, me):
        return phrase("Move your cog from {city}: the next step is free. Or stop here.", city=where)
    return phrase(
        "Move your cog on from {city}: each further step costs one good or one marker. Or stop "
        "here.",
        city=where,
    )


def _fee_decision(view: View) -> Phrase:
    return phrase(
        "Secret route to {city}: pay its second good or marker.",
        city=_city(int(view["guildmaster"])),
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
            "Compose your offer to the Kontor of player {seat}: add the goods and markers you give "
            "and those you ask for, then send it."
            if trade["kontor"]
            else "Compose your offer to player {seat}: add the goods and markers you give and "
            "those you ask for, then send it."
        )
        return phrase(template, seat=_letter(trade["partner"]))
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
    return phrase(template, seat=_letter(trade["partner"]), **fields)


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
    return phrase(template, seat=_letter(view["turn_owner"]), **_offer_fields(view))


def _split_decision(view: View) -> Phrase:
    robbery = view["robbery"]
    victim = int(robbery["victim"])
    laid = _count(robbery["piles"][0])
    total = laid + _count(view["players"][victim]["cargo"])
    if total == 1:
        return phrase(
            "Player {robber} robs you: put your only good on the first pile.",
            robber=_letter(view["turn_owner"]),
        )
    return phrase(
        "Player {robber} robs you: lay the first pile of your cargo, {size} of {total} goods, one "
        "good at a time; {laid} laid so far.",
        robber=_letter(view["turn_owner"]),
        size=(total + 1) // 2,
        total=total,
        laid=laid,
    )


def _pile_decision(view: View) -> Phrase:
    return phrase(
        "Take one of the two piles of player {seat}'s cargo.",
        seat=_letter(view["robbery"]["victim"]),
    )


def _forced_step_decision(view: View) -> Phrase:
    robber = view["turn_owner"]
    city = _seat_city(view, int(robber)) if robber is not None else None
    return phrase(
        "Player {seat} robbed {city}: choose the route of his cog's free step away.",
        seat=_letter(robber),
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
        "Conflict: you may attack player {seat}, whose turn it is, in {city}, or let it be.",
        seat=_letter(owner),
        city=where,
    )


def _conflict_bid_decision(view: View) -> Phrase:
    conflict = view["conflict"]
    me = _decider(view)
    sides = conflict["sides"]
    other = sides[1] if me == sides[0] else sides[0]
    return phrase(
        "Conflict with player {seat}: choose in secret how many markers of number {value} to "
        "put in.",
        seat=_letter(other),
        value=conflict["asking"] if conflict["asking"] is not None else "?",
    )


def _demand_decision(view: View) -> Phrase:
    return phrase(
        "You won the conflict: name three goods to take from player {seat}; you get those he has.",
        seat=_letter(_loser(view)),
    )


def _push_decision(view: View) -> Phrase:
    loser = _loser(view)
    city = _seat_city(view, loser)
    return phrase(
        "You won the conflict: push player {seat}'s cog one step away from {city}, or leave it.",
        seat=_letter(loser),
        city=_city(city) if city is not None else "?",
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


# -- actions: each case once ----------------------------------------------------------------------
# An action is told twice, on its button (imperative, "Sail to Reval (3)") and in the log (third
# person, "{player} sails to Reval (3)"). One function per kind finds the action's case and the
# fields either text may name; :data:`BUTTONS` and :data:`LOG_LINES` hold the two templates of each
# case, and a template takes the fields it names. A seat is named by its letter, as the board,
# the log and the other games' words name it (A for seat 0).

Fields = dict[str, Any]
Case = tuple[str, Fields]
"""An action's case (a key of :data:`BUTTONS` and :data:`LOG_LINES`) and its fields."""


def _letter(seat: Any) -> str:
    """A seat as the board and the log mark it (A for seat 0); "?" where the view has none."""
    return SEAT_LETTERS[seat] if isinstance(seat, int) and 0 <= seat < len(SEAT_LETTERS) else "?"


def _where(view: View, seat: int) -> str:
    city = _seat_city(view, seat)
    return _city(city) if city is not None else "?"


def _step(view: View, city: int | None, slot: int) -> Case:
    """A step along route square `slot` of `city`, by what `view` shows there: ``to`` the city the
    square leads to, ``by`` the named square if both squares lead there, ``blind`` along a
    face-down route; ``to_own``/``by_own`` where the square shows the city's own number (Memory:
    the set-up may lay it there), which the log tells as a step along the square."""
    target = _target(view, city, slot) if city is not None else None
    if target is None:
        return "blind", {"square": SQUARES[slot]}
    way = "by" if city is not None and _target(view, city, 1 - slot) == target else "to"
    return way + ("_own" if target == city else ""), {
        "city": _city(target),
        "square": SQUARES[slot],
    }


def _steps(kind: str, to: str, by: str, blind: str, *, own_blind: bool) -> dict[str, str]:
    """The templates of a kind's steps (:func:`_step`): to a city, by a square, blind; a step to
    the city's own number `own_blind` or as to any city."""
    return {
        f"{kind}/to": to,
        f"{kind}/by": by,
        f"{kind}/blind": blind,
        f"{kind}/to_own": blind if own_blind else to,
        f"{kind}/by_own": blind if own_blind else by,
    }


def _start_city(action: dict[str, Any], view: View, seat: int) -> Case:
    return "choose_start", {"city": _city(action["marker"])}


def _bid_marker(action: dict[str, Any], view: View, seat: int) -> Case:
    """A bid marker brings two goods to the city of its number ("Gebot")."""
    marker = action["marker"]
    return "bid", {"marker": MARKER_ITEMS[marker], "city": _city(marker)}


def _bid_done(action: dict[str, Any], view: View, seat: int) -> Case:
    laid = view["bids"][seat]
    return ("bid_done", {"bid": _bid(laid)}) if laid else ("bid_done/nothing", {})


def _move_guildmaster(action: dict[str, Any], view: View, seat: int) -> Case:
    """The guild master moves one or two cities on, skipping robbed cities; the game ends when he
    reaches or passes the game-end marker's city the second time (:func:`_gm_target`)."""
    steps = action["steps"]
    city, ends = _gm_target(view, steps)
    key = "move_guildmaster/" + ("1" if steps == 1 else "2") + ("_end" if ends else "")
    return key, {"city": _city(city)}


def _pay(action: dict[str, Any], view: View, seat: int) -> Case:
    """A good given away: as tax (expert rule A) or onto the first pile of a robbed cargo."""
    return action["kind"], {"pay": GOOD_ITEMS[action["good"]]}


def _move(action: dict[str, Any], view: View, seat: int) -> Case:
    """A step of the cog: the first is free (two with the chip), each further one costs one good
    or one marker; the secret route (bonus chip) leads to the guild master's city for one item
    more, the second of a step that is not free asked next (``pay_fee``)."""
    paid = [GOOD_ITEMS[g] for g in action["goods"]] + [MARKER_ITEMS[m] for m in action["markers"]]
    pay = paid[0] if paid else "?"
    if action["slot"] == SECRET_SLOT:
        key = "move/secret_first" if _steps_paid(view, seat) else "move/secret_paid"
        return key, {"city": _city(int(view["guildmaster"])), "pay": pay}
    way, fields = _step(view, _seat_city(view, seat), action["slot"])
    return ("move_paid/" if paid else "move/") + way, {**fields, "pay": pay}


def _steps_paid(view: View, seat: int) -> bool:
    """True once the free step(s) of this movement are used (two with '2 Felder gehen')."""
    free = 2 if view["players"][seat]["bonus_chips"][CHIP_NAMES[CHIP_TWO_MOVES]] else 1
    return int(view["turn"]["steps"]) >= free


def _pay_fee(action: dict[str, Any], view: View, seat: int) -> Case:
    """The secret route's second item, after which the cog reaches the guild master's city."""
    item = _item(action["good"], action["marker"])
    return "pay_fee", {"pay": item, "city": _city(int(view["guildmaster"]))}


def _in_city(action: dict[str, Any], view: View, seat: int) -> Case:
    """An action that names only the city of the cog (stop, build, collect, end)."""
    return action["kind"], {"city": _where(view, seat)}


def _guildmaster_trade(action: dict[str, Any], view: View, seat: int) -> Case:
    """Trading with the guild master ("Handel mit dem Gildemeister"): three equal markers for the
    second robbery marker, six equal goods for a bonus chip, a good for a marker of its colour, a
    marker for a good of its colour."""
    option = action["option"]
    if option == GMT_RAID:
        return "guildmaster_trade/raid", {"marker": MARKER_ITEMS[action["marker"]]}
    if option == GMT_CHIP:
        return "guildmaster_trade/chip", {
            "good": GOOD_NAMES[action["good"]],
            "chip": CHIP_WORDS[CHIP_NAMES[action["chip"]]],
        }
    if option == GMT_GOOD:
        good = action["good"]
        values = [v for v in range(9) if MARKER_COLOUR[v] == good]
        return "guildmaster_trade/good", {
            "pay": GOOD_ITEMS[good],
            "low": values[0],
            "high": values[-1],
        }
    marker = action["marker"]
    return "guildmaster_trade/marker", {
        "marker": MARKER_ITEMS[marker],
        "pay": GOOD_ITEMS[MARKER_COLOUR[marker]],
    }


def _take_marker(action: dict[str, Any], view: View, seat: int) -> Case:
    """The marker for the good given to the guild master, or none (the good comes back)."""
    marker = action["marker"]
    if marker >= 0:
        return "take_marker", {"marker": MARKER_ITEMS[marker]}
    good = int(view["turn"]["taking"])
    if good < 0:
        return "take_marker/none", {"good": "?"}
    return "take_marker/back", {"good": GOOD_NAMES[good], "pay": GOOD_ITEMS[good]}


def _buy_markers(action: dict[str, Any], view: View, seat: int) -> Case:
    lot = action["lot"]
    offer = view["offer"]
    pay = GOOD_ITEMS[action["good"]]
    if 0 <= lot < len(offer) and len(offer[lot]) == 2:
        first, second = offer[lot]
        return "buy_markers/pair", {"lot": lot + 1, "first": first, "second": second, "pay": pay}
    return "buy_markers", {"lot": lot + 1, "pay": pay}


def _exchange(action: dict[str, Any], view: View, seat: int) -> Case:
    key = "exchange/give" if action["side"] == 0 else "exchange/take"
    return key, {"pay": GOOD_ITEMS[action["good"]], "city": _where(view, seat)}


def _change_route(action: dict[str, Any], view: View, seat: int) -> Case:
    """A marker laid face down on a route square of the cog's city, the marker there taken: the
    route now leads to the city of the new marker (`target`; the button calls it ``{city}``)."""
    marker, slot = action["marker"], action["slot"]
    city = _seat_city(view, seat)
    taken = view["cities"][city]["markers"][slot] if city is not None else None
    fields: Fields = {"marker": MARKER_ITEMS[marker], "square": SQUARES[slot]}
    fields["city"] = _where(view, seat)
    if taken is not None:
        fields["taken"] = MARKER_ITEMS[int(taken)]
    fields["target"] = _city(marker)
    return ("change_route/taken" if taken is not None else "change_route"), fields


def _rob(action: dict[str, Any], view: View, seat: int) -> Case:
    """A robbery ("Raub"): all goods of the city and its Kontore, or half a cog's cargo."""
    victim = action["victim"]
    if victim == CITY:
        return "rob/city", {"city": _where(view, seat)}
    return "rob/cog", {"seat": victim, "city": _where(view, seat)}


def _take_pile(action: dict[str, Any], view: View, seat: int) -> Case:
    """The robber takes one of the two piles; a pile is told by its goods where the view shows
    them, else by their number."""
    pile = view["robbery"]["piles"][action["pile"]]
    key = "take_pile/first" if action["pile"] == 0 else "take_pile/second"
    if isinstance(pile, dict):
        return key, _tally(pile)
    return key + ("_one" if pile == 1 else "_count"), {"count": pile}


def _forced_step(action: dict[str, Any], view: View, seat: int) -> Case:
    """The robber's free step away from the city he robbed, chosen by the robbed player."""
    robber = view["turn_owner"]
    if robber is None:
        return "forced_step/unseen", {"square": SQUARES[action["slot"]]}
    way, fields = _step(view, _seat_city(view, int(robber)), action["slot"])
    return "forced_step/" + way, {**fields, "seat": robber}


def _offer_trade(action: dict[str, Any], view: View, seat: int) -> Case:
    """An offer to a player whose cog is in the city, or (expert rule B) to his Kontor."""
    key = "offer_trade/kontor" if action["kontor"] else "offer_trade"
    return key, {"seat": action["seat"]}


def _trade_item(action: dict[str, Any], view: View, seat: int) -> Case:
    key = "trade_item/give" if action["side"] == 0 else "trade_item/ask"
    return key, {"item": _item(action["good"], action["marker"])}


def _send_offer(action: dict[str, Any], view: View, seat: int) -> Case:
    trade = view["trade"]
    partner = trade["partner"]
    if not isinstance(partner, int) or not 0 <= partner < len(view["players"]):
        return "send_offer", {}
    return ("send_offer/kontor" if trade["kontor"] else "send_offer/seat"), {"seat": partner}


def _no_fields(action: dict[str, Any], view: View, seat: int) -> Case:
    return action["kind"], {}


def _answer_trade(action: dict[str, Any], view: View, seat: int) -> Case:
    key = "answer_trade/accept" if action["accept"] else "answer_trade/decline"
    owner = view["turn_owner"]
    return (key, {}) if owner is None else (key + "_from", {"seat": owner})


def _look(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule D: a good or marker paid to look at the face-down markers of the city."""
    return "look", {"pay": _item(action["good"], action["marker"]), "city": _where(view, seat)}


def _attack(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule C: a conflict with another cog in the city."""
    return "attack", {"seat": action["seat"], "city": _where(view, seat)}


def _conflict_bid(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule C: how many markers of the asked number go into the secret choice."""
    count = action["count"]
    key = "conflict_bid/none" if count == 0 else "conflict_bid"
    return key, {"count": count, "marker": MARKER_ITEMS[action["value"]]}


def _demand(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule C: the winner names three goods (most first); he takes those the loser has."""
    wanted = [(n, GOOD_NAMES[t]) for t, n in enumerate(action["goods"]) if n]
    wanted.sort(key=lambda pair: -pair[0])
    counts = [n for n, _ in wanted] + [0, 0, 0]
    goods = [name for _, name in wanted] + ["?", "?", "?"]
    return f"demand/{len(wanted)}", {
        "count": counts[0],
        "good": goods[0],
        "count2": counts[1],
        "good2": goods[1],
        "good3": goods[2],
    }


def _push(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule C: the winner may move the loser's cog one step along a route."""
    loser = _loser(view)
    way, fields = _step(view, _seat_city(view, loser), action["slot"])
    return "push/" + way, {**fields, "seat": loser}


def _skip(action: dict[str, Any], view: View, seat: int) -> Case:
    """An optional step let pass: the Memory marker swap, a conflict, a push."""
    decision = view["decision"]
    if decision == "push":
        return "skip/push", {"seat": _loser(view)}
    if decision in ("start_swap", "attack"):
        return f"skip/{decision}", {}
    return "skip", {}


_CASES: dict[str, Callable[[dict[str, Any], View, int], Case]] = {
    "choose_start": _start_city,
    "bid": _bid_marker,
    "bid_done": _bid_done,
    "move_guildmaster": _move_guildmaster,
    "pay_tax": _pay,
    "move": _move,
    "pay_fee": _pay_fee,
    "stop": _in_city,
    "collect": _in_city,
    "build_kontor": _in_city,
    "guildmaster_trade": _guildmaster_trade,
    "take_marker": _take_marker,
    "buy_markers": _buy_markers,
    "exchange": _exchange,
    "exchange_done": _in_city,
    "change_route": _change_route,
    "rob": _rob,
    "split": _pay,
    "take_pile": _take_pile,
    "forced_step": _forced_step,
    "offer_trade": _offer_trade,
    "trade_item": _trade_item,
    "send_offer": _send_offer,
    "cancel_trade": _no_fields,
    "answer_trade": _answer_trade,
    "end_turn": _in_city,
    "look": _look,
    "attack": _attack,
    "conflict_bid": _conflict_bid,
    "demand": _demand,
    "push": _push,
    "skip": _skip,
}

BUTTONS: dict[str, str] = {
    "choose_start": "Start in {city}",
    "bid": "Bid {marker}: goods to {city}",
    "bid_done": "Finish the bid: {bid}",
    "bid_done/nothing": "Bid nothing",
    "move_guildmaster/1": "Guild master 1 city on, to {city}",
    "move_guildmaster/2": "Guild master 2 cities on, to {city}",
    "move_guildmaster/1_end": "Guild master 1 city on, to {city}: the game ends",
    "move_guildmaster/2_end": "Guild master 2 cities on, to {city}: the game ends",
    "pay_tax": "Pay {pay} as tax",
    "move/secret_paid": "Secret route to {city}, paying {pay}",
    "move/secret_first": "Secret route to {city}, paying {pay} and one more",
    "pay_fee": "Pay {pay} for the secret route to {city}",
    **_steps(
        "move",
        "Sail to {city}",
        "Sail to {city} by the {square}",
        "Sail blind by the {square}",
        own_blind=False,
    ),
    **_steps(
        "move_paid",
        "Sail to {city}, paying {pay}",
        "Sail to {city} by the {square}, paying {pay}",
        "Sail blind by the {square}, paying {pay}",
        own_blind=False,
    ),
    "stop": "End the movement here",
    "collect": "Collect the goods of your Kontor in {city}",
    "build_kontor": "Build a Kontor here",
    "guildmaster_trade/raid": "Guild master: 3 × {marker} for your second robbery marker",
    "guildmaster_trade/chip": "Guild master: 6 × {good} for the bonus chip {chip}",
    "guildmaster_trade/good": "Guild master: {pay} for a marker {low}–{high} of your choice",
    "guildmaster_trade/marker": "Guild master: {marker} for {pay}",
    "take_marker": "Take {marker}",
    "take_marker/none": "Take no marker: your {good} comes back",
    "take_marker/back": "Take no marker: your {good} comes back",
    "buy_markers/pair": "Buy lot {lot} (markers {first} and {second}) for {pay}",
    "buy_markers": "Buy lot {lot} for {pay}",
    "exchange/give": "Exchange: give {pay}",
    "exchange/take": "Exchange: take {pay}",
    "exchange_done": "Finish the exchange",
    "change_route": "Lay your {marker} on the {square}: to {city}",
    "change_route/taken": "Lay your {marker} on the {square}: to {city}",
    "rob/city": "Rob the city {city}: all its goods",
    "rob/cog": "Rob the cog of player {seat}",
    "split": "Put {pay} on the first pile",
    "take_pile/first": "Take the first pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt",
    "take_pile/second": "Take the second pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt",
    "take_pile/first_count": "Take the first pile ({count} goods)",
    "take_pile/second_count": "Take the second pile ({count} goods)",
    "take_pile/first_one": "Take the first pile (1 good)",
    "take_pile/second_one": "Take the second pile (1 good)",
    **_steps(
        "forced_step",
        "Send the robber to {city}",
        "Send the robber to {city} by the {square}",
        "Send the robber blind by the {square}",
        own_blind=False,
    ),
    "forced_step/unseen": "Send the robber blind by the {square}",
    "offer_trade": "Offer a trade to player {seat}",
    "offer_trade/kontor": "Offer a trade to the Kontor of player {seat}",
    "trade_item/give": "Offer {item}",
    "trade_item/ask": "Ask for {item}",
    "send_offer": "Send the offer",
    "send_offer/seat": "Send the offer",
    "send_offer/kontor": "Send the offer",
    "cancel_trade": "Cancel the offer",
    "answer_trade/accept": "Accept the offer",
    "answer_trade/decline": "Decline the offer",
    "answer_trade/accept_from": "Accept the offer",
    "answer_trade/decline_from": "Decline the offer",
    "end_turn": "End your turn",
    "look": "Look at the markers here, paying {pay}",
    "attack": "Attack player {seat}",
    "conflict_bid": "Put in {count} × {marker}",
    "conflict_bid/none": "Put in no {marker}",
    "demand/0": "Demand 1 {good}, 1 {good2} and 1 {good3}",
    "demand/1": "Demand 3 × {good}",
    "demand/2": "Demand 2 × {good} and 1 {good2}",
    "demand/3": "Demand 1 {good}, 1 {good2} and 1 {good3}",
    **_steps(
        "push",
        "Push the cog to {city}",
        "Push the cog to {city} by the {square}",
        "Push the cog blind by the {square}",
        own_blind=False,
    ),
    "skip": "Let it pass",
    "skip/start_swap": "Keep the markers as they lie",
    "skip/attack": "No conflict",
    "skip/push": "Leave the cog where it is",
}
"""The button of each case, in the imperative (a case the button does not tell apart from another
has the same template)."""

BUTTON_NAMES: dict[str, dict[str, str]] = {"change_route": {"target": "city"}}
"""Fields a kind's button names otherwise than its log line, in place of the field of that name."""

LOG_LINES: dict[str, str] = {
    "choose_start": "{player} chooses {city} as start city",
    "bid": "{player} bids {marker}: goods to {city}",
    "bid_done": "{player} finishes the bid: {bid}",
    "bid_done/nothing": "{player} bids nothing",
    "move_guildmaster/1": "{player} moves the guild master 1 city on, to {city}",
    "move_guildmaster/2": "{player} moves the guild master 2 cities on, to {city}",
    "move_guildmaster/1_end": "{player} moves the guild master 1 city on, to {city}: the game ends",
    "move_guildmaster/2_end": (
        "{player} moves the guild master 2 cities on, to {city}: the game ends"
    ),
    "pay_tax": "{player} pays {pay} as tax",
    "move/secret_paid": "{player} takes the secret route to {city}, paying {pay}",
    "move/secret_first": "{player} takes the secret route to {city}, paying {pay} and one more",
    "pay_fee": "{player} pays {pay} for the secret route and reaches {city}",
    **_steps(
        "move",
        "{player} sails to {city}",
        "{player} sails to {city} by the {square}",
        "{player} sails along the {square}",
        own_blind=True,
    ),
    **_steps(
        "move_paid",
        "{player} sails to {city}, paying {pay}",
        "{player} sails to {city} by the {square}, paying {pay}",
        "{player} sails along the {square}, paying {pay}",
        own_blind=True,
    ),
    "stop": "{player} ends the movement in {city}",
    "collect": "{player} collects the goods of the Kontor in {city}",
    "build_kontor": "{player} builds a Kontor in {city}",
    "guildmaster_trade/raid": (
        "{player} gives the guild master 3 × {marker} for a second robbery marker"
    ),
    "guildmaster_trade/chip": (
        "{player} gives the guild master 6 × {good} for the bonus chip {chip}"
    ),
    "guildmaster_trade/good": "{player} gives the guild master {pay} for a marker of its colour",
    "guildmaster_trade/marker": "{player} gives the guild master {marker} for {pay}",
    "take_marker": "{player} takes {marker} from the reserve",
    "take_marker/none": "{player} takes no marker",
    "take_marker/back": "{player} takes no marker and gets {pay} back",
    "buy_markers/pair": "{player} buys markers {first} and {second} for {pay}",
    "buy_markers": "{player} buys lot {lot} for {pay}",
    "exchange/give": "{player} gives {pay} to {city} in exchange",
    "exchange/take": "{player} takes {pay} from {city} in exchange",
    "exchange_done": "{player} finishes the exchange with {city}",
    "change_route": (
        "{player} lays {marker} on the {square} of {city}: the route leads to {target}"
    ),
    "change_route/taken": (
        "{player} lays {marker} on the {square} of {city} and takes {taken}: the route "
        "leads to {target}"
    ),
    "rob/city": "{player} robs the city {city}",
    "rob/cog": "{player} robs player {seat}'s cog in {city}",
    "split": "{player} puts {pay} on the first pile",
    "take_pile/first": (
        "{player} takes the first pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
    ),
    "take_pile/second": (
        "{player} takes the second pile: {ore} ore, {fur} fur, {amber} amber, {salt} salt"
    ),
    "take_pile/first_count": "{player} takes the first pile ({count} goods)",
    "take_pile/second_count": "{player} takes the second pile ({count} goods)",
    "take_pile/first_one": "{player} takes the first pile (1 good)",
    "take_pile/second_one": "{player} takes the second pile (1 good)",
    **_steps(
        "forced_step",
        "{player} sends the robber (player {seat}) to {city}",
        "{player} sends the robber (player {seat}) to {city} by the {square}",
        "{player} sends the robber (player {seat}) along the {square}",
        own_blind=True,
    ),
    "forced_step/unseen": "{player} sends the robber along the {square}",
    "offer_trade": "{player} starts an offer to player {seat}",
    "offer_trade/kontor": "{player} starts an offer to the Kontor of player {seat}",
    "trade_item/give": "{player} offers {item}",
    "trade_item/ask": "{player} asks for {item}",
    "send_offer": "{player} sends the offer",
    "send_offer/seat": "{player} sends the offer to player {seat}",
    "send_offer/kontor": "{player} sends the offer to the Kontor of player {seat}",
    "cancel_trade": "{player} withdraws the offer",
    "answer_trade/accept": "{player} accepts the offer",
    "answer_trade/decline": "{player} declines the offer",
    "answer_trade/accept_from": "{player} accepts player {seat}'s offer",
    "answer_trade/decline_from": "{player} declines player {seat}'s offer",
    "end_turn": "{player} ends the turn in {city}",
    "look": "{player} pays {pay} to look at the markers of {city}",
    "attack": "{player} attacks player {seat} in {city}",
    "conflict_bid": "{player} puts {count} × {marker} into the conflict",
    "conflict_bid/none": "{player} puts no {marker} into the conflict",
    "demand/0": "{player} demands nothing",
    "demand/1": "{player} demands {count} × {good}",
    "demand/2": "{player} demands {count} × {good} and {count2} × {good2}",
    "demand/3": "{player} demands 1 {good}, 1 {good2} and 1 {good3}",
    **_steps(
        "push",
        "{player} pushes player {seat}'s cog to {city}",
        "{player} pushes player {seat}'s cog to {city} by the {square}",
        "{player} pushes player {seat}'s cog along the {square}",
        own_blind=True,
    ),
    "skip": "{player} lets it pass",
    "skip/start_swap": "{player} keeps the markers as they lie",
    "skip/attack": "{player} starts no conflict",
    "skip/push": "{player} leaves player {seat}'s cog where it is",
}
"""The log line of each case, in the third person with the reader's ``{player}``."""


def action_phrase(action: dict[str, Any], view: View) -> Phrase:
    """One action in words, e.g. "Sail to Reval (3), paying 1 ore"."""
    key, fields = _CASES[action["kind"]](action, view, _decider(view))
    if "seat" in fields:
        fields["seat"] = _letter(fields["seat"])
    return fill(BUTTONS[key], fields, BUTTON_NAMES.get(action["kind"]))


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} sails to Reval (3), paying 1
    ore"), from the spectator's view before it (:mod:`hanse.core.words`): only the action's own
    fields and what everybody sees (face-up markers, cities, bids, the offer) go into it."""
    key, fields = _CASES[action["kind"]](action, view, actor)
    if "seat" in fields:
        fields["seat"] = _letter(fields["seat"])
    return fill(LOG_LINES[key], fields)


UNSEEN_LOG_LINES: dict[str, str] = {
    "choose_start": "{player} chooses a start city in secret",
    "choose_start/last": "{player} makes the last start choice: every start city is revealed",
    "change_route": (
        "{player} lays a marker face down on a route square of {city} and takes the marker "
        "lying there"
    ),
    "split": "{player} puts one good of the robbed cargo on the first pile",
    "conflict_bid": "{player} chooses markers for the conflict in secret",
    "demand": "{player} names three goods to take from player {seat}",
}
"""A move the other players see only in part (``observe_action``: "start ?", "route 1 ?",
"split ?", "cbid ?", "demand ?"), as they read it: the secret start choice
("Startaufstellung"), a route changed with a face-down marker ("Routen verändern"; Memory's
swap at the start too), a good laid on the first pile while holdings are secret ("Raub"),
expert rule C's secret choice and the winner's demand. The route's square is not named, since
the kind alone does not give it."""


def unseen_log_phrase(kind: str, view: View, actor: int) -> Phrase | None:
    """A move of `kind` by `actor` as a viewer who saw only part of it reads it, from the
    spectator's view before it and nothing of the move but its kind (:mod:`hanse.core.words`);
    None for a kind every viewer sees whole."""
    template = UNSEEN_LOG_LINES.get(kind)
    if template is None:
        return None
    if kind == "choose_start" and len(view["queue"]) == 1:
        template = UNSEEN_LOG_LINES["choose_start/last"]  # the notes name every start city
    fields: Fields = {}
    if kind == "change_route":
        fields["city"] = _where(view, actor)
    elif kind == "demand":
        fields["seat"] = _letter(_loser(view))
    return fill(template, fields)


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
        return phrase(CHANCE_WORDS["lot"], seat=_letter(action["seat"]), other=_letter(other))
    number = action["value"]
    decision = view["decision"]
    if decision == "draw_bonus":
        return fill(CHANCE_WORDS["bonus"], {**_bonus_fields(view), "number": number})
    if decision == "draw_offer":
        offer = view["offer"]
        lot = len(offer) - 1 if offer and len(offer[-1]) == 1 else len(offer)
        return phrase(CHANCE_WORDS["offer"], number=number, lot=lot + 1)
    if view["setup"]["dealt"] < FIRST_SQUARES:
        return phrase(CHANCE_WORDS["guildmaster"], number=number, city=_city(number))
    city, slot = _dealt_square(view)
    return phrase(
        CHANCE_WORDS["square"],
        number=number,
        square=SQUARES[slot],
        city=_city(city),
        target=_city(number),
    )


def unseen_chance_phrase(view: View) -> Phrase | None:
    """A marker drawn face down, as a viewer who does not see it reads it: where it goes, not
    which it is; None where every draw is seen."""
    decision = view["decision"]
    if decision == "draw_bonus":
        return fill(UNSEEN_WORDS["bonus"], _bonus_fields(view))
    if decision == "deal" and view["setup"]["dealt"] >= FIRST_SQUARES:
        city, slot = _dealt_square(view)
        return phrase(UNSEEN_WORDS["square"], square=SQUARES[slot], city=_city(city))
    return None


def _bonus_fields(view: View) -> dict[str, object]:
    """The +1 Wegemarker chip's free marker: who gets it (the first in the queue)."""
    return {"seat": _letter(view["queue"][0]), "chip": CHIP_WORDS["extra_marker"]}
