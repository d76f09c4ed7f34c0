"""The places of the Speicherstadt board for "last moves shown" (:mod:`hanse.games.svg_places`):
each place's key and the slice of the view it draws, and the places a move names.

Places: ``goods`` (the bag and the supply), ``fire`` (the fire being scored), ``upper`` (the
Kaispeicher upper row), ``offer`` (the water fields) holding ``offer:<i>`` (a card with the
workers above it), ``reserved`` holding ``reserved:<j>`` (a reserved card), and ``seat:<s>`` (a
player's warehouse). The header (round, draw pile, start player, who decides) is no place: whose
turn it is is no change.

A slot of the offer or of the reserved row keeps its number through a round (a card sold or
discarded leaves an empty slot), so its key is stable.
"""

from __future__ import annotations

from typing import Any

from . import data

PLAYER_FIELDS = (
    *("coins", "score", "workers", "grey_workers", "break_cards", "cards", "card_ids"),
    *("contracts", "warehouse", "market_hall", "cargo", "firemen", "end_points"),
    "bought_this_round",
)
"""What a player's warehouse draws of the view's player."""


def on_sale(view: dict[str, Any]) -> tuple[str, int] | None:
    """Which card is being sold: ("offer", i) or ("reserved", j)."""
    if view["decision"] != "purchase":
        return None
    cursor = view["cursor"]
    k = len(view["offer"])
    if cursor < k:
        return ("offer", cursor) if view["offer"][cursor] is not None else None
    j = cursor - k
    return ("reserved", j) if j < len(view["reserved"]) and view["reserved"][j] else None


def goods_part(view: dict[str, Any]) -> tuple[Any, ...]:
    return view["bag"], view["reserve"]


def fire_part(view: dict[str, Any]) -> Any:
    return view["fire"]


def upper_part(view: dict[str, Any]) -> Any:
    return view["upper"]


def slot_part(view: dict[str, Any], row: str, i: int) -> tuple[Any, ...]:
    """A card of the offer or the reserved row, and its price while it is on sale."""
    selling = on_sale(view) == (row, i)
    return view[row][i], selling, view.get("price") if selling else None


def row_part(view: dict[str, Any], row: str) -> list[Any]:
    return [slot_part(view, row, i) for i in range(len(view[row]))]


def seat_part(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    player = view["players"][seat]
    # The cubes stored this turn are outlined in the stores of the player who stores: the last
    # ones in the Lager, the market hall's cube.
    fresh: tuple[int, bool] = (0, False)
    if view["decider"] == seat:
        stored = view["stored_this_turn"]
        in_lager = min(len(stored.get("warehouse", [])), len(player["warehouse"]))
        fresh = (in_lager, bool(stored.get("market_hall") and player["market_hall"]))
    return [player.get(field) for field in PLAYER_FIELDS], view["seat"] == seat, fresh


def _slot_of(view: dict[str, Any], position: int) -> list[str]:
    """A spy's position (card * 8 + level; the water fields, then the reserved cards)."""
    card, k = position // 8, len(view["offer"])
    if card < k:
        return [f"offer:{card}"]
    return [f"reserved:{card - k}"] if card - k < len(view["reserved"]) else []


def _card_slot(view: dict[str, Any], card: int) -> list[str]:
    """Where a card just drawn lies: a fire is scored at once; any other card is laid last in the
    row being filled (:func:`_last_laid`)."""
    if data.ALL_CARDS[card].kind == data.FIRE:
        return ["fire"] if view["fire"] else []
    return _last_laid(view)


def _last_laid(view: dict[str, Any]) -> list[str]:
    """The card laid last, which a ship's cubes go onto: last in the row being filled (the
    view's ``pending_row``: the offer, or the Kaispeicher upper row)."""
    if view["pending_row"]:
        return ["upper"] if view["upper"] else []
    return [f"offer:{len(view['offer']) - 1}"] if view["offer"] else []


def action_places(action: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """The places a move names (its JSON form, `view` the board after it): the card drawn, the
    column a worker goes to, the upper row's card reserved, the card sold or declined (found
    from the sale's cursor, which has moved past it), the slots a spy swaps, the goods drawn or
    taken from the supply. The loading moves name none: the view after them does not say whose
    warehouse it was (the loader may have finished, and the next one decides)."""
    kind = action["kind"]
    if kind == "draw_card":
        return _card_slot(view, action["card"])
    if kind == "draw_cube":
        return ["goods", *_last_laid(view)]
    if kind == "place_worker":
        card = action["card"]
        return [f"offer:{card}"] if card < len(view["offer"]) else []
    if kind == "reserve":
        upper = ["upper"] if view["upper"] else []  # the row is gone with its last card
        return [*upper, f"reserved:{len(view['reserved']) - 1}"] if view["reserved"] else upper
    if kind in ("buy", "buy_free", "decline"):
        if view["decision"] != "purchase":
            return []  # the last card's sale ended the purchases: the rows are cleared
        past = view["cursor"] - len(view["offer"]) - 1
        return [f"reserved:{past}"] if past >= 0 else ["offer"]
    if kind == "spy":
        swapped = [*_slot_of(view, action["own"]), *_slot_of(view, action["other"])]
        return list(dict.fromkeys(swapped))
    if kind == "smuggle":
        return [f"seat:{action['victim']}"]
    if kind == "auction":
        return ["goods"]
    return []
