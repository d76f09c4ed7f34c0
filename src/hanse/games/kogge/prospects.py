"""The search levels' evaluation of Kogge states: what each cog can do where it can sail next.

The easy bot's value (:mod:`heuristics`) counts what a player holds. But a move buys nothing it
could count: it buys a place. In Kogge a cog acts only in the city where its movement ends (3B
Aktionen), so the same cargo is worth more next to a city where it can be exchanged 1:2 for
better goods (d Waren eintauschen), where it completes a Kontor (a Kontor bauen) or where the
guild master will take six equal goods for a bonus chip (b Handel mit dem Gildemeister). Without
that the search, whose rollouts are cut after a few decisions, cannot tell a purposeful voyage
from a random one.

So a seat's worth here is its worth as the easy bot counts it (victory points of Spielende,
markers, development points) with three changes:

- its best *prospect*: over the cities its cog can reach for its next action phase (the first
  step free, each further one a good or a marker: 3A Bewegung), the gain of the best exchange,
  of a Kontor it can pay for and of a bonus chip it can buy, discounted by how soon and how
  surely it gets there (others move first and may empty a city);
- its *progress* towards a Kontor or a bonus chip it cannot pay for yet, wherever it stands;
- development points fade as the guild master nears his end: they win only at five
  (Spielziel), and when he ends the game only victory points count (Spielende).

An exchange being built counts the goods still owed to the cog. The value of a seat is its margin
over the best opponent, squashed by tanh like :func:`hanse.bots.heuristic.heuristic_leaf`. The
search gets states only from ``determinize`` of its own view, so this reads nothing the bot may
not know.
"""

from __future__ import annotations

import math
from typing import Any

from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import (
    CHIP_TRADE3,
    CITY_GOOD,
    GOOD_VP,
    NUM_CITIES,
    VP_CHIP,
    VP_KONTOR,
    VP_RAID_MARKER,
)
from hanse.games.kogge.rules.common import free_steps
from hanse.games.kogge.rules.phase import USED_BUILD, USED_EXCHANGE, USED_GM_TRADE
from hanse.games.kogge.weights import DEVELOPMENT, MARGIN_SCALE, MARKER

NOW = 0.9
"""Weight of what the cog can still do in this turn's action phase."""
THIS_TURN = 0.8
"""Weight of a city the cog can still sail to in this turn's movement."""
NEXT_TURN = 0.5
"""Weight of a city for the next turn: others move first and may take the goods."""
STEP_COST = 1.0
"""A paid step costs the cheapest good (ore, 1 point) or a marker (3A Bewegung)."""
_KONTOR_GOODS_VP = tuple(sum(GOOD_VP) - GOOD_VP[own] for own in range(4))
"""Victory points of the three goods a Kontor costs in a city producing good ``own`` (3B a)."""
PROGRESS = 0.25
"""Weight of a Kontor or a bonus chip not yet paid for, by how much of the price the cog holds."""


def remaining(s: Any) -> float:
    """The share of the guild master's two rounds still ahead (1 at the start, 0 at the end):
    he ends the game when he enters or passes his start city the second time (2 Gildemeister)."""
    steps = 9 * (2 - s.passes) - (s.gm - s.end_city) % NUM_CITIES
    return max(0.0, min(1.0, steps / (2 * NUM_CITIES)))


def development_worth(development: int, fade: float) -> float:
    """Development points win only when a player reaches five (Spielziel); when the guild master
    ends the game only victory points count (Spielende), so up to three development points lose
    their worth beyond those points as his end comes near. Four are one short of the win."""
    if development >= 4:
        return DEVELOPMENT[min(development, 5)]
    return DEVELOPMENT[development] * fade


_EXCHANGE_CACHE: dict[tuple[int, ...], float] = {}
_CACHE_LIMIT = 100_000


def _exchange_gain(cargo: list[int], city: list[int], rate: int) -> float:
    """Victory points an exchange of ``cargo`` with goods ``city`` can gain at best, greedily:
    the cheapest good given first, each for ``rate`` of the most valuable goods of another kind
    ('für eine Ware bekommt man zwei Waren', never ore for ore: 3B d Waren eintauschen).
    Remembered, since the search asks for the same few cargoes and cities again and again."""
    key = (*cargo, *city, rate)
    gain = _EXCHANGE_CACHE.get(key)
    if gain is None:
        if len(_EXCHANGE_CACHE) > _CACHE_LIMIT:
            _EXCHANGE_CACHE.clear()
        gain = _EXCHANGE_CACHE[key] = _greedy_exchange(cargo, city, rate)
    return gain


def _greedy_exchange(cargo: list[int], city: list[int], rate: int) -> float:
    left = city[:]
    gain = 0.0
    for given in range(4):  # cheapest kind first
        for _ in range(cargo[given]):
            took = 0.0
            for _ in range(rate):
                best = -1
                for t in (3, 2, 1, 0):
                    if t != given and left[t]:
                        best = t
                        break
                if best < 0:
                    break
                left[best] -= 1
                took += GOOD_VP[best]
            if took <= GOOD_VP[given]:
                return gain
            gain += took - GOOD_VP[given]
    return gain


