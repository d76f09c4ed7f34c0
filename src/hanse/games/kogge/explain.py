"""Messages for illegal actions, naming the rule that forbids them (``explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanse.core import CHANCE, TERMINAL
from hanse.games.kogge import actions as act
from hanse.games.kogge.actions import Decision

if TYPE_CHECKING:
    from hanse.core import Action
    from hanse.games.kogge.game import KoggeGame
    from hanse.games.kogge.state import KoggeState

_RULES: dict[type, str] = {
    act.ChooseStart: "Rule 'Startaufstellung festlegen': choose one of your markers, not the one "
    "that just clashed, for a city with a free Kontor place",
    act.Bid: "Rule 'Nachschub und Reihenfolge' (Hanse's rules page, 'Bids are a chain'): lay "
    "one of your own markers, no higher than the last one laid, and only while the bid can still "
    "end unlike every bid made this round",
    act.BidDone: "Rule 'Nachschub und Reihenfolge': a bid holds at least one marker and is never "
    "an exact repeat of a bid already made this round",
    act.TakeMarker: "Rule 'b) Handel mit dem Gildemeister': take a marker of the colour of the "
    "good you gave, one the reserve holds (none only if it holds none of that colour)",
    act.MoveGuildmaster: "Rule '2) Gildemeister': the start player moves him one or two cities",
    act.PayTax: "Expert rule A 'Steuern': pay one good you carry",
    act.Move: "Rule '3A Bewegung': sail along a route of your city (face-up routes into a city "
    "with your own robbery marker are closed), paying one good or marker for every step after "
    "the free one(s), one more for the Geheimweg; a step is paid with one item, the Geheimweg's "
    "second (after a step that is not free) as its own action",
    act.PayFee: "Rule 'Bonuschips: Geheimweg': after a Geheimweg step that is not free, pay its "
    "second item: a good or marker you hold, no lower in the order ore, fur, amber, salt, markers "
    "0-8 than the first",
    act.Collect: "Rule 'Waren und Kontore': collect only from your own Kontor in your cog's city "
    "while moving",
    act.Stop: "Rule '3A Bewegung': the movement comes first",
    act.BuildKontor: "Rule 'a) Kontor bauen': pay the three goods the city does not produce and "
    "one marker of the city (two if it has a Kontor); at most two Kontore per city; once per round",
    act.GuildmasterTrade: "Rule 'b) Handel mit dem Gildemeister': once per round, in his city: "
    "three equal markers for the second robbery marker, six equal goods for a bonus chip, or a "
    "good and a marker of the same colour one for one",
    act.BuyMarkers: "Rule 'c) Wegemarker kaufen': one whole lot of this round's offer for one "
    "good, once per round",
    act.Exchange: "Rule 'd) Waren eintauschen': only after moving to another city, once per round; "
    "at most two (three with the chip) goods per good given, never of the same kind",
    act.ExchangeDone: "Rule 'd) Waren eintauschen': take at least one good first",
    act.ChangeRoute: "Rule 'e) Handelsrouten verändern': once per round, swap a face-up marker of "
    "your city for one of your markers that is not the city's own number",
    act.Look: "Expert rule D 'Memory': once per round, pay one good or marker to look",
    act.Rob: "Rule 'f) Raubüberfall': once, with an unused robbery marker, the city or a cog in it",
    act.Split: "Rule 'f) Raubüberfall': the robbed player lays the first pile, half his cargo "
    "rounded up, one good he holds at a time in the order ore, fur, amber, salt",
    act.TakePile: "Rule 'f) Raubüberfall': the robber takes one of the two piles",
    act.ForcedStep: "Rule 'f) Raubüberfall': the next player chooses the robber's free step "
    "along a possible route (not a face-up one into a city with his own robbery marker)",
    act.OfferTrade: "Rule 'Handel untereinander': on your turn, while moving or in your action "
    "phase, offer to a cog in your city (expert rule B: a Kontor there); Hanse's rules page, "
    "'Offers are limited': at most one offer to each partner in each phase of a turn",
    act.TradeItem: "Rule 'Handel untereinander': only goods and markers the players hold",
    act.SendOffer: "Rule 'Handel untereinander': an offer holds at least one item",
    act.CancelTrade: "Rule 'Handel untereinander': only while composing an offer",
    act.AnswerTrade: "Rule 'Handel untereinander': accept only what you can give",
    act.EndTurn: "Rule '3B Aktionen': end the turn in the action phase",
    act.Attack: "Expert rule C 'Konflikte': after the action phase, between the active player and "
    "a cog in his city",
    act.ConflictBid: "Expert rule C 'Konflikte': say how many markers of the value asked you add "
    "to your secret choice (at most as many as you hold; at least one marker in all if you "
    "hold any)",
    act.Demand: "Expert rule C 'Konflikte': the winner names three goods",
    act.Push: "Expert rule C 'Konflikte': the winner may move the loser's cog one step along an "
    "allowed route (not a face-up one into a city with the loser's own robbery marker)",
    act.Skip: "this decision cannot be declined",
}


def explain(g: KoggeGame, s: KoggeState, action: Action) -> str:
    player = g.current_player(s)
    try:
        text = repr(act.action_to_str(action))
    except Exception:  # noqa: BLE001  # describing a malformed action must not fail
        text = repr(action)
    if player == TERMINAL:
        return f"{text} is not legal: the game is over"
    pending = g.pending_in_words(s)
    if player == CHANCE or type(action) not in _RULES:
        return f"{text} is not legal now: {pending}"
    rule = _RULES[type(action)]
    if s.phase == Decision.OVER:
        return f"{text} is not legal: the game is over"
    return f"{text} is not legal now ({pending}): {rule}"
