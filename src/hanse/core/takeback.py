"""Taking a move back, as Board Game Arena lets a player undo within its turn: the rule shared by
the web tables (``hanse.server``) and the terminal (:class:`hanse.core.match.Match`).

A player may take back its own decisions, one at a time, while it still decides and nothing came
after them: no other player's move and no chance (a card drawn cannot be put back unseen). A move
that showed the player something hidden stands too: Kogge's look at face-down markers (expert
rule D), a cog's step that turns a marker up, a trade that lays the reserve's markers open to
choose from. Whether a move showed anything is found from the game's own secrecy: the parts
hidden from the player before the move are re-dealt (``resample_hidden``) and the move applied
again; if the player's view after it differs from one re-deal to another, the move told it
something.
"""

from __future__ import annotations

import random
from typing import Any

from hanse.core.game import GameBase
from hanse.core.protocol import Action, Game, IllegalActionError, State


def showed_nothing(
    game: Game, before: State, after: State, action: Action, seat: int, samples: int = 16
) -> bool:
    """Whether `seat`'s `action`, which turned `before` into `after` with no chance after it,
    told the seat nothing it did not know (see the module docstring)."""
    seen = game.view(after, seat)
    rng = random.Random(0)  # a check, not a draw: no secret depends on it
    if type(game).resample_hidden is GameBase.resample_hidden:
        samples = 1  # a game without hidden information re-deals nothing
    for _ in range(samples):
        other: Any = game.resample_hidden(before, seat, rng)
        try:
            game.apply_action(other, action)
        except IllegalActionError:
            return False
        if game.view(other, seat) != seen:
            return False
    return True


NOT_DECIDING = "a move can be taken back only while its player still decides"
NOTHING_OF_YOURS = "no move of yours came after the last move of another player or of chance"
SHOWED_SOMETHING = "your last move showed you something hidden, so it stands"
