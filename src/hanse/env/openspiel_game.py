"""The Hanse games as OpenSpiel (pyspiel) Python games.

:func:`register` registers ``python_hanse_luebeck``, ``python_hanse_hansa``, ``python_hanse_kogge``
and ``python_hanse_speicherstadt``; then ``pyspiel.load_game("python_hanse_kogge", {"players":
3, "taxes": True})`` makes a game. Parameters: ``players`` (default: the fewest the game allows),
every variant flag of the game by its name, and ``max_game_length``, the decisions after which a
game is cut (default per game, :data:`DEFAULT_MAX_GAME_LENGTH`: Lübeck, Kogge and Die
Speicherstadt 1,000, Hansa Teutonica 5,000).

- Actions are the codes of :mod:`hanse.env.codec` (``num_distinct_actions``); chance nodes are
  explicit, their outcomes the chance codes with the game's probabilities
  (``max_chance_outcomes``).
- Observation string: the seat's view as JSON (keys sorted). Information-state string: what the
  seat saw of every action so far, one line per action, oldest first, then the view: perfect
  recall (:mod:`hanse.env.openspiel_history`: the notation of every action where views hide
  nothing; else ``game.observe_action``, secret parts redacted, with a digest of the seat's view
  on the line of each of its own decisions). Observation and information-state tensors: the
  view encoding of :mod:`hanse.env.observation`, written from the state by the game's state
  encoder as the batched env writes it (:mod:`hanse.env.openspiel_tensors`). The tensor is not
  perfect-recall: it holds what the view holds, which is what the rules let a seat remember.
- Utility: ``returns`` (winners share +1, the others -1): zero-sum with two players (a shared
  win is 0 and 0), else a constant sum of 2 - n (``get_type().utility``). A game still
  running after ``max_game_length`` decisions ends as a draw shared by every seat (each 2/n - 1),
  since OpenSpiel needs a bound and random play of Hansa Teutonica has none.

Speed: a state caches what it computed for its position (player to move, legal codes, chance
outcomes, views, their JSON, vectors) until its next action; a clone shares the small facts but
not the views and vectors, so that clones kept for their history do not keep them alive. Where
the game's views hide nothing (Hansa, Die Speicherstadt) every seat's view is the spectator's
naming the seat, built and dumped once. Stepping appends each action's code to a trail shared
with clones; what each seat saw of the actions is replayed only when an information-state
string asks for it. States are cloned with the game's own ``clone`` (OpenSpiel deep-copies a
Python state's attributes; the shared, immutable parts copy as themselves).
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
from hanse.env.limits import MAX_STEPS
from hanse.env.observation import ObservationEncoder
from hanse.env.openspiel_history import ActionTrail
from hanse.env.openspiel_tensors import StateTensors
from hanse.games import game_class, make

GAME_IDS = ("luebeck", "hansa", "kogge", "speicherstadt")
DEFAULT_MAX_GAME_LENGTH = {**MAX_STEPS, "hansa": 5_000}
"""Decisions after which a game is cut, by game, unless ``max_game_length`` says otherwise: the
envs' limit (:mod:`hanse.env.limits`, above every random game measured) for Lübeck, Kogge and
Die Speicherstadt; for Hansa Teutonica, whose random games run for 5,000 to 38,000 decisions,
about five times a game between `easy` bots (1,028 decisions on average with 3 players), since
OpenSpiel's tests keep a copy of every state and each holds the whole history in pyspiel (memory
grows with the square of the length)."""


class _Shared:
    """Immutable parts of a state: a deep copy is the object itself."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Setup(_Shared):
    __slots__ = (
        "codec",
        "encoder",
        "game",
        "max_length",
        "start",
        "start_tensors",
        "tensors",
        "views_hide_nothing",
    )

    def __init__(self, game: Game, max_length: int) -> None:
        self.game = game
        self.codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game)
        self.tensors = StateTensors(self.encoder)
        self.max_length = max_length
        self.views_hide_nothing = bool(getattr(game, "views_hide_nothing", False))
        """No seat's view differs from the spectator's but for naming the seat."""
        self.start = game.new_initial_state()
        """The game before its first action; new states are clones of it."""
        self.start_tensors: dict[int, np.ndarray[Any, np.dtype[np.float32]]] = {}
        """The first position's vectors by seat: pyspiel makes a new initial state to learn a
        tensor's shape before every tensor it fetches."""

    def __reduce__(self) -> tuple[Any, tuple[Game, int]]:
        return _setup_for, (self.game, self.max_length)


