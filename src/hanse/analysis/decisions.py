"""One decision judged from its seat's view: the move taken against the ``hard`` search's best."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from hanse.bots.registry import level_settings
from hanse.bots.search import RootChoice, SearchSettings, preferred, search_root
from hanse.core.protocol import Action, Game

DEFAULT_BUDGET = {"luebeck": 400, "speicherstadt": 300, "kogge": 40, "hansa": 6}
"""Search iterations per decision when none is asked for: about a quarter of a second each on
this project's machine (``hanse bench --bots``: the ``hard`` search runs some 4,100 iterations a
second in Lübeck, 2,300 in Die Speicherstadt, 360 in Kogge and 9 in Hansa)."""


def default_budget(game_id: str) -> int:
    return DEFAULT_BUDGET.get(game_id, 200)


@dataclass(frozen=True)
class DecisionEvaluation:
    """A decision of a record judged: `step` is its number among the record's actions (1 is the
    first, as the replay counts), values are the deciding seat's win chance (0 to 1)."""

    step: int
    seat: int
    move: str  # the move taken, in the game's notation
    value: float  # the win chance after the move taken
    best: str  # the move the search prefers
    best_value: float
    chances: tuple[float, ...]  # every seat's win chance after the move taken
    options: int  # legal actions there
    iterations: int

    @property
    def loss(self) -> float:
        """How much win chance the move taken gave away against the best (never below 0)."""
        return 0.0 if self.move == self.best else max(0.0, self.best_value - self.value)

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "move": self.move,
            "value": self.value,
            "best": self.best,
            "best_value": self.best_value,
            "loss": round(self.loss, DIGITS),
            "chances": list(self.chances),
            "options": self.options,
            "iterations": self.iterations,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> DecisionEvaluation:
        return cls(
            step=int(obj["step"]),
            seat=int(obj["seat"]),
            move=str(obj["move"]),
            value=float(obj["value"]),
            best=str(obj["best"]),
            best_value=float(obj["best_value"]),
            chances=tuple(float(c) for c in obj["chances"]),
            options=int(obj["options"]),
            iterations=int(obj["iterations"]),
        )


def win_chances(means: Sequence[float]) -> tuple[float, ...]:
    """Mean returns in [-1, 1] per seat as win chances: (r + 1) / 2, scaled to sum to 1 (a
    finished game's returns already do; heuristic leaves need not)."""
    shares = [max(0.0, (mean + 1.0) / 2.0) for mean in means]
    total = sum(shares)
    if total <= 0.0:
        return tuple(1.0 / len(shares) for _ in shares)
    return tuple(share / total for share in shares)


def analysis_settings(budget: int) -> SearchSettings:
    """The ``hard`` level's search with a budget in iterations instead of its second."""
    return replace(level_settings(1.0), iterations=budget, seconds=None)


def evaluate_decision(
    game: Game,
    state: Any,
    seat: int,
    taken: Action,
    step: int,
    budget: int,
    rng: random.Random,
) -> DecisionEvaluation:
    """The decision `seat` faces in `state`, where it took `taken`, judged from `seat`'s view.

    The state is read for two things only, both of which the seat was shown: its view and its
    legal actions. The search determinizes the view afresh every iteration. The move taken is
    tried first, so that the budget always reaches it (a root filter may not have ranked it)."""
    view = game.view(state, seat)
    legal = game.legal_actions(state)
    settings = analysis_settings(budget).for_game(game)
    candidates = list(legal)
    if settings.root_filter is not None:
        candidates = settings.root_filter(game, view, legal, rng) or candidates
    candidates = [taken, *(action for action in candidates if action != taken)]
    choices = search_root(game, view, candidates, settings, rng)
    best = choices[preferred(choices, seat)]
    taken_choice = choices[0]
    chances = _chances(taken_choice, game.num_players)
    return DecisionEvaluation(
        step=step,
        seat=seat,
        move=str(game.action_to_str(taken)),
        value=chances[seat],
        best=str(game.action_to_str(best.action)),
        best_value=_chances(best, game.num_players)[seat],
        chances=chances,
        options=len(legal),
        iterations=budget,
    )


DIGITS = 4
"""Win chances are kept to four decimals, so that an evaluation read back from its JSON (a
worker resuming another's analysis) is the very one written."""


def _chances(choice: RootChoice, num_players: int) -> tuple[float, ...]:
    if not choice.visits:
        return tuple(round(1.0 / num_players, DIGITS) for _ in range(num_players))
    return tuple(round(chance, DIGITS) for chance in win_chances(choice.means))
