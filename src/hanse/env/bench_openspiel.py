"""Decisions per CPU-second through the OpenSpiel adapter beside the raw engine, interleaved.

``python -m hanse.env.bench_openspiel GAME [--players N] [--seconds T] [--rounds R]`` plays
random games the way ``pyspiel.random_sim_test`` steps them (chance drawn from
``chance_outcomes`` with its probabilities, a uniform legal action at each decision) in three
loops, each given T/R CPU-seconds (``time.process_time``) in turn, R rounds, so that a change of
the machine's load falls on all three alike:

- ``engine``: the game's own ``legal_actions`` and ``apply_trusted``, as ``hanse bench``
  measures it;
- ``openspiel``: a pyspiel state's ``legal_actions`` and ``apply_action`` (each code checked);
- ``openspiel+observation``: the same, plus the decider's observation tensor through pyspiel's
  observer (``open_spiel.python.observation.make_observation``: a NumPy array written in place).

Decisions count every seat's, chance excluded; games that end start again.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL
from hanse.env.openspiel_game import register
from hanse.games import game_class, make

Stepper = Callable[[float], int]
"""Plays for the CPU-seconds given; returns the decisions made."""


def _engine(game_id: str, players: int, seed: int) -> Stepper:
    game = make(game_id, players)
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(seconds: float) -> int:
        nonlocal state
        decisions = 0
        end = time.process_time() + seconds
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                state = game.new_initial_state()
            elif player == CHANCE:
                game.apply_trusted(state, sample_chance(game, state, rng))
            else:
                legal = game.legal_actions(state)
                game.apply_trusted(state, legal[rng.randrange(len(legal))])
                decisions += 1
                if decisions & 255 == 0 and time.process_time() >= end:
                    return decisions

    return run


def _openspiel(game_id: str, players: int, seed: int, observe: bool) -> Stepper:
    import pyspiel
    from open_spiel.python.observation import make_observation

    register()
    game = pyspiel.load_game(f"python_hanse_{game_id}", {"players": players})
    observation = make_observation(game)
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(seconds: float) -> int:
        nonlocal state
        decisions = 0
        end = time.process_time() + seconds
        while True:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                codes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(codes, chances)[0])
            else:
                if observe:
                    observation.set_from(state, state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
                if decisions & 255 == 0 and time.process_time() >= end:
                    return decisions

    return run


def measure(
    game_id: str, players: int, seconds: float, rounds: int, seed: int = 0
) -> dict[str, float]:
    """Decisions per CPU-second of each loop (see the module docstring)."""
    loops = {
        "engine": _engine(game_id, players, seed),
        "openspiel": _openspiel(game_id, players, seed, observe=False),
        "openspiel+observation": _openspiel(game_id, players, seed, observe=True),
    }
    decisions = dict.fromkeys(loops, 0)
    spent = dict.fromkeys(loops, 0.0)
    for _ in range(rounds):
        for name, run in loops.items():
            start = time.process_time()
            decisions[name] += run(seconds / rounds)
            spent[name] += time.process_time() - start
    return {name: decisions[name] / spent[name] for name in loops}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["luebeck", "hansa", "kogge", "speicherstadt"])
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU-seconds per loop")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    players = args.players or game_class(args.game).min_players
    rates = measure(args.game, players, args.seconds, args.rounds, args.seed)
    engine = rates["engine"]
    for name, rate in rates.items():
        print(f"{args.game} {players}p {name}: {rate:,.0f} decisions/CPU-s ({rate / engine:.0%})")


if __name__ == "__main__":
    main()
