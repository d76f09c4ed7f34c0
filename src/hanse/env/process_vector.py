"""Self-play across processes: ``hanse.env.make_vec("kogge", players=3, num_envs=16, workers=2)``.

A :class:`gymnasium.vector.VectorEnv` of `num_envs` games of one configuration, every seat played
by the caller (self-play), stepped by `workers` processes, each one a :class:`hanse.env.VectorEnv`
of its share of the rows (``workers=0``: in the caller's process). The observations, masks and
results are written by the workers into shared memory (:mod:`hanse.env.vector_worker`); the main
process sends each worker a short command per step and copies the results out, so every call
returns new arrays the caller may keep.

- ``observation_space``: Gymnasium's batch of :attr:`single_observation_space`, the Dict of the
  Gymnasium and PettingZoo envs: ``{"observation": float32 (K, obs), "action_mask": int8 (K, N)}``,
  the row being the view of the seat deciding in that game (finite bounds per number:
  :mod:`hanse.env.bounds`). ``action_space``: ``MultiDiscrete([N] * K)``, one code per game.
- ``info["seat"]``: the seat deciding now in each game (int64, (K,)); ``info["rewards"]``: every
  seat's reward of this step (float32, (K, players)); ``info["illegal"]``: the game ended because
  its code was not legal. Each comes with Gymnasium's ``_name`` mask (all true).
- ``rewards``: the reward of the seat that acted in each game (``reward="returns"``: the finished
  game's returns, winners share +1, the others -1; ``"scores"``: the change of its points).
- Auto-reset in the same step (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): a
  game that ends or is cut after ``max_steps`` decisions (by default the game's limit,
  :mod:`hanse.env.limits`; ``max_steps=0``: never) is reset at once, and its row shows the first
  decision of the next game, with ``terminated`` or ``truncated`` set and the finished game's
  rewards in ``rewards`` and ``info["rewards"]``. As Gymnasium's own vector envs in this mode,
  ``info["final_obs"]`` then holds (an object array, None for the other games) the finished
  game's last observation as the seat that acted saw it, with that seat's legal actions then in
  its ``action_mask`` (none once the game is over), and ``info["final_info"]`` the seat that
  acted (``seat``), every seat's ``rewards`` and ``illegal``, each with its ``_`` mask.
- Seeds: ``reset(seed=s)`` seeds game i with ``s + i`` and its later games from a generator
  seeded so (as :class:`hanse.env.VectorEnv`), whatever the number of workers: the same seed and
  actions give the same results with 0, 1 or 2 workers. ``reset(seed=[...])`` gives one seed per
  game; ``reset()`` draws them from :attr:`np_random`.
- An action that is not legal: ``illegal_action="lose"`` (default) ends that game, -1 for the
  seat that gave it and 0 for the others, ``info["illegal"]`` set; ``"raise"`` raises
  :class:`hanse.core.IllegalActionError` naming the game and the rule before any game moves.
- Processes are started with `context` (a ``multiprocessing`` start method; None: the
  platform's default) and stopped by :meth:`close`. With ``pin_workers=True`` (Linux) worker i
  runs only on the i-th CPU this process may use (round the list again past its end): two
  workers on a two-core machine then never share a core, which the scheduler otherwise lets
  happen for milliseconds at a time, every step waiting on the slower of the two. Worth it where
  the workers have the cores to themselves; left off by default, since several pinned envs (or
  a learner) on one machine would crowd the first cores.
"""

from __future__ import annotations

import multiprocessing
import os
from itertools import pairwise
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from hanse.core.protocol import IllegalActionError
from hanse.env.bounds import agent_observation_space
from hanse.env.codec import ActionCodec
from hanse.env.limits import resolve_max_steps
from hanse.env.observation import ObservationEncoder
from hanse.env.runtime import action_code
from hanse.env.vector_worker import LocalWorker, SharedArrays, WorkerSpec, serve
from hanse.games import make

_INFO_KEYS = ("seat", "rewards", "illegal")


def _usable_cpus() -> list[int]:
    """The CPUs this process may run on, in order (``pin_workers``); Linux only."""
    if not hasattr(os, "sched_getaffinity"):
        raise ValueError("pin_workers needs a system that pins processes to CPUs (Linux)")
    return sorted(os.sched_getaffinity(0))


class HanseVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], Any, Any]):
    """`num_envs` self-play games in `workers` processes; see the module docstring."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int,
        num_envs: int = 16,
        *,
        workers: int = 1,
        reward: str = "returns",
        max_steps: int | None = None,
        illegal_action: str = "lose",
        context: str | None = None,
        pin_workers: bool = False,
        **flags: Any,
    ) -> None:
        self._processes: list[Any] = []
        self._workers: list[Any] = []
        if num_envs < 1:
            raise ValueError("a batch holds at least one game")
        if not 0 <= workers <= num_envs:
            raise ValueError(f"workers is 0 (no process) to num_envs ({num_envs}), not {workers}")
        if reward not in ("returns", "scores"):
            raise ValueError(f"reward is 'returns' or 'scores', not {reward!r}")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action is 'raise' or 'lose', not {illegal_action!r}")
        game = make(game_id, players, **flags)  # unknown flags are refused here, with the list
        codec, encoder = ActionCodec(game), ObservationEncoder(game)
        self.max_steps = resolve_max_steps(game, max_steps)
        """Decisions after which a game is cut (:mod:`hanse.env.limits`; None: never)."""
        self.game_id = game_id
        self.num_envs = num_envs
        self.num_players = players
        self.illegal_action = illegal_action
        self.action_size = codec.size
        """Codes per game (the mask's length)."""
        self.observation_size = encoder.size
        self.single_observation_space = agent_observation_space(encoder, codec.size)
        self.single_action_space = gymnasium.spaces.Discrete(codec.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)
        process_context = multiprocessing.get_context(context)
        self._arrays = SharedArrays.create(
            process_context, num_envs, encoder.size, codec.size, players
        )
        # Every array the workers share (a Batch's and the actions), as the main process reads it.
        self._shared = {name: self._arrays.array(name) for name in self._arrays.raw}
        self._acting = np.zeros(num_envs, dtype=np.int64)
        """The seat deciding in each game, as the last call returned it."""
        bounds = np.linspace(0, num_envs, max(workers, 1) + 1).round().astype(int).tolist()
        self._starts = bounds[:-1]
        cpus = _usable_cpus() if pin_workers and workers > 0 else []
        specs = [
            WorkerSpec(
                game_id,
                players,
                dict(flags),
                reward,
                max_steps,
                illegal_action,
                a,
                b,
                cpus[w % len(cpus)] if cpus else None,
            )
            for w, (a, b) in enumerate(pairwise(bounds))
        ]
        self.closed = False
        try:
            if workers == 0:
                self._workers = [LocalWorker(specs[0], self._arrays)]
            else:
                self._start_processes(process_context, specs)
            self._answers()
        except BaseException:
            self.close()
            raise

    def _start_processes(self, context: Any, specs: list[WorkerSpec]) -> None:
        for spec in specs:
            mine, theirs = context.Pipe()
            process = context.Process(
                target=serve,
                args=(theirs, spec, self._arrays),
                name=f"hanse-{spec.game_id}-rows-{spec.start}-{spec.stop}",
                daemon=True,
            )
            process.start()
            theirs.close()
            self._processes.append(process)
            self._workers.append(mine)

    def _answers(self, workers: list[Any] | None = None) -> list[Any]:
        """Every worker's answer to the last command; the first error is raised (after all
        answered, so that no answer is left in a pipe)."""
        results: list[Any] = []
        error: BaseException | None = None
        for worker in self._workers if workers is None else workers:
            try:
                status, result = worker.recv()
            except EOFError:
                status, result = "error", RuntimeError("a worker process ended unexpectedly")
            if status == "error" and error is None:
                error = result
            results.append(result)
        if error is not None:
            raise error
        return results

    def _command(self, command: str, arguments: list[Any] | None = None) -> list[Any]:
        if self.closed:
            raise RuntimeError("the vector env is closed")
        try:
            for w, worker in enumerate(self._workers):
                worker.send((command, None if arguments is None else arguments[w]))
        except OSError as error:  # a broken pipe: the process is gone
            raise RuntimeError(f"a worker process ended unexpectedly ({error})") from None
        return self._answers()

    # -- the Gymnasium interface ------------------------------------------------------------------
    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """New games in every row; see the module docstring for the seeds. No options."""
        if options:
            raise ValueError(f"reset takes no options, got {sorted(options)}")
        if isinstance(seed, int | np.integer):
            self._np_random, self._np_random_seed = seeding.np_random(int(seed))
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            if seed is not None and len(seed) != self.num_envs:
                raise ValueError(f"{self.num_envs} seeds needed, got {len(seed)}")
            drawn = self.np_random.integers(2**62, size=self.num_envs).tolist()
            given = [None] * self.num_envs if seed is None else seed
            seeds = [d if s is None else int(s) for s, d in zip(given, drawn, strict=True)]
        ends = [*self._starts[1:], self.num_envs]
        self._command("reset", [seeds[a:b] for a, b in zip(self._starts, ends, strict=True)])
        observations, info, _ = self._results()
        return observations, info

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], Any, dict[str, Any]]:
        """One action code per game (a sequence or an integer array of `num_envs`)."""
        codes = np.asarray(actions)
        if codes.dtype.kind not in "iu":  # floats are refused, not rounded
            codes = np.array([action_code(c) for c in codes.reshape(-1).tolist()], dtype=np.int64)
        if codes.shape != (self.num_envs,):
            raise ValueError(f"{self.num_envs} action codes needed, got shape {codes.shape}")
        if self.illegal_action == "raise":
            self._check(codes)
        self._shared["actions"][:] = codes
        acting = self._acting.copy()
        self._command("step")
        observations, info, all_rewards = self._results()
        rewards = all_rewards[self._rows, acting]
        terminated = self._shared["terminated"].copy()
        truncated = self._shared["truncated"].copy()
        ended = terminated | truncated
        if ended.any():
            self._add_finals(info, ended, acting)
        return observations, rewards, terminated, truncated, info

    def _add_finals(
        self, info: dict[str, Any], ended: np.ndarray[Any, Any], acting: np.ndarray[Any, Any]
    ) -> None:
        """Gymnasium's same-step auto-reset entries for the games that ended or were cut:
        ``final_obs`` (an object array: each such game's last observation as the seat that
        acted saw it, its legal actions then in the mask; None elsewhere) and ``final_info``
        (the seat that acted, every seat's rewards, ``illegal``), each with its ``_`` mask."""
        shared = self._shared
        finals = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended).tolist():
            finals[i] = {
                "observation": shared["final_observations"][i].copy(),
                "action_mask": shared["final_masks"][i].copy(),
            }
        info["final_obs"], info["_final_obs"] = finals, ended.copy()
        info["final_info"] = {
            "seat": acting,
            "_seat": ended.copy(),
            "rewards": info["rewards"].copy(),
            "_rewards": ended.copy(),
            "illegal": info["illegal"].copy(),
            "_illegal": ended.copy(),
        }
        info["_final_info"] = ended.copy()

    def _check(self, codes: np.ndarray[Any, Any]) -> None:
        """Raise for the first code its game was not offered, before any game moves."""
        masks = self._shared["masks"]
        size = masks.shape[1]
        inside = (codes >= 0) & (codes < size)
        offered = np.zeros(self.num_envs, dtype=np.bool_)
        offered[inside] = masks[self._rows[inside], codes[inside]] == 1
        if offered.all():
            return
        row = int(np.flatnonzero(~offered)[0])
        w = int(np.searchsorted(self._starts, row, side="right")) - 1
        worker = self._workers[w]
        worker.send(("refuse", (row - self._starts[w], int(codes[row]))))
        self._answers([worker])
        raise IllegalActionError(f"game {row}: action code {int(codes[row])} was not offered")

    def _results(self) -> tuple[dict[str, Any], dict[str, Any], np.ndarray[Any, Any]]:
        """New arrays of what the workers wrote: observations, info, every seat's rewards."""
        shared = self._shared
        self._acting = shared["seats"].copy()
        observations = {
            "observation": shared["observations"].copy(),
            "action_mask": shared["masks"].copy(),
        }
        info: dict[str, Any] = {
            "seat": self._acting.copy(),
            "rewards": shared["rewards"].copy(),
            "illegal": shared["illegal"].copy(),
        }
        for key in _INFO_KEYS:  # Gymnasium's mask of the games an info entry holds: all
            info[f"_{key}"] = np.ones(self.num_envs, dtype=np.bool_)
        return observations, info, info["rewards"]

    @property
    def games_finished(self) -> int:
        """Games that ended (not cut) in every worker since construction."""
        return int(sum(self._command("games_finished")))

    def worker_cpu_seconds(self) -> float:
        """CPU seconds the worker processes have used so far (0 without processes: the
        caller's process then does the work)."""
        if not self._processes:
            return 0.0
        return float(sum(self._command("cpu_time")))

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes."""
        for worker, process in zip(self._workers, self._processes, strict=False):
            try:
                if process.is_alive():
                    worker.send(("close", None))
                    worker.recv()
            except (BrokenPipeError, EOFError, OSError):
                pass
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)
        for worker in self._workers:
            if hasattr(worker, "close"):
                worker.close()
        self._processes = []
        self._workers = []

    def __enter__(self) -> HanseVectorEnv:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        if not getattr(self, "closed", True):
            self.close()

    def __repr__(self) -> str:
        workers = len(self._processes)
        return (
            f"HanseVectorEnv({self.game_id}, players={self.num_players}, "
            f"num_envs={self.num_envs}, workers={workers})"
        )
