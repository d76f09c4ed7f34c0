"""The Hansa Teutonica game class: tables of interned actions and the dispatch of the protocol."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from random import Random
from typing import Any, ClassVar

from hanse.core import CHANCE, TERMINAL, Action, GameBase, IllegalActionError, View, uniform
from hanse.core import game as core_game
from hanse.games.hansa import actions as A  # noqa: N812  # the rule-set's action module
from hanse.games.hansa import explain, views
from hanse.games.hansa.board import Board, board_for
from hanse.games.hansa.config import HansaConfig
from hanse.games.hansa.data import (
    BONUS_KINDS,
    GOLDEN_MARKERS,
    MERCHANTS_PER_PLAYER,
    TRACK_VALUES,
    TRADERS_PER_PLAYER,
)
from hanse.games.hansa.policy import kind_balanced_policy
from hanse.games.hansa.render import render_view
from hanse.games.hansa.rules import actions as act
from hanse.games.hansa.rules import bonus, establish, scoring, setup, turn
from hanse.games.hansa.state import HansaState

_TURN_OWNER_DECISIONS = frozenset(
    (A.MAIN, A.MOVE_LIFT, A.MOVE_DROP, A.ESTABLISH, A.REMOVE, A.NEUTRAL_OFFICE, A.PLACE_BONUS)
)
"""Decisions taken by the player whose turn it is (the others: displaced, chance, game over)."""


class HansaGame(GameBase):
    """Hansa Teutonica (Andreas Steding, Argentum 2009/14), base game for 2 to 5 players."""

    views_hide_nothing = True  # no seat's view differs from the spectator's
    game_id = "hansa"
    title = "Hansa Teutonica"
    min_players = 2
    max_players = 5
    config_class = HansaConfig
    action_classes = A.ACTION_CLASSES
    bench_policies: ClassVar[dict[str, Any]] = {"kind_balanced": kind_balanced_policy}

    def __init__(self, num_players: int, config: HansaConfig | None = None) -> None:
        super().__init__(num_players, config or HansaConfig())
        self.config: HansaConfig
        # RULINGS: 2-3 players use the 2-3 side, 4-5 players the 4-5 side.
        self.board: Board = board_for("2-3" if num_players <= 3 else "4-5")
        self.neutral: int = num_players if num_players == 2 else -1
        self._build_tables()
        generators: dict[int, Callable[[HansaGame, HansaState], list[Action]]] = {
            A.MAIN: act.main_actions,
            A.MOVE_LIFT: act.move_lift_actions,
            A.MOVE_DROP: act.move_drop_actions,
            A.DISPLACED: act.displaced_actions,
            A.ESTABLISH: establish.choice_actions,
            A.REMOVE: bonus.remove_actions,
            A.NEUTRAL_OFFICE: establish.neutral_office_actions,
            A.PLACE_BONUS: bonus.place_bonus_actions,
        }
        # Indexed by the pending decision; chance and terminal nodes have no legal actions.
        self._legal_by_decision = tuple(
            generators.get(decision, _no_actions) for decision in range(len(A.DECISION_NAMES))
        )
        self._apply_by_class = _apply_table()
        self.kind_spans_memo: tuple[list[Action], list[tuple[int, int]]] = ([], [])
        """The latest main decision's legal actions and their runs of one kind (first index,
        length), written by rules.actions.main_actions for :meth:`kind_spans`."""

    # -- interned actions --------------------------------------------------------------------------
    def _build_tables(self) -> None:
        b = self.board
        routes = range(b.n_routes)
        self.t_setup = tuple(A.SetupMarkers(i) for i in range(len(setup.GOLDEN_ORDERS)))
        self.t_draw = tuple(A.DrawBonus(k) for k in range(len(BONUS_KINDS)))
        self.t_income = tuple(
            tuple(A.Income(t, m) for m in range(MERCHANTS_PER_PLAYER + 1))
            for t in range(TRADERS_PER_PLAYER + 1)
        )
        self.t_place = tuple((A.Place(r, 0), A.Place(r, 1)) for r in routes)
        self.t_displace = tuple(
            tuple(
                tuple(
                    A.Displace(b.post_route[p], p - b.route_start[b.post_route[p]], m, f)
                    for f in range(3)
                )
                for m in (0, 1)
            )
            for p in range(b.n_posts)
        )
        self.t_place_flat = tuple(a for pair in self.t_place for a in pair)
        self.t_place_t = tuple(pair[0] for pair in self.t_place)
        self.t_place_m = tuple(pair[1] for pair in self.t_place)
        self.t_move = tuple((A.Move(r, 0), A.Move(r, 1)) for r in routes)
        self.t_move_flat = tuple(a for pair in self.t_move for a in pair)
        self.t_move_place = tuple((A.MovePlace(r, 0), A.MovePlace(r, 1)) for r in routes)
        self.t_move_place_flat = tuple(a for pair in self.t_move_place for a in pair)
        self.t_move_place_t = tuple(pair[0] for pair in self.t_move_place)
        self.t_move_place_m = tuple(pair[1] for pair in self.t_move_place)
        self.t_move_done = A.MoveDone()
        self.t_establish = tuple(A.Establish(r) for r in routes)
        self.t_est_office = tuple(A.EstablishOffice(c) for c in range(b.n_cities))
        self.t_est_upgrade = tuple(A.EstablishUpgrade(a) for a in range(5))
        self.t_est_coellen = tuple(A.EstablishCoellen(s) for s in range(4))
        self.t_est_extra = tuple(
            (A.EstablishExtraOffice(c, 0), A.EstablishExtraOffice(c, 1)) for c in range(b.n_cities)
        )
        self.t_est_none = A.EstablishNone()
        self.t_disp_place = tuple((A.DisplacedPlace(r, 0), A.DisplacedPlace(r, 1)) for r in routes)
        self.t_disp_move = tuple(
            tuple(tuple(A.DisplacedMove(f, m, r) for r in routes) for m in (0, 1)) for f in routes
        )
        self.t_disp_done = A.DisplacedDone()
        table: dict[tuple[int, int, int, int], A.UseBonus] = {}
        for kind in (bonus.ACTIONS_3, bonus.ACTIONS_4, bonus.REMOVE_3):
            table[(kind, -1, -1, -1)] = A.UseBonus(kind, -1, -1, -1)
        for ability in range(5):
            table[(bonus.UPGRADE_ABILITY, ability, -1, -1)] = A.UseBonus(
                bonus.UPGRADE_ABILITY, ability, -1, -1
            )
        for city in range(b.n_cities):
            for office in range(b.office_count[city] - 1):
                key = (bonus.SWAP_OFFICES, -1, city, office)
                table[key] = A.UseBonus(*key)
        self.t_use_bonus = table
        self.t_remove = tuple(
            A.RemovePiece(b.post_route[p], p - b.route_start[b.post_route[p]])
            for p in range(b.n_posts)
        )
        self.t_remove_done = A.RemoveDone()
        self.t_neutral_office = tuple(A.NeutralOffice(c) for c in range(b.n_cities))
        self.t_place_bonus = tuple(A.PlaceBonus(r) for r in routes)
        self.t_end_turn = A.EndTurn()

    # -- the protocol ------------------------------------------------------------------------------
    def new_initial_state(self) -> HansaState:
        return setup.initial_state(self)

    def current_player(self, state: HansaState) -> int:
        decision = state.decision
        if decision in _TURN_OWNER_DECISIONS:  # the usual case first
            return state.turn_owner
        if decision == A.DISPLACED:
            return act.displaced_decider(self, state)
        if decision == A.OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self, state: HansaState) -> list[Action]:
        """As :meth:`GameBase.legal_actions` (cached on the state; do not mutate), without asking
        `current_player` first: the generator of a chance or terminal node returns no actions."""
        cached = state.legal_cache
        if cached is None:
            cached = state.legal_cache = self._legal_by_decision[state.decision](self, state)
        return cached

    def _legal_actions(self, state: HansaState) -> list[Action]:
        return self._legal_by_decision[state.decision](self, state)

    def kind_spans(self, state: HansaState, legal: list[Action]) -> list[tuple[int, int]]:
        """The runs of one action kind in `legal`, the legal actions of `state`, as (first index,
        length): each generator lists a kind in one contiguous run. Known without looking at the
        actions for the frequent decisions."""
        memo_legal, memo_spans = self.kind_spans_memo
        if memo_legal is legal:
            return memo_spans
        if legal is state.legal_cache:  # the complete list of the decision, not a selection
            decision = state.decision
            if decision == A.MOVE_DROP:  # move_place only
                return [(0, len(legal))]
            if decision == A.MOVE_LIFT:  # move actions, then move_done
                lifts = len(legal) - 1
                return [(0, lifts), (lifts, 1)] if lifts else [(0, 1)]
        spans = []
        start = 0
        for _, run in groupby(map(type, legal)):
            length = len(list(run))
            spans.append((start, length))
            start += length
        return spans

    def chance_outcomes(self, state: HansaState) -> list[tuple[Action, float]]:
        if state.decision == A.SETUP:
            return uniform(self.t_setup)
        if state.decision == A.DRAW:
            return bonus.draw_outcomes(self, state)
        return []

    def _apply(self, state: HansaState, action: Action) -> None:
        # One dictionary look-up by class instead of a chain of isinstance tests.
        apply = self._apply_by_class.get(type(action))
        if apply is None:  # legality is checked before; this is a programming error
            raise IllegalActionError(f"not a Hansa Teutonica action: {action!r}")
        apply(self, state, action)

    def apply_trusted(self, state: HansaState, action: Action) -> None:
        """As :meth:`GameBase.apply_trusted`: an action just taken from ``legal_actions`` or
        ``chance_outcomes`` of this very state, applied without a second check. The look-up of
        :meth:`_apply` is repeated here, sparing playouts and search one call per action."""
        if core_game.CHECK_TRUSTED:
            self.apply_action(state, action)
            return
        state.legal_cache = None
        apply = self._apply_by_class.get(type(action))
        if apply is None:
            raise IllegalActionError(f"not a Hansa Teutonica action: {action!r}")
        apply(self, state, action)

    def decision_name(self, state: HansaState) -> str:
        return A.DECISION_NAMES[state.decision]

    def explain_illegal(self, state: HansaState, action: Action) -> str:
        return explain.explain_illegal(self, state, action)

    def score_breakdown(self, state: HansaState) -> list[dict[str, int]] | None:
        """The final scoring A-F ("Spielende und Wertung") by category."""
        if not self.is_terminal(state):
            return None
        labels = {
            "track": "prestige during the game",
            "abilities": "fully developed abilities",
            "bonus_markers": "bonus markers",
            "coellen": "Coellen spaces",
            "cities": "controlled cities",
            "network": "largest network",
        }
        control = scoring.cities.controllers(self.board, state)
        return [
            {labels[k]: v for k, v in scoring.breakdown(self, state, seat, control).items()}
            for seat in range(self.num_players)
        ]

    def scores(self, state: HansaState) -> list[int]:
        """The prestige track during the game; the final scoring A-F once it is over."""
        if state.decision == A.OVER:
            return scoring.final_scores(self, state)
        return list(state.prestige[: self.num_players])

    def winners(self, state: HansaState) -> list[int]:
        scores = self.scores(state)
        keys = [
            scoring.tie_key(self, state, seat, scores[seat]) for seat in range(self.num_players)
        ]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def view(self, state: HansaState, seat: int | None) -> View:
        return views.view(self, state, seat)

    def determinize(self, view: View, rng: Random) -> HansaState:
        return views.determinize(self, view)

    def action_to_str(self, action: Action) -> str:
        return A.action_to_str(self.board, action)

    def action_from_str(self, text: str) -> Action:
        return A.action_from_str(self.board, text)

    def action_from_json(self, obj: Any) -> Action:
        if isinstance(obj, dict) and any(isinstance(v, bool) for v in obj.values()):
            raise IllegalActionError(f"malformed action {obj!r}: fields are whole numbers")
        try:
            action = super().action_from_json(obj)
        except (TypeError, IndexError, ValueError) as error:
            if isinstance(error, IllegalActionError):
                raise
            raise IllegalActionError(f"malformed action {obj!r}: {error}") from None
        if self.action_to_json(action) != {
            k: (list(v) if isinstance(v, tuple) else v) for k, v in obj.items()
        }:
            raise IllegalActionError(f"malformed action {obj!r}: a field is out of range")
        return action

    def inventory(self, state: HansaState) -> dict[str, int]:
        """Every player's traders and merchants over all zones, the neutral traders, the markers."""
        inv: dict[str, int] = {}
        seats = self.num_players + (1 if self.neutral >= 0 else 0)
        t = [1] * seats  # each prestige marker is a trader
        m = [0] * seats
        for code in (*state.posts, *state.offices, *state.coellen):
            if code >= 0:
                (m if code & 1 else t)[code >> 1] += 1
        for extras in state.extras:
            for code in extras:
                (m if code & 1 else t)[code >> 1] += 1
        for seat in range(seats):
            t[seat] += state.supply[2 * seat]
            m[seat] += state.supply[2 * seat + 1]
        for seat in range(self.num_players):
            t[seat] += state.stock[2 * seat]
            m[seat] += state.stock[2 * seat + 1]
            for ability, values in enumerate(TRACK_VALUES):
                covered = len(values) - 1 - state.levels[5 * seat + ability]
                if ability == 3:
                    m[seat] += covered
                else:
                    t[seat] += covered
        if state.disp_owner >= 0:  # the displaced piece in hand
            t[state.disp_owner] += state.hand_t
            m[state.disp_owner] += state.hand_m
        t[state.turn_owner] += state.held_t
        m[state.turn_owner] += state.held_m
        for seat in range(self.num_players):
            inv[f"traders_{seat}"] = t[seat]
            inv[f"merchants_{seat}"] = m[seat]
        if self.neutral >= 0:
            inv["neutral_traders"] = t[self.neutral]
        for kind, name in enumerate(BONUS_KINDS):
            n = state.pile[kind] + state.removed[kind]
            n += sum(1 for k in state.route_marker if k == kind)
            n += sum(
                state.bonus[6 * s + kind] + state.bonus_used[6 * s + kind]
                for s in range(self.num_players)
            )
            n += 1 if state.revealed == kind else 0
            if state.decision == A.SETUP and kind in GOLDEN_MARKERS:
                n += 1  # the golden markers wait beside the board
            inv[f"marker_{name}"] = n
        return inv

    def render(self, view: View) -> str:
        return render_view(view)


