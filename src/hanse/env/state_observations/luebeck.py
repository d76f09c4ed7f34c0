"""Lübeck observations from the state (the layout of :mod:`hanse.env.observations.luebeck`).

Cards are sorted tuples or per-kind counts in the state: a pile's codes are its counts
(``bytes(counts)``, each over the copies of its kind), a hand's and a pack's codes are remembered
by their tuple, a cog's by its code. The hand of the seat is the only secret read.

Between two decisions of a seat most of a Lübeck vector changes (hands, piles, cogs and scores
move with every card played), so it has no blocks (:class:`hanse.env.sparse.Block`): the whole
vector is written at every decision, as one join of some thirty pieces.
"""

from __future__ import annotations

from typing import Any

from hanse.env.sparse import Layout, Memo, code_or_extra, one_hots
from hanse.games.luebeck import data
from hanse.games.luebeck.state import LAYOUT, OVER, LuebeckState


def _card_codes(cards: tuple[int, ...]) -> bytes:
    """A tuple of cards as counts per kind."""
    counts = bytearray(data.N_KINDS)
    for kind in cards:
        counts[kind] += 1
    return bytes(counts)


class StateEncoder:
    """Writes a seat's Lübeck observation from the state; see the module docstring."""

    def __init__(self, game: Any, layout: Layout) -> None:
        n = game.num_players
        self.n = n
        self.size = layout.size
        self.cogs = data.COGS_BY_PLAYERS[n]
        self.packs = data.PACKS_BY_PLAYERS[n]
        at, all_of = layout.at, layout.all
        self.score = all_of("player.score")
        divisors = [1.0] * layout.size
        for name, divisor in (
            ("round", 10),
            ("deck_size", data.TOTAL_CARDS),
            ("discard_size", data.TOTAL_CARDS),
            ("free_cogs", self.cogs),
            ("layout_kept", self.packs),
            ("layout_drawn", data.TOTAL_CARDS),
            ("to_deal", 20),
        ):
            divisors[at(name)] = divisor
        for r in range(n):
            divisors[self.score[r]] = 50
            divisors[all_of("player.hand_size")[r]] = 10
            divisors[all_of("player.reserve")[r]] = data.FIGURES_PER_PLAYER
        per_kind = [*all_of("player.known_hand"), *all_of("pack.cards")]
        per_kind += [at("discard"), at("deck"), at("hand")]
        for start in per_kind:
            for kind, copies in enumerate(data.KIND_COPIES):
                divisors[start + kind] = copies
        self.divisors: list[float] = [float(d) for d in divisors]
        self._phases = one_hots(layout.length("decision"))
        self._deciders = one_hots(n + 2)
        self._seats = one_hots(n)
        self._unknown_deck = bytes(1 + data.N_KINDS)
        self._cards = Memo(_card_codes)
        self._packs = Memo(lambda pack: b"\x01" + _card_codes(pack))
        self._doubled = Memo(self._doubled_codes)
        self._reserves = Memo(self._reserve_counts)
        # _cog_codes[seat][code]: a cog slot's codes (on the map, city, figures by relative seat).
        width = 1 + data.N_CITIES + n
        self._no_cogs = [bytes(width * (self.cogs - i)) for i in range(self.cogs + 1)]
        self._cog_codes: list[list[bytes]] = []
        for seat in range(n):
            codes = []
            for code in range(data.N_CITIES << data.COG_SHIFT):
                slot = bytearray(width)
                slot[0] = 1
                slot[1 + (code >> data.COG_SHIFT)] = 1
                for p in range(n):
                    if code >> p & 1:
                        slot[1 + data.N_CITIES + (p - seat) % n] = 1
                codes.append(bytes(slot))
            self._cog_codes.append(codes)

    def _doubled_codes(self, lying: tuple[int, ...]) -> bytes:
        """The Verdoppelung cities of lying cards."""
        codes = bytearray(data.N_CITIES)
        for kind in lying:
            codes[data.KIND_CITY[kind]] = 1
        return bytes(codes)

    def _reserve_counts(self, cogs: tuple[int, ...]) -> list[int]:
        """The figures each seat has not on a cog."""
        return [
            data.FIGURES_PER_PLAYER - sum(code >> p & 1 for code in cogs) for p in range(self.n)
        ]

    def encode(
        self,
        s: LuebeckState,
        seat: int,
        row: bytearray,
        at: int,
        extra_positions: list[int],
        extra_values: list[float],
    ) -> None:
        n = self.n
        phase = s.phase
        if phase <= LAYOUT:
            decider = n  # chance
        elif phase == OVER:
            decider = n + 1  # nobody
        else:
            decider = (s.actor - seat) % n
        shuffles = s.shuffles
        on_map = s.cogs[: self.cogs]
        layout = s.layout[: self.packs]
        reserves = self._reserves[tuple(s.cogs)]
        hands, known, lying, scores, passed = s.hands, s.known, s.lying, s.scores, s.passed
        cards, doubled = self._cards, self._doubled
        pieces = [
            self._phases[phase],
            self._deciders[decider],
            bytes(
                (
                    s.round_no,
                    s.last_round,
                    shuffles > 0,
                    shuffles == 2,
                    s.deck_size,
                    s.discard_size,
                )
            ),
            bytes(s.discard),
            b"\x01" + bytes(s.deck) if shuffles else self._unknown_deck,
            self._seats[(s.start_player - seat) % n],
            bytes((s.free_cogs,)),
            *map(self._cog_codes[seat].__getitem__, on_map),
            self._no_cogs[len(on_map)],
            *map(self._packs.__getitem__, layout),
            bytes((1 + data.N_KINDS) * (self.packs - len(layout))),
            bytes((s.kept, s.drawn, s.to_deal)),
        ]
        for r in range(n):
            p = (seat + r) % n
            score = code_or_extra(scores[p], at + self.score[r], 50, extra_positions, extra_values)
            pieces += (
                bytes((score, len(hands[p]), reserves[p], passed >> p & 1)),
                doubled[lying[p]],
                cards[known[p]],
            )
        pieces.append(cards[hands[seat]])
        row[at : at + self.size] = b"".join(pieces)
