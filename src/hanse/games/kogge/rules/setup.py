"""Spielvorbereitung and Startaufstellung festlegen.

Set-up: three goods on every city, the guild master and the game-end marker on the city of a
randomly drawn marker, one marker of each number 0..8 shuffled onto the cities (never a city's own
number), nine more random markers on the free squares (different from the city and from its first
marker: at set-up both routes of a city lead to different cities), then the guild master's marker
goes back. Each player has nine markers 0..8 and two ore and one fur (Memory: two fur).

Start: every player secretly chooses one of his markers and founds his first Kontor there; three or
more players on one city choose again, not the marker that just clashed. The marker goes to the
reserve. The first turn order is by city number; players in the same city draw lots.
"""

from __future__ import annotations

from functools import cache
from math import comb, factorial
from typing import TYPE_CHECKING

from hanse.core import CHANCE
from hanse.games.kogge.actions import ChangeRoute, Decision, Lot, Skip
from hanse.games.kogge.data import (
    CITY_GOOD,
    GOODS_SUPPLY,
    MARKER_COUNTS,
    NUM_CITIES,
    SETUP_GOODS_PER_CITY,
    START_GOODS,
    START_GOODS_MEMORY,
)
from hanse.games.kogge.rules.bidding import start_round
from hanse.games.kogge.rules.common import add_kontor, city_full, kontor_count
from hanse.games.kogge.rules.routes import place_marker
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame

GM_DRAW = 0
FIRST_SQUARES = 1  # deal_idx 1..9: square 0 of cities 0..8
SECOND_SQUARES = 10  # deal_idx 10..18: square 1 of cities 0..8
DEAL_END = 19


def new_state(g: KoggeGame) -> KoggeState:
    n = g.num_players
    start = START_GOODS_MEMORY if g.memory else START_GOODS
    s = KoggeState.__new__(KoggeState)
    s.legal_cache = None
    s.phase = Decision.DEAL
    s.actor = CHANCE
    s.turn_owner = -1
    s.round = 0
    s.order = list(range(n))
    s.idx = 0
    s.queue = []
    s.reserve = [MARKER_COUNTS[v] - n for v in range(9)]
    s.supply = [
        GOODS_SUPPLY[good] - SETUP_GOODS_PER_CITY * CITY_GOOD.count(good) - n * start[good]
        for good in range(4)
    ]
    s.city_goods = [0] * 36
    for c in range(NUM_CITIES):
        s.city_goods[c * 4 + CITY_GOOD[c]] = SETUP_GOODS_PER_CITY
    s.sq_val = [0] * 18
    s.sq_up = [0] * 18
    s.sq_known = [0] * 18
    s.sq_placed = [0] * 18
    s.kontor_owner = [-1] * 18
    s.kontor_goods = [0] * 72
    s.robbed = [0] * 9
    s.gm = 0
    s.end_city = 0
    s.passes = 0
    s.pos = [-1] * n
    s.cargo = list(start) * n
    s.hand = [1] * (9 * n)
    s.known_hand = s.hand[:]
    s.known_cargo = s.cargo[:]
    s.kontore = [0] * n
    s.chips = [0] * (4 * n)
    s.chips_left = [2, 2, 2, 2]
    s.raid_hand = [1] * n
    s.raid_total = [1] * n
    s.offer = []
    s.leftover = []
    s.bids = [None] * n
    s.bid_pool = [0] * 9
    s.start_choice = [-1] * n
    s.start_ban = [-1] * n
    s.deal_idx = 0
    s.deal_left = 0x1FF
    s.gm_marker = -1
    s.turn_start = -1
    s.steps = 0
    s.fee_floor = -1
    s.used = 0
    s.traded = 0
    s.esc_goods = [0] * 4
    s.esc_markers = [0] * 9
    s.esc_take = [0] * 4
    s.ask_goods = [0] * 4
    s.ask_markers = [0] * 9
    s.partner = -1
    s.via_kontor = 0
    s.piles = [0] * 8
    s.victim = -1
    s.conf = [-1, -1]
    s.stake = [0] * 18
    s.conf_stage = 0
    s.conf_value = 0
    s.taking = -1
    s.conf_done = 0
    s.conf_winner = -1
    s.winner = -1
    return s


@cache
def _derangement_completions(first_city: int, values: int) -> int:
    """Ways to give the cities first_city..8 the numbers in bitmask ``values`` one each, no city
    its own number (inclusion-exclusion over the cities whose own number is still free)."""
    m = bin(values).count("1")
    k = sum(1 for c in range(first_city, NUM_CITIES) if values >> c & 1)
    return sum((-1) ** j * comb(k, j) * factorial(m - j) for j in range(k + 1))


def deal_outcomes(g: KoggeGame, s: KoggeState) -> list[tuple[Action, float]]:
    i = s.deal_idx
    if i == GM_DRAW:
        return g.reserve_draw(s)
    if i < SECOND_SQUARES:
        c = i - FIRST_SQUARES
        values = [v for v in range(9) if s.deal_left >> v & 1 and (g.memory or v != c)]
        if g.memory:
            weights = [1] * len(values)
        else:
            # Uniform over all valid placements (derangements): weight by completions.
            weights = [_derangement_completions(c + 1, s.deal_left & ~(1 << v)) for v in values]
        total = sum(weights)
        return [(g.deal[v], w / total) for v, w in zip(values, weights, strict=True) if w]
    c = i - SECOND_SQUARES
    first = s.sq_val[2 * c]
    pairs = [(v, r) for v, r in enumerate(s.reserve) if r and (g.memory or (v != c and v != first))]
    total = sum(r for _, r in pairs)
    return [(g.deal[v], r / total) for v, r in pairs]


