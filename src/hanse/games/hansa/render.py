"""Text rendering of a view for the terminal (`hanse play`): routes with their posts, cities with
their offices, and each player's board."""

from __future__ import annotations

from typing import Any

from hanse.core import View

MARK = {"trader": "t", "merchant": "m"}


def _piece(piece: dict[str, Any] | None) -> str:
    if piece is None:
        return "."
    seat = piece["seat"]
    who = "N" if seat == "neutral" else str(seat)
    return who + MARK[piece["piece"]]


def render_view(view: View) -> str:
    lines = [
        f"Hansa Teutonica, board {view['board']}, turn of seat {view['turn_owner']}, "
        f"{view['actions_left']} action(s) left, decision {view['decision']} "
        f"(decider {view['decider']})",
        f"full cities {view['full_cities']}/10, markers in pile {view['markers_left']}, "
        f"East-West {view['east_west'] or '-'}",
        "Routes:",
    ]
    for i, route in enumerate(view["routes"]):
        posts = " ".join(_piece(p) for p in route["posts"])
        marker = f"  [{route['bonus']}]" if route["bonus"] else ""
        lines.append(f"  {i:2d} {route['cities'][0]}-{route['cities'][1]}: {posts}{marker}")
    lines.append("Cities:")
    for city in view["cities"]:
        extras = " ".join(_piece(p) for p in city["extra_offices"])
        offices = " ".join(_piece(p) for p in city["offices"])
        full = " (full)" if city["full"] else ""
        lines.append(f"  {city['name']}: {('+' + extras + ' | ') if extras else ''}{offices}{full}")
    coellen = " ".join(f"{s['points']}:{_piece(s['piece'])}" for s in view["coellen"])
    lines.append(f"Coellen spaces: {coellen}")
    for p in view["players"]:
        ab = p["abilities"]
        markers = ", ".join(m["kind"] + ("*" if m["used"] else "") for m in p["bonus_markers"])
        lines.append(
            f"Seat {p['seat']}: prestige {p['prestige']}, supply {p['supply']['traders']}t "
            f"{p['supply']['merchants']}m, stock {p['stock']['traders']}t "
            f"{p['stock']['merchants']}m; keys {ab['keys']} actions {ab['actions']} "
            f"privilege {ab['privilege']} book {ab['book']} bank {ab['bank'] or 'C'}; "
            f"markers [{markers}]"
        )
    if view.get("neutral"):
        lines.append(
            f"Neutral: prestige {view['neutral']['prestige']}, supply {view['neutral']['supply']}t"
        )
    lines.append(f"Scores: {view['scores']}")
    return "\n".join(lines)
