"""Bots by the names a user types (`hanse play --bot ismcts`), and bots of one's own.

A name with a colon names a factory outside the registry, called without arguments:
``package.module:factory`` (importable), or ``path/to/file.py:factory`` (a file, loaded by path), so
a researcher can put any bot into ``hanse play`` or ``hanse arena`` without touching Hanse. Worker
processes load it again by the same name. ``learned:PATH`` is a trained policy network's weights
file (:mod:`hanse.bots.learned`).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from hanse.bots.heuristic import (
    HeuristicBot,
    game_tuning,
    heuristic_candidates,
    heuristic_leaf,
)
from hanse.bots.random_bot import RandomBot
from hanse.bots.search import ISMCTSBot, MCTSBot, SearchSettings
from hanse.core.match import Bot
from hanse.core.protocol import IllegalActionError


def level_settings(seconds: float) -> SearchSettings:
    """The search of `medium` and `hard`: ISMCTS with short random rollouts, cut after 10
    decisions and judged by the game's heuristics, over the root actions the heuristic bot ranks
    best where the game asks for that (``ROOT_CANDIDATES`` in its heuristics.py), with the game's
    own adjustments (``SEARCH_TUNING`` there: Hansa searches without rollouts and with progressive
    widening)."""
    return SearchSettings(
        iterations=None,
        seconds=seconds,
        rollout_limit=10,
        evaluate=heuristic_leaf,
        root_filter=heuristic_candidates,
        tune=game_tuning,
    )


LEARNED_WEIGHTS = Path(__file__).with_name("weights") / "luebeck-3.npz"
"""The level ``learned``: trained for Lübeck at 3 players, where it beats ``easy`` (README)."""


def _search_level(name: str, seconds: float) -> Bot:
    return ISMCTSBot(name, level_settings(seconds))


BOT_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": HeuristicBot,
    "medium": lambda: _search_level("medium", 0.25),
    "hard": lambda: _search_level("hard", 1.0),
    # Plain search with random rollouts to the end, one second per move.
    # A policy network trained by examples/train_learned_agent.py: Lübeck at 3 players only.
    "learned": lambda: _learned(str(LEARNED_WEIGHTS), "learned"),
    "mcts": lambda: MCTSBot("mcts", SearchSettings(iterations=None, seconds=1.0)),
    "ismcts": lambda: ISMCTSBot("ismcts", SearchSettings(iterations=None, seconds=1.0)),
}


def make_bot(name: str) -> Bot:
    if name in BOT_LEVELS:
        return BOT_LEVELS[name]()
    if name.startswith(LEARNED_PREFIX):
        return _learned(name.removeprefix(LEARNED_PREFIX))
    if ":" not in name and "@" in name:
        return _with_iterations(name)
    if ":" not in name:
        raise IllegalActionError(
            f"unknown bot {name!r}; known bots: {', '.join(BOT_LEVELS)}, "
            "a search bot with a fixed budget such as hard@2000, "
            "learned:PATH (a weights file), or module:factory, or file.py:factory"
        )
    source, _, attribute = name.rpartition(":")
    factory = getattr(_load(source, name), attribute, None)
    if not callable(factory):
        raise IllegalActionError(f"bot {name!r}: {source} has no factory {attribute!r}")
    bot = factory()
    if not callable(getattr(bot, "act", None)):
        raise IllegalActionError(f"bot {name!r}: {attribute}() made {bot!r}, which has no act()")
    return bot


LEARNED_PREFIX = "learned:"
"""``learned:PATH``: a policy network trained for one game, from a weights file
(:mod:`hanse.bots.learned`, written by ``examples/train_learned_agent.py``)."""


def _learned(path: str, name: str | None = None) -> Bot:
    if not path:
        raise IllegalActionError("bot 'learned:': give the weights file, e.g. learned:luebeck.npz")
    from hanse.bots.learned import LearnedBot

    return LearnedBot(path, name)


def _with_iterations(name: str) -> Bot:
    """``level@N``: a search level thinking exactly N iterations per decision instead of its
    time (medium a quarter second, hard one second). Its play then depends only on the seed, not
    on the machine or its load, so arena results repeat exactly anywhere (a Ray cluster of mixed
    machines included)."""
    level, _, budget = name.partition("@")
    if level not in BOT_LEVELS:
        raise IllegalActionError(
            f"unknown bot {level!r} in {name!r}; known: {', '.join(BOT_LEVELS)}"
        )
    bot = BOT_LEVELS[level]()
    if not isinstance(bot, ISMCTSBot):  # MCTSBot included
        searching = [n for n, make in BOT_LEVELS.items() if isinstance(make(), ISMCTSBot)]
        raise IllegalActionError(
            f"{level!r} does not search, so it takes no budget; search bots: {', '.join(searching)}"
        )
    if not (budget.isascii() and budget.isdigit()) or int(budget) < 1:
        raise IllegalActionError(
            f"bot {name!r}: the budget after @ is a whole number of iterations (1 or more), "
            f"e.g. {level}@2000"
        )
    bot.settings = replace(bot.settings, iterations=int(budget), seconds=None)
    bot.name = name
    return bot


def _load(source: str, name: str) -> object:
    """The module behind a bot name: a file path ending in .py, else an importable module."""
    try:
        if source.endswith(".py"):
            path = Path(source).resolve()
            module_name = f"hanse_user_bot_{path.stem}_{zlib.crc32(str(path).encode()):08x}"
            if module_name in sys.modules:
                return sys.modules[module_name]
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None or not path.is_file():
                raise FileNotFoundError(str(path))
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module  # dataclasses and pickling look a module up here
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[module_name]
                raise
            return module
        return importlib.import_module(source)
    except (ImportError, OSError) as error:
        raise IllegalActionError(f"bot {name!r}: cannot load {source}: {error}") from None
