"""Train a masked softmax policy with NumPy on the batched env, then play it in the arena.

    python examples/train_masked_policy.py --game luebeck --players 3 --seconds 600

The policy is linear: logits = observation @ W + b over the game's action codes, illegal codes
masked out (:mod:`hanse.env.codec`). Training is REINFORCE with a running-mean baseline and Adam:
``hanse.env.VectorEnv`` plays `--envs` games at once; in each game one seat, drawn at random, is the
learner and the others play uniformly random legal actions; when a game ends the learner's return
(+1 for a win, shared on ties, -1 for a loss) weights the log-probabilities of its decisions.

Afterwards the weights are saved (``--out``) and the trained policy, playing its most probable
legal action, meets the ``random`` bot in the arena (:mod:`hanse.arena`, every seat rotation),
reporting its win rate with a 95% interval beside the fair share. The policy enters the arena as
the bot ``examples/train_masked_policy.py:trained`` (weights from ``$HANSE_MASKED_POLICY``), so
``hanse arena`` can play it too.
"""

from __future__ import annotations

import os

# One process on one core: BLAS threads would only wait on each other for these small products.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hanse.arena import gauntlet, report, run_tournament
from hanse.arena.runner import specs_for
from hanse.core.protocol import Action, Game, View
from hanse.env import ActionCodec, ObservationEncoder, VectorEnv

HERE = Path(__file__).resolve()
WEIGHTS_VARIABLE = "HANSE_MASKED_POLICY"


class LinearPolicy:
    """logits = observation @ W + b, trained with Adam."""

    def __init__(self, observation_size: int, action_size: int, learning_rate: float) -> None:
        self.w = np.zeros((observation_size, action_size), dtype=np.float32)
        self.b = np.zeros(action_size, dtype=np.float32)
        self.learning_rate = learning_rate
        self._moments = [np.zeros_like(self.w), np.zeros_like(self.w)]
        self._bias_moments = [np.zeros_like(self.b), np.zeros_like(self.b)]
        self._updates = 0

    def probabilities(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        logits = observations @ self.w + self.b
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True)

    def sample(self, observations: np.ndarray, masks: np.ndarray, rng: np.random.Generator) -> Any:
        """One code per row, drawn from the masked softmax (Gumbel-max)."""
        logits = observations @ self.w + self.b
        noisy = logits + rng.gumbel(size=logits.shape).astype(np.float32)
        return np.where(masks > 0, noisy, -np.inf).argmax(axis=1)

    def update(
        self, observations: np.ndarray, masks: np.ndarray, codes: np.ndarray, advantages: np.ndarray
    ) -> None:
        """One Adam step up the REINFORCE gradient of sum(advantage * log pi(code))."""
        probabilities = self.probabilities(observations, masks)
        direction = -probabilities
        direction[np.arange(len(codes)), codes] += 1.0
        direction *= advantages[:, None] / len(codes)
        self._updates += 1
        for value, gradient, moments in (
            (self.w, observations.T @ direction, self._moments),
            (self.b, direction.sum(axis=0), self._bias_moments),
        ):
            moments[0] *= 0.9
            moments[0] += 0.1 * gradient
            moments[1] *= 0.999
            moments[1] += 0.001 * gradient**2
            first = moments[0] / (1 - 0.9**self._updates)
            second = moments[1] / (1 - 0.999**self._updates)
            value += self.learning_rate * first / (np.sqrt(second) + 1e-8)

    def save(self, path: Path) -> None:
        np.savez(path, w=self.w, b=self.b)


