"""The middle of the Kogge board (round and decision, turn order, the offer, the bids, the
viewer's markers, a trade, robbery or conflict under way) and the supply."""

from __future__ import annotations

from hanse.games.kogge.data import (
    CHIP_NAMES,
    GOOD_NAMES,
)
from hanse.games.kogge.words import CHIP_WORDS as CHIP_NAMES_IN_WORDS
from hanse.games.svg_parts import (
    INK,
    SEAT_LETTERS,
    plural,
    text_width,
)
from hanse.games.svg_parts import rect as _rect
from hanse.games.svg_parts import text as _text

from . import svg_places as places
from .svg_board import (
    CELL_H,
    CELL_W,
    DECISION_WORDS,
    LOT_MIN,
    MUTED,
    PAD,
    SUPPLY_CELL,
    Board,
    cell,
    chip_short,
    good_letter,
    goods_chip,
    goods_text,
    marker_chip,
    seat_badge,
)


def draw_middle(b: Board) -> None:
    """Round, decision, turn order, the offer, the bids and the viewer's markers."""
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = CELL_W + PAD + 8, CELL_H + PAD
    w = 3 * CELL_W - 2 * PAD - 16
    out.append(
        _rect(x - 8, y, w + 16, 2 * CELL_H - 2 * PAD, rx=10, fill="#ffffff", stroke="#c9c1ad")
    )
    decider = view["decider"]
    decision = view["decision"]
    decision = tr(DECISION_WORDS[decision]) if decision in DECISION_WORDS else decision
    # Round 0 is the set-up (start cities, the first route markers): the first round is 1.
    setup = view["round"] == 0
    if isinstance(decider, int):
        template = (
            "Set-up · {decision} — {seat}" if setup else "Round {round} · {decision} — {seat}"
        )
        head = tr(template).format(
            round=view["round"], decision=decision, seat=SEAT_LETTERS[decider]
        )
    else:
        template = "Set-up · {decision}" if setup else "Round {round} · {decision}"
        head = tr(template).format(round=view["round"], decision=decision)
    if view.get("winner") is not None:
        head = tr("Game over — {seat} wins").format(seat=SEAT_LETTERS[view["winner"]])
    out.append(_text(x, y + 26, head, 20, weight="bold", fit=w))
    # The rows' names in a column as wide as the longest (in the reader's language), the four
    # lots of the offer narrowed to make room for it.
    names = [tr("Order"), tr("Offer"), tr("Bids")]
    column = min(max(62.0, max(text_width(name, 16) for name in names) + 10), w - 4 * LOT_MIN)
    step = min(98.0, (w - column) / 4)
    lot_w = step - 6
    # Turn order: the seat on turn is underlined.
    out.append(_text(x, y + 56, names[0], 16, fill=MUTED, fit=column - 6))
    ox = x + column
    for i, p in enumerate(view["order"]):
        out.append(seat_badge(ox + 12, y + 50, p, 12))
        if i == view["index"] and view["decision"] not in ("deal", "choose_start"):
            out.append(_rect(ox, y + 65, 24, 3, fill=INK))
        ox += 30
    passes = tr("passes {count}").format(count=view["passes"])
    out.append(_text(x + w, y + 56, passes, 16, anchor="end", fill=MUTED))
    # The offer: four lots of two markers (Nachschub).
    start = len(out)
    out.append(_text(x, y + 96, names[1], 16, fill=MUTED, fit=column - 6))
    lx = x + column
    for i, lot in enumerate(view["offer"]):
        out.append(_rect(lx, y + 74, lot_w, 36, rx=6, fill="#f4efe3", stroke="#c9c1ad"))
        out.append(_text(lx + 4, y + 97, str(i + 1), 12, fill=MUTED))  # lots 1 to 4
        mx = lx + 14 + (lot_w - 14 - 64) / 2  # two chips and their gap, right of the number
        for value in lot:
            out.append(marker_chip(mx, y + 78, value, 28))
            mx += 36
        lx += step
    if not view["offer"]:
        out.append(_text(lx, y + 96, "—", 16, fill=MUTED))
    b.close_place(start, "offer", places.offer_part(view))
    # Bids, in turn order.
    start = len(out)
    out.append(_text(x, y + 140, names[2], 16, fill=MUTED, fit=column - 6))
    bx = x + column
    bid_step = min(94.0, (w - column) / max(1, len(view["order"])))
    for p in view["order"]:
        bid = view["bids"][p]
        out.append(seat_badge(bx + 11, y + 134, p, 11))
        words = "—" if bid is None else (" ".join(map(str, bid)) or "…")
        out.append(_text(bx + 26, y + 140, words, 16, weight="bold", fit=bid_step - 30))
        bx += bid_step
    b.close_place(start, "bids", places.bids_part(view))
    if view["seat"] is not None:
        start = len(out)
        _draw_hand(b, x, y + 160, w)
        b.close_place(start, "hand", places.hand_part(view))
    _draw_status(b, x, y + 2 * CELL_H - 2 * PAD - 14, w)