_SETUPS: dict[tuple[Any, ...], _Setup] = {}
"""Setups unpickled in this process, by configuration: a deserialized state shares its game's
codec and encoders instead of building them again (tens of milliseconds)."""


def _setup_for(game: Game, max_length: int) -> _Setup:
    key = (game.game_id, game.num_players, tuple(sorted(game.flags.items())), max_length)
    setup = _SETUPS.get(key)
    if setup is None:
        setup = _SETUPS[key] = _Setup(game, max_length)
    return setup


class _Position:
    """What is known of one position, computed once when first asked; a new position gets a new
    one (cheap to make: every field starts as the class's None). A clone shares the small facts
    (the player to move, the legal codes, the chance outcomes) but not the views and vectors: a
    clone kept for its history (as OpenSpiel's tests keep one of every state) must not keep them
    alive. Pickled empty (filled again when asked)."""

    player: int | None = None
    """The OpenSpiel player to move (TERMINAL once cut)."""
    codes: list[int] | None = None
    """The legal codes of the player to decide, sorted."""
    chance: list[tuple[int, float]] | None = None
    views: dict[int | None, View] | None = None
    texts: dict[int | None, str] | None = None
    """Views as JSON, by seat."""
    tensors: dict[int, np.ndarray[Any, np.dtype[np.float32]]] | None = None
    spectator_parts: tuple[str, str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        copy = _Position()
        copy.player, copy.codes, copy.chance = self.player, self.codes, self.chance
        return copy

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return _Position, ()


class _Box:
    """The Hanse state; a deep copy is the game's own clone. A new game's box holds the setup's
    first position itself until the first action (:meth:`owned`): pyspiel makes a new initial
    state to learn a tensor's shape before every tensor it fetches."""

    __slots__ = ("is_owned", "state")

    def __init__(self, state: Any, is_owned: bool) -> None:
        self.state = state
        self.is_owned = is_owned

    def owned(self) -> Any:
        """The state, to be changed: a copy of its own first if it is the shared first position."""
        if not self.is_owned:
            self.state = self.state.clone()
            self.is_owned = True
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        if not self.is_owned:
            return _Box(self.state, False)
        return _Box(self.state.clone(), True)


def _parameters(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    flags = {f.name: f.default for f in dataclasses.fields(cls.config_class)}
    return {
        "players": cls.min_players,
        "max_game_length": DEFAULT_MAX_GAME_LENGTH[game_id],
        **flags,
    }


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
        self.box = _Box(self.setup.start, False)
        self.trail = ActionTrail([])
        self.length = 0
        """How many codes of :attr:`trail` are this state's history."""
        self.position = _Position()
        self.decisions = 0

    def view(self, seat: int | None) -> View:
        """The seat's view of this position (cached until the next action)."""
        views = self.position.views
        if views is None:
            views = self.position.views = {}
        view = views.get(seat)
        if view is None:
            game = self.setup.game
            if seat is not None and self.setup.views_hide_nothing:
                # Every seat's view is the spectator's naming the seat (the conformance suite
                # checks it): one view serves all.
                view = {**self.view(None), "seat": seat}
            else:
                view = game.view(self.box.state, seat)
            views[seat] = view
        return view

    def view_text(self, seat: int | None) -> str:
        """The seat's view as JSON, keys sorted (cached until the next action)."""
        texts = self.position.texts
        if texts is None:
            texts = self.position.texts = {}
        text = texts.get(seat)
        if text is None:
            if seat is not None and self.setup.views_hide_nothing:
                head, tail = self._spectator_text_parts()
                text = f"{head}{json.dumps(seat)}{tail}"
            else:
                text = json.dumps(self.view(seat), sort_keys=True)
            texts[seat] = text
        return text

    def _spectator_text_parts(self) -> tuple[str, str]:
        """The spectator's view as JSON around the value of its top-level "seat" key, which is
        all that differs in a seat's view where views hide nothing: the JSON of each seat's view
        without dumping it again."""
        position = self.position
        if position.spectator_parts is None:
            view = self.view(None)
            before = {key: value for key, value in view.items() if key < "seat"}
            after = {key: value for key, value in view.items() if key > "seat"}
            head = json.dumps(before, sort_keys=True)[:-1] + (", " if before else "")
            tail = (", " if after else "") + json.dumps(after, sort_keys=True)[1:]
            position.spectator_parts = (head + '"seat": ', tail)
        return position.spectator_parts

    def tensor(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The seat's observation vector (cached until the next action: do not write to it)."""
        tensors: dict[int, np.ndarray[Any, np.dtype[np.float32]]]
        if self.length == 0:
            tensors = self.setup.start_tensors
        elif self.position.tensors is None:
            tensors = self.position.tensors = {}
        else:
            tensors = self.position.tensors
        vector = tensors.get(seat)
        if vector is None:
            at_decision = self.current_player() >= 0
            vector = self.setup.tensors.vector(self.box.state, seat, at_decision)
            tensors[seat] = vector
        return vector

    def seen(self, seat: int) -> list[str]:
        """What `seat` saw of every action so far (``game.observe_action``), oldest first."""
        setup = self.setup
        return self.trail.seen_by(setup.game, setup.codec, seat, self.length)

    @property
    def is_cut(self) -> bool:
        """Still running after ``max_game_length`` decisions: ended as a shared draw."""
        return self.decisions >= self.setup.max_length

    def current_player(self) -> int:
        player = self.position.player
        if player is None:
            player = self.setup.game.current_player(self.box.state)
            if self.is_cut:
                player = TERMINAL
            self.position.player = player  # Hanse's CHANCE and TERMINAL are OpenSpiel's
        return player

    def legal_actions(self, *player: int) -> list[int]:
        """pyspiel's ``legal_actions`` (of the player to move, or of `player`), answered here at
        a decision without the round trip through C++; elsewhere pyspiel's own. The same list
        either way (a test compares them)."""
        actor = self.current_player()
        if actor >= 0 and (not player or player[0] == actor):
            codes = self.position.codes
            return (self._legal_actions(actor) if codes is None else codes)[:]
        return list(super().legal_actions(*player))

    def is_chance_node(self) -> bool:
        """pyspiel's ``is_chance_node``, answered here without the round trip through C++."""
        return self.current_player() == CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        codes = self.position.codes
        if codes is None:
            setup = self.setup
            codes = sorted(setup.codec.codes(setup.game.legal_actions(self.box.state)))
            self.position.codes = codes
        return codes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.position.chance
        if outcomes is None:
            encode = self.setup.codec.encode_chance
            found = self.setup.game.chance_outcomes(self.box.state)
            outcomes = self.position.chance = sorted((encode(action), p) for action, p in found)
        return outcomes

    def _apply_action(self, code: int) -> None:
        """Apply a code; one that is not legal here raises IllegalActionError naming the rule
        and changes nothing (checked before anything is recorded or counted)."""
        setup = self.setup
        actor = self.current_player()
        if actor >= 0:
            codes = self.position.codes
            if codes is None:
                codes = self._legal_actions(actor)
            if code not in codes:
                self._refuse(code)
            action = setup.codec.actions[code]
            self.decisions += 1
        elif actor == CHANCE:
            if not any(outcome == code for outcome, _ in self.chance_outcomes()):
                raise IllegalActionError(f"chance code {code} is not a possible outcome here")
            action = setup.codec.decode_chance(code)
        else:
            raise IllegalActionError(f"code {code}: the game is over")
        state = self.box.owned()
        trail = self.trail
        if len(trail.codes) == self.length:  # the trail's end: grown in place
            trail.codes.append(code)
        else:
            self.trail = trail.branch(self.length, code, state)
        self.length += 1
        setup.game.apply_trusted(state, action)
        self.position = _Position()

    def _refuse(self, code: int) -> None:
        """Raise IllegalActionError for a code not legal here, naming the rule where the game's
        protocol gate does (on a copy, so nothing changes)."""
        game = self.setup.game
        game.apply_action(self.box.state.clone(), self.setup.codec.decode(code))
        raise IllegalActionError(f"code {code} is not legal here")

    def _action_to_string(self, player: int, code: int) -> str:
        codec = self.setup.codec
        action = codec.decode_chance(code) if player == CHANCE else codec.decode(code)
        return self.setup.game.action_to_str(action)

    def is_terminal(self) -> bool:
        player = self.position.player
        return (self.current_player() if player is None else player) == TERMINAL

    def returns(self) -> list[float]:
        game = self.setup.game
        if not game.is_terminal(self.box.state) and self.is_cut:
            return win_returns(list(range(game.num_players)), game.num_players)
        return list(game.returns(self.box.state))

    def __str__(self) -> str:
        if self.setup.views_hide_nothing:
            head, tail = self._spectator_text_parts()
            return f"{head}null{tail}"
        return self.view_text(None)


class HanseObserver:
    """Observation and information-state tensors and strings (PyObserver interface)."""

    def __init__(self, setup: _Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(setup.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HanseOpenSpielState, player: int) -> None:
        self.tensor[:] = state.tensor(player)

    def string_from(self, state: HanseOpenSpielState, player: int) -> str:
        view = state.view_text(player)
        if not self.perfect_recall:
            return view
        return "\n".join([*state.seen(player), view])


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
