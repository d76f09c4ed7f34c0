"""Text and JSON notation of every action kind; malformed input is refused."""

from __future__ import annotations

import pytest
from kogge_helpers import game

from hanse.core import IllegalActionError
from hanse.games.kogge import actions as act

EXAMPLES = [
    "deal 4",
    "lot 1",
    "start 5",
    "bid 5",
    "bid done",
    "gm 2",
    "tax s",
    "move 0",
    "move 1 pay o",
    "move gm pay 5",
    "fee o",
    "fee 8",
    "collect",
    "stop",
    "build",
    "gmtrade raid 4",
    "gmtrade chip o trade3",
    "gmtrade good a",
    "take 6",
    "take none",
    "gmtrade marker 8",
    "buy 2 o",
    "exchange give o",
    "exchange take f",
    "exchange done",
    "route 0 5",
    "rob city",
    "rob 2",
    "split o",
    "split s",
    "pile 1",
    "step 0",
    "offer 2",
    "offer 1 kontor",
    "item give o",
    "item take 7",
    "send",
    "cancel",
    "accept",
    "decline",
    "end",
    "look o",
    "look 3",
    "attack 1",
    "cbid 8 1",
    "cbid 0 0",
    "demand faa",
    "push 1",
    "skip",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_round_trips(text: str) -> None:
    g = game(4)
    action = g.action_from_str(text)
    assert g.action_to_str(action) == text
    assert g.action_from_str(g.action_to_str(action)) == action
    assert g.action_from_json(g.action_to_json(action)) == action


def test_every_kind_is_covered() -> None:
    g = game(4)
    kinds = {g.action_to_json(g.action_from_str(t))["kind"] for t in EXAMPLES}
    assert kinds == {str(vars(cls)["kind"]) for cls in act.ACTION_CLASSES}


def test_issue_json_shapes() -> None:
    g = game(3)
    assert g.action_to_json(g.action_from_str("bid 5")) == {"kind": "bid", "marker": 5}
    assert g.action_to_json(g.action_from_str("bid done")) == {"kind": "bid_done"}
    assert g.action_to_json(g.action_from_str("move 1 pay 5")) == {
        "kind": "move",
        "slot": 1,
        "goods": [],
        "markers": [5],
    }
    assert g.action_to_json(g.action_from_str("fee a")) == {
        "kind": "pay_fee",
        "good": 2,
        "marker": -1,
    }
    assert g.action_from_json({"kind": "bid", "marker": 5}) == act.Bid(5)


def test_a_whole_bid_in_one_line_is_refused_with_the_chain_explained() -> None:
    """RULINGS.md, "Bids are laid as a chain": 'bid 5 5 2' names how to lay it instead."""
    with pytest.raises(IllegalActionError, match="one marker at a time"):
        game(3).action_from_str("bid 5 5 2")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "bid",
        "bid x",
        "move 3",
        "move 0 pay q",
        "start 9",
        "gm 3",
        "demand oo",
        "rob 7",
        "gmtrade chip o nothing",
        "exchange give",
        "offer 1 cog",
        "split oxf",
        "split oo",
        "cbid 5",
        "take 9",
        "gmtrade good a 6",
        "item give 12",
        "fee",
        "fee x",
        "fee 9",
        "move 0 pay o 5",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(IllegalActionError):
        game(3).action_from_str(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        {},
        {"kind": "fly"},
        {"kind": "bid"},
        {"kind": "bid", "marker": 9},
        {"kind": "bid", "markers": [5]},
        {"kind": "move", "slot": 0, "goods": [], "markers": [], "extra": 1},
        # Wrong types: refused with IllegalActionError, never a TypeError or IndexError.
        {"kind": "bid", "marker": [5]},
        {"kind": "bid", "marker": "a"},
        {"kind": "move", "slot": 0, "goods": [7], "markers": []},
        {"kind": "move", "slot": 0, "goods": None, "markers": []},
        {"kind": "move", "slot": True, "goods": [], "markers": []},
        {"kind": "pay_tax", "good": "o"},
        {"kind": "guildmaster_trade", "option": 1, "good": 0, "marker": -1, "chip": 9},
        {"kind": "split", "good": [1, 2]},
        {"kind": "split", "good": "x"},
        {"kind": "split", "good": 4},
        {"kind": "conflict_bid", "value": 9, "count": 0},
        {"kind": "take_marker", "marker": -2},
        {"kind": "buy_markers", "lot": 0, "good": 4},
        # Out of range: refused, never read as another action.
        {"kind": "pay_tax", "good": -1},
        {"kind": "guildmaster_trade", "option": 9, "good": 0, "marker": 0, "chip": 0},
        {"kind": "trade_item", "side": 0, "good": 0, "marker": 3},
        {"kind": "look", "good": 0, "marker": 3},
        {"kind": "offer_trade", "seat": 1, "kontor": 5},
        {"kind": "exchange", "side": 2, "good": 0},
        {"kind": "answer_trade", "accept": 2},
        {"kind": "split", "good": -1},
    ],
)
def test_malformed_json_is_refused(obj: object) -> None:
    with pytest.raises(IllegalActionError):
        game(3).action_from_json(obj)


def test_json_move_paid_with_two_items_is_refused() -> None:
    """A step is paid with one item; the Geheimweg's second is its own action (``pay_fee``)."""
    move = {"kind": "move", "slot": 2, "goods": [], "markers": [7, 2]}
    with pytest.raises(IllegalActionError, match="fee"):
        game(3).action_from_json(move)


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    from kogge_helpers import run_until

    from hanse.games.kogge.actions import Decision

    g = game(3)
    s = run_until(g, g.new_initial_state(), lambda st: st.phase == Decision.MOVE, seed=4)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="Kontor bauen"):
        g.apply_action(s, g.build)
    assert s == before
    with pytest.raises(IllegalActionError, match="3A Bewegung"):
        g.apply_action(s, act.Move(2, (), ()))
    assert s == before
