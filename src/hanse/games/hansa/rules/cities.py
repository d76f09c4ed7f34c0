"""City rules: control (Kontrolle), full cities, the East-West connection, the network.

Sources: "a) Siegpunkte vergeben" and final scoring "Jede Stadt wird gewertet" (control: most
offices, extra offices count; a tie goes to the holder of the higher-valued, further right office;
extra offices rank below the leftmost printed one, later ones further left and lower);
"Ost-West-Verbindung"; and final scoring F (network).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.games.hansa.data import EAST_WEST_PRESTIGE

if TYPE_CHECKING:
    from hanse.games.hansa.board import Board
    from hanse.games.hansa.state import HansaState


def controller(board: Board, state: HansaState, city: int) -> int:
    """The seat controlling `city` (the neutral seat included), -1 if no office is occupied."""
    start = board.office_start[city]
    filled = state.filled[city]
    extras = state.extras[city]
    if not filled and not extras:
        return -1
    counts: dict[int, int] = {}
    best_rank: dict[int, int] = {}
    for i in range(filled):
        seat = state.offices[start + i] >> 1
        counts[seat] = counts.get(seat, 0) + 1
        best_rank[seat] = 100 + i  # further right is higher; printed offices filled in order
    for j, code in enumerate(extras):
        seat = code >> 1
        counts[seat] = counts.get(seat, 0) + 1
        if seat not in best_rank:
            best_rank[seat] = 99 - j  # the first extra office lies nearest the printed ones
        else:
            best_rank[seat] = max(best_rank[seat], 99 - j)
    return max(counts, key=lambda s: (counts[s], best_rank[s]))


def controllers(board: Board, state: HansaState) -> list[int]:
    """The controller of every city (-1 where no office is occupied)."""
    return [controller(board, state, city) for city in range(board.n_cities)]


def occupy_office(board: Board, state: HansaState, city: int, code: int) -> None:
    """c1) the lowest free printed office of `city` takes the piece `code`: the gold coin gives one
    prestige, the last free office moves the full-cities track, and East-West is checked."""
    filled = state.filled[city]
    seat = code >> 1
    state.offices[board.office_start[city] + filled] = code
    state.filled[city] = filled + 1
    if board.office_coin[city][filled]:
        state.prestige[seat] += 1
    if filled + 1 == board.office_count[city]:
        state.full_cities += 1
    check_east_west(board, state, seat)


def offices_of(board: Board, state: HansaState, seat: int, city: int) -> int:
    """Offices (printed and extra) that `seat` holds in `city`."""
    start = board.office_start[city]
    n = 0
    for i in range(state.filled[city]):
        if state.offices[start + i] >> 1 == seat:
            n += 1
    for code in state.extras[city]:
        if code >> 1 == seat:
            n += 1
    return n


def office_counts(board: Board, state: HansaState, seat: int) -> list[int]:
    """Offices of `seat` in every city."""
    return [offices_of(board, state, seat, c) for c in range(board.n_cities)]


def has_east_west(board: Board, state: HansaState, seat: int) -> bool:
    """Ost-West-Verbindung: a chain of cities with own offices from Stendal to Arnheim."""
    counts = office_counts(board, state, seat)
    if not counts[board.east] or not counts[board.west]:
        return False
    seen = {board.east}
    frontier = [board.east]
    while frontier:
        city = frontier.pop()
        if city == board.west:
            return True
        for other in board.city_neighbours[city]:
            if other not in seen and counts[other]:
                seen.add(other)
                frontier.append(other)
    return False


def check_east_west(board: Board, state: HansaState, seat: int) -> None:
    """After a change of `seat`'s offices: 7/4/2 prestige to the first three connections."""
    if seat in state.east_west or len(state.east_west) >= len(EAST_WEST_PRESTIGE):
        return
    if has_east_west(board, state, seat):
        state.prestige[seat] += EAST_WEST_PRESTIGE[len(state.east_west)]
        state.east_west.append(seat)


def largest_network(board: Board, state: HansaState, seat: int) -> int:
    """Final scoring F: own offices in the largest connected group of cities with own offices."""
    counts = office_counts(board, state, seat)
    seen: set[int] = set()
    best = 0
    for start in range(board.n_cities):
        if not counts[start] or start in seen:
            continue
        seen.add(start)
        frontier = [start]
        total = 0
        while frontier:
            city = frontier.pop()
            total += counts[city]
            for other in board.city_neighbours[city]:
                if other not in seen and counts[other]:
                    seen.add(other)
                    frontier.append(other)
        best = max(best, total)
    return best


def total_offices(state: HansaState, seat: int) -> int:
    """Offices (printed and extra) of `seat` on the whole board (second tie-break)."""
    n = sum(1 for code in state.offices if code >= 0 and code >> 1 == seat)
    for extras in state.extras:
        n += sum(1 for code in extras if code >> 1 == seat)
    return n