def train(args: argparse.Namespace) -> tuple[LinearPolicy, int, int]:
    """Train for `args.seconds`; returns the policy, games played and learner decisions."""
    venv = VectorEnv(args.game, args.players, args.envs)
    policy = LinearPolicy(venv.observation_size, venv.action_size, args.learning_rate)
    rng = np.random.default_rng(args.seed)
    batch = venv.reset(seed=args.seed)
    learner = rng.integers(args.players, size=args.envs)
    trajectories: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(args.envs)]
    pending: list[tuple[np.ndarray, np.ndarray, np.ndarray, float]] = []
    baseline, games, decisions = 0.0, 0, 0
    deadline = time.perf_counter() + args.seconds
    while time.perf_counter() < deadline:
        masks = batch.masks
        # Opponents: a uniformly random legal code (the largest random key among legal ones).
        codes = np.where(masks > 0, rng.random(masks.shape), -1.0).argmax(axis=1)
        mine = np.flatnonzero(batch.seats == learner)
        if len(mine):
            codes[mine] = policy.sample(batch.observations[mine], masks[mine], rng)
            for i in mine:
                trajectories[i].append((batch.observations[i].copy(), masks[i].copy(), codes[i]))
            decisions += len(mine)
        batch = venv.step(codes)
        for i in np.flatnonzero(batch.terminated | batch.truncated):
            steps = trajectories[i]
            result = float(batch.rewards[i, learner[i]]) if batch.terminated[i] else 0.0
            if steps:
                observations = np.stack([s[0] for s in steps])
                step_masks = np.stack([s[1] for s in steps])
                step_codes = np.array([s[2] for s in steps])
                pending.append((observations, step_masks, step_codes, result - baseline))
            baseline += 0.01 * (result - baseline)
            trajectories[i] = []
            learner[i] = rng.integers(args.players)
            games += 1
        if len(pending) >= args.games_per_update:
            policy.update(
                np.concatenate([p[0] for p in pending]),
                np.concatenate([p[1] for p in pending]),
                np.concatenate([p[2] for p in pending]),
                np.concatenate([np.full(len(p[2]), p[3], dtype=np.float32) for p in pending]),
            )
            pending = []
    return policy, games, decisions


class TrainedPolicyBot:
    """The trained policy as a Hanse bot: the most probable legal action of its view."""

    name = "masked-policy"

    def __init__(self, weights: Path) -> None:
        saved = np.load(weights)
        self.w, self.b = saved["w"], saved["b"]
        self._tables: dict[int, tuple[ActionCodec, ObservationEncoder]] = {}

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if id(game) not in self._tables:
            self._tables[id(game)] = (ActionCodec(game), ObservationEncoder(game))
        codec, encoder = self._tables[id(game)]
        logits = encoder.encode(view) @ self.w + self.b
        codes = codec.codes(legal)
        return legal[int(np.argmax(logits[codes]))]


def trained() -> TrainedPolicyBot:
    """Arena factory: the weights named by $HANSE_MASKED_POLICY."""
    return TrainedPolicyBot(Path(os.environ[WEIGHTS_VARIABLE]))


def evaluate(args: argparse.Namespace, weights: Path) -> str:
    os.environ[WEIGHTS_VARIABLE] = str(weights)
    name = f"{HERE}:trained"
    lineups = gauntlet(name, ["random"], args.players)
    specs = specs_for(args.game, args.players, {}, lineups, args.arena_games, args.seed)
    stats = report(run_tournament(specs, jobs=1), [name, "random"], ratings=False).bots[name]
    low, high = stats.ci95
    return (
        f"arena: {stats.seats_played} games against random, win rate {stats.win_rate:.1%} "
        f"(95% interval {low:.1%} to {high:.1%}; fair share {1 / args.players:.1%})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luebeck")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=600.0, help="training time")
    parser.add_argument("--envs", type=int, default=16, help="games in the batched env")
    parser.add_argument("--games-per-update", type=int, default=16)
    parser.add_argument("--learning-rate", type=float, default=0.003)
    parser.add_argument("--arena-games", type=int, default=100, help="games per seat rotation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("masked_policy.npz"))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    policy, games, decisions = train(args)
    elapsed = time.perf_counter() - start
    policy.save(args.out)
    print(
        f"trained {elapsed:.0f} s: {games} games, {decisions} learner decisions "
        f"({args.game}, {args.players} players); weights in {args.out}"
    )
    print(evaluate(args, args.out))


if __name__ == "__main__":
    main()
