"""Multi-agent self-play with Ray RLlib (PPO, action masking) on a Hanse game's PettingZoo env.

    python examples/rllib_self_play.py --game luebeck --players 3 --iterations 20
    python examples/rllib_self_play.py --address auto ...     # on a running Ray cluster

Needs RLlib and torch: ``pip install 'hanse[rllib]'`` (RLlib of the arena's Ray version).

The env is :func:`hanse.env.pettingzoo_env` inside RLlib's own ``PettingZooEnv`` wrapper, every
seat an agent. All agents map to one shared policy, so the game is played against copies of
itself (self-play with parameter sharing). Observations are ``{"observation", "action_mask"}``;
:class:`MaskedPPOModule` feeds the vector to RLlib's default PPO networks and pushes the logits of
illegal codes to the float minimum, so no illegal action is ever sampled (the env would raise
``IllegalActionError`` for one). Sampling runs in `--env-runners` Ray actors; without
`--address` Ray starts a local instance, exactly as the same code runs on a cluster.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import ray
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.utils.torch_utils import FLOAT_MIN
from ray.tune.registry import register_env

from hanse.env import pettingzoo_env
from hanse.games import game_class, parse_flag

ENV_NAME = "hanse_pettingzoo"
SHARED = "shared"
"""The one policy every seat plays."""


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """The Hanse AEC env in RLlib's PettingZoo wrapper (called in every env runner)."""
    return PettingZooEnv(pettingzoo_env(config["game"], config["players"], **config["flags"]))


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO networks over the ``observation`` vector, with illegal codes masked.

    The env's Dict observation space is kept as the module's space (RLlib's connectors batch the
    dict); the networks are built for its ``observation`` part alone.
    """

    def __init__(self, *, observation_space: gym.spaces.Dict, **kwargs: Any) -> None:
        self.observation_space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self) -> None:
        super().setup()
        self.observation_space = self.observation_space_with_mask

    def _split(self, batch: dict[str, Any]) -> torch.Tensor:
        """Replace the dict observation by its vector; returns the additive logit mask."""
        observation = batch[Columns.OBS]
        if isinstance(observation, dict):
            batch[Columns.OBS] = observation["observation"]
            batch["action_mask"] = observation["action_mask"]
        return torch.clamp(torch.log(batch["action_mask"].float()), min=FLOAT_MIN)

    def _forward_inference(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._split(batch)
        out = super()._forward_inference(batch, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + mask
        return out

    def _forward_exploration(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._split(batch)
        out = super()._forward_exploration(batch, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + mask
        return out

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._split(batch)
        out = super()._forward_train(batch, **kwargs)
        out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + mask
        return out

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        self._split(batch)  # GAE asks for values of the dict observations first
        return super().compute_values(batch, embeddings)


def build_config(args: argparse.Namespace) -> PPOConfig:
    flags = dict(parse_flag(game_class(args.game), text) for text in args.flag)
    return (
        PPOConfig()
        .environment(
            ENV_NAME,
            env_config={"game": args.game, "players": args.players, "flags": flags},
            # RLlib's check steps the env with unmasked random actions, which Hanse refuses.
            disable_env_checking=True,
        )
        .multi_agent(
            policies={SHARED},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: SHARED,
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    SHARED: RLModuleSpec(
                        module_class=MaskedPPOModule,
                        model_config={"fcnet_hiddens": args.hidden, "vf_share_layers": True},
                    )
                }
            )
        )
        .env_runners(num_env_runners=args.env_runners, num_cpus_per_env_runner=1)
        .training(
            train_batch_size_per_learner=args.batch_size,
            minibatch_size=args.minibatch,
            num_epochs=args.epochs,
            lr=args.learning_rate,
            vf_loss_coeff=0.5,
            entropy_coeff=0.01,
        )
        .debugging(seed=args.seed)
    )


def train(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run `args.iterations` PPO iterations; one summary per iteration."""
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    register_env(ENV_NAME, make_env)
    algo = build_config(args).build_algo()
    summaries = []
    try:
        start = time.perf_counter()
        for iteration in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            summary = {
                "iteration": iteration,
                "env_steps": int(result.get("num_env_steps_sampled_lifetime", 0)),
                "episodes": int(runners.get("num_episodes_lifetime", 0)),
                "episode_length": float(runners.get("episode_len_mean", float("nan"))),
                "seconds": time.perf_counter() - start,
            }
            summaries.append(summary)
            print(
                f"iteration {iteration}: {summary['env_steps']} env steps, "
                f"{summary['episodes']} games, mean length {summary['episode_length']:.0f}, "
                f"{summary['seconds']:.0f} s",
                flush=True,
            )
        if args.checkpoint:
            print(f"checkpoint in {algo.save(str(args.checkpoint.resolve())).checkpoint.path}")
    finally:
        algo.stop()
        if started_here:
            ray.shutdown()
    return summaries


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luebeck")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--flag", action="append", default=[], help="name=value, as hanse play")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--env-runners", type=int, default=1, help="Ray actors that sample")
    parser.add_argument("--address", default=None, help="a Ray cluster ('auto'); else local")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
    parser.add_argument("--batch-size", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch", type=int, default=500)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checkpoint", type=Path, default=None, help="save the algorithm here")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    train(parse(argv))


if __name__ == "__main__":
    main()
