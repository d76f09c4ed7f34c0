"""Rulebook section "Aktionen": the action cycle, "Handelsfahrt in Lübeck starten", "Passen" and
"Karte abwerfen", with the rulings on passing and discarding."""

from __future__ import annotations

import pytest
from luebeck_helpers import cog_index, cog_list, do, game, scenario, texts

from hanse.core import IllegalActionError
from hanse.games.luebeck.state import CHOOSE_FIRST, TAKE_BACK

FIVE_UNPLAYABLE = ["Reval 4", "Reval 5", "London 4", "Brügge 6", "Bergen 2"]


def test_start_voyage_with_a_free_cog() -> None:
    """Möglichkeit 1: a free cog placed in Lübeck with a figure from the reserve."""
    g = game(4)
    s = scenario(g)
    assert texts(g, s) == ["voyage", "pass"]
    do(g, s, "voyage")
    v = g.view(s, None)
    assert v["cogs"] == [{"city": "Lübeck", "figures": [0]}]
    assert v["free_cogs"] == 4
    assert v["players"][0]["reserve"] == 1


def test_start_voyage_by_joining_a_cog_in_luebeck() -> None:
    """Möglichkeit 2: join a cog standing in Lübeck; access may not be refused."""
    g = game(4)
    s = scenario(g, cogs=[("Lübeck", [1, 2])])
    assert texts(g, s) == ["voyage", "voyage @0", "pass"]
    do(g, s, "voyage @0")
    assert cog_list(g, s) == [("Lübeck", [0, 1, 2])]


def test_joining_only_in_luebeck() -> None:
    g = game(4)
    s = scenario(g, cogs=[("Stettin", [1])])
    assert texts(g, s) == ["voyage", "pass"]


def test_voyage_needs_a_free_cog_or_a_cog_in_luebeck() -> None:
    """'mindestens eine freie Kogge und eine eigene freie Spielfigur'."""
    g = game(3)  # 4 cogs
    s = scenario(g, cogs=[("Stettin", [1]), ("Riga", [1]), ("Reval", [2]), ("Bergen", [2])])
    assert texts(g, s) == ["pass"]
    with pytest.raises(IllegalActionError, match="Handelsfahrt in Lübeck starten"):
        do(g, s, "voyage")


def test_two_figures_per_player_and_never_two_on_one_cog() -> None:
    """RULINGS: each player has 2 figures for cogs and never two figures on the same cog."""
    g = game(4)
    s = scenario(g, cogs=[("Lübeck", [0])])
    assert texts(g, s) == ["voyage", "pass"]  # no "voyage @0": the own figure is already aboard
    s = scenario(g, cogs=[("Lübeck", [0]), ("Stettin", [0])])
    assert texts(g, s) == ["pass"]  # both figures are on cogs


def test_actions_go_clockwise_skipping_passed_players() -> None:
    """One action each, clockwise, skipping players who passed."""
    g = game(4)
    s = scenario(g, actor=1, passed=[2])
    do(g, s, "voyage")
    assert g.current_player(s) == 3
    do(g, s, "pass")
    assert g.current_player(s) == 0
    do(g, s, "voyage")
    assert g.current_player(s) == 1


def test_round_goes_on_until_all_have_passed() -> None:
    """A player acts several times in a round; the round ends only when everybody passed."""
    g = game(3)
    s = scenario(g, actor=0)
    do(g, s, "voyage", "pass", "pass", "voyage")
    assert g.current_player(s) == 0  # seats 1 and 2 passed: seat 0 acts again
    do(g, s, "pass")
    assert s.phase == TAKE_BACK


def test_pass_allowed_with_three_cards_or_fewer() -> None:
    """RULINGS 'Passen': a player holding 3 or fewer cards may pass, even before any action."""
    g = game(4)
    s = scenario(g, hands={0: ["Stettin 1", "Riga 3", "Piraten"]}, cogs=[("Lübeck", [0])])
    assert "pass" in texts(g, s)
    assert "play Stettin 1 @0" in texts(g, s)


def test_no_pass_with_more_than_three_cards() -> None:
    g = game(4)
    s = scenario(
        g, hands={0: ["Stettin 1", "Stettin 2", "Riga 3", "Piraten"]}, cogs=[("Lübeck", [0])]
    )
    assert "pass" not in texts(g, s)
    with pytest.raises(IllegalActionError, match="Rule 'Passen'"):
        do(g, s, "pass")


