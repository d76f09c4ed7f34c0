"""data.py against kogge.json (transcribed, not read at run time)."""

from __future__ import annotations

from hanse.games.kogge import data


def test_cities_goods_and_marker_colours() -> None:
    assert data.CITY_NAMES[1:8] == (
        "Stockholm",
        "Abo",
        "Reval",
        "Riga",
        "Danzig",
        "Stralsund",
        "Lübeck",
    )
    assert data.CITY_NAMES[0] == "Tönsberg" and data.CITY_NAMES[8] == "Kopenhagen"
    assert data.CITY_GOOD == (0, 0, 0, 1, 1, 2, 2, 3, 3)
    assert data.MARKER_COLOUR == data.CITY_GOOD
    assert data.GOOD_COLOURS == ("grey", "orange", "purple", "white")


def test_components() -> None:
    assert data.MARKER_COUNTS == (14, 13, 12, 11, 10, 9, 8, 7, 6)
    assert sum(data.MARKER_COUNTS) == data.TOTAL_MARKERS == 90
    assert data.GOODS_SUPPLY == (25, 18, 13, 10)
    assert data.START_GOODS == (2, 1, 0, 0) and data.START_GOODS_MEMORY == (2, 2, 0, 0)
    assert data.KONTORE_PER_PLAYER == 4 and data.RAID_MARKERS_PER_PLAYER == 2
    assert data.CHIP_COPIES == 2 and len(data.CHIP_NAMES) == 4
    assert data.OFFER_MARKERS == 8


def test_scoring_table() -> None:
    assert data.GOOD_VP == (1, 3, 5, 7)
    assert (data.VP_KONTOR, data.VP_CHIP, data.VP_RAID_MARKER) == (10, 20, 10)
    assert data.DEVELOPMENT_TO_WIN == 5
