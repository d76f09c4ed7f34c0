"""Golden playthroughs: seeded random games written out as text (DESIGN.md, "Tests", item 3).

A rules change shows as a diff of these files. Each line is one node: the step, who decides, the
pending decision, the scores, the legal actions (the first few and their count) and the action
taken; the spectator's rendering opens and closes the file. Regenerate them with::

    HANSE_UPDATE_GOLDEN=1 pytest tests/games -k golden
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path
from typing import Any

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Game

SHOWN_LEGAL = 12


def playthrough_text(game: Game, seed: int, max_actions: int = 200_000) -> str:
    """A seeded uniformly random game as text; deterministic for a given game and seed."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    flags = ", ".join(f"{k}={v}" for k, v in game.flags.items()) or "none"
    lines = [
        f"# {type(game).game_id}, {game.num_players} players, flags: {flags}, seed {seed}",
        game.render(game.view(state, None)),
        "",
    ]
    step = 0
    while (player := game.current_player(state)) != TERMINAL and step < max_actions:
        if player == CHANCE:
            action = sample_chance(game, state, rng)
            lines.append(f"{step:5d} chance: {game.action_to_str(action)}")
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            shown = " | ".join(game.action_to_str(a) for a in legal[:SHOWN_LEGAL])
            more = f" | ... ({len(legal)} in all)" if len(legal) > SHOWN_LEGAL else ""
            decision = game.view(state, None)["decision"]
            lines.append(
                f"{step:5d} seat {player} {decision} scores={game.scores(state)} "
                f"legal: {shown}{more}\n      -> {game.action_to_str(action)}"
            )
        game.apply_action(state, action)
        step += 1
    lines += [
        "",
        game.render(game.view(state, None)),
        f"# final scores {game.scores(state)}, winners {game.winners(state)}",
    ]
    return "\n".join(lines) + "\n"


def assert_golden(
    game_id: str,
    num_players: int,
    seed: int,
    path: str | Path,
    flags: dict[str, Any] | None = None,
) -> None:
    """Compare a playthrough with its golden file; rewrite it when HANSE_UPDATE_GOLDEN=1."""
    from hanse.games import make

    text = playthrough_text(make(game_id, num_players, **(flags or {})), seed)
    path = Path(path)
    if os.environ.get("HANSE_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return
    if not path.exists():
        raise AssertionError(f"no golden file {path}; create it with HANSE_UPDATE_GOLDEN=1")
    expected = path.read_text()
    if text != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    str(path),
                    "now",
                )
            )[:60]
        )
        raise AssertionError(
            f"the playthrough differs from {path} (regenerate with HANSE_UPDATE_GOLDEN=1 "
            f"if the change is intended):\n{diff}"
        )
