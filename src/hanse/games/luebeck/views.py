"""What each seat may know of a Lübeck game: views, determinization and hidden re-dealing.

Public: the map (cogs and figures), the cog field, the layout, the open discard pile, scores,
passes, the Verdoppelung cards lying before players, hand sizes, and the cards each player was
seen to take (drafted packs) and still holds (``known_hand``). Secret: the rest of the hands (the
dealt cards), seen only by their owner, and the order-free content of the deck in the first pass.
From the second pass on the deck is the shuffled open discard pile minus the cards laid out since,
so every player can know it: views then show it (``deck``).
"""

from __future__ import annotations

import re
from collections import Counter
from random import Random
from typing import Any

from hanse.core import CHANCE, IllegalActionError, View, decider_json
from hanse.core.words import Phrase, fill, phrase
from hanse.games.svg_parts import SEAT_LETTERS

from . import data
from .actions import Draft, to_str
from .rules import cogs as cog_rules
from .rules import scoring
from .rules.setup import deal_recipient
from .state import DEAL, OVER, PHASE_NAMES, TAKE_BACK, LuebeckState, current_player
from .words import NOTE_WORDS, listed

LABELS = data.LABELS


def _labels(cards: tuple[int, ...]) -> list[str]:
    return [LABELS[k] for k in cards]


def _counts_labels(counts: list[int]) -> list[str]:
    return [LABELS[k] for k, n in enumerate(counts) for _ in range(n)]


def view(s: LuebeckState, seat: int | None) -> View:
    n = len(s.scores)
    players = []
    for p in range(n):
        players.append(
            {
                "score": s.scores[p],
                "hand_size": len(s.hands[p]),
                "reserve": cog_rules.reserve(s, p),
                "passed": bool(s.passed >> p & 1),
                "doubled": sorted(
                    {data.CITIES[data.KIND_CITY[k]] for k in s.lying[p]},
                    key=data.CITY_INDEX.__getitem__,
                ),
                "lying": _labels(s.lying[p]),
                "known_hand": _labels(s.known[p]),
            }
        )
    v: View = {
        "seat": seat,
        "decider": decider_json(current_player(s)),
        "decision": PHASE_NAMES[s.phase],
        "round": s.round_no,
        "last_round": s.last_round,
        "deck_pass": 1 if s.shuffles == 0 else 2,
        "final_shuffle": s.shuffles == 2,
        "deck_size": s.deck_size,
        "discard_size": s.discard_size,
        "discard": _counts_labels(s.discard),
        "start_player": s.start_player,
        "free_cogs": s.free_cogs,
        "cogs": [
            {
                "city": data.CITIES[code >> data.COG_SHIFT],
                "figures": figures_aboard(code, n),
            }
            for code in s.cogs
        ],
        "layout": [_labels(pack) for pack in s.layout],
        "layout_kept": s.kept,
        "layout_drawn": s.drawn,
        "to_deal": s.to_deal,
        "players": players,
    }
    if s.shuffles:
        v["deck"] = _counts_labels(s.deck)
    if seat is not None:
        v["hand"] = _labels(s.hands[seat])
    return v


def _kinds(labels: Any, what: str) -> list[int]:
    if not isinstance(labels, list):
        raise IllegalActionError(f"view field {what} must be a list of card labels")
    kinds = []
    for label in labels:
        kind = data.LABEL_TO_KIND.get(label) if isinstance(label, str) else None
        if kind is None:
            raise IllegalActionError(f"unknown card {label!r} in view field {what}")
        kinds.append(kind)
    return kinds


def _counts(kinds: list[int]) -> list[int]:
    counts = [0] * data.N_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def determinize(v: View, rng: Random) -> LuebeckState:
    """A full state agreeing with the view; unseen cards dealt at random from the unseen pool."""
    seat = v["seat"]
    n = len(v["players"])
    s = LuebeckState.__new__(LuebeckState)
    s.legal_cache = None
    s.phase = PHASE_NAMES.index(v["decision"])
    decider = v["decider"]
    s.actor = decider if isinstance(decider, int) else (-1 if s.phase == OVER else 0)
    s.start_player = v["start_player"]
    s.round_no = v["round"]
    s.last_round = v["last_round"]
    s.shuffles = 0 if v["deck_pass"] == 1 else (2 if v["final_shuffle"] else 1)
    s.deck_size = v["deck_size"]
    s.discard = _counts(_kinds(v["discard"], "discard"))
    s.discard_size = v["discard_size"]
    s.layout = [tuple(_kinds(pack, "layout")) for pack in v["layout"]]
    s.kept = v["layout_kept"]
    s.drawn = v["layout_drawn"]
    s.to_deal = v["to_deal"]
    s.cogs = sorted(
        data.CITY_INDEX[c["city"]] << data.COG_SHIFT | sum(1 << p for p in c["figures"])
        for c in v["cogs"]
    )
    s.free_cogs = v["free_cogs"]
    players = v["players"]
    s.scores = [pv["score"] for pv in players]
    s.passed = sum(1 << p for p, pv in enumerate(players) if pv["passed"])
    s.lying = [tuple(_kinds(pv["lying"], "lying")) for pv in players]
    s.known = [tuple(_kinds(pv["known_hand"], "known_hand")) for pv in players]

    # The unseen pool: every card not in a zone the viewer sees.
    unseen = Counter({k: c for k, c in enumerate(data.FULL_DECK)})
    seen: list[int] = []
    for pack in s.layout:
        seen.extend(pack)
    for p in range(n):
        seen.extend(s.lying[p])
        seen.extend(s.known[p])
    seen.extend(k for k, c in enumerate(s.discard) for _ in range(c))
    own: list[int] = []
    if seat is not None:
        own = list((Counter(_kinds(v["hand"], "hand")) - Counter(s.known[seat])).elements())
        seen.extend(own)
    if s.shuffles:
        s.deck = _counts(_kinds(v["deck"], "deck"))
        seen.extend(k for k, c in enumerate(s.deck) for _ in range(c))
    unseen.subtract(seen)
    if any(c < 0 for c in unseen.values()):
        raise IllegalActionError("the view shows more copies of a card than the game has")
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    s.hands = []
    for p in range(n):
        if p == seat:
            secret = own
        else:
            size = players[p]["hand_size"] - len(s.known[p])
            secret, pool = pool[:size], pool[size:]
        s.hands.append(tuple(sorted((*s.known[p], *secret))))
    if not s.shuffles:
        s.deck = _counts(pool)
        pool = []
    if pool or sum(s.deck) != s.deck_size:
        raise IllegalActionError("the view's card counts do not add up to the 60 cards")
    return s


