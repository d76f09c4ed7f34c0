"""The Kogge game class: static tables, the decision dispatch and the protocol glue."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from random import Random
from typing import Any, ClassVar

from hanse.core import Action, GameBase, IllegalActionError, View, top_seats
from hanse.core.words import Phrase
from hanse.games.kogge import actions as act
from hanse.games.kogge import knowledge
from hanse.games.kogge.actions import (
    DECISION_NAMES,
    GMT_CHIP,
    GMT_GOOD,
    GMT_MARKER,
    GMT_RAID,
    SECRET_SLOT,
    Decision,
)
from hanse.games.kogge.config import KoggeConfig
from hanse.games.kogge.data import (
    GOOD_NAMES,
    GOODS_SUPPLY,
    KONTORE_PER_PLAYER,
    MARKER_COUNTS,
    NUM_CHIPS,
    RAID_MARKERS_PER_PLAYER,
)
from hanse.games.kogge.rules import (
    bidding,
    conflicts,
    exchange,
    guild_trade,
    guildmaster,
    kontor,
    markets,
    movement,
    robbery,
    routes,
    setup,
    trading,
    turn,
)
from hanse.games.kogge.rules.scoring import victory_points, victory_points_by_part
from hanse.games.kogge.state import KoggeState


class KoggeGame(GameBase):
    """Kogge (Andreas Steding, MoD Games 2003) for 2-4 players; see the package docstring."""

    game_id: ClassVar[str] = "kogge"
    title: ClassVar[str] = "Kogge"
    # 1: bids, conflict choices and splits in one action (before 1bbea5a); 2: one marker or good
    # at a time; 3: the Geheimweg's second item a move of its own (fff33f9). See upgrade.py.
    NOTATION_VERSION: ClassVar[int] = 3
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_class: ClassVar[type] = KoggeConfig
    action_classes: ClassVar[tuple[type, ...]] = act.ACTION_CLASSES

    def __init__(self, num_players: int, config: KoggeConfig | None = None) -> None:
        super().__init__(num_players, config or KoggeConfig())
        cfg: KoggeConfig = self.config
        self.taxes = cfg.taxes
        self.kontor_trade = cfg.kontor_trade
        self.conflicts = cfg.conflicts
        self.memory = cfg.memory
        self.hidden = cfg.hidden
        self.all_mask = (1 << num_players) - 1
        self._build_tables()
        self._legal: list[Callable[[KoggeGame, KoggeState], list[Action]]] = [
            self._no_decision,  # DEAL
            setup.legal_choose_start,
            setup.legal_start_swap,
            self._no_decision,  # LOT
            self._no_decision,  # DRAW_BONUS
            self._no_decision,  # DRAW_OFFER
            bidding.legal_bids,
            guildmaster.legal_gm_move,
            guildmaster.legal_tax,
            movement.legal_move,
            turn.legal_action_phase,
            exchange.legal_exchange,
            trading.legal_compose,
            trading.legal_answer,
            robbery.legal_split,
            robbery.legal_pick,
            robbery.legal_forced,
            conflicts.legal_attack,
            conflicts.legal_conflict_bid,
            conflicts.legal_demand,
            conflicts.legal_push,
            self._no_decision,  # OVER
            guild_trade.legal_take,
            movement.legal_fee,
        ]
        self._dispatch: dict[type, Callable[[KoggeGame, KoggeState, Any], None]] = _DISPATCH

    # -- static tables of interned actions ----------------------------------------------------
    def _build_tables(self) -> None:
        n = self.num_players
        self.deal = [act.Deal(v) for v in range(9)]
        self.lot = [act.Lot(p) for p in range(n)]
        self.choose_start = [act.ChooseStart(v) for v in range(9)]
        self.bid = [act.Bid(v) for v in range(9)]
        self.bid_done = act.BidDone()
        self.gm_move: list[Action] = [act.MoveGuildmaster(1), act.MoveGuildmaster(2)]
        self.pay_tax = [act.PayTax(t) for t in range(4)]
        # Free steps and steps paid with one item (0-3 a good, 4-12 a marker), by slot (the
        # Geheimweg's is never free; its second item is a PayFee).
        self.move_free = [act.Move(slot, (), ()) for slot in (0, 1)]
        self.move_one = [
            [act.Move(slot, (i,), ()) for i in range(4)]
            + [act.Move(slot, (), (v,)) for v in range(9)]
            for slot in (0, 1, SECRET_SLOT)
        ]
        self.pay_fee = [act.PayFee(t, -1) for t in range(4)] + [act.PayFee(-1, v) for v in range(9)]
        self.collect = act.Collect()
        self.stop = act.Stop()
        self.build = act.BuildKontor()
        self.gm_trade: dict[tuple[int, int, int, int], Action] = {}
        for v in range(9):
            self.gm_trade[(GMT_RAID, -1, v, -1)] = act.GuildmasterTrade(GMT_RAID, -1, v, -1)
            self.gm_trade[(GMT_MARKER, -1, v, -1)] = act.GuildmasterTrade(GMT_MARKER, -1, v, -1)
        for t in range(4):
            self.gm_trade[(GMT_GOOD, t, -1, -1)] = act.GuildmasterTrade(GMT_GOOD, t, -1, -1)
            for k in range(NUM_CHIPS):
                self.gm_trade[(GMT_CHIP, t, -1, k)] = act.GuildmasterTrade(GMT_CHIP, t, -1, k)
        self.take = [act.TakeMarker(v) for v in range(9)]
        self.take_none = act.TakeMarker(-1)
        self.buy = [act.BuyMarkers(lot, t) for lot in range(4) for t in range(4)]
        self.exchange = [act.Exchange(side, t) for side in (0, 1) for t in range(4)]
        self.exchange_done = act.ExchangeDone()
        self.route = [act.ChangeRoute(slot, m) for slot in (0, 1) for m in range(9)]
        self.rob = [act.Rob(act.CITY)] + [act.Rob(p) for p in range(n)]
        self.take_pile: list[Action] = [act.TakePile(0), act.TakePile(1)]
        self.forced_step: list[Action] = [act.ForcedStep(0), act.ForcedStep(1)]
        self.offer_trade = [act.OfferTrade(p, k) for p in range(n) for k in (0, 1)]
        self.trade_item = (
            [act.TradeItem(0, t, -1) for t in range(4)]
            + [act.TradeItem(0, -1, v) for v in range(9)]
            + [act.TradeItem(1, t, -1) for t in range(4)]
            + [act.TradeItem(1, -1, v) for v in range(9)]
        )
        self.send_offer = act.SendOffer()
        self.cancel_trade = act.CancelTrade()
        self.answer: list[Action] = [act.AnswerTrade(0), act.AnswerTrade(1)]
        self.end_turn = act.EndTurn()
        self.look = {(t, -1): act.Look(t, -1) for t in range(4)} | {
            (-1, v): act.Look(-1, v) for v in range(9)
        }
        self.attack = [act.Attack(p) for p in range(n)]
        self.demand: list[Action] = []
        for items in itertools.combinations_with_replacement(range(4), 3):
            counts = [0, 0, 0, 0]
            for t in items:
                counts[t] += 1
            self.demand.append(act.Demand((counts[0], counts[1], counts[2], counts[3])))
        self.skip = act.Skip()
        self.push: list[Action] = [act.Push(0), act.Push(1), self.skip]
        self.cbid: list[list[Action]] = [
            [act.ConflictBid(v, k) for k in range(MARKER_COUNTS[v] + 1)] for v in range(9)
        ]
        self.split = [act.Split(t) for t in range(4)]
        self._last_draw: tuple[tuple[int, ...], list[tuple[Action, float]]] = ((), [])

    def reserve_draw(self, s: KoggeState) -> list[tuple[Action, float]]:
        """A draw from the reserve: each number with probability count / total."""
        # The reserve changes with every draw, so only the last node is remembered (the driver
        # and apply_action both ask for the outcomes of the same node).
        key = tuple(s.reserve)
        last_key, last = self._last_draw
        if key == last_key:
            return last
        total = sum(key)
        deal = self.deal
        outcomes: list[tuple[Action, float]] = [
            (deal[v], r / total) for v, r in enumerate(key) if r
        ]
        self._last_draw = (key, outcomes)
        return outcomes

    @staticmethod
    def _no_decision(g: KoggeGame, s: KoggeState) -> list[Action]:
        return []

    # -- protocol ----------------------------------------------------------------------------
    def new_initial_state(self) -> KoggeState:
        return setup.new_state(self)

    def current_player(self, state: Any) -> int:
        # ``actor`` is CHANCE in the chance phases and TERMINAL once the game is over.
        return state.actor

    def decision_name(self, state: Any) -> str:
        return DECISION_NAMES[state.phase]

    def _legal_actions(self, state: Any) -> list[Action]:
        legal = self._legal[state.phase](self, state)
        # An ActionList finds the chosen (interned) action by identity at C speed.
        return legal if type(legal) is act.ActionList else act.ActionList(legal)

    def chance_outcomes(self, state: Any) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == Decision.DRAW_OFFER or phase == Decision.DRAW_BONUS:
            return self.reserve_draw(state)
        if phase == Decision.DEAL:
            return setup.deal_outcomes(self, state)
        if phase == Decision.LOT:
            return setup.lot_outcomes(self, state)
        return []

    def _apply(self, state: Any, action: Action) -> None:
        if not self.hidden:
            self._dispatch[type(action)](self, state, action)
            return
        phase = state.phase
        before = knowledge.snapshot(state)
        self._dispatch[type(action)](self, state, action)
        knowledge.update(self, state, phase, action, before)

    def scores(self, state: Any) -> list[int]:
        """Victory points (Siegpunkte) per seat; a development win is told by ``winners``."""
        return [victory_points(state, p) for p in range(self.num_players)]

    def score_breakdown(self, state: Any) -> list[dict[str, int]] | None:
        """Victory points by part ("Spielziel und Spielende"); a development win is told by
        ``winners``, not by points."""
        if not self.is_terminal(state):
            return None
        return [victory_points_by_part(state, p) for p in range(self.num_players)]

    def winners(self, state: Any) -> list[int]:
        if state.winner >= 0:
            return [state.winner]
        return top_seats(self.scores(state))

    def explain_illegal(self, state: Any, action: Action) -> str:
        from hanse.games.kogge.explain import explain

        return explain(self, state, action)

    # -- notation ----------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        return act.action_to_str(action)

    def action_from_str(self, text: str) -> Action:
        return act.action_from_str(text)

    def action_from_json(self, obj: Any) -> Action:
        """The generic JSON form, checked strictly: every field an int (or a list of ints) in
        its range. The notation round trip must give back the very same values, so a value out
        of range is refused instead of being read as another action."""
        action = _checked_json(obj, lambda o: GameBase.action_from_json(self, o))
        back = self.action_to_json(action)
        if any(obj[k] != back[k] for k in back if k != "kind"):
            raise IllegalActionError(
                f"malformed {obj['kind']!r} action {obj!r}: a field is out of range "
                f"(read as {back!r})"
            )
        return action

    # -- views -------------------------------------------------------------------------------
    def view(self, state: Any, seat: int | None) -> View:
        from hanse.games.kogge.views import make_view

        return make_view(self, state, seat)

    def determinize(self, view: View, rng: Random) -> KoggeState:
        from hanse.games.kogge.redeal import determinize

        return determinize(self, view, rng)

    def resample_hidden(self, state: Any, seat: int | None, rng: Random) -> KoggeState:
        from hanse.games.kogge.redeal import resample_hidden

        return resample_hidden(self, state, seat, rng)

    def observe_action(self, state: Any, actor: int, action: Action, viewer: int | None) -> str:
        from hanse.games.kogge.observed import observe_action

        return observe_action(self, state, actor, action, viewer)

    def note_phrases(
        self, state: Any, actor: int, action: Action, viewer: int | None
    ) -> list[Phrase]:
        from hanse.games.kogge.observed import note_phrases

        return note_phrases(self, state, actor, action, viewer)

    def render(self, view: View) -> str:
        from hanse.games.kogge.render import render

        return render(view)

    def inventory(self, state: Any) -> dict[str, int]:
        """Every physical piece over all zones: goods, markers by number, Kontore, robbery
        markers and bonus chips."""
        s = state
        n = self.num_players
        inv: dict[str, int] = {}
        for t in range(4):
            total = s.supply[t] + s.esc_goods[t] + s.esc_take[t] + s.piles[t] + s.piles[4 + t]
            total += sum(s.city_goods[c * 4 + t] for c in range(9))
            total += sum(s.kontor_goods[pl * 4 + t] for pl in range(18))
            total += sum(s.cargo[p * 4 + t] for p in range(n))
            inv[GOOD_NAMES[t]] = total
        for v in range(9):
            total = s.reserve[v] + s.bid_pool[v] + s.esc_markers[v] + s.stake[v] + s.stake[9 + v]
            total += sum(s.hand[p * 9 + v] for p in range(n))
            total += sum(1 for sq in range(18) if s.sq_val[sq] == v and s.deal_idx > _dealt(sq))
            total += sum(lot.count(v) for lot in s.offer) + s.leftover.count(v)
            total += s.gm_marker == v
            inv[f"marker_{v}"] = total
        on_board = sum(1 for owner in s.kontor_owner if owner >= 0)
        inv["kontore"] = on_board + sum(KONTORE_PER_PLAYER - k for k in s.kontore)
        placed_raids = sum(bin(r).count("1") for r in s.robbed)
        unbought = sum(RAID_MARKERS_PER_PLAYER - t for t in s.raid_total)
        inv["robbery_markers"] = sum(s.raid_hand) + placed_raids + unbought
        inv["bonus_chips"] = sum(s.chips) + sum(s.chips_left)
        return inv


def _apply_deal(g: KoggeGame, s: KoggeState, a: act.Deal) -> None:
    if s.phase == Decision.DEAL:
        setup.apply_deal(g, s, a.value)
    elif s.phase == Decision.DRAW_BONUS:
        bidding.apply_draw_bonus(g, s, a.value)
    else:
        bidding.apply_draw_offer(g, s, a.value)


def _apply_change_route(g: KoggeGame, s: KoggeState, a: act.ChangeRoute) -> None:
    if s.phase == Decision.START_SWAP:
        setup.apply_start_swap(g, s, a)
    else:
        routes.apply_change(g, s, a.slot, a.marker)


def _apply_skip(g: KoggeGame, s: KoggeState, a: act.Skip) -> None:
    if s.phase == Decision.START_SWAP:
        setup.apply_start_swap(g, s, a)
    elif s.phase == Decision.ATTACK:
        conflicts.apply_attack(g, s, a)
    else:
        conflicts.apply_push(g, s, a)


_DISPATCH: dict[type, Callable[[KoggeGame, KoggeState, Any], None]] = {
    act.Deal: _apply_deal,
    act.Lot: setup.apply_lot,
    act.ChooseStart: lambda g, s, a: setup.apply_choose_start(g, s, a.marker),
    act.Bid: lambda g, s, a: bidding.apply_bid(g, s, a.marker),
    act.BidDone: lambda g, s, a: bidding.apply_bid_done(g, s),
    act.MoveGuildmaster: lambda g, s, a: guildmaster.apply_gm_move(g, s, a.steps),
    act.PayTax: lambda g, s, a: guildmaster.apply_tax(g, s, a.good),
    act.Move: movement.apply_move,
    act.PayFee: movement.apply_fee,
    act.Collect: movement.apply_collect,
    act.Stop: movement.apply_stop,
    act.BuildKontor: lambda g, s, a: kontor.apply_build(g, s),
    act.GuildmasterTrade: lambda g, s, a: guild_trade.apply_trade(
        g, s, a.option, a.good, a.marker, a.chip
    ),
    act.TakeMarker: lambda g, s, a: guild_trade.apply_take(g, s, a.marker),
    act.BuyMarkers: lambda g, s, a: markets.apply_buy(g, s, a.lot, a.good),
    act.Exchange: lambda g, s, a: exchange.apply_exchange(g, s, a.side, a.good),
    act.ExchangeDone: lambda g, s, a: exchange.apply_done(g, s),
    act.ChangeRoute: _apply_change_route,
    act.Look: lambda g, s, a: routes.apply_look(g, s, a.good, a.marker),
    act.Rob: lambda g, s, a: robbery.apply_rob(g, s, a.victim),
    act.Split: lambda g, s, a: robbery.apply_split(g, s, a.good),
    act.TakePile: lambda g, s, a: robbery.apply_pick(g, s, a.pile),
    act.ForcedStep: lambda g, s, a: robbery.apply_forced(g, s, a.slot),
    act.OfferTrade: lambda g, s, a: trading.apply_offer(g, s, a.seat, a.kontor),
    act.TradeItem: lambda g, s, a: trading.apply_item(g, s, a.side, a.good, a.marker),
    act.SendOffer: lambda g, s, a: trading.apply_send(g, s),
    act.CancelTrade: lambda g, s, a: trading.apply_cancel(g, s),
    act.AnswerTrade: lambda g, s, a: trading.apply_answer(g, s, a.accept),
    act.EndTurn: turn.apply_end_turn,
    act.Attack: conflicts.apply_attack,
    act.ConflictBid: lambda g, s, a: conflicts.apply_conflict_bid(g, s, a.count),
    act.Demand: lambda g, s, a: conflicts.apply_demand(g, s, a.goods),
    act.Push: conflicts.apply_push,
    act.Skip: _apply_skip,
}


def _checked_json(obj: Any, read: Callable[[Any], Action]) -> Action:
    """Refuse fields that are not ints or lists of ints before the generic reader sees them."""
    if isinstance(obj, dict) and isinstance(obj.get("kind"), str):
        for name, value in obj.items():
            if name == "kind":
                continue
            items = value if isinstance(value, list) else [value]
            if not all(type(x) is int for x in items):
                raise IllegalActionError(
                    f"malformed {obj['kind']!r} action: field {name!r} must be an int or a "
                    f"list of ints, got {value!r}"
                )
    try:
        return read(obj)
    except IllegalActionError:
        raise
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise IllegalActionError(f"malformed action {obj!r}: {exc}") from exc


def _dealt(sq: int) -> int:
    """The deal index after which square ``sq`` holds a marker (set-up order)."""
    c, i = divmod(sq, 2)
    return (setup.FIRST_SQUARES if i == 0 else setup.SECOND_SQUARES) + c


def static_totals(num_players: int) -> dict[str, int]:
    """The expected inventory: 25/18/13/10 goods, the 90 markers, 4 Kontore, 2 robbery markers
    per player and 8 bonus chips."""
    inv = {GOOD_NAMES[t]: GOODS_SUPPLY[t] for t in range(4)}
    inv |= {f"marker_{v}": MARKER_COUNTS[v] for v in range(9)}
    inv["kontore"] = KONTORE_PER_PLAYER * num_players
    inv["robbery_markers"] = RAID_MARKERS_PER_PLAYER * num_players
    inv["bonus_chips"] = 8
    return inv
