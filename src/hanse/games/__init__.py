"""The games of Hanse and the one way to make one: :func:`make`.

Every subpackage of ``hanse.games`` that exposes ``GAME`` (a :class:`hanse.core.GameBase`
subclass) is registered under its ``game_id``; adding a game means writing only its package.
Games outside this package register through the entry-point group ``hanse.games`` (each entry
names a GameBase subclass) or by calling :func:`register`.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from hanse.core.game import GameBase
from hanse.core.protocol import IllegalActionError


class UnknownGameError(IllegalActionError):
    """An unknown game id, a player count out of range, or an unknown flag or flag value."""


@cache
def _registry() -> dict[str, type[GameBase]]:
    found: dict[str, type[GameBase]] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game_class = getattr(package, "GAME", None)
        if game_class is not None:
            found[game_class.game_id] = game_class
    for entry in entry_points(group="hanse.games"):
        external = entry.load()
        found[external.game_id] = external
    return found


def register(cls: type[GameBase]) -> None:
    """Add a game class to the registry at run time (plug-ins, tests)."""
    _registry()[cls.game_id] = cls


def __getattr__(name: str) -> Any:
    # REGISTRY is built on first use so that importing hanse.games stays cheap.
    if name == "REGISTRY":
        return _registry()
    raise AttributeError(name)


def game_class(game_id: str) -> type[GameBase]:
    registry = _registry()
    if game_id not in registry:
        known = ", ".join(registry) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    return registry[game_id]


def make_config(cls: type[GameBase], flags: dict[str, Any]) -> Any:
    """The game's config dataclass from flag values, each checked against its default's type."""
    fields = {f.name: f for f in dataclasses.fields(cls.config_class)}
    for name, value in flags.items():
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise UnknownGameError(f"{cls.game_id} has no flag {name!r}; its flags: {known}")
        default = fields[name].default
        if type(value) is not type(default):
            raise UnknownGameError(
                f"flag {name!r} of {cls.game_id} takes a {type(default).__name__}, got {value!r}"
            )
    return cls.config_class(**flags)


def make(game_id: str, num_players: int, **flags: Any) -> GameBase:
    """A game ready to play: ``make("kogge", 3, taxes=True)``."""
    cls = game_class(game_id)
    if not isinstance(num_players, int) or not (cls.min_players <= num_players <= cls.max_players):
        raise UnknownGameError(
            f"{game_id} is for {cls.min_players} to {cls.max_players} players, not {num_players!r}"
        )
    return cls(num_players, make_config(cls, flags))


def parse_flag(cls: type[GameBase], text: str) -> tuple[str, Any]:
    """Parse ``name=value`` from the command line by the type of the flag's default."""
    name, sep, raw = text.partition("=")
    fields = {f.name: f for f in dataclasses.fields(cls.config_class)}
    if not sep or name not in fields:
        known = ", ".join(fields) or "none"
        raise UnknownGameError(
            f"expected name=value with a flag of {cls.game_id} ({known}): {text!r}"
        )
    default = fields[name].default
    if isinstance(default, bool):
        lowered = raw.strip().lower()
        if lowered in ("true", "1", "yes", "on"):
            return name, True
        if lowered in ("false", "0", "no", "off"):
            return name, False
        raise UnknownGameError(f"flag {name!r} takes true or false, got {raw!r}")
    if isinstance(default, int):
        try:
            return name, int(raw)
        except ValueError:
            raise UnknownGameError(f"flag {name!r} takes a whole number, got {raw!r}") from None
    if isinstance(default, str):
        return name, raw
    raise UnknownGameError(f"flag {name!r} of type {type(default).__name__} cannot be set as text")