def _owed(s: Any, p: int) -> float:
    """Goods a running exchange still owes the cog (greedily the best the city has left), so a
    leaf between giving and taking is not mistaken for a loss (3B d)."""
    rate = 3 if s.chips[p * 4 + CHIP_TRADE3] else 2
    given, taken = s.esc_goods, s.esc_take
    n_given = sum(given)
    room = rate * n_given - sum(taken)
    c = s.pos[p]
    worth = 0.0
    for t in (3, 2, 1, 0):
        if room <= 0:
            break
        k = min(room, s.city_goods[c * 4 + t], rate * (n_given - given[t]) - taken[t])
        if k > 0:
            worth += k * GOOD_VP[t]
            room -= k
    return worth


def _kontor_gain(s: Any, p: int, c: int, cargo: list[int], point: float) -> float:
    """Gain of building a Kontor in city ``c`` now: a development point and 10 points for the
    three goods the city does not produce and one marker of the city, two if it has a Kontor
    already (3B a Kontor bauen); 0 if the cog cannot pay or the city is full."""
    k = (s.kontor_owner[2 * c] >= 0) + (s.kontor_owner[2 * c + 1] >= 0)
    if k >= 2 or s.hand[p * 9 + c] < k + 1:
        return 0.0
    own = CITY_GOOD[c]
    if not all(cargo[t] for t in range(4) if t != own):
        return 0.0
    paid = sum(GOOD_VP[t] for t in range(4) if t != own) + MARKER * (k + 1)
    return max(0.0, point + VP_KONTOR - paid)


def _chip_gain(cargo: list[int], point: float) -> float:
    """Gain of selling six equal goods to the guild master for a bonus chip (a development point
    and 20 points: 3B b), the cheapest kind of which the cog holds six."""
    for t in range(4):
        if cargo[t] >= 6:
            return max(0.0, point + VP_CHIP - 6 * GOOD_VP[t])
    return 0.0


def progress(s: Any, p: int, point: float) -> float:
    """What the cog holds towards the price of a Kontor (3B a: the three goods a city does not
    produce and one or two markers of the city) or of a bonus chip (3B b: six equal goods),
    wherever it stands: the best of them, halved for every piece still missing, or by the
    square of the share of six goods held."""
    b = p * 4
    cargo = s.cargo[b : b + 4]
    absent = (cargo[0] == 0) + (cargo[1] == 0) + (cargo[2] == 0) + (cargo[3] == 0)
    hand, owners = s.hand, s.kontor_owner
    best = 0.0
    for c in range(NUM_CITIES):
        k = (owners[2 * c] >= 0) + (owners[2 * c + 1] >= 0)
        if k >= 2:
            continue
        own = CITY_GOOD[c]
        missing = absent - (cargo[own] == 0) + max(0, k + 1 - hand[p * 9 + c])
        gain = point + VP_KONTOR - _KONTOR_GOODS_VP[own] - MARKER * (k + 1)
        if gain * 0.5**missing > best:
            best = gain * 0.5**missing
    for t in range(4):
        share = min(cargo[t], 6) / 6
        gain = (point + VP_CHIP - 6 * GOOD_VP[t]) * share * share
        if gain > best:
            best = gain
    return PROGRESS * best


def _targets(s: Any, p: int, c: int) -> list[int]:
    """Cities one step from ``c`` for ``p``'s cog: no face-up route into a city with his own
    robbery marker (3A Bewegung, 3B f 'NIE WIEDER betreten')."""
    out = []
    for sq in (2 * c, 2 * c + 1):
        target = s.sq_val[sq]
        if not s.robbed[target] >> p & 1:
            out.append(target)
    return out


def _city_gain(
    s: Any, p: int, c: int, cargo: list[int], point: float, gm: tuple[int, ...], exchange: bool
) -> float:
    """What the cog gains by ending its movement in ``c`` with ``cargo``: an exchange (only after
    moving, 3B d), a Kontor and, where the guild master stands (``gm``), a bonus chip."""
    city_goods = s.city_goods[c * 4 : c * 4 + 4]
    rate = 3 if s.chips[p * 4 + CHIP_TRADE3] else 2
    gain = _exchange_gain(cargo, city_goods, rate) if exchange else 0.0
    gain += _kontor_gain(s, p, c, cargo, point)
    if c in gm:
        gain += _chip_gain(cargo, point)
    return gain


