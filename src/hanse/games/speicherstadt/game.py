"""The game class of Die Speicherstadt: the protocol of hanse.core on the rules of ``rules/``."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import add
from random import Random
from typing import Any, ClassVar

from hanse.core import Action, GameBase, IllegalActionError, View, top_seats
from hanse.core.words import Phrase, closed_with_notes
from hanse.games.speicherstadt import actions as act
from hanse.games.speicherstadt import render, views
from hanse.games.speicherstadt.card_text import effect
from hanse.games.speicherstadt.config import SpeicherstadtConfig
from hanse.games.speicherstadt.data import ALL_CARDS, FIRE, SEASONS
from hanse.games.speicherstadt.rules import demand, fire, loading, offer, purchase, scoring, setup
from hanse.games.speicherstadt.state import (
    DECISION_NAMES,
    DEMAND,
    DRAW_CARD,
    DRAW_CUBE,
    FIRE_CHIEF,
    GREY,
    INSURANCE,
    LOADING,
    PURCHASE,
    SPY,
    TRUCK,
    SpeicherstadtState,
)
from hanse.games.speicherstadt.tables import Tables, tables_for

DOUBLE = act.Double()
INSURE = act.Insure()

_Handler = Callable[[Tables, SpeicherstadtState, Any], None]

_HANDLERS: dict[tuple[int, type], _Handler] = {
    (DRAW_CARD, act.DrawCard): lambda t, s, a: offer.draw_card(t, s, a.card),
    (DRAW_CUBE, act.DrawCube): lambda t, s, a: offer.draw_cube(t, s, a.good),
    (FIRE_CHIEF, act.Double): lambda t, s, a: fire.use_chief(t, s),
    (FIRE_CHIEF, act.Decline): lambda t, s, a: fire.skip_chief(t, s),
    (INSURANCE, act.Insure): lambda t, s, a: fire.use_insurance(t, s),
    (INSURANCE, act.Decline): lambda t, s, a: fire.skip_insurance(t, s),
    (DEMAND, act.PlaceWorker): lambda t, s, a: demand.place(t, s, a.card),
    (DEMAND, act.Reserve): lambda t, s, a: demand.reserve(t, s, a.card),
    (DEMAND, act.Pause): lambda t, s, a: demand.pause(t, s),
    (DEMAND, act.Done): lambda t, s, a: demand.stop_greys(t, s),
    (SPY, act.Spy): lambda t, s, a: purchase.spy(t, s, a.own, a.other),
    (SPY, act.Decline): lambda t, s, a: purchase.skip_spy(t, s),
    (PURCHASE, act.Buy): lambda t, s, a: purchase.buy(t, s, False),
    (PURCHASE, act.BuyFree): lambda t, s, a: purchase.buy(t, s, True),
    (PURCHASE, act.Decline): lambda t, s, a: purchase.decline(t, s),
    (LOADING, act.Load): lambda t, s, a: loading.load(t, s, a.good, a.src, a.dst),
    (LOADING, act.Exchange): lambda t, s, a: loading.exchange(t, s, a.give, a.take),
    (LOADING, act.Sell): lambda t, s, a: loading.sell(t, s, a.give),
    (LOADING, act.Auction): lambda t, s, a: loading.auction(t, s, a.good, a.dst),
    (LOADING, act.Smuggle): lambda t, s, a: loading.smuggle(
        t, s, a.victim, a.contract, a.good, a.dst
    ),
    (LOADING, act.Truck): lambda t, s, a: loading.truck(t, s, a.source, a.good, a.target),
    (LOADING, act.Done): lambda t, s, a: loading.done(t, s),
    (TRUCK, act.Truck): lambda t, s, a: loading.truck(t, s, a.source, a.good, a.target),
    (TRUCK, act.Done): lambda t, s, a: loading.stop_truck(t, s),
}

_LEGAL: dict[int, Callable[[Tables, SpeicherstadtState, int], list[Action]]] = {
    DEMAND: demand.legal,
    SPY: purchase.legal_spy,
    PURCHASE: purchase.legal,
    LOADING: loading.legal,
    TRUCK: loading.legal_truck,
    FIRE_CHIEF: lambda t, s, seat: [DOUBLE, purchase.DECLINE],
    INSURANCE: lambda t, s, seat: [INSURE, purchase.DECLINE],
}


_PHASE_RULES: dict[int, str] = {
    DEMAND: (
        "Rule 'Nachfrage': place a worker on the lowest free building space of an offered card "
        "(Kaispeicher: or reserve a card of the upper row, or play a break card of the "
        "Kaffeepause; grey workers may stop with done)"
    ),
    SPY: (
        "Rule 'Spitzel': swap the place of one of your workers with another player's worker, or "
        "decline"
    ),
    PURCHASE: (
        "Rule 'Kauf': the owner of the lowest worker buys the card at its price (Fischmarkt: for "
        "free) or declines"
    ),
    LOADING: (
        "Rule 'Verladung': load one of your cubes to a destination that takes it, exchange or "
        "sell in the market hall, use a Kaispeicher card you own, or done"
    ),
    TRUCK: (
        "Rule 'LKW': move a cube from one of your contracts to a free slot of its good on another "
        "of your contracts (up to 3), or done"
    ),
    FIRE_CHIEF: "Rule 'Einsatzleiter': double the points of this fire, or decline",
    INSURANCE: "Rule 'Versicherung': pay 2 coins against the minus points, or decline",
}
"""The rule named for an action that the pending decision does not allow."""


class SpeicherstadtGame(GameBase):
    """Die Speicherstadt (Stefan Feld, eggertspiele 2010), optionally with Kaispeicher."""

    views_hide_nothing = True  # no seat's view differs from the spectator's
    game_id: ClassVar[str] = "speicherstadt"
    title: ClassVar[str] = "Die Speicherstadt"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    config_class: ClassVar[type] = SpeicherstadtConfig
    action_classes: ClassVar[tuple[type, ...]] = act.ACTION_CLASSES

    def __init__(self, num_players: int, config: SpeicherstadtConfig | None = None) -> None:
        super().__init__(num_players, config or SpeicherstadtConfig())
        self.tables = tables_for(num_players, self.config.kaispeicher)

    # -- the rules ---------------------------------------------------------------------------
    def new_initial_state(self) -> SpeicherstadtState:
        return setup.initial_state(self.tables)

    def current_player(self, state: Any) -> int:
        return state.decider

    def _legal_actions(self, state: Any) -> list[Action]:
        return _LEGAL[state.decision](self.tables, state, state.decider)

    def chance_outcomes(self, state: Any) -> list[tuple[Action, float]]:
        if state.decider != -1:
            return []
        return offer.outcomes(self.tables, state)

    def _apply(self, state: Any, action: Action) -> None:
        _HANDLERS[state.decision, type(action)](self.tables, state, action)

    def scores(self, state: Any) -> list[int]:
        return list(state.score)

    def score_breakdown(self, state: Any) -> list[dict[str, int]] | None:
        """Points during the game (fires, contracts' points as scored), then the end scoring by
        card ("Spielende")."""
        if not self.is_terminal(state):
            return None
        labels = {
            "merchants": "merchants",
            "warehouse": "warehouse",
            "kontore": "Kontore",
            "buildings": "points buildings",
            "port": "port",
            "chamber": "chamber of commerce",
            "contracts": "contracts",
            "press": "press",
            "mayor": "mayor",
            "harbour_tour": "harbour tour",
            "deichtorhallen": "Deichtorhallen",
            "accountant": "accountant",
        }
        out = []
        for p in range(self.num_players):
            parts = scoring.breakdown(self.tables, state, p)
            during = state.score[p] - sum(parts.values())
            out.append({"during the game": during} | {labels[k]: v for k, v in parts.items()})
        return out

    def winners(self, state: Any) -> list[int]:
        """Most points; "Bei Gleichstand ist derjenige besser, der noch mehr Münzen besitzt"."""
        return top_seats(list(zip(state.score, state.coins, strict=True)))

    def decision_name(self, state: Any) -> str:
        return DECISION_NAMES[state.decision]

    def explain_illegal(self, state: Any, action: Action) -> str:
        s: SpeicherstadtState = state
        what = self._describe(action)
        rule = None
        if s.decision == PURCHASE and isinstance(action, act.Buy):
            rule = (
                f"Rule 'Kauf': the price is {purchase.price(s)} coins and seat {s.decider} "
                f"has {s.coins[s.decider]}; a player who cannot pay may only decline"
            )
        elif s.decision == PURCHASE and isinstance(action, act.BuyFree):
            rule = "Rule 'Fischmarkt': only the owner of the Fischmarkt takes a card for free"
        elif s.decision == DEMAND and isinstance(action, act.PlaceWorker):
            if action.card < len(s.offer_workers):
                rule = "Rule 'Nachfrage': all 8 building spaces of that card are taken"
            else:
                rule = f"Rule 'Nachfrage': there are only {len(s.offer)} cards on offer"
        elif s.decision == DEMAND and isinstance(action, act.Reserve):
            rule = (
                "Rule 'Kaispeicher, Nachfrage': only a card of the row above the board may be "
                f"reserved, and that row holds {len(s.upper)} cards"
            )
        elif s.decision == DEMAND and isinstance(action, act.Pause):
            rule = (
                "Rule 'Kaffeepause': a break card needs the Kaffeepause and an opponent who still "
                "has regular workers to place"
            )
        elif s.decision == DEMAND and isinstance(action, act.Done):
            rule = "Rule 'Nachfrage': a player cannot skip placing a regular worker"
        elif s.decision == LOADING and s.market_cube >= 0:
            rule = (
                "Rule 'Auktionshalle'/'Schmuggler': the cube taken must be used at once; it was "
                "sent to the market hall, so exchange or sell it there now"
            )
        elif s.decision in (LOADING, TRUCK) and isinstance(action, act.Load):
            rule = (
                "Rule 'Verladung': the cube must be in that source, and the destination must take "
                "it (a free slot of that good, an own merchant, a Lager with room, an empty hall); "
                "a cube stored in the Lager or the market hall this turn stays there until a later "
                "round ('um sie in späteren Runden zu verwenden')"
            )
        elif s.decision == LOADING and isinstance(action, act.Exchange | act.Sell):
            rule = (
                "Rule 'Markthalle': exchange 3 own cubes (Hafenmeister: 2) for 1 other cube of a "
                "good the supply holds, or sell 2 own cubes (not cubes stored this turn)"
            )
        if rule is None:
            rule = _PHASE_RULES.get(s.decision)
        if rule is None:
            return super().explain_illegal(state, action)
        return f"{what} is not legal: {rule}"

    # -- views -------------------------------------------------------------------------------
    def observe_action(self, state: Any, actor: int, action: Action, viewer: int | None) -> str:
        """Everyone sees every action; a drawn card is told by its name, season and effect as the
        board shows them, not by its id (issue 19, item 9), e.g. "draw Schiff (season B: brings
        3 goods from the bag)"; a fire, resolved at once, adds its outcome (:meth:`note_phrases`)
        to that note: "draw 1. Brand (season B: ...; player A gains 1 point (highest firemen
        total: 3); player B loses 1 point (lowest firemen total: 0))"."""
        if isinstance(action, act.DrawCard):
            card = ALL_CARDS[action.card]
            deck = SEASONS[card.season] + (", Kaispeicher" if card.expansion else "")
            drawn = f"draw {card.name} (season {deck}: {effect(card)})"
            return closed_with_notes(drawn, self.note_phrases(state, actor, action, viewer))
        return self.action_to_str(action)

    def note_phrases(
        self, state: Any, actor: int, action: Action, viewer: int | None
    ) -> list[Phrase]:
        """Who gains or loses how many points at a fire turned up (:func:`views.fire_notes`),
        from the state before the draw and after it; the same for every viewer. No other text
        has a note for the words: a drawn card's season and effect are on the card the words
        name."""
        if not (isinstance(action, act.DrawCard) and self.tables.kind[action.card] == FIRE):
            return []
        after = state.clone()
        self.apply_action(after, action)
        return views.fire_notes(self.tables, state, after, action.card)

    def view(self, state: Any, seat: int | None) -> View:
        return views.view(self.tables, state, seat)

    def determinize(self, view: View, rng: Random) -> SpeicherstadtState:
        return views.determinize(self.tables, view)

    def render(self, view: View) -> str:
        return render.render(view)

    # -- notation ----------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        return act.to_str(action)

    def action_from_str(self, text: str) -> Action:
        return act.from_str(text)

    def action_from_json(self, obj: Any) -> Action:
        if isinstance(obj, dict):
            for key, value in obj.items():
                if key == "kind":
                    continue
                items = value if isinstance(value, list) else [value]
                if not all(type(v) is int and 0 <= v < 1024 for v in items):
                    raise IllegalActionError(f"field {key!r} takes small whole numbers: {value!r}")
        try:
            action = super().action_from_json(obj)
        except (IndexError, KeyError):
            raise IllegalActionError(f"an action field is out of range: {obj!r}") from None
        # The cubes given are a multiset: list them in good order, as the notation does.
        if isinstance(action, act.Exchange):
            return act.Exchange(tuple(sorted(action.give)), action.take)
        if isinstance(action, act.Sell):
            return act.Sell(tuple(sorted(action.give)))
        return action

    # -- pieces ------------------------------------------------------------------------------
    def inventory(self, state: Any) -> dict[str, int]:
        """Cubes per good, copies per card design, workers per seat, grey workers, break cards.

        Coins are unlimited (RULINGS.md, "All games") and not counted.
        """
        s: SpeicherstadtState = state
        t = self.tables
        cubes = [a + b for a, b in zip(s.bag, s.reserve, strict=True)]
        for row in (s.offer_cubes, s.upper_cubes, s.reserved_cubes):
            for on_ship in row:
                for g in on_ship:
                    cubes[g] += 1
        for seat in range(t.num_players):
            for g, n in enumerate(s.cargo[seat]):
                cubes[g] += n + s.warehouse[seat][g]
            if s.hall[seat] >= 0:
                cubes[s.hall[seat]] += 1
            for card, mask in zip(s.contracts[seat], s.filled[seat], strict=True):
                for i, g in enumerate(t.contract_goods[card]):
                    if mask >> i & 1:
                        cubes[g] += 1
        card_count = list(map(add, map(add, s.deck, s.discard), t.removed))
        for card in (*s.offer, *s.upper, *s.reserved, *chain.from_iterable(s.cards)):
            if card >= 0:
                card_count[card] += 1
        workers = list(s.workers)
        greys = s.grey_aside + s.grey_out + sum(s.greys)
        for token in (*(tok for column in s.offer_workers for tok in column), *s.reserved_workers):
            if token < 0:
                continue
            if token & GREY:
                greys += 1
            else:
                workers[token] += 1
        totals = dict(zip(t.cube_keys, cubes, strict=True))
        totals.update(zip(t.card_keys, card_count, strict=True))
        totals.update(zip(t.worker_keys, workers, strict=True))
        totals["grey_workers"] = greys
        totals["break_cards"] = s.break_aside + s.break_used + sum(s.breaks)
        return totals
