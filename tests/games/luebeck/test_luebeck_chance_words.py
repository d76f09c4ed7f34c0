"""The cards chance draws, in the log in words (issue 19, item 9: no internal words on screen):
rule "Vorbereitung" (three cards dealt face down to each player, one at a time from the start
player) and "Kartenauslage bilden" (new single packs, then one card onto every pack)."""

from __future__ import annotations

from luebeck_helpers import do, game, scenario

from hanse.core import CHANCE
from hanse.core.testing import chance_log_lines as _lines
from hanse.games.luebeck.state import LAYOUT
from hanse.games.luebeck.words import card_name


def test_vorbereitung_a_dealt_card_is_named_to_its_receiver_only() -> None:
    """'Riga 3 is dealt to player B' for the receiver; the others and a spectator read 'A card is
    dealt face down to player B', which does not name it."""
    g = game(3)
    s = g.new_initial_state()
    s.start_player = 1
    riga = g.action_from_str("draw Riga 3")
    assert _lines(g, s, riga) == [
        "A card is dealt face down to player B",
        "Riga 3 is dealt to player B",
        "A card is dealt face down to player B",
        "A card is dealt face down to player B",
    ]
    do(g, s, "draw Riga 3")
    assert _lines(g, s, g.action_from_str("draw Visby 1"))[2] == "Visby 1 is dealt to player C"


def test_kartenauslage_bilden_every_card_is_laid_open_in_words() -> None:
    """Two packs kept from the last round: three new single packs (packs 3 to 5, counted from 1;
    the notation's 2 to 4), then one card onto each of the five packs in order; everybody reads
    the card by its name in the reader's language: 'Stettin 3 is laid onto pack 1'."""
    g = game(3)
    s = scenario(g, phase=LAYOUT, actor=CHANCE, layout=[["Riga 3", "Visby 1"], ["Danzig 2"]])
    s.drawn = 0
    expected = [f"is laid out as pack {pack}" for pack in (3, 4, 5)]
    expected += [f"is laid onto pack {pack}" for pack in range(1, 6)]
    for ending in expected:
        action = g.chance_outcomes(s)[-1][0]
        card = card_name(g.action_to_json(action)["card"])
        assert _lines(g, s, action) == [f"{card} {ending}"] * 4
        g.apply_action(s, action)
    assert [len(pack) for pack in s.layout] == [3, 2, 2, 2, 2]
