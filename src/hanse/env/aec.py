"""The PettingZoo AEC environment of a Hanse game: ``hanse.env.pettingzoo_env("hansa", players=3)``.

Agents are ``player_0`` .. ``player_{n-1}`` (seat i). The agent selected is always the seat that
must decide now, which is not always the turn owner (a displaced Hansa trader's owner, the Lübeck
last drafter, Kogge robbery victims). Chance nodes are resolved inside the env with a
``random.Random`` seeded by ``reset(seed=...)``, so a seed fixes the whole game.

- Action space: ``Discrete(N)``, the configuration's action codes (:mod:`hanse.env.codec`). An
  action that is not legal raises :class:`hanse.core.IllegalActionError` and changes nothing.
- Observation: ``{"observation": float32 vector, "action_mask": int8 vector of length N}``, built
  from the agent's view only (:mod:`hanse.env.observation`); the mask is all zero for an agent
  that does not decide now.
- ``infos[agent]["view"]``: the raw view dict of the selected agent (and of every agent at the end).
- Rewards: ``reward="returns"`` (default) gives each seat ``game.returns`` when the game ends
  (winners share +1, the others -1) and 0 before; ``reward="scores"`` gives every seat the change
  of its rulebook points after each decision instead.
- ``max_steps``: decisions after which the game is cut (all agents truncated); by default the
  game's limit, above its longest random games (:mod:`hanse.env.limits`); 0: never.
- ``render_mode``: ``"ansi"`` (``render()`` returns the text board, as a spectator sees it) or
  ``"human"`` (printed after every reset and step).

:func:`hanse.env.pettingzoo_env` returns the env inside PettingZoo's ``OrderEnforcingWrapper``
(as PettingZoo's own games do: a clear error for ``step`` or ``last`` before ``reset``);
``env.unwrapped`` is the :class:`HanseAECEnv`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hanse.core.protocol import Game, View
from hanse.env.bounds import agent_observation_space
from hanse.env.runtime import GameRunner

REWARD_MODES = ("returns", "scores")
RENDER_MODES = (None, "ansi", "human")
"""``ansi``: ``render()`` returns the text board; ``human``: the board is printed after every
reset and step (and by ``render()``, which returns None)."""


def rendered(game: Game, view: View, mode: str | None) -> str | None:
    """The text board of `view` as `mode` asks: returned (ansi), printed (human) or none."""
    if mode is None:
        return None
    text = game.render(view)
    if mode == "human":
        print(text, flush=True)
        return None
    return text


def observation_space(runner: GameRunner) -> spaces.Dict:
    """The Dict space of one agent: the observation vector (finite bounds,
    :mod:`hanse.env.bounds`) and the action mask."""
    return agent_observation_space(runner.encoder, runner.codec.size)


class HanseAECEnv(AECEnv[str, dict[str, Any], int | None]):
    """A Hanse game as a PettingZoo AEC environment; see the module docstring."""

    def __init__(
        self,
        game: Game,
        reward: str = "returns",
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARD_MODES:
            raise ValueError(f"reward is one of {REWARD_MODES}, not {reward!r}")
        if render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES}, not {render_mode!r}")
        self.runner = GameRunner(game, max_steps)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": [mode for mode in RENDER_MODES if mode],
            "is_parallelizable": False,
            "name": f"hanse_{game.game_id}_v0",
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        space = observation_space(self.runner)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        action_space: spaces.Discrete = spaces.Discrete(self.runner.codec.size)
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._views: dict[str, View] = {}
        self._scores: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return f"hanse_{self.runner.game.game_id}_v0"

    # -- the AEC cycle ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.runner.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._scores = self.runner.scores()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """Point at the deciding seat and give it its view (at the end: every seat its own)."""
        self._views = {}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if self.runner.is_over or self.runner.is_truncated:
            for agent in self.agents:
                self.infos[agent] = {"view": self._view(agent)}
            return
        self.agent_selection = self.possible_agents[self.runner.decider]
        self.infos[self.agent_selection] = {"view": self._view(self.agent_selection)}

    def _view(self, agent: str) -> View:
        view = self._views.get(agent)
        if view is None:
            view = self._views[agent] = self.runner.view(self._seat[agent])
        return view

    def observe(self, agent: str) -> dict[str, Any]:
        deciding = not self.runner.is_over and self.possible_agents[self.runner.decider] == agent
        mask = self.runner.mask() if deciding else np.zeros(self.runner.codec.size, dtype=np.int8)
        return {"observation": self.runner.observation(self._view(agent)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        # Refused codes (IllegalActionError) change nothing, the agent's pending reward included.
        self.runner.apply_code(action)
        self._cumulative_rewards[agent] = 0.0
        if self.reward_mode == "scores":
            scores = self.runner.scores()
            self.rewards = {
                a: float(scores[i] - self._scores[i]) for i, a in enumerate(self.possible_agents)
            }
            self._scores = scores
        if self.runner.is_over:
            if self.reward_mode == "returns":
                returns = self.runner.returns()
                self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        elif self.runner.is_truncated:
            self.truncations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board as a spectator sees it (no seat's secrets)."""
        game = self.runner.game
        return rendered(game, game.view(self.runner.state, None), self.render_mode)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""
