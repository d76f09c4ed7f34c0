"""Helpers that build Hansa Teutonica scenario states directly (shared by the test modules)."""

from __future__ import annotations

from hanse.games import make
from hanse.games.hansa import actions as act
from hanse.games.hansa.game import HansaGame
from hanse.games.hansa.rules.posts import set_post
from hanse.games.hansa.state import HansaState


def new(n: int = 3, order: int = 0, **flags: object) -> tuple[HansaGame, HansaState]:
    """A game and its state right after set-up (golden markers laid in `order`)."""
    g = make("hansa", n, **flags)
    assert isinstance(g, HansaGame)
    s = g.new_initial_state()
    if s.decision == act.SETUP:
        g.apply_action(s, g.t_setup[order])
    return g, s


def route(g: HansaGame, a: str, b: str) -> int:
    return g.board.route_index[(g.board.city_index[a], g.board.city_index[b])]


def city(g: HansaGame, name: str) -> int:
    return g.board.city_index[name]


def fill_route(g: HansaGame, s: HansaState, r: int, seat: int, merchants: int = 0) -> None:
    """Occupy every post of route `r` with pieces of `seat` (the first `merchants` are merchants),
    taking them from the stock so that the inventory stays right."""
    b = g.board
    for i, post in enumerate(b.route_post_range[r]):
        assert s.posts[post] < 0
        m = 1 if i < merchants else 0
        take(g, s, seat, m)
        set_post(g.board, s, post, 2 * seat + m)
    s.legal_cache = None


def put(g: HansaGame, s: HansaState, r: int, seat: int, merchant: int = 0) -> None:
    """One piece of `seat` onto the lowest free post of `r` (from its stock, else its supply)."""
    for post in g.board.route_post_range[r]:
        if s.posts[post] < 0:
            take(g, s, seat, merchant)
            set_post(g.board, s, post, 2 * seat + merchant)
            s.legal_cache = None
            return
    raise AssertionError("route full")


def take(g: HansaGame, s: HansaState, seat: int, merchant: int) -> None:
    """Remove a piece of `seat` from its stock, else its supply (neutral: its pool)."""
    if seat != g.neutral and s.stock[2 * seat + merchant] > 0:
        s.stock[2 * seat + merchant] -= 1
    else:
        assert s.supply[2 * seat + merchant] > 0, "no piece left"
        s.supply[2 * seat + merchant] -= 1


def office(g: HansaGame, s: HansaState, name: str, seat: int, merchant: int | None = None) -> None:
    """Occupy the lowest free office of city `name` with `seat` (shape of the office by default)."""
    c = city(g, name)
    b = g.board
    filled = s.filled[c]
    m = b.office_round[c][filled] if merchant is None else merchant
    take(g, s, seat, m)
    s.offices[b.office_start[c] + filled] = 2 * seat + m
    s.filled[c] = filled + 1
    if s.filled[c] == b.office_count[c]:
        s.full_cities += 1
    s.legal_cache = None


def setp(g: HansaGame, s: HansaState, post: int, code: int) -> None:
    """Set a post directly (counts kept in step); the caller keeps the inventory."""
    set_post(g.board, s, post, code)
    s.legal_cache = None


def strs(g: HansaGame, s: HansaState) -> list[str]:
    return [g.action_to_str(a) for a in g.legal_actions(s)]


def do(g: HansaGame, s: HansaState, text: str) -> None:
    g.apply_action(s, g.action_from_str(text))
