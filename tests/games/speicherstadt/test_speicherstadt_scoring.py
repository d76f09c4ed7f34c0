"""Spielende scoring of every card (Handelskarten; Kaispeicher: die neuen Handelskarten)."""

from __future__ import annotations

import pytest
from speicherstadt_helpers import fill, new, own, stock

from hanse.games.speicherstadt.render import render
from hanse.games.speicherstadt.rules import scoring


def _points(kai: bool, *cards: str, n: int = 4, **setup: str) -> dict[str, int]:
    game, s = new(n, kai)
    own(game, s, 0, *cards)
    if setup:
        stock(game, s, 0, **setup)
    return scoring.breakdown(game.tables, s, 0)


@pytest.mark.parametrize(
    "name", ["Kaffeeröster", "Teeverkoster", "Gewürzhändler", "Vulkaniseur", "Teppichhändler"]
)
def test_each_merchant_one_point(name: str) -> None:
    assert sum(_points(False, name).values()) == 1


def test_lager_one_point_per_cube() -> None:
    assert _points(False, "Lager", warehouse="coffee tea tea")["warehouse"] == 3


def test_market_hall_cube_scores_nothing() -> None:
    assert sum(_points(False, hall="coffee").values()) == 0


@pytest.mark.parametrize(("count", "points"), [(1, 2), (2, 5), (3, 9), (4, 14)])
def test_kontore(count: int, points: int) -> None:
    """Kontor: 2/5/9/14 points for 1/2/3/4 Kontore."""
    keys = ["base.kontor.A", "base.kontor.B", "base.kontor.D", "base.kontor.D"][:count]
    assert _points(False, *keys)["kontore"] == points


def test_kontore_capped_at_fourteen() -> None:
    """Kaispeicher: "Mehr als 14 Punkte kannst du dennoch nicht erhalten"."""
    keys = ["base.kontor.A", "base.kontor.B", "base.kontor.D", "base.kontor.D", "kai.kontor.C"]
    assert _points(True, *keys, "kai.kontor.D")["kontore"] == 14


def test_st_michaelis_and_flussschifferkirche() -> None:
    assert _points(False, "St. Michaelis")["buildings"] == 4
    assert _points(False, "Flussschifferkirche")["buildings"] == 3


def test_hafen_one_point_per_ship() -> None:
    assert _points(False, "Hafen", "base.ship.B", "base.ship.D")["port"] == 2
    assert _points(False, "base.ship.B")["port"] == 0


def test_handelskammer_one_point_per_coin() -> None:
    """Handelskammer: 1 point per coin; the coins are kept."""
    game, s = new(4)
    own(game, s, 0, "Handelskammer")
    s.coins[0] = 13
    assert scoring.breakdown(game.tables, s, 0)["chamber"] == 13
    assert s.coins[0] == 13


def test_bank_scores_nothing() -> None:
    assert sum(_points(False, "Bank").values()) == 0


@pytest.mark.parametrize(
    ("key", "goods", "points"),
    [
        ("base.contract.1", "coffee carpet", 5),
        ("base.contract.2", "coffee tea carpet", 8),
        ("base.contract.3", "coffee tea saffron rubber", 11),
    ],
)
def test_complete_contract_scores_and_incomplete_does_not(
    key: str, goods: str, points: int
) -> None:
    """Auftrag: 5/8/11 points if complete; "Für einen unvollständigen Auftrag gibt es keine
    Punkte"."""
    game, s = new(4)
    own(game, s, 0, key)
    fill(game, s, 0, 0, " ".join(goods.split()[:-1]))
    assert scoring.breakdown(game.tables, s, 0)["contracts"] == 0
    fill(game, s, 0, 0, goods.split()[-1])
    assert scoring.breakdown(game.tables, s, 0)["contracts"] == points


def test_kaispeicher_contracts() -> None:
    """Kaispeicher contracts: small 1 good for 4 points, medium 2 goods for 8 points."""
    game, s = new(4, kai=True)
    own(game, s, 0, "kai.contract.1", "kai.contract.2")
    fill(game, s, 0, 0, "hemp")
    fill(game, s, 0, 1, "cloth glass")
    assert scoring.breakdown(game.tables, s, 0)["contracts"] == 12


def test_firemen_score_nothing_but_the_presse_counts_them() -> None:
    """Presse: "für jeden deiner Feuerwehrmänner 1 Punkt"."""
    assert sum(_points(False, "base.fireman.5.D").values()) == 0
    assert _points(True, "Presse", "base.fireman.5.D", "kai.fireman.1.A")["press"] == 2


@pytest.mark.parametrize(
    ("name", "points"),
    [
        ("Leuchtturm", 1),
        ("Schauspielhaus", 2),
        ("Davidwache", 3),
        ("Musikhalle", 4),
        ("Rathaus", 5),
    ],
)
def test_kaispeicher_points_buildings(name: str, points: int) -> None:
    assert _points(True, name)["buildings"] == points


def test_buergermeister_doubles_the_best_points_building() -> None:
    """Bürgermeister: "die Punkte deines hochwertigsten reinen Punktgebäudes verdoppelt"."""
    parts = _points(True, "Bürgermeister", "Leuchtturm", "St. Michaelis", "Davidwache")
    assert parts["buildings"] == 8 and parts["mayor"] == 4
    assert _points(True, "Bürgermeister")["mayor"] == 0


def test_hafenrundfahrt_one_point_per_points_building() -> None:
    parts = _points(True, "Hafenrundfahrt", "Rathaus", "Flussschifferkirche", "Bank")
    assert parts["harbour_tour"] == 2


def test_deichtorhallen_one_point_per_haendler() -> None:
    """Deichtorhallen: the 8 Händler — the 5 merchants, Schneiderin, Glasbläser, Seilmacher."""
    parts = _points(
        True, "Deichtorhallen", "Kaffeeröster", "Glasbläser", "Seilmacher", "Kaffeerösterei"
    )
    assert parts["deichtorhallen"] == 3
    assert parts["merchants"] == 1  # the Kaispeicher Händler have no points of their own


def test_buchhalter_one_point_per_contract_complete_or_not() -> None:
    game, s = new(4, kai=True)
    own(game, s, 0, "Buchhalter", "base.contract.1", "kai.contract.3")
    fill(game, s, 0, 1, "cloth")
    parts = scoring.breakdown(game.tables, s, 0)
    assert parts["accountant"] == 2 and parts["contracts"] == 4


def test_processors_and_one_shot_cards_score_nothing() -> None:
    cards = ("Kaffeerösterei", "Hafenmeister", "Versicherung", "Löschzug", "Schneiderin")
    assert sum(_points(True, *cards).values()) == 0


def test_score_track_wraps_at_forty() -> None:
    """Kaispeicher Spielende: "Wer das Feld 39 ... erreicht, setzt das Zählen ... auf der 0 fort
    (= 40 Punkte). Am Ende werden diese 40 Punkte ... hinzuaddiert." Scores stay whole numbers;
    the rendering shows the space and the laps."""
    game, s = new(2, kai=True)
    s.score = [47, 39]
    view = game.view(s, None)
    assert view["players"][0]["score"] == 47
    text = render(view)
    assert "score 47 (space 7, +40)" in text and "score 39 (space 39)" in text
