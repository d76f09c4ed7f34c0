"""The public interface of actions: card labels, text notation, JSON kinds, bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from luebeck_helpers import game, scenario

from hanse.core import IllegalActionError
from hanse.games.luebeck import data
from hanse.games.luebeck.actions import (
    ACTION_CLASSES,
    Discard,
    Draft,
    Draw,
    Play,
    StartVoyage,
)
from hanse.games.luebeck.state import DEAL


def test_card_labels() -> None:
    """Labels like 'Riga 3', 'Handelsfahrt Riga', 'Verdoppelung Riga', 'Piraten'."""
    labels = set(data.LABELS)
    assert {
        "Riga 3",
        "Handelsfahrt Riga",
        "Verdoppelung Riga",
        "Piraten",
        "Schiffswechsel",
    } <= labels
    assert {f"Handelsfahrt {c}" for c in data.HANDELSFAHRT_CITIES} <= labels
    assert {f"Verdoppelung {c}" for c in data.HANDELSFAHRT_CITIES} <= labels
    assert sum(data.KIND_COPIES) == 60


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("draw Brügge 5", {"kind": "draw", "card": "Brügge 5"}),
        ("draft 3", {"kind": "draft", "pack": 3}),
        ("first 2", {"kind": "choose_first", "seat": 2}),
        ("voyage", {"kind": "start_voyage", "cog": None}),
        ("voyage @1", {"kind": "start_voyage", "cog": 1}),
        ("play Riga 3 @0", {"kind": "play", "card": "Riga 3", "cog": 0}),
        ("play Handelsfahrt Riga", {"kind": "play", "card": "Handelsfahrt Riga", "cog": None}),
        ("play Verdoppelung Visby @4", {"kind": "play", "card": "Verdoppelung Visby", "cog": 4}),
        ("play Piraten @5", {"kind": "play", "card": "Piraten", "cog": 5}),
        (
            "play Schiffswechsel @1>2",
            {"kind": "play", "card": "Schiffswechsel", "cog": 1, "to": 2},
        ),
        ("discard Reval 6", {"kind": "discard", "card": "Reval 6"}),
        ("pass", {"kind": "pass"}),
        ("take back @3", {"kind": "take_back", "cog": 3}),
        ("keep", {"kind": "keep"}),
    ],
)
def test_text_and_json_forms(text: str, obj: dict[str, Any]) -> None:
    g = game(5)
    action = g.action_from_str(text)
    assert g.action_to_str(action) == text
    assert g.action_to_json(action) == obj
    assert g.action_from_json(json.loads(json.dumps(obj))) is action  # interned


def test_actions_are_small_frozen_values() -> None:
    assert {cls.kind for cls in ACTION_CLASSES} == {
        "draw", "draft", "choose_first", "start_voyage", "play", "discard", "pass", "take_back",
        "keep",
    }  # fmt: skip
    g = game(4)
    assert g.action_from_str("play Riga 3 @0") == Play(data.LABEL_TO_KIND["Riga 3"], 0, -1)
    assert g.action_from_str("voyage") == StartVoyage(-1)
    assert g.action_from_str("draft 1") == Draft(1)
    assert g.action_from_str("discard Piraten") == Discard(data.LABEL_TO_KIND["Piraten"])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "draw Paris 3",
        "draft x",
        "draft 9",
        "first -1",
        "voyage 2",
        "voyage @9",
        "play",
        "play Riga 9 @0",
        "play Riga 3 @x",
        "play Schiffswechsel @1>",
        "discard",
        "take back 2",
        "take back @",
        "draft ²",
        "first ١",
        "voyage @²",
        "draft 01",
        "play Riga 3 @0>1",
        "play Handelsfahrt Riga @0>1",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(IllegalActionError):
        game(4).action_from_str(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {"card": "Riga 3"},
        {"kind": "sail"},
        {"kind": "draft"},
        {"kind": "draft", "pack": "1"},
        {"kind": "draft", "pack": True},
        {"kind": "draft", "pack": 1, "extra": 0},
        {"kind": "play", "cog": 0},
        {"kind": "play", "card": "Riga 3"},
        {"kind": "play", "card": 3, "cog": 0},
        {"kind": "play", "card": "Riga 3", "cog": 0, "to": 1},
        {"kind": "play", "card": "Schiffswechsel", "cog": 0},
        {"kind": "start_voyage", "cog": 7},
        {"kind": "take_back", "cog": None},
        {"kind": "discard", "card": "Lübeck 1"},
    ],
)
def test_malformed_json_is_refused(obj: Any) -> None:
    with pytest.raises(IllegalActionError):
        game(4).action_from_json(obj)


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    """At chance nodes too: a decision is refused, and so is a card the deck does not hold."""
    g = game(4)
    s = g.new_initial_state()
    before = s.clone()
    with pytest.raises(IllegalActionError, match="Rule 'Vorbereitung': chance draws"):
        g.apply_action(s, g.action_from_str("pass"))
    assert s == before
    s.deck[data.LABEL_TO_KIND["Riga 4"]] = 0
    s.deck_size -= 1
    before = s.clone()
    with pytest.raises(IllegalActionError, match="Rule 'Vorbereitung': the deck holds no 'Riga 4'"):
        g.apply_action(s, g.action_from_str("draw Riga 4"))
    assert s == before
    while s.phase == DEAL:
        g.apply_action(s, g.chance_outcomes(s)[0][0])
    with pytest.raises(IllegalActionError, match="Rule 'Kartenauslage bilden'"):
        g.apply_action(s, g.action_from_str("draft 0"))


@pytest.mark.parametrize(
    "action",
    [
        Play(999, 0, -1),
        Play(-1, 0, -1),
        Play(data.LABEL_TO_KIND["Riga 3"], 0, 1),
        Discard(-5),
        StartVoyage(17),
        Draw(99),
        Draft(-1),
        "pass",
    ],
)
def test_hand_built_malformed_actions_are_refused(action: Any) -> None:
    """Actions built by hand with fields out of range (which no parser returns) are refused with
    IllegalActionError at every kind of node, never with an IndexError, and change nothing."""
    g = game(4)
    for s in (
        g.new_initial_state(),
        scenario(g, hands={0: ["Riga 3", "Piraten"]}, cogs=[("Danzig", [0])]),
    ):
        before = s.clone()
        with pytest.raises(IllegalActionError, match="not a Lübeck action"):
            g.apply_action(s, action)
        assert s == before
    with pytest.raises(IllegalActionError, match="not a Lübeck action"):
        g.action_to_str(action)
    with pytest.raises(IllegalActionError, match="not a Lübeck action"):
        g.action_to_json(action)
