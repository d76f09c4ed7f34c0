"""How many decisions a game may run in an env before it is cut (truncated).

Every env cuts a game after ``max_steps`` decisions (every seat's, chance not counted) and says
so with ``truncated``, as Gymnasium expects of an episode that did not end by its rules. Left
out (None), the limit is the game's :data:`MAX_STEPS`, well above the longest game of random
play (which makes the longest games: players who decide well end them sooner); ``max_steps=0``
never cuts.

Random-episode lengths (decisions per game: fewest / median / 99th percentile / most), 200
uniformly random games per player count with default flags, 2026-11-27 (the engine's own loop,
``random.Random(players)``), and the limit chosen, above every one of them:

- Lübeck, 1,000: 3 players 227/253/284/288, 4: 218/246/261/267, 5: 215/235/250/251.
- Hansa Teutonica, 50,000: 2 players 5,146/11,909/23,841/25,042, 3: 7,591/13,743/22,918/24,922,
  4: 8,088/18,435/31,789/32,168, 5: 12,813/22,466/34,970/38,424.
- Kogge, 1,000: 2 players 100/137/199/235, 3: 133/209/297/305, 4: 193/279/381/445.
- Die Speicherstadt, 1,000: 2 players 179/194/208/213, 3: 195/212/228/232, 4: 218/231/245/247,
  5: 216/229/242/246.
"""

from __future__ import annotations

from hanse.core.protocol import Game

MAX_STEPS = {"luebeck": 1_000, "hansa": 50_000, "kogge": 1_000, "speicherstadt": 1_000}
"""The default limit of decisions per game; see the module docstring."""


def resolve_max_steps(game: Game, max_steps: int | None) -> int | None:
    """The limit an env applies: `max_steps` given, the game's default for None, no limit
    (None) for 0."""
    if max_steps is None:
        return MAX_STEPS.get(game.game_id)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
        raise ValueError(f"max_steps is a number of decisions (0: no limit), not {max_steps!r}")
    return max_steps or None
