"""The Speicherstadt board as one inline SVG element, drawn from a view (standard library only).

:func:`board_svg` draws the offer on the water fields with the workers standing in the building
spaces above each card (lowest first), the Kaispeicher upper row and reserved cards, the fire being
scored, the bag and the supply, then every player's warehouse: the cards bought, the contracts with
their goods, the Lager, the market hall and the cargo of the ships bought this round.

Legal actions that name exactly one element of the board become clickable targets
(``data-action``); the web page shows every other legal action as a button. ``place i`` is the
column of card i, ``reserve i`` card i of the upper row, ``buy`` (or ``buyfree`` when buying is
not possible) the card on sale. A ``load`` move is drawn on its destination (a free slot of that
good on a contract, the merchant, the delivery building, the Lager, the market hall) only when no
other legal move goes there, since the notation also names the cube's source. ``decline``,
``done``, ``pause``, the market-hall exchanges and sales, and the Kaispeicher cards that name two
places (Spitzel, Schmuggler, LKW, Auktionshalle) are left to the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanse.core import IllegalActionError
from hanse.games.speicherstadt import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, GOOD_NAMES, Card
from hanse.games.svg_parts import (
    FONT,
    INK,
    SEAT_COLOURS,
    SEAT_INK,
    SEAT_LETTERS,
    TARGET_STYLE,
    Targets,
    Translate,
    board_document,
    board_key,
    name_label,
    ring_rect,
    same,
    seat_name,
    text_width,
)
from hanse.games.svg_parts import coordinate as _f
from hanse.games.svg_parts import el as _el
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

GREY_WORKER = "#a6a6a6"

GOOD_FILL = {
    "coffee": "#6f4e37",
    "tea": "#3d8b37",
    "saffron": "#f2c318",
    "rubber": "#1f1f1f",
    "carpet": "#c0392b",
    "hemp": "#d9c38c",
    "cloth": "#5c6bc0",
    "glass": "#d6eef8",
}
GOOD_INK = {
    "coffee": "#ffffff",
    "tea": "#ffffff",
    "saffron": "#000000",
    "rubber": "#ffffff",
    "carpet": "#ffffff",
    "hemp": "#000000",
    "cloth": "#ffffff",
    "glass": "#000000",
}
GOOD_SHORT = {
    "coffee": "Co",
    "tea": "Te",
    "saffron": "Sa",
    "rubber": "Ru",
    "carpet": "Ca",
    "hemp": "He",
    "cloth": "Cl",
    "glass": "Gl",
}
"""Every cube also carries two letters of its good's name."""

# The colour band of a card: what the card is for.
BAND_SHIP = "#1f5fa8"
BAND_CONTRACT = "#8d5a3b"
BAND_FIRE = "#8e1b1b"
BAND_FIREMAN = "#d0452b"
BAND_GOODS = "#00695c"
BAND_STORE = "#546e7a"
BAND_POINTS = "#6a1b9a"
BAND_COINS = "#a87900"
BAND_ONCE = "#37474f"
BAND = {
    data.SHIP: BAND_SHIP,
    data.CONTRACT: BAND_CONTRACT,
    data.FIRE: BAND_FIRE,
    data.FIREMAN: BAND_FIREMAN,
    data.MERCHANT: BAND_GOODS,
    data.TRADER: BAND_GOODS,
    data.PROCESSOR: BAND_GOODS,
    data.WAREHOUSE: BAND_STORE,
    data.KONTOR: BAND_POINTS,
    data.POINTS: BAND_POINTS,
    data.PORT: BAND_POINTS,
    data.CHAMBER: BAND_POINTS,
    data.PRESS: BAND_POINTS,
    data.MAYOR: BAND_POINTS,
    data.HARBOUR_TOUR: BAND_POINTS,
    data.DEICHTORHALLEN: BAND_POINTS,
    data.ACCOUNTANT: BAND_POINTS,
    data.BANK: BAND_COINS,
    data.SAVINGS_BANK: BAND_COINS,
    data.THIEF: BAND_COINS,
}
EFFECT = {
    data.WAREHOUSE: "keeps 4 goods",
    data.KONTOR: "2/5/9/14 VP",
    data.PORT: "1 VP per ship",
    data.CHAMBER: "1 VP per coin",
    data.BANK: "+1 coin income",
    data.PRESS: "1 VP per fireman",
    data.MAYOR: "doubles best VP card",
    data.HARBOUR_TOUR: "1 VP per VP card",
    data.DEICHTORHALLEN: "1 VP per merchant",
    data.ACCOUNTANT: "1 VP per contract",
    data.SPY: "swap two workers",
    data.FISH_MARKET: "one card free",
    data.HARBOUR_MASTER: "exchange 2 for 1",
    data.SAVINGS_BANK: "4 coins",
    data.THIEF: "1 coin from each",
    data.AUCTION_HALL: "a good from supply",
    data.SMUGGLER: "take a good",
    data.TRUCK: "move 3 goods",
    data.COFFEE_BREAK: "2 break cards",
    data.WAREHOUSE_WORKERS: "2 grey workers",
    data.FIRE_CHIEF: "double fire points",
    data.INSURANCE: "2 coins: no fire loss",
    data.FIRE_ENGINE: "doubles best fireman",
}
DECISION_WORDS = {
    "demand": "Player {seat} places a worker",
    "spy": "Player {seat} may use the spy",
    "purchase": "Player {seat} buys or declines",
    "loading": "Player {seat} loads goods",
    "truck": "Player {seat} moves goods by truck",
    "fire_chief": "Player {seat} may double the fire's points",
    "insurance": "Player {seat} may insure against the fire",
}
"""The status line: who decides what (any other decision: "Player {seat}")."""
MERCHANT_WORDS = {
    data.MERCHANT: "1 coin each",
    data.TRADER: "3 coins each",
    data.PROCESSOR: "2 VP each",
}

