"""Kartenaktionen: playing goods cards and the special cards.

- Warenkarte for city X: with an own figure on a cog in X (score, the cog stays) or on a cog in a
  city with an arrow to X (the cog moves to X with everybody aboard, then the card scores). Where
  several cogs qualify, each is a distinct action (RULINGS.md).
- Handelsfahrt X: start a voyage in X like in Lübeck: a free cog, or join a cog in X.
- Verdoppelung X: played like a goods card for X; scores nothing, lies before the player and
  doubles every later goods card for X the player plays this round (flag
  ``double_includes_move``: also cards that move a cog into X).
- Piraten: any cog on the map leaves it, own figures included; figures go back to the reserves.
- Schiffswechsel: an own figure moves from one cog on the map to another cog on the map that
  carries no own figure.

Played cards go to the open discard pile, a Verdoppelung only after the round.
"""

from __future__ import annotations

from typing import Any

from .. import data
from ..actions import FREE, PLAY
from ..state import LuebeckState
from . import cogs as cog_rules

COG_SHIFT = data.COG_SHIFT
KIND_TYPE = data.KIND_TYPE
KIND_CITY = data.KIND_CITY
KIND_VALUE = data.KIND_VALUE
PLAYABLE_FROM = data.PLAYABLE_FROM
VERDOPPELUNG_OF_CITY = data.VERDOPPELUNG_OF_CITY
T_GOODS = data.T_GOODS
T_HANDELSFAHRT = data.T_HANDELSFAHRT
T_VERDOPPELUNG = data.T_VERDOPPELUNG
T_PIRATEN = data.T_PIRATEN


def add_plays(
    acts: list[Any],
    s: LuebeckState,
    kind: int,
    bit: int,
    mine: list[tuple[int, int]],
    has_reserve: bool,
) -> None:
    """Append the legal plays of card `kind` for the player with figure bit `bit`.

    `mine` lists (index, city) of the distinct cogs carrying the player's figure.
    """
    row = PLAY[kind]
    t = KIND_TYPE[kind]
    if t in (T_GOODS, T_VERDOPPELUNG):
        sources = PLAYABLE_FROM[kind]
        for i, city in mine:
            if city in sources:
                acts.append(row[i + 1][0])
    elif t == T_HANDELSFAHRT:
        if not has_reserve:
            return
        if s.free_cogs:
            acts.append(row[0][0])
        city = KIND_CITY[kind]
        prev = -1
        for i, code in enumerate(s.cogs):
            if code >> COG_SHIFT == city and not code & bit and code != prev:
                acts.append(row[i + 1][0])
            prev = code
    elif t == T_PIRATEN:
        prev = -1
        for i, code in enumerate(s.cogs):
            if code != prev:
                acts.append(row[i + 1][0])
            prev = code
    else:  # Schiffswechsel
        cogs = s.cogs
        for i, _ in mine:
            entries = row[i + 1]
            prev = -1
            for j, code in enumerate(cogs):
                if not code & bit and code != prev:
                    acts.append(entries[j + 1])
                prev = code


def own_cogs(s: LuebeckState, bit: int) -> tuple[list[tuple[int, int]], int]:
    """(index, city) of the distinct cogs with the figure `bit`, and how many cogs carry it."""
    mine: list[tuple[int, int]] = []
    count = 0
    prev = -1
    for i, code in enumerate(s.cogs):
        if code & bit:
            count += 1
            if code != prev:
                mine.append((i, code >> COG_SHIFT))
        prev = code
    return mine, count


def take_from_hand(s: LuebeckState, seat: int, kind: int) -> None:
    """A card leaves the hand in everybody's sight: it is no longer part of the known cards."""
    hand = s.hands[seat]
    i = hand.index(kind)
    s.hands[seat] = hand[:i] + hand[i + 1 :]
    known = s.known[seat]
    if kind in known:
        j = known.index(kind)
        s.known[seat] = known[:j] + known[j + 1 :]


def _sail(s: LuebeckState, index: int, city: int) -> bool:
    """Move cog `index` into `city` unless it lies there; True when it stayed."""
    code = s.cogs[index]
    if code >> COG_SHIFT == city:
        return True
    cog_rules.replace(s, index, city << COG_SHIFT | code & data.FIGURE_MASK)
    return False


def apply_play(s: LuebeckState, kind: int, cog: int, to: int, double_includes_move: bool) -> None:
    """Play card `kind` of the actor (the action is legal)."""
    p = s.actor
    take_from_hand(s, p, kind)
    t = KIND_TYPE[kind]
    if t == T_VERDOPPELUNG:
        _sail(s, cog, KIND_CITY[kind])
        s.lying[p] = tuple(sorted((*s.lying[p], kind)))
        return
    s.discard[kind] += 1
    s.discard_size += 1
    bit = 1 << p
    if t == T_GOODS:
        city = KIND_CITY[kind]
        stayed = _sail(s, cog, city)
        value = KIND_VALUE[kind]
        doubler = VERDOPPELUNG_OF_CITY[city]
        if doubler >= 0 and doubler in s.lying[p] and (stayed or double_includes_move):
            value *= 2
        s.scores[p] += value
    elif t == T_HANDELSFAHRT:
        if cog == FREE:
            cog_rules.launch(s, KIND_CITY[kind], p)
        else:
            cog_rules.replace(s, cog, s.cogs[cog] | bit)
    elif t == T_PIRATEN:
        cog_rules.remove(s, cog)
    else:  # Schiffswechsel: both cogs change; rebuild the sorted list once
        source = s.cogs[cog] & ~bit
        target = s.cogs[to] | bit
        rest = [c for i, c in enumerate(s.cogs) if i != cog and i != to]
        rest.append(target)
        if source & data.FIGURE_MASK:
            rest.append(source)
        else:
            s.free_cogs += 1
        rest.sort()
        s.cogs = rest
