"""Kogge's stored games of an older notation, carried over (see :mod:`hanse.core.upgrade`).

Notation 1 (before commit 1bbea5a, 2026-11-25) wrote a whole choice in one move:

- ``bid 8 4 0``: the markers bid, highest first; now ``bid 8``, ``bid 4``, ``bid 0``, ``bid done``;
- ``cbid 7 3`` (``cbid`` alone: no marker): a conflict's secret choice; now one count per value
  from 8 down to 0, ``cbid 8 0``, ``cbid 7 1``, ... ``cbid 0 0``;
- ``split ofa``: the robbed cargo's first pile; now one good at a time, ``split o`` ...;
- ``gmtrade good s 7``: a salt for marker 7; now ``gmtrade good s``, then ``take 7``.

Notation 2 (until commit fff33f9) paid a Geheimweg step with both items in one move: ``move gm pay
o 3`` is now ``move gm pay o`` then ``fee 3`` (the lower item first: goods, then markers).

The rules changed with notation 2 as well (RULINGS.md); the old games are carried over where they
went as the current rules would have them go, and refused with the reason where not:

- last round's unsold markers now return to the reserve after the new offer is drawn: an old
  draw of a marker that the reserve holds only with them is refused (the move does not replay);
  every other draw gives the same game;
- conflicts (expert rule C) now ask the other players in turn order, and none after the active
  cog is pushed away; before, they were asked clockwise from the active player, also in the city
  the active cog was pushed to. :class:`_ConflictOrder` follows the old order beside the new and
  refuses a game where the two would have asked other players;
- a marker pointing back to its own city (Memory) is no route for the robber's free step or a
  push any more; an old step along one (the cog stayed) is refused;
- holdings are secret by default now: an old game, played with holdings open unless rule C or D
  was on, gets the flag ``open_holdings`` so its players see what they saw.
"""

from __future__ import annotations

from typing import Any

from hanse.core import Action
from hanse.core.upgrade import Guard, NotCarriedOverError
from hanse.games.kogge.actions import GOOD_LETTERS, Decision, ForcedStep, Push
from hanse.games.kogge.rules.conflicts import _loser
from hanse.games.kogge.state import KoggeState

BIDS_AS_CHAINS = 2  # commit 1bbea5a
FEE_ON_ITS_OWN = 3  # commit fff33f9


def translate(version: int, text: str) -> list[str]:
    """One move of notation ``version`` as the moves of ``version + 1``."""
    if version == 1:
        return _from_whole_choices(text)
    if version == 2:
        return _from_paired_fee(text)
    raise ValueError(f"Kogge has no notation {version + 1}")


def _from_whole_choices(text: str) -> list[str]:
    head, *args = text.split()
    if head == "bid" and args and args != ["done"]:
        return [f"bid {marker}" for marker in args] + ["bid done"]
    if head == "cbid":  # every one in notation 1 names markers ('cbid 3 1': a 3 and a 1)
        markers = [int(word) for word in args]
        return [f"cbid {value} {markers.count(value)}" for value in range(8, -1, -1)]
    if head == "split" and len(args) == 1:
        pile = "" if args[0] == "-" else args[0]
        return [f"split {letter}" for letter in sorted(pile, key=GOOD_LETTERS.index)]
    if head == "gmtrade" and args[:1] == ["good"] and len(args) == 3:
        return [f"gmtrade good {args[1]}", f"take {args[2]}"]
    return [text]


def _from_paired_fee(text: str) -> list[str]:
    head, *args = text.split()
    if head == "move" and len(args) == 4 and args[1] == "pay":
        # Items in their order: goods (ore, fur, amber, salt), then markers by number.
        first, second = sorted(args[2:], key=_item_order)
        return [f"move {args[0]} pay {first}", f"fee {second}"]
    return [text]


def _item_order(word: str) -> int:
    return 4 + int(word) if word.isdigit() else GOOD_LETTERS.index(word)


def written_in(version: int, texts: list[str]) -> int:
    """Records and tables stored from notation 2 on, before versions were named, say 1: their
    bids end with 'bid done' (every game bids in its first round; notation 1 never wrote it)."""
    if version == 1 and "bid done" in texts:
        return BIDS_AS_CHAINS
    return version


