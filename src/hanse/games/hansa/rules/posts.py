"""Pieces on route posts, with the per-route counts kept in step (free posts; pieces per code).

Every change of a post goes through :func:`set_post`, so that ``free[r]`` and
``count[code * n_routes + r]`` always agree with ``posts`` (the legal-action generators read the
counts instead of scanning all posts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanse.games.hansa.board import Board
    from hanse.games.hansa.state import HansaState


def set_post(board: Board, state: HansaState, post: int, code: int) -> int:
    """Put `code` (-1: nothing) on `post`; returns the code that was there."""
    route = board.post_route[post]
    old = state.posts[post]
    state.posts[post] = code
    n = board.n_routes
    if old >= 0:
        state.count[old * n + route] -= 1
        state.free[route] += 1
    if code >= 0:
        state.count[code * n + route] += 1
        state.free[route] -= 1
    return old


def recount(board: Board, state: HansaState, codes: int) -> None:
    """Rebuild `free` and `count` from `posts` (for states built from views or by hand)."""
    n = board.n_routes
    state.free = list(board.route_posts)
    state.count = [0] * (codes * n)
    for post, code in enumerate(state.posts):
        if code >= 0:
            route = board.post_route[post]
            state.free[route] -= 1
            state.count[code * n + route] += 1