Applier = Callable[[HansaGame, HansaState, Any], None]


def _no_actions(g: HansaGame, state: HansaState) -> list[Action]:
    return []


def _neutral_office(g: HansaGame, state: HansaState, action: A.NeutralOffice) -> None:
    establish.neutral_finish(g, state, state.neutral_route, action.city)
    act.continue_displaced(g, state)


def _apply_table() -> dict[type, Applier]:
    """The rule applying each class of action."""
    table: dict[type, Applier] = {
        A.Move: act.apply_move,
        A.MovePlace: act.apply_move_place,
        A.MoveDone: lambda g, state, action: act.apply_move_done(g, state),
        A.EndTurn: lambda g, state, action: turn.end_turn(g, state),
        A.Place: act.apply_place,
        A.Income: act.apply_income,
        A.Displace: act.apply_displace,
        A.Establish: lambda g, state, action: establish.start(g, state, action.route),
        A.NeutralOffice: _neutral_office,
        A.UseBonus: bonus.apply_use_bonus,
        A.DrawBonus: bonus.apply_draw,
        A.PlaceBonus: bonus.apply_place_bonus,
        A.SetupMarkers: setup.apply_setup,
    }
    shared: tuple[tuple[tuple[type, ...], Applier], ...] = (
        ((A.DisplacedPlace, A.DisplacedMove, A.DisplacedDone), act.apply_displaced),
        (
            (
                A.EstablishOffice,
                A.EstablishUpgrade,
                A.EstablishCoellen,
                A.EstablishExtraOffice,
                A.EstablishNone,
            ),
            establish.apply_choice,
        ),
        ((A.RemovePiece, A.RemoveDone), bonus.apply_remove),
    )
    for classes, apply in shared:
        for cls in classes:
            table[cls] = apply
    return table
