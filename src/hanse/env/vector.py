"""The batched env: K games of one configuration stepped together in one process.

Every game of the batch waits for one decision of the seat deciding now (self-play: the caller
decides for every seat). :meth:`VectorEnv.step` takes one action code per game and returns NumPy
batches::

    venv = VectorEnv("luebeck", players=3, num_envs=16)
    batch = venv.reset(seed=0)           # batch.observations (K, obs), .masks (K, N), .seats (K,)
    batch = venv.step(actions)           # plus .rewards (K, n), .terminated, .truncated (K,)

A game that ends (or is cut after ``max_steps`` decisions, by default the game's limit in
:mod:`hanse.env.limits`) is reset at once (auto-reset): its row then shows the first decision of
the next game, ``rewards`` holds the finished game's ``returns`` for every seat
(``reward="scores"``: each step's change of the rulebook points), and ``final_observations`` and
``final_masks`` its last observation as the seat that acted saw it. Game i of a reset with seed s
is seeded ``s + i`` (or from ``seed[i]``, given one per row), and its later games draw their
seeds from a generator seeded the same way, so a seed fixes the whole stream. The arrays are
reused from step to step: copy them to keep them (:func:`hanse.env.make_vec` returns new ones,
as Gymnasium's vector envs do, and steps the games in worker processes). A code that is not
legal in its game raises :class:`hanse.core.IllegalActionError` before any game of the batch
moves (``illegal_action="lose"``: that game ends, lost by the seat that gave it).

Speed: the rows hold exactly what ``ObservationEncoder.encode(view)`` and ``ActionCodec.mask``
give, but the observations are written from the state by the game's state encoder as one byte
code per number (:mod:`hanse.env.sparse`, tested equal to the view encoding), kept per game and
seat and rewritten only in the blocks whose state fields changed since that seat last decided
(:mod:`hanse.env.rows`; Lübeck's vector, which changes almost whole between two turns of a seat,
is written whole); NumPy turns all rows' codes into numbers with one division per step.
Actions are applied with ``apply_trusted`` once checked against the codes offered, and chance
draws likewise.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from operator import contains
from typing import Any

import numpy as np

from hanse.core.protocol import CHANCE, TERMINAL, IllegalActionError
from hanse.env.rows import ObservationRows
from hanse.env.runtime import GameRunner, action_code
from hanse.env.sparse import SparseObservation
from hanse.games import make

_LOST = -1
"""The code put in place of one not offered, with ``illegal_action="lose"``."""
_NEVER = sys.maxsize
"""No cut: more decisions than any game reaches."""


@dataclass
class Batch:
    """What :class:`VectorEnv` returns; one row per game."""

    observations: np.ndarray[Any, np.dtype[np.float32]]
    masks: np.ndarray[Any, np.dtype[np.int8]]
    seats: np.ndarray[Any, np.dtype[np.int64]]
    rewards: np.ndarray[Any, np.dtype[np.float32]]
    terminated: np.ndarray[Any, np.dtype[np.bool_]]
    truncated: np.ndarray[Any, np.dtype[np.bool_]]
    illegal: np.ndarray[Any, np.dtype[np.bool_]]
    """Rows whose game ended because its code was not legal (``illegal_action="lose"``)."""
    final_observations: np.ndarray[Any, np.dtype[np.float32]]
    """Where a game ended or was cut this step: its last observation, as the seat that acted
    saw it (the row itself shows the next game); other rows hold what an earlier end left."""
    final_masks: np.ndarray[Any, np.dtype[np.int8]]
    """Beside it: that seat's legal actions then (none once the game is over, nor where another
    seat decides the cut game)."""

    @classmethod
    def zeros(cls, num_envs: int, observation_size: int, action_size: int, players: int) -> Batch:
        """A batch of arrays of these sizes, all zero."""
        return cls(
            observations=np.zeros((num_envs, observation_size), dtype=np.float32),
            masks=np.zeros((num_envs, action_size), dtype=np.int8),
            seats=np.zeros(num_envs, dtype=np.int64),
            rewards=np.zeros((num_envs, players), dtype=np.float32),
            terminated=np.zeros(num_envs, dtype=np.bool_),
            truncated=np.zeros(num_envs, dtype=np.bool_),
            illegal=np.zeros(num_envs, dtype=np.bool_),
            final_observations=np.zeros((num_envs, observation_size), dtype=np.float32),
            final_masks=np.zeros((num_envs, action_size), dtype=np.int8),
        )

    def clear_ends(self) -> None:
        """No rewards and no game ended (before a step that may write some)."""
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        self.truncated.fill(False)
        self.illegal.fill(False)


class VectorEnv:
    """K games of one configuration stepped together in one process (self-play: every seat).

    ``reset(seed)`` and ``step(codes)`` return a :class:`Batch` of NumPy arrays: observations
    (K, obs) float32, masks (K, N) int8, the deciding seats (K,), rewards (K, players),
    terminated and truncated (K,). A game that ends or is cut (``max_steps``) is reset at once;
    its row then shows the next game, and ``rewards`` holds the finished game's returns
    (``reward="scores"``: each step's change of the rulebook points). The arrays are reused by
    the next step: copy them to keep them. A code not legal in its game raises
    IllegalActionError naming the game's row and the rule, before any game moves. Spaces of one
    row: :attr:`single_observation_space`, :attr:`single_action_space`. More in the module
    docstring (:mod:`hanse.env.vector`).
    """

    def __init__(
        self,
        game_id: str,
        players: int,
        num_envs: int,
        *,
        reward: str = "returns",
        max_steps: int | None = None,
        illegal_action: str = "raise",
        batch: Batch | None = None,
        **flags: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("a batch holds at least one game")
        if reward not in ("returns", "scores"):
            raise ValueError(f"reward is 'returns' or 'scores', not {reward!r}")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action is 'raise' or 'lose', not {illegal_action!r}")
        game = make(game_id, players, **flags)
        first = GameRunner(game, max_steps)
        self.runners = [first]
        for _ in range(num_envs - 1):
            runner = GameRunner.__new__(GameRunner)
            # The codec and encoder are immutable tables: one copy serves the batch.
            runner.game, runner.codec, runner.encoder = game, first.codec, first.encoder
            runner.max_steps = first.max_steps
            runner.reset(0)
            self.runners.append(runner)
        self.max_steps = first.max_steps
        """Decisions after which a game is cut (``hanse.env.limits``; None: never)."""
        self.illegal_action = illegal_action
        self.first_row = 0
        """The number of game 0 in error messages (a worker's part of a larger batch)."""
        self.game = game
        self.num_envs = num_envs
        self.num_players = players
        self.reward_mode = reward
        self.codec = first.codec
        self.encoder = first.encoder
        self.action_size = first.codec.size
        self.observation_size = first.encoder.size
        self.observer = SparseObservation(first.encoder)
        self._observations = ObservationRows(self.observer, num_envs, players)
        self._legal_codes: list[list[int]] = [[] for _ in range(num_envs)]
        """The codes offered to each row, against which step checks the codes it is given."""
        self._seats: list[int] = []
        self._offered: list[int] = []
        """The codes offered in this step, row after row, and how many per row."""
        self._offered_counts: list[int] = []
        self._mask_starts = np.arange(num_envs, dtype=np.int64) * self.action_size
        self._seeds = [random.Random(i) for i in range(num_envs)]
        self._scores: list[list[int]] = [[0] * players for _ in range(num_envs)]
        if batch is None:
            batch = Batch.zeros(num_envs, self.observation_size, self.action_size, players)
        self.batch = batch
        """The arrays every step writes (given: shared memory of a worker process)."""
        self._ended = False
        """Whether the last step wrote rewards or ended a game (the next clears them)."""
        self.games_finished = 0
        """Games that ended (not cut) since construction."""

    @property
    def single_observation_space(self) -> Any:
        """One row's observation: a float32 Box of :attr:`observation_size` with the bounds of
        every number (Gymnasium; :mod:`hanse.env.bounds`)."""
        from hanse.env.bounds import observation_box

        return observation_box(self.encoder)

    @property
    def single_action_space(self) -> Any:
        """One row's action: ``Discrete(action_size)``, the codec's codes (Gymnasium)."""
        from gymnasium import spaces

        return spaces.Discrete(self.action_size)

    def reset(self, seed: int | Sequence[int] | None = None) -> Batch:
        """New games in every row; `seed` fixes every game of the stream (None: fresh entropy):
        row i's games are seeded from ``seed + i``, or from ``seed[i]`` given one per row."""
        if seed is None or isinstance(seed, int | np.integer):
            base = random.randrange(2**62) if seed is None else int(seed)
            seeds = [base + i for i in range(self.num_envs)]
        else:
            seeds = [int(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} seeds needed, got {len(seeds)}")
        batch = self.batch
        batch.clear_ends()
        self._ended = False
        self._offered.clear()
        self._offered_counts.clear()
        self._seats.clear()
        for i in range(self.num_envs):
            self._seeds[i] = random.Random(seeds[i])
            self._write(i, self._restart(i))
        self._store()
        return batch

    def _restart(self, i: int) -> int:
        """A new game in row i; returns the seat to decide."""
        runner = self.runners[i]
        runner.reset(self._seeds[i].randrange(2**62))
        self._scores[i] = runner.scores()
        return runner.game.current_player(runner.state)

    def _write(self, i: int, seat: int) -> None:
        """Row i: observation, mask and seat of the seat deciding in game i (gathered; stored by
        :meth:`_store` once every row is written, in order)."""
        runner = self.runners[i]
        state = runner.state
        codes = self._legal_codes[i] = runner.codec.codes(runner.game.legal_actions(state))
        self._offered += codes
        self._offered_counts.append(len(codes))
        self._seats.append(seat)
        self._observations.add(i, state, seat)

    def _store(self) -> None:
        batch = self.batch
        self._observations.store(batch.observations)
        batch.masks.fill(0)
        ones = np.repeat(self._mask_starts, self._offered_counts)
        ones += self._offered
        batch.masks.reshape(-1)[ones] = 1
        batch.seats[:] = self._seats
        self._offered.clear()
        self._offered_counts.clear()
        self._seats.clear()

    def _refuse(self, i: int, code: int) -> None:
        """Raise IllegalActionError for a code game i was not offered, naming the game (row)
        and the rule."""
        runner = self.runners[i]
        row = self.first_row + i
        try:
            action = runner.codec.decode(code)  # raises for a code out of range
            # The protocol's gate names the rule that forbids it; on a copy, so nothing changes.
            runner.game.apply_action(runner.state.clone(), action)
        except IllegalActionError as error:
            raise IllegalActionError(f"game {row}: action code {code}: {error}") from None
        raise IllegalActionError(f"game {row}: action code {code} was not offered")

    def _codes(self, actions: Any) -> list[int]:
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":  # floats are refused, not rounded
            codes: list[int] = [action_code(c) for c in array.tolist()]
        else:
            codes = array.tolist()
        if len(codes) != self.num_envs:
            raise ValueError(f"{self.num_envs} action codes needed, got {len(codes)}")
        if not all(map(contains, self._legal_codes, codes)):
            for i, code in enumerate(codes):
                if code not in self._legal_codes[i]:
                    if self.illegal_action == "raise":
                        self._refuse(i, code)
                    codes[i] = _LOST
        return codes

    def step(self, actions: Any) -> Batch:
        """Apply one action code per game and auto-reset. A code that is not legal raises
        IllegalActionError before any game moves (``illegal_action="lose"``: its game ends,
        -1 for the seat that gave it and 0 for the others, ``illegal`` set)."""
        codes = self._codes(actions)
        batch = self.batch
        if self._ended:
            batch.clear_ends()
            self._ended = False
        scores_mode = self.reward_mode == "scores"
        max_steps = _NEVER if self.max_steps is None else self.max_steps
        game = self.game
        apply = game.apply_trusted
        current_player = game.current_player
        legal_actions = game.legal_actions
        decode = self.codec.actions
        codes_of = self.codec.codes
        legal_codes = self._legal_codes
        offered, offered_counts, seats = self._offered, self._offered_counts, self._seats
        observe = self._observations.add
        for i, (runner, code) in enumerate(zip(self.runners, codes, strict=True)):
            state = runner.state
            if code == _LOST:
                player = self._lose(i)
                state = runner.state
            else:
                # Checked above against the legal codes of this very state.
                apply(state, decode[code])
                runner.steps += 1
                player = current_player(state)
                if player < 0 or scores_mode or runner.steps >= max_steps:
                    player = self._after(i, player, scores_mode, max_steps)
                    state = runner.state
            offer = legal_codes[i] = codes_of(legal_actions(state))
            offered += offer
            offered_counts.append(len(offer))
            seats.append(player)
            observe(i, state, player)
        self._store()
        return batch

    def _lose(self, i: int) -> int:
        """Game i ends lost by the seat that gave a code not offered; the seat of the next."""
        batch = self.batch
        batch.rewards[i] = 0.0
        batch.rewards[i, self.runners[i].decider] = -1.0
        batch.terminated[i] = True
        batch.illegal[i] = True
        self._ended = True
        self._keep_final(i, self.runners[i].decider)
        return self._restart(i)

    def _keep_final(self, i: int, seat: int) -> None:
        """Game i's last observation and legal actions as `seat` (the one that acted) has them,
        before the row moves on to the next game (only at a game's end: the view encoder
        serves)."""
        runner = self.runners[i]
        batch = self.batch
        batch.final_observations[i] = self.encoder.encode(runner.game.view(runner.state, seat))
        mask = batch.final_masks[i]
        mask.fill(0)
        if runner.game.current_player(runner.state) == seat:
            mask[runner.codec.codes(runner.game.legal_actions(runner.state))] = 1

    def _after(self, i: int, player: int, scores_mode: bool, max_steps: int) -> int:
        """Chance, rewards, the end or cut of game i after its action; the seat to decide."""
        runner = self.runners[i]
        batch = self.batch
        if player == CHANCE:
            runner._resolve_chance()
            player = runner.game.current_player(runner.state)
        if scores_mode:
            scores = runner.scores()
            batch.rewards[i] = [a - b for a, b in zip(scores, self._scores[i], strict=True)]
            self._scores[i] = scores
            self._ended = True
        if player == TERMINAL:
            if not scores_mode:
                batch.rewards[i] = runner.returns()
            batch.terminated[i] = True
            self._ended = True
            self.games_finished += 1
            self._keep_final(i, int(batch.seats[i]))  # the seat that acted: not stored anew yet
            return self._restart(i)
        if runner.steps >= max_steps:
            batch.truncated[i] = True
            self._ended = True
            self._keep_final(i, int(batch.seats[i]))
            return self._restart(i)
        assert player != CHANCE  # the runner resolves chance
        return player
