"""Kartenauslage bilden, with the deck passes of "Ende des Spiels".

Every round the layout is built the same way, which for the first round gives (players + 2)
packs of 2 cards: the packs not taken last round stay; single cards are laid out until there are
5/6/7 packs (3/4/5 players); then every pack gets one more card. Each card laid out is a chance
node.

Deck passes (RULINGS.md): when a card is needed and the deck is used up, the discard pile is
shuffled into a new deck (the second pass). The round during whose layout the second deck becomes
empty is the last round; if its layout still lacks cards, the discard pile is shuffled once more.
Shuffling a multiset is no chance node: only the draws are.
"""

from __future__ import annotations

from .. import data
from ..state import LAYOUT, LuebeckState
from . import draft


def packs_wanted(s: LuebeckState) -> int:
    return data.PACKS_BY_PLAYERS[len(s.scores)]


def singles_wanted(s: LuebeckState) -> int:
    """New single cards that bring the packs kept from the last round up to 5/6/7 packs."""
    return max(0, packs_wanted(s) - s.kept)


def cards_wanted(s: LuebeckState) -> int:
    """Cards this layout needs: one per new single, then one more for every pack."""
    return singles_wanted(s) + packs_wanted(s)


def begin(s: LuebeckState) -> None:
    """The start player lays out the layout of a new round."""
    s.phase = LAYOUT
    s.kept = len(s.layout)
    s.drawn = 0
    _ready(s)


def shuffle_discard_into_deck(s: LuebeckState) -> None:
    deck = s.deck
    discard = s.discard
    for k in range(data.N_KINDS):
        deck[k] += discard[k]
        discard[k] = 0
    s.deck_size += s.discard_size
    s.discard_size = 0
    s.shuffles += 1


def _ready(s: LuebeckState) -> None:
    """Leave the state at a draw with a non-empty deck, or finish the layout."""
    while s.drawn < cards_wanted(s):
        if s.deck_size:
            return
        if s.shuffles == 0:
            # "Der zweite Durchlauf beginnt, sobald ... nicht mehr genügend Karten"
            shuffle_discard_into_deck(s)
            if s.deck_size == 0:
                s.last_round = True
        elif s.shuffles == 1:
            # The second deck is used up during this layout: the last round, completed from
            # the discard pile shuffled once more ("Letzte Runde").
            s.last_round = True
            shuffle_discard_into_deck(s)
        else:
            break  # no card is left anywhere: the last layout stays short
    draft.begin(s)


def apply_draw(s: LuebeckState, kind: int) -> None:
    """Lay one card: first as a new single pack, then onto the packs in order."""
    s.deck[kind] -= 1
    s.deck_size -= 1
    singles = singles_wanted(s)
    if s.drawn < singles:
        s.layout.append((kind,))
    else:
        i = s.drawn - singles
        s.layout[i] = tuple(sorted((*s.layout[i], kind)))
    s.drawn += 1
    if s.shuffles == 1 and s.deck_size == 0:
        s.last_round = True  # "Sobald dieser Stapel aufgebraucht wurde": this is the last round
    _ready(s)
