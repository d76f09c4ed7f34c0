"""4. Verladung: each player in turn from the start player loads cubes, one move at a time.

A move takes one cube from a source — the cargo of the ships bought this round (``ship``; cubes
received from an exchange join it), the Lager (``warehouse``) or the market hall (``hall``) — to a
destination: a free slot of the same good on an own contract ("Auftrag"; never taken off again), the
own Kaufmann/Händler of that good (``sell``: 1 coin, Kaispeicher Händler 3 coins; the cube goes to
the supply), the own Kaispeicher delivery building of that good (``deliver``: 2 VP), the Lager (at
most 4 cubes) or the market hall (at most 1 cube). "Während dieser Phase verkauft ihr Warensteine
oder ihr verschiebt sie zwischen verschiedenen Handelskarten oder der Markthalle": a stored cube may
move from the Lager to the market hall and back. Both stores keep cubes "um sie in späteren Runden
zu verwenden", so a cube put into the Lager or the market hall during a loading turn stays there
until a later round (this loses no outcome — moving it on at once is the same as moving it there
directly — and every move either uses up a cube or stores one for good, so a turn always ends).

Market hall: exchange 3 cubes (Hafenmeister: 2) for 1 cube of any good that the supply holds
("nehmt euch dafür 1 anderen Warenstein ... aus dem Vorrat"; RULINGS.md: not possible when the
supply lacks that good — the cubes given do not count, the cube taken is another one), or sell 2
cubes for 1 coin. The cubes given are taken from the ship cargo first, then the hall, then the
Lager: cubes of one good are alike, cargo left at the end is lost, and a cube left in the hall can
still be moved to the Lager, so any other choice is never better. ``done`` ends the turn; cubes
left on ships go to the supply ("verfallen"). A seat whose only possible move is ``done`` is passed
over. Kaispeicher one-shot cards used during the owner's loading (RULINGS.md): Auktionshalle (a
good from the supply, loaded at once), Schmuggler (a good from an opponent's incomplete contract,
loaded at once) and LKW (up to 3 cubes moved between own contracts).
"""

from __future__ import annotations

from hanse.core import Action
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import (
    DST_CONTRACT,
    DST_DELIVER,
    DST_HALL,
    DST_MARKET,
    DST_SELL,
    DST_WAREHOUSE,
    SRC_HALL,
    SRC_SHIP,
    SRC_WAREHOUSE,
)
from hanse.games.speicherstadt.rules import cards, income
from hanse.games.speicherstadt.state import LOADING, TRUCK, SpeicherstadtState
from hanse.games.speicherstadt.tables import DELIVER_BIT, DESTINATIONS, SELL_BIT, Tables

_WAREHOUSE_BIT = 1 << data.WAREHOUSE


def begin(t: Tables, s: SpeicherstadtState) -> None:
    _turn_from(t, s, 0)


def _turn_from(t: Tables, s: SpeicherstadtState, index: int) -> None:
    """Give the turn to the index-th seat in turn order from the start player, or a later one."""
    n = t.num_players
    s.fresh_warehouse = (0,) * t.num_goods  # a new turn: nothing stored in it yet
    s.fresh_hall = False
    for i in range(index, n):
        seat = (s.start_player + i) % n
        acts = legal(t, s, seat)
        if len(acts) > 1:
            s.decision = LOADING
            s.decider = seat
            s.legal_cache = acts
            return
        s.cargo[seat] = _return_cargo(s, s.cargo[seat])
    income.run(t, s)


def _return_cargo(s: SpeicherstadtState, cargo: tuple[int, ...]) -> tuple[int, ...]:
    if any(cargo):
        for good, n in enumerate(cargo):
            s.reserve[good] += n
        return (0,) * len(cargo)
    return cargo


def done(t: Tables, s: SpeicherstadtState) -> None:
    """End of the seat's loading: "Am Ende der Verladung dürfen sich keine Warensteine mehr auf
    Schiffen befinden. Nicht genutzte Warensteine verfallen." """
    seat = s.decider
    s.cargo[seat] = _return_cargo(s, s.cargo[seat])
    _turn_from(t, s, (seat - s.start_player) % t.num_players + 1)


