"""Hansa Teutonica in words: the pending decision, every action and what chance draws, for the pages
and the terminal (:mod:`hanse.core.words`). Terms follow the rulebook: trader (Händler), merchant
(Großhändler), supply (Vorrat), stock (Kasse), office (Niederlassung), post (Verbindungspunkt).

Posts and offices count from 1 (the notation's 0 is post 1). With two players the neutral pieces
are "neutral traders", never a player's; a count of one has its own template, since the singular
differs in all three languages."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.core.words import CaseWords, KindWords, Phrase, fill, phrase
from hanse.games.hansa.board import board_for
from hanse.games.hansa.data import (
    ABILITIES,
    BONUS_KINDS,
    COELLEN_POINTS,
    MERCHANTS_PER_PLAYER,
    TRADERS_PER_PLAYER,
)
from hanse.games.hansa.rules.setup import GOLDEN_ORDERS
from hanse.games.svg_parts import SEAT_LETTERS

ABILITY_WORDS: dict[str, str] = {
    "keys": "City Keys",
    "actions": "Actiones",
    "privilege": "Privilegium",
    "book": "Liber Sophiae",
    "bank": "Bursa",
}
"""The five abilities (Eigenschaften) of the player board, as the rulebook names them."""

MARKER_WORDS: dict[str, str] = {
    "extra_office": "extra office",
    "swap_offices": "swap offices",
    "actions_3": "+3 actions",
    "actions_4": "+4 actions",
    "upgrade_ability": "+1 ability",
    "remove_3": "remove 3 pieces",
}
"""The bonus markers (Bonusmarker)."""

PRIVILEGE_WORDS: tuple[str, ...] = ("white", "orange", "pink", "black")
"""Privilege colours 1 to 4 (Privilegium): the offices a player may take."""


def counted(count: int, piece: str) -> str:
    """A number of traders or merchants as one term ("1 trader", "3 merchants")."""
    return f"{count} {piece}" if count == 1 else f"{count} {piece}s"


COUNTED: tuple[str, ...] = (
    *(counted(n, "trader") for n in range(TRADERS_PER_PLAYER + 1)),
    *(counted(n, "merchant") for n in range(1, MERCHANTS_PER_PLAYER + 2)),
)
"""Every count of pieces a phrase names (a player's 27 traders and 4 merchants, 5 with the
Privilegium's upgrade counted generously)."""

PIECE_PARTS: dict[str, str] = {
    "both": "{traders} and {merchants}",
    "traders": "{traders}",
    "merchants": "{merchants}",
}
"""How a count of pieces reads: traders and merchants, traders only, merchants only."""


def _pieces(traders: int, merchants: int) -> tuple[str, dict[str, object]]:
    """Which of :data:`PIECE_PARTS` a count of pieces is, and its fields (terms of
    :data:`COUNTED`)."""
    fields: dict[str, object] = {
        "traders": counted(traders, "trader"),
        "merchants": counted(merchants, "merchant"),
    }
    part = "both" if traders and merchants else "merchants" if merchants else "traders"
    return part, fields


def _counting(key: str, button: str, log: str) -> dict[str, CaseWords]:
    """The cases of a kind whose templates name a count of pieces (``{pieces}``), one for each
    of :data:`PIECE_PARTS` (``income/both``)."""
    return {
        f"{key}/{part}": CaseWords(button.replace("{pieces}", text), log.replace("{pieces}", text))
        for part, text in PIECE_PARTS.items()
    }


TERMS: tuple[str, ...] = (
    "trader",
    "merchant",
    *COUNTED,
    "?",
    *ABILITY_WORDS.values(),
    *MARKER_WORDS.values(),
    *PRIVILEGE_WORDS,
)
"""Every game term a phrase's field can hold (the catalogs translate each; names of cities and
routes are not terms and stay as they are)."""

KINDS: dict[str, KindWords] = {
    "income": KindWords(
        "income",
        "take traders and merchants from your stock into your supply, as many as your Bursa "
        "allows (an action)",
    ),
    "place": KindWords(
        "place", "put a trader or merchant from your supply on a free post of a route (an action)"
    ),
    "displace": KindWords(
        "displace",
        "put your piece on a post another player holds; his piece goes to neighbouring routes, "
        "and you pay one piece (two for a merchant) into your stock (an action)",
    ),
    "move": KindWords(
        "move",
        "pick up your own pieces from routes (up to your Liber Sophiae) to put them on free posts "
        "(an action)",
    ),
    "move_done": KindWords("stop picking up", "pick up no more pieces and put down the held ones"),
    "move_place": KindWords("put down", "put a picked-up piece on a free post"),
    "establish": KindWords(
        "establish a route",
        "a route full of your pieces: score the cities' controllers, then take an office, "
        "develop an ability or take prestige only (an action)",
    ),
    "establish_office": KindWords(
        "take an office", "move one piece of the route into the city's lowest free office"
    ),
    "establish_upgrade": KindWords(
        "develop an ability", "develop the ability shown in one of the route's cities"
    ),
    "establish_coellen": KindWords(
        "Coellen space",
        "put a merchant of the Coellen-Warburg route on a prestige space of Coellen",
    ),
    "establish_extra_office": KindWords(
        "extra office", "use the extra-office bonus marker: a piece beside the city's offices"
    ),
    "establish_none": KindWords(
        "no office", "take only the prestige (and the bonus marker); the pieces go to your stock"
    ),
    "displaced_place": KindWords(
        "place a displaced piece", "put your displaced or extra piece on a neighbouring route"
    ),
    "displaced_move": KindWords(
        "move a piece as an extra",
        "with stock and supply empty, take one of your pieces on a route as an extra piece",
    ),
    "displaced_done": KindWords("waive the extras", "place no more extra pieces"),
    "use_bonus": KindWords("use a bonus marker", "use one of your bonus markers (no action)"),
    "remove_piece": KindWords(
        "remove a piece", "take another player's piece off a route (remove-3 bonus marker)"
    ),
    "remove_done": KindWords("stop removing", "remove no more pieces"),
    "neutral_office": KindWords(
        "neutral office", "two players: put the neutral piece into a city of the route"
    ),
    "place_bonus": KindWords(
        "place the bonus marker", "put the bonus marker you drew beside a route with no marker"
    ),
    "end_turn": KindWords("end the turn", "end your turn; actions left are lost"),
}


def _route(view: View, index: int) -> str:
    a, b = view["routes"][index]["cities"]
    return f"{a}–{b}"


def _city(view: View, index: int) -> str:
    return str(view["cities"][index]["name"])


def _piece(merchant: int) -> str:
    return "merchant" if merchant else "trader"


def decision_phrase(view: View) -> Phrase:
    """The decision pending in `view`, in the imperative (it reads as an instruction to the one
    who decides and as a description to the others; the rulebook's
    "Spielablauf": actions, displacement, establishing a route, bonus markers)."""
    decision = view["decision"]
    pending = view["pending"]
    if decision == "action":
        if view["actions_left"] == 1:
            return phrase("Choose an action: it is the last one this turn.")
        return phrase("Choose an action: {left} left this turn.", left=view["actions_left"])
    if decision == "move_lift":
        if pending["move"]["lifts_left"] == 1:
            return phrase("Move: pick up one more of your pieces from a route, or stop.")
        return phrase(
            "Move: pick up one of your pieces from a route ({left} more at most), or stop.",
            left=pending["move"]["lifts_left"],
        )
    if decision == "move_place":
        held = pending["move"]["held"]
        part, fields = _pieces(held["traders"], held["merchants"])
        template = "Move: put the pieces you picked up on free posts (in hand: {pieces})."
        return fill(template.replace("{pieces}", PIECE_PARTS[part]), fields)
    if decision == "displaced_place":
        return _displaced_decision(view, pending["displacement"])
    if decision == "establish_choice":
        return phrase(
            "Route {route} is established: take an office, develop an ability, or take only the "
            "prestige.",
            route=_route(view, pending["establish_route"]),
        )
    if decision == "remove_pieces":
        if pending["removals_left"] == 1:
            return phrase("Remove one more piece of another player from a route, or stop.")
        return phrase(
            "Remove pieces of other players from routes ({left} more at most), or stop.",
            left=pending["removals_left"],
        )
    if decision == "neutral_office":
        return phrase(
            "The neutral pieces established {route}: choose the city for the neutral office.",
            route=_route(view, pending["neutral_route"]),
        )
    if decision == "place_bonus":
        return phrase(
            "Place the bonus marker {marker} beside a route that has none.",
            marker=MARKER_WORDS.get(view["marker_to_place"] or "", "?"),
        )
    if decision == "game_over":
        return phrase("The game is over.")
    return phrase("Wait: a bonus marker or the set-up is drawn.")


def _displaced_decision(view: View, displacement: dict[str, Any]) -> Phrase:
    """Rule "Verdrängen": the displaced owner puts the piece and his extras (one for a trader
    displaced, two for a merchant) on neighbouring routes; a neutral trader displaced (two
    players) is put there with one more neutral trader by the player who was not displacing."""
    route = _route(view, displacement["route"])
    extras = displacement["extras_left"]
    if displacement["owner"] == "neutral":
        return phrase(
            "A neutral trader was displaced from {route}: put it and one more neutral trader on "
            "neighbouring routes.",
            route=route,
        )
    if extras == 0:
        return phrase(
            "Displaced from {route}: put the displaced piece on a neighbouring route.", route=route
        )
    if extras == 1:
        return phrase(
            "Displaced from {route}: put the displaced piece and one extra piece on neighbouring "
            "routes.",
            route=route,
        )
    return phrase(
        "Displaced from {route}: put the displaced piece and up to {extras} extra pieces on "
        "neighbouring routes.",
        route=route,
        extras=extras,
    )


ACTION_WORDS: dict[str, CaseWords] = {
    **_counting(
        "income",
        "Income: take {pieces} into your supply",
        "{player} takes {pieces} into the supply",
    ),
    "place": CaseWords("Place a {piece} on {route}", "{player} places a {piece} on {route}"),
    **_counting(
        "displace",
        "Displace on {route}, post {post}, with a {piece}; fee: {pieces}",
        "{player} displaces player {victim}'s {their} on {route} with a {piece}",
    ),
    **_counting(
        "displace_neutral",
        "Displace the neutral trader on {route}, post {post}, with a {piece}; fee: {pieces}",
        "{player} displaces a neutral trader on {route} with a {piece}",
    ),
    "move": CaseWords(
        "Move: pick up your {piece} from {route}", "{player} picks up a {piece} from {route}"
    ),
    "move_done": CaseWords("Stop picking up", "{player} picks up no more"),
    "move_place": CaseWords(
        "Put the {piece} down on {route}", "{player} puts the {piece} down on {route}"
    ),
    "establish": CaseWords("Establish {route}", "{player} establishes {route}"),
    "establish_office": CaseWords("Take an office in {city}", "{player} takes an office in {city}"),
    "establish_upgrade": CaseWords("Develop {ability}", "{player} develops {ability}"),
    "establish_coellen": CaseWords(
        "Coellen space {points}", "{player} takes Coellen's space {points}"
    ),
    "establish_extra_office": CaseWords(
        "Extra office in {city} with a {piece}",
        "{player} opens an extra office in {city} with a {piece}",
    ),
    "establish_none": CaseWords("Only the prestige, no office", "{player} takes only the prestige"),
    "displaced_place": CaseWords("Put a {piece} on {route}", "{player} puts a {piece} on {route}"),
    "displaced_place_neutral": CaseWords(
        "Put a neutral trader on {route}", "{player} puts a neutral trader on {route}"
    ),
    "displaced_move": CaseWords(
        "Take your {piece} from {source} to {route}",
        "{player} moves a {piece} from {source} to {route}",
    ),
    "displaced_done": CaseWords(
        "Place no more extra pieces", "{player} places no more extra pieces"
    ),
    "bonus_upgrade_ability": CaseWords(
        "Bonus marker: develop {ability}", "{player} develops {ability}"
    ),
    "bonus_swap_offices": CaseWords(
        "Bonus marker: swap offices {left} and {right} in {city}",
        "{player} swaps offices {left} and {right} in {city}",
    ),
    "bonus_marker": CaseWords("Bonus marker: {marker}", "{player} uses the bonus marker {marker}"),
    "remove_piece": CaseWords(
        "Remove the piece on {route}, post {post}",
        "{player} removes player {victim}'s {their} from {route}",
    ),
    "remove_neutral": CaseWords(
        "Remove the neutral trader on {route}, post {post}",
        "{player} removes a neutral trader from {route}",
    ),
    "remove_done": CaseWords("Stop removing", "{player} stops removing"),
    "neutral_office": CaseWords(
        "Neutral office in {city}", "{player} puts the neutral office in {city}"
    ),
    "place_bonus": CaseWords(
        "Bonus marker beside {route}", "{player} lays a bonus marker beside {route}"
    ),
    "end_turn": CaseWords("End the turn", "{player} ends the turn"),
}
"""Every case of an action (:func:`action_case`) with its button and its log line."""


def action_phrase(action: dict[str, Any], view: View) -> Phrase:
    """One action in words, e.g. "Place a trader on Hamburg–Lübeck". Posts and offices are
    counted from 1 (the notation's post 0 is post 1)."""
    case, fields = action_case(action, view)
    return fill(ACTION_WORDS[case].button, fields)


def log_phrase(action: dict[str, Any], view: View, actor: int) -> Phrase:
    """A made action for the log, in the third person ("{player} places a trader on
    Hamburg–Lübeck"), from the spectator's view before it (:mod:`hanse.core.words`)."""
    case, fields = action_case(action, view)
    return fill(ACTION_WORDS[case].log, fields)


def action_case(action: dict[str, Any], view: View) -> tuple[str, dict[str, object]]:
    """Which case of :data:`ACTION_WORDS` an action is, and the fields its phrases may name
    (the view's names for the action's numbers; posts and offices counted from 1)."""
    kind = action["kind"]
    if kind == "income":
        part, fields = _pieces(action["traders"], action["merchants"])
        return f"income/{part}", fields
    if kind == "displaced_place" and _displaced_owner(view) == "neutral":
        return "displaced_place_neutral", {"route": _route(view, action["route"])}
    if kind in ("place", "move", "move_place", "displaced_place"):
        return kind, {"piece": _piece(action["merchant"]), "route": _route(view, action["route"])}
    if kind == "displace":
        fields = _displace_fields(action, view)
        part, _ = _pieces(*_fee(action, view))
        key = "displace_neutral" if fields["victim"] == NEUTRAL else kind
        return f"{key}/{part}", fields
    if kind == "displaced_move":
        return kind, {
            "piece": _piece(action["merchant"]),
            "source": _route(view, action["from_route"]),
            "route": _route(view, action["route"]),
        }
    if kind == "remove_piece":
        fields = {
            "route": _route(view, action["route"]),
            "post": action["post"] + 1,
            **_occupant_fields(view, action["route"], action["post"]),
        }
        return ("remove_neutral" if fields["victim"] == NEUTRAL else kind), fields
    if kind in ("establish", "place_bonus"):
        return kind, {"route": _route(view, action["route"])}
    if kind in ("establish_office", "neutral_office"):
        return kind, {"city": _city(view, action["city"])}
    if kind == "establish_upgrade":
        return kind, {"ability": ABILITY_WORDS[ABILITIES[action["ability"]]]}
    if kind == "establish_coellen":
        return kind, {"points": COELLEN_POINTS[action["space"]]}
    if kind == "establish_extra_office":
        return kind, {"city": _city(view, action["city"]), "piece": _piece(action["merchant"])}
    if kind == "use_bonus":
        return _use_bonus_case(action, view)
    return kind, {}


def _displaced_owner(view: View) -> object:
    """Whose displaced piece is being put on neighbouring routes ("neutral" for the neutral
    pieces), or None."""
    displacement = view["pending"].get("displacement")
    return displacement["owner"] if displacement else None


def _occupant_fields(view: View, route: int, post: int) -> dict[str, object]:
    """Whose piece stands on a post (``victim``: the seat's letter, :data:`NEUTRAL` for a neutral
    piece) and which (``their``)."""
    occupant = view["routes"][route]["posts"][post] or {}
    return {
        "victim": _letter(occupant.get("seat", "neutral")),
        "their": occupant.get("piece", "trader"),
    }


def _fee(action: dict[str, Any], view: View) -> tuple[int, int]:
    """The traders and merchants paid to displace (rule "Verdrängen"): one more piece for a
    trader, two for a merchant, as many of them merchants as the action says."""
    occupant = view["routes"][action["route"]]["posts"][action["post"]] or {}
    fee = 2 if occupant.get("piece") == "merchant" else 1
    return fee - int(action["fee_merchants"]), int(action["fee_merchants"])


def _displace_fields(action: dict[str, Any], view: View) -> dict[str, object]:
    """The displaced piece and the fee (:func:`_fee`)."""
    occupant = _occupant_fields(view, action["route"], action["post"])
    _, fee_fields = _pieces(*_fee(action, view))
    return {
        "route": _route(view, action["route"]),
        "post": action["post"] + 1,
        "piece": _piece(action["merchant"]),
        **fee_fields,
        **occupant,
    }


def _use_bonus_case(action: dict[str, Any], view: View) -> tuple[str, dict[str, object]]:
    """A bonus marker used (rule "Bonusmarker"): +1 ability names the ability, swap offices
    the two neighbouring offices (the left one and the next) and their city."""
    marker = BONUS_KINDS[action["marker"]]
    if marker == "upgrade_ability":
        return "bonus_upgrade_ability", {"ability": ABILITY_WORDS[ABILITIES[action["ability"]]]}
    if marker == "swap_offices":
        return "bonus_swap_offices", {
            "left": action["office"] + 1,
            "right": action["office"] + 2,
            "city": _city(view, action["city"]),
        }
    return "bonus_marker", {"marker": MARKER_WORDS[marker]}


NEUTRAL = "N"
"""The neutral pieces' mark (two players), which a phrase never names as a player."""


def _letter(seat: Any) -> str:
    """A seat as the board marks it (A for seat 0; :data:`NEUTRAL` for the neutral pieces)."""
    return NEUTRAL if seat == "neutral" else SEAT_LETTERS[int(seat)]


CHANCE_WORDS: dict[str, str] = {
    "setup_markers": (
        "The golden bonus markers are laid beside the Taberna routes: {first_route} ({first}), "
        "{second_route} ({second}), {third_route} ({third})"
    ),
    "draw_bonus": "The bonus marker {marker} is drawn",
}
"""Chance in the log: the three golden bonus markers laid beside the three Taberna routes
("Startaufbau": "beliebig", so a chance node), and a face-down bonus marker turned up at the end
of a turn, to be placed ("Bonusmarker nehmen"); everything is public."""


def chance_phrase(action: dict[str, Any], view: View) -> Phrase:
    """A chance outcome for the log ("The bonus marker +3 actions is drawn"), from the
    spectator's view before it: the Taberna routes in board order, with the golden marker each
    gets."""
    if action["kind"] == "setup_markers":
        taberna = board_for(view["board"]).tavern_routes
        order = GOLDEN_ORDERS[action["order"]]
        fields: dict[str, object] = {}
        for place, route, marker in zip(("first", "second", "third"), taberna, order, strict=True):
            fields[place] = MARKER_WORDS[BONUS_KINDS[marker]]
            fields[f"{place}_route"] = _route(view, route)
        return fill(CHANCE_WORDS["setup_markers"], fields)
    return phrase(CHANCE_WORDS["draw_bonus"], marker=MARKER_WORDS[BONUS_KINDS[action["marker"]]])
