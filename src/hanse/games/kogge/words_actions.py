"""Kogge's actions in words: each case once, on its button and in the log (:mod:`.words`, which
the pages and the terminal read). Terms follow the rulebook, numbers count from 1
(:mod:`.words_view`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hanse.core import View
from hanse.core.words import Phrase, fill
from hanse.games.kogge.actions import CITY, GMT_CHIP, GMT_GOOD, GMT_RAID, SECRET_SLOT
from hanse.games.kogge.data import CHIP_NAMES, GOOD_NAMES, MARKER_COLOUR
from hanse.games.kogge.words_view import (
    CHIP_WORDS,
    GOOD_ITEMS,
    MARKER_ITEMS,
    SQUARES,
    bid_text,
    city_label,
    cog_city,
    deciding_seat,
    goods_tally,
    guildmaster_target,
    item_term,
    loser_seat,
    route_target,
    seat_city,
    seat_letter,
    steps_paid,
)

# -- actions: each case once ----------------------------------------------------------------------
# An action is told twice, on its button (imperative, "Sail to Reval (3)") and in the log (third
# person, "{player} sails to Reval (3)"). One function per kind finds the action's case and the
# fields either text may name; :data:`BUTTONS` and :data:`LOG_LINES` hold the two templates of each
# case, and a template takes the fields it names. A seat is named by its letter, as the board,
# the log and the other games' words name it (A for seat 0).

Fields = dict[str, Any]
Case = tuple[str, Fields]
"""An action's case (a key of :data:`BUTTONS` and :data:`LOG_LINES`) and its fields."""


