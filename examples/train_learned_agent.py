"""Train a policy and value network by self-play on the batched env, for the `learned:PATH` bot.

    python examples/train_learned_agent.py --game luebeck --players 3 --minutes 70 --out learned.npz
    hanse arena luebeck --players 3 --challenger learned:learned.npz --bot easy --games 100

Needs torch (``pip install 'hanse[train]'``); the weights file it writes is played by the bot
``learned:PATH`` with NumPy alone (:mod:`hanse.bots.learned`).

The network is a multilayer perceptron over the game's observation vector with a policy head over
the action codes (illegal codes masked out) and a value head. Training has two phases, both on
``hanse.env.VectorEnv`` (`--envs` games stepped together):

1. Imitation (`--imitate-minutes`, optional): every seat is played by `easy`; the policy learns
   easy's choices (cross-entropy) and the value head the final returns. This gives the search for
   a better policy a sensible start instead of random play.
2. PPO with action masking (the rest of `--minutes`): in each game one seat or every seat is the
   learner, the current network sampling its actions. With probability `--easy-share` a game seats
   one learner among `easy` bots; otherwise it is pure self-play, every seat the learner, or (with
   probability `--past-share` of those) one learner among frozen copies of earlier networks. A
   finished game's returns (+1 the winner, -1 the others) are the only rewards; advantages are
   GAE(lambda) with the value head as baseline, undiscounted.

Progress is printed every `--log-seconds`: games, learner decisions, and the learner's recent win
rate against `easy` (sampling its actions, the `learned` bot takes the most probable). The weights
are saved at every log line, so a run cut short leaves a usable file.
"""

from __future__ import annotations

import os

# One process, one core: BLAS threads would only wait on each other for these small products.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import copy
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn

from hanse.bots.heuristic import HeuristicBot
from hanse.bots.learned import save_weights
from hanse.env import VectorEnv

LEARNER, EASY, PAST = 0, 1, 2
"""What plays a seat in one game of the batch."""


class PolicyValueNet(nn.Module):
    """ReLU layers shared by a policy head (logits over action codes) and a value head."""

    def __init__(self, observation_size: int, action_size: int, hidden: Sequence[int]) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        inputs = observation_size
        for width in hidden:
            layers += [nn.Linear(inputs, width), nn.ReLU()]
            inputs = width
        self.body = nn.Sequential(*layers)
        self.policy = nn.Linear(inputs, action_size)
        self.value = nn.Linear(inputs, 1)
        nn.init.orthogonal_(self.policy.weight, gain=0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal codes at -1e9) and values."""
        h = self.body(x)
        logits = self.policy(h).masked_fill(mask == 0, -1e9)
        return logits, self.value(h).squeeze(-1)

    def save(self, path: Path, venv: VectorEnv, note: str) -> None:
        linears = [m for m in self.body if isinstance(m, nn.Linear)]
        pair = lambda m: (m.weight.detach().numpy().T, m.bias.detach().numpy())  # noqa: E731
        save_weights(
            path,
            game=venv.game,
            hidden=[pair(m) for m in linears],
            policy=pair(self.policy),
            value=pair(self.value),
            note=note,
        )


@dataclass
class Trajectory:
    """One seat's decisions in one game so far."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    log_probs: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)


class Buffer:
    """Finished trajectories waiting for the next update."""

    def __init__(self) -> None:
        self.parts: dict[str, list[np.ndarray]] = {}
        self.size = 0

    def add(self, **arrays: np.ndarray) -> None:
        for key, array in arrays.items():
            self.parts.setdefault(key, []).append(array)
        self.size += len(next(iter(arrays.values())))

    def take(self) -> dict[str, torch.Tensor]:
        tensors = {k: torch.from_numpy(np.concatenate(v)) for k, v in self.parts.items()}
        self.parts, self.size = {}, 0
        return tensors


def easy_codes(venv: VectorEnv, rows: Sequence[int], bot: HeuristicBot, rng: random.Random) -> list:
    """The action codes `easy` picks in the given rows, from each deciding seat's view."""
    codes = []
    for i in rows:
        runner = venv.runners[i]
        seat = runner.game.current_player(runner.state)
        action = bot.act(runner.game, runner.view(seat), runner.legal_actions(), rng)
        codes.append(runner.codec.encode(action))
    return codes


