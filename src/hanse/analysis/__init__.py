"""Post-game analysis: how each decision of a finished game compares with the ``hard`` bot's best.

For every decision of the chosen seats that offered a choice, the analysis searches from the
deciding seat's view only, as the ``hard`` level does (ISMCTS over determinizations of the view,
:func:`hanse.bots.search.search_root`), with a fixed budget of iterations, so that a seed fixes the
result on any machine. A search that saw the true hidden state (the others' cards, the bag's order
of draws to come) would judge a move by what its player could not know; this one gets the view and
the legal actions the seat was offered, nothing else.

What it says per decision (:class:`DecisionEvaluation`): the move taken and its value, the move the
search prefers and its value, the loss (best - taken, never below zero) and every seat's win
chance after the move taken. Values are win chances: the search's mean return of each seat
(``returns``: +1 a win, -1 a loss, a shared win 2/k - 1; leaves cut early are judged by the game's
heuristics in (-1, 1)) mapped to (r + 1) / 2 and scaled to sum to 1 over the seats.

Standard library only, like the core: ``hanse analyse`` and the web server's analysis jobs use it.
"""

from hanse.analysis.decisions import (
    DEFAULT_BUDGET,
    DecisionEvaluation,
    evaluate_decision,
    win_chances,
)
from hanse.analysis.game_analysis import (
    Analysis,
    AnalysisError,
    analyse,
    choice_steps,
    evaluate_steps,
)

__all__ = [
    "DEFAULT_BUDGET",
    "Analysis",
    "AnalysisError",
    "DecisionEvaluation",
    "analyse",
    "choice_steps",
    "evaluate_decision",
    "evaluate_steps",
    "win_chances",
]
