"""Spielende: the points of every card at the end of the game ("Am Spielende erhältst du ...").

Base game: Kaufmann 1 each; Lager 1 per stored cube; Kontore 2/5/9/14 for 1/2/3/4 (Kaispeicher:
capped at 14 for more); St. Michaelis 4; Flussschifferkirche 3; Hafen 1 per ship; Handelskammer 1
per coin; a complete Auftrag its points (5/8/11, Kaispeicher 4/8), an incomplete one nothing.
Kaispeicher: Leuchtturm 1, Schauspielhaus 2, Davidwache 3, Musikhalle 4, Rathaus 5; Presse 1 per
fireman; Bürgermeister doubles the best pure points building; Hafenrundfahrt 1 per pure points
building; Deichtorhallen 1 per Händler (the 5 Kaufleute, Schneiderin, Glasbläser, Seilmacher);
Buchhalter 1 per contract, complete or not.
"""

from __future__ import annotations

from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.state import SpeicherstadtState
from hanse.games.speicherstadt.tables import Tables


def breakdown(t: Tables, s: SpeicherstadtState, seat: int) -> dict[str, int]:
    """End-game points of a seat by category (names in English; render and tests use it)."""
    own = s.cards[seat]
    kinds = [t.kind[card] for card in own]
    points_buildings = [t.value[card] for card in own if t.kind[card] == data.POINTS]
    contracts = s.contracts[seat]
    filled = s.filled[seat]
    parts = {
        "merchants": kinds.count(data.MERCHANT),
        "warehouse": sum(s.warehouse[seat]) if data.WAREHOUSE in kinds else 0,
        "kontore": data.KONTOR_POINTS[min(kinds.count(data.KONTOR), 4)],
        "buildings": sum(points_buildings),
        "port": kinds.count(data.SHIP) if data.PORT in kinds else 0,
        "chamber": s.coins[seat] if data.CHAMBER in kinds else 0,
        "contracts": sum(
            data.ALL_CARDS[card].points
            for card, mask in zip(contracts, filled, strict=True)
            if mask == t.full_mask[card]
        ),
        "press": kinds.count(data.FIREMAN) if data.PRESS in kinds else 0,
        "mayor": max(points_buildings, default=0) if data.MAYOR in kinds else 0,
        "harbour_tour": len(points_buildings) if data.HARBOUR_TOUR in kinds else 0,
        "deichtorhallen": (
            kinds.count(data.MERCHANT) + kinds.count(data.TRADER)
            if data.DEICHTORHALLEN in kinds
            else 0
        ),
        "accountant": len(contracts) if data.ACCOUNTANT in kinds else 0,
    }
    return parts


def end_points(t: Tables, s: SpeicherstadtState, seat: int) -> int:
    return sum(breakdown(t, s, seat).values())
