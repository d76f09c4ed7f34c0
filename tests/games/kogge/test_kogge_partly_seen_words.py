"""Moves the other players see only in part, in the log in words (issue 19, item 9: no "start ?"
or "cbid ?" on screen): the mover reads his move's own words, every other seat and a spectator
the words of what they saw of it (``words.unseen_log_phrase``), which never hold the hidden part.

The words are never the move's own, though every legal move that would have read alike has the
same words: which moves are legal follows from the mover's secret holdings (RULINGS.md,
"Holdings are secret"), so each case below is also one where that test would tell a secret.
"""

from __future__ import annotations

from kogge_helpers import (
    balance,
    game,
    play,
    run_until,
    scenario,
    set_cargo,
    set_hand,
    stralsund_conflict,
    texts,
)

from hanse.core.words import log_line
from hanse.games.kogge import KoggeGame
from hanse.games.kogge.actions import ChooseStart, Decision
from hanse.games.kogge.state import KoggeState


def _lines(g: KoggeGame, s: KoggeState, text: str) -> list[str]:
    """Each seat's and then a spectator's log line of the mover's `text` at `s`, in English with
    the mover called "Anna"; the game's text where a viewer has no words."""
    actor = g.current_player(s)
    action = g.action_from_str(text)
    viewers: list[int | None] = [*range(g.num_players), None]
    seen = [g.observe_action(s, actor, action, viewer) for viewer in viewers]
    said = g.log_said(s, actor, action, seen, viewers)
    return [t if w is None else log_line(w, str, "Anna") for t, w in zip(seen, said, strict=True)]


def test_startaufstellung_the_start_city_is_chosen_in_secret() -> None:
    """'Alle Spieler wählen geheim und gleichzeitig aus ihren neun Wegemarkern einen aus': the
    chooser reads his city, the others only that he chose."""
    g = game(3)
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase == Decision.CHOOSE_START)
    assert g.current_player(s) == 0
    lines = _lines(g, s, "start 3")
    assert lines[0] == "Anna chooses Reval (3) as start city"
    assert lines[1:] == ["Anna chooses a start city in secret"] * 3
    g.apply_action(s, ChooseStart(5))
    g.apply_action(s, ChooseStart(2))
    # The last choice reveals them all: the note of the viewer's text says so beside the words.
    assert _lines(g, s, "start 3")[0] == (
        "Anna makes the last start choice: every start city is revealed (player A starts in "
        "Danzig (5); player B starts in Abo (2); player C starts in Reval (3))"
    )


def test_routen_veraendern_the_new_marker_lies_face_down() -> None:
    """'Der neue Wegemarker wird zunächst verdeckt hingelegt, niemand darf ihn ansehen!' (the
    rulebook's example: Gelb in Reval lays a 5 and takes the 7). He holds no other marker that
    may go there, so every legal route change that reads "route 0 ?" is his 5 on the first route:
    the others must still not read the 5, nor where the route now leads."""
    g = game(2)
    s = scenario(g, routes={3: (7, 4)}, phase=Decision.ACTION, pos=[3, 3])
    set_hand(s, 0, 5, 3)
    balance(g, s)
    assert [t for t in texts(g, s) if t.startswith("route 0")] == ["route 0 5"]
    lines = _lines(g, s, "route 0 5")
    assert lines[0] == (
        "Anna lays marker 5 on the first route of Reval (3) and takes marker 7: the route leads "
        "to Danzig (5)"
    )
    hidden = (
        "Anna lays a marker face down on a route square of Reval (3) and takes the marker lying "
        "there"
    )
    assert lines[1:] == [hidden, hidden]
    assert "5" not in hidden and "Danzig" not in hidden


def test_memory_the_start_swap_is_a_face_down_route_change() -> None:
    """Expert rule D: at the start a player 'darf ... einen Wegemarker gegen einen eigenen
    Wegemarker austauschen', face down like every marker on the board."""
    g = game(3, memory=True)
    s = g.new_initial_state()
    run_until(g, s, lambda st: st.phase == Decision.START_SWAP)
    actor = g.current_player(s)
    swap = next(t for t in texts(g, s) if t.startswith("route"))
    lines = _lines(g, s, swap)
    city = g.view(s, None)["players"][actor]["city"]
    name = f"{g.view(s, None)['cities'][city]['name']} ({city})"
    assert lines[actor].startswith(f"Anna lays marker {swap.split()[2]} on the ")
    others = [line for seat, line in enumerate(lines) if seat != actor]
    assert (
        others
        == [
            f"Anna lays a marker face down on a route square of {name} and takes the marker lying "
            "there"
        ]
        * 3
    )


