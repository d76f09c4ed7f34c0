"""Is Actiones as strong as it seems? A Hansa Teutonica study with the arena (README).

The rulebook's "Tipps für die ersten Partien" begin: "Man mag nach dem ersten Spiel den Eindruck
haben, dass die Eigenschaft Actiones recht stark ist. Dem wollen wir nicht widersprechen ..." and
end: "3 Aktionen sollte man möglichst schnell erreichen." This file holds two variants of the easy
bot that differ from it only in what developing Actiones is worth to them:

- ``keen``: twice the easy bot's worth for every Actiones level (the "Aktionenfülle" believer);
- ``shy``: no worth at all, so it develops Actiones only where nothing else is worth as much.

Each plays a 4-player gauntlet against three easy bots, every seat rotated (commands in the
README). The arena reports win rates; this script, given the arenas' ``--out`` folders, replays the
saved records and adds what each bot did with Actiones::

    python examples/hansa_actiones.py runs/keen runs/shy
"""

from __future__ import annotations

import sys
from collections import defaultdict
from functools import partial
from pathlib import Path

from hanse.bots.heuristic import HeuristicBot
from hanse.core.match import replay_final
from hanse.core.record import MatchRecord
from hanse.games.hansa import heuristics
from hanse.games.hansa.data import ABILITIES, TRACK_VALUES

ACTIONES = ABILITIES.index("actions")


def keen() -> HeuristicBot:
    weights = heuristics.WEIGHTS.with_ability_worth("actions", 2.0)
    return HeuristicBot("actiones-keen", partial(heuristics.state_value, weights=weights))


def shy() -> HeuristicBot:
    weights = heuristics.WEIGHTS.with_ability_worth("actions", 0.0)
    return HeuristicBot("actiones-shy", partial(heuristics.state_value, weights=weights))


def summarise(folders: list[Path]) -> str:
    """Per bot: games, win share, mean final score, mean actions per turn at the end."""
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    score: dict[str, float] = defaultdict(float)
    actions: dict[str, float] = defaultdict(float)
    for folder in folders:
        for path in sorted((folder / "records").glob("*.json")):
            record = MatchRecord.load(path)
            if record.scores is None:
                continue  # a game cut unfinished (hanse arena --max-decisions) has no result
            final = replay_final(record)
            assert record.players is not None
            for seat, name in enumerate(record.players):
                games[name] += 1
                if seat in (record.winners or []):
                    wins[name] += 1 / len(record.winners or [])
                score[name] += record.scores[seat]
                level = final.levels[5 * seat + ACTIONES]
                actions[name] += TRACK_VALUES[ACTIONES][level]
    lines = [f"{'bot':<16}{'seats':>7}{'win share':>11}{'mean score':>12}{'actions/turn':>14}"]
    for name in sorted(games):
        n = games[name]
        lines.append(
            f"{name:<16}{n:>7}{wins[name] / n:>11.1%}{score[name] / n:>12.1f}"
            f"{actions[name] / n:>14.2f}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(summarise([Path(arg) for arg in sys.argv[1:]]))