def test_flag_must_pass_at_three() -> None:
    """RULINGS flag must_pass_at_three (the Italian reading): with 3 or fewer cards the player must
    pass at once: pass is the only action."""
    g = game(4, must_pass_at_three=True)
    s = scenario(g, hands={0: ["Stettin 1", "Riga 3", "Piraten"]}, cogs=[("Lübeck", [0])])
    assert texts(g, s) == ["pass"]
    with pytest.raises(IllegalActionError, match="must_pass_at_three"):
        do(g, s, "play Stettin 1 @0")
    s = scenario(
        g, hands={0: ["Stettin 1", "Stettin 2", "Riga 3", "Piraten"]}, cogs=[("Lübeck", [0])]
    )
    assert "play Stettin 1 @0" in texts(g, s)


def test_passed_player_stays_out() -> None:
    """'Wer einmal gepasst hat, darf in der aktuellen Runde nicht wieder einsteigen'."""
    g = game(3)
    s = scenario(g, hands={1: ["Stettin 1"]}, actor=0)
    do(g, s, "voyage")  # seat 0's cog stands in Lübeck
    do(g, s, "pass")  # seat 1 passes although it could now join and play
    do(g, s, "voyage @0")  # seat 2 joins the cog
    assert g.current_player(s) == 0  # seat 1 is skipped from now on
    do(g, s, "voyage")
    assert g.current_player(s) == 2
    assert g.view(s, None)["players"][1]["passed"]


def test_discard_only_without_playable_card() -> None:
    """RULINGS 'Karte abwerfen': legal only holding more than 3 cards and able to play no card;
    starting a voyage stays legal beside it."""
    g = game(4)
    s = scenario(g, hands={0: FIVE_UNPLAYABLE})
    assert texts(g, s) == [
        "voyage",
        "discard Bergen 2",
        "discard Reval 4",
        "discard Reval 5",
        "discard London 4",
        "discard Brügge 6",
    ]


def test_discard_costs_the_value() -> None:
    """A goods card costs its value, a special card 1; scores may go below zero."""
    g = game(4)
    s = scenario(g, hands={0: FIVE_UNPLAYABLE}, scores=[3, 0, 0, 0])
    do(g, s, "discard Brügge 6")
    assert g.scores(s)[0] == -3
    assert g.view(s, None)["discard"] == ["Brügge 6"]
    s = scenario(
        g,
        hands={0: ["Piraten", "Schiffswechsel", "Handelsfahrt Riga", "Verdoppelung Riga"]},
        cogs=[("Lübeck", [0]), ("Stettin", [0])],
    )
    assert texts(g, s)[0] == "play Piraten @0"  # Piraten is playable: no discard
    s = scenario(
        g,
        hands={0: ["Schiffswechsel", "Handelsfahrt Riga", "Verdoppelung Riga", "Reval 4"]},
        cogs=[("Lübeck", [0]), ("Stettin", [0])],
    )
    assert texts(g, s) == [
        "discard Reval 4",
        "discard Handelsfahrt Riga",
        "discard Verdoppelung Riga",
        "discard Schiffswechsel",
    ]
    do(g, s, "discard Schiffswechsel")
    assert g.scores(s)[0] == -1


def test_no_discard_when_a_card_is_playable() -> None:
    g = game(4)
    s = scenario(g, hands={0: [*FIVE_UNPLAYABLE[:4], "Stettin 1"]}, cogs=[("Lübeck", [0])])
    assert not any(t.startswith("discard") for t in texts(g, s))
    with pytest.raises(IllegalActionError, match="only when you can play no card"):
        do(g, s, "discard Reval 4")


def test_no_discard_with_three_cards() -> None:
    g = game(4)
    s = scenario(g, hands={0: FIVE_UNPLAYABLE[:3]})
    assert texts(g, s) == ["voyage", "pass"]
    with pytest.raises(IllegalActionError, match="more than 3 cards"):
        do(g, s, "discard Reval 4")


def test_join_voyage_index_names_the_cog() -> None:
    g = game(4)
    s = scenario(g, cogs=[("Lübeck", [1]), ("Lübeck", [2])])
    do(g, s, f"voyage @{cog_index(s, 'Lübeck', [2])}")
    assert cog_list(g, s) == [("Lübeck", [1]), ("Lübeck", [0, 2])]