def _robbed(**flags: bool) -> tuple[KoggeGame, KoggeState]:
    """Seat 0 robs seat 1, who carries three ore and nothing else, in Danzig (5)."""
    g = game(3, **flags)
    s = scenario(g, routes={5: (2, 7)}, phase=Decision.ACTION, pos=[5, 5, 5], owner=0)
    set_cargo(s, 1, "ooo")
    set_cargo(s, 2, "ss")
    balance(g, s)
    play(g, s, "rob 1")
    assert s.phase == Decision.SPLIT and g.current_player(s) == 1
    return g, s


def test_raub_with_secret_goods_the_first_pile_is_laid_unseen() -> None:
    """Holdings secret (RULINGS.md): the victim and the robber see the piles, the others their
    sizes only, so they read that a good went onto the first pile, not which, though ore is all
    the victim has."""
    g, s = _robbed()
    assert texts(g, s) == ["split o"]
    lines = _lines(g, s, "split o")
    assert lines[:2] == ["Anna puts 1 ore on the first pile"] * 2
    assert lines[2:] == ["Anna puts one good of the robbed cargo on the first pile"] * 2
    g, s = _robbed(open_holdings=True)
    assert _lines(g, s, "split o") == ["Anna puts 1 ore on the first pile"] * 4


def _conflict() -> tuple[KoggeGame, KoggeState]:
    """Expert rule C, the rulebook's conflict in Stralsund: Gelb (seat 0) attacks Blau (seat 1)
    and chooses first; seat 2 is elsewhere."""
    g, s = stralsund_conflict("oooaa")
    play(g, s, "end", "skip", "attack 1")
    assert s.phase == Decision.CONFLICT_BID and g.current_player(s) == 0
    return g, s


def test_konflikte_the_choice_of_markers_is_secret() -> None:
    """'Bei einem Konflikt wählen beide Seiten geheim Wegemarker aus': Gelb is asked for his 8s
    first and holds none, so "cbid 8 0" is all he may answer; still nobody else reads that he
    puts no 8 in. When the last choice is made, the note tells what everybody learns."""
    g, s = _conflict()
    assert texts(g, s) == ["cbid 8 0"]
    lines = _lines(g, s, "cbid 8 0")
    assert lines[0] == "Anna puts no marker 8 into the conflict"
    assert lines[1:] == ["Anna chooses markers for the conflict in secret"] * 3
    assert all("8" not in line for line in lines[1:])
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(5, 5).count(v)}")
    for v in range(8, 0, -1):
        play(g, s, f"cbid {v} {(8, 4).count(v)}")
    last = _lines(g, s, "cbid 0 0")
    assert last[1] == (
        "Anna puts no marker 0 into the conflict (you get markers 5, 5 from player A; player A "
        "put in 2 markers; player B put in 2 markers; player A wins the conflict and may ask "
        "player B for three goods)"
    )
    assert last[0] == (
        "Anna chooses markers for the conflict in secret (you get markers 8, 4 from player B; "
        "player A put in 2 markers; player B put in 2 markers; player A wins the conflict and "
        "may ask player B for three goods)"
    )
    assert (
        last[2:]
        == [
            "Anna chooses markers for the conflict in secret (player A put in 2 markers; player B "
            "put in 2 markers; player A wins the conflict and may ask player B for three goods)"
        ]
        * 2
    )


def test_konflikte_the_winners_demand_is_told_by_its_count() -> None:
    """The winner 'darf sich DREI Waren von seinem Gegner wünschen'; the two sides read which,
    the others how many he got (RULINGS.md, "C, secret choice"), never the goods."""
    g, s = _conflict()
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(5, 5).count(v)}")
    for v in range(8, -1, -1):
        play(g, s, f"cbid {v} {(8, 4).count(v)}")
    assert s.phase == Decision.DEMAND and g.current_player(s) == 0
    lines = _lines(g, s, "demand faa")
    assert (
        lines[:2]
        == [
            (
                "Anna demands 2 × amber and 1 × fur (player A gets 0 ore, 0 fur, 2 amber, 0 salt "
                "from player B)"
            )
        ]
        * 2
    )
    hidden = "Anna names three goods to take from player B (player A gets 2 goods from player B)"
    assert lines[2:] == [hidden, hidden]
    assert "amber" not in hidden and "fur" not in hidden
