"""One game in progress for the environments: state, seeded chance, codes, observations.

Every adapter (PettingZoo, Gymnasium, the batched env) drives games through a :class:`GameRunner`:
it holds the state and a ``random.Random`` seeded at reset, resolves chance nodes at once with that
generator (so a seed fixes the whole game), and turns views into observations and legal actions
into masks. An action is applied through ``game.apply_action``, the protocol's single gate, so an
illegal code raises :class:`hanse.core.IllegalActionError` and changes nothing; the batched env,
which checks each code against the codes it offered, uses :meth:`GameRunner.apply_trusted`. Chance
outcomes are drawn from the state's own ``chance_outcomes`` and applied with ``apply_trusted``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Action, Game, IllegalActionError, State, View
from hanse.env.codec import ActionCodec
from hanse.env.limits import resolve_max_steps
from hanse.env.observation import ObservationEncoder


def action_code(action: Any) -> int:
    """An action given to an env as an integer code (Python or NumPy integer, or a 0-d integer
    array); anything else, a float included, is refused rather than rounded."""
    if isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    raise IllegalActionError(f"an action is an integer code, not {action!r}")


class GameRunner:
    """A game, its codec and observation encoder, and the state of the game being played."""

    def __init__(self, game: Game, max_steps: int | None = None) -> None:
        self.game = game
        self.codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game)
        self.max_steps = resolve_max_steps(game, max_steps)
        """Decisions after which a game is cut (truncated); None: never. Given as None, the
        game's default (:mod:`hanse.env.limits`); given as 0, never."""
        self.rng = random.Random(0)
        self.state: State = game.new_initial_state()
        self.steps = 0
        """Decisions taken since the reset."""

    def reset(self, seed: int | None = None) -> None:
        """A new game; `seed` fixes every chance outcome (None: fresh entropy)."""
        self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.steps = 0
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        game, state = self.game, self.state
        while game.current_player(state) == CHANCE:
            # Drawn from this very state's chance_outcomes: no second check needed.
            game.apply_trusted(state, sample_chance(game, state, self.rng))

    @property
    def decider(self) -> int:
        """The seat to decide, or TERMINAL (chance is never pending between steps)."""
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.decider == TERMINAL

    @property
    def is_truncated(self) -> bool:
        """Cut after `max_steps` decisions before the game ended."""
        return self.max_steps is not None and self.steps >= self.max_steps and not self.is_over

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.game.legal_actions(self.state)

    def legal_codes(self) -> list[int]:
        return self.codec.codes(self.legal_actions())

    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal codes of the seat to decide (all zero when the game is over)."""
        return self.codec.mask(self.legal_actions())

    def apply(self, action: Action) -> None:
        """Apply the decider's action (IllegalActionError if it is not legal), then chance."""
        self.game.apply_action(self.state, action)
        self.steps += 1
        self._resolve_chance()

    def apply_trusted(self, action: Action) -> None:
        """Apply an action of ``legal_actions()`` of the current state without checking it a
        second time (``Game.apply_trusted``), then chance."""
        self.game.apply_trusted(self.state, action)
        self.steps += 1
        self._resolve_chance()

    def apply_code(self, code: int) -> None:
        self.apply(self.codec.decode(action_code(code)))

    def view(self, seat: int) -> View:
        return self.game.view(self.state, seat)

    def observation(self, view: View) -> np.ndarray[Any, np.dtype[np.float32]]:
        return self.encoder.encode(view)

    def scores(self) -> list[int]:
        return list(self.game.scores(self.state))

    def returns(self) -> list[float]:
        return list(self.game.returns(self.state))
