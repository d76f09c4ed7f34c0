"""Text rendering of a view for the terminal (`hanse play`): routes with their posts, cities with
their offices (privilege colour, shape, prestige coin) and abilities, Coellen's spaces with the
privilege each needs, and each player's board (issue 19, item 5)."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.games.hansa.board import board_for
from hanse.games.hansa.data import ABILITIES, COELLEN, EAST_WEST
from hanse.games.hansa.words import ABILITY_WORDS, MARKER_WORDS, PRIVILEGE_WORDS
from hanse.games.seats import seat_label

MARK = {"trader": "t", "merchant": "m"}
SHAPE = {0: "t", 1: "m"}  # square offices take a trader, round ones a merchant

LEGEND = (
    "Pieces: 0t = seat 0's trader, 1m = seat 1's merchant, N = neutral, . = free.\n"
    "Offices, lowest first (filled in this order): privilege colour w(hite) o(range) p(ink) "
    "b(lack), t = for a trader, m = for a merchant, + = 1 prestige when taken; "
    "then = and who holds it."
)


def _piece(piece: dict[str, Any] | None) -> str:
    if piece is None:
        return "."
    seat = piece["seat"]
    who = "N" if seat == "neutral" else str(seat)
    return who + MARK[piece["piece"]]


def _who(decider: Any) -> str:
    return "chance" if decider == "chance" else seat_label(decider)


def _header(view: View) -> list[str]:
    if view["decider"] is None:
        state = "the game is over"
    else:
        state = (
            f"{seat_label(view['turn_owner'])}'s turn, {view['actions_left']} action(s) left; "
            f"{_who(view['decider'])} to decide"
        )
    east_west = ", ".join(seat_label(s) for s in view["east_west"]) or "nobody yet"
    return [
        f"Hansa Teutonica (board side {view['board']}): {state}",
        f"Full cities {view['full_cities']} of 10, bonus markers left {view['markers_left']}, "
        f"East-West ({' to '.join(EAST_WEST)}) connected by: {east_west}",
        LEGEND,
    ]


def _routes(view: View) -> list[str]:
    lines = ["Routes (posts in order, counted from 0; [bonus marker beside it]):"]
    for i, route in enumerate(view["routes"]):
        posts = " ".join(_piece(p) for p in route["posts"])
        marker = f"  [{MARKER_WORDS[route['bonus']]}]" if route["bonus"] else ""
        lines.append(f"  {i:2d} {route['cities'][0]}-{route['cities'][1]}: {posts}{marker}")
    return lines


def _cities(view: View) -> list[str]:
    board = board_for(view["board"])
    lines = ["Cities:"]
    for c, city in enumerate(view["cities"]):
        offices = " ".join(
            PRIVILEGE_WORDS[board.office_priv[c][i] - 1][0]
            + SHAPE[board.office_round[c][i]]
            + ("+" if board.office_coin[c][i] else "")
            + "="
            + _piece(piece)
            for i, piece in enumerate(city["offices"])
        )
        extras = " ".join(_piece(p) for p in city["extra_offices"])
        notes = []
        if board.city_ability[c] >= 0:
            notes.append(f"develops {ABILITY_WORDS[ABILITIES[board.city_ability[c]]]}")
        if city["name"] in EAST_WEST:
            notes.append("East-West")
        if city["name"] == COELLEN:
            notes.append("prestige spaces below")
        about = f" ({', '.join(notes)})" if notes else ""
        full = " full" if city["full"] else ""
        extra = f" extra offices: {extras}" if extras else ""
        lines.append(f"  {city['name']}{about}: {offices}{extra}{full}")
    spaces = ", ".join(
        f"{s['points']} {PRIVILEGE_WORDS[s['privilege'] - 1]}={_piece(s['piece'])}"
        for s in view["coellen"]
    )
    lines.append(f"Coellen prestige spaces (a merchant; the privilege colour needed): {spaces}")
    return lines


def _players(view: View) -> list[str]:
    lines = []
    for p in view["players"]:
        ab = p["abilities"]
        abilities = ", ".join(
            f"{ABILITY_WORDS[name]} "
            + (
                PRIVILEGE_WORDS[ab[name] - 1]
                if name == "privilege"
                else ("all" if name == "bank" and ab[name] == 0 else str(ab[name]))
            )
            for name in ABILITIES
        )
        markers = ", ".join(
            MARKER_WORDS[m["kind"]] + (" (used)" if m["used"] else "") for m in p["bonus_markers"]
        )
        lines.append(
            f"{seat_label(p['seat'])}: prestige {p['prestige']}; supply {p['supply']['traders']}t "
            f"{p['supply']['merchants']}m, stock {p['stock']['traders']}t "
            f"{p['stock']['merchants']}m; {abilities}; bonus markers: {markers or 'none'}"
        )
    if view.get("neutral"):
        lines.append(
            f"Neutral: prestige {view['neutral']['prestige']}, supply {view['neutral']['supply']}t"
        )
    scores = ", ".join(f"{seat_label(s)} {score}" for s, score in enumerate(view["scores"]))
    lines.append(f"Scores if the game ended now: {scores}")
    return lines


def render_view(view: View) -> str:
    return "\n".join(_header(view) + _routes(view) + _cities(view) + _players(view))
