"""Views (what one seat may know), determinize, resample_hidden and observe_action.

Public: the board (goods on cities and in Kontore, face-up markers, robbery markers, Kontore, the
guild master), the supply, the offer, the bids (laid one marker at a time), every cog and all
bookkeeping of the turn. Secret:

- a face-down route marker, known only to whoever put it there or (Memory) saw it;
- the start choices until all are revealed;
- while holdings are secret (RULINGS.md, "Holdings are secret": always, unless the flag
  ``open_holdings`` is set without expert rules C and D): other players' cargo and markers (a view
  shows their totals and what the table knows of them, ``knowledge.py``), the two piles of a
  robbed cargo (only their sizes; the victim and the robber see them), and the route marker
  reserve, which shows only how many markers it holds (RULINGS.md, "Secret draws stay secret";
  the player choosing from it after giving the guild master a good sees the markers of that
  colour). In Memory the numbers of the set-up's first nine markers still to deal show as a count;
- a conflict's choices (C): nobody sees anything of them, not even their size, until both sides
  have chosen (RULINGS.md, "C, secret choice"); the log then tells each seat what it learnt.

A view carries what the viewer knows now. The log tells every seat what its view newly shows
(``observe_action``): a face-down marker turned by a move, the start cities when they are
revealed, what a look or a route change shows, a conflict's outcome.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import TYPE_CHECKING, Any

from hanse.core import CHANCE, IllegalActionError, View, decider_json
from hanse.core.words import Phrase, closed_with_notes, fill, phrase
from hanse.games.kogge.actions import (
    DECISION_NAMES,
    GMT_GOOD,
    SECRET_SLOT,
    ChangeRoute,
    ChooseStart,
    ConflictBid,
    Deal,
    Decision,
    Demand,
    ForcedStep,
    GuildmasterTrade,
    Look,
    Move,
    Push,
    Split,
    action_to_str,
)
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CITY_GOOD,
    CITY_NAMES,
    GOOD_NAMES,
    GOODS_SUPPLY,
    MARKER_COLOUR,
    MARKER_COUNTS,
    NUM_CITIES,
)
from hanse.games.kogge.rules.common import city_full, development, open_slots
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.rules.setup import FIRST_SQUARES, SECOND_SQUARES
from hanse.games.kogge.state import KoggeState
from hanse.games.kogge.words import NOTE_WORDS, city_label
from hanse.games.svg_parts import SEAT_LETTERS

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
    choosing = s.phase == Decision.CONFLICT_BID
    for p in range(n):
        open_ = sees_holdings(g, seat, p)
        cargo = s.cargo[p * 4 : p * 4 + 4]
        hand = s.hand[p * 9 : p * 9 + 9]
        stake: Any = None
        if p in s.conf:
            i = s.conf.index(p)
            part = s.stake[i * 9 : i * 9 + 9]
            if seat == p or (choosing is False and open_):
                stake = _marker_list(part)
            elif not open_:
                # Until both sides have chosen, the choice still counts as the hand (C).
                hand = [a + b for a, b in zip(hand, part, strict=True)]
        choice: Any = None
        if s.start_choice[p] >= 0:
            choice = s.start_choice[p] if seat == p else True
        entry: dict[str, Any] = {
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
        if not open_:
            entry["known_cargo"] = _goods(s.known_cargo[p * 4 : p * 4 + 4])
            entry["known_markers"] = _marker_list(s.known_hand[p * 9 : p * 9 + 9])
        players.append(entry)
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
        "reserve": list(s.reserve) if not g.hidden else sum(s.reserve),
        "reserve_colour": _reserve_colour(s, seat),
        "leftover": list(s.leftover),
        "bonus_chips_left": {CHIP_NAMES[k]: s.chips_left[k] for k in range(4)},
        "setup": {
            "dealt": s.deal_idx,
            "numbers_left": [v for v in range(9) if s.deal_left >> v & 1]
            if not g.memory
            else bin(s.deal_left).count("1"),
            "guildmaster_marker": s.gm_marker if s.gm_marker >= 0 else None,
        },
        "turn": {
            "start_city": s.turn_start,
            "steps": s.steps,
            "fee_floor": s.fee_floor if s.fee_floor >= 0 else None,
            "used": [name for bit, name in USED_NAMES if s.used & bit],
            "offers_made": [bit for bit in range(2 * n) if s.traded >> bit & 1],
            "taking": s.taking,
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
            "asking": s.conf_value if choosing else None,
        },
        "winner": s.winner if s.winner >= 0 else None,
    }


_TRADE_PHASES = (Decision.TRADE, Decision.ANSWER)


def _reserve_colour(s: KoggeState, seat: int | None) -> dict[str, int] | None:
    """The reserve's markers of the colour of the good just given to the guild master, shown to
    the player choosing among them ('Man darf sich den Wegemarker aussuchen')."""
    if s.phase != Decision.TAKE_MARKER or seat != s.actor:
        return None
    return {str(v): s.reserve[v] for v in range(9) if MARKER_COLOUR[v] == s.taking}


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
            s.cargo[p * 4 : p * 4 + 4] = _goods_back(pl["cargo"])
            s.known_cargo[p * 4 : p * 4 + 4] = s.cargo[p * 4 : p * 4 + 4]
        else:
            # The table's knowledge covers a robbed cargo's piles too (knowledge.py).
            known = _goods_back(pl["known_cargo"])
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
            s.hand[p * 9 : p * 9 + 9] = _marker_counts(pl["markers"])
        else:
            s.hand[p * 9 : p * 9 + 9] = _marker_counts(pl["known_markers"])
            hidden_hands.append((p, int(pl["markers"]) - len(pl["known_markers"])))
        s.known_hand[p * 9 : p * 9 + 9] = s.hand[p * 9 : p * 9 + 9]
        pool_markers.subtract({x: s.hand[p * 9 + x] for x in range(9)})
        stake = pl["conflict_markers"]
        if stake is not None:
            # The viewer's own secret choice (expert rule C).
            i = s.conf.index(p)
            s.stake[i * 9 : i * 9 + 9] = _marker_counts(stake)
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
    squares = [sq for sq in range(18) if _is_dealt(s, sq) and not knows_square(s, seat, sq)]
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
        values.extend(_marker_list(extra))
        s.hand[p * 9 : p * 9 + 9] = list(known)
    reserve_size = 0
    shown: set[int] = set()
    if g.hidden:
        shown = {int(x) for x in _reserve_colour(s, seat) or {}}
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
        first_nine = {sq for sq in range(0, 18, 2) if _is_dealt(s, sq) and not s.sq_placed[sq]}
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


def observe_action(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> str:
    """The action as ``viewer`` sees it: secret choices and face-down markers are redacted, and
    what the action shows the viewer is told in a closing note (:func:`note_phrases`; issue 21:
    what the view newly shows, the log tells)."""
    text = action_to_str(action)
    if actor == CHANCE:
        seen = text
        if isinstance(action, Deal):
            if s.phase == Decision.DEAL and g.memory and s.deal_idx > 0:
                seen = "deal ?"
            elif s.phase == Decision.DRAW_BONUS and g.hidden and viewer != s.queue[0]:
                seen = f"deal ? to player {SEAT_LETTERS[s.queue[0]]}"
    else:
        seen = text if viewer == actor else _redacted(g, s, action, text, viewer)
    return closed_with_notes(seen, note_phrases(g, s, actor, action, viewer))


def note_phrases(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """What `action` shows `viewer` beyond its own words, as the phrases of the note closing its
    log text (the web log translates them): a face-down marker turned, the start choices
    revealed, a conflict's outcome, the players skipped in the bids, ..."""
    notes = [] if actor == CHANCE else _told(g, s, actor, action, viewer)
    if s.phase in _BEFORE_BIDS:
        skipped = _skipped_bidders(g, s, action)
        if skipped is not None:
            notes.append(skipped)
    return notes