WIDTH = 680
SPACES = 8
"""Building spaces above each water field (Gebäudefelder)."""
SLOT = 19
CARD_H = 104
CORNER = 13
"""The strip at the foot of a card that holds its season letter, right (no other text there)."""
WATER = "#cfe3ee"
PAPER = "#f6f1e4"


# -- small drawing helpers ---------------------------------------------------------------------


def _text_width(text: str, size: float) -> float:
    return len(text) * size * 0.6


def _seat_style(seat: int) -> tuple[str, str, str]:
    if 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat], SEAT_INK[seat], SEAT_LETTERS[seat]
    return "#8c8c8c", "#000000", "?"


def _worker(x: float, y: float, seat: int, grey: bool = False, r: float = 9) -> str:
    """A worker: a disc in the seat's colour with its letter; a grey worker (Lagerarbeiter) is
    grey inside a ring of the seat's colour."""
    colour, ink, letter = _seat_style(seat)
    if grey:
        disc = _el(
            "circle", cx=_f(x), cy=_f(y), r=_f(r), fill=GREY_WORKER, stroke=colour, stroke_width=3
        )
        return disc + _text(x, y, letter, r * 1.2, weight="bold")
    disc = _el("circle", cx=_f(x), cy=_f(y), r=_f(r), fill=colour, stroke="#111111")
    return disc + _text(x, y, letter, r * 1.2, weight="bold", fill=ink)


def _cube(
    x: float, y: float, good: str, size: float = 16, faded: bool = False, tr: Translate = same
) -> str:
    """A goods cube: its colour and two letters of its name (in the reader's language)."""
    short = tr(GOOD_SHORT[good]) if good in GOOD_SHORT else good[:2]
    fill = GOOD_FILL.get(good, "#888888")
    ink = GOOD_INK.get(good, "#000000")
    h = size / 2
    return _rect(
        x - h,
        y - h,
        size,
        size,
        rx=2,
        fill=fill,
        stroke="#111111",
        fill_opacity="0.25" if faded else None,
        stroke_dasharray="2 2" if faded else None,
    ) + _text(x, y, short, size * 0.58, weight="bold", fill=INK if faded else ink)


def _card_data(entry: dict[str, Any]) -> Card | None:
    index = CARD_INDEX.get(entry.get("id", ""))
    return None if index is None else ALL_CARDS[index]


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Words of `text` in at most two lines that fit `width`."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if _text_width(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines


def _card_name(card: Card | None, entry: dict[str, Any], tr: Translate = same) -> str:
    """The card's name as the rulebook has it ("Fireman 3", "4th Fire", "Davidwache")."""
    if card is None:
        return str(entry.get("card", "?"))
    return tr(card.name_en.split(" (")[0])


# -- cards ---------------------------------------------------------------------------------------


def _card(
    x: float, y: float, w: float, h: float, entry: dict[str, Any], tr: Translate = same
) -> str:
    """One trade card: a band in the colour of its use with its name, its season letter, and
    what it holds or gives (goods, victory points, a fireman's strength)."""
    card = _card_data(entry)
    band = BAND.get(card.kind, BAND_ONCE) if card else BAND_ONCE
    parts = [
        _rect(x, y, w, h, fill="#fffdf6", rx="6", stroke=band, stroke_width="2"),
        _rect(x, y, w, 34, fill=band, rx="6"),
    ]
    name = _card_name(card, entry, tr)
    size = 13 if w < 100 else 14
    lines = _wrap(name, size, w - 8)
    for i, line in enumerate(lines):
        ly = y + 17 + (i - (len(lines) - 1) / 2) * 14
        parts.append(_text(x + w / 2, ly, line, size, weight="bold", fill="#ffffff", fit=w - 6))
    if card is not None:
        parts.append(
            _text(
                x + w - 5,
                y + h - CORNER / 2 - 1,
                data.SEASONS[card.season],
                10,
                weight="bold",
                anchor="end",
                fill="#777777",
            )
        )
        parts.append(_card_body(x, y + 34, w, h - 34 - CORNER, card, entry, tr))
    return "".join(parts)


