"""Views: what one seat may know (``redeal.py`` deals the hidden parts again, ``observed.py``
says what a move newly shows each seat).

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
(``observed.observe_action``): a face-down marker turned by a move, the start cities when they are
revealed, what a look or a route change shows, a conflict's outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hanse.core import View, decider_json
from hanse.games.kogge.actions import (
    DECISION_NAMES,
    Decision,
)
from hanse.games.kogge.data import (
    CHIP_NAMES,
    CITY_GOOD,
    CITY_NAMES,
    GOOD_NAMES,
    MARKER_COLOUR,
    NUM_CITIES,
)
from hanse.games.kogge.rules.common import development
from hanse.games.kogge.rules.phase import USED_NAMES
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.games.kogge.game import KoggeGame


def goods_json(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {GOOD_NAMES[t]: counts[t] for t in range(4)}


def goods_back(obj: dict[str, int]) -> list[int]:
    return [int(obj[name]) for name in GOOD_NAMES]


def marker_list(counts: list[int]) -> list[int]:
    return [v for v in range(9) for _ in range(counts[v])]


def marker_counts(values: list[int]) -> list[int]:
    counts = [0] * 9
    for v in values:
        counts[v] += 1
    return counts


def is_dealt(s: KoggeState, sq: int) -> bool:
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
        dealt = [is_dealt(s, sq) for sq in squares]
        cities.append(
            {
                "number": c,
                "name": CITY_NAMES[c],
                "good": GOOD_NAMES[CITY_GOOD[c]],
                "goods": goods_json(s.city_goods[c * 4 : c * 4 + 4]),
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
                        "goods": goods_json(s.kontor_goods[pl * 4 : pl * 4 + 4]),
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
                stake = marker_list(part)
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
            "cargo": goods_json(cargo) if open_ else sum(cargo),
            "markers": marker_list(hand) if open_ else sum(hand),
            "conflict_markers": stake,
            "start_choice": choice,
            "start_ban": s.start_ban[p] if s.start_ban[p] >= 0 else None,
        }
        if not open_:
            entry["known_cargo"] = goods_json(s.known_cargo[p * 4 : p * 4 + 4])
            entry["known_markers"] = marker_list(s.known_hand[p * 9 : p * 9 + 9])
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
        "supply": goods_json(s.supply),
        "reserve": list(s.reserve) if not g.hidden else sum(s.reserve),
        "reserve_colour": reserve_colour(s, seat),
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
        "exchange": {"give": goods_json(s.esc_goods), "take": goods_json(s.esc_take)},
        "trade": {
            "partner": s.partner,
            "kontor": s.via_kontor,
            "give_goods": goods_json(s.esc_goods) if s.phase in _TRADE_PHASES else None,
            "give_markers": list(s.esc_markers),
            "ask_goods": goods_json(s.ask_goods),
            "ask_markers": list(s.ask_markers),
        },
        "robbery": {
            "victim": s.victim,
            "piles": [goods_json(s.piles[:4]), goods_json(s.piles[4:])]
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


def reserve_colour(s: KoggeState, seat: int | None) -> dict[str, int] | None:
    """The reserve's markers of the colour of the good just given to the guild master, shown to
    the player choosing among them ('Man darf sich den Wegemarker aussuchen')."""
    if s.phase != Decision.TAKE_MARKER or seat != s.actor:
        return None
    return {str(v): s.reserve[v] for v in range(9) if MARKER_COLOUR[v] == s.taking}
