"""Lübeck observations from the state (the layout of :mod:`hanse.env.observations.luebeck`).

Cards are sorted tuples or per-kind counts in the state, so a card zone is written from a table of
its per-kind values; the hand of the seat is the only secret read.
"""

from __future__ import annotations

from typing import Any

from hanse.env.sparse import Entries, Layout, SegmentMemo
from hanse.games.luebeck import data
from hanse.games.luebeck.state import LAYOUT, OVER, LuebeckState


def _repeated_sums(step: float, most: int) -> list[float]:
    """0, step, step + step, ...: the sums the view encoder reaches by adding `step` per card."""
    sums = [0.0]
    for _ in range(most):
        sums.append(sums[-1] + step)
    return sums


# _PER_KIND[k][c]: the number written for c cards of kind k ("divided by the copies of their kind").
_PER_KIND = [_repeated_sums(1.0 / copies, data.TOTAL_CARDS) for copies in data.KIND_COPIES]


def _card_entries(cards: tuple[int, ...]) -> Entries:
    """A sorted tuple of cards as (kind, value) entries."""
    counts: dict[int, int] = {}
    for kind in cards:
        counts[kind] = counts.get(kind, 0) + 1
    return list(counts), [_PER_KIND[k][c] for k, c in counts.items()]


def _pile_entries(counts: tuple[int, ...]) -> Entries:
    """Counts per kind as (kind, value) entries."""
    kinds = [kind for kind, c in enumerate(counts) if c]
    return kinds, [_PER_KIND[k][counts[k]] for k in kinds]


class StateEncoder:
    """Writes a seat's Lübeck observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        n = game.num_players
        self.n = n
        self.cogs = data.COGS_BY_PLAYERS[n]
        self.packs = data.PACKS_BY_PLAYERS[n]
        at = layout.at
        self.decision = at("decision")
        self.decider = at("decider")
        self.round = at("round")
        self.last_round = at("last_round")
        self.second_pass = at("second_pass")
        self.final_shuffle = at("final_shuffle")
        self.deck_size = at("deck_size")
        self.discard_size = at("discard_size")
        self.discard = at("discard")
        self.deck_known = at("deck_known")
        self.deck = at("deck")
        self.start_player = at("start_player")
        self.free_cogs = at("free_cogs")
        self.cog_on_map = layout.all("cog.on_map")
        self.cog_city = layout.all("cog.city")
        self.cog_figures = layout.all("cog.figures")
        self.pack_laid_out = layout.all("pack.laid_out")
        self.pack_cards = layout.all("pack.cards")
        self.layout_kept = at("layout_kept")
        self.layout_drawn = at("layout_drawn")
        self.to_deal = at("to_deal")
        self.score = layout.all("player.score")
        self.hand_size = layout.all("player.hand_size")
        self.reserve = layout.all("player.reserve")
        self.passed = layout.all("player.passed")
        self.doubled = layout.all("player.doubled")
        self.known_hand = layout.all("player.known_hand")
        self.hand = at("hand")
        self._cards = SegmentMemo(_card_entries)
        self._piles = SegmentMemo(_pile_entries)

    def write(self, s: LuebeckState, seat: int, positions: list[int], values: list[float]) -> None:
        n = self.n
        put = positions.append
        val = values.append
        phase = s.phase
        put(self.decision + phase)
        val(1.0)
        if phase <= LAYOUT:
            put(self.decider + n)  # chance
        elif phase == OVER:
            put(self.decider + n + 1)  # nobody
        else:
            put(self.decider + (s.actor - seat) % n)
        val(1.0)
        if s.round_no:
            put(self.round)
            val(s.round_no / 10)
        if s.last_round:
            put(self.last_round)
            val(1.0)
        if s.shuffles:
            put(self.second_pass)
            val(1.0)
            if s.shuffles == 2:
                put(self.final_shuffle)
                val(1.0)
        if s.deck_size:
            put(self.deck_size)
            val(s.deck_size / data.TOTAL_CARDS)
        if s.discard_size:
            put(self.discard_size)
            val(s.discard_size / data.TOTAL_CARDS)
            self._piles.write(self.discard, tuple(s.discard), positions, values)
        if s.shuffles:  # from the second pass on, the deck is known to all
            put(self.deck_known)
            val(1.0)
            self._piles.write(self.deck, tuple(s.deck), positions, values)
        put(self.start_player + (s.start_player - seat) % n)
        val(1.0)
        if s.free_cogs:
            put(self.free_cogs)
            val(s.free_cogs / self.cogs)
        on_cogs = [0] * n  # figures of each seat on cogs
        for i, code in enumerate(s.cogs):
            if i < self.cogs:
                put(self.cog_on_map[i])
                put(self.cog_city[i] + (code >> data.COG_SHIFT))
                val(1.0)
                val(1.0)
            for p in range(n):
                if code >> p & 1:
                    on_cogs[p] += 1
                    if i < self.cogs:
                        put(self.cog_figures[i] + (p - seat) % n)
                        val(1.0)
        for i, pack in enumerate(s.layout[: self.packs]):
            put(self.pack_laid_out[i])
            val(1.0)
            self._cards.write(self.pack_cards[i], pack, positions, values)
        if s.kept:
            put(self.layout_kept)
            val(s.kept / self.packs)
        if s.drawn:
            put(self.layout_drawn)
            val(s.drawn / data.TOTAL_CARDS)
        if s.to_deal:
            put(self.to_deal)
            val(s.to_deal / 20)
        for r in range(n):
            p = (seat + r) % n
            if s.scores[p]:
                put(self.score[r])
                val(s.scores[p] / 50)
            if s.hands[p]:
                put(self.hand_size[r])
                val(len(s.hands[p]) / 10)
            reserve = data.FIGURES_PER_PLAYER - on_cogs[p]
            if reserve:
                put(self.reserve[r])
                val(reserve / data.FIGURES_PER_PLAYER)
            if s.passed >> p & 1:
                put(self.passed[r])
                val(1.0)
            if s.lying[p]:
                doubled = self.doubled[r]
                for city in {data.KIND_CITY[k] for k in s.lying[p]}:
                    put(doubled + city)
                    val(1.0)
            self._cards.write(self.known_hand[r], s.known[p], positions, values)
        self._cards.write(self.hand, s.hands[seat], positions, values)