def flags(version: int, old: dict[str, Any]) -> dict[str, Any]:
    """Before notation 2 holdings were open unless rule C or D made them secret."""
    new = dict(old)
    secret_anyway = new.get("conflicts") or new.get("memory")  # the flag would change nothing
    if version < BIDS_AS_CHAINS and "open_holdings" not in new and not secret_anyway:
        new["open_holdings"] = True
    return new


def guard(game: Any, version: int) -> Guard | None:
    if version >= BIDS_AS_CHAINS:
        return None
    order = _ConflictOrder(game.num_players) if game.conflicts else None

    def check(before: Any, player: int, action: Action, after: Any) -> None:
        _home_step(before, action)
        if order is not None:
            order.follow(before, after)

    return check


def why_not(game: Any, version: int, s: KoggeState, text: str) -> str | None:
    """The rule an old move ran into (its translation was refused by the current rules)."""
    if version >= BIDS_AS_CHAINS:
        return None
    head, *args = text.split()
    if head == "deal" and s.leftover and int(args[0]) in s.leftover and not s.reserve[int(args[0])]:
        return (
            f"marker {args[0]} was drawn from the reserve with last round's unsold markers back "
            "in it; they now return only after the new markers are drawn (the rules as Hanse "
            "plays them, /rules/kogge: 'New route markers')"
        )
    if head in ("step", "push") and args and args[0] in ("0", "1"):
        action = ForcedStep(int(args[0])) if head == "step" else Push(int(args[0]))
        try:
            _home_step(s, action)
        except NotCarriedOverError as error:
            return str(error)
    return None


def _home_step(s: KoggeState, action: Action) -> None:
    """An old step along a marker pointing back to the cog's own city left the cog there; now
    that marker is no route and the cog takes the other one (rules/common.py, step_away)."""
    if isinstance(action, ForcedStep):
        seat, slot = s.turn_owner, action.slot
    elif isinstance(action, Push):
        seat, slot = _loser(s), action.slot
    else:
        return
    city = s.pos[seat]
    if s.sq_val[2 * city + slot] == city:
        raise NotCarriedOverError(
            "the cog was moved along a route marker pointing back to its own city, which "
            "left it there; the rules now take the city's other route instead (the rules as "
            "Hanse plays them, /rules/kogge: 'D, markers pointing home')"
        )


class _ConflictOrder:
    """Who the old rules asked to attack the active player: clockwise from him, in the city where
    his cog is at that moment, each player once a turn; checked against whom the current rules
    ask (turn order, none after the active cog is pushed away)."""

    def __init__(self, num_players: int) -> None:
        self.n = num_players
        self.queue: list[int] = []

    def follow(self, before: KoggeState, after: KoggeState) -> None:
        active = after.turn_owner if after.conf_stage else before.turn_owner
        if before.conf_stage == 0 and after.conf_stage == 1:
            self.queue = [(active + i) % self.n for i in range(1, self.n)]
        if before.conf_stage == 0 and after.conf_stage == 0:
            return
        if after.conf_stage == 1 and after.phase == Decision.ATTACK and after.actor != active:
            asked = self._old_next(after, active, after.conf_done)
            if asked != after.actor:
                self._refuse(asked, after.actor)
        elif after.conf_stage == 0:
            # The conflicts are over: the old rules would have asked nobody else either.
            asked = self._old_next(after, active, before.conf_done)
            if asked is not None:
                self._refuse(asked, None)

    def _old_next(self, s: KoggeState, active: int, done: int) -> int | None:
        city = s.pos[active]
        while self.queue:
            seat = self.queue.pop(0)
            if s.pos[seat] == city and not done >> seat & 1:
                return seat
        return None

    @staticmethod
    def _refuse(old: int | None, new: int | None) -> None:
        def who(seat: int | None) -> str:
            return "nobody" if seat is None else f"player {seat}"

        raise NotCarriedOverError(
            f"the old rules asked {who(old)} to attack next, the current rules ask {who(new)} "
            "(conflicts now go in turn order and end once the active cog is pushed away: "
            "the rules as Hanse plays them, /rules/kogge: 'C, where')"
        )
