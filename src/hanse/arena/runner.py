"""Playing a tournament's games: in local processes or on a Ray cluster.

Every game is described by a :class:`GameSpec` (game, flags, bots per seat, seed) and produces an
:class:`Outcome` with its full record, so any result can be replayed (`hanse replay`).
"""

from __future__ import annotations

import math
import multiprocessing
import queue
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from hanse.arena.lineups import Lineup
from hanse.bots import make_bot
from hanse.core.match import play
from hanse.core.record import MatchRecord
from hanse.games import make


@dataclass(frozen=True)
class GameSpec:
    index: int
    game_id: str
    num_players: int
    flags: tuple[tuple[str, Any], ...]
    lineup: Lineup
    seed: int
    max_decisions: int | None = None  # a game still running after this many is left unfinished


@dataclass(frozen=True)
class Outcome:
    spec: GameSpec
    scores: list[int]
    winners: list[int]
    actions: int  # every applied action, chance included
    decisions: int  # the players' actions only
    record: dict[str, Any]  # MatchRecord.to_json()

    @property
    def finished(self) -> bool:
        """False for a game cut at its spec's ``max_decisions`` (no scores, no winners)."""
        return bool(self.winners)


def play_spec(spec: GameSpec) -> Outcome:
    game = make(spec.game_id, spec.num_players, **dict(spec.flags))
    bots = [make_bot(name) for name in spec.lineup]
    record = play(game, bots, random.Random(spec.seed), max_actions=spec.max_decisions)
    return Outcome(
        spec=spec,
        scores=list(record.scores or []),
        winners=list(record.winners or []),
        actions=len(record.actions),
        decisions=sum(1 for _ in record.decisions()),
        record=record.to_json(),
    )


class TournamentInterrupted(Exception):  # noqa: N818  # not an error: the user stopped it
    """Ctrl-C during a tournament: the workers are stopped; ``outcomes`` holds every game that
    had finished (issue 19: no finished game is thrown away)."""

    def __init__(self, outcomes: list[Outcome]) -> None:
        super().__init__(f"interrupted after {len(outcomes)} finished games")
        self.outcomes = outcomes


_finished: Any = None  # a worker's queue for its finished games (set by _start_worker)


def _start_worker(finished: Any) -> None:
    global _finished
    _finished = finished


def _play_chunk(specs: Sequence[GameSpec]) -> int:
    """Play a chunk in a worker, handing each game over as soon as it is finished."""
    for spec in specs:
        _finished.put(play_spec(spec))
    return len(specs)


def specs_for(
    game_id: str,
    num_players: int,
    flags: dict[str, Any],
    lineups: Sequence[Lineup],
    games_per_lineup: int,
    seed: int,
    max_decisions: int | None = None,
) -> list[GameSpec]:
    """Each lineup `games_per_lineup` times; game i has seed `seed + i`. Games still running after
    `max_decisions` decisions are cut (bots that stall a game must not hang a tournament)."""
    frozen = tuple(sorted(flags.items()))
    specs: list[GameSpec] = []
    for _ in range(games_per_lineup):
        for lineup in lineups:
            index = len(specs)
            specs.append(
                GameSpec(index, game_id, num_players, frozen, lineup, seed + index, max_decisions)
            )
    return specs


def run_tournament(
    specs: Sequence[GameSpec],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_done: Callable[[Outcome], None] = lambda o: None,
) -> list[Outcome]:
    """Play every game; results come back in spec order whatever the backend."""
    if backend == "ray":
        outcomes = _run_ray(specs, address, on_done)
    elif backend == "local":
        outcomes = _run_local(specs, jobs, on_done)
    else:
        raise ValueError(f"unknown backend {backend!r}: local or ray")
    return sorted(outcomes, key=lambda o: o.spec.index)


def _run_local(
    specs: Sequence[GameSpec], jobs: int, on_done: Callable[[Outcome], None]
) -> list[Outcome]:
    outcomes: list[Outcome] = []
    if jobs <= 1:
        try:
            for spec in specs:
                outcomes.append(play_spec(spec))
                on_done(outcomes[-1])
        except KeyboardInterrupt:
            raise TournamentInterrupted(outcomes) from None
        return outcomes
    # Games go to the workers in chunks (fast games would otherwise cost more in hand-over than
    # in play), and each finished game comes back at once through a queue, so that Ctrl-C loses
    # only the games still being played.
    chunk = max(1, min(25, math.ceil(len(specs) / (jobs * 4))))
    context = multiprocessing.get_context()
    finished = context.Queue()
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_start_worker, initargs=(finished,)
    )
    try:
        futures = [
            pool.submit(_play_chunk, specs[i : i + chunk]) for i in range(0, len(specs), chunk)
        ]
        while len(outcomes) < len(specs):
            try:
                outcome = finished.get(timeout=0.5)
            except queue.Empty:
                outcome = None
            if outcome is None:
                error = next((f.exception() for f in futures if f.done() and f.exception()), None)
                if error is not None:
                    _stop(pool)
                    raise error
                continue
            outcomes.append(outcome)
            on_done(outcome)
    except KeyboardInterrupt:
        _stop(pool)
        while True:  # games a worker finished before it was stopped
            try:
                outcomes.append(finished.get(timeout=0.1))
            except (queue.Empty, OSError, EOFError):
                break
        raise TournamentInterrupted(outcomes) from None
    pool.shutdown()
    return outcomes


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker at once (a game may run for minutes) and drop the games not begun."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _run_ray(
    specs: Sequence[GameSpec], address: str | None, on_done: Callable[[Outcome], None]
) -> list[Outcome]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs the extra: pip install 'hanse[arena]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        remote_play = ray.remote(play_spec)
        pending = [remote_play.remote(spec) for spec in specs]
        outcomes = []
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                outcomes.append(ray.get(done[0]))
                on_done(outcomes[-1])
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise TournamentInterrupted(outcomes) from None
        return outcomes
    finally:
        if started_here:
            ray.shutdown()


def record_of(outcome: Outcome) -> MatchRecord:
    return MatchRecord.from_json(outcome.record)
