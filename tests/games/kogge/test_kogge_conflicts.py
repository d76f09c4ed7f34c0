"""Expert rule C (Konflikte), with the rulebook's conflict example."""

from __future__ import annotations

from kogge_helpers import (
    balance,
    check_inventory,
    game,
    goods,
    play,
    scenario,
    set_cargo,
    set_hand,
    texts,
)

from hanse.games.kogge.actions import Decision


def _stralsund() -> tuple:
    """Gelb (seat 0) waits in Stralsund with four goods; Blau (seat 1, on turn) comes with
    seven goods."""
    g = game(3, conflicts=True)
    s = scenario(g, routes={6: (2, 8)}, phase=Decision.ACTION, owner=1, pos=[6, 6, 0])
    set_cargo(s, 0, "oooo")
    set_cargo(s, 1, "oooffas")
    set_hand(s, 0, 5, 5, 1)
    set_hand(s, 1, 8, 4, 0)
    balance(g, s)
    return g, s


def test_rulebook_conflict_example() -> None:
    """Blau does not want a conflict, Gelb does. Blau secretly chooses 8 and 4, Gelb 5 and 5:
    Gelb wins and wishes two amber and one fur; Blau has two amber but no fur, so Gelb gets the
    two amber. Both keep the markers they got from the other."""
    g, s = _stralsund()
    set_cargo(s, 1, "oooaa")  # after his exchange Blau carries two amber and no fur
    balance(g, s)
    play(g, s, "end")
    assert s.phase == Decision.ATTACK and g.current_player(s) == 1
    assert texts(g, s) == ["skip", "attack 0"]
    play(g, s, "skip")
    assert g.current_player(s) == 2 or g.current_player(s) == 0
    assert g.current_player(s) == 0  # seat 2 is elsewhere
    assert texts(g, s) == ["skip", "attack 1"]
    play(g, s, "attack 1")
    assert s.phase == Decision.CONFLICT_BID and g.current_player(s) == 0
    play(g, s, "cbid 5 5")
    assert g.view(s, 1)["players"][0]["conflict_markers"] == 2  # only the number is seen
    assert g.view(s, 2)["players"][0]["conflict_markers"] == 2
    assert g.observe_action(s, 1, g.action_from_str("cbid 8 4"), 0) == "cbid ?"
    play(g, s, "cbid 8 4")
    # The markers are exchanged: Gelb has 1, 8, 4; Blau 0, 5, 5.
    assert s.hand[0:9] == [0, 1, 0, 0, 1, 0, 0, 0, 1]
    assert s.hand[9:18] == [1, 0, 0, 0, 0, 2, 0, 0, 0]
    assert s.phase == Decision.DEMAND and g.current_player(s) == 0
    assert len(texts(g, s)) == 20
    play(g, s, "demand faa")
    assert s.cargo[0:4] == goods("ooooaa") and s.cargo[4:8] == goods("ooo")
    # The winner may move the loser's cog one step along Stralsund's routes.
    assert s.phase == Decision.PUSH and texts(g, s) == ["push 0", "push 1", "skip"]
    play(g, s, "push 1")
    assert s.pos[1] == 8
    # Blau's turn is over; the next player in turn order moves.
    assert s.phase == Decision.MOVE and g.current_player(s) == 2
    check_inventory(g, s)


def test_active_player_may_start_a_conflict_and_equal_choices_have_no_winner() -> None:
    g, s = _stralsund()
    play(g, s, "end", "attack 0", "cbid 4", "cbid 1")
    assert s.phase == Decision.DEMAND and g.current_player(s) == 1  # 4 beats 1
    play(g, s, "demand ooo", "skip")
    assert s.cargo[4:8] == goods("oooooo" + "ffas")
    # Gelb already fought Blau this turn: no second conflict between them.
    assert s.phase == Decision.MOVE and g.current_player(s) == 2
    g, s = _stralsund()
    set_hand(s, 0, 4)
    set_hand(s, 1, 4)
    balance(g, s)
    play(g, s, "end", "attack 0", "cbid 4", "cbid 4")
    assert s.phase == Decision.MOVE  # a draw: nobody wins
    check_inventory(g, s)


def test_a_player_with_no_markers_chooses_none_and_loses() -> None:
    g, s = _stralsund()
    set_hand(s, 0)
    balance(g, s)
    play(g, s, "end", "attack 0", "cbid 0")
    assert texts(g, s) == ["cbid"]
    play(g, s, "cbid")
    assert g.current_player(s) == 1 and s.phase == Decision.DEMAND


def test_no_conflict_without_another_cog() -> None:
    g, s = _stralsund()
    s.pos[0] = 2
    balance(g, s)
    play(g, s, "end")
    assert s.phase == Decision.MOVE and g.current_player(s) == 2


def test_goods_and_markers_are_secret_in_conflict_games() -> None:
    """'Soll mit dieser Regel gespielt werden, müssen alle Spieler ihre Waren und Wegemarker
    verdeckt halten.'"""
    g, s = _stralsund()
    v = g.view(s, 0)
    assert v["players"][0]["cargo"] == {"ore": 4, "fur": 0, "amber": 0, "salt": 0}
    assert v["players"][1]["cargo"] == 7 and v["players"][1]["markers"] == 3
    assert g.view(s, None)["players"][0]["markers"] == 3


def test_push_only_along_routes_the_loser_may_take() -> None:
    """'Der Sieger darf zusätzlich die Kogge des Verlierers ein Feld weiterbewegen (entlang der
    durch die Wegemarker erlaubten Handelsrouten)': a face-up route into a city with the loser's
    own robbery marker is not allowed ('NIE WIEDER betreten')."""
    g, s = _stralsund()
    s.robbed[8] = 0b010  # Blau's robbery marker lies in Kopenhagen (8)
    s.raid_hand[1] = 0
    set_cargo(s, 1, "oooaa")
    balance(g, s)
    play(g, s, "end", "skip", "attack 1", "cbid 5 5", "cbid 8 4", "demand faa")
    assert s.phase == Decision.PUSH and texts(g, s) == ["push 0", "skip"]
    play(g, s, "push 0")
    assert s.pos[1] == 2
    check_inventory(g, s)
