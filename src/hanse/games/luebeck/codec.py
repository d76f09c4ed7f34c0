"""Every possible action of a Lübeck configuration, enumerated once (DESIGN.md, "Actions").

The research environments (``hanse.env``) number these lists to get a fixed action space; the
rules never read them. The lists follow the data of the configuration: a cog is named by its index
in the sorted list of cogs on the map, and at most ``COGS_BY_PLAYERS[n]`` cogs are in play
("Vorbereitung"), so cog indices stop there; the layout holds ``PACKS_BY_PLAYERS[n]`` packs.

Left out because no rule can offer them: a goods or Verdoppelung card played from the cog field
(``FREE``: "Kartenaktionen" need an own figure on a cog), Piraten without a cog, and a
Schiffswechsel onto the cog it leaves (the target carries no own figure, the source does).
"""

from __future__ import annotations

from typing import Any

from . import data
from .actions import (
    CHOOSE_FIRST,
    DISCARD,
    DRAFT,
    DRAW,
    FREE,
    KEEP,
    PASS,
    PLAY,
    START_VOYAGE,
    TAKE_BACK,
)


def all_actions(game: Any) -> tuple[Any, ...]:
    """Every action a seat may be offered in `game` (a LuebeckGame), in a fixed order."""
    n = game.num_players
    cogs = range(data.COGS_BY_PLAYERS[n])
    actions: list[Any] = [*DRAFT[: data.PACKS_BY_PLAYERS[n]], *CHOOSE_FIRST[:n]]
    actions += [START_VOYAGE[c + 1] for c in (FREE, *cogs)]
    for kind, card_type in enumerate(data.KIND_TYPE):
        row = PLAY[kind]
        if card_type == data.T_HANDELSFAHRT:
            actions += [row[c + 1][0] for c in (FREE, *cogs)]
        elif card_type == data.T_SCHIFFSWECHSEL:
            actions += [row[c + 1][t + 1] for c in cogs for t in cogs if t != c]
        else:  # goods, Verdoppelung and Piraten name one cog on the map
            actions += [row[c + 1][0] for c in cogs]
    actions += [*DISCARD, PASS, *(TAKE_BACK[c] for c in cogs), KEEP]
    return tuple(actions)


def all_chance_outcomes(game: Any) -> tuple[Any, ...]:
    """Every outcome of a chance node: the draw of each card kind ("Kartenstapel")."""
    return DRAW
