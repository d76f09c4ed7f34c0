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
    stralsund_conflict,
    texts,
)

from hanse.games.kogge.actions import Decision


def choose(g: object, s: object, *markers: int) -> None:
    """One side's secret choice, asked value by value from 8 down to 0 (RULINGS.md, "C, secret
    choice")."""
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {markers.count(v)}")  # type: ignore[arg-type]


def test_rulebook_conflict_example() -> None:
    """Blau does not want a conflict, Gelb does. Blau secretly chooses 8 and 4, Gelb 5 and 5:
    Gelb wins and wishes two amber and one fur; Blau has two amber but no fur, so Gelb gets the
    two amber. Both keep the markers they got from the other."""
    g, s = stralsund_conflict()
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
    choose(g, s, 5, 5)
    # Nothing of Gelb's choice shows, not even its size: his hand still counts three markers.
    for viewer in (1, 2):
        gelb = g.view(s, viewer)["players"][0]
        assert gelb["conflict_markers"] is None and gelb["markers"] == 3
    assert g.view(s, 0)["players"][0]["conflict_markers"] == [5, 5]
    assert g.observe_action(s, 1, g.action_from_str("cbid 8 1"), 0) == "cbid ?"
    choose(g, s, 8, 4)
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
    g, s = stralsund_conflict()
    play(g, s, "end", "attack 0")
    choose(g, s, 4)
    choose(g, s, 1)
    assert s.phase == Decision.DEMAND and g.current_player(s) == 1  # 4 beats 1
    play(g, s, "demand ooo", "skip")
    assert s.cargo[4:8] == goods("oooooo" + "ffas")
    # Gelb already fought Blau this turn: no second conflict between them.
    assert s.phase == Decision.MOVE and g.current_player(s) == 2
    g, s = stralsund_conflict()
    set_hand(s, 0, 4)
    set_hand(s, 1, 4)
    balance(g, s)
    play(g, s, "end", "attack 0")
    choose(g, s, 4)
    choose(g, s, 4)
    assert s.phase == Decision.MOVE  # a draw: nobody wins
    check_inventory(g, s)


def test_a_player_with_no_markers_chooses_none_and_loses() -> None:
    g, s = stralsund_conflict()
    set_hand(s, 0)
    balance(g, s)
    play(g, s, "end", "attack 0")
    choose(g, s, 0)
    assert texts(g, s) == ["cbid 8 0"]
    choose(g, s)
    assert g.current_player(s) == 1 and s.phase == Decision.DEMAND


def test_no_conflict_without_another_cog() -> None:
    g, s = stralsund_conflict()
    s.pos[0] = 2
    balance(g, s)
    play(g, s, "end")
    assert s.phase == Decision.MOVE and g.current_player(s) == 2


def test_goods_and_markers_are_secret_in_conflict_games() -> None:
    """'Soll mit dieser Regel gespielt werden, müssen alle Spieler ihre Waren und Wegemarker
    verdeckt halten.'"""
    g, s = stralsund_conflict()
    v = g.view(s, 0)
    assert v["players"][0]["cargo"] == {"ore": 4, "fur": 0, "amber": 0, "salt": 0}
    assert v["players"][1]["cargo"] == 7 and v["players"][1]["markers"] == 3
    assert g.view(s, None)["players"][0]["markers"] == 3


def test_push_only_along_routes_the_loser_may_take() -> None:
    """'Der Sieger darf zusätzlich die Kogge des Verlierers ein Feld weiterbewegen (entlang der
    durch die Wegemarker erlaubten Handelsrouten)': a face-up route into a city with the loser's
    own robbery marker is not allowed ('NIE WIEDER betreten')."""
    g, s = stralsund_conflict()
    s.robbed[8] = 0b010  # Blau's robbery marker lies in Kopenhagen (8)
    s.raid_hand[1] = 0
    set_cargo(s, 1, "oooaa")
    balance(g, s)
    play(g, s, "end", "skip", "attack 1")
    choose(g, s, 5, 5)
    choose(g, s, 8, 4)
    play(g, s, "demand faa")
    assert s.phase == Decision.PUSH and texts(g, s) == ["push 0", "skip"]
    play(g, s, "push 0")
    assert s.pos[1] == 2
    check_inventory(g, s)


