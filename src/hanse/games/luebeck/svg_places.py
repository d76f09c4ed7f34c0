"""The places of the Lübeck board for "last moves shown" (:mod:`hanse.games.svg_places`): each
place's key and the slice of the view it draws, and the places a move names.

Places: ``city:<name>`` (a city's box: its cogs with the figures aboard, and the players whose
Verdoppelung doubles it), ``field`` (the cog field), ``deck`` (deck, discard pile, the pass
through the deck), ``seat:<s>`` (a player's box), ``layout`` (the packs) and ``hand`` (the
viewer's own hand, on a seated player's board only).

A cog's number ("@2") is its index in the view's sorted list of cogs: a cog entering Bergen
renumbers the cogs east of it though none of them moved, so a city's slice holds its cogs'
figures, not their numbers. Whose turn it is (the decider's thick frame and "to act") is no
change of a place either: the slices leave the decider out.
"""

from __future__ import annotations

from typing import Any

from . import data


def city_part(view: dict[str, Any], city: str) -> tuple[Any, ...]:
    cogs = sorted(tuple(cog["figures"]) for cog in view["cogs"] if cog["city"] == city)
    doubled = [p for p, pv in enumerate(view["players"]) if city in pv["doubled"]]
    return tuple(cogs), tuple(doubled)


def field_part(view: dict[str, Any]) -> int:
    return int(view["free_cogs"])


def deck_part(view: dict[str, Any]) -> tuple[Any, ...]:
    return view["deck_size"], view["discard_size"], view["deck_pass"], view["final_shuffle"]


def seat_part(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    pv = view["players"][seat]
    return (
        sorted(pv.items()),
        view["start_player"] == seat,
        view["seat"] == seat,
    )


def layout_part(view: dict[str, Any]) -> list[Any]:
    return list(view["layout"])


def hand_part(view: dict[str, Any]) -> list[str]:
    return sorted(view.get("hand") or [])


def action_places(action: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """The places a move names (its JSON form, `view` the board after it). A cog is found by its
    number only where the move leaves it in the same city (joining a cog); a card names its
    city. What the view after a move cannot place for sure is left out: the cog a Schiffswechsel
    or a take-back left (it may have gone back to the cog field, renumbering the rest)."""
    kind = action["kind"]
    if kind == "draft":
        return ["layout"]
    if kind == "choose_first":
        return [f"seat:{action['seat']}"]
    if kind == "start_voyage":
        cog = action["cog"]
        if cog is None:
            return [f"city:{data.START_CITY}", "field"]
        return [f"city:{view['cogs'][cog]['city']}"] if cog < len(view["cogs"]) else []
    if kind == "play":
        label = action["card"]
        kind_code = data.LABEL_TO_KIND[label]
        kind_type = data.KIND_TYPE[kind_code]
        played = [] if kind_type == data.T_VERDOPPELUNG else ["deck"]  # it lies before its player
        if kind_type == data.T_PIRATEN:
            return ["field", *played]
        if kind_type == data.T_SCHIFFSWECHSEL:
            return played
        city = f"city:{data.CITIES[data.KIND_CITY[kind_code]]}"
        launched = ["field"] if kind_type == data.T_HANDELSFAHRT and action["cog"] is None else []
        return [city, *launched, *played]
    if kind in ("discard", "draw"):
        return ["deck"]
    return []  # pass, keep, take back
