"""Golden playthroughs: seeded random games written out as text (DESIGN.md, "Tests", item 3).

A rules change shows as a diff of these files. Each line is one node: the step, who decides, the
pending decision, the scores, the legal actions (the first few and their count) and the action
taken; the spectator's rendering opens and closes the file. Long games are stored compactly
(``every=k``): only every k-th node and the last ones are written, each followed by a hash chain
over the lines of all nodes so far, so a change anywhere still shows, as a diff from the first
written node after it on. Regenerate them with::

    HANSE_UPDATE_GOLDEN=1 pytest tests/games -k golden
"""

from __future__ import annotations

import difflib
import hashlib
import os
import random
from collections import deque
from pathlib import Path
from typing import Any

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL, Game

SHOWN_LEGAL = 12


TAIL = 5  # the last nodes are always written


def playthrough_text(game: Game, seed: int, max_actions: int = 200_000, every: int = 1) -> str:
    """A seeded uniformly random game as text; deterministic for a given game and seed.

    With ``every > 1`` only every ``every``-th node and the last ones are written, each with the
    hash chain of all node lines up to it (see the module docstring)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    flags = ", ".join(f"{k}={v}" for k, v in game.flags.items()) or "none"
    lines = [
        f"# {type(game).game_id}, {game.num_players} players, flags: {flags}, seed {seed}",
        game.render(game.view(state, None)),
        "",
    ]
    step = 0
    chain = hashlib.sha256()
    last: deque[tuple[int, str]] = deque()  # with every > 1: the newest nodes, all written
    while (player := game.current_player(state)) != TERMINAL and step < max_actions:
        if player == CHANCE:
            action = sample_chance(game, state, rng)
            node = f"{step:5d} chance: {game.action_to_str(action)}"
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            shown = " | ".join(game.action_to_str(a) for a in legal[:SHOWN_LEGAL])
            more = f" | ... ({len(legal)} in all)" if len(legal) > SHOWN_LEGAL else ""
            decision = game.view(state, None)["decision"]
            node = (
                f"{step:5d} seat {player} {decision} scores={game.scores(state)} "
                f"legal: {shown}{more}\n      -> {game.action_to_str(action)}"
            )
        if every == 1:
            lines.append(node)
        else:
            chain.update(node.encode() + b"\n")
            last.append((step, f"{node}  #{chain.hexdigest()[:12]}"))
            if len(last) > TAIL:
                old_step, old_node = last.popleft()
                if old_step % every == 0:
                    lines.append(old_node)
        game.apply_action(state, action)
        step += 1
    lines += [node for _, node in last]
    if every > 1:
        lines.append(f"# every {every}th node shown; chain of all {step} nodes {chain.hexdigest()}")
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
    every: int = 1,
) -> None:
    """Compare a playthrough with its golden file; rewrite it when HANSE_UPDATE_GOLDEN=1."""
    from hanse.games import make

    text = playthrough_text(make(game_id, num_players, **(flags or {})), seed, every=every)
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