def prospect(s: Any, p: int, point: float) -> float:
    """The discounted gain of the best city ``p``'s cog can act in next (module docstring)."""
    c = s.pos[p]
    cargo = s.cargo[p * 4 : p * 4 + 4]
    phase = s.phase
    sailing = phase == Decision.MOVE or phase == Decision.PAY_FEE
    on_turn = s.turn_owner == p and (sailing or phase in (Decision.ACTION, Decision.EXCHANGE))
    if on_turn and not sailing:
        # 3B: the action phase in this city; each action once per turn.
        used = s.used
        moved = c != s.turn_start and not used & USED_EXCHANGE and phase != Decision.EXCHANGE
        rate = 3 if s.chips[p * 4 + CHIP_TRADE3] else 2
        gain = _exchange_gain(cargo, s.city_goods[c * 4 : c * 4 + 4], rate) if moved else 0.0
        if not used & USED_BUILD:
            gain += _kontor_gain(s, p, c, cargo, point)
        if c == s.gm and not used & USED_GM_TRADE:
            gain += _chip_gain(cargo, point)
        return NOW * gain
    gm: tuple[int, ...] = (s.gm,)
    if on_turn:
        # 3A: still sailing; the first step (two with "2 Felder gehen") is free.
        free = free_steps(s, p)
        best = _city_gain(s, p, c, cargo, point, gm, c != s.turn_start)
        first_cost = 0.0 if s.steps < free else STEP_COST
        second_cost = 0.0 if s.steps + 1 < free else STEP_COST
        for near in _targets(s, p, c):
            here = _city_gain(s, p, near, cargo, point, gm, True) - first_cost
            best = max(best, here)
            for far in _targets(s, p, near):
                there = _city_gain(s, p, far, cargo, point, gm, True)
                best = max(best, there - first_cost - second_cost)
        return THIS_TURN * best
    # The next turn: the guild master moves one or two cities first unless p is still to play
    # this round (2 Gildemeister).
    in_round = phase >= Decision.MOVE and phase != Decision.OVER  # a Spielerphase is under way
    if not (in_round and p in s.order[s.idx + 1 :]):
        gm = ((s.gm + 1) % NUM_CITIES, (s.gm + 2) % NUM_CITIES)
    free = free_steps(s, p)
    best = 0.0
    for near in _targets(s, p, c):
        best = max(best, _city_gain(s, p, near, cargo, point, gm, True))
        for far in _targets(s, p, near):
            there = _city_gain(s, p, far, cargo, point, gm, True)
            best = max(best, there - (0.0 if free > 1 else STEP_COST))
    return NEXT_TURN * best


def development_points(s: Any, p: int) -> int:
    """``p``'s development points: one per Kontor and per bonus chip (Spielziel)."""
    b = p * 4
    return s.kontore[p] + s.chips[b] + s.chips[b + 1] + s.chips[b + 2] + s.chips[b + 3]


def holdings(s: Any, p: int) -> float:
    """``p``'s worth as the easy bot counts it (``heuristics._worth``), read from the state:
    development points, victory points of Spielende (Kontore, chips, unused robbery markers,
    goods on the cog and in the Kontore) and markers; goods a running exchange takes count as
    cargo."""
    b = p * 4
    value = DEVELOPMENT[min(development_points(s, p), 5)] + MARKER * sum(s.hand[p * 9 : p * 9 + 9])
    value += VP_KONTOR * s.kontore[p] + VP_CHIP * sum(s.chips[b : b + 4])
    value += VP_RAID_MARKER * s.raid_hand[p]
    for place in range(2 * NUM_CITIES):
        if s.kontor_owner[place] == p:
            for t in range(4):
                value += GOOD_VP[t] * s.kontor_goods[place * 4 + t]
    value += sum(GOOD_VP[t] * s.cargo[b + t] for t in range(4))
    if s.phase == Decision.EXCHANGE and s.actor == p:
        value += sum(GOOD_VP[t] * s.esc_take[t] for t in range(4))
    return value


def worth(s: Any, p: int) -> float:
    """``p``'s holdings, the goods a running exchange still owes him and the prospect of the
    city his cog acts in next."""
    points = development_points(s, p)
    fade = remaining(s)
    value = holdings(s, p) - DEVELOPMENT[min(points, 5)]
    value += development_worth(points, fade)
    point = development_worth(points + 1, fade) - development_worth(points, fade)
    value += prospect(s, p, point) + progress(s, p, point)
    if s.phase == Decision.EXCHANGE and s.actor == p:
        value += _owed(s, p)
    return value


def search_leaf(game: Any, state: Any) -> list[float]:
    """Leaf evaluation for the search levels: each seat's worth (with its prospect) minus the
    best opponent's, squashed into (-1, 1) by tanh(margin / MARGIN_SCALE)."""
    if game.is_terminal(state):
        return list(game.returns(state))
    worths = [worth(state, p) for p in range(game.num_players)]
    out = []
    for p, mine in enumerate(worths):
        best_other = max(w for q, w in enumerate(worths) if q != p)
        out.append(math.tanh((mine - best_other) / MARGIN_SCALE))
    return out
