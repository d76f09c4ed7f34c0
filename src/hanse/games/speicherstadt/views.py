"""Views of a Speicherstadt state, and states rebuilt from views.

Die Speicherstadt has no secret: every card and cube that leaves the draw pile or the bag is seen by
all, so the remaining draw pile (as counts per card design, never an order) and the bag are public.
A view therefore carries the whole state in readable form, the same for every seat, and
:func:`determinize` rebuilds that state exactly.
"""

from __future__ import annotations

from typing import Any

from hanse.core import IllegalActionError, View, decider_json
from hanse.core.words import Phrase, fill
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, GOOD_NAMES, SEASONS
from hanse.games.speicherstadt.rules import cards, fire, purchase, scoring
from hanse.games.speicherstadt.rules.offer import top_season
from hanse.games.speicherstadt.state import (
    DECISION_NAMES,
    GREY,
    PURCHASE,
    SpeicherstadtState,
    empty_state,
)
from hanse.games.speicherstadt.tables import Tables
from hanse.games.speicherstadt.words import NOTE_WORDS
from hanse.games.svg_parts import SEAT_LETTERS

_GOOD_INDEX = {name: i for i, name in enumerate(GOOD_NAMES)}


def _goods(counts: tuple[int, ...] | list[int]) -> list[str]:
    return [GOOD_NAMES[g] for g, n in enumerate(counts) for _ in range(n)]


def _card(card: int) -> dict[str, Any]:
    return {"card": ALL_CARDS[card].name, "id": ALL_CARDS[card].key}


def _slot(card: int, cubes: tuple[int, ...], tokens: list[int]) -> dict[str, Any] | None:
    if card < 0:
        return None
    entry = _card(card)
    entry["workers"] = [token & 7 for token in tokens]
    entry["grey"] = [bool(token & GREY) for token in tokens]
    if data.ALL_CARDS[card].kind == data.SHIP:
        entry["cubes"] = [GOOD_NAMES[g] for g in cubes]
    return entry


def _contract(t: Tables, card: int, mask: int) -> dict[str, Any]:
    needed = ALL_CARDS[card].goods
    entry = _card(card)
    entry["needed"] = [GOOD_NAMES[g] for g in needed]
    entry["placed"] = [GOOD_NAMES[g] for i, g in enumerate(needed) if mask >> i & 1]
    entry["slots_filled"] = [bool(mask >> i & 1) for i in range(len(needed))]
    entry["points"] = ALL_CARDS[card].points
    entry["complete"] = mask == t.full_mask[card]
    return entry


def _counts(counts: list[int]) -> dict[str, int]:
    return {ALL_CARDS[card].key: n for card, n in enumerate(counts) if n}


