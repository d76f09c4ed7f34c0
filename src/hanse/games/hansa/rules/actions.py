"""Aktionen 1-4 and the turn's main decision.

1. Einnahmen: 1 up to 3/5/7/all pieces from the stock (Kasse) to the supply (Vorrat); the player
   chooses how many traders and merchants (RULINGS).
2. Einsetzen: a piece from the supply onto a free post.
3. Verdrängen: an own piece from the supply replaces an opponent's piece on a post; the fee is one
   more piece from the supply to the stock for a trader, two for a merchant. The displaced owner at
   once places the displaced piece plus up to one (two) extra pieces, from the stock, else the
   supply, else own pieces on routes, on free posts of routes adjacent to the displacement route,
   the next ring outward when those are full; extras may be waived. With two players a displaced
   neutral trader and one more from the neutral supply are placed by the other player, both
   wherever a post is free (RULINGS: "setzt ... den verdrängten und einen zusätzlichen neutralen
   Händler"); only a piece with no free post, or no neutral trader left, lapses.
4. Umsetzen: lift 1 up to Liber-sophiae pieces off routes, one per decision, then put each onto a
   free post (so pieces may also swap places); never displaces.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress
from operator import add, eq
from typing import TYPE_CHECKING

from hanse.core import Action
from hanse.games.hansa.actions import (
    DISPLACED,
    MOVE_DROP,
    MOVE_LIFT,
    Displace,
    DisplacedMove,
    DisplacedPlace,
    Income,
    Move,
    MovePlace,
    Place,
)
from hanse.games.hansa.data import TRACK_VALUES
from hanse.games.hansa.rules import bonus, establish, posts, turn

if TYPE_CHECKING:
    from hanse.games.hansa.game import HansaGame
    from hanse.games.hansa.state import HansaState

BANK = 4
BOOK = 3
# The kinds of bonus marker used at the main decision: all but the extra office, which is used
# within an establish action (see rules.bonus).
MAIN_MARKERS_FIRST = bonus.SWAP_OFFICES
MAIN_MARKERS_END = bonus.REMOVE_3 + 1


def main_actions(g: HansaGame, state: HansaState) -> list[Action]:
    """The main decision of the turn: the five actions while any is left, markers, end of turn.

    Each kind of action is listed in one run; the runs (first index, length) go to
    ``g.kind_spans_memo`` with the list, which spares the kind-balanced playout policy looking at
    every action."""
    seat = state.turn_owner
    legal: list[Action] = []
    spans: list[tuple[int, int]] = []
    if state.actions_left > 0:
        own_t = 2 * seat
        own_m = own_t + 1
        supply = state.supply
        supply_t = supply[own_t]
        supply_m = supply[own_m]
        stock_t = state.stock[own_t]
        stock_m = state.stock[own_m]
        # 1. Einnahmen (one action at least: the stock holds a piece, the bank moves 3 or more)
        if stock_t or stock_m:
            limit = TRACK_VALUES[BANK][state.levels[5 * seat + BANK]] or stock_t + stock_m
            income = g.t_income
            for t in range(min(stock_t, limit) + 1):
                row = income[t]
                legal += row[(1 if t == 0 else 0) : min(stock_m, limit - t) + 1]
            spans.append((0, len(legal)))
        # 2. Einsetzen
        if supply_t or supply_m:
            mark = len(legal)
            free = state.free
            if supply_t and supply_m:
                legal += chain.from_iterable(compress(g.t_place, free))
            else:
                legal += compress(g.t_place_m if supply_m else g.t_place_t, free)
            if len(legal) > mark:
                spans.append((mark, len(legal) - mark))
            # 3. Verdrängen (needs the placed piece plus the fee in the supply)
            if supply_t + supply_m >= 2:
                mark = len(legal)
                _displace_actions(g, state, supply_t, supply_m, legal)
                if len(legal) > mark:
                    spans.append((mark, len(legal) - mark))
        # 4. Umsetzen
        if state.on_routes[own_t] or state.on_routes[own_m]:
            mark = len(legal)
            legal += own_route_pieces(g, state)
            spans.append((mark, len(legal) - mark))
            # 5. Handelsroute einrichten: routes whose posts all hold own pieces
            if state.complete[seat]:
                n = g.board.n_routes
                count = state.count
                base = own_t * n
                own = map(add, count[base : base + n], count[base + n : base + 2 * n])
                mark = len(legal)
                legal += compress(g.t_establish, map(eq, own, g.board.route_posts))
                spans.append((mark, len(legal) - mark))
    if any(state.bonus[6 * seat + MAIN_MARKERS_FIRST : 6 * seat + MAIN_MARKERS_END]):
        mark = len(legal)
        bonus.use_bonus_actions(g, state, seat, legal)
        if len(legal) > mark:
            spans.append((mark, len(legal) - mark))
    spans.append((len(legal), 1))
    legal.append(g.t_end_turn)
    g.kind_spans_memo = (legal, spans)
    return legal


def _displace_actions(
    g: HansaGame, state: HansaState, supply_t: int, supply_m: int, legal: list[Action]
) -> None:
    """3. Verdrängen, appended to `legal`: for each route, each distinct opposing piece (its first
    post), with the own piece placed and the fee's shapes the supply can pay."""
    seat = state.turn_owner
    on_posts = state.posts
    fee_spans = _fee_spans(supply_t, supply_m)
    displace = g.t_displace
    post_route = g.board.post_route
    last_route = -1
    seen: list[int] = []
    for post in [p for p, c in enumerate(on_posts) if c >= 0 and c >> 1 != seat]:
        code = on_posts[post]
        route = post_route[post]
        if route != last_route:
            last_route = route
            seen = [code]
        elif code in seen:
            continue
        else:
            seen.append(code)
        pairs = displace[post]
        for merchant, low, high in fee_spans[code & 1]:
            legal += pairs[merchant][low:high]