_BEFORE_BIDS = (Decision.DRAW_BONUS, Decision.DRAW_OFFER, Decision.BID)


def _skipped_bidders(g: KoggeGame, s: KoggeState, action: Action) -> Phrase | None:
    """Who is skipped in the bids: 'Wer keinen Wegemarker hat, muß das ... ansagen und wird
    übersprungen' (likewise a player left with only combinations bid already)."""
    after = s.clone()
    g._apply(after, action)
    if s.phase == Decision.BID:
        if after.phase == Decision.BID and after.actor == s.actor:
            return None
        first = s.idx + 1
    elif after.phase in _BEFORE_BIDS[:2]:
        return None
    else:
        first = 0
    last = after.idx if after.phase == Decision.BID else g.num_players
    passed = [SEAT_LETTERS[s.order[i]] for i in range(first, last)]
    if not passed:
        return None
    if len(passed) == 1:
        return phrase(NOTE_WORDS["skipped"], seat=passed[0])
    return phrase(NOTE_WORDS["skipped_many"], seats=", ".join(passed))


def _redacted(g: KoggeGame, s: KoggeState, action: Action, text: str, viewer: int | None) -> str:
    if isinstance(action, ChooseStart):
        return "start ?"
    if isinstance(action, ChangeRoute) and g.hidden:
        return f"route {action.slot} ?"
    if isinstance(action, ConflictBid):
        return "cbid ?"
    if isinstance(action, Split) and not sees_piles(g, s, viewer):
        return "split ?"
    if isinstance(action, Demand) and viewer not in s.conf:
        return "demand ?"
    return text


