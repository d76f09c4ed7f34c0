"""The worker side of :mod:`hanse.env.process_vector`: shared arrays and the loop of one process.

The batch's arrays live in shared memory (``multiprocessing.RawArray``): the observations, masks,
deciding seats, rewards, ends and the actions. A worker holds a :class:`hanse.env.VectorEnv` of
its rows ``[start, stop)`` whose :class:`hanse.env.vector.Batch` *is* its slice of the shared
arrays, so a step writes its results where the main process reads them and nothing is pickled
but a short command and its answer. With no process (``workers=0``) the same loop runs in the
caller's process (:class:`LocalWorker`).
"""

from __future__ import annotations

import ctypes
import os
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import numpy as np

from hanse.env.vector import Batch, VectorEnv

_DTYPES: dict[str, tuple[Any, int]] = {
    "observations": (np.float32, 2),
    "masks": (np.int8, 2),
    "seats": (np.int64, 1),
    "rewards": (np.float32, 2),
    "terminated": (np.bool_, 1),
    "truncated": (np.bool_, 1),
    "illegal": (np.bool_, 1),
    "final_observations": (np.float32, 2),
    "final_masks": (np.int8, 2),
}
"""Every array of a :class:`Batch`: its dtype and number of dimensions."""


@dataclass
class SharedArrays:
    """A batch's arrays and the actions, in shared memory; see the module docstring."""

    num_envs: int
    observation_size: int
    action_size: int
    players: int
    raw: dict[str, Any] = field(default_factory=dict)
    """The ``RawArray`` of each array (``actions`` too): what a worker process is handed."""

    @classmethod
    def create(
        cls, context: Any, num_envs: int, observation_size: int, action_size: int, players: int
    ) -> SharedArrays:
        arrays = cls(num_envs, observation_size, action_size, players)
        for name, array in Batch.zeros(1, observation_size, action_size, players).__dict__.items():
            nbytes = num_envs * array.nbytes
            arrays.raw[name] = context.RawArray(ctypes.c_byte, nbytes)
        arrays.raw["actions"] = context.RawArray(ctypes.c_byte, num_envs * 8)
        return arrays

    def _width(self, name: str) -> int:
        widths = {
            "observations": self.observation_size,
            "final_observations": self.observation_size,
            "masks": self.action_size,
            "final_masks": self.action_size,
        }
        return widths.get(name, self.players)

    def array(self, name: str) -> np.ndarray[Any, Any]:
        """The whole array `name` over all rows (a view of the shared memory)."""
        if name == "actions":
            return np.frombuffer(self.raw[name], dtype=np.int64)
        dtype, dimensions = _DTYPES[name]
        flat = np.frombuffer(self.raw[name], dtype=dtype)
        return flat.reshape(self.num_envs, self._width(name)) if dimensions == 2 else flat

    def batch(self, start: int, stop: int) -> Batch:
        """Rows ``[start, stop)`` as a :class:`Batch` whose arrays are the shared memory."""
        return Batch(**{name: self.array(name)[start:stop] for name in _DTYPES})


@dataclass(frozen=True)
class WorkerSpec:
    """What a worker builds its games from: the configuration and its rows."""

    game_id: str
    players: int
    flags: dict[str, Any]
    reward: str
    max_steps: int | None
    illegal_action: str
    start: int
    stop: int
    cpu: int | None = None
    """The CPU the worker process is pinned to (None: wherever the system runs it)."""


def make_env(spec: WorkerSpec, arrays: SharedArrays) -> VectorEnv:
    """The worker's games, writing into its rows of the shared arrays."""
    venv = VectorEnv(
        spec.game_id,
        spec.players,
        spec.stop - spec.start,
        reward=spec.reward,
        max_steps=spec.max_steps,
        illegal_action=spec.illegal_action,
        batch=arrays.batch(spec.start, spec.stop),
        **spec.flags,
    )
    venv.first_row = spec.start
    return venv


def run_command(venv: VectorEnv, actions: np.ndarray[Any, Any], command: str, argument: Any) -> Any:
    """One command of the main process: ``step`` (the codes in `actions`), ``reset`` (one seed
    per row), ``refuse`` (raise the error for row `argument[0]`'s code `argument[1]`),
    ``games_finished`` or ``cpu_time`` (the process's CPU seconds)."""
    if command == "step":
        venv.step(actions)
        return None
    if command == "reset":
        venv.reset(argument)
        return None
    if command == "refuse":
        venv._refuse(*argument)
        return None
    if command == "games_finished":
        return venv.games_finished
    if command == "cpu_time":
        return time.process_time()
    raise ValueError(f"unknown command {command!r}")


def serve(connection: Connection, spec: WorkerSpec, arrays: SharedArrays) -> None:
    """The loop of a worker process: answer each command with ("ok", result) or ("error",
    exception) until ``close`` or the main process goes away."""
    try:
        if spec.cpu is not None:
            os.sched_setaffinity(0, {spec.cpu})
        venv = make_env(spec, arrays)
    except Exception as error:  # noqa: BLE001 - the main process raises it
        connection.send(("error", error))
        return
    actions = arrays.array("actions")[spec.start : spec.stop]
    connection.send(("ok", None))
    while True:
        try:
            command, argument = connection.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if command == "close":
            connection.send(("ok", None))
            return
        try:
            result = run_command(venv, actions, command, argument)
        except Exception as error:  # noqa: BLE001 - the main process raises it
            try:
                connection.send(("error", error))
            except Exception:  # noqa: BLE001 - one that does not pickle: its text does
                connection.send(("error", RuntimeError(traceback.format_exc())))
            continue
        connection.send(("ok", result))


class LocalWorker:
    """The worker loop in the caller's process (``workers=0``), behind the same two calls as a
    process's pipe: :meth:`send` a command, :meth:`recv` its answer."""

    def __init__(self, spec: WorkerSpec, arrays: SharedArrays) -> None:
        self.venv = make_env(spec, arrays)
        self.actions = arrays.array("actions")[spec.start : spec.stop]
        self._answer: tuple[str, Any] = ("ok", None)

    def send(self, message: tuple[str, Any]) -> None:
        command, argument = message
        if command == "close":
            self._answer = ("ok", None)
            return
        try:
            self._answer = ("ok", run_command(self.venv, self.actions, command, argument))
        except Exception as error:  # noqa: BLE001 - raised by the caller, as from a process
            self._answer = ("error", error)

    def recv(self) -> tuple[str, Any]:
        return self._answer