def secret_part(s: LuebeckState, p: int) -> list[int]:
    """The cards of p's hand that others have not seen enter it."""
    return list((Counter(s.hands[p]) - Counter(s.known[p])).elements())


def resample_hidden(s: LuebeckState, seat: int | None, rng: Random) -> LuebeckState:
    """Others' secret cards (and the deck in the first pass) pooled and re-dealt, same sizes."""
    c = s.clone()
    others = [p for p in range(len(s.scores)) if p != seat]
    pool: list[int] = []
    sizes = []
    for p in others:
        secret = secret_part(s, p)
        pool.extend(secret)
        sizes.append(len(secret))
    if not s.shuffles:
        pool.extend(k for k, n in enumerate(s.deck) for _ in range(n))
    rng.shuffle(pool)
    for p, size in zip(others, sizes, strict=True):
        secret, pool = pool[:size], pool[size:]
        c.hands[p] = tuple(sorted((*s.known[p], *secret)))
    if not s.shuffles:
        c.deck = _counts(pool)
    c.legal_cache = None
    return c


def final_hands(s: LuebeckState) -> list[Phrase]:
    """The hands laid open at the end, each with what it costs (Ende des Spiels), for the note of
    the move that ends the game."""
    shown = []
    for p, hand in enumerate(s.hands):
        seat = SEAT_LETTERS[p]
        if not hand:
            shown.append(phrase(NOTE_WORDS["ends_empty"], seat=seat))
            continue
        points = scoring.hand_penalty(hand)
        template, cards_ = listed(
            NOTE_WORDS["ends_with_1" if points == 1 else "ends_with"], _labels(hand)
        )
        shown.append(fill(template, {"seat": seat, **cards_, "points": points}))
    return shown


def figures_aboard(code: int, num_players: int) -> list[int]:
    """The seats with a figure on the cog of this code (a bit per seat below its city)."""
    return [p for p in range(num_players) if code >> p & 1]


def cleared_end_stations(before: LuebeckState, after: LuebeckState) -> list[Phrase]:
    """The cogs that leave the map after a round (Nach der Runde: "Koggen an den Endstationen
    werden gelöscht": their figures go back to the reserves, the cogs to the cog field), for the
    note of the move that ends the round; none for any other move."""
    ended = after.phase == TAKE_BACK or after.round_no != before.round_no
    if before.phase == TAKE_BACK or not ended:  # taking figures back follows the clearing
        return []
    notes = []
    for code in before.cogs:
        city = code >> data.COG_SHIFT
        if city in data.END_STATION_SET:
            aboard = [SEAT_LETTERS[p] for p in figures_aboard(code, len(before.hands))]
            notes.append(
                phrase(NOTE_WORDS["cleared"], city=data.CITIES[city], seats=", ".join(aboard))
                if aboard
                else phrase(NOTE_WORDS["cleared_empty"], city=data.CITIES[city])
            )
    return notes


def observe_action(s: LuebeckState, actor: int, action: Any, viewer: int | None) -> str:
    """A card dealt into a hand is seen only by its recipient; everything else is public. A cog
    named by its number (``@1``) is also named by its city, since the numbers follow the cogs'
    order on the map and change as they sail (issue 19, item 6: stable names in the log)."""
    if actor == CHANCE and s.phase == DEAL and viewer != deal_recipient(s):
        return "draw ?"
    text = to_str(action)
    if isinstance(action, Draft) and 0 <= action.pack < len(s.layout):
        cards = ", ".join(data.LABELS[k] for k in s.layout[action.pack])
        return f"{text} ({cards})"  # pack numbers shift as packs are taken
    refs = [int(i) for pair in _COG_REF.findall(text) for i in pair if i]
    if not refs or not all(i < len(s.cogs) for i in refs):
        return text
    cities = [data.CITIES[s.cogs[i] >> data.COG_SHIFT] for i in refs]
    return f"{text} (cog in {' > '.join(cities)})"


_COG_REF = re.compile(r"@(\d+)(?:>(\d+))?")  # "@1", or "@1>2" for Schiffswechsel
