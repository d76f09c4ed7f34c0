"""3. Kauf: the offered cards are sold left to right, then (Kaispeicher) the reserved cards.

"Der Spieler, dessen Arbeiter direkt über einer Karte steht (also der unterste in der Reihe),
entscheidet als Erster ... bezahlt er so viele Münzen, wie insgesamt Arbeiter über dieser Karte
liegen." A declining player takes his worker back and the price falls by 1; a card nobody buys (or
nobody asked for) is discarded. A player who cannot pay may only decline (RULINGS.md).
Kaispeicher: reserved cards are offered from the lowest up, only to the reserving player, at the
number of reserved cards still in the row (RULINGS.md); a grey worker leaves the game after its card
is resolved. Spitzel acts "unmittelbar bevor ihr Phase 3) Kauf beginnt"; Fischmarkt takes the card
on offer for free; Sparkasse and Dieb act when bought and are discarded; Kaffeepause and
Lagerarbeiter hand over the break cards and the grey workers.
"""

from __future__ import annotations

from hanse.core import Action
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import Buy, BuyFree, Decline
from hanse.games.speicherstadt.rules import cards, loading
from hanse.games.speicherstadt.state import GREY, PURCHASE, SPY, SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables

BUY = Buy()
BUY_FREE = BuyFree()
DECLINE = Decline()


# -- Spitzel -------------------------------------------------------------------------------------
def _positions(s: SpeicherstadtState) -> list[tuple[int, int]]:
    """(position, worker token) of every placed worker: water cards, then reserved cards."""
    found = [
        (card * 8 + level, token)
        for card, column in enumerate(s.offer_workers)
        for level, token in enumerate(column)
    ]
    base = len(s.offer_workers)
    found.extend(((base + i) * 8, token) for i, token in enumerate(s.reserved_workers))
    return found


