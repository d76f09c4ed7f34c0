"""2. Nachfrage: workers placed one at a time, clockwise from the start player.

"Ihr stellt euren Arbeiter dort auf das unterste freie Gebäudefeld" — a worker joins the top of the
card's column (lowest first); a card with all 8 building spaces taken accepts no more; a placement
cannot be skipped. Kaispeicher adds: reserving a card of the upper row instead (it goes on top of
the reserved column with the worker on it); Kaffeepause (a break card instead of a worker, only
while an opponent still has regular workers to place); Lagerarbeiter (grey workers, placed after the
owner's regular workers, optionally; "done" stops placing grey workers for this round). Once
everybody has placed, the unreserved cards of the upper row are discarded (Yucata note) and the
purchase follows.
"""

from __future__ import annotations

from hanse.core import Action
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import Pause
from hanse.games.speicherstadt.rules import cards, purchase
from hanse.games.speicherstadt.state import DEMAND, GREY, SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables

PAUSE = Pause()


def begin(t: Tables, s: SpeicherstadtState) -> None:
    s.decision = DEMAND
    s.decider = s.start_player  # every seat has workers at the start of the phase


def _can_place(s: SpeicherstadtState, seat: int) -> bool:
    return s.workers[seat] > 0 or (s.greys[seat] > 0 and not s.placed_done >> seat & 1)


def can_pause(s: SpeicherstadtState, seat: int) -> bool:
    """Kaffeepause: "nur ... solange Gegner noch reguläre Arbeiter einsetzen müssen"."""
    return s.breaks[seat] > 0 and any(n for other, n in enumerate(s.workers) if other != seat)


def legal(t: Tables, s: SpeicherstadtState, seat: int) -> list[Action]:
    place = t.place
    acts: list[Action] = [
        place[i] for i, column in enumerate(s.offer_workers) if len(column) < data.BUILDING_SPACES
    ]
    if s.upper:
        acts.extend(t.reserve_action[i] for i in range(len(s.upper)))
    if s.breaks[seat] and can_pause(s, seat):
        acts.append(PAUSE)
    if s.workers[seat] == 0:
        acts.append(t.done)  # only grey workers are left: placing them is optional
    return acts


def _token(t: Tables, s: SpeicherstadtState, seat: int) -> int:
    """Take the seat's next worker: regular ones first, then grey ones."""
    if s.workers[seat]:
        s.workers[seat] -= 1
        return seat
    s.greys[seat] -= 1
    if s.greys[seat] == 0:
        # "Sobald du beide grauen Arbeiter eingesetzt hast, legst du den Lagerarbeiter ab"
        cards.discard_kind(t, s, seat, data.WAREHOUSE_WORKERS)
    return seat | GREY


def place(t: Tables, s: SpeicherstadtState, index: int) -> None:
    seat = s.decider
    s.offer_workers[index] = (*s.offer_workers[index], _token(t, s, seat))
    _next(t, s, seat)


def reserve(t: Tables, s: SpeicherstadtState, index: int) -> None:
    """Kaispeicher: "eine beliebige Karte aus der Reihe oberhalb des Spielplans reservieren"."""
    seat = s.decider
    s.reserved.append(s.upper.pop(index))
    s.reserved_cubes.append(s.upper_cubes.pop(index))
    s.reserved_workers.append(_token(t, s, seat))
    _next(t, s, seat)


def pause(t: Tables, s: SpeicherstadtState) -> None:
    seat = s.decider
    s.breaks[seat] -= 1
    s.break_used += 1
    if s.breaks[seat] == 0:
        # "Sobald du beide Pausenkarten genutzt hast, legst du auch die Kaffeepause ab"
        cards.discard_kind(t, s, seat, data.COFFEE_BREAK)
    _next(t, s, seat)


def stop_greys(t: Tables, s: SpeicherstadtState) -> None:
    seat = s.decider
    s.placed_done |= 1 << seat
    _next(t, s, seat)


def _next(t: Tables, s: SpeicherstadtState, seat: int) -> None:
    n = t.num_players
    for step in range(1, n + 1):
        other = (seat + step) % n
        if _can_place(s, other):
            s.decider = other
            return
    _end(t, s)


def _end(t: Tables, s: SpeicherstadtState) -> None:
    for cubes in s.upper_cubes:  # unreserved cards of the upper row are discarded
        for good in cubes:
            s.reserve[good] += 1
    for card in s.upper:
        s.discard[card] += 1
    s.upper = []
    s.upper_cubes = []
    purchase.begin(t, s)
