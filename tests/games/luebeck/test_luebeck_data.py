"""Rulebook section "Spielmaterial" and the reconstructed board and cards of ``data.py``.

RULINGS: board and card list are reconstructed and kept in ``data.py``; these tests pin what the
rulebook states, so a replacement of the data cannot silently break a rule.
"""

from __future__ import annotations

from hanse.games.luebeck import data


def _city(name: str) -> int:
    return data.CITY_INDEX[name]


def test_sixty_cards_and_their_types() -> None:
    assert sum(data.KIND_COPIES) == data.TOTAL_CARDS == 60
    types = {k.type for k in data.KINDS}
    assert types == {
        data.T_GOODS,
        data.T_HANDELSFAHRT,
        data.T_VERDOPPELUNG,
        data.T_PIRATEN,
        data.T_SCHIFFSWECHSEL,
    }
    for kind in data.KINDS:
        if kind.type == data.T_GOODS:
            assert kind.value > 0 and kind.city != data.LUEBECK
        else:
            assert kind.value == 0


def test_special_cards_exist_for_the_rulebook_cities() -> None:
    """'Die Sonderkarte Handelsfahrt / Verdoppelung gibt es für die Städte Stettin, Danzig, Riga,
    Visby und Helsingborg.'"""
    for t in (data.T_HANDELSFAHRT, data.T_VERDOPPELUNG):
        cities = {data.CITIES[k.city] for k in data.KINDS if k.type == t}
        assert cities == set(data.HANDELSFAHRT_CITIES)


def test_rulebook_arrows() -> None:
    """Stettin→Danzig, Danzig→Riga (Danzig example), Helsingborg→Bergen and →Hamburg, and
    Visby→Helsingborg (Verdoppelung example)."""
    for a, b in [
        ("Stettin", "Danzig"),
        ("Danzig", "Riga"),
        ("Helsingborg", "Bergen"),
        ("Helsingborg", "Hamburg"),
        ("Visby", "Helsingborg"),
    ]:
        assert _city(b) in data.SUCCESSORS[_city(a)]


def test_graph_shape() -> None:
    """End stations have no way on, every other city has; all cities are reached from Lübeck;
    no cycle (cogs only ever sail on in arrow direction)."""
    for c in range(data.N_CITIES):
        assert (not data.SUCCESSORS[c]) == (c in data.END_STATION_SET)
    reached = {data.LUEBECK}
    frontier = [data.LUEBECK]
    while frontier:
        c = frontier.pop()
        for nxt in data.SUCCESSORS[c]:
            assert nxt != data.LUEBECK
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    assert reached == set(range(data.N_CITIES))
    order: list[int] = []
    seen: set[int] = set()

    def visit(c: int, path: tuple[int, ...]) -> None:
        assert c not in path, "a cycle in the arrows"
        if c in seen:
            return
        for nxt in data.SUCCESSORS[c]:
            visit(nxt, (*path, c))
        seen.add(c)
        order.append(c)

    visit(data.LUEBECK, ())
    assert len(order) == data.N_CITIES


def test_numbers_by_player_count() -> None:
    assert data.COGS_BY_PLAYERS == {3: 4, 4: 5, 5: 6}
    assert data.PACKS_BY_PLAYERS == {3: 5, 4: 6, 5: 7}
    assert data.TOTAL_COGS == 6
    assert data.FIGURES_PER_PLAYER == 2


def test_discard_cost() -> None:
    """'für eine Warenkarte der darauf angegebene Wert, für eine Sonderkarte jeweils 1'."""
    for i, kind in enumerate(data.KINDS):
        assert data.KIND_COST[i] == (kind.value if kind.type == data.T_GOODS else 1)
