"""Spielvorbereitungen: the bag, 5 coins each, workers, market halls and the draw pile.

The draw pile is kept as a multiset per season (DESIGN.md: no secret order): winter (A) on top, then
spring, summer, autumn, and the "4. Brand" (E) at the bottom; each draw takes a random card of the
topmost season that is not exhausted. Cards named in step 9 (Kaispeicher: step 10) are removed by
player count. Seat 0 is the start player (RULINGS.md, "All games").
"""

from __future__ import annotations

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.rules import offer
from hanse.games.speicherstadt.state import SpeicherstadtState, empty_state
from hanse.games.speicherstadt.tables import Tables


def initial_state(t: Tables) -> SpeicherstadtState:
    s = empty_state(t.num_players, t.num_cards, t.num_goods)
    s.deck = list(t.initial_deck)
    for card, count in enumerate(t.initial_deck):
        s.season_left[t.season[card]] += count
        if t.kind[card] != data.FIRE:
            s.nonfire_left += count
    s.bag = list(t.initial_cubes)  # all 45 (Kaispeicher: 54) cubes go into the bag
    s.coins = [data.START_COINS] * t.num_players
    s.workers = [t.workers] * t.num_players
    if t.kaispeicher:
        s.grey_aside = data.GREY_WORKERS  # "Die 2 grauen Arbeiter werden zur Seite gestellt"
        s.break_aside = data.BREAK_CARDS  # "... die 2 Pausenkarten ... legt sie zur Seite"
    offer.start_round(t, s)
    return s
