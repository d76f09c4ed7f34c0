"""A bot that plays a trained policy network from a weights file: ``--bot learned:PATH``.

The file is a NumPy ``.npz`` archive written by :func:`save_weights` (for instance by
``examples/train_learned_agent.py``). It holds one multilayer perceptron over the game's
observation vector (:class:`hanse.env.ObservationEncoder`) with ReLU hidden layers, a policy head
over the game's action codes (:class:`hanse.env.ActionCodec`) and a value head, and says which
game, player count and flags it was trained for. The bot plays the most probable legal action of
its view; the value head is not needed to play (it is kept for training on and for research).

Inference is NumPy only, so the bot works with the ``rl`` extra alone (no torch). The network is
tied to one configuration: the observation vector and the action codes differ between games,
player counts and flags, so any other configuration is refused with a clear error.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hanse.core.protocol import Action, Game, IllegalActionError, View

FORMAT = "hanse-learned-1"
"""Written into every weights file; a file of another format is refused."""


def save_weights(
    path: Path,
    *,
    game: Game,
    hidden: Sequence[tuple[Any, Any]],
    policy: tuple[Any, Any],
    value: tuple[Any, Any],
    note: str = "",
) -> None:
    """Write a weights file: `hidden` is the (weight, bias) of each ReLU layer, weights shaped
    (inputs, outputs); `policy` and `value` the heads'. Arrays may be anything NumPy converts."""
    import numpy as np

    from hanse.env import ActionCodec, ObservationEncoder

    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "game": np.array(game.game_id),
        "players": np.array(game.num_players),
        "flags": np.array(_flags_text(game.flags)),
        "observation_size": np.array(ObservationEncoder(game).size),
        "action_size": np.array(ActionCodec(game).size),
        "note": np.array(note),
    }
    for i, (weight, bias) in enumerate(hidden):
        arrays[f"hidden{i}_w"] = np.asarray(weight, dtype=np.float32)
        arrays[f"hidden{i}_b"] = np.asarray(bias, dtype=np.float32)
    arrays["policy_w"], arrays["policy_b"] = (np.asarray(a, dtype=np.float32) for a in policy)
    arrays["value_w"], arrays["value_b"] = (np.asarray(a, dtype=np.float32) for a in value)
    with open(path, "wb") as file:  # np.savez would add ".npz" to a path without it
        np.savez(file, **arrays)


def _flags_text(flags: Mapping[str, object]) -> str:
    return ",".join(f"{name}={value}" for name, value in sorted(flags.items()))


def _configuration(game_id: str, players: int, flags: str) -> str:
    return f"{game_id} with {players} players" + (f" ({flags})" if flags else "")


class LearnedBot:
    """The most probable legal action of a policy network loaded from a weights file."""

    def __init__(self, path: str | Path, name: str | None = None) -> None:
        try:
            import numpy as np
        except ImportError:
            raise IllegalActionError(
                "the learned bot needs NumPy: pip install 'hanse[rl]'"
            ) from None
        self.path = Path(path)
        self.name = name or f"learned:{path}"
        try:
            with np.load(self.path, allow_pickle=False) as archive:
                saved = {key: archive[key] for key in archive.files}
        except (OSError, ValueError) as error:
            raise IllegalActionError(f"bot {self.name!r}: cannot read weights: {error}") from None
        if str(saved.get("format", "")) != FORMAT:
            raise IllegalActionError(
                f"bot {self.name!r}: not a Hanse weights file (format {FORMAT!r} expected)"
            )
        try:
            self.game_id = str(saved["game"])
            self.players = int(saved["players"])
            self.flags = str(saved["flags"])
            self.observation_size = int(saved["observation_size"])
            self.action_size = int(saved["action_size"])
            count = sum(1 for key in saved if key.startswith("hidden") and key.endswith("_w"))
            self.hidden = [(saved[f"hidden{i}_w"], saved[f"hidden{i}_b"]) for i in range(count)]
            self.policy = (saved["policy_w"], saved["policy_b"])
            self.value = (saved["value_w"], saved["value_b"])
        except KeyError as error:
            raise IllegalActionError(f"bot {self.name!r}: the weights lack {error}") from None
        self._check_shapes()
        self._tables: dict[int, tuple[Any, Any]] = {}

    def _check_shapes(self) -> None:
        inputs = self.observation_size
        for weight, bias in [*self.hidden, self.policy]:
            if weight.ndim != 2 or weight.shape[0] != inputs or bias.shape != weight.shape[1:]:
                raise IllegalActionError(f"bot {self.name!r}: the layers' shapes do not chain")
            inputs = weight.shape[1]
        if inputs != self.action_size:
            raise IllegalActionError(
                f"bot {self.name!r}: the policy has {inputs} outputs for {self.action_size} codes"
            )

    def describe(self, flags: bool = True) -> str:
        """The configuration the weights were trained for, in words."""
        return _configuration(self.game_id, self.players, self.flags if flags else "")

    def check_game(self, game: Game) -> None:
        """Raise IllegalActionError unless the weights were trained for this configuration (the
        CLI asks before the first game)."""
        self._tables_for(game)

    def _tables_for(self, game: Game) -> tuple[Any, Any]:
        """The game's codec and observation encoder, after checking it is the trained one."""
        tables = self._tables.get(id(game))
        if tables is not None:
            return tables
        from hanse.env import ActionCodec, ObservationEncoder

        trained = (self.game_id, self.players, self.flags)
        playing = (game.game_id, game.num_players, _flags_text(game.flags))
        words = _configuration(*playing[:2], "")
        if playing != trained:
            # Flags are named only where they are the difference: the defaults are many.
            flags = playing[:2] == trained[:2]
            raise IllegalActionError(
                f"bot {self.name!r} was trained for {self.describe(flags)} "
                f"and cannot play {_configuration(*playing[:2], playing[2] if flags else '')}"
            )
        codec, encoder = ActionCodec(game), ObservationEncoder(game)
        if (encoder.size, codec.size) != (self.observation_size, self.action_size):
            raise IllegalActionError(
                f"bot {self.name!r}: the observations or action codes of {words} changed "
                "since these weights were trained; train them again"
            )
        self._tables[id(game)] = tables = (codec, encoder)
        return tables

    def logits(self, observation: Any) -> Any:
        """The policy's logits over every action code for one observation vector."""
        import numpy as np

        x = observation
        for weight, bias in self.hidden:
            x = np.maximum(x @ weight + bias, 0.0)
        return x @ self.policy[0] + self.policy[1]

    def act(self, game: Game, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        import numpy as np

        codec, encoder = self._tables_for(game)
        if len(legal) == 1:
            return legal[0]
        logits = self.logits(encoder.encode(view))
        return legal[int(np.argmax(logits[codec.codes(legal)]))]
