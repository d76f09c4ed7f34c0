"""The Gymnasium env of one seat: ``hanse.env.gym_env("kogge", players=3, opponents="easy")``.

The learner plays `seat`; every other seat is played by a Hanse bot (``hanse.bots.make_bot``:
``random``, ``easy``, ``medium``, ``hard``, or ``module:factory``), which sees only its view, as
everywhere in Hanse. ``reset`` and ``step`` let the bots and chance move until the learner must
decide or the game is over; chance and the bots draw from one ``random.Random`` seeded from the
env's ``np_random`` at reset, so a seed fixes the game.

- Action space ``Discrete(N)`` (:mod:`hanse.env.codec`); ``action_masks()`` and
  ``info["action_mask"]`` give the legal codes (the form sb3-contrib's MaskablePPO reads), and the
  observation carries the mask too.
- Observation: ``{"observation": float32 vector from the seat's view, "action_mask": int8}``;
  ``env.unwrapped.view()`` is the raw view, and ``info_view=True`` puts it into every ``info``
  too (off by default: ``gymnasium.vector`` stacks info entries, which a nested view defeats).
- Opponents: ``random``, ``easy``, or a search level with a fixed budget (``medium@50``,
  ``hard@400``: :func:`hanse.bots.make_bot`) give the same episode for the same seed; ``medium``
  and ``hard`` think for a time, so their play depends on the machine and its load. The bots are
  made anew at every reset.
- Reward: ``returns`` of the seat at the end (``reward="scores"``: the change of its rulebook
  points since its last decision).
- An action that is not legal: ``illegal_action="lose"`` (default) ends the episode with reward -1
  (the worst return; -1 in ``reward="scores"`` too), an all-zero mask and
  ``info["illegal_action"] = True``, as unmasked samplers need (a further step before ``reset``
  raises); ``illegal_action="raise"`` raises :class:`hanse.core.IllegalActionError`.
- ``max_steps``: decisions (all seats) after which the episode is truncated; by default the
  game's limit (:mod:`hanse.env.limits`); 0: never.
- ``render_mode``: ``"ansi"`` (``render()`` returns the learner's text board) or ``"human"``
  (printed after every reset and step).
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from hanse.bots import make_bot
from hanse.core.match import Bot
from hanse.core.protocol import Game, IllegalActionError, View
from hanse.env.aec import RENDER_MODES, REWARD_MODES, observation_space, rendered
from hanse.env.runtime import GameRunner, action_code

ILLEGAL_MODES = ("lose", "raise")


class HanseGymEnv(gymnasium.Env[dict[str, Any], int]):
    """One seat of a Hanse game against bots; see the module docstring."""

    def __init__(
        self,
        game: Game,
        *,
        seat: int = 0,
        opponents: str | list[str] = "easy",
        reward: str = "returns",
        illegal_action: str = "lose",
        max_steps: int | None = None,
        render_mode: str | None = None,
        info_view: bool = False,
    ) -> None:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat} is not a seat of a {game.num_players}-player game")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward is one of {REWARD_MODES}, not {reward!r}")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action is one of {ILLEGAL_MODES}, not {illegal_action!r}")
        if render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES}, not {render_mode!r}")
        others = [s for s in range(game.num_players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} opponents needed, got {len(names)}")
        self.opponents = dict(zip(others, names, strict=True))
        """The bot name of each other seat."""
        self.bots: dict[int, Bot] = self._new_bots()
        self.info_view = info_view
        self.runner = GameRunner(game, max_steps)
        self.seat = seat
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.metadata = {"render_modes": [mode for mode in RENDER_MODES if mode]}
        self.observation_space = observation_space(self.runner)
        # Discrete is a Space of NumPy integers; the env takes any integer code (Gymnasium's
        # stubs type the two differently from version to version).
        self.action_space = cast("spaces.Space[int]", spaces.Discrete(self.runner.codec.size))
        self._score = 0
        self._lost = False
        """The episode ended with an illegal action (``illegal_action="lose"``)."""
        self._mask = np.zeros(self.runner.codec.size, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        # New bots each episode: `easy` remembers the views it decided in, so an old one would
        # play a seeded game differently the second time.
        self.bots = self._new_bots()
        self._lost = False
        self.runner.reset(int(self.np_random.integers(2**62)))
        self._play_others()
        self._score = self.runner.scores()[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def _new_bots(self) -> dict[int, Bot]:
        return {seat: make_bot(name) for seat, name in self.opponents.items()}

    def _play_others(self) -> None:
        """Bots decide until the learner must, the game is over or it is cut."""
        runner = self.runner
        while not runner.is_over and not runner.is_truncated and runner.decider != self.seat:
            seat = runner.decider
            legal = runner.legal_actions()
            view = runner.view(seat)
            runner.apply(self.bots[seat].act(runner.game, view, legal, runner.rng))

    def _observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        view: View = self.runner.view(self.seat)
        deciding = not (self.runner.is_over or self._lost) and self.runner.decider == self.seat
        self._mask = self.runner.mask() if deciding else np.zeros_like(self._mask)
        observation = {
            "observation": self.runner.observation(view),
            "action_mask": self._mask.copy(),
        }
        info: dict[str, Any] = {"action_mask": self._mask.copy()}
        if self.info_view:
            info["view"] = view
        return observation, info

    def view(self) -> View:
        """The learner's view of the game now (the raw dict the observation is made from)."""
        return self.runner.view(self.seat)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal codes of the learner's pending decision."""
        return self._mask.copy()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        code = action_code(action)  # a float or a bool is a mistake, not a move: it raises
        if self._lost:
            raise IllegalActionError("the episode ended with an illegal action: call reset()")
        legal = 0 <= code < len(self._mask) and bool(self._mask[code])
        if not legal and self.illegal_action == "lose":
            self._lost = True  # the episode is over: no legal code any more, like a game's end
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, -1.0, True, False, info
        self.runner.apply_code(code)  # IllegalActionError, naming the rule, for an illegal code
        self._play_others()
        observation, info = self._observe()
        terminated = self.runner.is_over
        truncated = self.runner.is_truncated
        if self.reward_mode == "scores":
            score = self.runner.scores()[self.seat]
            reward = float(score - self._score)
            self._score = score
        else:
            reward = self.runner.returns()[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, truncated, info

    def render(self) -> Any:
        """The board as the learner's seat sees it: the text (``ansi``) or None."""
        return rendered(self.runner.game, self.runner.view(self.seat), self.render_mode)