def _card_body(
    x: float, y: float, w: float, h: float, card: Card, entry: dict[str, Any], tr: Translate
) -> str:
    cx, cy = x + w / 2, y + h / 2 - 4
    kind = card.kind
    if kind == data.SHIP:
        cubes = entry.get("cubes")
        if cubes is None:
            holds = tr("{count} goods" if card.value != 1 else "{count} good")
            return _text(cx, cy, holds.format(count=card.value), 12, fit=w - 6)
        if not cubes:
            return _text(cx, cy, tr("empty"), 12, fill="#777777")
        step = min(22.0, (w - 10) / len(cubes))
        left = cx - step * (len(cubes) - 1) / 2
        return "".join(_cube(left + i * step, cy, g, 18, tr=tr) for i, g in enumerate(cubes))
    if kind == data.CONTRACT:
        needed = [GOOD_NAMES[g] for g in card.goods]
        step = min(22.0, (w - 10) / max(len(needed), 1))
        left = cx - step * (len(needed) - 1) / 2
        cubes = "".join(_cube(left + i * step, cy - 8, g, 18, tr=tr) for i, g in enumerate(needed))
        points = tr("{points} VP").format(points=card.points)
        return cubes + _text(cx, cy + 16, points, 13, weight="bold")
    if kind in (data.MERCHANT, data.TRADER, data.PROCESSOR):
        good = GOOD_NAMES[card.good]
        words = tr(MERCHANT_WORDS[kind])
        mid = y + h / 2  # the cube and the words as one block in the middle of the body
        return _cube(cx, mid - 9, good, 20, tr=tr) + _text(cx, mid + 15, words, 11, fit=w - 6)
    if kind == data.FIREMAN:
        return _text(cx, cy, str(card.value), 26, weight="bold", fill=BAND_FIREMAN)
    if kind == data.FIRE:
        points = tr("±{points} VP").format(points=card.value)
        return _text(cx, cy, points, 18, weight="bold", fill=BAND_FIRE)
    if kind == data.POINTS:
        points = tr("{points} VP").format(points=card.value)
        return _text(cx, cy, points, 18, weight="bold", fill=BAND_POINTS)
    words = tr(EFFECT[kind]) if kind in EFFECT else ""
    return "".join(
        _text(cx, cy + (i - 0.5 * (len(lines) - 1)) * 13, line, 11, fit=w - 6)
        for lines in [_wrap(words, 11, w - 8)]
        for i, line in enumerate(lines)
    )


# -- the targets -------------------------------------------------------------------------------


def _first_open_slot(contract: dict[str, Any], good: str) -> int:
    for i, (need, filled) in enumerate(
        zip(contract["needed"], contract["slots_filled"], strict=True)
    ):
        if need == good and not filled:
            return i
    return -1


def _element(view: dict[str, Any], action: object) -> tuple[Any, ...] | None:
    """The one board element an action names, or None."""
    match action:
        case A.PlaceWorker(card):
            if 0 <= card < len(view["offer"]) and view["offer"][card] is not None:
                return ("column", card)
        case A.Reserve(card):
            if 0 <= card < len(view["upper"]):
                return ("upper", card)
        case A.Buy() | A.BuyFree():
            return ("on_sale",)
        case A.Load(good, _, dst) if isinstance(view["seat"], int):
            name = GOOD_NAMES[good]
            if dst == A.DST_WAREHOUSE:
                return ("warehouse",)
            if dst == A.DST_HALL:
                return ("hall",)
            if dst in (A.DST_SELL, A.DST_DELIVER):
                return ("sell" if dst == A.DST_SELL else "deliver", name)
            if A.DST_CONTRACT <= dst < A.DST_MARKET:
                k = dst - A.DST_CONTRACT
                contracts = view["players"][view["seat"]]["contracts"]
                if k < len(contracts) and _first_open_slot(contracts[k], name) >= 0:
                    return ("contract", k, name)
    return None


def _on_sale(view: dict[str, Any]) -> tuple[str, int] | None:
    """Which card is being sold: ("offer", i) or ("reserved", j)."""
    if view["decision"] != "purchase":
        return None
    cursor = view["cursor"]
    k = len(view["offer"])
    if cursor < k:
        return ("offer", cursor) if view["offer"][cursor] is not None else None
    j = cursor - k
    return ("reserved", j) if j < len(view["reserved"]) and view["reserved"][j] else None


def _targets(view: dict[str, Any], legal: Sequence[str]) -> dict[tuple[Any, ...], str]:
    """Board element -> notation, for the legal actions naming exactly one element, each element
    named by exactly one of them (``buy`` wins the card on sale over ``buyfree``)."""
    by_element: dict[tuple[Any, ...], list[str]] = {}
    for text in dict.fromkeys(legal):
        try:
            action = A.from_str(text)
        except IllegalActionError:
            continue
        element = _element(view, action)
        if element == ("on_sale",) and _on_sale(view) is None:
            element = None
        if element is not None:
            by_element.setdefault(element, []).append(text)
    found = {element: texts[0] for element, texts in by_element.items() if len(texts) == 1}
    sale = by_element.get(("on_sale",), [])
    if "buy" in sale:
        found[("on_sale",)] = "buy"
    return found