def _step(view: View, city: int | None, slot: int) -> Case:
    """A step along route square `slot` of `city`, by what `view` shows there: ``to`` the city the
    square leads to, ``by`` the named square if both squares lead there, ``blind`` along a
    face-down route; ``to_own``/``by_own`` where the square shows the city's own number (Memory:
    the set-up may lay it there), which the log tells as a step along the square."""
    target = route_target(view, city, slot) if city is not None else None
    if target is None:
        return "blind", {"square": SQUARES[slot]}
    way = "by" if city is not None and route_target(view, city, 1 - slot) == target else "to"
    return way + ("_own" if target == city else ""), {
        "city": city_label(target),
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
    return "choose_start", {"city": city_label(action["marker"])}


def _bid_marker(action: dict[str, Any], view: View, seat: int) -> Case:
    """A bid marker brings two goods to the city of its number ("Gebot")."""
    marker = action["marker"]
    return "bid", {"marker": MARKER_ITEMS[marker], "city": city_label(marker)}


def _bid_done(action: dict[str, Any], view: View, seat: int) -> Case:
    laid = view["bids"][seat]
    return ("bid_done", {"bid": bid_text(laid)}) if laid else ("bid_done/nothing", {})


def _move_guildmaster(action: dict[str, Any], view: View, seat: int) -> Case:
    """The guild master moves one or two cities on, skipping robbed cities; the game ends when he
    reaches or passes the game-end marker's city the second time (:func:`_gm_target`)."""
    steps = action["steps"]
    city, ends = guildmaster_target(view, steps)
    key = "move_guildmaster/" + ("1" if steps == 1 else "2") + ("_end" if ends else "")
    return key, {"city": city_label(city)}


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
        key = "move/secret_first" if steps_paid(view, seat) else "move/secret_paid"
        return key, {"city": city_label(int(view["guildmaster"])), "pay": pay}
    way, fields = _step(view, seat_city(view, seat), action["slot"])
    return ("move_paid/" if paid else "move/") + way, {**fields, "pay": pay}


def _pay_fee(action: dict[str, Any], view: View, seat: int) -> Case:
    """The secret route's second item, after which the cog reaches the guild master's city."""
    item = item_term(action["good"], action["marker"])
    return "pay_fee", {"pay": item, "city": city_label(int(view["guildmaster"]))}


def _in_city(action: dict[str, Any], view: View, seat: int) -> Case:
    """An action that names only the city of the cog (stop, build, collect, end)."""
    return action["kind"], {"city": cog_city(view, seat)}


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
    return key, {"pay": GOOD_ITEMS[action["good"]], "city": cog_city(view, seat)}


def _change_route(action: dict[str, Any], view: View, seat: int) -> Case:
    """A marker laid face down on a route square of the cog's city, the marker there taken: the
    route now leads to the city of the new marker (`target`; the button calls it ``{city}``)."""
    marker, slot = action["marker"], action["slot"]
    city = seat_city(view, seat)
    taken = view["cities"][city]["markers"][slot] if city is not None else None
    fields: Fields = {"marker": MARKER_ITEMS[marker], "square": SQUARES[slot]}
    fields["city"] = cog_city(view, seat)
    if taken is not None:
        fields["taken"] = MARKER_ITEMS[int(taken)]
    fields["target"] = city_label(marker)
    return ("change_route/taken" if taken is not None else "change_route"), fields


def _rob(action: dict[str, Any], view: View, seat: int) -> Case:
    """A robbery ("Raub"): all goods of the city and its Kontore, or half a cog's cargo."""
    victim = action["victim"]
    if victim == CITY:
        return "rob/city", {"city": cog_city(view, seat)}
    return "rob/cog", {"seat": victim, "city": cog_city(view, seat)}


def _take_pile(action: dict[str, Any], view: View, seat: int) -> Case:
    """The robber takes one of the two piles; a pile is told by its goods where the view shows
    them, else by their number."""
    pile = view["robbery"]["piles"][action["pile"]]
    key = "take_pile/first" if action["pile"] == 0 else "take_pile/second"
    if isinstance(pile, dict):
        return key, goods_tally(pile)
    return key + ("_one" if pile == 1 else "_count"), {"count": pile}


def _forced_step(action: dict[str, Any], view: View, seat: int) -> Case:
    """The robber's free step away from the city he robbed, chosen by the robbed player."""
    robber = view["turn_owner"]
    if robber is None:
        return "forced_step/unseen", {"square": SQUARES[action["slot"]]}
    way, fields = _step(view, seat_city(view, int(robber)), action["slot"])
    return "forced_step/" + way, {**fields, "seat": robber}


def _offer_trade(action: dict[str, Any], view: View, seat: int) -> Case:
    """An offer to a player whose cog is in the city, or (expert rule B) to his Kontor."""
    key = "offer_trade/kontor" if action["kontor"] else "offer_trade"
    return key, {"seat": action["seat"]}


def _trade_item(action: dict[str, Any], view: View, seat: int) -> Case:
    key = "trade_item/give" if action["side"] == 0 else "trade_item/ask"
    return key, {"item": item_term(action["good"], action["marker"])}


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
    return "look", {
        "pay": item_term(action["good"], action["marker"]),
        "city": cog_city(view, seat),
    }


def _attack(action: dict[str, Any], view: View, seat: int) -> Case:
    """Expert rule C: a conflict with another cog in the city."""
    return "attack", {"seat": action["seat"], "city": cog_city(view, seat)}


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
    loser = loser_seat(view)
    way, fields = _step(view, seat_city(view, loser), action["slot"])
    return "push/" + way, {**fields, "seat": loser}


def _skip(action: dict[str, Any], view: View, seat: int) -> Case:
    """An optional step let pass: the Memory marker swap, a conflict, a push."""
    decision = view["decision"]
    if decision == "push":
        return "skip/push", {"seat": loser_seat(view)}
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
    key, fields = _CASES[action["kind"]](action, view, deciding_seat(view))
    if "seat" in fields:
        fields["seat"] = seat_letter(fields["seat"])
    return fill(BUTTONS[key], fields, BUTTON_NAMES.get(action["kind"]))


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} sails to Reval (3), paying 1
    ore"), from the spectator's view before it (:mod:`hanse.core.words`): only the action's own
    fields and what everybody sees (face-up markers, cities, bids, the offer) go into it."""
    key, fields = _CASES[action["kind"]](action, view, actor)
    if "seat" in fields:
        fields["seat"] = seat_letter(fields["seat"])
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
        fields["city"] = cog_city(view, actor)
    elif kind == "demand":
        fields["seat"] = seat_letter(loser_seat(view))
    return fill(template, fields)
