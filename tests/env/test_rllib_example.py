"""examples/rllib_self_play.py: RLlib's PPO samples and learns on a Hanse game through RLlib's
PettingZoo wrapper, every seat mapped to one shared policy with masked logits, on a local Ray.

Hanse's env raises IllegalActionError for a code that is not legal, so two iterations that
sample whole games show the masking holds. Skipped where Ray cannot start or the ``rllib`` extra
(RLlib, torch) is not installed, and then it says which.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch", reason="the train extra (torch) is not installed")
pytest.importorskip("ray.rllib", reason="the rllib extra (ray[rllib]) is not installed")

import ray

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "rllib_self_play.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rllib_self_play", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def local_ray() -> Iterator[None]:
    try:
        ray.init(
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            # Workers unpickle the example's module and env maker by module name.
            runtime_env={"env_vars": {"PYTHONPATH": f"{ROOT / 'src'}:{EXAMPLE.parent}"}},
        )
    except Exception as error:  # noqa: BLE001 - any failure to start is a reason to skip
        pytest.skip(f"Ray cannot start a local instance here: {error}")
    try:
        yield
    finally:
        ray.shutdown()


def test_two_ppo_iterations_of_masked_self_play(local_ray: None) -> None:
    example = _example()
    args = example.parse(
        [
            "--game", "luebeck", "--players", "3", "--iterations", "2", "--env-runners", "1",
            "--batch-size", "300", "--minibatch", "100", "--epochs", "1", "--hidden", "32",
        ]
    )  # fmt: skip
    summaries = example.train(args)
    assert [s["iteration"] for s in summaries] == [1, 2]
    # Each iteration samples at least its batch of env steps (whole agent steps, one per seat).
    assert summaries[0]["env_steps"] >= 300
    assert summaries[1]["env_steps"] >= summaries[0]["env_steps"] + 300
    # A Lübeck game at 3 players takes some 250 decisions: 600 steps finish at least one.
    assert summaries[1]["episodes"] >= 1


def test_flags_reach_the_env() -> None:
    example = _example()
    args = example.parse(["--game", "kogge", "--players", "2", "--flag", "taxes=true"])
    config = example.build_config(args)
    assert config.env_config == {"game": "kogge", "players": 2, "flags": {"taxes": True}}
    env = example.make_env(config.env_config)
    assert env.env.unwrapped.runner.game.flags["taxes"] is True
