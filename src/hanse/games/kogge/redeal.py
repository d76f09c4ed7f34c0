"""Determinize and resample_hidden: a state consistent with what one seat knows (its view), the
hidden parts dealt again at random (``views.py`` says what is hidden and from whom)."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import TYPE_CHECKING

from hanse.core import IllegalActionError, View
from hanse.games.kogge.actions import (
    DECISION_NAMES,
    Decision,
)
from hanse.games.kogge.data import (
    CHIP_NAMES,
    GOOD_NAMES,
    GOODS_SUPPLY,
    MARKER_COUNTS,
)
from hanse.games.kogge.rules.common import city_full
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.rules.setup import FIRST_SQUARES, SECOND_SQUARES
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.games.kogge.game import KoggeGame


from hanse.games.kogge.views import (
    goods_back,
    is_dealt,
    knows_square,
    marker_counts,
    marker_list,
    reserve_colour,
    sees_piles,
)


def determinize(g: KoggeGame, view: View, rng: Random) -> KoggeState:
    """A full state consistent with ``view``; the unknown markers and goods are dealt at random."""
    try:
        s = _rebuild(g, view)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise IllegalActionError(f"not a Kogge view: {exc!r}") from exc
    return _redeal(g, s, view["seat"], rng)


def _rebuild(g: KoggeGame, v: View) -> KoggeState:
    from hanse.games.kogge.rules.setup import new_state

    seat = v["seat"]
    s = new_state(g)
    s.phase = DECISION_NAMES.index(v["decision"])
    s.actor = int(v["actor"])
    s.turn_owner = -1 if v["turn_owner"] is None else int(v["turn_owner"])
    s.round = int(v["round"])
    s.order = [int(p) for p in v["order"]]
    s.idx = int(v["index"])
    s.queue = [int(p) for p in v["queue"]]
    s.gm = int(v["guildmaster"])
    s.end_city = int(v["end_marker"])
    s.passes = int(v["passes"])
    s.offer = [tuple(int(x) for x in lot) for lot in v["offer"]]
    s.bids = [tuple(b) if b is not None else None for b in v["bids"]]
    s.bid_pool = [int(x) for x in v["bid_pool"]]
    s.supply = goods_back(v["supply"])
    reserve = v["reserve"]
    hidden_reserve = -1  # how many markers the reserve holds, when the viewer cannot see which
    if isinstance(reserve, list):
        s.reserve = [int(x) for x in reserve]
    else:
        hidden_reserve = int(reserve)
        s.reserve = [0] * 9
        for value, count in (v["reserve_colour"] or {}).items():
            s.reserve[int(value)] = int(count)
            hidden_reserve -= int(count)
    s.leftover = [int(x) for x in v["leftover"]]
    s.chips_left = [int(v["bonus_chips_left"][name]) for name in CHIP_NAMES]
    setup_ = v["setup"]
    s.deal_idx = int(setup_["dealt"])
    numbers_left = setup_["numbers_left"]
    if isinstance(numbers_left, list):
        s.deal_left = sum(1 << x for x in numbers_left)
    s.gm_marker = -1 if setup_["guildmaster_marker"] is None else int(setup_["guildmaster_marker"])
    turn_ = v["turn"]
    s.turn_start = int(turn_["start_city"])
    s.steps = int(turn_["steps"])
    s.fee_floor = -1 if turn_["fee_floor"] is None else int(turn_["fee_floor"])
    s.used = sum(bit for bit, name in USED_NAMES if name in turn_["used"])
    s.traded = sum(1 << b for b in turn_["offers_made"])
    s.taking = int(turn_["taking"])
    s.esc_goods = goods_back(v["exchange"]["give"])
    s.esc_take = goods_back(v["exchange"]["take"])
    trade = v["trade"]
    s.partner = int(trade["partner"])
    s.via_kontor = int(trade["kontor"])
    if trade["give_goods"] is not None:
        s.esc_goods = goods_back(trade["give_goods"])
    s.esc_markers = [int(x) for x in trade["give_markers"]]
    s.ask_goods = goods_back(trade["ask_goods"])
    s.ask_markers = [int(x) for x in trade["ask_markers"]]
    rob = v["robbery"]
    s.victim = int(rob["victim"])
    hidden_piles: list[tuple[int, int]] = []  # (pile, size) of piles the viewer may not see
    for i, pile in enumerate(rob["piles"]):
        if isinstance(pile, dict):
            s.piles[4 * i : 4 * i + 4] = goods_back(pile)
        else:
            hidden_piles.append((i, int(pile)))
    conf = v["conflict"]
    s.conf = [int(x) for x in conf["sides"]]
    s.conf_stage = int(conf["stage"])
    s.conf_done = sum(1 << p for p in conf["done"])
    s.conf_winner = int(conf["winner"])
    s.conf_value = 0 if conf["asking"] is None else int(conf["asking"])
    s.winner = -1 if v["winner"] is None else int(v["winner"])
    # Board.
    pool_markers = Counter({x: MARKER_COUNTS[x] for x in range(9)})
    pool_goods = list(GOODS_SUPPLY)
    for x in range(9):
        pool_markers[x] -= s.reserve[x] + s.bid_pool[x] + s.esc_markers[x]
    for lot in s.offer:
        pool_markers.subtract(lot)
    pool_markers.subtract(s.leftover)
    if s.gm_marker >= 0:
        pool_markers[s.gm_marker] -= 1
    for t in range(4):
        pool_goods[t] -= s.supply[t] + s.esc_goods[t] + s.esc_take[t] + s.piles[t] + s.piles[4 + t]
    holes_sq: list[int] = []
    for c, city in enumerate(v["cities"]):
        for t in range(4):
            s.city_goods[c * 4 + t] = city["goods"][GOOD_NAMES[t]]
            pool_goods[t] -= s.city_goods[c * 4 + t]
        for i in (0, 1):
            sq = 2 * c + i
            s.sq_placed[sq] = int(city["placed"][i])
            s.kontor_owner[sq] = int(city["kontor_places"][i])
            if not city["dealt"][i]:
                continue
            face_up, known = city["markers"][i], city["known"][i]
            if face_up is not None:
                s.sq_val[sq], s.sq_up[sq] = face_up, 1
            else:
                s.sq_up[sq] = 0
                if known is not None:
                    s.sq_val[sq] = known
                    s.sq_known[sq] = 1 << seat
                else:
                    holes_sq.append(sq)
                    continue
            pool_markers[s.sq_val[sq]] -= 1
        places = [pl for pl in (2 * c, 2 * c + 1) if s.kontor_owner[pl] >= 0]
        for pl, k in zip(places, city["kontore"], strict=True):
            for t in range(4):
                s.kontor_goods[pl * 4 + t] = k["goods"][GOOD_NAMES[t]]
                pool_goods[t] -= s.kontor_goods[pl * 4 + t]
        s.robbed[c] = sum(1 << p for p in city["robbed_by"])
    # Players: what the viewer sees of each, the rest filled in below and re-dealt by _redeal.
    hidden_hands: list[tuple[int, int]] = []  # (seat, markers beyond the known ones)
    hidden_cargo: list[tuple[int, int]] = []
    for p, pl in enumerate(v["players"]):
        s.pos[p] = -1 if pl["city"] is None else int(pl["city"])
        s.kontore[p] = int(pl["kontore"])
        for k in range(4):
            s.chips[p * 4 + k] = int(pl["bonus_chips"][CHIP_NAMES[k]])
        s.raid_hand[p] = int(pl["robbery_markers"])
        s.raid_total[p] = int(pl["robbery_markers_total"])
        s.start_ban[p] = -1 if pl["start_ban"] is None else int(pl["start_ban"])
        choice = pl["start_choice"]
        s.start_choice[p] = -1 if choice is None else (0 if choice is True else int(choice))
        if isinstance(pl["cargo"], dict):
            s.cargo[p * 4 : p * 4 + 4] = goods_back(pl["cargo"])
            s.known_cargo[p * 4 : p * 4 + 4] = s.cargo[p * 4 : p * 4 + 4]
        else:
            # The table's knowledge covers a robbed cargo's piles too (knowledge.py).
            known = goods_back(pl["known_cargo"])
            s.known_cargo[p * 4 : p * 4 + 4] = known
            size = int(pl["cargo"])
            if p == s.victim:
                if hidden_piles:
                    size += sum(pile_size for _, pile_size in hidden_piles)
                else:
                    known = [max(0, known[t] - s.piles[t] - s.piles[4 + t]) for t in range(4)]
            s.cargo[p * 4 : p * 4 + 4] = known
            hidden_cargo.append((p, size - sum(known)))
        for t in range(4):
            pool_goods[t] -= s.cargo[p * 4 + t]
        if isinstance(pl["markers"], list):
            s.hand[p * 9 : p * 9 + 9] = marker_counts(pl["markers"])
        else:
            s.hand[p * 9 : p * 9 + 9] = marker_counts(pl["known_markers"])
            hidden_hands.append((p, int(pl["markers"]) - len(pl["known_markers"])))
        s.known_hand[p * 9 : p * 9 + 9] = s.hand[p * 9 : p * 9 + 9]
        pool_markers.subtract({x: s.hand[p * 9 + x] for x in range(9)})
        stake = pl["conflict_markers"]
        if stake is not None:
            # The viewer's own secret choice (expert rule C).
            i = s.conf.index(p)
            s.stake[i * 9 : i * 9 + 9] = marker_counts(stake)
            pool_markers.subtract(stake)
    # Fill the holes with the unknown pieces in any order; _redeal then shuffles them.
    if any(k < 0 for k in pool_markers.values()) or any(size < 0 for _, size in hidden_hands):
        raise ValueError("the view's markers do not add up to the game's")
    values = sorted(pool_markers.elements())
    if hidden_reserve >= 0:
        # The reserve's hidden part holds none of a colour the viewer sees in full.
        shown = {int(x) for x in v["reserve_colour"] or {}}
        unseen = [x for x in values if x not in shown][:hidden_reserve]
        for x in unseen:
            s.reserve[x] += 1
            values.remove(x)
    for sq in holes_sq:
        s.sq_val[sq] = values.pop()
    for p, size in hidden_hands:
        for _ in range(size):
            s.hand[p * 9 + values.pop()] += 1
    if g.memory:
        _recount_first_nine(s)
    goods = [t for t in range(4) for _ in range(pool_goods[t])]
    for p, size in hidden_cargo:
        for _ in range(size):
            s.cargo[p * 4 + goods.pop()] += 1
    for i, size in hidden_piles:
        # The piles hold the victim's goods counted above with his cargo.
        q = s.victim
        for _ in range(size):
            t = next(t for t in range(4) if s.cargo[q * 4 + t])
            s.cargo[q * 4 + t] -= 1
            s.piles[4 * i + t] += 1
    if values or goods or any(x < 0 for x in pool_goods):
        raise ValueError("the view's pieces do not add up to the game's material")
    return s


def resample_hidden(g: KoggeGame, state: KoggeState, seat: int | None, rng: Random) -> KoggeState:
    return _redeal(g, state.clone(), seat, rng)


def _redeal(g: KoggeGame, base: KoggeState, seat: int | None, rng: Random) -> KoggeState:
    """Re-deal everything ``seat`` may not know: unknown face-down markers, other players'
    hidden markers and conflict markers (C, D) together; their hidden goods; others' pending
    start choices. Sizes stay; a marker placed by a player never gets its city's number.
    Redrawn until the pending decision has a legal action (the true deal always has one)."""
    for _ in range(200):
        s = base.clone()
        try:
            _redeal_once(g, s, seat, rng)
        except _UnluckyDealError:
            continue
        s.legal_cache = None
        if g.current_player(s) < 0 or g._legal_actions(s):
            return s
    base = base.clone()
    base.legal_cache = None
    return base


class _UnluckyDealError(Exception):
    """A re-deal that cannot be completed (a constraint left no value); it is drawn again."""


def _redeal_once(g: KoggeGame, s: KoggeState, seat: int | None, rng: Random) -> None:
    n = g.num_players
    others = [p for p in range(n) if p != seat] if g.hidden else []
    squares = [sq for sq in range(18) if is_dealt(s, sq) and not knows_square(s, seat, sq)]
    values: list[int] = [s.sq_val[sq] for sq in squares]
    # Other players' markers beyond what the table knows of them, their conflict choices too.
    extra_hands: list[tuple[int, int]] = []
    stakes: list[tuple[int, int]] = []  # (side, owner) of choices the viewer may not see
    for p in others:
        hand = s.hand[p * 9 : p * 9 + 9]
        if p in s.conf and s.phase == Decision.CONFLICT_BID:
            i = s.conf.index(p)
            hand = [a + b for a, b in zip(hand, s.stake[i * 9 : i * 9 + 9], strict=True)]
            s.stake[i * 9 : i * 9 + 9] = [0] * 9
            stakes.append((i, p))
        known = s.known_hand[p * 9 : p * 9 + 9]
        extra = [a - b for a, b in zip(hand, known, strict=True)]
        extra_hands.append((p, sum(extra)))
        values.extend(marker_list(extra))
        s.hand[p * 9 : p * 9 + 9] = list(known)
    reserve_size = 0
    shown: set[int] = set()
    if g.hidden:
        shown = {int(x) for x in reserve_colour(s, seat) or {}}
        for x in range(9):
            if x not in shown:
                reserve_size += s.reserve[x]
                values.extend([x] * s.reserve[x])
                s.reserve[x] = 0
    rng.shuffle(values)
    assignment = _assign_squares(g, s, squares, values, rng)
    if assignment is None:
        raise _UnluckyDealError
    for sq, value in zip(squares, assignment, strict=True):
        s.sq_val[sq] = value
        values.remove(value)
    if shown:
        # The reserve's hidden part holds none of the colour the viewer sees in full.
        unseen = [x for x in values if x not in shown][:reserve_size]
        if len(unseen) < reserve_size:
            raise _UnluckyDealError
        for x in unseen:
            s.reserve[x] += 1
            values.remove(x)
    for p, size in extra_hands:
        for value in values[:size]:
            s.hand[p * 9 + value] += 1
        del values[:size]
    for value in values:  # the rest lies in the reserve
        s.reserve[value] += 1
    for i, p in stakes:
        _choose_stake(s, i, p, rng)
    if g.memory:
        _recount_first_nine(s)
    _redeal_goods(g, s, seat, others, rng)
    for p in range(n):
        if p != seat and s.start_choice[p] >= 0:
            options = [
                x
                for x in range(9)
                if s.hand[p * 9 + x] and x != s.start_ban[p] and not city_full(s, x)
            ]
            s.start_choice[p] = rng.choice(options) if options else s.start_choice[p]


def _recount_first_nine(s: KoggeState) -> None:
    """Memory: the numbers of the set-up's first nine markers not yet dealt (hidden in views)."""
    if s.deal_idx >= SECOND_SQUARES:
        s.deal_left = 0
        return
    dealt = {s.sq_val[2 * c] for c in range(max(0, s.deal_idx - FIRST_SQUARES))}
    s.deal_left = sum(1 << x for x in range(9) if x not in dealt)


