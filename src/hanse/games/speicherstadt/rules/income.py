"""5. Einkommen: "Jeder Spieler erhält 1 Münze. Wer in dieser Runde keine Handelskarte gekauft hat,
bekommt 1 zusätzliche Münze." Kaispeicher: 2 coins instead of 1; the Bank gives 1 more. Coins are
unlimited (RULINGS.md). Then the start player card passes to the left and a new round begins —
unless the last round is over (see :mod:`.end`).
"""

from __future__ import annotations

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.rules import end, offer
from hanse.games.speicherstadt.state import SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def amount(t: Tables, s: SpeicherstadtState, seat: int) -> int:
    coins = t.income
    if not s.bought >> seat & 1:
        coins += 1
    if s.abilities[seat] >> data.BANK & 1:
        coins += 1
    return coins


def run(t: Tables, s: SpeicherstadtState) -> None:
    for seat in range(t.num_players):
        s.coins[seat] += amount(t, s, seat)
    s.start_player = (s.start_player + 1) % t.num_players
    if end.is_last_round_over(s):
        end.begin(t, s)
    else:
        offer.start_round(t, s)