def apply_deal(g: KoggeGame, s: KoggeState, value: int) -> None:
    i = s.deal_idx
    s.reserve[value] -= 1
    s.deal_idx = i + 1
    if i == GM_DRAW:
        s.gm = s.end_city = value
        s.gm_marker = value
        return
    if i < SECOND_SQUARES:
        sq = 2 * (i - FIRST_SQUARES)
        s.deal_left &= ~(1 << value)
    else:
        sq = 2 * (i - SECOND_SQUARES) + 1
    s.sq_val[sq] = value
    s.sq_up[sq] = 0 if g.memory else 1
    if s.deal_idx == DEAL_END:
        # The guild master's marker goes back to the reserve.
        s.reserve[s.gm_marker] += 1
        s.gm_marker = -1
        s.queue = list(range(g.num_players))
        s.phase = Decision.CHOOSE_START
        s.actor = s.queue[0]
        s.turn_owner = s.actor


def legal_choose_start(g: KoggeGame, s: KoggeState) -> list[Action]:
    p = s.actor
    hand = s.hand
    return [
        g.choose_start[v]
        for v in range(9)
        if hand[p * 9 + v] and v != s.start_ban[p] and not city_full(s, v)
    ]


def apply_choose_start(g: KoggeGame, s: KoggeState, marker: int) -> None:
    s.start_choice[s.actor] = marker
    s.queue.pop(0)
    if s.queue:
        s.actor = s.turn_owner = s.queue[0]
        return
    _reveal_start(g, s)


def _reveal_start(g: KoggeGame, s: KoggeState) -> None:
    """All choices are revealed together; a city chosen beyond its two Kontor places is chosen
    again by all who chose it ("Patt"), each banned from the marker that clashed."""
    n = g.num_players
    retry: list[int] = []
    for c in range(NUM_CITIES):
        seats = [p for p in range(n) if s.start_choice[p] == c]
        if not seats:
            continue
        if kontor_count(s, c) + len(seats) <= 2:
            for p in seats:
                add_kontor(s, p, c)
                s.pos[p] = c
                s.hand[p * 9 + c] -= 1
                s.reserve[c] += 1
                s.start_ban[p] = -1
                if g.memory:
                    # Memory: the player looks at the markers of his start city.
                    s.sq_known[2 * c] |= 1 << p
                    s.sq_known[2 * c + 1] |= 1 << p
        else:
            for p in seats:
                s.start_ban[p] = c
                retry.append(p)
        for p in seats:
            s.start_choice[p] = -1
    if retry:
        s.queue = sorted(retry)
        s.phase = Decision.CHOOSE_START
        s.actor = s.turn_owner = s.queue[0]
        return
    if g.memory:
        s.queue = list(range(n))
        s.phase = Decision.START_SWAP
        s.actor = s.turn_owner = 0
        return
    _begin_lots(g, s)


def legal_start_swap(g: KoggeGame, s: KoggeState) -> list[Action]:
    """Memory: at his start city a player may swap one marker for one of his own."""
    p = s.actor
    c = s.pos[p]
    acts: list[Action] = [g.skip]
    for slot in (0, 1):
        for m in range(9):
            if s.hand[p * 9 + m] and m != c:
                acts.append(g.route[slot * 9 + m])
    return acts


def apply_start_swap(g: KoggeGame, s: KoggeState, action: Action) -> None:
    if isinstance(action, ChangeRoute):
        place_marker(g, s, s.actor, 2 * s.pos[s.actor] + action.slot, action.marker)
    else:
        assert isinstance(action, Skip)
    s.queue.pop(0)
    if s.queue:
        s.actor = s.turn_owner = s.queue[0]
        return
    _begin_lots(g, s)


def _begin_lots(g: KoggeGame, s: KoggeState) -> None:
    """First turn order: lowest city first; two players in one city draw lots."""
    n = g.num_players
    s.order = sorted(range(n), key=lambda p: (s.pos[p], p))
    s.queue = [i for i in range(n - 1) if s.pos[s.order[i]] == s.pos[s.order[i + 1]]]
    if s.queue:
        s.phase = Decision.LOT
        s.actor = CHANCE
        return
    start_round(g, s)


def lot_outcomes(g: KoggeGame, s: KoggeState) -> list[tuple[Action, float]]:
    i = s.queue[0]
    return [(g.lot[s.order[i]], 0.5), (g.lot[s.order[i + 1]], 0.5)]


def apply_lot(g: KoggeGame, s: KoggeState, action: Lot) -> None:
    i = s.queue.pop(0)
    if action.seat == s.order[i + 1]:
        s.order[i], s.order[i + 1] = s.order[i + 1], s.order[i]
    if not s.queue:
        start_round(g, s)