def legal_spy(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    """Spitzel: "den Platz eines deiner Arbeiter mit dem Platz eines fremden Arbeiters tauschen"."""
    found = _positions(s)
    own = [pos for pos, token in found if token & 7 == seat]
    other = [pos for pos, token in found if token & 7 != seat]
    acts: list[Action] = [DECLINE]
    acts.extend(t.spy_action(a, b) for a in own for b in other)
    return acts


def _set_token(s: SpeicherstadtState, pos: int, token: int) -> int:
    card, level = divmod(pos, 8)
    if card < len(s.offer_workers):
        column = s.offer_workers[card]
        old = column[level]
        s.offer_workers[card] = (*column[:level], token, *column[level + 1 :])
    else:
        old = s.reserved_workers[card - len(s.offer_workers)]
        s.reserved_workers[card - len(s.offer_workers)] = token
    return old


def spy(t: Tables, s: SpeicherstadtState, own: int, other: int) -> None:
    seat = s.decider
    token = _set_token(s, own, -1)
    _set_token(s, own, _set_token(s, other, token))
    cards.discard_kind(t, s, seat, data.SPY)  # "Danach kommt der Spitzel auf den Ablagestapel"
    _start(t, s)


def skip_spy(t: Tables, s: SpeicherstadtState) -> None:
    _start(t, s)


def begin(t: Tables, s: SpeicherstadtState) -> None:
    seat = cards.owner(s, data.SPY)
    if seat >= 0:
        tokens = [token & 7 for _, token in _positions(s)]
        if seat in tokens and any(owner != seat for owner in tokens):
            s.decision = SPY
            s.decider = seat
            return
    _start(t, s)


# -- the sale of each card -----------------------------------------------------------------------
def _start(t: Tables, s: SpeicherstadtState) -> None:
    s.cursor = 0
    _next(t, s)


def _next(t: Tables, s: SpeicherstadtState) -> None:
    k = len(s.offer)
    while s.cursor < k:
        column = s.offer_workers[s.cursor]
        if column:
            s.decision = PURCHASE
            s.decider = column[0] & 7
            return
        _discard_slot(t, s, s.cursor)  # "Dasselbe gilt, falls zu einer Karte kein ... Arbeiter"
        s.cursor += 1
    if s.cursor - k < len(s.reserved):
        s.decision = PURCHASE
        s.decider = s.reserved_workers[s.cursor - k] & 7
        return
    s.offer = []
    s.offer_cubes = []
    s.offer_workers = []
    s.reserved = []
    s.reserved_cubes = []
    s.reserved_workers = []
    loading.begin(t, s)


def price(s: SpeicherstadtState) -> int:
    """The current price: workers on the card, or reserved cards still in the row."""
    k = len(s.offer)
    if s.cursor < k:
        return len(s.offer_workers[s.cursor])
    return len(s.reserved) - (s.cursor - k)


def legal(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    acts: list[Action] = []
    if s.coins[seat] >= price(s):
        acts.append(BUY)
    if s.abilities[seat] >> data.FISH_MARKET & 1:
        acts.append(BUY_FREE)
    acts.append(DECLINE)
    return acts


def _return(s: SpeicherstadtState, token: int) -> None:
    if token & GREY:
        s.grey_out += 1  # "geht nach der Auswertung in Phase 3) Kauf aus dem Spiel"
    else:
        s.workers[token] += 1


def _discard_slot(t: Tables, s: SpeicherstadtState, cursor: int) -> None:
    k = len(s.offer)
    if cursor < k:
        card, cubes = s.offer[cursor], s.offer_cubes[cursor]
        s.offer[cursor] = -1
        s.offer_cubes[cursor] = ()
    else:
        card, cubes = s.reserved[cursor - k], s.reserved_cubes[cursor - k]
        s.reserved[cursor - k] = -1
        s.reserved_cubes[cursor - k] = ()
    s.discard[card] += 1
    for good in cubes:  # cubes never go back into the bag
        s.reserve[good] += 1


def buy(t: Tables, s: SpeicherstadtState, free: bool) -> None:
    seat = s.decider
    k = len(s.offer)
    cursor = s.cursor
    if free:
        cards.discard_kind(t, s, seat, data.FISH_MARKET)
    else:
        s.coins[seat] -= price(s)
    if cursor < k:
        card, cubes = s.offer[cursor], s.offer_cubes[cursor]
        for token in s.offer_workers[cursor]:  # all workers of the column go back
            _return(s, token)
        s.offer[cursor] = -1
        s.offer_cubes[cursor] = ()
        s.offer_workers[cursor] = ()
    else:
        j = cursor - k
        card, cubes = s.reserved[j], s.reserved_cubes[j]
        _return(s, s.reserved_workers[j])
        s.reserved[j] = -1
        s.reserved_cubes[j] = ()
        s.reserved_workers[j] = -1
    gain(t, s, seat, card, cubes)
    s.cursor += 1
    _next(t, s)


def decline(t: Tables, s: SpeicherstadtState) -> None:
    k = len(s.offer)
    cursor = s.cursor
    if cursor < k:
        column = s.offer_workers[cursor]
        _return(s, column[0])
        s.offer_workers[cursor] = column[1:]
        if len(column) > 1:
            s.decider = column[1] & 7  # the next worker up; the price is 1 lower
            return
    else:
        _return(s, s.reserved_workers[cursor - k])
        s.reserved_workers[cursor - k] = -1
    _discard_slot(t, s, cursor)
    s.cursor += 1
    _next(t, s)


def gain(t: Tables, s: SpeicherstadtState, seat: int, card: int, cubes: tuple[int, ...]) -> None:
    """A card bought (or taken with the Fischmarkt) comes into play at once ("Ab sofort")."""
    s.bought |= 1 << seat
    kind = t.kind[card]
    if kind == data.SAVINGS_BANK:
        s.coins[seat] += data.SAVINGS_BANK_COINS
        s.discard[card] += 1
        return
    if kind == data.THIEF:
        for other in range(t.num_players):
            if other != seat and s.coins[other] > 0:  # "Wer keine Münze besitzt, ... nichts"
                s.coins[other] -= 1
                s.coins[seat] += 1
        s.discard[card] += 1
        return
    cards.add_card(t, s, seat, card)
    if kind == data.SHIP:
        cargo = list(s.cargo[seat])
        for good in cubes:
            cargo[good] += 1
        s.cargo[seat] = tuple(cargo)
    elif kind == data.CONTRACT:
        s.contracts[seat] = (*s.contracts[seat], card)
        s.filled[seat] = (*s.filled[seat], 0)
    elif kind == data.COFFEE_BREAK:
        s.breaks[seat] += s.break_aside
        s.break_aside = 0
    elif kind == data.WAREHOUSE_WORKERS:
        s.greys[seat] += s.grey_aside
        s.grey_aside = 0
