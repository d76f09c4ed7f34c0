"""Spielende: the last round, the remaining fires and the end of the game.

"Sobald in Phase 1) nach dem Aufdecken der Handelskarten nur noch die Karte 4. Brand auf dem
Zugstapel liegt, hat eure letzte Runde begonnen. ... Anschließend wickelt ihr ... den 4. Brand ab."
Special case: "3. Brand" directly above "4. Brand" — no further round; the 3rd fire, then the 4th.
Both cases are one test: after a round's income, if the draw pile holds no card but fires, the
remaining fires are revealed (chance draws) and resolved in order, then the game is scored.
"""

from __future__ import annotations

from hanse.core import CHANCE, TERMINAL
from hanse.games.speicherstadt.rules import scoring
from hanse.games.speicherstadt.state import DRAW_CARD, OVER, SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def is_last_round_over(s: SpeicherstadtState) -> bool:
    return s.nonfire_left == 0


def begin(t: Tables, s: SpeicherstadtState) -> None:
    s.final = True
    next_step(t, s)


def next_step(t: Tables, s: SpeicherstadtState) -> None:
    if any(s.season_left):
        s.decision = DRAW_CARD
        s.decider = CHANCE
        return
    for seat in range(t.num_players):
        s.score[seat] += scoring.end_points(t, s, seat)
    s.decision = OVER
    s.decider = TERMINAL