def _fee_spans(supply_t: int, supply_m: int) -> tuple[list[tuple[int, int, int]], ...]:
    """For a displaced trader (fee 1) and merchant (fee 2): (placed piece, slice of fee_merchants)
    that the supply can pay, the placed piece included."""
    spans: tuple[list[tuple[int, int, int]], ...] = ([], [])
    for victim_merchant in (0, 1):
        fee = 1 + victim_merchant
        if supply_t + supply_m < fee + 1:
            continue
        for merchant in (0, 1):
            left_t = supply_t - (1 - merchant)
            left_m = supply_m - merchant
            if left_t >= 0 and left_m >= 0:
                low, high = max(0, fee - left_t), min(fee, left_m) + 1
                if low < high:
                    spans[victim_merchant].append((merchant, low, high))
    return spans


def own_route_pieces(g: HansaGame, state: HansaState) -> Iterator[Action]:
    """A `move` (lift) action for each kind of own piece on each route, in route order."""
    n2 = 2 * g.board.n_routes
    base = state.turn_owner * n2
    return compress(g.t_move_flat, state.pieces[base : base + n2])


def apply_income(g: HansaGame, state: HansaState, action: Income) -> None:
    seat = state.turn_owner
    state.actions_left -= 1
    state.stock[2 * seat] -= action.traders
    state.stock[2 * seat + 1] -= action.merchants
    state.supply[2 * seat] += action.traders
    state.supply[2 * seat + 1] += action.merchants
    turn.finish_action(g, state)


def put(g: HansaGame, state: HansaState, route: int, code: int) -> None:
    """A piece onto the lowest free post of `route` (posts of a route are interchangeable)."""
    board = g.board
    at = state.posts.index(-1, board.route_start[route])  # the route has a free post
    posts.set_post(board, state, at, code)


