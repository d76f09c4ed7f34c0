"""Building Lübeck scenario states directly, for the rule tests of this folder."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hanse.games import make
from hanse.games.luebeck import LuebeckGame, data
from hanse.games.luebeck.rules import setup
from hanse.games.luebeck.state import ACTION, LuebeckState


def game(n: int = 4, **flags: Any) -> LuebeckGame:
    made = make("luebeck", n, **flags)
    assert isinstance(made, LuebeckGame)
    return made


def kinds(labels: Iterable[str]) -> tuple[int, ...]:
    return tuple(sorted(data.LABEL_TO_KIND[label] for label in labels))


def cog_code(city: str, seats: Iterable[int]) -> int:
    return data.CITY_INDEX[city] << data.COG_SHIFT | sum(1 << p for p in seats)


def scenario(
    g: LuebeckGame,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    cogs: Sequence[tuple[str, Sequence[int]]] = (),
    actor: int = 0,
    start_player: int = 0,
    phase: int = ACTION,
    scores: Sequence[int] | None = None,
    passed: Iterable[int] = (),
    lying: Mapping[int, Sequence[str]] | None = None,
    layout: Sequence[Sequence[str]] = (),
    discard: Sequence[str] = (),
    known: Mapping[int, Sequence[str]] | None = None,
) -> LuebeckState:
    """A state in the given situation; every card not placed stays in the deck (60 in all)."""
    n = g.num_players
    s = setup.initial_state(n)
    s.phase = phase
    s.actor = actor
    s.start_player = start_player
    s.to_deal = 0
    s.hands = [kinds((hands or {}).get(p, ())) for p in range(n)]
    s.known = [kinds((known or {}).get(p, ())) for p in range(n)]
    s.lying = [kinds((lying or {}).get(p, ())) for p in range(n)]
    s.layout = [kinds(pack) for pack in layout]
    s.kept = len(s.layout)
    for k in kinds(discard):
        s.discard[k] += 1
    s.discard_size = len(discard)
    placed = [k for zone in (s.hands, s.lying, s.layout) for cards in zone for k in cards]
    placed += kinds(discard)
    for k in placed:
        s.deck[k] -= 1
        assert s.deck[k] >= 0, f"too many copies of {data.LABELS[k]}"
    s.deck_size = sum(s.deck)
    s.cogs = sorted(cog_code(city, seats) for city, seats in cogs)
    s.free_cogs = data.COGS_BY_PLAYERS[n] - len(s.cogs)
    assert s.free_cogs >= 0
    s.scores = list(scores) if scores is not None else [0] * n
    s.passed = sum(1 << p for p in passed)
    return s


def texts(g: LuebeckGame, s: LuebeckState) -> list[str]:
    return [g.action_to_str(a) for a in g.legal_actions(s)]


def do(g: LuebeckGame, s: LuebeckState, *actions: str) -> None:
    for text in actions:
        g.apply_action(s, g.action_from_str(text))


def cog_index(s: LuebeckState, city: str, seats: Iterable[int]) -> int:
    return s.cogs.index(cog_code(city, seats))


def cog_list(g: LuebeckGame, s: LuebeckState) -> list[tuple[str, list[int]]]:
    return [(c["city"], c["figures"]) for c in g.view(s, None)["cogs"]]


def hand(g: LuebeckGame, s: LuebeckState, seat: int) -> list[str]:
    return list(g.view(s, seat)["hand"])