# -- the parts of the board ----------------------------------------------------------------------


def _header(view: dict[str, Any], out: list[str], tr: Translate) -> float:
    out.append(_rect(0, 0, WIDTH, 58, fill="#24303c"))
    out.append(
        _text(12, 17, "Die Speicherstadt", 17, weight="bold", anchor="start", fill="#ffffff")
    )
    round_words = "Round {round} · last fires" if view.get("final") else "Round {round}"
    title = tr(round_words).format(round=view["round"])
    out.append(
        _text(
            24 + _text_width("Die Speicherstadt", 17),
            17,
            title,
            15,
            weight="bold",
            anchor="start",
            fill="#ffffff",
        )
    )
    if view["next_deck"]:
        deck = tr("Draw pile {count} · next season {season}").format(
            count=view["deck_size"], season=view["next_deck"]
        )
    else:
        deck = tr("Draw pile {count}").format(count=view["deck_size"])
    out.append(_text(WIDTH - 12, 17, deck, 13, anchor="end", fill="#ffffff"))
    decider = view["decider"]
    start = view["start_player"]
    colour, ink, letter = _seat_style(start)
    out.append(_text(WIDTH - 40, 42, tr("Start player"), 13, anchor="end", fill="#ffffff"))
    out.append(_worker(WIDTH - 24, 42, start, r=10))
    parts = []
    if view["decision"] == "over":
        parts.append(tr("Game over"))
    elif isinstance(decider, int):
        who = DECISION_WORDS.get(view["decision"], "Player {seat}")
        parts.append(tr(who).format(seat=SEAT_LETTERS[decider]))
        price = view["price"]
        if view["decision"] == "purchase" and price is not None:
            cost = "price {price} coins" if price != 1 else "price {price} coin"
            parts.append(tr(cost).format(price=price))
        if view["decision"] == "truck":
            moves = view["truck_moves_left"]
            left = "{count} moves left" if moves != 1 else "{count} move left"
            parts.append(tr(left).format(count=moves))
        out.append(_worker(24, 42, decider, r=10))
    else:
        parts.append(tr("Cards and goods are being drawn"))
    cube = view.get("market_cube")
    if cube:
        good = tr(cube) if cube in GOOD_FILL else cube
        parts.append(tr("{good} to exchange or sell now").format(good=good))
    status = " · ".join(parts)
    out.append(
        _text(
            42 if isinstance(decider, int) else 12, 42, status, 14, anchor="start", fill="#ffffff"
        )
    )
    del colour, ink, letter
    return 66


def _goods_row(view: dict[str, Any], y: float, out: list[str], tr: Translate) -> float:
    """The bag and the supply, one cube per good with its count."""
    x = 12.0
    for label, counts in ((tr("Bag"), view["bag"]), (tr("Supply"), view["reserve"])):
        if x + 60 + 36 * len(counts) > WIDTH:  # the supply goes on a line of its own
            x, y = 12.0, y + 26
        out.append(_text(x, y, label, 13, weight="bold", anchor="start"))
        x = max(x + _text_width(label, 13) + 22, x + 54)
        for good, n in counts.items():
            out.append(_cube(x, y, good, 18, faded=n == 0, tr=tr))
            out.append(_text(x + 12, y, str(n), 13, anchor="start"))
            x += 36
        x += 16
    return y + 20


def _columns(count: int, width: float, most: float) -> tuple[float, float, float]:
    """Left edge, pitch and card width of `count` columns across `width`."""
    gap = 8.0
    w = min(most, (width - 24 - gap * (count - 1)) / max(count, 1))
    total = count * w + (count - 1) * gap
    return (WIDTH - total) / 2, w + gap, w


