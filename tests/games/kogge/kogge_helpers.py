"""Helpers for the Kogge tests: scenario states built directly, goods/marker shorthands."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hanse.core import CHANCE
from hanse.core.match import sample_chance
from hanse.games import make
from hanse.games.kogge import KoggeGame
from hanse.games.kogge.actions import Bid, BidDone, Decision
from hanse.games.kogge.data import GOODS_SUPPLY, MARKER_COUNTS
from hanse.games.kogge.game import static_totals
from hanse.games.kogge.rules.phase import USED_MOVED
from hanse.games.kogge.rules.setup import DEAL_END, new_state
from hanse.games.kogge.state import KoggeState


def game(n: int = 3, **flags: bool) -> KoggeGame:
    g = make("kogge", n, **flags)
    assert isinstance(g, KoggeGame)
    return g


def goods(text: str) -> list[int]:
    """Counts per good of a letter string: ``goods("oof") == [2, 1, 0, 0]``."""
    counts = [0, 0, 0, 0]
    for ch in text:
        counts["ofas".index(ch)] += 1
    return counts


def hand_of(*markers: int) -> list[int]:
    counts = [0] * 9
    for m in markers:
        counts[m] += 1
    return counts


def scenario(
    g: KoggeGame,
    *,
    routes: dict[int, tuple[int, int]] | None = None,
    pos: list[int] | None = None,
    phase: int = Decision.MOVE,
    owner: int = 0,
    order: list[int] | None = None,
    gm: int = 0,
    end_city: int = 0,
) -> KoggeState:
    """A state after set-up: routes face up (default city c -> c+1, c+2), cogs at ``pos``, no
    Kontore, empty cargo and hands, the reserve and supply holding the rest, ``owner`` to act in
    ``phase`` of round 1. Adjust fields, then call :func:`balance`."""
    n = g.num_players
    s = new_state(g)
    s.deal_idx = DEAL_END
    s.deal_left = 0
    for c in range(9):
        a, b = (routes or {}).get(c, ((c + 1) % 9, (c + 2) % 9))
        s.sq_val[2 * c], s.sq_val[2 * c + 1] = a, b
        s.sq_up[2 * c] = s.sq_up[2 * c + 1] = 0 if g.memory else 1
    s.pos = list(pos) if pos is not None else [0] * n
    s.cargo = [0] * (4 * n)
    s.hand = [0] * (9 * n)
    s.round = 1
    s.order = list(order) if order is not None else list(range(n))
    s.idx = s.order.index(owner)
    s.phase = phase
    # A scenario in the action phase has finished its movement.
    s.used = USED_MOVED if phase == Decision.ACTION else 0
    s.actor = s.turn_owner = owner
    s.turn_start = s.pos[owner]
    s.gm = gm
    s.end_city = end_city
    balance(g, s)
    return s


def secret_route_scenario(g: KoggeGame, steps: int = 0) -> KoggeState:
    """Seat 0's cog in Tönsberg (0) holding the bonus chip Geheimweg, seat 1's in Danzig (5), the
    guild master in Stralsund (6); ``steps`` steps already sailed this movement. Holdings and
    ``balance`` are left to the test."""
    s = scenario(g, pos=[0, 5], gm=6)
    s.chips[3] = 1
    s.chips_left[3] -= 1
    s.steps = steps
    return s


def stralsund_conflict(blue_cargo: str = "oooffas") -> tuple[KoggeGame, KoggeState]:
    """The rulebook's conflict in Stralsund (expert rule C): Gelb (seat 0) waits there with four
    ore and markers 5 5 1; Blau (seat 1, on turn, markers 8 4 0) comes with `blue_cargo`; seat 2
    is elsewhere."""
    g = game(3, conflicts=True)
    s = scenario(g, routes={6: (2, 8)}, phase=Decision.ACTION, owner=1, pos=[6, 6, 0])
    set_cargo(s, 0, "oooo")
    set_cargo(s, 1, blue_cargo)
    set_hand(s, 0, 5, 5, 1)
    set_hand(s, 1, 8, 4, 0)
    balance(g, s)
    return g, s


def set_cargo(s: KoggeState, p: int, text: str) -> None:
    s.cargo[p * 4 : p * 4 + 4] = goods(text)


def set_hand(s: KoggeState, p: int, *markers: int) -> None:
    s.hand[p * 9 : p * 9 + 9] = hand_of(*markers)


def set_city(s: KoggeState, c: int, text: str) -> None:
    s.city_goods[c * 4 : c * 4 + 4] = goods(text)


def put_kontor(s: KoggeState, p: int, c: int, text: str = "") -> int:
    """Give ``p`` a Kontor in ``c`` holding goods ``text``; returns its place."""
    place = 2 * c if s.kontor_owner[2 * c] < 0 else 2 * c + 1
    s.kontor_owner[place] = p
    s.kontore[p] += 1
    s.kontor_goods[place * 4 : place * 4 + 4] = goods(text)
    return place


def balance(g: KoggeGame, s: KoggeState) -> None:
    """Put every marker and good not placed elsewhere into the reserve and the supply."""
    n = g.num_players
    for v in range(9):
        elsewhere = s.bid_pool[v] + s.esc_markers[v] + s.stake[v] + s.stake[9 + v]
        elsewhere += sum(s.hand[p * 9 + v] for p in range(n))
        elsewhere += sum(1 for sq in range(18) if s.sq_val[sq] == v)
        elsewhere += sum(lot.count(v) for lot in s.offer) + s.leftover.count(v)
        s.reserve[v] = MARKER_COUNTS[v] - elsewhere
        assert s.reserve[v] >= 0, f"too many markers {v}"
    for t in range(4):
        elsewhere = s.esc_goods[t] + s.esc_take[t] + s.piles[t] + s.piles[4 + t]
        elsewhere += sum(s.city_goods[c * 4 + t] for c in range(9))
        elsewhere += sum(s.kontor_goods[pl * 4 + t] for pl in range(18))
        elsewhere += sum(s.cargo[p * 4 + t] for p in range(n))
        s.supply[t] = GOODS_SUPPLY[t] - elsewhere
        assert s.supply[t] >= 0, f"too many goods {t}"
    # A scenario's holdings count as known to the whole table (knowledge.py).
    s.known_hand = s.hand[:]
    s.known_cargo = s.cargo[:]
    s.legal_cache = None


def check_inventory(g: KoggeGame, s: KoggeState) -> None:
    assert g.inventory(s) == static_totals(g.num_players)


def texts(g: KoggeGame, s: KoggeState) -> list[str]:
    return [g.action_to_str(a) for a in g.legal_actions(s)]


def bid(g: KoggeGame, s: KoggeState, *markers: int) -> None:
    """Lay a whole bid, one marker at a time, highest first, then done (RULINGS.md, "Bids are
    laid as a chain")."""
    for v in sorted(markers, reverse=True):
        g.apply_action(s, Bid(v))
    g.apply_action(s, BidDone())


def play(g: KoggeGame, s: KoggeState, *moves: str) -> None:
    for text in moves:
        g.apply_action(s, g.action_from_str(text))


def run_until(
    g: KoggeGame, s: KoggeState, stop: Callable[[KoggeState], bool], seed: int = 0
) -> KoggeState:
    """Random play (chance by its probabilities) until ``stop(state)``."""
    rng = random.Random(seed)
    for _ in range(100_000):
        if stop(s) or g.is_terminal(s):
            return s
        if g.current_player(s) == CHANCE:
            action: Any = sample_chance(g, s, rng)
        else:
            legal = g.legal_actions(s)
            action = legal[rng.randrange(len(legal))]
        g.apply_action(s, action)
    raise AssertionError("the condition was never reached")


def place_robbery(s: KoggeState, p: int, c: int) -> None:
    """``p``'s robbery marker lies in city ``c`` (taken from his hand)."""
    s.robbed[c] |= 1 << p
    s.raid_hand[p] -= 1
