"""A text rendering of a view for the terminal (`hanse play`, `hanse replay`)."""

from __future__ import annotations

from typing import Any

from hanse.core import View

SCORE_TRACK = 40
"""Kaispeicher: the score track has 40 spaces (0-39); a marker passing 39 goes on from 0 (+40)."""


def _slot(entry: dict[str, Any] | None) -> str:
    if entry is None:
        return "(resolved)"
    text = entry["card"]
    if "cubes" in entry:
        text += "[" + ",".join(entry["cubes"]) + "]"
    if entry["workers"]:
        pairs = zip(entry["workers"], entry["grey"], strict=True)
        marks = [f"{seat}{'g' if grey else ''}" for seat, grey in pairs]
        text += " <" + " ".join(marks) + ">"
    return text


def _track(score: int) -> str:
    if score < 0:
        return str(score)
    laps, space = divmod(score, SCORE_TRACK)
    return f"{score} (space {space}{f', +{laps * SCORE_TRACK}' if laps > 0 else ''})"


def render(v: View) -> str:
    lines = [
        f"Round {v['round']}  start player {v['start_player']}  "
        f"decision {v['decision']} of {v['decider']}"
        + (f"  price {v['price']}" if v.get("price") is not None else ""),
        f"Draw pile {v['deck_size']} (next: {v['next_deck']})  "
        f"bag {sum(v['bag'].values())}  supply "
        + " ".join(f"{g}:{n}" for g, n in v["reserve"].items() if n),
        "Offer: " + " | ".join(_slot(e) for e in v["offer"]),
    ]
    if v["upper"]:
        lines.append("Upper row: " + " | ".join(_slot(e) for e in v["upper"]))
    if v["reserved"]:
        lines.append("Reserved: " + " | ".join(_slot(e) for e in v["reserved"]))
    stored = v["stored_this_turn"]
    if stored["warehouse"] or stored["market_hall"]:
        lines.append(
            "Stored this turn (kept for a later round): "
            + ", ".join(stored["warehouse"] + (["market hall"] if stored["market_hall"] else []))
        )
    if v["market_cube"] is not None:
        lines.append(f"To exchange or sell in the market hall now: {v['market_cube']}")
    if v["fire"] is not None:
        fire = v["fire"]
        lines.append(f"Fire {fire['card']}: +{fire['gain']} -{fire['loss']}")
    for seat, p in enumerate(v["players"]):
        marker = "*" if v["decider"] == seat else " "
        lines.append(
            f"{marker}Seat {seat}: score {_track(p['score'])}  coins {p['coins']}  "
            f"workers {p['workers']}  firemen {p['firemen']}"
            + (f"  grey {p['grey_workers']}" if p["grey_workers"] else "")
            + (f"  breaks {p['break_cards']}" if p["break_cards"] else "")
        )
        lines.append("    cards: " + (", ".join(p["cards"]) or "-"))
        for i, c in enumerate(p["contracts"]):
            lines.append(
                f"    contract{i} ({c['points']}): needs {'+'.join(c['needed'])}, "
                f"placed {'+'.join(c['placed']) or '-'}"
            )
        lines.append(
            f"    warehouse [{', '.join(p['warehouse'])}]  hall [{p['market_hall'] or ''}]"
            + (f"  cargo [{', '.join(p['cargo'])}]" if p["cargo"] else "")
        )
    return "\n".join(lines)