def lift(g: HansaGame, state: HansaState, route: int, code: int) -> None:
    """Take a piece `code` off `route` (the last post holding one)."""
    state_posts = state.posts
    for post in reversed(g.board.route_post_range[route]):
        if state_posts[post] == code:
            posts.set_post(g.board, state, post, -1)
            return
    raise AssertionError("no such piece")


def apply_place(g: HansaGame, state: HansaState, action: Place) -> None:
    seat = state.turn_owner
    state.actions_left -= 1
    state.supply[2 * seat + action.merchant] -= 1
    put(g, state, action.route, 2 * seat + action.merchant)
    turn.finish_action(g, state)


# -- 3. Verdrängen -----------------------------------------------------------------------------


def apply_displace(g: HansaGame, state: HansaState, action: Displace) -> None:
    seat = state.turn_owner
    state.actions_left -= 1
    post = g.board.route_start[action.route] + action.post
    victim = posts.set_post(g.board, state, post, 2 * seat + action.merchant)
    fee = 1 + (victim & 1)
    state.supply[2 * seat + action.merchant] -= 1
    state.supply[2 * seat] -= fee - action.fee_merchants
    state.supply[2 * seat + 1] -= action.fee_merchants
    state.stock[2 * seat] += fee - action.fee_merchants
    state.stock[2 * seat + 1] += action.fee_merchants
    state.disp_route = action.route
    state.disp_owner = victim >> 1
    state.hand_t = 1 - (victim & 1)
    state.hand_m = victim & 1
    state.extra_left = fee
    continue_displaced(g, state)


def displaced_decider(g: HansaGame, state: HansaState) -> int:
    """The displaced owner; for the neutral player, the other (non-active) player."""
    if state.disp_owner == g.neutral:
        return 1 - state.turn_owner
    return state.disp_owner


def targets(g: HansaGame, state: HansaState) -> list[int]:
    """Routes with a free post in the nearest ring around the displacement route."""
    free = state.free
    for ring in g.board.route_rings[state.disp_route]:
        found = [r for r in ring if free[r]]
        if found:
            return found
    return []


def _extra_source(g: HansaGame, state: HansaState) -> int:
    """Where extra pieces come from: 0 stock, 1 supply, 2 own route pieces, 3 nowhere; the neutral
    player has one supply (1)."""
    owner = state.disp_owner
    if owner == g.neutral:
        return 1 if state.supply[2 * owner] else 3
    if state.stock[2 * owner] or state.stock[2 * owner + 1]:
        return 0
    if state.supply[2 * owner] or state.supply[2 * owner + 1]:
        return 1
    if state.on_routes[2 * owner] or state.on_routes[2 * owner + 1]:
        return 2
    return 3


def displaced_actions(g: HansaGame, state: HansaState) -> list[Action]:
    """Placements of the displaced piece (first) and of the extras; waiving once it is placed."""
    owner = state.disp_owner
    where = targets(g, state)
    legal: list[Action] = []
    table = g.t_disp_place
    hand = (state.hand_t, state.hand_m)
    if where:
        for route in where:
            if hand[0]:
                legal.append(table[route][0])
            if hand[1]:
                legal.append(table[route][1])
        if state.extra_left:
            source = _extra_source(g, state)
            if source in (0, 1):
                pool = state.stock if source == 0 else state.supply
                shapes = [m for m in (0, 1) if pool[2 * owner + m] and not hand[m]]
                for route in where:
                    for merchant in shapes:
                        legal.append(table[route][merchant])
            elif source == 2:
                n = g.board.n_routes
                moves = g.t_disp_move
                for src in range(n):
                    for merchant in (0, 1):
                        if state.count[(2 * owner + merchant) * n + src]:
                            legal += [moves[src][merchant][r] for r in where if r != src]
    # Regeln für zwei Spieler: the additional neutral trader is placed, not waived, wherever a post
    # is free; a player's own extras may be waived.
    if not hand[0] and not hand[1] and (owner != g.neutral or not legal):
        legal.append(g.t_disp_done)
    return legal


