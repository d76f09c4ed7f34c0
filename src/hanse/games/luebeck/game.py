"""The Lübeck game object: the protocol of ``hanse.core`` wired to the rule modules."""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

from hanse.core import CHANCE, TERMINAL, Action, GameBase, View
from hanse.core.words import Phrase, closed_with_notes

from . import actions as act
from . import data, render, views
from .config import LuebeckConfig
from .rules import cards, draft, layout, round_end, scoring, setup, turn
from .rules import cogs as cog_rules
from .state import (
    ACTION,
    CHOOSE_FIRST,
    DEAL,
    DRAFT,
    LAYOUT,
    PHASE_NAMES,
    TAKE_BACK,
    LuebeckState,
    current_player,
)

DRAW = act.DRAW

# Per decision: its action classes, the rulebook section, and who does what (for messages).
_EXPECTED: dict[int, tuple[tuple[type, ...], str, str]] = {
    DRAFT: ((act.Draft,), "Kartenpäckchen wählen", "seat {p} chooses a pack"),
    CHOOSE_FIRST: (
        (act.ChooseFirst,),
        "Kartenpäckchen wählen",
        "seat {p}, the last drafter, names the first actor",
    ),
    TAKE_BACK: ((act.TakeBack, act.Keep), "Nach der Runde", "seat {p} may take figures back"),
    ACTION: (
        (act.StartVoyage, act.Play, act.Discard, act.Pass),
        "Aktionen",
        "seat {p} starts a voyage, plays or discards a card, or passes",
    ),
}


