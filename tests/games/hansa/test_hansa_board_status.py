"""The status line above the Hansa Teutonica map, as a player reads it: who decides by name where
the seat has one, pieces counted in the right number ("1 trader, 2 merchants", never "0
merchant"), in English, German and Italian, and never past the board's right edge."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hanse.core.testing import decision_nodes
from hanse.games import make
from hanse.games.hansa.svg import board_svg
from hanse.games.svg_parts import text_width
from hanse.web.i18n import game_translations

SVG = "{http://www.w3.org/2000/svg}"


def _status(svg: str) -> ET.Element:
    return next(
        el
        for el in ET.fromstring(svg).iter(f"{SVG}text")
        if (el.text or "").startswith(("Turn", "Zug", "Turno"))
    )


def _view() -> dict:
    game = make("hansa", 3)
    state = next(iter(decision_nodes(game, 0, 1, 1)))[0]
    return game.view(state, game.current_player(state))


def test_the_decider_is_named() -> None:
    view = _view()
    decider = view["decider"]
    names = ["Anna", "Bert", "Carla"]
    letter = "ABC"[decider]
    assert f"{names[decider]} ({letter}) chooses an action" in (
        _status(board_svg(view, [], names=names)[0]).text or ""
    )
    assert f"player {letter} chooses an action" in (_status(board_svg(view, [])[0]).text or "")
    german = game_translations("de", "hansa").gettext
    text = _status(board_svg(view, [], german, names=names)[0]).text or ""
    assert f"{names[decider]} ({letter}) wählt eine Aktion" in text


@pytest.mark.parametrize(
    ("lang", "hand", "said"),
    [
        ("en", (1, 0, 1), "displaced: 1 trader · 1 extra piece"),
        ("en", (0, 2, 2), "displaced: 2 merchants · 2 extra pieces"),
        ("de", (2, 1, 0), "verdrängt: 2 Händler, 1 Großhändler"),
        ("it", (1, 2, 1), "scacciati: 1 mercante, 2 grossisti · 1 pedina aggiuntiva"),
    ],
)
def test_pieces_are_counted_in_the_right_number(
    lang: str, hand: tuple[int, int, int], said: str
) -> None:
    view = _view()
    traders, merchants, extras = hand
    view["pending"]["displacement"] = {
        "route": 0,
        "owner": 1,
        "hand": {"traders": traders, "merchants": merchants},
        "extras_left": extras,
    }
    tr = game_translations(lang, "hansa").gettext
    text = _status(board_svg(view, [], tr)[0]).text or ""
    assert said in text
    assert " 0 " not in text


def test_a_long_status_is_squeezed_inside_the_board() -> None:
    """The longest status (a displacement, a move and a marker at once, in German, with a long
    name) is given a length that ends inside the board, with room for a wider font."""
    view = _view()
    view["pending"]["displacement"] = {
        "route": 0,
        "owner": 1,
        "hand": {"traders": 1, "merchants": 1},
        "extras_left": 2,
    }
    view["pending"]["move"]["held"] = {"traders": 3, "merchants": 1}
    view["marker_to_place"] = "upgrade_ability"
    names = ["Maximiliane Mustermann-Schulze"] * 3
    german = game_translations("de", "hansa").gettext
    status = _status(board_svg(view, [], german, names=names)[0])
    x = float(status.get("x") or 0)
    size = float(status.get("font-size") or 0)
    length = status.get("textLength")
    width = float(length) if length else text_width(status.text or "", size) * 1.12
    root = ET.fromstring(board_svg(view, [])[0])
    board_width = float((root.get("viewBox") or "").split()[2])
    assert x + width <= board_width - 10
