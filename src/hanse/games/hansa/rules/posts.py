"""Pieces on route posts, with the per-route counts kept in step (free posts; pieces per code).

Every change of a post goes through :func:`set_post`, so that ``free[r]``,
``count[code * n_routes + r]``, ``pieces[2 * (seat * n_routes + r) + merchant]``,
``on_routes[code]`` and ``complete[seat]`` always agree with ``posts`` (the legal-action
generators read the counts instead of scanning all posts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanse.games.hansa.board import Board
    from hanse.games.hansa.state import HansaState


def set_post(board: Board, state: HansaState, post: int, code: int) -> int:
    """Put `code` (-1: nothing) on `post`; returns the code that was there."""
    route = board.post_route[post]
    state_posts = state.posts
    old = state_posts[post]
    state_posts[post] = code
    n = board.n_routes
    free = state.free
    pieces = state.pieces
    if old >= 0:
        at = 2 * ((old >> 1) * n + route)  # the old owner's traders on the route, then merchants
        if not free[route] and pieces[at] + pieces[at + 1] == board.route_posts[route]:
            state.complete[old >> 1] -= 1
        state.count[old * n + route] -= 1
        pieces[at + (old & 1)] -= 1
        state.on_routes[old] -= 1
        free[route] += 1
    if code >= 0:
        at = 2 * ((code >> 1) * n + route)
        state.count[code * n + route] += 1
        pieces[at + (code & 1)] += 1
        state.on_routes[code] += 1
        free[route] -= 1
        if not free[route] and pieces[at] + pieces[at + 1] == board.route_posts[route]:
            state.complete[code >> 1] += 1
    return old


def recount(board: Board, state: HansaState, codes: int) -> None:
    """Rebuild `free`, `count`, `pieces`, `on_routes` and `complete` from `posts` (for states
    built from views or by hand)."""
    n = board.n_routes
    state.free = list(board.route_posts)
    state.count = [0] * (codes * n)
    state.pieces = [0] * (codes * n)
    state.on_routes = [0] * codes
    for post, code in enumerate(state.posts):
        if code >= 0:
            route = board.post_route[post]
            state.free[route] -= 1
            state.count[code * n + route] += 1
            state.pieces[2 * ((code >> 1) * n + route) + (code & 1)] += 1
            state.on_routes[code] += 1
    state.complete = [
        sum(
            1
            for route in range(n)
            if state.pieces[2 * (seat * n + route)] + state.pieces[2 * (seat * n + route) + 1]
            == board.route_posts[route]
        )
        for seat in range(codes // 2)
    ]