# -- legal moves ---------------------------------------------------------------------------------
def _targets(
    t: Tables, s: SpeicherstadtState, seat: int, good: int, row: tuple[Action, ...], src: int
) -> list[Action]:
    """The moves of one cube of `good` from `src` (-1: a fresh cube) through the table `row`."""
    acts: list[Action] = []
    free_goods = t.free_goods
    for k, (card, mask) in enumerate(zip(s.contracts[seat], s.filled[seat], strict=True)):
        if free_goods[card][mask] >> good & 1:
            acts.append(row[DST_CONTRACT + k])
    abilities = s.abilities[seat]
    if abilities >> (SELL_BIT + good) & 1:
        acts.append(row[DST_SELL])
    if abilities >> (DELIVER_BIT + good) & 1:
        acts.append(row[DST_DELIVER])
    if (
        src != SRC_WAREHOUSE
        and abilities & _WAREHOUSE_BIT
        and sum(s.warehouse[seat]) < data.WAREHOUSE_CAPACITY
    ):
        acts.append(row[DST_WAREHOUSE])
    if src != SRC_HALL and s.hall[seat] < 0:
        acts.append(row[DST_HALL])
    if src < 0 and sum(_available(s, seat)) >= 1:
        acts.append(row[DST_MARKET])  # with one more cube at least a sale is possible
    return acts


def _usable_warehouse(s: SpeicherstadtState, seat: int) -> list[int]:
    """Cubes per good in the seat's Lager that were not stored during this turn."""
    return [w - f for w, f in zip(s.warehouse[seat], s.fresh_warehouse, strict=True)]


def _usable_hall(s: SpeicherstadtState, seat: int) -> int:
    """The good in the seat's market hall if it was not stored during this turn, else -1."""
    return -1 if s.fresh_hall else s.hall[seat]


def _available(s: SpeicherstadtState, seat: int) -> list[int]:
    """Cubes per good the seat can use now (cargo, and cubes stored before this turn)."""
    avail = [c + w for c, w in zip(s.cargo[seat], _usable_warehouse(s, seat), strict=True)]
    hall = _usable_hall(s, seat)
    if hall >= 0:
        avail[hall] += 1
    return avail


