"""The Hanse games as OpenSpiel (pyspiel) Python games.

:func:`register` registers ``python_hanse_luebeck``, ``python_hanse_hansa``, ``python_hanse_kogge``
and ``python_hanse_speicherstadt``; then ``pyspiel.load_game("python_hanse_kogge", {"players":
3, "taxes": True})`` makes a game. Parameters: ``players`` (default: the fewest the game allows),
every variant flag of the game by its name, and ``max_game_length`` (default 100,000 decisions).

- Actions are the codes of :mod:`hanse.env.codec` (``num_distinct_actions``); chance nodes are
  explicit, their outcomes the chance codes with the game's probabilities
  (``max_chance_outcomes``).
- Observation string: the seat's view as JSON. Information-state string: the actions as the seat
  saw them (``game.observe_action``: secret parts redacted), one per line, then the view: perfect
  recall. Observation and information-state tensors: the view encoding of
  :mod:`hanse.env.observation` (a view holds what the seat may remember under the game's rules).
- Utility: ``returns`` (winners share +1, the others -1): zero-sum with two players (a shared
  win is 0 and 0), else a constant sum of 2 - n (``get_type().utility``). A game still
  running after ``max_game_length`` decisions ends as a draw shared by every seat (each 2/n - 1),
  since OpenSpiel needs a bound and random play of Hansa Teutonica has none.

States are cloned with the game's own ``clone`` (OpenSpiel deep-copies a Python state's attributes;
the shared, immutable parts copy as themselves).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import pyspiel

from hanse.core.game import win_returns
from hanse.core.protocol import CHANCE, TERMINAL, Game, IllegalActionError, View
from hanse.env.codec import ActionCodec
from hanse.env.observation import ObservationEncoder
from hanse.games import game_class, make

GAME_IDS = ("luebeck", "hansa", "kogge", "speicherstadt")
DEFAULT_MAX_GAME_LENGTH = 100_000


class _Shared:
    """Immutable parts of a state: a deep copy is the object itself."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Setup(_Shared):
    __slots__ = ("codec", "encoder", "game", "max_length")

    def __init__(self, game: Game, max_length: int) -> None:
        self.game = game
        self.codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game)
        self.max_length = max_length


class _Seen(_Shared):
    """The actions as each seat saw them, newest last: a persistent list shared by clones."""

    __slots__ = ("parent", "texts")

    def __init__(self, parent: _Seen | None, texts: tuple[str, ...]) -> None:
        self.parent = parent
        self.texts = texts

    def __reduce__(self) -> tuple[Any, tuple[tuple[tuple[str, ...], ...]]]:
        """Pickled as a flat list, oldest first (a long game's chain would recurse too deep)."""
        chain: list[tuple[str, ...]] = []
        node: _Seen | None = self
        while node is not None and node.texts:
            chain.append(node.texts)
            node = node.parent
        chain.reverse()
        return _seen_from, (tuple(chain),)

    def lines(self, seat: int) -> list[str]:
        out: list[str] = []
        node: _Seen | None = self
        while node is not None and node.texts:
            out.append(node.texts[seat])
            node = node.parent
        out.reverse()
        return out


def _seen_from(chain: tuple[tuple[str, ...], ...]) -> _Seen:
    seen = _Seen(None, ())
    for texts in chain:
        seen = _Seen(seen, texts)
    return seen


class _Views(_Shared):
    """Views of one position by seat, computed once; a new position gets a new cache, so clones
    may share it."""

    __slots__ = ("by_seat",)

    def __init__(self) -> None:
        self.by_seat: dict[int | None, View] = {}


class _Box:
    """The Hanse state; a deep copy is the game's own clone."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.state.clone())


def _parameters(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    flags = {f.name: f.default for f in dataclasses.fields(cls.config_class)}
    return {"players": cls.min_players, "max_game_length": DEFAULT_MAX_GAME_LENGTH, **flags}


def _game_type(game_id: str, players: int) -> Any:
    """The game's pyspiel type; `players` decides the utility: zero-sum for two (returns +1 and
    -1, or 0 and 0 for a shared win), else a constant sum of 2 - n."""
    cls = game_class(game_id)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if cls.views_hide_nothing  # no seat's view differs from the spectator's
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=f"python_hanse_{game_id}",
        long_name=f"Hanse {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if players == 2
            else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


class HanseOpenSpielGame(pyspiel.Game):
    """A Hanse game configuration as a pyspiel game."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        values = {**_parameters(game_id), **(params or {})}
        players = int(values.pop("players"))
        max_length = int(values.pop("max_game_length"))
        game = make(game_id, players, **values)
        self.setup = _Setup(game, max_length)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.codec.size,
            max_chance_outcomes=self.setup.codec.chance_size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=2.0 - players,
            max_game_length=max_length,
        )
        super().__init__(_game_type(game_id, players), info, params or {})

    def new_initial_state(self) -> HanseOpenSpielState:
        return HanseOpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HanseObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return HanseObserver(self.setup, perfect_recall)


