"""Brand (fire cards) and the Kaispeicher fire cards Einsatzleiter, Versicherung and Löschzug.

"Jeder Spieler zählt die Werte seiner Feuerwehrmänner zusammen. Wer die höchste Summe aufweist,
erhält sofort so viele Punkte, wie die Zahl auf der Brandkarte angibt. Wer die niedrigste Summe hat,
erhält sofort entsprechend viele Minuspunkte." Ties: every tied player is affected; if all totals
are equal, nobody scores. Order (Yucata notes, RULINGS.md): the fire is scored first; then the
Einsatzleiter owner, if he won points, decides whether to win them again (at the 4th fire an unused
Einsatzleiter applies itself); then the Versicherung owner, if he lost points, decides whether to
pay 2 coins to get them back.
"""

from __future__ import annotations

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.rules import cards, end, offer
from hanse.games.speicherstadt.state import FIRE_CHIEF, INSURANCE, SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def totals(t: Tables, s: SpeicherstadtState) -> list[int]:
    """Fireman total per seat, the Löschzug's doubling included."""
    return [cards.fireman_total(t, own) for own in s.cards]


def start(t: Tables, s: SpeicherstadtState, card: int) -> None:
    """Score a revealed fire, then ask the Einsatzleiter and Versicherung owners."""
    points = t.value[card]
    values = totals(t, s)
    high = max(values)
    low = min(values)
    gain = loss = 0
    if high != low:  # "Im seltenen Fall, dass alle dieselbe Summe aufweisen, ... niemand"
        for seat, value in enumerate(values):
            if value == high:
                s.score[seat] += points
                gain |= 1 << seat
            elif value == low:
                s.score[seat] -= points
                loss |= 1 << seat
    s.discard[card] += 1  # "Die Brandkarte legt ihr nach ihrer Abwicklung auf den Ablagestapel"
    s.fire = card
    s.fire_gain = gain
    s.fire_loss = loss
    _chief_step(t, s)


def _chief_step(t: Tables, s: SpeicherstadtState) -> None:
    chief = cards.owner(s, data.FIRE_CHIEF)
    if chief >= 0 and s.fire_gain >> chief & 1:
        if t.season[s.fire] == data.E:
            # "wird sie automatisch gespielt, wenn Feuerkarte #4 gewertet wird"
            _double(t, s, chief)
        else:
            s.decision = FIRE_CHIEF
            s.decider = chief
            return
    _insurance_step(t, s)


def _double(t: Tables, s: SpeicherstadtState, chief: int) -> None:
    s.score[chief] += t.value[s.fire]
    cards.discard_kind(t, s, chief, data.FIRE_CHIEF)


def use_chief(t: Tables, s: SpeicherstadtState) -> None:
    """Einsatzleiter: "Einmalig im Spiel darfst du Punkte, die du bei einem Brand erhältst,
    verdoppeln. Danach kommt der Einsatzleiter auf den Ablagestapel." """
    _double(t, s, s.decider)
    _insurance_step(t, s)


def skip_chief(t: Tables, s: SpeicherstadtState) -> None:
    _insurance_step(t, s)


def _insurance_step(t: Tables, s: SpeicherstadtState) -> None:
    insured = cards.owner(s, data.INSURANCE)
    if insured >= 0 and s.fire_loss >> insured & 1 and s.coins[insured] >= data.INSURANCE_COST:
        s.decision = INSURANCE
        s.decider = insured
        return
    _finish(t, s)


def use_insurance(t: Tables, s: SpeicherstadtState) -> None:
    """Versicherung: "... kannst du das verhindern, indem du 2 Münzen in den Vorrat zahlst." """
    seat = s.decider
    s.coins[seat] -= data.INSURANCE_COST
    s.score[seat] += t.value[s.fire]
    _finish(t, s)


def skip_insurance(t: Tables, s: SpeicherstadtState) -> None:
    _finish(t, s)


def _finish(t: Tables, s: SpeicherstadtState) -> None:
    s.fire = -1
    s.fire_gain = 0
    s.fire_loss = 0
    if s.final:
        end.next_step(t, s)
    else:
        offer.next_step(t, s)  # "Deckt als Ersatz für den Brand eine neue Handelskarte auf"
