"""Helpers for Speicherstadt scenario tests: build states directly, then play through the protocol.

Cards are taken from the draw pile and cubes from the bag, so every scenario state keeps the
inventory of a real game.
"""

from __future__ import annotations

from hanse.games import make
from hanse.games.speicherstadt.data import ALL_CARDS, CARD_INDEX, FIRE, GOOD_NAMES
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.rules import demand, loading, purchase
from hanse.games.speicherstadt.state import SpeicherstadtState

GOOD = {name: i for i, name in enumerate(GOOD_NAMES)}


def new(n: int = 4, kai: bool = False) -> tuple[SpeicherstadtGame, SpeicherstadtState]:
    game = make("speicherstadt", n, kaispeicher=kai)
    assert isinstance(game, SpeicherstadtGame)
    return game, game.new_initial_state()


def card(name: str) -> int:
    """A card by its id (``base.ship.B``) or by its unique German name (``Kaffeeröster``)."""
    if name in CARD_INDEX:
        return CARD_INDEX[name]
    found = [i for i, c in enumerate(ALL_CARDS) if c.name == name]
    assert len(found) == 1, f"{name!r} names {len(found)} card designs"
    return found[0]


def take(game: SpeicherstadtGame, s: SpeicherstadtState, name: str) -> int:
    """Take one copy of a card out of the draw pile."""
    t = game.tables
    c = card(name)
    assert s.deck[c] > 0, f"{name} is not in the draw pile"
    s.deck[c] -= 1
    s.season_left[t.season[c]] -= 1
    if t.kind[c] != FIRE:
        s.nonfire_left -= 1
    return c


def bag_cubes(s: SpeicherstadtState, goods: str) -> tuple[int, ...]:
    """Take cubes out of the bag, e.g. ``"coffee tea tea"``."""
    out = []
    for name in goods.split():
        g = GOOD[name]
        assert s.bag[g] > 0
        s.bag[g] -= 1
        out.append(g)
    return tuple(out)


def counts(game: SpeicherstadtGame, goods: tuple[int, ...]) -> tuple[int, ...]:
    result = [0] * game.tables.num_goods
    for g in goods:
        result[g] += 1
    return tuple(result)


def offer(
    game: SpeicherstadtGame,
    s: SpeicherstadtState,
    *cards: str | tuple[str, str],
    upper: tuple[str | tuple[str, str], ...] = (),
) -> None:
    """Lay out the offer (card id or name, or (card, "goods on the ship")); start the demand."""
    for spec, row, cubes_row in ((cards, s.offer, s.offer_cubes), (upper, s.upper, s.upper_cubes)):
        for item in spec:
            name, goods = item if isinstance(item, tuple) else (item, "")
            row.append(take(game, s, name))
            cubes_row.append(bag_cubes(s, goods))
            if row is s.offer:
                s.offer_workers.append(())
    s.pending_cubes = 0
    demand.begin(game.tables, s)
    s.legal_cache = None


def own(game: SpeicherstadtGame, s: SpeicherstadtState, seat: int, *names: str) -> None:
    """Give cards to a seat as if bought earlier (not this round)."""
    for name in names:
        c = take(game, s, name)
        purchase.gain(game.tables, s, seat, c, ())
    s.bought = 0
    s.legal_cache = None


def stock(
    game: SpeicherstadtGame,
    s: SpeicherstadtState,
    seat: int,
    *,
    warehouse: str = "",
    hall: str | None = None,
    cargo: str = "",
) -> None:
    """Put cubes from the bag into a seat's Lager, market hall or ship cargo."""
    if warehouse:
        s.warehouse[seat] = counts(game, bag_cubes(s, warehouse))
    if hall is not None:
        s.hall[seat] = bag_cubes(s, hall)[0]
    if cargo:
        s.cargo[seat] = counts(game, bag_cubes(s, cargo))


def supply(s: SpeicherstadtState, goods: str) -> None:
    """Move cubes from the bag to the supply (Vorrat), e.g. ``"carpet"``."""
    for g in bag_cubes(s, goods):
        s.reserve[g] += 1


def fill(game: SpeicherstadtGame, s: SpeicherstadtState, seat: int, k: int, goods: str) -> None:
    """Place cubes from the bag on a seat's k-th contract."""
    t = game.tables
    filled = list(s.filled[seat])
    for g in bag_cubes(s, goods):
        bit = t.fill_bit[s.contracts[seat][k]][filled[k]][g]
        assert bit
        filled[k] |= bit
    s.filled[seat] = tuple(filled)


def start_loading(game: SpeicherstadtGame, s: SpeicherstadtState) -> None:
    """Skip to the loading phase (offer empty, all workers home)."""
    s.offer, s.offer_cubes, s.offer_workers = [], [], []
    s.upper, s.upper_cubes = [], []
    s.reserved, s.reserved_cubes, s.reserved_workers = [], [], []
    s.workers = [game.tables.workers] * game.num_players
    loading.begin(game.tables, s)


def act(game: SpeicherstadtGame, s: SpeicherstadtState, *texts: str) -> None:
    for text in texts:
        game.apply_action(s, game.action_from_str(text))


def legal(game: SpeicherstadtGame, s: SpeicherstadtState) -> list[str]:
    return [game.action_to_str(a) for a in game.legal_actions(s)]


def place_all(game: SpeicherstadtGame, s: SpeicherstadtState, *cards: int) -> None:
    """Place workers in turn on the given offered cards."""
    for c in cards:
        act(game, s, f"place {c}")


def clear_season(game: SpeicherstadtGame, s: SpeicherstadtState, season: int) -> None:
    """Move every card of a season from the draw pile to the discard pile."""
    for c in game.tables.season_cards[season]:
        while s.deck[c]:
            take(game, s, ALL_CARDS[c].key)
            s.discard[c] += 1
