"""Integer action codes: every possible action of a configuration numbered once (DESIGN.md).

Each game package lists its actions in ``hanse.games.<game>.codec``: ``all_actions(game)`` (every
action a seat can ever be offered in that configuration: player count and flags) and
``all_chance_outcomes(game)`` (every outcome of a chance node). :class:`ActionCodec` numbers both
lists in their order, so ``Discrete(codec.size)`` is a fixed action space, ``encode`` and
``decode`` are inverse, and ``mask(legal)`` marks the legal codes. Decision and chance codes are
separate ranges (as in OpenSpiel: ``num_distinct_actions`` and ``max_chance_outcomes``).

Sizes (``hanse.env.ActionCodec(hanse.games.make(game, n, **flags)).size``):

=============================  =====  =====  =====  =====
game (flags)                   2      3      4      5
=============================  =====  =====  =====  =====
luebeck                        --     242    295    350
hansa                          3310   3283   3610   3610
kogge                          213    215    217    --
kogge (taxes)                  217    219    221    --
kogge (kontor_trade)           215    218    221    --
kogge (conflicts)              337    340    343    --
kogge (memory)                 227    229    231    --
speicherstadt                  381    382    383    384
speicherstadt (kaispeicher)    7899   11099  16381  17985
=============================  =====  =====  =====  =====

Kogge with all four expert rules: 356, 360, 364. Its bids are laid one marker at a time, a
conflict's choice is asked value by value (RULINGS.md) and the Geheimweg's two items are paid one
at a time, so its space does not grow with a hand.
The large Kaispeicher spaces come from the Schmuggler (victim x contract x good x destination: a
contract is named by its index among the victim's contracts, up to the 16 contract cards) and the
Spitzel (pairs of worker positions). A game package without a ``codec`` module has no research
environment, and ``codec_module`` says so.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

import numpy as np

from hanse.core.protocol import Action, Game, IllegalActionError


def codec_module(game: Game) -> Any:
    """The game package's ``codec`` module (``all_actions``, ``all_chance_outcomes``)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        if not package:
            raise ModuleNotFoundError(name=".codec")
        return importlib.import_module(f"{package}.codec")
    except ModuleNotFoundError as error:
        if error.name not in (f"{package}.codec", ".codec"):
            raise
        raise IllegalActionError(
            f"{type(game).game_id} has no action codec yet, so no research environment"
        ) from None


class _Numbering:
    """Actions numbered in list order; interned actions are found by identity first."""

    __slots__ = ("actions", "by_id", "by_value")

    def __init__(self, actions: tuple[Action, ...], what: str) -> None:
        self.actions = actions
        self.by_value = {action: i for i, action in enumerate(actions)}
        if len(self.by_value) != len(actions):
            raise ValueError(f"the {what} list names an action twice")
        # The tuple keeps every listed action alive, so no other live object shares an id with
        # one of them: an id found here is that very action.
        self.by_id = {id(action): i for i, action in enumerate(actions)}

    def index(self, action: Action) -> int:
        i = self.by_id.get(id(action))
        return self.by_value[action] if i is None else i

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The index of each action, in order (KeyError for one not listed)."""
        if type(actions) is not list and not isinstance(actions, tuple):
            actions = list(actions)
        found = list(map(self.by_id.get, map(id, actions)))
        if None in found:  # an action equal to a listed one but not the same object
            return [self.index(action) for action in actions]
        return found  # type: ignore[return-value]


class ActionCodec:
    """Fixed integer codes for the actions of one game configuration."""

    def __init__(self, game: Game) -> None:
        module = codec_module(game)
        self.game = game
        self._actions = _Numbering(tuple(module.all_actions(game)), "action")
        self._chance = _Numbering(tuple(module.all_chance_outcomes(game)), "chance outcome")
        self.size = len(self._actions.actions)
        """Number of decision codes: the action space is ``Discrete(size)``."""
        self.chance_size = len(self._chance.actions)
        """Number of chance codes."""

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every possible decision, the code of each being its position."""
        return self._actions.actions

    @property
    def chance_outcomes(self) -> tuple[Action, ...]:
        return self._chance.actions

    def encode(self, action: Action) -> int:
        """The code of a decision; IllegalActionError for an action not of this configuration."""
        try:
            return self._actions.index(action)
        except (KeyError, TypeError):
            raise IllegalActionError(
                f"{action!r} is not an action of {self.game.game_id} with "
                f"{self.game.num_players} players and these flags"
            ) from None

    def decode(self, code: int) -> Action:
        """The decision of a code; IllegalActionError for a code out of range."""
        if not 0 <= code < self.size:
            raise IllegalActionError(f"action code {code} is outside 0..{self.size - 1}")
        return self._actions.actions[code]

    def encode_chance(self, action: Action) -> int:
        try:
            return self._chance.index(action)
        except (KeyError, TypeError):
            raise IllegalActionError(
                f"{action!r} is not a chance outcome of {self.game.game_id}"
            ) from None

    def decode_chance(self, code: int) -> Action:
        if not 0 <= code < self.chance_size:
            raise IllegalActionError(f"chance code {code} is outside 0..{self.chance_size - 1}")
        return self._chance.actions[code]

    def codes(self, legal: Iterable[Action]) -> list[int]:
        """The codes of `legal`, in its order."""
        try:
            return self._actions.indices(legal)
        except KeyError as error:
            raise IllegalActionError(f"{error.args[0]!r} has no code") from None

    def mask(self, legal: Iterable[Action]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 at the code of every legal action, else 0 (int8, length :attr:`size`)."""
        out = np.zeros(self.size, dtype=np.int8)
        out[self.codes(legal)] = 1
        return out
