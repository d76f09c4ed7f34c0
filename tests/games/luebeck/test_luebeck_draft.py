"""Rulebook section "Kartenpäckchen wählen": the draft and the naming of the first actor."""

from __future__ import annotations

import pytest
from luebeck_helpers import do, game, scenario, texts

from hanse.core import IllegalActionError
from hanse.games.luebeck.state import DRAFT

PACKS = [["Riga 2", "Bergen 3"], ["Reval 5", "Piraten"], ["Stettin 1", "Visby 1"], ["London 4"]]


def test_draft_clockwise_from_the_start_player() -> None:
    """'Beginnend mit dem Startspieler wählt jeder (nacheinander im Uhrzeigersinn) ein
    Kartenpäckchen aus und nimmt die Karten auf die Hand.'"""
    g = game(3)
    s = scenario(g, phase=DRAFT, actor=2, start_player=2, layout=PACKS)
    order = []
    for _ in range(3):
        order.append(g.current_player(s))
        assert texts(g, s) == [f"draft {i}" for i in range(len(s.layout))]
        do(g, s, "draft 0")
    assert order == [2, 0, 1]
    v = g.view(s, 0)
    assert v["hand"] == ["Reval 5", "Piraten"]
    assert [p["hand_size"] for p in v["players"]] == [2, 2, 2]
    assert v["layout"] == [["London 4"]]


def test_last_drafter_names_any_first_actor() -> None:
    """'Der letzte Spieler, der aufnimmt (rechts vom Startspieler) bestimmt, welcher Spieler die
    erste Aktion macht, entweder er selbst oder ein beliebiger Mitspieler.'"""
    g = game(4)
    s = scenario(g, phase=DRAFT, actor=1, start_player=1, layout=[*PACKS, ["Danzig 2"], ["Riga 4"]])
    do(g, s, "draft 0", "draft 0", "draft 0", "draft 0")
    v = g.view(s, None)
    assert v["decision"] == "choose_first"
    assert v["decider"] == 0  # right of start player 1
    assert texts(g, s) == ["first 0", "first 1", "first 2", "first 3"]
    do(g, s, "first 2")
    v = g.view(s, None)
    assert v["decision"] == "action"
    assert v["decider"] == 2


def test_last_drafter_may_name_themself() -> None:
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=PACKS)
    do(g, s, "draft 0", "draft 0", "draft 0", "first 2")
    assert g.current_player(s) == 2


def test_drafted_packs_are_public() -> None:
    """Packs are taken openly: every player knows those cards in the drafter's hand until played."""
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=PACKS, hands={0: ["Danzig 3"]})
    do(g, s, "draft 2")
    v = g.view(s, 1)
    assert v["players"][0]["known_hand"] == ["Stettin 1", "Visby 1"]
    assert v["players"][0]["hand_size"] == 3


def test_no_such_pack() -> None:
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=PACKS)
    with pytest.raises(IllegalActionError, match="Kartenpäckchen wählen"):
        do(g, s, "draft 5")
    with pytest.raises(IllegalActionError, match="Kartenpäckchen wählen"):
        do(g, s, "pass")


def test_actions_go_clockwise_from_the_named_first_actor() -> None:
    """'Der ausgewählte Spieler beginnt mit den Aktionen ... dann ist der nächste Spieler dran':
    after the named seat the others follow clockwise, whoever drafted first."""
    g = game(4)
    s = scenario(g, phase=DRAFT, actor=1, start_player=1, layout=[*PACKS, ["Danzig 2"], ["Riga 4"]])
    do(g, s, "draft 0", "draft 0", "draft 0", "draft 0", "first 3")
    order = []
    for _ in range(4):
        order.append(g.current_player(s))
        do(g, s, "voyage")
    assert order == [3, 0, 1, 2]
    assert g.current_player(s) == 3


def test_a_drafter_finding_no_pack_is_skipped() -> None:
    """Package ruling: a layout left short (no card anywhere) has fewer packs than players; a
    drafter finding none is skipped, and the last drafter's seat still names the first actor."""
    g = game(4)
    s = scenario(g, phase=DRAFT, actor=0, start_player=0, layout=[["Riga 2"], ["Bergen 3"]])
    do(g, s, "draft 0", "draft 0")
    v = g.view(s, None)
    assert v["decision"] == "choose_first"
    assert v["decider"] == 3
    assert [p["hand_size"] for p in v["players"]] == [1, 1, 0, 0]
