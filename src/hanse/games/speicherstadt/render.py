"""A text rendering of a view for the terminal (`hanse play`, `hanse replay`): the offer one card
a line with what each card does (a contract's needs, a building's points), the players' cards with
their effects, warehouses and contracts (issue 19, item 5)."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.games.seats import seat_label
from hanse.games.speicherstadt.card_text import effect_of

SCORE_TRACK = 40
"""Kaispeicher: the score track has 40 spaces (0-39); a marker passing 39 goes on from 0 (+40)."""


def _slot(entry: dict[str, Any] | None) -> str:
    if entry is None:
        return "(resolved)"
    text = f"{entry['card']} ({effect_of(entry['id'])})"
    if "cubes" in entry:
        text += " carrying " + (", ".join(entry["cubes"]) or "nothing")
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


def _who(decider: Any) -> str:
    return "chance" if decider == "chance" else seat_label(decider)


def _row(title: str, entries: list[dict[str, Any] | None]) -> list[str]:
    return [title] + [f"  {i}: {_slot(entry)}" for i, entry in enumerate(entries)]


def render(v: View) -> str:
    deciding = "the game is over" if v["decider"] is None else f"{_who(v['decider'])} to decide"
    lines = [
        f"Round {v['round']}, start player {seat_label(v['start_player'])}; {deciding}"
        + (f"; price {v['price']}" if v.get("price") is not None else ""),
        f"Draw pile {v['deck_size']} (next: {v['next_deck']}), bag {sum(v['bag'].values())}, "
        "supply: " + (" ".join(f"{g} {n}" for g, n in v["reserve"].items() if n) or "empty"),
        *_row("Offer: columns from 0, <workers by seat, g = grey>", v["offer"]),
    ]
    if v["upper"]:
        lines += _row("Upper row:", v["upper"])
    if v["reserved"]:
        lines += _row("Reserved:", v["reserved"])
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
            f"{marker}{seat_label(seat)}: score {_track(p['score'])}  coins {p['coins']}  "
            f"workers {p['workers']}  firemen {p['firemen']}"
            + (f"  grey {p['grey_workers']}" if p["grey_workers"] else "")
            + (f"  breaks {p['break_cards']}" if p["break_cards"] else "")
        )
        cards = [
            f"{name} ({effect_of(key)})"
            for name, key in zip(p["cards"], p["card_ids"], strict=True)
        ]
        lines.append("    cards: " + ("; ".join(cards) or "none"))
        for i, c in enumerate(p["contracts"]):
            lines.append(
                f"    contract{i} ({c['points']}): needs {'+'.join(c['needed'])}, "
                f"placed {'+'.join(c['placed']) or '-'}"
            )
        lines.append(
            f"    warehouse: {', '.join(p['warehouse']) or 'empty'}; market hall: "
            f"{p['market_hall'] or 'empty'}"
            + (f"; cargo: {', '.join(p['cargo'])}" if p["cargo"] else "")
        )
    return "\n".join(lines)
