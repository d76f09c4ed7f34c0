"""Configurations the environment tests sweep, and a random walk over a game's decision nodes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, Game, State
from hanse.games import game_class, make

GAME_IDS = ("luebeck", "hansa", "kogge", "speicherstadt")


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """Every game at its fewest and most players with default flags, and each flag flipped once
    (at the fewest players)."""
    found: list[tuple[str, int, dict[str, Any]]] = []
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        found.append((game_id, cls.min_players, {}))
        found.append((game_id, cls.max_players, {}))
        for field in dataclasses.fields(cls.config_class):
            if isinstance(field.default, bool):
                found.append((game_id, cls.min_players, {field.name: not field.default}))
    return found


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, flags = config
    flipped = ",".join(f"{k}={v}" for k, v in flags.items())
    return f"{game_id}-{players}" + (f"-{flipped}" if flipped else "")


CONFIGS = configurations()
CONFIG_IDS = [config_id(c) for c in CONFIGS]
CODEC_CONFIGS = CONFIGS
CODEC_CONFIG_IDS = [config_id(c) for c in CODEC_CONFIGS]


def make_config(config: tuple[str, int, dict[str, Any]]) -> Game:
    game_id, players, flags = config
    return make(game_id, players, **flags)


def walk(game: Game, seed: int, max_decisions: int) -> Iterator[tuple[State, int]]:
    """The decision nodes (state, seat) of a random game, chance drawn with its probabilities;
    the state must not be kept past the next step."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not game.is_terminal(state) and decisions < max_decisions:
        player = game.current_player(state)
        if player == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
            continue
        yield state, player
        legal = game.legal_actions(state)
        game.apply_action(state, legal[rng.randrange(len(legal))])
        decisions += 1
