"""Aktionen: the action cycle of a round, starting a voyage in Lübeck, passing and discarding.

The named first actor begins; then actions go clockwise, skipping players who passed, until all
have passed. On a turn a player does one of:

- Handelsfahrt in Lübeck starten: a figure from the reserve onto a free cog placed in Lübeck, or
  onto a cog in Lübeck that carries no own figure (a player never has two figures on one cog).
- a card action (:mod:`.cards`);
- Passen: allowed holding 3 or fewer cards (flag ``must_pass_at_three``: then compulsory, and the
  only action); never with more;
- Karte abwerfen: only holding more than 3 cards and able to play no card; costs the card's value
  (a special card 1). Starting a voyage stays legal beside it (RULINGS.md).
"""

from __future__ import annotations

from typing import Any

from .. import data
from ..actions import DISCARD, PASS, START_VOYAGE, Discard, Play, StartVoyage
from ..state import LuebeckState
from . import cards, round_end
from . import cogs as cog_rules

COG_SHIFT = data.COG_SHIFT
HAND_LIMIT = data.HAND_LIMIT
LUEBECK = data.LUEBECK
FIGURES = data.FIGURES_PER_PLAYER
KIND_COST = data.KIND_COST
add_plays = cards.add_plays
own_cogs = cards.own_cogs


def legal_actions(s: LuebeckState, must_pass_at_three: bool) -> list[Any]:
    """The actor's actions: voyages, card plays, then discards or pass."""
    p = s.actor
    hand = s.hands[p]
    small_hand = len(hand) <= HAND_LIMIT
    if small_hand and must_pass_at_three:
        return [PASS]
    bit = 1 << p
    mine, on_cogs = own_cogs(s, bit)
    has_reserve = on_cogs < FIGURES
    acts: list[Any] = []
    if has_reserve:
        if s.free_cogs:
            acts.append(START_VOYAGE[0])
        prev = -1
        for i, code in enumerate(s.cogs):
            if code >> COG_SHIFT == LUEBECK and not code & bit and code != prev:
                acts.append(START_VOYAGE[i + 1])
            prev = code
    before = len(acts)
    prev = -1
    for kind in hand:
        if kind != prev:
            add_plays(acts, s, kind, bit, mine, has_reserve)
            prev = kind
    if small_hand:
        acts.append(PASS)
    elif len(acts) == before:
        prev = -1
        for kind in hand:
            if kind != prev:
                acts.append(DISCARD[kind])
                prev = kind
    return acts


def apply(s: LuebeckState, action: Any, double_includes_move: bool) -> None:
    cls = type(action)
    p = s.actor
    if cls is Play:
        cards.apply_play(s, action.card, action.cog, action.to, double_includes_move)
    elif cls is StartVoyage:
        if action.cog < 0:
            cog_rules.launch(s, LUEBECK, p)
        else:
            cog_rules.replace(s, action.cog, s.cogs[action.cog] | 1 << p)
    elif cls is Discard:
        cards.take_from_hand(s, p, action.card)
        s.discard[action.card] += 1
        s.discard_size += 1
        s.scores[p] -= KIND_COST[action.card]
    else:  # Pass: the hand lies face down before the player until the round ends
        s.passed |= 1 << p
    _next_actor(s)


def _next_actor(s: LuebeckState) -> None:
    n = len(s.scores)
    passed = s.passed
    if passed == (1 << n) - 1:
        round_end.end_round(s)
        return
    p = s.actor
    while True:
        p = (p + 1) % n
        if not passed >> p & 1:
            s.actor = p
            return