def sample(logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    distribution = torch.distributions.Categorical(logits=logits)
    codes = distribution.sample()
    return codes, distribution.log_prob(codes)


class Trainer:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        torch.manual_seed(args.seed)
        self.rng = np.random.default_rng(args.seed)
        self.bot_rng = random.Random(args.seed)
        self.easy = HeuristicBot()
        self.venv = VectorEnv(args.game, args.players, args.envs)
        self.net = PolicyValueNet(self.venv.observation_size, self.venv.action_size, args.hidden)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=args.learning_rate)
        self.past: deque[PolicyValueNet] = deque(maxlen=args.past_copies)
        self.roles = np.zeros((args.envs, args.players), dtype=np.int64)
        self.trajectories = [[Trajectory() for _ in range(args.players)] for _ in range(args.envs)]
        self.buffer = Buffer()
        self.games = self.decisions = self.updates = 0
        self.against_easy: deque[float] = deque(maxlen=args.window)
        self.started = time.perf_counter()
        self.last_log = self.started

    # -- logging and saving --------------------------------------------------------------

    def log(self, phase: str, extra: str = "", force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last_log < self.args.log_seconds:
            return
        self.last_log = now
        recent = self.against_easy
        rate = f"{np.mean(recent):.1%} of last {len(recent)}" if recent else "-"
        print(
            f"[{(now - self.started) / 60:5.1f} min] {phase}: {self.games} games, "
            f"{self.decisions} learner decisions, {self.updates} updates; "
            f"wins against easy {rate} (fair {1 / self.args.players:.1%}){extra}",
            flush=True,
        )
        note = (
            f"{phase} after {(now - self.started) / 60:.0f} min, {self.games} games, "
            f"examples/train_learned_agent.py seed {self.args.seed}"
        )
        self.net.save(self.args.out, self.venv, note)

    # -- phase 1: imitation of easy ------------------------------------------------------

    def imitate(self, deadline: float) -> None:
        args, venv = self.args, self.venv
        batch = venv.reset(seed=args.seed)
        every_row = list(range(args.envs))
        pending: list[list[tuple[np.ndarray, np.ndarray, int, int]]] = [[] for _ in every_row]
        fresh = Buffer()
        replay: deque[dict[str, torch.Tensor]] = deque(maxlen=args.replay_batches)
        accuracy: deque[float] = deque(maxlen=10)
        optimizer = torch.optim.Adam(self.net.parameters(), lr=args.imitation_learning_rate)
        while time.perf_counter() < deadline:
            codes = easy_codes(venv, every_row, self.easy, self.bot_rng)
            for i in every_row:
                pending[i].append(
                    (batch.observations[i].copy(), batch.masks[i].copy(), codes[i], batch.seats[i])
                )
            batch = venv.step(np.array(codes))
            for i in np.flatnonzero(batch.terminated):
                steps = pending[i]
                fresh.add(
                    observations=np.stack([s[0] for s in steps]),
                    masks=np.stack([s[1] for s in steps]),
                    codes=np.array([s[2] for s in steps], dtype=np.int64),
                    returns=batch.rewards[i][[s[3] for s in steps]].astype(np.float32),
                )
                pending[i] = []
                self.games += 1
            if fresh.size >= args.batch_size:
                data = fresh.take()
                self.decisions += len(data["codes"])
                accuracy.append(self._matched(data))
                replay.append(data)
                self._imitation_pass(replay, optimizer)
            self.log("imitation", f"; easy's choice matched {np.mean(accuracy or [0]):.1%}")

    def _matched(self, data: dict[str, torch.Tensor]) -> float:
        """The share of easy's choices in fresh games that the policy ranks first."""
        with torch.no_grad():
            logits, _ = self.net(data["observations"], data["masks"])
        return float((logits.argmax(1) == data["codes"]).float().mean())

    def _imitation_pass(
        self, replay: deque[dict[str, torch.Tensor]], optimizer: torch.optim.Optimizer
    ) -> None:
        """One epoch over the replay of recent games: cross-entropy on easy's choices plus the
        value's squared error against the final returns. Games cost far more than gradient
        steps, so each decision is learned from in several passes."""
        data = {key: torch.cat([part[key] for part in replay]) for key in replay[0]}
        for chunk in torch.randperm(len(data["codes"])).split(self.args.minibatch):
            logits, values = self.net(data["observations"][chunk], data["masks"][chunk])
            loss = nn.functional.cross_entropy(logits, data["codes"][chunk])
            loss = loss + 0.5 * ((values - data["returns"][chunk]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
            optimizer.step()
        self.updates += 1

    # -- phase 2: PPO self-play ----------------------------------------------------------

    def _seat_roles(self, i: int) -> None:
        """Who plays each seat of the game just started in row i."""
        args, players = self.args, self.args.players
        roles = self.roles[i]
        learner = self.rng.integers(players)
        if self.rng.random() < args.easy_share:
            roles[:] = EASY
        elif self.past and self.rng.random() < args.past_share:
            roles[:] = PAST
        else:
            roles[:] = LEARNER
        roles[learner] = LEARNER

    def self_play(self, deadline: float) -> None:
        args, venv = self.args, self.venv
        batch = venv.reset(seed=args.seed + 1_000_000)
        for i in range(args.envs):
            self._seat_roles(i)
        rows = np.arange(args.envs)
        past_net = self.past[-1] if self.past else None
        while time.perf_counter() < deadline:
            roles = self.roles[rows, batch.seats]
            codes = np.zeros(args.envs, dtype=np.int64)
            learners = np.flatnonzero(roles == LEARNER)
            observations = torch.from_numpy(batch.observations)
            masks = torch.from_numpy(batch.masks)
            with torch.no_grad():
                # With few rows, every row may wait on an opponent: no learner decides this step.
                if len(learners):
                    logits, values = self.net(observations[learners], masks[learners])
                    chosen, log_probs = sample(logits)
                    codes[learners] = chosen.numpy()
                past_rows = np.flatnonzero(roles == PAST)
                if len(past_rows) and past_net is not None:
                    codes[past_rows] = sample(
                        past_net(observations[past_rows], masks[past_rows])[0]
                    )[0].numpy()
            easy_rows = np.flatnonzero(roles == EASY)
            if len(easy_rows):
                codes[easy_rows] = easy_codes(venv, easy_rows, self.easy, self.bot_rng)
            for k, i in enumerate(learners):
                trajectory = self.trajectories[i][batch.seats[i]]
                trajectory.observations.append(batch.observations[i].copy())
                trajectory.masks.append(batch.masks[i].copy())
                trajectory.codes.append(int(codes[i]))
                trajectory.log_probs.append(float(log_probs[k]))
                trajectory.values.append(float(values[k]))
            self.decisions += len(learners)
            batch = venv.step(codes)
            for i in np.flatnonzero(batch.terminated):
                self._finish(i, batch.rewards[i])
                self._seat_roles(i)
            if self.buffer.size >= args.batch_size:
                self._ppo_update(self.buffer.take())
                if self.updates % args.past_every == 0:
                    self.past.append(copy.deepcopy(self.net))
                    past_net = self.past[int(self.rng.integers(len(self.past)))]
            self.log("self-play")

    def _finish(self, i: int, returns: np.ndarray) -> None:
        """Turn the finished game of row i into advantages and value targets."""
        roles = self.roles[i]
        if (roles == EASY).any():
            self.against_easy.append(float(returns[roles == LEARNER][0] > 0))
        for seat, trajectory in enumerate(self.trajectories[i]):
            if roles[seat] != LEARNER or not trajectory.codes:
                continue
            values = np.array(trajectory.values, dtype=np.float32)
            # Only the last decision is rewarded: delta_t = V(t+1) - V(t), the last R - V(T).
            following = np.append(values[1:], np.float32(returns[seat]))
            deltas = following - values
            advantages = np.zeros_like(values)
            running = 0.0
            for t in range(len(values) - 1, -1, -1):
                running = deltas[t] + self.args.gae_lambda * running
                advantages[t] = running
            self.buffer.add(
                observations=np.stack(trajectory.observations),
                masks=np.stack(trajectory.masks),
                codes=np.array(trajectory.codes, dtype=np.int64),
                log_probs=np.array(trajectory.log_probs, dtype=np.float32),
                advantages=advantages,
                returns=advantages + values,
            )
            self.trajectories[i][seat] = Trajectory()
        self.games += 1

    def _ppo_update(self, data: dict[str, torch.Tensor]) -> None:
        args = self.args
        advantages = data["advantages"]
        data["advantages"] = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        n = len(data["codes"])
        for _ in range(args.epochs):
            for chunk in torch.randperm(n).split(args.minibatch):
                logits, values = self.net(data["observations"][chunk], data["masks"][chunk])
                distribution = torch.distributions.Categorical(logits=logits)
                log_probs = distribution.log_prob(data["codes"][chunk])
                ratio = torch.exp(log_probs - data["log_probs"][chunk])
                advantage = data["advantages"][chunk]
                clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
                policy_loss = -torch.min(ratio * advantage, clipped * advantage).mean()
                value_loss = ((values - data["returns"][chunk]) ** 2).mean()
                # Entropy over the legal codes only: masked codes have probability 0.
                probabilities = distribution.probs
                entropy = -(probabilities * torch.log(probabilities + 1e-12)).sum(1).mean()
                loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.optimizer.step()
        self.updates += 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luebeck")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--minutes", type=float, default=70.0, help="whole training time")
    parser.add_argument("--imitate-minutes", type=float, default=10.0, help="phase 1's share")
    parser.add_argument("--envs", type=int, default=64, help="games in the batched env")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
    parser.add_argument("--easy-share", type=float, default=0.5)
    parser.add_argument("--past-share", type=float, default=0.3)
    parser.add_argument("--past-copies", type=int, default=5)
    parser.add_argument("--past-every", type=int, default=10, help="updates between copies")
    parser.add_argument("--batch-size", type=int, default=16384, help="decisions per update")
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--imitation-learning-rate", type=float, default=1e-3)
    parser.add_argument("--replay-batches", type=int, default=8, help="imitation's memory")
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--window", type=int, default=500, help="games in the win rate")
    parser.add_argument("--log-seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learned.npz"))
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    trainer = Trainer(args)
    start = time.perf_counter()
    imitation_end = start + 60 * min(args.imitate_minutes, args.minutes)
    if args.imitate_minutes > 0:
        trainer.imitate(imitation_end)
        trainer.log("imitation", force=True)
    trainer.self_play(start + 60 * args.minutes)
    trainer.log("self-play", force=True)
    print(f"weights in {args.out}")


if __name__ == "__main__":
    main()
