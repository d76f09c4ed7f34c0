"""The Speicherstadt board as one inline SVG element, drawn from a view (standard library only).

:func:`board_svg` draws the offer on the water fields with the workers standing in the building
spaces above each card (lowest first), the Kaispeicher upper row and reserved cards, the fire being
scored, the bag and the supply, then every player's warehouse: the cards bought, the contracts with
their goods, the Lager, the market hall and the cargo of the ships bought this round.

Each place a move can change carries ``data-place`` and ``data-state`` (the board contract for
"last moves shown"; the places and :func:`action_places` are in :mod:`.svg_places`). The
warehouses are drawn in :mod:`.svg_players`, cards, cubes and workers in :mod:`.svg_cards`.

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
from hanse.games.speicherstadt.data import ALL_CARDS, GOOD_NAMES, Card
from hanse.games.svg_parts import (
    FONT,
    INK,
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
from hanse.games.svg_places import enclose, place

from . import svg_places as places
from .svg_cards import (
    BAND_FIRE,
    CARD_H,
    DECISION_WORDS,
    EFFECT,
    GOOD_FILL,
    GOOD_SHORT,
    NAMED_DECISION_WORDS,
    PAPER,
    SLOT,
    SPACES,
    STATUS_SIZE,
    WATER,
    WIDTH,
    card_data,
    card_drawing,
    card_name,
    cube,
    first_open_slot,
    rough_width,
    seat_style,
    worker,
)
from .svg_places import action_places as action_places
from .svg_players import draw_player

# -- the targets -------------------------------------------------------------------------------


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
                if k < len(contracts) and first_open_slot(contracts[k], name) >= 0:
                    return ("contract", k, name)
    return None


_on_sale = places.on_sale


def _close_slots(view: dict[str, Any], row: str, out: list[str], starts: list[int]) -> None:
    """Each card of `row` (drawn from ``out[starts[i]]`` on) becomes the place ``<row>:<i>``."""
    ends = [*starts[1:], len(out)]
    for i in reversed(range(len(starts))):
        body = "".join(out[starts[i] : ends[i]])
        out[starts[i] : ends[i]] = [place(f"{row}:{i}", places.slot_part(view, row, i), body)]


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


def _status_head(
    view: dict[str, Any],
    tr: Translate,
    names: Sequence[str | None] | None,
    rest: list[str],
    room: float,
) -> str:
    """Who decides what, "Player A buys or declines", or with the decider's name "Anna (A) buys
    or declines", the name cut to what the status line (`room` wide) leaves it beside the `rest`
    of it."""
    decider = view["decider"]
    name = seat_name(names, decider)
    if name is None:
        return tr(DECISION_WORDS.get(view["decision"], "Player {seat}")).format(
            seat=SEAT_LETTERS[decider]
        )
    template = tr(NAMED_DECISION_WORDS.get(view["decision"], "{name} decides"))
    words = " · ".join([template.format(name=""), *rest])
    left = room - text_width(words, STATUS_SIZE)
    label = name_label(tr, name, decider, view["seat"] == decider, STATUS_SIZE, left, bold=False)
    return template.format(name=label)


def _header(
    view: dict[str, Any], out: list[str], tr: Translate, names: Sequence[str | None] | None
) -> float:
    out.append(_rect(0, 0, WIDTH, 58, fill="#24303c"))
    out.append(
        _text(12, 17, "Die Speicherstadt", 17, weight="bold", anchor="start", fill="#ffffff")
    )
    round_words = "Round {round} · last fires" if view.get("final") else "Round {round}"
    title = tr(round_words).format(round=view["round"])
    out.append(
        _text(
            24 + rough_width("Die Speicherstadt", 17),
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
    colour, ink, letter = seat_style(start)
    out.append(_text(WIDTH - 40, 42, tr("Start player"), 13, anchor="end", fill="#ffffff"))
    out.append(worker(WIDTH - 24, 42, start, r=10))
    parts = []
    if view["decision"] == "over":
        parts.append(tr("Game over"))
    elif isinstance(decider, int):
        price = view["price"]
        if view["decision"] == "purchase" and price is not None:
            cost = "price {price} coins" if price != 1 else "price {price} coin"
            # What the buyer can pay is said beside the price ("Möchte oder kann der Spieler die
            # Karte nicht kaufen"): its own card may lie below the fold of a screen.
            has = tr("(has {count})").format(count=view["players"][decider]["coins"])
            parts.append(f"{tr(cost).format(price=price)} {has}")
        if view["decision"] == "truck":
            moves = view["truck_moves_left"]
            left = "{count} moves left" if moves != 1 else "{count} move left"
            parts.append(tr(left).format(count=moves))
        out.append(worker(24, 42, decider, r=10))
    else:
        parts.append(tr("Cards and goods are being drawn"))
    market_cube = view.get("market_cube")
    if market_cube:
        good = tr(market_cube) if market_cube in GOOD_FILL else market_cube
        parts.append(tr("{good} to exchange or sell now").format(good=good))
    status_x = 42 if isinstance(decider, int) else 12
    # Clear of "Start player" at the right.
    room = WIDTH - 52 - text_width(tr("Start player"), 13) - status_x
    if view["decision"] != "over" and isinstance(decider, int):
        parts.insert(0, _status_head(view, tr, names, parts, room))
    status = " · ".join(parts)
    out.append(_text(status_x, 42, status, STATUS_SIZE, anchor="start", fill="#ffffff", fit=room))
    del colour, ink, letter
    return 66


def _goods_row(view: dict[str, Any], y: float, out: list[str], tr: Translate) -> float:
    """The bag and the supply, one cube per good with its count."""
    x = 12.0
    for label, counts in ((tr("Bag"), view["bag"]), (tr("Supply"), view["reserve"])):
        if x + 60 + 36 * len(counts) > WIDTH:  # the supply goes on a line of its own
            x, y = 12.0, y + 26
        out.append(_text(x, y, label, 13, weight="bold", anchor="start"))
        x = max(x + rough_width(label, 13) + 22, x + 54)
        for good, n in counts.items():
            out.append(cube(x, y, good, 18, faded=n == 0, tr=tr))
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
    starts: list[int] = []
    for i, entry in enumerate(offer):
        starts.append(len(out))
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
            out.append(worker(cx, card_y - 6 - (level + 0.5) * SLOT, seat, grey))
        out.append(card_drawing(x, card_y, w, CARD_H, entry, tr))
        name = card_name(card_data(entry), entry, tr)
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
            colour = seat_style(viewer)[0] if isinstance(viewer, int) else "#888888"
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
    _close_slots(view, "offer", out, starts)
    return card_y + CARD_H + 28


def _sale_badge(view: dict[str, Any], cx: float, y: float, tr: Translate) -> str:
    """The price tag under the card on sale."""
    price = view.get("price")
    if price is None:
        text = tr("On sale")
    else:
        text = tr("On sale · {price} coins" if price != 1 else "On sale · {price} coin")
        text = text.format(price=price)
    w = text_width(text, 12, bold=True) + 12
    # Under the card, but inside the board where the card stands at the row's end.
    cx = min(max(cx, 4 + w / 2), WIDTH - 4 - w / 2)
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
        out.append(card_drawing(x, y, w, CARD_H - 10, entry, tr))
        if ("upper", i) in targets:
            name = card_name(card_data(entry), entry, tr)
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
    starts: list[int] = []
    for j, entry in enumerate(reserved):
        starts.append(len(out))
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
            out.append(worker(cx, y + 10, seat, grey))
        out.append(card_drawing(x, card_y, w, CARD_H - 10, entry, tr))
        if sale == ("reserved", j):
            out.append(_sale_badge(view, cx, card_y + CARD_H - 10 + 11, tr))
            out.append(_sale_frame(x, card_y, w, CARD_H - 10))
            if ("on_sale",) in targets:
                text = targets[("on_sale",)]
                name = card_name(card_data(entry), entry, tr)
                top.add(
                    text,
                    _buy_label(view, text, name, tr),
                    ring_rect(x - 3, card_y - 3, w + 6, CARD_H - 4),
                    (x - 3, card_y - 3, w + 6, CARD_H - 4),
                )
    _close_slots(view, "reserved", out, starts)
    return card_y + CARD_H + 14


def _fire(view: dict[str, Any], y: float, out: list[str], tr: Translate) -> float:
    fire = view["fire"]
    if not fire:
        return y
    card = card_data(fire)
    name = card_name(card, fire, tr)
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


def _cards_drawn(view: dict[str, Any]) -> list[Card]:
    """Every card the board draws as a card: on the water fields, in the upper row, reserved and
    the players' (contracts among them); the fire being scored is a line of words."""
    entries = [*view["offer"], *view["upper"], *view["reserved"]]
    cards = [card_data(entry) for entry in entries if entry]
    cards += [card_data({"id": cid}) for p in view["players"] for cid in p["card_ids"]]
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
        each = tr("for 1/2/3/4 or more {card} cards").format(card=card_name(kontor, {}, tr))
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
    y = _header(view, out, tr, names)
    start = len(out)
    y = _goods_row(view, y + 8, out, tr) + 6
    enclose(out, start, "goods", places.goods_part(view))
    if view["fire"]:
        start = len(out)
        y = _fire(view, y, out, tr)
        enclose(out, start, "fire", places.fire_part(view))
    if view["upper"]:
        start = len(out)
        y = _upper(view, targets, y, out, top, tr)
        enclose(out, start, "upper", places.upper_part(view))
    start = len(out)
    y = _offer(view, targets, y, out, top, tr)
    enclose(out, start, "offer", places.row_part(view, "offer"))
    if view["reserved"]:
        start = len(out)
        y = _reserved(view, targets, y, out, top, tr)
        enclose(out, start, "reserved", places.row_part(view, "reserved"))
    for seat in range(len(view["players"])):
        start = len(out)
        y = draw_player(view, seat, targets, y, out, top, tr, names)
        enclose(out, start, f"seat:{seat}", places.seat_part(view, seat))
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