def apply_displaced(g: HansaGame, state: HansaState, action: Action) -> None:
    owner = state.disp_owner
    if isinstance(action, DisplacedPlace):
        merchant = action.merchant
        if merchant and state.hand_m:
            state.hand_m -= 1
        elif not merchant and state.hand_t:
            state.hand_t -= 1
        else:
            state.extra_left -= 1
            source = _extra_source(g, state)
            pool = state.stock if source == 0 else state.supply
            pool[2 * owner + merchant] -= 1
        put(g, state, action.route, 2 * owner + merchant)
        if owner == g.neutral and establish.is_complete_for(g, state, action.route, owner):
            establish.neutral_start(g, state, action.route)
    elif isinstance(action, DisplacedMove):
        state.extra_left -= 1
        code = 2 * owner + action.merchant
        lift(g, state, action.from_route, code)
        put(g, state, action.route, code)
    else:
        state.extra_left = 0
    continue_displaced(g, state)


def continue_displaced(g: HansaGame, state: HansaState) -> None:
    """Next step of the displaced owner's placements, or the end of the displace action."""
    if state.neutral_route >= 0:
        return  # the active player first chooses the neutral office (decision already set)
    if state.hand_t or state.hand_m:
        if targets(g, state):
            state.decision = DISPLACED
            return
        # No free post on any other route (the rules are silent). The displaced piece "darf nicht
        # in den eigenen Vorrat genommen werden", so it goes where pieces leaving the board go, to
        # the owner's stock (Kasse); the neutral player has a single supply.
        owner = state.disp_owner
        pool = state.supply if owner == g.neutral else state.stock
        pool[2 * owner] += state.hand_t
        pool[2 * owner + 1] += state.hand_m
        state.hand_t = state.hand_m = 0
        state.extra_left = 0
    elif state.extra_left:
        state.decision = DISPLACED
        if displaced_actions(g, state) != [g.t_disp_done]:
            return
    state.extra_left = 0
    state.disp_route = state.disp_owner = -1
    turn.finish_action(g, state)


# -- 4. Umsetzen -------------------------------------------------------------------------------


def move_lift_actions(g: HansaGame, state: HansaState) -> list[Action]:
    return [*own_route_pieces(g, state), g.t_move_done]


def apply_move(g: HansaGame, state: HansaState, action: Move) -> None:
    """Lift one own piece; the first lift starts the action (Liber sophiae pieces in all)."""
    seat = state.turn_owner
    if state.decision != MOVE_LIFT:
        state.actions_left -= 1
        state.move_left = TRACK_VALUES[BOOK][state.levels[5 * seat + BOOK]]
    lift(g, state, action.route, 2 * seat + action.merchant)
    if action.merchant:
        state.held_m += 1
    else:
        state.held_t += 1
    state.move_left -= 1
    if state.move_left > 0 and (state.on_routes[2 * seat] or state.on_routes[2 * seat + 1]):
        state.decision = MOVE_LIFT
    else:
        state.move_left = 0
        state.decision = MOVE_DROP


def apply_move_done(g: HansaGame, state: HansaState) -> None:
    state.move_left = 0
    state.decision = MOVE_DROP


def move_drop_actions(g: HansaGame, state: HansaState) -> list[Action]:
    free = state.free
    if state.held_t and state.held_m:
        return list(chain.from_iterable(compress(g.t_move_place, free)))
    table = g.t_move_place_m if state.held_m else g.t_move_place_t
    return list(compress(table, free))


def apply_move_place(g: HansaGame, state: HansaState, action: MovePlace) -> None:
    if action.merchant:
        state.held_m -= 1
    else:
        state.held_t -= 1
    put(g, state, action.route, 2 * state.turn_owner + action.merchant)
    if state.held_t or state.held_m:
        return
    turn.finish_action(g, state)