class LuebeckGame(GameBase):
    """Lübeck (Reiner Stockhausen, dlp games 2009) for 3 to 5 players."""

    game_id: ClassVar[str] = "luebeck"
    title: ClassVar[str] = "Lübeck"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    config_class: ClassVar[type] = LuebeckConfig
    action_classes: ClassVar[tuple[type, ...]] = act.ACTION_CLASSES

    config: LuebeckConfig

    def __init__(self, num_players: int, config: LuebeckConfig | None = None) -> None:
        super().__init__(num_players, config if config is not None else LuebeckConfig())
        self._must_pass = self.config.must_pass_at_three
        self._double_move = self.config.double_includes_move

    # -- the rules ---------------------------------------------------------------------------
    def new_initial_state(self) -> LuebeckState:
        return setup.initial_state(self.num_players)

    def current_player(self, state: Any) -> int:
        return current_player(state)

    def _legal_actions(self, state: Any) -> list[Action]:
        phase = state.phase
        if phase == ACTION:
            return turn.legal_actions(state, self._must_pass)
        if phase == DRAFT:
            return draft.legal_drafts(state)
        if phase == CHOOSE_FIRST:
            return draft.legal_first_actors(state)
        return round_end.legal_take_backs(state)

    def chance_outcomes(self, state: Any) -> list[tuple[Action, float]]:
        if state.phase > LAYOUT:
            return []
        total = state.deck_size
        return [(DRAW[k], n / total) for k, n in enumerate(state.deck) if n]

    def _apply(self, state: Any, action: Action) -> None:
        phase = state.phase
        if phase == ACTION:
            turn.apply(state, action, self._double_move)
        elif phase == LAYOUT:
            layout.apply_draw(state, action.card)  # type: ignore[attr-defined]
        elif phase == DRAFT:
            draft.apply_draft(state, action.pack)  # type: ignore[attr-defined]
        elif phase == TAKE_BACK:
            round_end.apply_take_back(state, action)
        elif phase == DEAL:
            setup.apply_deal(state, action.card)  # type: ignore[attr-defined]
        else:
            draft.apply_choose_first(state, action.seat)  # type: ignore[attr-defined]

    def scores(self, state: Any) -> list[int]:
        return list(state.scores)

    def score_breakdown(self, state: Any) -> list[dict[str, int]] | None:
        """The score track, and the minus for the cards left in hand ("Ende des Spiels")."""
        if not self.is_terminal(state):
            return None
        out = []
        for p, hand in enumerate(state.hands):
            penalty = scoring.hand_penalty(hand)
            out.append({"score track": state.scores[p] + penalty, "cards left in hand": -penalty})
        return out

    # -- information -------------------------------------------------------------------------
    def view(self, state: Any, seat: int | None) -> View:
        return views.view(state, seat)

    def determinize(self, view: View, rng: Random) -> LuebeckState:
        return views.determinize(view, rng)

    def resample_hidden(self, state: Any, seat: int | None, rng: Random) -> LuebeckState:
        return views.resample_hidden(state, seat, rng)

    def observe_action(self, state: Any, actor: int, action: Action, viewer: int | None) -> str:
        """As ``views.observe_action``; the action that ends the game also tells the hands that
        every player lays open for the final scoring ("Ende des Spiels"), which the scores in
        every view then reflect (issue 21: what the view newly shows, the log tells), in the
        note that closes the text: "pass (player A ends with Riga 3, Reval 5 (-8); ...)"."""
        seen = views.observe_action(state, actor, action, viewer)
        return closed_with_notes(seen, self.note_phrases(state, actor, action, viewer))

    def note_phrases(
        self, state: Any, actor: int, action: Action, viewer: int | None
    ) -> list[Phrase]:
        """The final hands (:func:`views.final_hands`) after the move that ends the game, the cogs
        that leave the end stations after the move that ends a round
        (:func:`views.cleared_end_stations`); the other notes of the text (a pack's cards, a
        cog's city) name what the words say."""
        if actor == CHANCE:
            return []
        after = state.clone()
        self.apply_action(after, action)
        if self.is_terminal(after):
            return views.final_hands(state)
        return views.cleared_end_stations(state, after)

    def decision_name(self, state: Any) -> str:
        return PHASE_NAMES[state.phase]

    def inventory(self, state: Any) -> dict[str, int]:
        """Cards per label over deck, discard, layout, hands and lying cards; cogs; figures."""
        counts = [d + x for d, x in zip(state.deck, state.discard, strict=True)]
        for zone in (state.layout, state.hands, state.lying):
            for cards_ in zone:
                for k in cards_:
                    counts[k] += 1
        inv = {f"card {data.LABELS[k]}": n for k, n in enumerate(counts)}
        inv["cards"] = sum(counts)
        inv["cogs"] = state.free_cogs + len(state.cogs)
        # The reserve is what is not aboard; counting it as never negative makes a player with
        # more than 2 figures on cogs show up as figures appearing.
        inv["figures"] = sum(
            max(0, cog_rules.reserve(state, p)) + cog_rules.figures_on_cogs(state, p)
            for p in range(self.num_players)
        )
        return inv

    def render(self, view: View) -> str:
        return render.render(view)

    # -- notation ----------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        return act.to_str(action)

    def action_from_str(self, text: str) -> Action:
        return act.from_str(text)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return act.to_json(action)

    def action_from_json(self, obj: Any) -> Action:
        return act.from_json(obj)

    # -- messages ----------------------------------------------------------------------------
    def explain_illegal(self, state: Any, action: Action) -> str:
        what = self._describe(action)
        if not act.is_well_formed(action):
            return (
                f"{what} is not a Lübeck action: actions come from action_from_str or "
                "action_from_json, with card, pack, seat and cog numbers in range"
            )
        player = self.current_player(state)
        if player == TERMINAL:
            return f"{what} is not legal: the game is over"
        if player == CHANCE:
            rule = "Vorbereitung" if state.phase == DEAL else "Kartenauslage bilden"
            if isinstance(action, act.Draw):
                return (
                    f"{what} is not legal: Rule '{rule}': the deck holds no "
                    f"{data.LABELS[action.card]!r} (cards come off the deck)"
                )
            return (
                f"{what} is not legal now: Rule '{rule}': chance draws the next card from the deck"
            )
        classes, rule, doing = _EXPECTED[state.phase]
        if not isinstance(action, classes):
            return f"{what} is not legal now: Rule '{rule}': " + doing.format(p=player)
        if state.phase == ACTION:
            return f"{what} is not legal: " + self._explain_turn(state, action)
        return f"{what} is not legal: Rule '{rule}': no such choice now ({doing.format(p=player)})"

    def _explain_turn(self, state: Any, action: Action) -> str:
        p = state.actor
        hand = state.hands[p]
        small = len(hand) <= data.HAND_LIMIT
        if small and self._must_pass and not isinstance(action, act.Pass):
            return "Rule 'Passen' (flag must_pass_at_three): with 3 or fewer cards you must pass"
        if isinstance(action, act.Pass):
            return f"Rule 'Passen': you may pass only with 3 or fewer cards (you hold {len(hand)})"
        if isinstance(action, act.Discard):
            if small:
                return "Rule 'Karte abwerfen': only a player holding more than 3 cards discards"
            if action.card not in hand:
                return f"Rule 'Karte abwerfen': you hold no {data.LABELS[action.card]!r}"
            return "Rule 'Karte abwerfen': you may discard only when you can play no card"
        if isinstance(action, act.StartVoyage):
            return (
                "Rule 'Handelsfahrt in Lübeck starten': needs a figure in your reserve and a free "
                "cog, or a cog in Lübeck without your figure"
            )
        assert isinstance(action, act.Play)
        if action.card not in hand:
            return f"Rule 'Kartenaktionen': you hold no {data.LABELS[action.card]!r}"
        kind_type = data.KIND_TYPE[action.card]
        city = data.KIND_CITY[action.card]
        if kind_type in (data.T_GOODS, data.T_VERDOPPELUNG):
            sources = " or ".join(data.CITIES[c] for c in sorted(data.PLAYABLE_FROM[action.card]))
            return (
                f"Rule 'Kartenaktionen': {data.LABELS[action.card]!r} needs a cog with your figure "
                f"in {sources}, named by its index"
            )
        if kind_type == data.T_HANDELSFAHRT:
            return (
                f"Rule 'Handelsfahrt': needs a figure in your reserve and a free cog, or a cog in "
                f"{data.CITIES[city]} without your figure"
            )
        if kind_type == data.T_PIRATEN:
            return "Rule 'Piraten': name a cog on the map by its index"
        mine, _ = cards.own_cogs(state, 1 << p)
        return (
            "Rule 'Schiffswechsel': move your figure from a cog with it "
            f"({', '.join(cog_rules.label(state.cogs[i]) for i, _ in mine) or 'none'}) "
            "to another cog on the map without your figure"
        )
