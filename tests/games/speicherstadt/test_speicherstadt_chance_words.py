"""Phase "1. Angebot" in the log in words (issue 19, item 9: no internal words on screen): a card
turned up onto the water fields (Kaispeicher: then into the upper row) is named as the board names
it, not by its id; a fire is resolved at once; a ship's cubes come from the bag one by one. The
game hides none of it: everybody reads the words."""

from __future__ import annotations

from speicherstadt_helpers import card, clear_season, new

from hanse.core import CHANCE, Action
from hanse.core.testing import chance_log_lines as _lines
from hanse.games.speicherstadt import data
from hanse.games.speicherstadt.actions import DrawCard
from hanse.games.speicherstadt.data import ALL_CARDS, GOOD_NAMES
from hanse.games.speicherstadt.game import SpeicherstadtGame
from hanse.games.speicherstadt.state import SpeicherstadtState


def test_angebot_a_card_is_named_not_numbered() -> None:
    """The game's text names the card and its season ('draw Auftrag (season A: contract: ...)'),
    not the notation ('draw base.contract.2'); the words name it as the board does."""
    g, s = new(3)
    draw = DrawCard(card("base.contract.2"))
    assert g.observe_action(s, CHANCE, draw, 0).startswith("draw Auftrag (season A")
    goods = " + ".join(GOOD_NAMES[good] for good in ALL_CARDS[draw.card].goods)
    assert _lines(g, s, draw) == [f"The contract {goods} is turned up onto the water fields"] * 4
    roaster = DrawCard(card("base.merchant.coffee"))
    assert _lines(g, s, roaster) == ["The Coffee Roaster is turned up onto the water fields"] * 4


def test_angebot_kaispeicher_fills_the_upper_row_after_the_water_fields() -> None:
    """Kaispeicher: n+1 cards on the water fields, then as many in the upper row."""
    g, s = new(2, kai=True)
    for _ in range(3):
        g.apply_action(s, _neither_ship_nor_fire(g, s))
    action = _neither_ship_nor_fire(g, s)
    lines = _lines(g, s, action)
    assert lines[0] is not None and lines[0].endswith("is turned up into the upper row")
    assert len(set(lines)) == 1


def _neither_ship_nor_fire(g: SpeicherstadtGame, s: SpeicherstadtState) -> Action:
    for action, _ in g.chance_outcomes(s):
        if ALL_CARDS[action.card].kind not in (data.SHIP, data.FIRE):  # type: ignore[attr-defined]
            return action
    raise AssertionError("only ships and fires left")


def test_brand_and_the_ships_cubes_in_words() -> None:
    """A fire turned up is told with its rule ("Brand": the most firemen win, the fewest lose);
    a ship's cubes ("zieht für jedes Schiff 3 zufällige Warensteine aus dem Beutel") by good."""
    g, s = new(3)
    clear_season(g, s, 0)
    fire = DrawCard(card("base.fire.1"))
    nobody = "nobody gains or loses points (all players have the same firemen total: 0)"
    assert (
        _lines(g, s, fire)
        == [f"Fire 1 is turned up: the most firemen win, the fewest lose ({nobody})"] * 4
    )
    g.apply_action(s, DrawCard(card("base.ship.B")))
    cube = g.chance_outcomes(s)[0][0]
    good = g.action_to_str(cube).split(" ")[1]
    assert _lines(g, s, cube) == [f"A cube of {good} is drawn from the bag onto the ship"] * 4