def _offer(
    view: dict[str, Any],
    targets: dict[tuple[Any, ...], str],
    y: float,
    out: list[str],
    top: Targets,
    tr: Translate,
) -> float:
    offer = view["offer"]
    y = _row_heading(tr("Offer: workers on the building spaces, lowest first"), y, out)
    if not offer:
        none_words = tr("No cards on the water fields")
        out.append(_text(WIDTH / 2, y + 30, none_words, 13, fill="#777777"))
        return y + 60
    left, pitch, w = _columns(len(offer), WIDTH, 150)
    slots_h = SPACES * SLOT
    card_y = y + slots_h + 6
    out.append(_rect(0, card_y - 4, WIDTH, CARD_H + 8, fill=WATER))
    sale = _on_sale(view)
    viewer = view["seat"]
    for i, entry in enumerate(offer):
        x = left + i * pitch
        cx = x + w / 2
        for level in range(SPACES):
            sy = card_y - 6 - (level + 0.5) * SLOT
            out.append(
                _rect(
                    cx - 14,
                    sy - SLOT / 2 + 1,
                    28,
                    SLOT - 2,
                    fill="#e8e0cc",
                    rx="3",
                    stroke="#c2b58f",
                )
            )
        if entry is None:
            out.append(
                _rect(
                    x,
                    card_y,
                    w,
                    CARD_H,
                    fill="none",
                    rx="6",
                    stroke="#7aa3bb",
                    stroke_dasharray="5 4",
                )
            )
            gone = tr("sold or gone")
            out.append(_text(cx, card_y + CARD_H / 2, gone, 12, fill="#4f7285", fit=w - 6))
            continue
        workers = entry.get("workers", [])
        greys = entry.get("grey", [False] * len(workers))
        for level, (seat, grey) in enumerate(zip(workers, greys, strict=False)):
            out.append(_worker(cx, card_y - 6 - (level + 0.5) * SLOT, seat, grey))
        out.append(_card(x, card_y, w, CARD_H, entry, tr))
        name = _card_name(_card_data(entry), entry, tr)
        if sale == ("offer", i):
            out.append(_sale_badge(view, cx, card_y + CARD_H + 13, tr))
            out.append(_sale_frame(x, card_y, w, CARD_H))
            if ("on_sale",) in targets:
                text = targets[("on_sale",)]
                top.add(
                    text,
                    _buy_label(view, text, name, tr),
                    ring_rect(x - 3, card_y - 3, w + 6, CARD_H + 6),
                    (x - 3, card_y - 3, w + 6, CARD_H + 6),
                )
        if ("column", i) in targets and len(workers) < SPACES:
            level = len(workers)
            gy = card_y - 6 - (level + 0.5) * SLOT
            colour = _seat_style(viewer)[0] if isinstance(viewer, int) else "#888888"
            letter = SEAT_LETTERS[viewer] if isinstance(viewer, int) and viewer < 5 else "?"
            hit = (x + 2, card_y - 6 - slots_h, w - 4, slots_h)
            ghost = _el(
                "circle",
                cx=_f(cx),
                cy=_f(gy),
                r=9,
                fill=colour,
                fill_opacity="0.35",
                stroke="#111111",
                stroke_dasharray="3 2",
            )
            body = ring_rect(*hit) + ghost + _text(cx, gy, letter, 11, weight="bold")
            price = len(workers) + 1
            label = tr("Place a worker on {card}, building space {space}").format(
                card=name, space=price
            )
            top.add(targets[("column", i)], label, body, hit)
    return card_y + CARD_H + 28


def _sale_badge(view: dict[str, Any], cx: float, y: float, tr: Translate) -> str:
    """The price tag under the card on sale."""
    price = view.get("price")
    if price is None:
        text = tr("On sale")
    else:
        text = tr("On sale · {price} coins" if price != 1 else "On sale · {price} coin")
        text = text.format(price=price)
    w = _text_width(text, 12) + 12
    return _rect(cx - w / 2, y - 9, w, 18, fill="#24303c", rx="9") + _text(
        cx, y, text, 12, weight="bold", fill="#ffffff"
    )


def _sale_frame(x: float, y: float, w: float, h: float) -> str:
    return _rect(
        x - 4, y - 4, w + 8, h + 8, fill="none", rx="8", stroke="#24303c", stroke_width="3"
    )


def _buy_label(view: dict[str, Any], text: str, name: str, tr: Translate) -> str:
    if text == "buyfree":
        return tr("Take {card} free with the fish market").format(card=name)
    price = view.get("price")
    words = "Buy {card} for {price} coins" if price != 1 else "Buy {card} for {price} coin"
    return tr(words).format(card=name, price=price)


def _row_heading(words: str, y: float, out: list[str]) -> float:
    """A row's heading (offer, upper row, reserved cards) at `y`; where the row's cards begin."""
    out.append(_text(12, y + 8, words, 13, weight="bold", anchor="start"))
    return y + 20


def _upper(
    view: dict[str, Any],
    targets: dict[tuple[Any, ...], str],
    y: float,
    out: list[str],
    top: Targets,
    tr: Translate,
) -> float:
    upper = view["upper"]
    if not upper:
        return y
    y = _row_heading(tr("Upper row: reserve a card instead of placing a worker"), y, out)
    left, pitch, w = _columns(len(upper), WIDTH, 130)
    for i, entry in enumerate(upper):
        x = left + i * pitch
        out.append(_card(x, y, w, CARD_H - 10, entry, tr))
        if ("upper", i) in targets:
            name = _card_name(_card_data(entry), entry, tr)
            top.add(
                targets[("upper", i)],
                tr("Reserve {card} from the upper row").format(card=name),
                ring_rect(x - 3, y - 3, w + 6, CARD_H - 4),
                (x - 3, y - 3, w + 6, CARD_H - 4),
            )
    return y + CARD_H