def view(t: Tables, s: SpeicherstadtState, seat: int | None) -> View:
    season = top_season(s)
    players = []
    for p in range(t.num_players):
        own = s.cards[p]
        players.append(
            {
                "coins": s.coins[p],
                "score": s.score[p],
                "workers": s.workers[p],
                "grey_workers": s.greys[p],
                "break_cards": s.breaks[p],
                "done_placing": bool(s.placed_done >> p & 1),
                "cards": [ALL_CARDS[c].name for c in own],
                "card_ids": [ALL_CARDS[c].key for c in own],
                "contracts": [
                    _contract(t, c, m) for c, m in zip(s.contracts[p], s.filled[p], strict=True)
                ],
                "warehouse": _goods(s.warehouse[p]),
                "market_hall": GOOD_NAMES[s.hall[p]] if s.hall[p] >= 0 else None,
                "cargo": _goods(s.cargo[p]),
                "firemen": cards.fireman_total(t, own),
                "bought_this_round": bool(s.bought >> p & 1),
                "end_points": scoring.end_points(t, s, p),
            }
        )
    return {
        "seat": seat,
        "decider": decider_json(s.decider),
        "decision": DECISION_NAMES[s.decision],
        "round": s.round,
        "start_player": s.start_player,
        "final": s.final,
        "deck_size": sum(s.season_left),
        "next_deck": SEASONS[season] if season < 5 else None,
        "deck": _counts(s.deck),
        "discard": _counts(s.discard),
        "offer": [
            _slot(c, s.offer_cubes[i], list(s.offer_workers[i])) for i, c in enumerate(s.offer)
        ],
        "upper": [_slot(c, s.upper_cubes[i], []) for i, c in enumerate(s.upper)],
        "reserved": [
            _slot(c, s.reserved_cubes[i], [s.reserved_workers[i]] if c >= 0 else [])
            for i, c in enumerate(s.reserved)
        ],
        "cursor": s.cursor,
        "price": purchase.price(s) if s.decision == PURCHASE else None,
        "pending_cubes": s.pending_cubes,
        "pending_row": s.pending_row,
        "fire": None
        if s.fire < 0
        else {
            **_card(s.fire),
            "gain": [p for p in range(t.num_players) if s.fire_gain >> p & 1],
            "loss": [p for p in range(t.num_players) if s.fire_loss >> p & 1],
        },
        "truck_moves_left": s.truck_left,
        "stored_this_turn": {
            "warehouse": _goods(s.fresh_warehouse),
            "market_hall": s.fresh_hall,
        },
        "market_cube": GOOD_NAMES[s.market_cube] if s.market_cube >= 0 else None,
        "bag": {GOOD_NAMES[g]: n for g, n in enumerate(s.bag)},
        "reserve": {GOOD_NAMES[g]: n for g, n in enumerate(s.reserve)},
        "grey_workers_aside": s.grey_aside,
        "grey_workers_out": s.grey_out,
        "break_cards_aside": s.break_aside,
        "break_cards_used": s.break_used,
        "players": players,
    }


def _card_index(key: str) -> int:
    if key not in CARD_INDEX:
        raise IllegalActionError(f"unknown card id {key!r} in a view")
    return CARD_INDEX[key]


def _count_tuple(t: Tables, names: list[str]) -> tuple[int, ...]:
    counts = [0] * t.num_goods
    for name in names:
        counts[_GOOD_INDEX[name]] += 1
    return tuple(counts)


def _tokens(entry: dict[str, Any]) -> tuple[int, ...]:
    return tuple(
        seat | (GREY if grey else 0)
        for seat, grey in zip(entry["workers"], entry["grey"], strict=True)
    )


def fire_notes(
    t: Tables, before: SpeicherstadtState, after: SpeicherstadtState, card: int
) -> list[Phrase]:
    """What the fire `card` turned up at `before` did, which the draw resolves at once
    ("Handelskarten", Brand: "Wer die höchste Summe aufweist, erhält sofort so viele Punkte, wie
    die Zahl auf der Brandkarte angibt. Wer die niedrigste Summe hat, erhält sofort entsprechend
    viele Minuspunkte"): each player with the highest firemen total gains, then each with the
    lowest loses ("Bei einem Gleichstand mehrerer Spieler erhält jeder Beteiligte die Punkte"),
    a player without firemen counting 0; when all totals are equal, nobody ("erhält niemand Plus-
    oder Minuspunkte"). Then the Fire Chief that applied itself at the 4th fire (Kaispeicher,
    "Online-Spiel", Einsatzleiter), seen at `after`; one its owner is asked about is the next
    move's. Firemen stay with their owners: a fire uses up none."""
    points = t.value[card]
    totals = fire.totals(t, before)  # the Löschzug's doubling included, as the fire counts it
    high, low = max(totals), min(totals)
    if high == low:
        return [fill(NOTE_WORDS["nobody"], {"firemen": high})]
    notes = []
    for key, level in (("gains", high), ("loses", low)):
        template = NOTE_WORDS[key + "_one" if points == 1 else key]
        for seat, total in enumerate(totals):
            if total == level:
                fields = {"seat": SEAT_LETTERS[seat], "points": points, "firemen": total}
                notes.append(fill(template, fields))
    chief = cards.owner(before, data.FIRE_CHIEF)
    if chief >= 0 and cards.owner(after, data.FIRE_CHIEF) != chief:
        notes.append(fill(NOTE_WORDS["chief"], {"seat": SEAT_LETTERS[chief], "points": points}))
    return notes


