"""The batched env: K games of one configuration stepped together in one process.

Every game of the batch waits for one decision of the seat deciding now (self-play: the caller
decides for every seat). :meth:`VectorEnv.step` takes one action code per game and returns NumPy
batches::

    venv = VectorEnv("luebeck", players=3, num_envs=16)
    batch = venv.reset(seed=0)           # batch.observations (K, obs), .masks (K, N), .seats (K,)
    batch = venv.step(actions)           # plus .rewards (K, n), .terminated, .truncated (K,)

A game that ends (or is cut after ``max_steps`` decisions) is reset at once (auto-reset): its row
then shows the first decision of the next game, and ``rewards`` holds the finished game's
``returns`` for every seat (``reward="scores"``: each step's change of the rulebook points).
Game i of a reset with seed s is seeded ``s + i``, and its later games draw their seeds from a
generator seeded the same way, so a seed fixes the whole stream. The arrays are reused from step to
step: copy them to keep them. A code that is not legal in its game raises
:class:`hanse.core.IllegalActionError` before any game of the batch moves.

Speed: the rows hold exactly what ``ObservationEncoder.encode(view)`` and ``ActionCodec.mask``
give, but the observations are written from the state by the game's state encoder
(:mod:`hanse.env.sparse`, tested equal to the view encoding), only their nonzero numbers, and every
array is filled with one NumPy call per step (:mod:`hanse.env.scatter`). Actions are applied with
``apply_trusted`` once checked against the codes offered, and chance draws likewise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from hanse.core.protocol import CHANCE, TERMINAL, IllegalActionError
from hanse.env.runtime import GameRunner
from hanse.env.scatter import RowScatter
from hanse.env.sparse import SparseObservation
from hanse.games import make


@dataclass
class Batch:
    """What :class:`VectorEnv` returns; one row per game."""

    observations: np.ndarray[Any, np.dtype[np.float32]]
    masks: np.ndarray[Any, np.dtype[np.int8]]
    seats: np.ndarray[Any, np.dtype[np.int64]]
    rewards: np.ndarray[Any, np.dtype[np.float32]]
    terminated: np.ndarray[Any, np.dtype[np.bool_]]
    truncated: np.ndarray[Any, np.dtype[np.bool_]]


class VectorEnv:
    """K games stepped together; see the module docstring."""

    def __init__(
        self,
        game_id: str,
        players: int,
        num_envs: int,
        *,
        reward: str = "returns",
        max_steps: int | None = None,
        **flags: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("a batch holds at least one game")
        if reward not in ("returns", "scores"):
            raise ValueError(f"reward is 'returns' or 'scores', not {reward!r}")
        game = make(game_id, players, **flags)
        first = GameRunner(game, max_steps)
        self.runners = [first]
        for _ in range(num_envs - 1):
            runner = GameRunner.__new__(GameRunner)
            # The codec and encoder are immutable tables: one copy serves the batch.
            runner.game, runner.codec, runner.encoder = game, first.codec, first.encoder
            runner.max_steps = max_steps
            runner.reset(0)
            self.runners.append(runner)
        self.game = game
        self.num_envs = num_envs
        self.num_players = players
        self.reward_mode = reward
        self.codec = first.codec
        self.encoder = first.encoder
        self.action_size = first.codec.size
        self.observation_size = first.encoder.size
        self.observer = SparseObservation(first.encoder)
        self._rows = RowScatter(self.observer, num_envs, self.action_size)
        self._legal_codes: list[list[int]] = [[] for _ in range(num_envs)]
        """The codes offered to each row, against which step checks the codes it is given."""
        self._seeds = [random.Random(i) for i in range(num_envs)]
        self._scores: list[list[int]] = [[0] * players for _ in range(num_envs)]
        self.batch = Batch(
            observations=np.zeros((num_envs, self.observation_size), dtype=np.float32),
            masks=np.zeros((num_envs, self.action_size), dtype=np.int8),
            seats=np.zeros(num_envs, dtype=np.int64),
            rewards=np.zeros((num_envs, players), dtype=np.float32),
            terminated=np.zeros(num_envs, dtype=np.bool_),
            truncated=np.zeros(num_envs, dtype=np.bool_),
        )
        self.games_finished = 0
        """Games that ended (not cut) since construction."""

    def reset(self, seed: int | None = None) -> Batch:
        """New games in every row; `seed` fixes every game of the stream (None: fresh entropy)."""
        base = random.randrange(2**62) if seed is None else seed
        batch = self.batch
        batch.rewards.fill(0.0)
        batch.terminated.fill(False)
        batch.truncated.fill(False)
        for i in range(self.num_envs):
            self._seeds[i] = random.Random(base + i)
            self._restart(i)
        self._store()
        return batch

    def _restart(self, i: int) -> None:
        runner = self.runners[i]
        runner.reset(self._seeds[i].randrange(2**62))
        self._scores[i] = runner.scores()
        self._write(i, runner.game.current_player(runner.state))

    def _write(self, i: int, seat: int) -> None:
        """Row i: observation, mask and seat of the seat deciding in game i (gathered; stored by
        :meth:`_store` once every row is written)."""
        runner = self.runners[i]
        state = runner.state
        codes = self._legal_codes[i] = runner.codec.codes(runner.game.legal_actions(state))
        self._rows.add(state, seat, codes)

    def _store(self) -> None:
        batch = self.batch
        self._rows.store(batch.observations, batch.masks, batch.seats)

    def _refuse(self, i: int, code: int) -> None:
        """Raise IllegalActionError for a code game i was not offered."""
        runner = self.runners[i]
        action = runner.codec.decode(code)  # raises for a code out of range
        # The protocol's gate names the rule that forbids it; on a copy, so nothing changes.
        runner.game.apply_action(runner.state.clone(), action)
        raise IllegalActionError(f"action code {code} was not offered to game {i}")

    def step(self, actions: Any) -> Batch:
        """Apply one action code per game and auto-reset; a code that is not legal raises
        IllegalActionError before any game moves."""
        codes = [int(code) for code in np.asarray(actions).tolist()]
        if len(codes) != self.num_envs:
            raise ValueError(f"{self.num_envs} action codes needed, got {len(codes)}")
        for i, code in enumerate(codes):
            if code not in self._legal_codes[i]:
                self._refuse(i, code)
        batch = self.batch
        rewards = batch.rewards
        rewards.fill(0.0)
        batch.terminated.fill(False)
        batch.truncated.fill(False)
        scores_mode = self.reward_mode == "scores"
        max_steps = self.runners[0].max_steps
        for i, code in enumerate(codes):
            runner = self.runners[i]
            # Checked above against the legal codes of this very state.
            runner.apply_trusted(runner.codec.actions[code])
            player = runner.game.current_player(runner.state)
            if scores_mode:
                scores = runner.scores()
                rewards[i] = [a - b for a, b in zip(scores, self._scores[i], strict=True)]
                self._scores[i] = scores
            if player == TERMINAL:
                if not scores_mode:
                    rewards[i] = runner.returns()
                batch.terminated[i] = True
                self.games_finished += 1
                self._restart(i)
            elif max_steps is not None and runner.steps >= max_steps:
                batch.truncated[i] = True
                self._restart(i)
            else:
                assert player != CHANCE  # the runner resolves chance
                self._write(i, player)
        self._store()
        return batch