def _told(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """What ``action`` shows ``viewer`` beyond its own words (none: an empty list)."""
    kind = type(action)
    if kind is Move or kind is ForcedStep or kind is Push:
        return _turned(g, s, actor, action, viewer)
    if kind is ChooseStart and len(s.queue) == 1:
        return _start_reveal(g, s, action, viewer)
    if kind is ConflictBid and s.conf_value == 0 and actor == s.conf[1]:
        return _conflict_outcome(s, action, viewer)
    if kind is Demand:
        return [_demand_outcome(s, action, viewer)]
    if kind is Split and viewer == s.turn_owner:
        return _second_pile(s, action)
    if viewer != actor:
        return []
    if kind is Look:
        c = s.pos[actor]
        return [phrase(NOTE_WORDS["sees"], marker=s.sq_val[2 * c], other=s.sq_val[2 * c + 1])]
    if kind is ChangeRoute:
        sq = 2 * s.pos[actor] + action.slot  # type: ignore[attr-defined]
        if not knows_square(s, viewer, sq):
            return [phrase(NOTE_WORDS["takes_marker"], marker=s.sq_val[sq])]
        return []
    if kind is GuildmasterTrade and action.option == GMT_GOOD and g.hidden:  # type: ignore[attr-defined]
        colour = action.good  # type: ignore[attr-defined]
        held = [v for v in range(9) if MARKER_COLOUR[v] == colour for _ in range(s.reserve[v])]
        if not held:
            return [phrase(NOTE_WORDS["reserve_holds_none"])]
        return [phrase(NOTE_WORDS["reserve_holds"], markers=", ".join(map(str, held)))]
    return []


def _turned(
    g: KoggeGame, s: KoggeState, actor: int, action: Action, viewer: int | None
) -> list[Phrase]:
    """A step along a face-down marker turns it for everybody to see (3A Bewegung; Memory: shown
    and covered again); a step chosen for another cog turns the other marker too when the first
    points home (RULINGS.md, "Route markers pointing to their own city")."""
    if isinstance(action, Move):
        if action.slot == SECRET_SLOT:
            return []
        seat, slot = actor, action.slot
    elif isinstance(action, ForcedStep):
        seat, slot = s.turn_owner, action.slot
    else:
        assert isinstance(action, Push)
        seat = s.conf[1] if s.conf_winner == s.conf[0] else s.conf[0]
        slot = action.slot
    c = s.pos[seat]
    used = [2 * c + slot]
    points_home = s.sq_val[2 * c + slot] == c
    if not isinstance(action, Move) and points_home and 1 - slot in open_slots(s, seat):
        used.append(2 * c + 1 - slot)
    shown = [s.sq_val[sq] for sq in used if not s.sq_up[sq]]
    if not shown:
        return []
    if len(shown) == 1:
        return [phrase(NOTE_WORDS["shows"], marker=shown[0])]
    first, then = shown
    return [phrase(NOTE_WORDS["show_both"], marker=first, other=then)]


def _start_reveal(g: KoggeGame, s: KoggeState, action: Action, viewer: int | None) -> list[Phrase]:
    """The last secret start choice reveals all of them ('Startaufstellung festlegen'); in
    Memory each player then sees the markers of his start city."""
    assert isinstance(action, ChooseStart)
    after = s.clone()
    g._apply(after, action)
    chosen = [(p, s.start_choice[p]) for p in range(g.num_players) if s.start_choice[p] >= 0]
    chosen.append((s.actor, action.marker))
    notes = [
        phrase(NOTE_WORDS["starts_in"], seat=SEAT_LETTERS[p], city=city_label(c))
        for p, c in sorted(chosen)
    ]
    if viewer is not None and g.memory and after.pos[viewer] >= 0 and s.pos[viewer] < 0:
        c = after.pos[viewer]
        notes.append(
            phrase(
                NOTE_WORDS["city_shows"],
                marker=after.sq_val[2 * c],
                other=after.sq_val[2 * c + 1],
            )
        )
    return notes


def _conflict_outcome(s: KoggeState, action: Action, viewer: int | None) -> list[Phrase]:
    """Both choices are made: the markers are exchanged. The two sides learn what they received;
    everybody learns how many went each way and who won (RULINGS.md, "C, secret choice")."""
    from hanse.games.kogge.rules.bidding import bid_key

    assert isinstance(action, ConflictBid)
    att, dfd = s.conf
    laid_a = _marker_list(s.stake[:9])
    laid_d = _marker_list(s.stake[9:]) + [0] * action.count
    key_a, key_d = (
        bid_key(tuple(sorted(laid_a, reverse=True))),
        bid_key(tuple(sorted(laid_d, reverse=True))),
    )
    a, d = SEAT_LETTERS[att], SEAT_LETTERS[dfd]
    notes = []
    giver = {att: d, dfd: a}.get(viewer)  # type: ignore[arg-type]
    received = {att: laid_d, dfd: laid_a}.get(viewer)  # type: ignore[arg-type]
    if received is not None:
        key = "receive" + {0: "_nothing", 1: "_one"}.get(len(received), "")
        markers = ", ".join(map(str, sorted(received, reverse=True)))
        notes.append(fill(NOTE_WORDS[key], {"markers": markers, "seat": giver}))
    for seat, laid in ((a, laid_a), (d, laid_d)):
        key = "put_in" + {0: "_none", 1: "_one"}.get(len(laid), "")
        notes.append(fill(NOTE_WORDS[key], {"seat": seat, "count": len(laid)}))
    if key_a == key_d:
        notes.append(phrase(NOTE_WORDS["nobody_wins"]))
    else:
        winner, loser = (a, d) if key_a > key_d else (d, a)
        notes.append(phrase(NOTE_WORDS["wins"], seat=winner, other=loser))
    return notes


def _second_pile(s: KoggeState, action: Action) -> list[Phrase]:
    """The good that completes the first pile makes the rest of the cargo the second: the robber
    now sees both piles (f) Raubüberfall)."""
    assert isinstance(action, Split)
    q = s.victim
    rest = s.cargo[q * 4 : q * 4 + 4]
    rest[action.good] -= 1
    laid = sum(s.piles[:4]) + 1
    if 2 * laid < laid + sum(rest):
        return []
    return [_goods_phrase("other_pile", rest)]


def _goods_phrase(note: str, counts: list[int], **names: str) -> Phrase:
    """The note of that name with the count of each good ("the other pile: 0 ore, 2 fur, 0 amber,
    1 salt"), or its ``_nothing`` form where every count is 0; `names` fill its other fields."""
    if not any(counts):
        return fill(NOTE_WORDS[f"{note}_nothing"], names)
    return fill(NOTE_WORDS[note], {**dict(zip(GOOD_NAMES, counts, strict=True)), **names})


def _demand_outcome(s: KoggeState, action: Action, viewer: int | None) -> Phrase:
    """The winner takes those of the three goods named that the loser has; the others learn how
    many (RULINGS.md, "C, secret choice")."""
    assert isinstance(action, Demand)
    loser = s.conf[1] if s.conf_winner == s.conf[0] else s.conf[0]
    got = [min(action.goods[t], s.cargo[loser * 4 + t]) for t in range(4)]
    names = {"seat": SEAT_LETTERS[s.conf_winner], "other": SEAT_LETTERS[loser]}
    if viewer in s.conf or not any(got):
        return _goods_phrase("winner_takes", got, **names)
    if sum(got) == 1:
        return fill(NOTE_WORDS["winner_takes_one"], names)
    return fill(NOTE_WORDS["winner_takes_count"], {**names, "count": sum(got)})