def legal(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    if s.market_cube >= 0:
        return _market_moves(t, s, seat, s.market_cube)
    acts: list[Action] = []
    cargo = s.cargo[seat]
    warehouse = _usable_warehouse(s, seat)
    hall = _usable_hall(s, seat)
    for good in range(t.num_goods):
        rows = t.load[good]
        if cargo[good]:
            acts.extend(_targets(t, s, seat, good, rows[SRC_SHIP], SRC_SHIP))
        if warehouse[good]:
            acts.extend(_targets(t, s, seat, good, rows[SRC_WAREHOUSE], SRC_WAREHOUSE))
        if hall == good:
            acts.extend(_targets(t, s, seat, good, rows[SRC_HALL], SRC_HALL))
    avail = _available(s, seat)
    total = sum(avail)
    if total >= 2:
        size = 2 if s.abilities[seat] >> data.HARBOUR_MASTER & 1 else 3
        reserve = s.reserve
        exchange = t.exchange
        if total >= size:
            for give, counts in t.multisets[size]:
                if all(c <= a for c, a in zip(counts, avail, strict=False)):
                    acts.extend(
                        exchange[give, take] for take in range(t.num_goods) if reserve[take]
                    )
        for give, counts in t.multisets[2]:
            if all(c <= a for c, a in zip(counts, avail, strict=False)):
                acts.append(t.sell[give])
    abilities = s.abilities[seat]
    if abilities >> data.AUCTION_HALL & 1:
        for good in range(t.num_goods):
            if s.reserve[good]:
                acts.extend(_targets(t, s, seat, good, t.auction[good], -1))
    if abilities >> data.SMUGGLER & 1:
        acts.extend(_smuggle_moves(t, s, seat))
    if abilities >> data.TRUCK & 1:
        acts.extend(truck_moves(t, s, seat))
    acts.append(t.done)
    return acts


def _market_moves(t: Tables, s: SpeicherstadtState, seat: int, good: int) -> list[Action]:
    """Auktionshalle / Schmuggler cube sent to the market hall: "Du musst diese Ware sofort
    verladen" — only the exchanges and sales that give it (it waits in the cargo)."""
    acts: list[Action] = []
    avail = _available(s, seat)
    size = 2 if s.abilities[seat] >> data.HARBOUR_MASTER & 1 else 3
    for give, counts in t.multisets[size]:
        if counts[good] and all(c <= a for c, a in zip(counts, avail, strict=False)):
            acts.extend(t.exchange[give, take] for take in range(t.num_goods) if s.reserve[take])
    for give, counts in t.multisets[2]:
        if counts[good] and all(c <= a for c, a in zip(counts, avail, strict=False)):
            acts.append(t.sell[give])
    return acts


def _smuggle_moves(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    acts: list[Action] = []
    for victim in range(t.num_players):
        if victim == seat:
            continue
        for k, (card, mask) in enumerate(zip(s.contracts[victim], s.filled[victim], strict=True)):
            if mask == 0 or mask == t.full_mask[card]:
                continue  # "von einem noch nicht vollständigen Auftrag"
            for good in range(t.num_goods):
                if t.empty_bit[card][mask][good]:
                    row = tuple(
                        t.smuggle_action(victim, k, good, dst) for dst in range(DESTINATIONS + 1)
                    )
                    acts.extend(_targets(t, s, seat, good, row, -1))
    return acts


def truck_moves(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    """LKW: a cube from one own contract to a free slot of its good on another own contract."""
    acts: list[Action] = []
    owned = list(zip(s.contracts[seat], s.filled[seat], strict=True))
    for k, (card, mask) in enumerate(owned):
        if not mask:
            continue
        for good in range(t.num_goods):
            if t.empty_bit[card][mask][good]:
                for j, (other, other_mask) in enumerate(owned):
                    if j != k and t.free_goods[other][other_mask] >> good & 1:
                        acts.append(t.truck_action(k, good, j))
    return acts


def legal_truck(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    acts = truck_moves(t, s, seat)
    acts.append(t.done)
    return acts


# -- applying moves ------------------------------------------------------------------------------
def _take(s: SpeicherstadtState, seat: int, good: int, src: int) -> None:
    if src == SRC_SHIP:
        cargo = list(s.cargo[seat])
        cargo[good] -= 1
        s.cargo[seat] = tuple(cargo)
    elif src == SRC_WAREHOUSE:
        warehouse = list(s.warehouse[seat])
        warehouse[good] -= 1
        s.warehouse[seat] = tuple(warehouse)
    else:
        s.hall[seat] = -1


def _put(t: Tables, s: SpeicherstadtState, seat: int, good: int, dst: int) -> None:
    if dst >= DST_CONTRACT:
        k = dst - DST_CONTRACT
        filled = s.filled[seat]
        bit = t.fill_bit[s.contracts[seat][k]][filled[k]][good]
        s.filled[seat] = (*filled[:k], filled[k] | bit, *filled[k + 1 :])
    elif dst == DST_SELL:
        s.coins[seat] += t.sell_price[good]
        s.reserve[good] += 1
    elif dst == DST_DELIVER:
        s.score[seat] += 2  # "rückst du 2 Punkte auf der Punktleiste vor"
        s.reserve[good] += 1
    elif dst == DST_WAREHOUSE:
        warehouse = list(s.warehouse[seat])
        warehouse[good] += 1
        s.warehouse[seat] = tuple(warehouse)
        fresh = list(s.fresh_warehouse)
        fresh[good] += 1
        s.fresh_warehouse = tuple(fresh)
    else:
        s.hall[seat] = good
        s.fresh_hall = True


def _after_move(t: Tables, s: SpeicherstadtState, seat: int) -> None:
    """A seat whose only move left is "done" is passed over at once."""
    acts = legal(t, s, seat)
    if len(acts) == 1 and acts[0] is t.done:
        done(t, s)
    else:
        s.legal_cache = acts


def load(t: Tables, s: SpeicherstadtState, good: int, src: int, dst: int) -> None:
    seat = s.decider
    _take(s, seat, good, src)
    _put(t, s, seat, good, dst)
    _after_move(t, s, seat)


def _give(s: SpeicherstadtState, seat: int, give: tuple[int, ...]) -> None:
    """Market hall: the cubes given come from the cargo, then the hall, then the Lager (never a
    cube stored during this turn)."""
    for good in give:
        if s.cargo[seat][good]:
            _take(s, seat, good, SRC_SHIP)
        elif _usable_hall(s, seat) == good:
            _take(s, seat, good, SRC_HALL)
        else:
            _take(s, seat, good, SRC_WAREHOUSE)
        s.reserve[good] += 1


def exchange(t: Tables, s: SpeicherstadtState, give: tuple[int, ...], take: int) -> None:
    """Umtauschen: "3 Warensteine ... in den Vorrat und nehmt euch dafür 1 anderen ... aus dem
    Vorrat" (Hafenmeister: 2); the new cube joins the cargo to be loaded."""
    seat = s.decider
    _give(s, seat, give)
    s.market_cube = -1
    s.reserve[take] -= 1
    cargo = list(s.cargo[seat])
    cargo[take] += 1
    s.cargo[seat] = tuple(cargo)
    _after_move(t, s, seat)


def sell(t: Tables, s: SpeicherstadtState, give: tuple[int, ...]) -> None:
    """Verkaufen: "2 Warensteine ... in den Vorrat und nehmt euch dafür 1 Münze"."""
    seat = s.decider
    _give(s, seat, give)
    s.market_cube = -1
    s.coins[seat] += 1
    _after_move(t, s, seat)


def auction(t: Tables, s: SpeicherstadtState, good: int, dst: int) -> None:
    """Auktionshalle: "einmalig 1 Ware deiner Wahl aus dem Vorrat ... sofort verladen"."""
    seat = s.decider
    cards.discard_kind(t, s, seat, data.AUCTION_HALL)
    s.reserve[good] -= 1
    _use_at_once(t, s, seat, good, dst)


def smuggle(
    t: Tables, s: SpeicherstadtState, victim: int, contract: int, good: int, dst: int
) -> None:
    """Schmuggler: "1 Ware von einem noch nicht vollständigen Auftrag eines Mitspielers stehlen"."""
    seat = s.decider
    cards.discard_kind(t, s, seat, data.SMUGGLER)
    filled = s.filled[victim]
    bit = t.empty_bit[s.contracts[victim][contract]][filled[contract]][good]
    s.filled[victim] = (*filled[:contract], filled[contract] & ~bit, *filled[contract + 1 :])
    _use_at_once(t, s, seat, good, dst)


def _use_at_once(t: Tables, s: SpeicherstadtState, seat: int, good: int, dst: int) -> None:
    """The Auktionshalle / Schmuggler cube goes to its destination, or waits in the cargo for the
    market-hall exchange or sale that must come next."""
    if dst == DST_MARKET:
        cargo = list(s.cargo[seat])
        cargo[good] += 1
        s.cargo[seat] = tuple(cargo)
        s.market_cube = good
    else:
        _put(t, s, seat, good, dst)
    _after_move(t, s, seat)


def truck(t: Tables, s: SpeicherstadtState, source: int, good: int, target: int) -> None:
    """LKW: "bis zu 3 Warensteine von deinen Aufträgen nehmen und ... neu verteilen" — as up to 3
    moves from contract to contract (equivalent: each cube goes to a free slot of its good)."""
    seat = s.decider
    if s.decision == LOADING:
        cards.discard_kind(t, s, seat, data.TRUCK)
        s.truck_left = data.TRUCK_MOVES
    filled = list(s.filled[seat])
    contracts = s.contracts[seat]
    filled[source] &= ~t.empty_bit[contracts[source]][filled[source]][good]
    filled[target] |= t.fill_bit[contracts[target]][filled[target]][good]
    s.filled[seat] = tuple(filled)
    s.truck_left -= 1
    if s.truck_left > 0 and len(truck_moves(t, s, seat)) > 0:
        s.decision = TRUCK
        return
    stop_truck(t, s)


def stop_truck(t: Tables, s: SpeicherstadtState) -> None:
    s.truck_left = 0
    s.decision = LOADING
    _after_move(t, s, s.decider)
