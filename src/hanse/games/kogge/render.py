"""Text rendering of a view for ``hanse play``: the ring of cities and the viewer's holdings."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.games.kogge.data import CITY_GRID, GOOD_LETTERS, GOOD_NAMES
from hanse.games.seats import seat_label

_CELL = 24


def _goods(counts: dict[str, int]) -> str:
    text = " ".join(
        f"{counts[name]}{GOOD_LETTERS[t]}" for t, name in enumerate(GOOD_NAMES) if counts[name]
    )
    return text or "-"


LEGEND = (
    "Goods: o ore, f fur, a amber, s salt. A city: its number and name, ->the markers on its two "
    "routes (? face down, (n) one you have seen), its goods; K[seats with a Kontor], cogs[seats], "
    "R[seats whose robbery marker lies there]; GM the guild master, E the end marker."
)
CHIP_WORDS = {
    "trade3": "3:1 exchange",
    "extra_marker": "+1 marker",
    "two_moves": "2 free steps",
    "secret_route": "Geheimweg",
}


def _who(decider: Any) -> str:
    return "chance" if decider == "chance" else seat_label(decider)


def _under_way(view: View) -> list[str]:
    """An exchange or a trade offer being put together (Waren eintauschen, Handel untereinander)."""
    lines = []
    exchange = view.get("exchange")
    if exchange and (any(exchange["give"].values()) or any(exchange["take"].values())):
        lines.append(
            f"exchange under way: gives {_goods(exchange['give'])}, "
            f"takes {_goods(exchange['take'])}"
        )
    trade = view.get("trade")
    if trade and trade["partner"] >= 0:
        gives = trade["give_goods"]
        give_text = "?" if gives is None else _goods(gives)
        lines.append(
            f"trade offer to {seat_label(trade['partner'])}: gives {give_text} and markers "
            f"{_markers(trade['give_markers'])}, asks {_goods(trade['ask_goods'])} and markers "
            f"{_markers(trade['ask_markers'])}"
        )
    return lines


def _markers(counts: list[int]) -> str:
    return " ".join(str(v) for v, n in enumerate(counts) for _ in range(n)) or "-"


def _city_name(view: View, number: int) -> str:
    names = {city["number"]: city["name"] for city in view["cities"]}
    return f"{number} {names.get(number, '?')}"


def _city_lines(view: View, city: dict[str, Any]) -> list[str]:
    c = city["number"]
    marks = []
    for up, known in zip(city["markers"], city["known"], strict=True):
        marks.append(str(up) if up is not None else (f"({known})" if known is not None else "?"))
    head = f"{c} {city['name'][:10]}"
    if view["guildmaster"] == c:
        head += " GM"
    if view["end_marker"] == c:
        head += " E"
    cogs = [str(p["seat"]) for p in view["players"] if p["city"] == c]
    kontore = ",".join(str(k["seat"]) for k in city["kontore"])
    return [
        head,
        f"->{'/'.join(marks)} {_goods(city['goods'])}",
        f"K[{kontore}] cogs[{','.join(cogs)}]"
        + (f" R{city['robbed_by']}" if city["robbed_by"] else ""),
    ]


def render(view: View) -> str:
    grid: dict[tuple[int, int], list[str]] = {}
    for city in view["cities"]:
        col, row = CITY_GRID[city["number"]]
        grid[(col, row)] = _city_lines(view, city)
    deciding = (
        "the game is over" if view["decider"] is None else f"{_who(view['decider'])} to decide"
    )
    lines = [
        f"Kogge, round {view['round']}: {deciding}; turn order (seats) "
        f"{' '.join(map(str, view['order']))}; guild master in "
        f"{_city_name(view, view['guildmaster'])} (passes {view['passes']})",
        LEGEND,
    ]
    for row in range(1, 5):
        for k in range(3):
            cells = []
            for col in range(1, 6):
                block = grid.get((col, row))
                cells.append((block[k] if block else "").ljust(_CELL)[:_CELL])
            lines.append(" ".join(cells).rstrip())
        lines.append("")
    offer = " ".join("/".join(map(str, lot)) for lot in view["offer"]) or "-"
    reserve = view["reserve"]
    reserve_text = sum(reserve) if isinstance(reserve, list) else reserve
    lines.append(f"offer: {offer}   supply: {_goods(view['supply'])}   reserve: {reserve_text}")
    bids = ", ".join(
        f"{p}:{'-' if b is None else ' '.join(map(str, b))}" for p, b in enumerate(view["bids"])
    )
    lines.append(f"bids: {bids}")
    chips = ", ".join(f"{CHIP_WORDS[k]} {n}" for k, n in view["bonus_chips_left"].items())
    lines.append(f"bonus chips left: {chips}")
    lines += _under_way(view)
    for p in view["players"]:
        cargo = p["cargo"] if isinstance(p["cargo"], int) else _goods(p["cargo"])
        markers = (
            p["markers"] if isinstance(p["markers"], int) else " ".join(map(str, p["markers"]))
        )
        if "known_cargo" in p:  # secret holdings: the count, and what the table has seen
            cargo = f"{cargo}, seen {_goods(p['known_cargo'])}"
            markers = f"{markers}, seen {' '.join(map(str, p['known_markers'])) or '-'}"
        me = " (you)" if p["seat"] == view["seat"] else ""
        held = [
            f"{CHIP_WORDS[k]}" + (f" x{n}" if n > 1 else "")
            for k, n in p["bonus_chips"].items()
            if n
        ]
        chips_text = f", bonus chips: {', '.join(held)}" if held else ""
        cog = "not yet placed" if p["city"] is None else _city_name(view, p["city"])
        lines.append(
            f"{seat_label(p['seat'])}{me}: cog in {cog}, development {p['development']}, "
            f"Kontore {p['kontore']}, robbery markers {p['robbery_markers']}, "
            f"cargo [{cargo}], markers [{markers}]{chips_text}"
        )
    return "\n".join(lines)