def test_ruling_c_secret_choice_at_least_one_marker_if_any() -> None:
    """RULINGS.md, "C, secret choice": each side is asked once per value, 8 down to 0, held or
    not, so the number of its decisions tells nothing; a side holding markers must choose at
    least one: with only a 5 and nothing chosen yet, 0 fives is refused."""
    g, s = stralsund_conflict()
    set_hand(s, 1, 5)
    balance(g, s)
    play(g, s, "end", "attack 0")
    assert [texts(g, s) for _ in range(1)] == [["cbid 8 0"]]
    for v in (8, 7, 6):
        play(g, s, f"cbid {v} 0")
    assert texts(g, s) == ["cbid 5 1"]


def test_ruling_c_secret_choice_the_log_tells_only_counts_and_winner() -> None:
    """RULINGS.md, "C, secret choice": the others learn who won, how many markers went each way
    and how many goods the winner took, never which; the two sides learn what they received."""
    g, s = stralsund_conflict()
    set_cargo(s, 1, "oooaa")
    balance(g, s)
    play(g, s, "end", "skip", "attack 1")
    choose(g, s, 5, 5)
    for v in range(8, 0, -1):
        play(g, s, f"cbid {v} {(8, 4).count(v)}")
    last = g.action_from_str("cbid 0 0")
    assert (
        g.observe_action(s, 1, last, 2)
        == "cbid ? (player A put in 2 markers; player B put in 2 markers; player A wins the "
        "conflict and may ask player B for three goods)"
    )
    received = "you get markers 8, 4 from player B;"
    assert g.observe_action(s, 1, last, 0).startswith(f"cbid ? ({received}")
    received = "you get markers 5, 5 from player A;"
    assert g.observe_action(s, 1, last, 1).startswith(f"cbid 0 0 ({received}")
    play(g, s, "cbid 0 0")
    demand = g.action_from_str("demand faa")
    assert g.observe_action(s, 0, demand, 2) == "demand ? (player A gets 2 goods from player B)"
    assert g.observe_action(s, 0, demand, 1) == (
        "demand faa (player A gets 0 ore, 0 fur, 2 amber, 0 salt from player B)"
    )


def test_ruling_c_where_turn_order_and_no_conflict_after_the_active_cog_is_pushed() -> None:
    """RULINGS.md, "C, where": after the active player's own conflict the others there attack in
    turn order; once the active cog is pushed away no further conflict follows that turn."""
    g = game(3, conflicts=True)
    s = scenario(
        g, routes={6: (2, 8)}, phase=Decision.ACTION, owner=1, pos=[6, 6, 6], order=[1, 2, 0]
    )
    set_hand(s, 0, 8)
    set_hand(s, 1, 1)
    set_hand(s, 2, 7)
    balance(g, s)
    play(g, s, "end", "skip")
    assert g.current_player(s) == 2  # turn order 1, 2, 0: seat 2 before seat 0
    play(g, s, "attack 1")
    choose(g, s, 7)
    choose(g, s, 1)
    play(g, s, "demand ooo", "push 0")
    assert s.pos[1] == 2
    # Seat 0 would have attacked next, but the active cog has been pushed away: the next turn
    # in the order 1, 2, 0 is seat 2's.
    assert s.phase == Decision.MOVE and g.current_player(s) == 2 and s.idx == 1
    check_inventory(g, s)


def test_ruling_c_where_no_conflict_after_a_robbery() -> None:
    """RULINGS.md, "C, where": a robbery ends the turn at once; no conflict follows it."""
    g, s = stralsund_conflict()
    play(g, s, "rob city", "step 0")
    assert s.phase == Decision.MOVE and g.current_player(s) == 2
