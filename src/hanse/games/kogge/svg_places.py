"""The places of the Kogge board for "last moves shown" (:mod:`hanse.games.svg_places`): each
place's key and the slice of the view it draws, and the places a move names.

Places: ``city:<n>`` (a city: its route squares, goods, Kontor places and the goods in them, the
cogs in it, robbery markers, the guild master and the game-end marker), ``seat:<s>`` (a player's
corner), ``offer`` (the four lots), ``bids`` (the bids of the round), ``hand`` (the viewer's own
markers, on a seated player's board only) and ``supply`` (goods, the reserve, bonus chips left).

Whose turn it is (the decider's thick frame and ring, the turn order's underline) is no change of
a place: the slices leave it out; the turn order, the headline and the line about a trade,
robbery or conflict under way are no places.
"""

from __future__ import annotations

from typing import Any

CITY_FIELDS = ("name", "good", "goods", "markers", "known", "dealt", "kontore", "kontor_places")
"""What a city's box draws of the view's city (not ``placed``, which only the rules read)."""
PLAYER_FIELDS = (
    *("city", "kontore", "robbery_markers", "development", "cargo", "markers"),
    *("bonus_chips", "conflict_markers", "start_choice"),
)
"""What a player's corner draws of the view's player (not the robbery markers' total, nor the
start city it may not choose)."""


def city_part(view: dict[str, Any], number: int) -> tuple[Any, ...]:
    city = view["cities"][number]
    seat = view["seat"]
    cogs = [p["seat"] for p in view["players"] if p["city"] == number]
    return (
        [city[field] for field in CITY_FIELDS],
        city["robbed_by"],
        cogs,
        view["guildmaster"] == number,
        view["end_marker"] == number,
        seat is not None and view["players"][seat]["city"] == number,
    )


def seat_part(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    player = view["players"][seat]
    drawn = [player.get(field) for field in PLAYER_FIELDS]
    if not isinstance(player["cargo"], dict):  # another's hidden cargo: what the viewer saw
        drawn.append(player.get("known_cargo"))
    if not isinstance(player["markers"], list):
        drawn.append(player.get("known_markers"))
    where = None if player["city"] is None else view["cities"][player["city"]]["name"]
    return drawn, where, view["seat"] == seat


def offer_part(view: dict[str, Any]) -> list[Any]:
    return list(view["offer"])


def bids_part(view: dict[str, Any]) -> tuple[Any, ...]:
    return list(view["order"]), [view["bids"][p] for p in view["order"]]


def hand_part(view: dict[str, Any]) -> Any:
    return view["players"][view["seat"]]["markers"]


def supply_part(view: dict[str, Any]) -> tuple[Any, ...]:
    reserve = view["reserve"]
    count = sum(reserve) if isinstance(reserve, list) else reserve
    return view["supply"], count, view["bonus_chips_left"]


def _owner(view: dict[str, Any]) -> list[str]:
    """The player on turn's corner and city (the moves of a turn are the turn owner's)."""
    owner = view.get("turn_owner")
    if not isinstance(owner, int) or not 0 <= owner < len(view["players"]):
        return []
    city = view["players"][owner]["city"]
    return [f"seat:{owner}", *([] if city is None else [f"city:{city}"])]


OWNER_KINDS = frozenset(
    {"move", "pay_fee", "collect", "build_kontor", "exchange", "exchange_done", "forced_step"}
    | {"look", "take_pile"}
)
"""Moves of the player on turn that change its corner or its city."""


def action_places(action: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """The places a move names (its JSON form, `view` the board after it): a seat or a city it
    names, the offer, the bids or the supply it takes from or pays into, and the player on turn's
    corner and city for the moves of a turn. Moves that only build up a choice still open (the
    items of a trade offer, a robbery's split, conflict markers), a pass and the end of a turn
    name none."""
    kind = action["kind"]
    if kind in ("deal", "pay_tax"):
        return ["supply"]  # a marker comes from the reserve; a tax goes to the supply
    if kind in ("lot", "offer_trade", "attack"):
        return [f"seat:{action['seat']}"]
    if kind == "choose_start":
        return [f"city:{action['marker']}"]
    if kind in ("bid", "bid_done"):
        return ["bids"]
    if kind == "move_guildmaster":
        return [f"city:{view['guildmaster']}"]
    if kind == "buy_markers":
        return ["offer", "supply", *_owner(view)[:1]]
    if kind in ("guildmaster_trade", "take_marker"):
        return ["supply", *_owner(view)[:1]]
    if kind == "rob":
        owner = _owner(view)
        if action["victim"] >= 0:
            return [f"seat:{action['victim']}", *owner[:1]]
        return owner
    if kind == "answer_trade":
        return _owner(view)[:1] if action["accept"] else []
    if kind == "change_route":
        return _route_changed(action, view)
    if kind in OWNER_KINDS:
        return _owner(view)
    return []


def _route_changed(action: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """The city whose route square got the marker: it lies face down there, so only a viewer
    who knows it (the player who laid it; everybody with open holdings) finds the city, the
    player on turn's where several show it (the change may have ended the turn, or the set-up's
    swap passed to the next player: then only a city alone in showing it is named)."""
    slot, marker = action["slot"], action["marker"]
    showing = [
        c["number"]
        for c in view["cities"]
        if c["markers"][slot] is None and c["known"][slot] == marker
    ]
    owner = _owner(view)
    if owner[1:] and int(owner[1].partition(":")[2]) in showing:
        return owner[1:]
    return [f"city:{showing[0]}"] if len(showing) == 1 else []
