"""Text rendering of a Lübeck view for the terminal (`hanse play`, `hanse replay`)."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.games.seats import seat_label

from . import data


def _routes() -> list[str]:
    lines = []
    for city in data.CITIES:
        c = data.CITY_INDEX[city]
        nexts = ", ".join(data.CITIES[t] for t in data.SUCCESSORS[c])
        mark = " (end station)" if c in data.END_STATION_SET else ""
        lines.append(f"{city}{mark}" + (f" -> {nexts}" if nexts else ""))
    return lines


ROUTES = _routes()


def _deciding(decider: Any) -> str:
    if decider is None:
        return "the game is over"
    return "chance to draw" if decider == "chance" else f"{seat_label(decider)} to decide"


def render(v: View) -> str:
    seat = v["seat"]
    out = [
        f"Lübeck - round {v['round']}{' (last round)' if v['last_round'] else ''}, "
        f"deck pass {v['deck_pass']}, deck {v['deck_size']}, discard {v['discard_size']}",
        f"start player {seat_label(v['start_player'])}; " + _deciding(v["decider"]),
        "",
        "Map:",
    ]
    by_city: dict[str, list[str]] = {}
    for i, cog in enumerate(v["cogs"]):
        figures = ",".join(str(p) for p in cog["figures"])
        by_city.setdefault(cog["city"], []).append(f"@{i}[{figures}]")
    for line in ROUTES:
        city = line.split(" ")[0]
        cogs = " ".join(by_city.get(city, []))
        out.append(f"  {line}" + (f"   cogs {cogs}" if cogs else ""))
    out.append(f"  cog field: {v['free_cogs']} free cog(s)")
    out.append("")
    out.append("Layout:")
    if not v["layout"]:
        out.append("  (empty)")
    for i, pack in enumerate(v["layout"]):
        out.append(f"  {i}: " + ", ".join(pack))
    out.append("")
    out.append("Players:")
    for p, pv in enumerate(v["players"]):
        marks = []
        if p == v["start_player"]:
            marks.append("compass")
        if pv["passed"]:
            marks.append("passed")
        if pv["doubled"]:
            marks.append("doubles " + ", ".join(pv["doubled"]))
        known = ", ".join(pv["known_hand"]) or "-"
        out.append(
            f"  {'*' if p == seat else ' '}{seat_label(p)}: score {pv['score']:>3}, "
            f"cards {pv['hand_size']}, "
            f"reserve {pv['reserve']}"
            + (f" ({'; '.join(marks)})" if marks else "")
            + f"; known cards: {known}"
        )
    if seat is not None:
        out.append("")
        out.append("Your hand: " + (", ".join(v["hand"]) or "(empty)"))
    return "\n".join(out)
