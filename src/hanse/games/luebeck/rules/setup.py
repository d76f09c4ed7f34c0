"""Vorbereitung: cogs on the cog field, figures in reserve, 3 cards dealt to each player.

Seat 0 is the start player ("der älteste Spieler", RULINGS.md). The deck is a multiset; each card
dealt is a chance node (:class:`~hanse.games.luebeck.actions.Draw`), dealt one at a time clockwise
from the start player.
"""

from __future__ import annotations

from .. import data
from ..state import DEAL, LuebeckState
from . import layout


def initial_state(num_players: int) -> LuebeckState:
    """The state before the deal: full deck, cogs on the cog field, every score 0."""
    s = LuebeckState.__new__(LuebeckState)
    s.legal_cache = None
    s.phase = DEAL
    s.actor = 0
    s.start_player = 0
    s.round_no = 1
    s.last_round = False
    s.shuffles = 0
    s.deck = list(data.FULL_DECK)
    s.deck_size = data.TOTAL_CARDS
    s.discard = [0] * data.N_KINDS
    s.discard_size = 0
    s.hands = [()] * num_players
    s.known = [()] * num_players
    s.layout = []
    s.kept = 0
    s.drawn = 0
    s.to_deal = data.CARDS_DEALT * num_players
    s.cogs = []
    s.free_cogs = data.COGS_BY_PLAYERS[num_players]
    s.scores = [0] * num_players
    s.passed = 0
    s.lying = [()] * num_players
    return s


def deal_recipient(s: LuebeckState) -> int:
    """The seat that receives the next dealt card (one card each in turn, from the start player)."""
    n = len(s.scores)
    return (s.start_player + data.CARDS_DEALT * n - s.to_deal) % n


def apply_deal(s: LuebeckState, kind: int) -> None:
    """A card dealt face down into a hand; after the last one the first layout begins."""
    p = deal_recipient(s)
    s.deck[kind] -= 1
    s.deck_size -= 1
    s.hands[p] = tuple(sorted((*s.hands[p], kind)))
    s.to_deal -= 1
    if s.to_deal == 0:
        layout.begin(s)
