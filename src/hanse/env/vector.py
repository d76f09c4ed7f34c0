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
step: copy them to keep them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.runtime import GameRunner
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
        return batch

    def _restart(self, i: int) -> None:
        runner = self.runners[i]
        runner.reset(self._seeds[i].randrange(2**62))
        self._scores[i] = runner.scores()
        self._write(i)

    def _write(self, i: int) -> None:
        """Row i of observations, masks and seats for the seat deciding in game i."""
        runner = self.runners[i]
        seat = runner.game.current_player(runner.state)
        batch = self.batch
        batch.seats[i] = seat
        features = runner.encoder.features(runner.game.view(runner.state, seat))
        batch.observations[i] = np.fromiter(features, np.float32, self.observation_size)
        mask = batch.masks[i]
        mask.fill(0)
        mask[runner.codec.codes(runner.game.legal_actions(runner.state))] = 1

    def step(self, actions: Any) -> Batch:
        """Apply one action code per game (IllegalActionError for one not legal) and auto-reset."""
        batch = self.batch
        rewards = batch.rewards
        rewards.fill(0.0)
        batch.terminated.fill(False)
        batch.truncated.fill(False)
        scores_mode = self.reward_mode == "scores"
        for i, code in enumerate(np.asarray(actions).tolist()):
            runner = self.runners[i]
            runner.apply_code(code)
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
            elif runner.is_truncated:
                batch.truncated[i] = True
                self._restart(i)
            else:
                assert player != CHANCE  # the runner resolves chance
                self._write(i)
        return batch
