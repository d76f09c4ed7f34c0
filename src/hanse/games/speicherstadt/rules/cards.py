"""Owning and discarding trade cards ("Jede Karte kann nur von dem Spieler genutzt werden, der sie
gekauft hat bzw. vor sich liegen hat")."""

from __future__ import annotations

from hanse.games.speicherstadt.data import FIRE_ENGINE, FIREMAN
from hanse.games.speicherstadt.state import SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def owner(s: SpeicherstadtState, kind: int) -> int:
    """The seat owning a card of `kind` (each ability card exists once), or -1."""
    bit = 1 << kind
    for seat, abilities in enumerate(s.abilities):
        if abilities & bit:
            return seat
    return -1


def add_card(t: Tables, s: SpeicherstadtState, seat: int, card: int) -> None:
    cards = (*s.cards[seat], card)
    s.cards[seat] = cards
    s.abilities[seat] = t.abilities(cards)


def discard_kind(t: Tables, s: SpeicherstadtState, seat: int, kind: int) -> None:
    """A one-shot card is used up: it goes from the seat to the discard pile (Ablagestapel)."""
    cards = s.cards[seat]
    for i, card in enumerate(cards):
        if t.kind[card] == kind:
            s.cards[seat] = cards[:i] + cards[i + 1 :]
            s.abilities[seat] = t.abilities(s.cards[seat])
            s.discard[card] += 1
            return
    raise AssertionError(f"seat {seat} owns no card of kind {kind}")


def fireman_total(t: Tables, cards: tuple[int, ...]) -> int:
    """Sum of the seat's firemen; the Löschzug doubles the highest one (Yucata note: "Es wird zu
    jeder Zeit immer der höchste vorhandene Wert verdoppelt")."""
    total = 0
    best = 0
    engine = False
    for card in cards:
        kind = t.kind[card]
        if kind == FIREMAN:
            value = t.value[card]
            total += value
            if value > best:
                best = value
        elif kind == FIRE_ENGINE:
            engine = True
    return total + best if engine else total