def _choose_stake(s: KoggeState, i: int, p: int, rng: Random) -> None:
    """A secret conflict choice the viewer cannot see, chosen anew from ``p``'s markers: the
    values already asked (above ``conf_value``, all of them once the side is done), at least one
    marker for a side that is done and holds any."""
    done = i == 0 and s.actor != p
    top = -1 if done else s.conf_value
    pool = [x for x in range(top + 1, 9) for _ in range(s.hand[p * 9 + x])]
    chosen = [x for x in pool if rng.random() < 0.5]
    if done and pool and not chosen:
        chosen = [rng.choice(pool)]
    for x in chosen:
        s.hand[p * 9 + x] -= 1
        s.stake[i * 9 + x] += 1


def _redeal_goods(
    g: KoggeGame, s: KoggeState, seat: int | None, others: list[int], rng: Random
) -> None:
    """Other players' goods beyond what the table knows of them, and the piles of a robbed cargo
    the viewer may not see (they are the victim's goods until the robber takes one)."""
    goods: list[int] = []
    sizes: list[tuple[int, int]] = []
    pile_sizes: list[int] = []
    hidden_piles = not sees_piles(g, s, seat)
    for p in others:
        cargo = s.cargo[p * 4 : p * 4 + 4]
        known = s.known_cargo[p * 4 : p * 4 + 4]
        if p == s.victim:
            if hidden_piles:
                cargo = [cargo[t] + s.piles[t] + s.piles[4 + t] for t in range(4)]
                pile_sizes = [sum(s.piles[:4]), sum(s.piles[4:])]
                s.piles = [0] * 8
            else:
                known = [max(0, known[t] - s.piles[t] - s.piles[4 + t]) for t in range(4)]
        extra = [a - b for a, b in zip(cargo, known, strict=True)]
        sizes.append((p, sum(extra)))
        goods.extend(t for t in range(4) for _ in range(extra[t]))
        s.cargo[p * 4 : p * 4 + 4] = list(known)
    rng.shuffle(goods)
    for p, size in sizes:
        for t in goods[:size]:
            s.cargo[p * 4 + t] += 1
        del goods[:size]
    if pile_sizes:
        q = s.victim
        holdings = [t for t in range(4) for _ in range(s.cargo[q * 4 + t])]
        rng.shuffle(holdings)
        for i, size in enumerate(pile_sizes):
            for t in holdings[:size]:
                s.cargo[q * 4 + t] -= 1
                s.piles[4 * i + t] += 1
            del holdings[:size]