def _reserved(
    view: dict[str, Any],
    targets: dict[tuple[Any, ...], str],
    y: float,
    out: list[str],
    top: Targets,
    tr: Translate,
) -> float:
    reserved = view["reserved"]
    if not reserved:
        return y
    y = _row_heading(tr("Reserved cards: sold after the offer, lowest first"), y, out)
    left, pitch, w = _columns(len(reserved), WIDTH, 130)
    sale = _on_sale(view)
    card_y = y + 24
    for j, entry in enumerate(reserved):
        x = left + j * pitch
        cx = x + w / 2
        if entry is None:
            out.append(
                _rect(
                    x,
                    card_y,
                    w,
                    CARD_H - 10,
                    fill="none",
                    rx="6",
                    stroke="#9e9e9e",
                    stroke_dasharray="5 4",
                )
            )
            gone = tr("sold or gone")
            out.append(_text(cx, card_y + (CARD_H - 10) / 2, gone, 12, fill="#777777", fit=w - 6))
            continue
        for seat, grey in zip(entry.get("workers", []), entry.get("grey", []), strict=False):
            out.append(_worker(cx, y + 10, seat, grey))
        out.append(_card(x, card_y, w, CARD_H - 10, entry, tr))
        if sale == ("reserved", j):
            out.append(_sale_badge(view, cx, card_y + CARD_H - 10 + 11, tr))
            out.append(_sale_frame(x, card_y, w, CARD_H - 10))
            if ("on_sale",) in targets:
                text = targets[("on_sale",)]
                name = _card_name(_card_data(entry), entry, tr)
                top.add(
                    text,
                    _buy_label(view, text, name, tr),
                    ring_rect(x - 3, card_y - 3, w + 6, CARD_H - 4),
                    (x - 3, card_y - 3, w + 6, CARD_H - 4),
                )
    return card_y + CARD_H + 14


def _fire(view: dict[str, Any], y: float, out: list[str], tr: Translate) -> float:
    fire = view["fire"]
    if not fire:
        return y
    card = _card_data(fire)
    name = _card_name(card, fire, tr)
    gain = ", ".join(SEAT_LETTERS[s] for s in fire.get("gain", [])) or tr("nobody")
    loss = ", ".join(SEAT_LETTERS[s] for s in fire.get("loss", [])) or tr("nobody")
    words = tr("{fire}: most firemen win (+) {gain}; fewest lose (−) {loss}")
    out.append(_rect(12, y, WIDTH - 24, 30, fill=BAND_FIRE, rx="6"))
    out.append(
        _text(
            WIDTH / 2,
            y + 15,
            words.format(fire=name, gain=gain, loss=loss),
            14,
            weight="bold",
            fill="#ffffff",
            fit=WIDTH - 36,
        )
    )
    return y + 40


# -- the players' warehouses ---------------------------------------------------------------------


def _store_box(
    x: float,
    y: float,
    label: str,
    cubes: list[str],
    capacity: int,
    fresh: int = 0,
    tr: Translate = same,
) -> tuple[str, float]:
    """A store: label and one slot per cube it can hold (the last `fresh` stored this turn are
    outlined); returns the drawing and its width."""
    slots = max(capacity, len(cubes))
    w = text_width(label, 12, bold=True) + 14 + slots * 22
    parts = [
        _rect(x, y, w, 28, fill="#ffffff", rx="5", stroke="#8a7f66"),
        _text(x + 7, y + 14, label, 12, weight="bold", anchor="start"),
    ]
    sx = x + text_width(label, 12, bold=True) + 20
    for i in range(slots):
        if i < len(cubes):
            parts.append(_cube(sx + i * 22, y + 14, cubes[i], 18, tr=tr))
            if i >= len(cubes) - fresh:
                parts.append(
                    _rect(
                        sx + i * 22 - 11,
                        y + 3,
                        22,
                        22,
                        fill="none",
                        stroke="#111111",
                        stroke_dasharray="2 2",
                    )
                )
        else:
            parts.append(
                _rect(sx + i * 22 - 9, y + 5, 18, 18, fill="none", rx="2", stroke="#bbbbbb")
            )
    return "".join(parts), w


