"""The mutable state of a Lübeck game: a slotted record of ints, lists and tuples.

Zones of cards (every card is in exactly one): the deck and the discard pile (multisets: counts
per card kind), the packs of the layout, the hands (passed players' face-down cards count as their
hand) and the Verdoppelung cards lying before players. Hands, packs and lying cards are sorted
tuples of card kinds, so :meth:`LuebeckState.clone` only copies the outer lists.
"""

from __future__ import annotations

from hanse.core import CHANCE, TERMINAL
from hanse.core.state import GameState

# Phases of a game; the names are the `decision` of views.
DEAL = 0  # chance: the start player deals 3 cards to each player ("Vorbereitung")
LAYOUT = 1  # chance: cards are laid out into packs ("Kartenauslage bilden")
DRAFT = 2  # each player in turn takes one pack ("Kartenpäckchen wählen")
CHOOSE_FIRST = 3  # the last drafter names the first actor
ACTION = 4  # the action cycle until all have passed ("Aktionen")
TAKE_BACK = 5  # players take figures back from cogs ("Nach der Runde")
OVER = 6  # after the final scoring ("Ende des Spiels")

PHASE_NAMES = ("deal", "layout", "draft", "choose_first", "action", "take_back", "over")


class LuebeckState(GameState):
    """All that changes during a game of Lübeck.

    ``known[p]`` is the part of ``hands[p]`` every player has seen enter it (drafted packs) and
    not yet leave; the rest of the hand (the three dealt cards and what is left of them) is secret.
    ``shuffles`` counts discard piles shuffled into the deck: 0 in the first pass through the deck,
    1 in the second, 2 after the extra shuffle that completes the last round's layout.
    ``kept``/``drawn`` track the layout: packs kept from the last round and cards laid out so far.
    """

    __slots__ = (
        "actor",
        "cogs",
        "deck",
        "deck_size",
        "discard",
        "discard_size",
        "drawn",
        "free_cogs",
        "hands",
        "kept",
        "known",
        "last_round",
        "layout",
        "lying",
        "passed",
        "phase",
        "round_no",
        "scores",
        "shuffles",
        "start_player",
        "to_deal",
    )

    phase: int
    actor: int
    start_player: int
    round_no: int
    last_round: bool
    shuffles: int
    deck: list[int]
    deck_size: int
    discard: list[int]
    discard_size: int
    hands: list[tuple[int, ...]]
    known: list[tuple[int, ...]]
    layout: list[tuple[int, ...]]
    kept: int
    drawn: int
    to_deal: int
    cogs: list[int]
    free_cogs: int
    scores: list[int]
    passed: int
    lying: list[tuple[int, ...]]

    def clone(self) -> LuebeckState:
        c = LuebeckState.__new__(LuebeckState)
        c.legal_cache = self.legal_cache
        c.phase = self.phase
        c.actor = self.actor
        c.start_player = self.start_player
        c.round_no = self.round_no
        c.last_round = self.last_round
        c.shuffles = self.shuffles
        c.deck = self.deck[:]
        c.deck_size = self.deck_size
        c.discard = self.discard[:]
        c.discard_size = self.discard_size
        c.hands = self.hands[:]
        c.known = self.known[:]
        c.layout = self.layout[:]
        c.kept = self.kept
        c.drawn = self.drawn
        c.to_deal = self.to_deal
        c.cogs = self.cogs[:]
        c.free_cogs = self.free_cogs
        c.scores = self.scores[:]
        c.passed = self.passed
        c.lying = self.lying[:]
        return c


def current_player(s: LuebeckState) -> int:
    """The seat deciding now, CHANCE during the deal and the layout, TERMINAL when over."""
    phase = s.phase
    if phase <= LAYOUT:
        return CHANCE
    if phase == OVER:
        return TERMINAL
    return s.actor