def _assign_squares(
    g: KoggeGame, s: KoggeState, squares: list[int], values: list[int], rng: Random
) -> list[int] | None:
    """Values for the unknown squares from the shuffled pool; a placed marker is never its city's
    number, and in Memory the first nine markers of the set-up still lying where they were dealt
    are all different numbers 0..8 (issue 21, "Sampling worlds that can be"; randomised
    backtracking; the true deal proves a solution exists)."""
    pool = Counter(values)
    result: list[int] = []
    first_nine: set[int] = set()
    if g.memory:
        first_nine = {sq for sq in range(0, 18, 2) if is_dealt(s, sq) and not s.sq_placed[sq]}
    taken_first = {s.sq_val[sq] for sq in first_nine if sq not in squares}
    used_first: set[int] = set()

    def fits(sq: int, value: int) -> bool:
        if sq in first_nine:
            return value not in taken_first and value not in used_first
        return not s.sq_placed[sq] or value != sq // 2

    def search(i: int) -> bool:
        if i == len(squares):
            return True
        sq = squares[i]
        candidates = [x for x in pool if pool[x] > 0 and fits(sq, x)]
        weights = [pool[x] for x in candidates]
        order: list[int] = []
        while candidates:
            pick = rng.choices(range(len(candidates)), weights)[0]
            order.append(candidates.pop(pick))
            weights.pop(pick)
        for x in order:
            pool[x] -= 1
            result.append(x)
            if sq in first_nine:
                used_first.add(x)
            if search(i + 1):
                return True
            used_first.discard(x)
            result.pop()
            pool[x] += 1
        return False

    return result if search(0) else None
