"""Kogge's terms and the names behind a view's numbers, for its words (:mod:`.words`,
:mod:`.words_actions`): a city with its printed number ("Reval (3)"), a seat by its letter, a good
or a marker as one term ("1 fur", "marker 5"), the two route squares of a city counted from 1 (the
"first route" and the "second route"), and where a cog or the guild master stands or goes."""

from __future__ import annotations

from typing import Any

from hanse.core import View
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CHIP_TWO_MOVES,
    CITY_NAMES,
    GOOD_NAMES,
    NUM_CITIES,
)
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


def city_label(index: int) -> str:
    """A city with the number printed on the board ("Reval (3)")."""
    return f"{CITY_NAMES[index]} ({index})"


def seat_city(view: View, seat: int) -> int | None:
    players = view["players"]
    if 0 <= seat < len(players):
        city = players[seat]["city"]
        return int(city) if city is not None else None
    return None


def deciding_seat(view: View) -> int:
    decider = view.get("decider")
    return decider if isinstance(decider, int) else int(view["actor"])


def route_target(view: View, city: int, slot: int) -> int | None:
    """Where route square `slot` of `city` leads, if the view shows it (face up, or known)."""
    entry = view["cities"][city]
    value = entry["markers"][slot]
    if value is None:
        value = entry["known"][slot]
    return None if value is None else int(value)


def item_term(good: int, marker: int) -> str:
    return GOOD_ITEMS[good] if good >= 0 else MARKER_ITEMS[marker]


def goods_count(value: Any) -> int:
    """A goods holding as a number: a dict of goods, or a count (secret holdings)."""
    return sum(value.values()) if isinstance(value, dict) else int(value or 0)


def goods_tally(goods: dict[str, int]) -> dict[str, int]:
    return {name: goods[name] for name in GOOD_NAMES}


def marker_numbers(values: list[int]) -> str:
    """Marker counts by number (``[0, 2, ...]``) as their numbers, "–" when none."""
    text = ", ".join(str(v) for v in range(len(values) - 1, -1, -1) for _ in range(values[v]))
    return text or "–"


def bid_text(values: list[int] | None) -> str:
    return "-".join(map(str, values or []))


def guildmaster_target(view: View, steps: int) -> tuple[int, bool]:
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


def loser_seat(view: View) -> int:
    conflict = view["conflict"]
    sides, winner = conflict["sides"], conflict["winner"]
    return int(sides[1] if winner == sides[0] else sides[0])


def seat_letter(seat: Any) -> str:
    """A seat as the board and the log mark it (A for seat 0); "?" where the view has none."""
    return SEAT_LETTERS[seat] if isinstance(seat, int) and 0 <= seat < len(SEAT_LETTERS) else "?"


def cog_city(view: View, seat: int) -> str:
    city = seat_city(view, seat)
    return city_label(city) if city is not None else "?"


def steps_paid(view: View, seat: int) -> bool:
    """True once the free step(s) of this movement are used (two with '2 Felder gehen')."""
    free = 2 if view["players"][seat]["bonus_chips"][CHIP_NAMES[CHIP_TWO_MOVES]] else 1
    return int(view["turn"]["steps"]) >= free
