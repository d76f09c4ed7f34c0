"""1) Nachschub und Reihenfolge: the marker offer, the open bids, the supply and the turn order.

Each round a holder of the +1 Wegemarker chip first draws one marker for free; then eight markers
are drawn from the reserve into four lots of two, and only then do last round's leftover lots go
back ("Zuerst ... ACHT Wegemarker"; RULINGS.md, "New route markers each round"), so a leftover
cannot come up again in the same round. In turn order every player openly bids one or more of his
markers, laid one at a time in non-increasing order of value, then "done" (RULINGS.md, "Bids are
laid as a chain"); an exact repeat of an earlier bid of the round cannot be completed, and a player
who has no other combination is skipped. Per bid marker the city with its number gets two goods
(Kontore there first take one each, higher cities first when goods run short); the bids then give
the new turn order (RULINGS.md, bid ranking).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from hanse.core import CHANCE
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import CHIP_EXTRA_MARKER, CITY_GOOD, NUM_CITIES, OFFER_MARKERS
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame

BidKey = tuple[object, ...]


@lru_cache(maxsize=65536)
def bid_key(markers: tuple[int, ...]) -> BidKey:
    """Ranking key of a bid; a larger key is the better bid (RULINGS.md, Bid ranking).

    A bid with two or more equal markers ranks by its largest group (more markers first, then the
    higher number), then by the rest ranked the same way; it beats every bid without a group.
    Those rank by sum, where a 0 counts slightly more than nothing, then by the highest marker,
    then the next; a list that runs out first loses. The empty bid ranks lowest.
    """
    counts = Counter(markers)
    groups = [(cnt, v) for v, cnt in counts.items() if cnt >= 2]
    if groups:
        cnt, v = max(groups)
        rest = tuple(m for m in markers if m != v)
        return (1, cnt, v, bid_key(rest))
    return (0, sum(markers), counts[0], tuple(sorted(markers, reverse=True)))


def start_round(g: KoggeGame, s: KoggeState) -> None:
    s.round += 1
    # Last round's leftovers are set aside until the eight new markers are drawn.
    s.leftover = [v for lot in s.offer for v in lot]
    s.offer = []
    s.bids = [None] * g.num_players
    s.turn_owner = -1
    # +1 Wegemarker: at the start of each round, before the bids; a second copy does not stack.
    s.queue = [p for p in s.order if s.chips[p * 4 + CHIP_EXTRA_MARKER]]
    _advance_draws(g, s)


def _advance_draws(g: KoggeGame, s: KoggeState) -> None:
    reserve_left = sum(s.reserve)
    if s.queue and reserve_left:
        s.phase = Decision.DRAW_BONUS
        s.actor = CHANCE
        return
    s.queue = []
    drawn = 2 * len(s.offer) - (1 if s.offer and len(s.offer[-1]) == 1 else 0)
    if reserve_left and drawn < OFFER_MARKERS:
        s.phase = Decision.DRAW_OFFER
        s.actor = CHANCE
        return
    for v in s.leftover:
        s.reserve[v] += 1
    s.leftover = []
    s.idx = 0
    _next_bidder(g, s)


def apply_draw_bonus(g: KoggeGame, s: KoggeState, value: int) -> None:
    p = s.queue.pop(0)
    s.reserve[value] -= 1
    s.hand[p * 9 + value] += 1
    _advance_draws(g, s)


def apply_draw_offer(g: KoggeGame, s: KoggeState, value: int) -> None:
    s.reserve[value] -= 1
    if s.offer and len(s.offer[-1]) == 1:
        s.offer[-1] = (s.offer[-1][0], value)
    else:
        s.offer.append((value,))
    _advance_draws(g, s)


def _fits(hand: list[int], base: int, markers: tuple[int, ...]) -> bool:
    need = Counter(markers)
    return all(hand[base + v] >= k for v, k in need.items())


def can_bid(s: KoggeState, p: int) -> bool:
    """True unless the player has no marker or only combinations bid already this round."""
    base = p * 9
    options = 1
    for v in range(9):
        options *= s.hand[base + v] + 1
    options -= 1
    if not options:
        return False
    taken = sum(1 for b in s.bids if b is not None and _fits(s.hand, base, b))
    return options > taken


def _next_bidder(g: KoggeGame, s: KoggeState) -> None:
    n = g.num_players
    while s.idx < n:
        p = s.order[s.idx]
        if can_bid(s, p):
            s.phase = Decision.BID
            s.actor = s.turn_owner = p
            return
        s.idx += 1
    resolve_bids(g, s)


def _completions(hand: list[int], base: int, top: int) -> int:
    """How many ways a bid can go on below ``top`` (the last marker laid): every sub-multiset of
    the markers of value at most ``top`` left in the hand, the empty one included."""
    ways = 1
    for v in range(top + 1):
        ways *= hand[base + v] + 1
    return ways


def _reaches(rest: tuple[int, ...], hand: list[int], base: int, top: int) -> bool:
    """True if ``rest`` can still be laid below ``top`` from the hand."""
    return all(v <= top for v in rest) and _fits(hand, base, rest)


def legal_bids(g: KoggeGame, s: KoggeState) -> list[Action]:
    """The next marker of the bid under way, at most as high as the last one laid, if the bid can
    still end unlike every earlier bid of the round; "done" unless the bid so far repeats one."""
    p = s.actor
    base = p * 9
    laid = s.bids[p] or ()
    done_bids = [b for q, b in enumerate(s.bids) if q != p and b is not None]
    hand = s.hand
    acts: list[Action] = []
    top = laid[-1] if laid else 8
    k = len(laid)
    for v in range(top, -1, -1):
        if not hand[base + v]:
            continue
        prefix = (*laid, v)
        hand[base + v] -= 1
        # Earlier bids that begin with this prefix and could still be reached from the hand.
        blocked = sum(
            1 for b in done_bids if b[: k + 1] == prefix and _reaches(b[k + 1 :], hand, base, v)
        )
        open_ = _completions(hand, base, v) > blocked
        hand[base + v] += 1
        if open_:
            acts.append(g.bid[v])
    if laid and laid not in done_bids:
        acts.append(g.bid_done)
    return acts


def apply_bid(g: KoggeGame, s: KoggeState, marker: int) -> None:
    p = s.actor
    s.bids[p] = (s.bids[p] or ()) + (marker,)
    s.hand[p * 9 + marker] -= 1
    s.bid_pool[marker] += 1


def apply_bid_done(g: KoggeGame, s: KoggeState) -> None:
    s.idx += 1
    _next_bidder(g, s)


def deliver(s: KoggeState, city: int, amount: int) -> None:
    """Nachschub for one city: ``amount`` goods if the supply has them; each Kontor first takes
    one, unless there are fewer goods than Kontore (then all go onto the city)."""
    good = CITY_GOOD[city]
    amount = min(amount, s.supply[good])
    s.supply[good] -= amount
    places = [pl for pl in (2 * city, 2 * city + 1) if s.kontor_owner[pl] >= 0]
    if places and amount >= len(places):
        for pl in places:
            s.kontor_goods[pl * 4 + good] += 1
        amount -= len(places)
    s.city_goods[city * 4 + good] += amount


def resolve_bids(g: KoggeGame, s: KoggeState) -> None:
    # Supply: two goods per bid marker, the highest city first.
    for c in range(NUM_CITIES - 1, -1, -1):
        if s.bid_pool[c]:
            deliver(s, c, 2 * s.bid_pool[c])
    # Turn order: best bid first; players who could not bid last, in their previous order.
    bidders = [p for p in s.order if s.bids[p] is not None]
    bidders.sort(key=lambda p: bid_key(s.bids[p] or ()), reverse=True)
    s.order = bidders + [p for p in s.order if s.bids[p] is None]
    for v in range(9):
        s.reserve[v] += s.bid_pool[v]
        s.bid_pool[v] = 0
    s.phase = Decision.GM_MOVE
    s.actor = s.turn_owner = s.order[0]
