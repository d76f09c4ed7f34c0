"""Helpers shared by several rule sections: development points, the immediate win, route steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.core import TERMINAL
from hanse.games.kogge.actions import Decision
from hanse.games.kogge.data import CHIP_TWO_MOVES, DEVELOPMENT_TO_WIN, MAX_KONTORE_PER_CITY
from hanse.games.kogge.state import KoggeState

if TYPE_CHECKING:
    from hanse.games.kogge.game import KoggeGame


def development(s: KoggeState, seat: int) -> int:
    """Entwicklungspunkte: one per Kontor (the free first one too) and one per bonus chip."""
    b = seat * 4
    return s.kontore[seat] + s.chips[b] + s.chips[b + 1] + s.chips[b + 2] + s.chips[b + 3]


def check_win(s: KoggeState, seat: int) -> bool:
    """Spielziel: reaching five development points on one's turn wins at once."""
    if development(s, seat) >= DEVELOPMENT_TO_WIN:
        s.winner = seat
        end_game(s)
        return True
    return False


def end_game(s: KoggeState) -> None:
    s.phase = Decision.OVER
    s.actor = TERMINAL
    s.queue = []


def route_target(g: KoggeGame, s: KoggeState, seat: int, sq: int) -> int:
    """Take the route of square ``sq`` with ``seat``'s cog: turn a face-down marker, then return
    the target city, or -1 when it holds the mover's own robbery marker (3A Bewegung: the cog
    stays and its movement ends)."""
    value = s.sq_val[sq]
    if not s.sq_up[sq]:
        if g.memory:
            # Memory: the marker is shown to everybody and laid face down again.
            s.sq_known[sq] = g.all_mask
        else:
            # A revealed marker stays face up (RULINGS.md, Movement).
            s.sq_up[sq] = 1
            s.sq_known[sq] = 0
    if s.robbed[value] >> seat & 1:
        return -1
    return value


def open_slots(s: KoggeState, seat: int) -> list[int]:
    """The route squares of ``seat``'s city his cog may take: a face-up marker into a city with
    his own robbery marker is closed ('NIE WIEDER betreten'); a face-down one is always open (it
    is tried blind and may stop him)."""
    c = s.pos[seat]
    return [
        slot
        for slot in (0, 1)
        if not s.sq_up[2 * c + slot] or not s.robbed[s.sq_val[2 * c + slot]] >> seat & 1
    ]


def add_kontor(s: KoggeState, seat: int, city: int) -> None:
    place = 2 * city if s.kontor_owner[2 * city] < 0 else 2 * city + 1
    s.kontor_owner[place] = seat
    s.kontore[seat] += 1


def kontor_count(s: KoggeState, city: int) -> int:
    return (s.kontor_owner[2 * city] >= 0) + (s.kontor_owner[2 * city + 1] >= 0)


def city_full(s: KoggeState, city: int) -> bool:
    return kontor_count(s, city) >= MAX_KONTORE_PER_CITY


def free_steps(s: KoggeState, seat: int) -> int:
    """Steps of a movement that cost nothing: the first, two with "2 Felder gehen" (a second
    copy of the chip does not add a third: RULINGS.md)."""
    return 2 if s.chips[seat * 4 + CHIP_TWO_MOVES] else 1


def pay_item(s: KoggeState, seat: int, good: int, marker: int) -> None:
    """Pay one good (``marker`` -1) or one marker (``good`` -1): a step's fee, the Memory look."""
    if good >= 0:
        pay(s, seat, (good,), ())
    else:
        pay(s, seat, (), (marker,))


def pay(s: KoggeState, seat: int, goods: tuple[int, ...], markers: tuple[int, ...]) -> None:
    """Pay goods and markers to the supply and reserve (movement fees, the Memory look)."""
    for good in goods:
        s.cargo[seat * 4 + good] -= 1
        s.supply[good] += 1
    for marker in markers:
        s.hand[seat * 9 + marker] -= 1
        s.reserve[marker] += 1


def step_away(g: KoggeGame, s: KoggeState, seat: int, slot: int) -> None:
    """Move ``seat``'s cog one step along route square ``slot`` of its city, chosen by another
    player (the robber's free step, a conflict's push). RULINGS.md, "Route markers pointing to
    their own city": such a marker (possible in Memory) is no route; once it is turned and found
    to point home, the cog takes the city's other route if that one can be taken, else it stays.
    """
    c = s.pos[seat]
    dest = route_target(g, s, seat, 2 * c + slot)
    if s.sq_val[2 * c + slot] == c:  # turned: it points home (the robber's own city even)
        other = 1 - slot
        dest = -1
        if other in open_slots(s, seat):
            dest = route_target(g, s, seat, 2 * c + other)  # turned in the open as well
            if s.sq_val[2 * c + other] == c:
                dest = -1
    if dest >= 0:
        s.pos[seat] = dest


def home_known(s: KoggeState, chooser: int, seat: int, slot: int) -> bool:
    """True if ``chooser`` knows that route square ``slot`` of ``seat``'s city points back to that
    city: no route for a step chosen by another player (see :func:`step_away`)."""
    c = s.pos[seat]
    sq = 2 * c + slot
    known = s.sq_up[sq] or s.sq_known[sq] >> chooser & 1
    return bool(known) and s.sq_val[sq] == c
