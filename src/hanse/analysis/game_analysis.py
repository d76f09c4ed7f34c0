"""A whole record analysed: which decisions offered a choice, each judged, the result as JSON."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hanse.analysis.decisions import DecisionEvaluation, default_budget, evaluate_decision
from hanse.core.match import iter_replay
from hanse.core.protocol import IllegalActionError
from hanse.core.record import MatchRecord
from hanse.core.upgrade import upgrade_record

FORMAT = "hanse-analysis/1"
LARGEST_LOSSES = 5
"""How many of the largest losses an analysis marks."""


class AnalysisError(IllegalActionError):
    """A request the analysis cannot answer (an unknown seat, a budget below 1, a bad range)."""


@dataclass
class Analysis:
    """The evaluations of a record's decisions (those with a choice, of the chosen seats), in
    the order of the game; `total` is how many there are to evaluate (an analysis under way holds
    fewer)."""

    game_id: str
    num_players: int
    seats: list[int]
    budget: int
    seed: int
    total: int
    decisions: list[DecisionEvaluation] = field(default_factory=list)

    @property
    def is_complete(self) -> bool:
        return len(self.decisions) >= self.total

    def largest_losses(self, count: int = LARGEST_LOSSES) -> list[DecisionEvaluation]:
        """The decisions that gave most away, largest first (only those that lost anything)."""
        losing = [d for d in self.decisions if d.loss > 0.0]
        return sorted(losing, key=lambda d: (-d.loss, d.step))[:count]

    def to_json(self) -> dict[str, Any]:
        marked = {d.step for d in self.largest_losses()}
        decisions = []
        for decision in self.decisions:
            entry = decision.to_json()
            entry["largest_loss"] = decision.step in marked
            decisions.append(entry)
        return {
            "format": FORMAT,
            "game": self.game_id,
            "num_players": self.num_players,
            "seats": list(self.seats),
            "budget": self.budget,
            "seed": self.seed,
            "total": self.total,
            "done": len(self.decisions),
            "decisions": decisions,
            "chances": [
                {"step": d.step, "seat": d.seat, "chances": list(d.chances)} for d in self.decisions
            ],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Analysis:
        if obj.get("format") != FORMAT:
            raise AnalysisError(f"not a Hanse analysis (expected format {FORMAT!r})")
        return cls(
            game_id=str(obj["game"]),
            num_players=int(obj["num_players"]),
            seats=[int(s) for s in obj["seats"]],
            budget=int(obj["budget"]),
            seed=int(obj["seed"]),
            total=int(obj["total"]),
            decisions=[DecisionEvaluation.from_json(d) for d in obj["decisions"]],
        )


def _seats(record: MatchRecord, seats: Iterable[int] | None) -> list[int]:
    if seats is None:
        return list(range(record.num_players))
    chosen = sorted(set(seats))
    for seat in chosen:
        if not 0 <= seat < record.num_players:
            raise AnalysisError(f"seats are 0 to {record.num_players - 1}, not {seat}")
    return chosen


def choice_steps(
    record: MatchRecord, seats: Iterable[int] | None = None, moves: range | None = None
) -> list[int]:
    """The steps (1 is the record's first action) of the chosen seats' decisions that offered
    more than one legal action, within `moves` where given: a forced move says nothing."""
    wanted = set(_seats(record, seats))
    from hanse.games import make  # the registry lives above the core-like packages

    game = make(record.game_id, record.num_players, **record.flags)
    return [
        step
        for step, (player, _, state) in enumerate(_before_each(game, record), start=1)
        if player in wanted
        and (moves is None or step in moves)
        and len(game.legal_actions(state)) > 1
    ]


def decision_rng(seed: int, step: int) -> random.Random:
    """Each decision's own generator, so any decision is judged alike on its own, in a chunk, in
    another process, or after a worker resumed someone else's analysis."""
    return random.Random(f"hanse-analysis:{seed}:{step}")


def evaluate_steps(
    record: MatchRecord,
    steps: Sequence[int],
    budget: int,
    seed: int,
    done: Callable[[DecisionEvaluation], None] | None = None,
) -> list[DecisionEvaluation]:
    """The decisions at `steps` (as :func:`choice_steps` gives them) judged, in one replay."""
    from hanse.games import make

    game = make(record.game_id, record.num_players, **record.flags)
    wanted = set(steps)
    last = max(wanted, default=0)
    results = []
    for step, (player, action, state) in enumerate(_before_each(game, record), start=1):
        if step > last:
            break
        if step in wanted:
            evaluation = evaluate_decision(
                game, state, player, action, step, budget, decision_rng(seed, step)
            )
            results.append(evaluation)
            if done is not None:
                done(evaluation)
    return results


def _before_each(game: Any, record: MatchRecord) -> Iterable[tuple[int, Any, Any]]:
    """(player, action, state before it) for each action of a record; the state is live."""
    state = game.new_initial_state()
    for player, action, after in iter_replay(record, game):
        yield player, action, state
        state = after.clone()


def analyse(
    record: MatchRecord,
    seats: Iterable[int] | None = None,
    budget: int | None = None,
    seed: int = 0,
    moves: range | None = None,
    done: Callable[[DecisionEvaluation], None] | None = None,
    started: Callable[[int], None] | None = None,
) -> Analysis:
    """Every decision with a choice of `seats` (all by default) in `record`, within `moves`
    (steps, 1 the first action) where given, judged with `budget` search iterations each (a
    default per game); `started` hears how many there are, `done` of each as it is judged."""
    record = upgrade_record(record)
    budget = default_budget(record.game_id) if budget is None else budget
    if budget < 1:
        raise AnalysisError("the budget is a number of search iterations, 1 or more")
    chosen = _seats(record, seats)
    steps = choice_steps(record, chosen, moves)
    if started is not None:
        started(len(steps))
    analysis = Analysis(record.game_id, record.num_players, chosen, budget, seed, len(steps))
    analysis.decisions = evaluate_steps(record, steps, budget, seed, done)
    return analysis
