"""Views (what one seat may know), determinize, resample_hidden and observe_action.

Public: the board (goods on cities and in Kontore, face-up markers, robbery markers, Kontore, the
guild master), the supply, the reserve of markers (a player picks from it in the guild master's
trade), the offer, the bids, every cog and all bookkeeping of the turn. Secret:

- a face-down route marker, known only to whoever put it there or (Memory) saw it;
- the start choices until all are revealed;
- with expert rules C or D (RULINGS.md): other players' cargo and markers (a view shows only
  their totals), their secretly chosen conflict markers (only their number) and the two piles of
  a robbed cargo (only their sizes; the victim and the robber see them).

A view is a snapshot: it carries what the viewer knows now, not deductions from past actions.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import TYPE_CHECKING, Any

from hanse.core import CHANCE, IllegalActionError, View, decider_json
from hanse.games.kogge.actions import (
    DECISION_NAMES,
    ChangeRoute,
    ChooseStart,
    ConflictBid,
    Deal,
    Decision,
    Split,
    action_to_str,
)
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CITY_GOOD,
    CITY_NAMES,
    GOOD_NAMES,
    GOODS_SUPPLY,
    MARKER_COUNTS,
    NUM_CITIES,
)
from hanse.games.kogge.rules.common import city_full, development
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame


def _goods(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GOOD_NAMES[t]: counts[t] for t in range(4)}


def _goods_back(obj: dict[str, int]) -> list[int]:
    return [int(obj[name]) for name in GOOD_NAMES]


def _marker_list(counts: list[int]) -> list[int]:
    return [v for v in range(9) for _ in range(counts[v])]


def _marker_counts(values: list[int]) -> list[int]:
    counts = [0] * 9
    for v in values:
        counts[v] += 1
    return counts


def _is_dealt(s: KoggeState, sq: int) -> bool:
    c, i = divmod(sq, 2)
    return s.deal_idx > (1 if i == 0 else 10) + c


def sees_holdings(g: KoggeGame, viewer: int | None, p: int) -> bool:
    """Cargo and markers of ``p`` are open, except to others under expert rules C and D."""
    return not g.hidden or viewer == p


def sees_piles(g: KoggeGame, s: KoggeState, viewer: int | None) -> bool:
    """The robbed cargo split into two piles (Raubüberfall): with secret goods (C, D) only the
    victim and the robber see the piles; the others learn their sizes."""
    return not g.hidden or s.victim < 0 or viewer in (s.victim, s.turn_owner)


def knows_square(s: KoggeState, viewer: int | None, sq: int) -> bool:
    return bool(s.sq_up[sq]) or (viewer is not None and bool(s.sq_known[sq] >> viewer & 1))


def make_view(g: KoggeGame, s: KoggeState, seat: int | None) -> View:
    n = g.num_players
    player = g.current_player(s)
    cities = []
    for c in range(NUM_CITIES):
        squares = (2 * c, 2 * c + 1)
        dealt = [_is_dealt(s, sq) for sq in squares]
        cities.append(
            {
                "number": c,
                "name": CITY_NAMES[c],
                "good": GOOD_NAMES[CITY_GOOD[c]],
                "goods": _goods(s.city_goods[c * 4 : c * 4 + 4]),
                "markers": [
                    s.sq_val[sq] if d and s.sq_up[sq] else None
                    for sq, d in zip(squares, dealt, strict=True)
                ],
                "known": [
                    s.sq_val[sq] if d and not s.sq_up[sq] and knows_square(s, seat, sq) else None
                    for sq, d in zip(squares, dealt, strict=True)
                ],
                "dealt": dealt,
                "placed": [bool(s.sq_placed[sq]) for sq in squares],
                "kontore": [
                    {
                        "seat": s.kontor_owner[pl],
                        "goods": _goods(s.kontor_goods[pl * 4 : pl * 4 + 4]),
                    }
                    for pl in squares
                    if s.kontor_owner[pl] >= 0
                ],
                "kontor_places": [s.kontor_owner[pl] for pl in squares],
                "robbed_by": [p for p in range(n) if s.robbed[c] >> p & 1],
            }
        )
    players = []
    for p in range(n):
        open_ = sees_holdings(g, seat, p)
        cargo = s.cargo[p * 4 : p * 4 + 4]
        hand = s.hand[p * 9 : p * 9 + 9]
        stake = None
        if p in s.conf:
            i = s.conf.index(p)
            part = s.stake[i * 9 : i * 9 + 9]
            stake = _marker_list(part) if open_ else sum(part)
        choice: Any = None
        if s.start_choice[p] >= 0:
            choice = s.start_choice[p] if seat == p else True
        players.append(
            {
                "seat": p,
                "city": s.pos[p] if s.pos[p] >= 0 else None,
                "development": development(s, p),
                "kontore": s.kontore[p],
                "bonus_chips": {CHIP_NAMES[k]: s.chips[p * 4 + k] for k in range(4)},
                "robbery_markers": s.raid_hand[p],
                "robbery_markers_total": s.raid_total[p],
                "cargo": _goods(cargo) if open_ else sum(cargo),
                "markers": _marker_list(hand) if open_ else sum(hand),
                "conflict_markers": stake,
                "start_choice": choice,
                "start_ban": s.start_ban[p] if s.start_ban[p] >= 0 else None,
            }
        )
    return {
        "game": "kogge",
        "seat": seat,
        "decider": decider_json(player),
        "decision": DECISION_NAMES[s.phase],
        "turn_owner": s.turn_owner if s.turn_owner >= 0 else None,
        "actor": s.actor,
        "round": s.round,
        "order": list(s.order),
        "index": s.idx,
        "queue": list(s.queue),
        "guildmaster": s.gm,
        "end_marker": s.end_city,
        "passes": s.passes,
        "offer": [list(lot) for lot in s.offer],
        "bids": [list(b) if b is not None else None for b in s.bids],
        "bid_pool": list(s.bid_pool),
        "cities": cities,
        "players": players,
        "supply": _goods(s.supply),
        "reserve": list(s.reserve),
        "bonus_chips_left": {CHIP_NAMES[k]: s.chips_left[k] for k in range(4)},
        "setup": {
            "dealt": s.deal_idx,
            "numbers_left": [v for v in range(9) if s.deal_left >> v & 1],
            "guildmaster_marker": s.gm_marker if s.gm_marker >= 0 else None,
        },
        "turn": {
            "start_city": s.turn_start,
            "steps": s.steps,
            "used": [name for bit, name in USED_NAMES if s.used & bit],
            "offers_made": [bit for bit in range(2 * n) if s.traded >> bit & 1],
        },
        "exchange": {"give": _goods(s.esc_goods), "take": _goods(s.esc_take)},
        "trade": {
            "partner": s.partner,
            "kontor": s.via_kontor,
            "give_goods": _goods(s.esc_goods) if s.phase in _TRADE_PHASES else None,
            "give_markers": list(s.esc_markers),
            "ask_goods": _goods(s.ask_goods),
            "ask_markers": list(s.ask_markers),
        },
        "robbery": {
            "victim": s.victim,
            "piles": [_goods(s.piles[:4]), _goods(s.piles[4:])]
            if sees_piles(g, s, seat)
            else [sum(s.piles[:4]), sum(s.piles[4:])],
        },
        "conflict": {
            "sides": list(s.conf),
            "stage": s.conf_stage,
            "done": [p for p in range(n) if s.conf_done >> p & 1],
            "winner": s.conf_winner,
        },
        "winner": s.winner if s.winner >= 0 else None,
    }


_TRADE_PHASES = (Decision.TRADE, Decision.ANSWER)


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
    s.supply = _goods_back(v["supply"])
    s.reserve = [int(x) for x in v["reserve"]]
    s.chips_left = [int(v["bonus_chips_left"][name]) for name in CHIP_NAMES]
    setup_ = v["setup"]
    s.deal_idx = int(setup_["dealt"])
    s.deal_left = sum(1 << x for x in setup_["numbers_left"])
    s.gm_marker = -1 if setup_["guildmaster_marker"] is None else int(setup_["guildmaster_marker"])
    turn_ = v["turn"]
    s.turn_start = int(turn_["start_city"])
    s.steps = int(turn_["steps"])
    s.used = sum(bit for bit, name in USED_NAMES if name in turn_["used"])
    s.traded = sum(1 << b for b in turn_["offers_made"])
    s.esc_goods = _goods_back(v["exchange"]["give"])
    s.esc_take = _goods_back(v["exchange"]["take"])
    trade = v["trade"]
    s.partner = int(trade["partner"])
    s.via_kontor = int(trade["kontor"])
    if trade["give_goods"] is not None:
        s.esc_goods = _goods_back(trade["give_goods"])
    s.esc_markers = [int(x) for x in trade["give_markers"]]
    s.ask_goods = _goods_back(trade["ask_goods"])
    s.ask_markers = [int(x) for x in trade["ask_markers"]]
    rob = v["robbery"]
    s.victim = int(rob["victim"])
    hidden_piles: list[tuple[int, int]] = []  # (pile, size) of piles the viewer may not see
    for i, pile in enumerate(rob["piles"]):
        if isinstance(pile, dict):
            s.piles[4 * i : 4 * i + 4] = _goods_back(pile)
        else:
            hidden_piles.append((i, int(pile)))
    conf = v["conflict"]
    s.conf = [int(x) for x in conf["sides"]]
    s.conf_stage = int(conf["stage"])
    s.conf_done = sum(1 << p for p in conf["done"])
    s.conf_winner = int(conf["winner"])
    s.winner = -1 if v["winner"] is None else int(v["winner"])
    # Board.
    pool_markers = Counter({x: MARKER_COUNTS[x] for x in range(9)})
    pool_goods = list(GOODS_SUPPLY)
    for x in range(9):
        pool_markers[x] -= s.reserve[x] + s.bid_pool[x] + s.esc_markers[x]
    for lot in s.offer:
        pool_markers.subtract(lot)
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
    # Players.
    hidden_hands: list[tuple[int, int]] = []  # (seat, size) of unknown hands
    hidden_stakes: list[tuple[int, int]] = []
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
            s.cargo[p * 4 : p * 4 + 4] = _goods_back(pl["cargo"])
            for t in range(4):
                pool_goods[t] -= s.cargo[p * 4 + t]
        else:
            s.cargo[p * 4 : p * 4 + 4] = [0, 0, 0, 0]
            hidden_cargo.append((p, int(pl["cargo"])))
        if isinstance(pl["markers"], list):
            s.hand[p * 9 : p * 9 + 9] = _marker_counts(pl["markers"])
            pool_markers.subtract(pl["markers"])
        else:
            s.hand[p * 9 : p * 9 + 9] = [0] * 9
            hidden_hands.append((p, int(pl["markers"])))
        stake = pl["conflict_markers"]
        if stake is not None:
            i = s.conf.index(p)
            if isinstance(stake, list):
                s.stake[i * 9 : i * 9 + 9] = _marker_counts(stake)
                pool_markers.subtract(stake)
            else:
                hidden_stakes.append((i, int(stake)))
    # Fill the holes with the unknown pieces in any order; _redeal then shuffles them.
    values = sorted(pool_markers.elements())
    for sq in holes_sq:
        s.sq_val[sq] = values.pop()
    for p, size in hidden_hands:
        for _ in range(size):
            s.hand[p * 9 + values.pop()] += 1
    for i, size in hidden_stakes:
        for _ in range(size):
            s.stake[i * 9 + values.pop()] += 1
    goods = [t for t in range(4) for _ in range(pool_goods[t])]
    for p, size in hidden_cargo:
        for _ in range(size):
            s.cargo[p * 4 + goods.pop()] += 1
    for i, size in hidden_piles:
        for _ in range(size):
            s.piles[4 * i + goods.pop()] += 1
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
        _redeal_once(g, s, seat, rng)
        s.legal_cache = None
        if g.current_player(s) < 0 or g._legal_actions(s):
            return s
    base = base.clone()
    base.legal_cache = None
    return base


def _redeal_once(g: KoggeGame, s: KoggeState, seat: int | None, rng: Random) -> None:
    n = g.num_players
    others = [p for p in range(n) if p != seat] if g.hidden else []
    squares = [sq for sq in range(18) if _is_dealt(s, sq) and not knows_square(s, seat, sq)]
    values: list[int] = [s.sq_val[sq] for sq in squares]
    sizes: list[tuple[str, int, int]] = []
    for p in others:
        hand = s.hand[p * 9 : p * 9 + 9]
        sizes.append(("hand", p, sum(hand)))
        values.extend(_marker_list(hand))
        s.hand[p * 9 : p * 9 + 9] = [0] * 9
        if p in s.conf:
            i = s.conf.index(p)
            stake = s.stake[i * 9 : i * 9 + 9]
            sizes.append(("stake", i, sum(stake)))
            values.extend(_marker_list(stake))
            s.stake[i * 9 : i * 9 + 9] = [0] * 9
    rng.shuffle(values)
    assignment = _assign_squares(s, squares, values, rng)
    for sq, value in zip(squares, assignment, strict=True):
        s.sq_val[sq] = value
        values.remove(value)
    for kind, who, size in sizes:
        target = s.hand if kind == "hand" else s.stake
        for value in values[:size]:
            target[who * 9 + value] += 1
        del values[:size]
    goods: list[int] = []
    cargo_sizes: list[tuple[int, int]] = []
    for p in others:
        cargo = s.cargo[p * 4 : p * 4 + 4]
        cargo_sizes.append((p, sum(cargo)))
        goods.extend(t for t in range(4) for _ in range(cargo[t]))
        s.cargo[p * 4 : p * 4 + 4] = [0, 0, 0, 0]
    pile_sizes: list[tuple[int, int]] = []
    if not sees_piles(g, s, seat):
        for i in (0, 1):
            pile = s.piles[4 * i : 4 * i + 4]
            pile_sizes.append((i, sum(pile)))
            goods.extend(t for t in range(4) for _ in range(pile[t]))
            s.piles[4 * i : 4 * i + 4] = [0, 0, 0, 0]
    rng.shuffle(goods)
    for p, size in cargo_sizes:
        for t in goods[:size]:
            s.cargo[p * 4 + t] += 1
        del goods[:size]
    for i, size in pile_sizes:
        for t in goods[:size]:
            s.piles[4 * i + t] += 1
        del goods[:size]
    for p in range(n):
        if p != seat and s.start_choice[p] >= 0:
            options = [
                x
                for x in range(9)
                if s.hand[p * 9 + x] and x != s.start_ban[p] and not city_full(s, x)
            ]
            s.start_choice[p] = rng.choice(options) if options else s.start_choice[p]


def _assign_squares(s: KoggeState, squares: list[int], values: list[int], rng: Random) -> list[int]:
    """Values for the unknown squares from the shuffled pool; a placed marker is never its city's
    number (randomised backtracking; the true deal proves a solution exists)."""
    pool = Counter(values)
    result: list[int] = []

    def fits(sq: int, value: int) -> bool:
        return not s.sq_placed[sq] or value != sq // 2

    def search(i: int) -> bool:
        if i == len(squares):
            return True
        candidates = [x for x in pool if pool[x] > 0 and fits(squares[i], x)]
        weights = [pool[x] for x in candidates]
        order: list[int] = []
        while candidates:
            pick = rng.choices(range(len(candidates)), weights)[0]
            order.append(candidates.pop(pick))
            weights.pop(pick)
        for x in order:
            pool[x] -= 1
            result.append(x)
            if search(i + 1):
                return True
            result.pop()
            pool[x] += 1
        return False

    if not search(0):
        return [s.sq_val[sq] for sq in squares]
    return result


def observe_action(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> str:
    """The action as ``viewer`` sees it: secret choices and face-down markers are redacted."""
    text = action_to_str(action)
    if actor == CHANCE and isinstance(action, Deal):
        if s.phase == Decision.DEAL and g.memory and s.deal_idx > 0:
            return "deal ?"
        if s.phase == Decision.DRAW_BONUS and g.hidden and viewer != s.queue[0]:
            return "deal ?"
        return text
    if viewer == actor:
        return text
    if isinstance(action, ChooseStart):
        return "start ?"
    if isinstance(action, ChangeRoute):
        return f"route {action.slot} ?"
    if isinstance(action, ConflictBid):
        return "cbid ?"
    if isinstance(action, Split) and not sees_piles(g, s, viewer):
        return "split ?"
    return text
