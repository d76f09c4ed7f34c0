"""Stored games of an older notation, carried over to the current one.

Every game names the version of its move notation (``GameBase.NOTATION_VERSION``); every stored
table and record names the version its moves are written in (absent: 1). A game whose notation
changed ships ``hanse.games.<package>.upgrade`` with:

- ``translate(version, text) -> list[str]``: one move of notation ``version`` as the moves of
  notation ``version + 1`` it stands for (a bid of three markers becomes four small decisions);
- ``flags(version, flags) -> dict``: the variant flags that give the old game's rules now (a flag
  that became a choice later, set as the old game had it);
- ``written_in(version, texts) -> int``: the notation moves said to be of ``version`` are written
  in (records and tables stored before versions were named say 1, whatever wrote them);
- ``why_not(game, version, state, text) -> str | None`` (optional): the changed rule an old move
  that no longer replays ran into, for the refusal's message;
- ``guard(game, version) -> Guard | None``: where the rules themselves changed, a check called
  after every current move, raising :class:`NotCarriedOverError` where the old game went otherwise
  than the current rules would have it go.

:class:`Upgrader` composes the steps up to the current version and applies every resulting move
to the current rules (``apply_action``: legal, by the recorded player), so an upgrade never
produces a game the current rules would not play: an old game is carried over faithfully or
refused with the number of its first move that cannot be, and why.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import replace
from types import ModuleType
from typing import Any

from hanse.core.protocol import IllegalActionError
from hanse.core.record import MatchRecord, RecordError

REFUSED = "this game cannot be carried over to the current rules"
Guard = Callable[[Any, int, Any, Any], None]
"""(state before, player, action, state after) -> None; raises NotCarriedOverError."""


class NotCarriedOverError(RecordError):
    """An old game the current rules cannot play as it was played."""


def current_version(game_id: str) -> int:
    from hanse.games import game_class

    version: int = game_class(game_id).NOTATION_VERSION
    return version


def _steps(game_id: str) -> ModuleType | None:
    from hanse.games import game_class

    package = game_class(game_id).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.upgrade")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.upgrade":
            raise
        return None


def written_in(game_id: str, version: int, texts: Iterable[str]) -> int:
    """The notation stored moves are written in, as far as their game can tell from their text
    (a stored version of 1 may stand for any written before versions were named)."""
    module = _steps(game_id) if version < current_version(game_id) else None
    if module is None or not hasattr(module, "written_in"):
        return version
    found: int = module.written_in(version, list(texts))
    return found


class Upgrader:
    """Replays a game stored in notation ``version`` on the current rules, one stored move at a
    time, giving the moves of the current notation each one stands for."""

    def __init__(self, game_id: str, num_players: int, flags: dict[str, Any], version: int):
        from hanse.games import make

        self.current = current_version(game_id)
        if not 1 <= version <= self.current:
            raise RecordError(
                f"the moves are written in notation {version} of {game_id}; this Hanse reads "
                f"notation 1 to {self.current}"
            )
        self.version = version
        self.module = _steps(game_id) if version < self.current else None
        if version < self.current and self.module is None:
            raise RecordError(f"{game_id} ships no upgrader from notation {version}")
        self.flags = dict(flags)
        if self.module is not None:
            self.flags = dict(self.module.flags(version, self.flags))
        self.game = make(game_id, num_players, **self.flags)
        self.state = self.game.new_initial_state()
        self.guard: Guard | None = (
            None if self.module is None else self.module.guard(self.game, version)
        )
        self.number = 0  # stored moves read so far

    def translate(self, text: str) -> list[str]:
        texts = [text]
        for version in range(self.version, self.current):
            assert self.module is not None
            texts = [new for old in texts for new in self.module.translate(version, old)]
        return texts

    def move(self, player: int, text: str) -> list[tuple[int, str]]:
        """The stored move ``(player, text)`` in the current notation, applied to the state."""
        self.number += 1
        return self._play(self.state, player, text, self.guard)

    def undone(self, player: int, text: str) -> list[tuple[int, str]]:
        """A stored move that was taken back: translated and checked on a copy of the state."""
        self.number += 1
        return self._play(self.state.clone(), player, text, None)

    def _play(
        self, state: Any, player: int, text: str, guard: Guard | None
    ) -> list[tuple[int, str]]:
        game = self.game
        out: list[tuple[int, str]] = []
        try:
            for new in self.translate(text):
                expected = game.current_player(state)
                if expected != player:
                    raise IllegalActionError(
                        f"it stands for {new!r} by player {player}, but player {expected} "
                        "decides there now"
                    )
                action = game.action_from_str(new)
                before = state.clone() if guard is not None else None
                game.apply_action(state, action)
                if guard is not None:
                    guard(before, player, action, state)
                out.append((player, game.action_to_str(action)))
        except NotCarriedOverError as error:
            raise NotCarriedOverError(
                f"{REFUSED}: move {self.number} ({text!r}): {error}"
            ) from None
        except IllegalActionError as error:
            why = self._why_not(state, text)
            raise NotCarriedOverError(
                f"{REFUSED}: move {self.number} ({text!r}) does not replay: {why or error}"
            ) from None
        return out

    def _why_not(self, state: Any, text: str) -> str | None:
        """The rule that changed, where the game's upgrader can name it."""
        explain = getattr(self.module, "why_not", None)
        if explain is None:
            return None
        why: str | None = explain(self.game, self.version, state, text)
        return why


def upgrade_moves(
    game_id: str,
    num_players: int,
    flags: dict[str, Any],
    version: int,
    actions: Iterable[tuple[int, str]],
) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """The flags and the moves of a whole stored game in the current notation."""
    actions = list(actions)
    version = written_in(game_id, version, (text for _, text in actions))
    upgrader = Upgrader(game_id, num_players, flags, version)
    moves = [new for player, text in actions for new in upgrader.move(player, text)]
    return upgrader.flags, moves


def upgrade_record(record: MatchRecord) -> MatchRecord:
    """The record in its game's current notation (itself if it is written in it already)."""
    current = current_version(record.game_id)
    version = record.notation_version()
    if version == current:
        return record
    flags, actions = upgrade_moves(
        record.game_id, record.num_players, record.flags, version, record.actions
    )
    return replace(record, flags=flags, actions=actions, notation=current)


__all__ = ["NotCarriedOverError", "Upgrader", "upgrade_moves", "upgrade_record"]