def _player(
    view: dict[str, Any],
    seat: int,
    targets: dict[tuple[Any, ...], str],
    y: float,
    out: list[str],
    top: Targets,
    tr: Translate,
    names: Sequence[str | None] | None = None,
) -> float:
    p = view["players"][seat]
    colour, ink, letter = _seat_style(seat)
    you = view["seat"] == seat
    mine = targets if you else {}
    tile_w, tile_h, gap = 100.0, 90.0, 6.0
    per_row = int((WIDTH - 24 + gap) // (tile_w + gap))
    contracts = p["contracts"]
    contract_ids = {c["id"] for c in contracts}
    others = [
        (name, cid)
        for name, cid in zip(p["cards"], p["card_ids"], strict=True)
        if cid not in contract_ids
    ]
    tiles = len(others) + len(contracts)
    rows = max(1, -(-tiles // per_row))
    height = 58 + rows * (tile_h + gap) + 40
    out.append(
        _rect(
            6,
            y,
            WIDTH - 12,
            height,
            fill="#fbf8f0",
            rx="8",
            stroke=colour,
            stroke_width=5 if you else 3,
        )
    )
    out.append(_rect(6, y, WIDTH - 12, 30, fill=colour, rx="8"))
    points = tr("Score {score} · Coins {coins}").format(score=p["score"], coins=p["coins"])
    name = seat_name(names, seat)
    if name is None:
        title = tr("You ({seat})" if you else "Player {seat}").format(seat=letter)
        title_w = _text_width(title, 15)
    else:  # the name, then the workers, clear of the points at the right
        workers = p["workers"] + p["grey_workers"]
        room = WIDTH - 44 - text_width(points, 15, bold=True) - (19 * workers + 7 if workers else 0)
        title = name_label(tr, name, seat, you, 15, room)
        title_w = text_width(title, 15, bold=True)
    out.append(_text(16, y + 15, title, 15, weight="bold", anchor="start", fill=ink))
    out.append(_text(WIDTH - 16, y + 15, points, 15, weight="bold", anchor="end", fill=ink))
    # workers still to place, grey workers and break cards, beside the title
    wx = 16 + title_w + 18
    for _ in range(p["workers"]):
        out.append(_worker(wx, y + 15, seat, r=8))
        wx += 19
    for _ in range(p["grey_workers"]):
        out.append(_worker(wx, y + 15, seat, grey=True, r=8))
        wx += 19
    facts = [
        tr("Firemen {count}").format(count=p["firemen"]),
        tr("cards at the end {points} VP").format(points=p.get("end_points", 0)),
    ]
    if p["break_cards"]:
        breaks = "{count} break cards" if p["break_cards"] > 1 else "{count} break card"
        facts.append(tr(breaks).format(count=p["break_cards"]))
    if p["bought_this_round"]:
        facts.append(tr("bought this round"))
    out.append(_text(16, y + 44, " · ".join(facts), 13, anchor="start"))
    # the cards, contracts first
    ty = y + 58
    for i, contract in enumerate(contracts):
        x = 12 + (i % per_row) * (tile_w + gap)
        row_y = ty + (i // per_row) * (tile_h + gap)
        out.append(_contract_tile(x, row_y, tile_w, tile_h, contract, i, mine, top, tr))
    for j, (_name, cid) in enumerate(others):
        i = len(contracts) + j
        x = 12 + (i % per_row) * (tile_w + gap)
        row_y = ty + (i // per_row) * (tile_h + gap)
        entry = {"id": cid, "card": _name}
        out.append(_card(x, row_y, tile_w, tile_h, entry, tr))
        card = _card_data(entry)
        if card is not None and card.good >= 0:
            good = GOOD_NAMES[card.good]
            kind = "deliver" if card.kind == data.PROCESSOR else "sell"
            if (kind, good) in mine:
                words = (
                    "Deliver a {good} cube at your {card}"
                    if kind == "deliver"
                    else "Sell a {good} cube at your {card}"
                )
                label = tr(words).format(good=tr(good), card=_card_name(card, entry, tr))
                top.add(
                    mine[(kind, good)],
                    label,
                    ring_rect(x - 2, row_y - 2, tile_w + 4, tile_h + 4),
                    (x - 2, row_y - 2, tile_w + 4, tile_h + 4),
                )
    if not tiles:
        out.append(_text(16, ty + 20, tr("no cards yet"), 12, anchor="start", fill="#777777"))
    # the stores: Lager (if owned or holding cubes), market hall, cargo of this round's ships
    sy = ty + rows * (tile_h + gap) + 2
    sx = 12.0
    fresh = view["stored_this_turn"] if you or view["decider"] == seat else {}
    if "base.warehouse" in p["card_ids"] or p["warehouse"]:
        n_fresh = len(fresh.get("warehouse", [])) if view["decider"] == seat else 0
        drawing, w = _store_box(
            sx, sy, tr("Lager"), p["warehouse"], data.WAREHOUSE_CAPACITY, n_fresh, tr
        )
        out.append(drawing)
        if ("warehouse",) in mine:
            top.add(
                mine[("warehouse",)],
                tr("Store the cube in your Lager (warehouse)"),
                ring_rect(sx - 2, sy - 2, w + 4, 32),
                (sx - 2, sy - 2, w + 4, 32),
            )
        sx += w + 10
    hall = [p["market_hall"]] if p["market_hall"] else []
    hall_fresh = 1 if view["decider"] == seat and fresh.get("market_hall") and hall else 0
    drawing, w = _store_box(
        sx, sy, tr("Market hall"), hall, data.MARKET_HALL_CAPACITY, hall_fresh, tr
    )
    out.append(drawing)
    if ("hall",) in mine:
        top.add(
            mine[("hall",)],
            tr("Keep the cube in your market hall"),
            ring_rect(sx - 2, sy - 2, w + 4, 32),
            (sx - 2, sy - 2, w + 4, 32),
        )
    sx += w + 10
    if p["cargo"]:
        drawing, w = _store_box(sx, sy, tr("To load"), p["cargo"], 0, 0, tr)
        out.append(drawing)
    return y + height + 8


def _contract_tile(
    x: float,
    y: float,
    w: float,
    h: float,
    contract: dict[str, Any],
    k: int,
    mine: dict[tuple[Any, ...], str],
    top: Targets,
    tr: Translate,
) -> str:
    """A contract with one slot per good: filled slots hold the cube, open ones are outlined."""
    complete = contract.get("complete")
    parts = [
        _rect(
            x,
            y,
            w,
            h,
            fill="#fffdf6",
            rx="6",
            stroke=BAND_CONTRACT,
            stroke_width=3 if complete else 2,
        ),
        _rect(x, y, w, 22, fill=BAND_CONTRACT, rx="6"),
        _text(
            x + w / 2,
            y + 11,
            tr("Contract {points} VP").format(points=contract["points"])
            + (" ✓" if complete else ""),
            11,
            weight="bold",
            fill="#ffffff",
            fit=w - 6,
        ),
    ]
    needed = contract["needed"]
    filled = contract["slots_filled"]
    step = min(22.0, (w - 8) / max(len(needed), 1))
    left = x + w / 2 - step * (len(needed) - 1) / 2
    cy = y + 40
    for i, (good, done) in enumerate(zip(needed, filled, strict=True)):
        sx = left + i * step
        parts.append(_cube(sx, cy, good, 18, faded=not done, tr=tr))
        if not done and _first_open_slot(contract, good) == i and ("contract", k, good) in mine:
            words = tr("Load a {good} cube onto your contract {number} ({points} VP)")
            top.add(
                mine[("contract", k, good)],
                words.format(good=tr(good), number=k + 1, points=contract["points"]),
                ring_rect(sx - 11, cy - 11, 22, 22),
                (sx - step / 2, cy - 11, step, 22),
            )
    if complete:
        state = tr("complete")
    else:
        state = tr("{filled}/{needed} goods").format(filled=sum(filled), needed=len(needed))
    parts.append(_text(x + w / 2, y + h - 11, state, 11, fill="#555555"))
    return "".join(parts)


def _cards_drawn(view: dict[str, Any]) -> list[Card]:
    """Every card the board draws as a card: on the water fields, in the upper row, reserved and
    the players' (contracts among them); the fire being scored is a line of words."""
    entries = [*view["offer"], *view["upper"], *view["reserved"]]
    cards = [_card_data(entry) for entry in entries if entry]
    cards += [_card_data({"id": cid}) for p in view["players"] for cid in p["card_ids"]]
    return [card for card in cards if card is not None]


def _key(view: dict[str, Any], tr: Translate) -> list[list[tuple[str, str]]]:
    """The key's lines: what the board's letters and short words mean, only those it draws."""
    goods = [(tr(GOOD_SHORT[good]), tr(good)) for good in view["bag"] if good in GOOD_SHORT]
    # The template's words without the number ("VP", "Pkt."): the symbol as the board draws it.
    points = [(tr("{points} VP").format(points="").strip(), tr("victory points"))]
    kinds = {card.kind for card in _cards_drawn(view)}
    if kinds:
        seasons = f"{data.SEASONS[0]}–{data.SEASONS[-1]}"
        points.append((seasons, tr("in a card's corner: its season")))
    if data.KONTOR in kinds:
        kontor = next(card for card in ALL_CARDS if card.kind == data.KONTOR)
        each = tr("for 1/2/3/4 or more {card} cards").format(card=_card_name(kontor, {}, tr))
        points.append((tr(EFFECT[data.KONTOR]), each))
    return [goods, points]


def board_svg(
    view: dict[str, Any],
    legal: Sequence[str],
    translate: Translate = same,
    *,
    names: Sequence[str | None] | None = None,
) -> tuple[str, frozenset[str]]:
    """The board of `view` as one inline <svg> element, and the legal actions it carries; every
    word in the reader's language (`translate`, gettext), the actions' notation as it is. With
    `names` (one per seat, None for a seat without one) each player's area shows its player's
    name beside the seat letter."""
    tr = translate
    targets = _targets(view, legal)
    out: list[str] = []
    top = Targets()
    y = _header(view, out, tr)
    y = _goods_row(view, y + 8, out, tr) + 6
    y = _fire(view, y, out, tr)
    y = _upper(view, targets, y, out, top, tr)
    y = _offer(view, targets, y, out, top, tr)
    y = _reserved(view, targets, y, out, top, tr)
    for seat in range(len(view["players"])):
        y = _player(view, seat, targets, y, out, top, tr, names)
    key, y = board_key(y, WIDTH, tr("Key"), _key(view, tr))
    out.append(key)
    placed = frozenset(top.placed)
    svg = board_document(
        "speicherstadt",
        (WIDTH, _f(y)),
        tr("Die Speicherstadt board, round {round}").format(round=view["round"]),
        "Die Speicherstadt",
        TARGET_STYLE,
        _rect(0, 0, WIDTH, y, fill=PAPER) + "".join(out) + "".join(top.parts),
        font_family=FONT,
        fill=INK,
        text_anchor="middle",
        dominant_baseline="central",
        pointer_events="none",
    )
    return svg, placed
