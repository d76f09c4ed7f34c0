"""Research environments: the Hanse games for learning code (DESIGN.md, "Research environments").

Install with ``pip install -e '.[rl]'`` (PettingZoo, Gymnasium, NumPy, OpenSpiel); the games
themselves need none of these.

- :class:`ActionCodec` (:mod:`hanse.env.codec`): every possible action of a configuration numbered
  once, ``encode``/``decode``, the legal ones as a mask.
- :class:`ObservationEncoder` (:mod:`hanse.env.observation`): a seat's view as a fixed-length
  float32 vector, one documented layout per game (:mod:`hanse.env.observations`).
- :func:`pettingzoo_env`: a PettingZoo AEC env with every seat an agent.
- :func:`gym_env`: a Gymnasium env for one seat, the others played by Hanse bots; also
  ``gymnasium.make("hanse/Kogge-v0", players=3)`` (:data:`GYMNASIUM_IDS`, registered on import).
- :class:`VectorEnv`: K games stepped in one process with auto-reset and NumPy batches; its
  observations come from per-game state encoders (:mod:`hanse.env.state_observations`) that write
  the same vectors as the view encoders as byte codes (:mod:`hanse.env.sparse`), kept from step
  to step and rewritten where the state changed (:mod:`hanse.env.rows`).
- :func:`make_vec`: self-play across processes, a ``gymnasium.vector.VectorEnv`` of K games
  stepped by worker processes through shared memory (:mod:`hanse.env.process_vector`).
- Every env cuts a game after the game's default number of decisions (:mod:`hanse.env.limits`)
  unless told otherwise (``max_steps``), and its observation Box has finite bounds
  (:mod:`hanse.env.bounds`).
- :func:`register_openspiel`: the games as pyspiel Python games (``python_hanse_<game>``); call it
  in every process before ``pyspiel.load_game`` (importing ``hanse.env`` alone does not).

Flags (variants) are keyword arguments everywhere, as for :func:`hanse.games.make`; ``hanse
games`` lists each game's, and an unknown one is refused with the list.

Chance is resolved inside every env with a ``random.Random`` seeded at reset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hanse.env.codec import ActionCodec
from hanse.env.observation import ObservationEncoder
from hanse.env.runtime import GameRunner
from hanse.env.vector import VectorEnv
from hanse.games import game_class, make

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from hanse.env.process_vector import HanseVectorEnv
    from hanse.env.single_agent import HanseGymEnv

__all__ = [
    "GYMNASIUM_IDS",
    "ActionCodec",
    "GameRunner",
    "ObservationEncoder",
    "VectorEnv",
    "gym_env",
    "make_vec",
    "pettingzoo_env",
    "register_openspiel",
]


def pettingzoo_env(
    game_id: str,
    players: int,
    *,
    reward: str = "returns",
    max_steps: int | None = None,
    render_mode: str | None = None,
    **flags: Any,
) -> AECEnv[str, dict[str, Any], int | None]:
    """A PettingZoo AEC env: ``pettingzoo_env("hansa", players=3)``; flags as for ``make``
    (``hanse games`` lists each game's). Wrapped in PettingZoo's ``OrderEnforcingWrapper``, as
    PettingZoo's own games are; ``env.unwrapped`` is the :class:`hanse.env.aec.HanseAECEnv`."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from hanse.env.aec import HanseAECEnv

    env = HanseAECEnv(make(game_id, players, **flags), reward, max_steps, render_mode)
    return OrderEnforcingWrapper(env)


def make_vec(
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
) -> HanseVectorEnv:
    """Self-play across processes: a ``gymnasium.vector.VectorEnv`` of `num_envs` games stepped
    by `workers` processes (0: in this process), every seat played by the caller, the seat
    deciding in each game in ``info["seat"]``. Flags as for ``make``; `pin_workers` puts each
    worker on a CPU of its own (Linux); see :mod:`hanse.env.process_vector`."""
    from hanse.env.process_vector import HanseVectorEnv

    return HanseVectorEnv(
        game_id,
        players,
        num_envs,
        workers=workers,
        reward=reward,
        max_steps=max_steps,
        illegal_action=illegal_action,
        context=context,
        pin_workers=pin_workers,
        **flags,
    )


def gym_env(
    game_id: str,
    players: int,
    *,
    seat: int = 0,
    opponents: str | list[str] = "easy",
    reward: str = "returns",
    illegal_action: str = "lose",
    max_steps: int | None = None,
    render_mode: str | None = None,
    info_view: bool = False,
    **flags: Any,
) -> HanseGymEnv:
    """A Gymnasium env for `seat`; the other seats are played by ``hanse.bots.make_bot`` bots
    (one name for all, or one per other seat in seat order). Flags as for ``make`` (``hanse
    games`` lists each game's); see :mod:`hanse.env.single_agent`."""
    from hanse.env.single_agent import HanseGymEnv

    return HanseGymEnv(
        make(game_id, players, **flags),
        seat=seat,
        opponents=opponents,
        reward=reward,
        illegal_action=illegal_action,
        max_steps=max_steps,
        render_mode=render_mode,
        info_view=info_view,
    )


GYMNASIUM_IDS = {
    "luebeck": "hanse/Luebeck-v0",
    "hansa": "hanse/Hansa-v0",
    "kogge": "hanse/Kogge-v0",
    "speicherstadt": "hanse/Speicherstadt-v0",
}
"""The Gymnasium ids registered when ``hanse.env`` is imported: ``gymnasium.make(
"hanse/Kogge-v0", players=3, opponents="easy")`` takes :func:`gym_env`'s arguments."""


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the rl extra without Gymnasium: the other adapters still work
        return
    for game_id, env_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            players = game_class(game_id).min_players
            gymnasium.register(
                env_id,
                entry_point="hanse.env:gym_env",
                kwargs={"game_id": game_id, "players": players},
            )


_register_gymnasium()


def register_openspiel() -> list[str]:
    """Register every Hanse game with pyspiel; returns the short names (``python_hanse_kogge``)."""
    from hanse.env.openspiel_game import register

    return register()