class HanseOpenSpielState(pyspiel.State):
    """A game in progress; every rule is the Hanse game's, reached through its protocol."""

    def __init__(self, game: HanseOpenSpielGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.box = _Box(self.setup.game.new_initial_state())
        self.seen = _Seen(None, ())
        self.views = _Views()
        self.decisions = 0

    def view(self, seat: int | None) -> View:
        """The seat's view of this position (cached until the next action)."""
        views = self.views.by_seat
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.setup.game.view(self.box.state, seat)
        return view

    @property
    def is_cut(self) -> bool:
        """Still running after ``max_game_length`` decisions: ended as a shared draw."""
        return self.decisions >= self.setup.max_length

    def current_player(self) -> int:
        player = self.setup.game.current_player(self.box.state)
        if player == TERMINAL or self.is_cut:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.setup.codec.codes(self.setup.game.legal_actions(self.box.state)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        encode = self.setup.codec.encode_chance
        outcomes = self.setup.game.chance_outcomes(self.box.state)
        return sorted((encode(action), p) for action, p in outcomes)

    def _apply_action(self, code: int) -> None:
        """Apply a code; one that is not legal here raises IllegalActionError naming the rule
        and changes nothing (checked before anything is observed or counted)."""
        game, state, codec = self.setup.game, self.box.state, self.setup.codec
        actor = game.current_player(state)
        if actor == CHANCE:
            action = codec.decode_chance(code)
            possible = [outcome for outcome, _ in game.chance_outcomes(state)]
        else:
            action = codec.decode(code)
            possible = game.legal_actions(state)
        if action not in possible:
            game.apply_action(state.clone(), action)  # the protocol's gate names the rule
            raise IllegalActionError(f"code {code} is not legal here")
        texts = tuple(
            game.observe_action(state, actor, action, seat) for seat in range(game.num_players)
        )
        game.apply_trusted(state, action)
        if actor != CHANCE:
            self.decisions += 1
        self.seen = _Seen(self.seen, texts)
        self.views = _Views()

    def _action_to_string(self, player: int, code: int) -> str:
        codec = self.setup.codec
        action = codec.decode_chance(code) if player == CHANCE else codec.decode(code)
        return self.setup.game.action_to_str(action)

    def is_terminal(self) -> bool:
        return self.setup.game.is_terminal(self.box.state) or self.is_cut

    def returns(self) -> list[float]:
        game = self.setup.game
        if not game.is_terminal(self.box.state) and self.is_cut:
            return win_returns(list(range(game.num_players)), game.num_players)
        return list(game.returns(self.box.state))

    def __str__(self) -> str:
        return json.dumps(self.view(None), sort_keys=True)


class HanseObserver:
    """Observation and information-state tensors and strings (PyObserver interface)."""

    def __init__(self, setup: _Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HanseOpenSpielState, player: int) -> None:
        self.tensor[:] = self.setup.encoder.features(state.view(player))

    def string_from(self, state: HanseOpenSpielState, player: int) -> str:
        view = json.dumps(state.view(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        return "\n".join([*state.seen.lines(player), view])


def _game_class(game_id: str) -> type[HanseOpenSpielGame]:
    """A class per game: pyspiel registers a class taking the parameters. Each is a name of this
    module, so that pickle finds it."""
    name = f"Hanse{game_id.title()}OpenSpielGame"

    def init(self: HanseOpenSpielGame, params: dict[str, Any] | None = None) -> None:
        HanseOpenSpielGame.__init__(self, game_id, params)

    cls = type(name, (HanseOpenSpielGame,), {"__init__": init, "__module__": __name__})
    globals()[name] = cls
    return cls


_GAME_CLASSES = {game_id: _game_class(game_id) for game_id in GAME_IDS}


def register() -> list[str]:
    """Register every game with pyspiel (again harmlessly); returns the short names."""
    names = []
    for game_id in GAME_IDS:
        name = f"python_hanse_{game_id}"
        if name not in pyspiel.registered_names():
            players = game_class(game_id).min_players  # the default of the parameter
            pyspiel.register_game(_game_type(game_id, players), _GAME_CLASSES[game_id])
        names.append(name)
    return names
