"""1. Angebot: n+1 cards on the water fields (Kaispeicher: n+1 more in the upper row).

Each card is a chance draw from the top season of the draw pile. A ship gets its cubes from the bag
at once, one chance draw per cube (3, Kaispeicher ships 1 or 2). A fire ("Brand") is resolved at
once (see :mod:`.fire`) and replaced by the next card (RULINGS.md).
"""

from __future__ import annotations

from hanse.core import CHANCE, Action
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.rules import demand, fire
from hanse.games.speicherstadt.state import DRAW_CARD, DRAW_CUBE, SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def start_round(t: Tables, s: SpeicherstadtState) -> None:
    s.round += 1
    s.bought = 0
    s.placed_done = 0
    next_step(t, s)


def next_step(t: Tables, s: SpeicherstadtState) -> None:
    """The next draw of the offer, or the demand phase once the rows are full."""
    if s.pending_cubes > 0:
        if any(s.bag):
            s.decision = DRAW_CUBE
            s.decider = CHANCE
            return
        s.pending_cubes = 0  # never happens with the printed cards: ships need exactly all cubes
    if s.nonfire_left > 0 and (len(s.offer) < t.row or (t.kaispeicher and len(s.upper) < t.row)):
        s.decision = DRAW_CARD
        s.decider = CHANCE
        return
    demand.begin(t, s)


def top_season(s: SpeicherstadtState) -> int:
    """The season of the top card of the draw pile (5 when it is empty)."""
    for season, left in enumerate(s.season_left):
        if left:
            return season
    return 5


def outcomes(t: Tables, s: SpeicherstadtState) -> list[tuple[Action, float]]:
    if s.decision == DRAW_CUBE:
        total = sum(s.bag)
        return [(t.draw_cube[g], n / total) for g, n in enumerate(s.bag) if n]
    season = top_season(s)
    total = s.season_left[season]
    deck = s.deck
    return [(t.draw_card[c], deck[c] / total) for c in t.season_cards[season] if deck[c]]


def draw_card(t: Tables, s: SpeicherstadtState, card: int) -> None:
    s.deck[card] -= 1
    s.season_left[t.season[card]] -= 1
    kind = t.kind[card]
    if kind == data.FIRE:
        fire.start(t, s, card)
        return
    s.nonfire_left -= 1
    if len(s.offer) < t.row:
        s.offer.append(card)
        s.offer_cubes.append(())
        s.offer_workers.append(())
        s.pending_row = 0
    else:
        s.upper.append(card)
        s.upper_cubes.append(())
        s.pending_row = 1
    if kind == data.SHIP:
        s.pending_cubes = t.value[card]
    next_step(t, s)


def draw_cube(t: Tables, s: SpeicherstadtState, good: int) -> None:
    s.bag[good] -= 1
    row = s.upper_cubes if s.pending_row else s.offer_cubes
    row[-1] = (*row[-1], good)
    s.pending_cubes -= 1
    next_step(t, s)