def determinize(t: Tables, v: View) -> SpeicherstadtState:
    """The state a view describes (it hides nothing, so the state is exact)."""
    s = empty_state(t.num_players, t.num_cards, t.num_goods)
    s.decision = DECISION_NAMES.index(v["decision"])
    decider = v["decider"]
    s.decider = -1 if decider == "chance" else (-4 if decider is None else int(decider))
    s.round = v["round"]
    s.start_player = v["start_player"]
    s.final = v["final"]
    for key, n in v["deck"].items():
        card = _card_index(key)
        s.deck[card] = n
        s.season_left[t.season[card]] += n
        if t.kind[card] != data.FIRE:
            s.nonfire_left += n
    for key, n in v["discard"].items():
        s.discard[_card_index(key)] = n
    for entry in v["offer"]:
        if entry is None:
            s.offer.append(-1)
            s.offer_cubes.append(())
            s.offer_workers.append(())
        else:
            s.offer.append(_card_index(entry["id"]))
            s.offer_cubes.append(tuple(_GOOD_INDEX[g] for g in entry.get("cubes", [])))
            s.offer_workers.append(_tokens(entry))
    for entry in v["upper"]:
        s.upper.append(_card_index(entry["id"]))
        s.upper_cubes.append(tuple(_GOOD_INDEX[g] for g in entry.get("cubes", [])))
    for entry in v["reserved"]:
        if entry is None:
            s.reserved.append(-1)
            s.reserved_cubes.append(())
            s.reserved_workers.append(-1)
        else:
            s.reserved.append(_card_index(entry["id"]))
            s.reserved_cubes.append(tuple(_GOOD_INDEX[g] for g in entry.get("cubes", [])))
            tokens = _tokens(entry)
            s.reserved_workers.append(tokens[0] if tokens else -1)
    s.cursor = v["cursor"]
    s.pending_cubes = v["pending_cubes"]
    s.pending_row = v["pending_row"]
    fire = v["fire"]
    if fire is not None:
        s.fire = _card_index(fire["id"])
        s.fire_gain = sum(1 << p for p in fire["gain"])
        s.fire_loss = sum(1 << p for p in fire["loss"])
    s.truck_left = v["truck_moves_left"]
    s.fresh_warehouse = _count_tuple(t, v["stored_this_turn"]["warehouse"])
    s.fresh_hall = v["stored_this_turn"]["market_hall"]
    s.market_cube = -1 if v["market_cube"] is None else _GOOD_INDEX[v["market_cube"]]
    s.bag = [v["bag"][name] for name in GOOD_NAMES[: t.num_goods]]
    s.reserve = [v["reserve"][name] for name in GOOD_NAMES[: t.num_goods]]
    s.grey_aside = v["grey_workers_aside"]
    s.grey_out = v["grey_workers_out"]
    s.break_aside = v["break_cards_aside"]
    s.break_used = v["break_cards_used"]
    for p, player in enumerate(v["players"]):
        s.coins[p] = player["coins"]
        s.score[p] = player["score"]
        s.workers[p] = player["workers"]
        s.greys[p] = player["grey_workers"]
        s.breaks[p] = player["break_cards"]
        if player["done_placing"]:
            s.placed_done |= 1 << p
        if player["bought_this_round"]:
            s.bought |= 1 << p
        s.cards[p] = tuple(_card_index(key) for key in player["card_ids"])
        s.abilities[p] = t.abilities(s.cards[p])
        s.contracts[p] = tuple(_card_index(c["id"]) for c in player["contracts"])
        s.filled[p] = tuple(
            sum(1 << i for i, f in enumerate(c["slots_filled"]) if f) for c in player["contracts"]
        )
        s.warehouse[p] = _count_tuple(t, player["warehouse"])
        hall = player["market_hall"]
        s.hall[p] = -1 if hall is None else _GOOD_INDEX[hall]
        s.cargo[p] = _count_tuple(t, player["cargo"])
    return s