def test_pass_even_before_any_action_of_the_round() -> None:
    """'Passen darf ein Spieler, sobald er drei Karten oder weniger auf der Hand hat, selbst wenn
    er in der aktuellen Runde noch keine Aktion ausgeführt hat': the named first actor holding 3
    cards may pass at once, before anybody acted."""
    g = game(3)
    s = scenario(g, phase=CHOOSE_FIRST, actor=2, hands={1: ["Stettin 1", "Riga 3", "Piraten"]})
    do(g, s, "first 1")
    assert g.current_player(s) == 1
    assert "pass" in texts(g, s)
    do(g, s, "pass")
    assert g.view(s, None)["players"][1]["passed"]
    assert g.current_player(s) == 2


def test_pass_becomes_legal_once_the_hand_is_down_to_three() -> None:
    """RULINGS 'Passen': 'at any of their turns': with 4 cards no pass; after playing one, the
    player may pass at the next turn (or go on playing)."""
    g = game(3)
    s = scenario(
        g,
        hands={0: ["Stettin 1", "Stettin 2", "Visby 1", "Piraten"]},
        cogs=[("Lübeck", [0])],
        passed=[2],
    )
    assert "pass" not in texts(g, s)
    do(g, s, "play Visby 1 @0", "voyage")  # seat 0 plays, seat 1 starts a voyage
    assert g.current_player(s) == 0
    words = texts(g, s)
    assert "pass" in words and "play Piraten @0" in words


def test_playable_special_card_forbids_discarding() -> None:
    """'keine Karte regulär auslegen kann': a playable special card (here a Handelsfahrt) is a
    card that can be laid out, so the player may not discard."""
    g = game(4)
    s = scenario(g, hands={0: [*FIVE_UNPLAYABLE[:4], "Handelsfahrt Visby"]})
    assert texts(g, s) == ["voyage", "play Handelsfahrt Visby"]
    with pytest.raises(IllegalActionError, match="only when you can play no card"):
        do(g, s, "discard Reval 4")


def test_stuck_player_without_voyage_must_discard() -> None:
    """'darf nicht passen und muss gegebenenfalls eine Karte abwerfen': with more than 3 unplayable
    cards and no way to start a voyage, discarding is all that is left."""
    g = game(3)  # 4 cogs
    s = scenario(
        g,
        hands={0: FIVE_UNPLAYABLE},
        cogs=[("Stettin", [0]), ("Danzig", [0]), ("Visby", [1]), ("Hamburg", [2])],
    )
    assert all(t.startswith("discard") for t in texts(g, s))
    assert len(texts(g, s)) == 5


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    """An illegal action is refused with IllegalActionError naming the rule; the state stays."""
    g = game(4)
    s = scenario(
        g,
        hands={0: ["Stettin 1", "Stettin 2", "Riga 3", "Piraten"]},
        cogs=[("Lübeck", [0]), ("Danzig", [1])],
        layout=[["Bergen 2"]],
    )
    cases = {
        "pass": "Rule 'Passen'",
        "discard Riga 3": "Rule 'Karte abwerfen'",
        "discard London 4": "Rule 'Karte abwerfen'",
        "play Riga 3 @0": "Rule 'Kartenaktionen'",
        "play Riga 3 @1": "Rule 'Kartenaktionen'",
        "play London 4 @0": "Rule 'Kartenaktionen'",
        "play Piraten": "Rule 'Piraten'",
        "voyage @0": "Rule 'Handelsfahrt in Lübeck starten'",
        "draft 0": "Rule 'Aktionen'",
        "take back @0": "Rule 'Aktionen'",
        "first 1": "Rule 'Aktionen'",
        "draw Riga 3": "Rule 'Aktionen'",
    }
    for text, rule in cases.items():
        before = s.clone()
        with pytest.raises(IllegalActionError, match=rule):
            do(g, s, text)
        assert s == before, text
    s = scenario(g, hands={0: ["Schiffswechsel", "Handelsfahrt Riga"]}, cogs=[("Riga", [0])])
    for text, rule in {
        "play Schiffswechsel @0>0": "Rule 'Schiffswechsel'",
        "play Handelsfahrt Riga @0": "Rule 'Handelsfahrt'",
    }.items():
        before = s.clone()
        with pytest.raises(IllegalActionError, match=rule):
            do(g, s, text)
        assert s == before, text