def _draw_hand(b: Board, x: float, y: float, w: float) -> None:
    """The viewer's markers as one chip per value (the bid targets) and cargo."""
    view = b.view
    seat = view["seat"]
    if seat is None:
        return
    tr = b.tr
    out = b.parts
    me = view["players"][seat]
    markers = me["markers"] if isinstance(me["markers"], list) else []
    out.append(_text(x, y + 20, tr("Your markers"), 16, fill=MUTED))
    counts = {v: markers.count(v) for v in sorted(set(markers), reverse=True)}
    mx = x
    size = 42
    for value, n in counts.items():
        if mx + size > x + w:
            break
        out.append(marker_chip(mx, y + 30, value, size))
        if n > 1:
            out.append(_text(mx + size / 2, y + 92, f"×{n}", 16, weight="bold", anchor="middle"))
        b.target(
            f"bid {value}",
            mx - 3,
            y + 27,
            size + 6,
            size + 6,
            tr("bid marker {value} (you hold {count})" if n > 1 else "bid marker {value}").format(
                value=value, count=n
            ),
        )
        mx += size + 7
    if not counts:
        out.append(_text(mx, y + 58, tr("none"), 16, fill=MUTED))


def _draw_status(b: Board, x: float, y: float, w: float) -> None:
    """One line about a trade, a robbery or a conflict under way."""
    view = b.view
    tr = b.tr
    trade = view["trade"]
    words = ""
    owner = view["turn_owner"]
    if trade["partner"] >= 0 and owner is not None:
        give = goods_text(trade["give_goods"], tr) if trade["give_goods"] else "?"
        give_m = [str(v) for v in range(9) for _ in range(trade["give_markers"][v])]
        ask_m = [str(v) for v in range(9) for _ in range(trade["ask_markers"][v])]
        template = (
            "Trade {owner}→{partner} (Kontor): gives {give}; asks {ask}"
            if trade["kontor"]
            else "Trade {owner}→{partner}: gives {give}; asks {ask}"
        )
        words = tr(template).format(
            owner=SEAT_LETTERS[owner],
            partner=SEAT_LETTERS[trade["partner"]],
            give=" ".join([give, *give_m]),
            ask=" ".join([goods_text(trade["ask_goods"], tr), *ask_m]),
        )
    elif view["robbery"]["victim"] not in (-1, None):
        victim = view["robbery"]["victim"]
        piles = view["robbery"]["piles"]
        shown = [
            goods_text(pile, tr)
            if isinstance(pile, dict)
            else tr(plural(pile, "{count} good", "{count} goods")).format(count=pile)
            for pile in piles
        ]
        if victim < 0:
            words = tr("Robbery of the city: piles {first} / {second}").format(
                first=shown[0], second=shown[1]
            )
        else:
            words = tr("Robbery of {seat}: piles {first} / {second}").format(
                seat=SEAT_LETTERS[victim], first=shown[0], second=shown[1]
            )
    elif view["conflict"]["sides"][0] >= 0:
        a, d = view["conflict"]["sides"]
        winner = view["conflict"]["winner"]
        template = (
            "Conflict {attacker} against {defender}, {winner} wins"
            if winner >= 0
            else "Conflict {attacker} against {defender}"
        )
        words = tr(template).format(
            attacker=SEAT_LETTERS[a],
            defender=SEAT_LETTERS[d],
            winner=SEAT_LETTERS[winner] if winner >= 0 else "",
        )
    if words:
        b.parts.append(_text(x, y, words, 16, fit=w))


def draw_supply(b: Board) -> None:
    view = b.view
    tr = b.tr
    out = b.parts
    x, y = cell(*SUPPLY_CELL)
    w, h = CELL_W - 2 * PAD, CELL_H - 2 * PAD
    out.append(_rect(x, y, w, h, rx=8, fill="#ffffff", stroke="#c9c1ad"))
    out.append(_text(x + 6, y + 22, tr("Supply"), 16, weight="bold", fit=w - 12))
    supply = view["supply"]
    for t, name in enumerate(GOOD_NAMES):
        gx, gy = x + 6 + (t % 2) * 72, y + 30 + (t // 2) * 28
        out.append(goods_chip(gx, gy, t, supply[name], good_letter(tr, t), 66))
        b.explain(f"good {t}", good_letter(tr, t), tr(name))
    reserve = view["reserve"]
    count = sum(reserve) if isinstance(reserve, list) else reserve
    many = plural(count, "reserve: {count} marker", "reserve: {count} markers")
    reserve_words = tr(many).format(count=count)
    out.append(_text(x + 6, y + 101, reserve_words, 14, fit=w - 12))
    left = view["bonus_chips_left"]
    out.append(_text(x + 6, y + 120, tr("bonus chips left"), 14, fill=MUTED, fit=w - 12))
    for i, name in enumerate(CHIP_NAMES):
        chip = tr("bonus chip {chip}").format(chip=tr(CHIP_NAMES_IN_WORDS[name]))
        b.explain(f"chip {name}", chip_short(name, tr), chip)
        out.append(
            _text(
                x + 6 + (i % 2) * 72,
                y + 139 + (i // 2) * 18,
                f"{chip_short(name, tr)} ×{left[name]}",
                14,
                fit=68,
            )
        )
