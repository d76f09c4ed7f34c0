"""examples/train_learned_agent.py: the torch network it trains is the network the NumPy
`learned:PATH` bot plays, and a short run writes a weights file that bot loads and plays."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from env_helpers import walk

torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")

from hanse.bots import make_bot  # noqa: E402
from hanse.bots.learned import LearnedBot  # noqa: E402
from hanse.env import VectorEnv  # noqa: E402
from hanse.games import make  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_learned_agent.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_learned_agent", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_saved_network_gives_the_same_logits_in_numpy(tmp_path: Path) -> None:
    example = _example()
    venv = VectorEnv("speicherstadt", 2, 1)
    torch.manual_seed(3)
    net = example.PolicyValueNet(venv.observation_size, venv.action_size, [16, 8])
    for parameter in net.parameters():  # the policy head starts near zero: make it speak
        torch.nn.init.normal_(parameter)
    path = tmp_path / "net.npz"
    net.save(path, venv, "test")
    bot = LearnedBot(path)
    observations = np.random.default_rng(1).random((5, venv.observation_size), dtype=np.float32)
    with torch.no_grad():
        expected, _ = net(
            torch.from_numpy(observations), torch.ones(5, venv.action_size, dtype=torch.int8)
        )
    assert np.allclose(bot.logits(observations), expected.numpy(), rtol=1e-4, atol=1e-4)


def test_a_short_run_writes_weights_the_bot_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two rows, every game against `easy`: steps where no row waits on the learner come often
    (they once made the sampling fail on an empty batch)."""
    example = _example()
    out = tmp_path / "learned.npz"
    arguments = "--minutes 0.04 --imitate-minutes 0.02 --envs 2 --easy-share 1.0 --hidden 16"
    arguments += " --batch-size 128"
    example.main([*arguments.split(), "--minibatch", "64", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "imitation:" in printed and "self-play:" in printed and out.exists()
    bot = make_bot(f"learned:{out}")
    assert isinstance(bot, LearnedBot) and bot.describe(flags=False) == "luebeck with 3 players"
    game = make("luebeck", 3)
    for state, seat in walk(game, 2, max_decisions=150):
        legal = game.legal_actions(state)
        assert bot.act(game, game.view(state, seat), legal, random.Random(0)) in legal
