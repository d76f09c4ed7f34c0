"""Every possible action of a Hansa Teutonica configuration, enumerated once (DESIGN.md, "Actions").

The research environments (``hanse.env``) number these lists to get a fixed action space; the
rules never read them. The lists are the game's interned action tables (``HansaGame._build_tables``)
for the board side of the player count (RULINGS: 2-3 players on the 2-3 side, 4-5 on the 4-5 side),
so an action offered by the rules is the very object listed here.

Left out because no rule can offer them: Einnahmen of no piece ("1. Einnahmen": at least one),
a displaced owner's extra piece moved onto the route it leaves, the neutral office with 3 or more
players (only 2 players have the neutral player), an upgrade of an ability no city pictures.
"""

from __future__ import annotations

from typing import Any

from hanse.games.hansa.data import MERCHANTS_PER_PLAYER, TRADERS_PER_PLAYER


def all_actions(game: Any) -> tuple[Any, ...]:
    """Every action a seat may be offered in `game` (a HansaGame), in a fixed order."""
    g = game
    board = g.board
    routes = range(board.n_routes)
    actions: list[Any] = [
        g.t_income[t][m]
        for t in range(TRADERS_PER_PLAYER + 1)
        for m in range(MERCHANTS_PER_PLAYER + 1)
        if t or m
    ]
    actions += g.t_place_flat
    # The fee of a displaced trader is 1 piece, of a merchant 2: 0..2 of them merchants.
    actions += [a for by_piece in g.t_displace for row in by_piece for a in row]
    actions += [*g.t_move_flat, g.t_move_done, *g.t_move_place_flat]
    actions += g.t_establish
    actions += g.t_est_office
    actions += [g.t_est_upgrade[a] for a in sorted({a for a in board.city_ability if a >= 0})]
    actions += g.t_est_coellen
    actions += [a for pair in g.t_est_extra for a in pair]
    actions.append(g.t_est_none)
    actions += [a for pair in g.t_disp_place for a in pair]
    actions += [
        g.t_disp_move[src][m][r] for src in routes for m in (0, 1) for r in routes if r != src
    ]
    actions.append(g.t_disp_done)
    actions += g.t_use_bonus.values()
    actions += [*g.t_remove, g.t_remove_done]
    if g.neutral >= 0:
        actions += g.t_neutral_office
    actions += [*g.t_place_bonus, g.t_end_turn]
    return tuple(actions)


def all_chance_outcomes(game: Any) -> tuple[Any, ...]:
    """Every chance outcome: the golden markers' order (Startaufbau; drawn only with the flag
    ``shuffle_golden_markers``), a marker turned up."""
    setup = game.t_setup if game.config.shuffle_golden_markers else ()
    return (*setup, *game.t_draw)
