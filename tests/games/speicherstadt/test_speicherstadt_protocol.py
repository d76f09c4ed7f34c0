"""The protocol: conformance, notation and JSON, views, inventory, Hypothesis walks, goldens."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from speicherstadt_helpers import new, offer, place_all, start_loading, stock

from hanse.core import IllegalActionError
from hanse.core.golden import assert_golden
from hanse.core.match import Match
from hanse.core.testing import check_conformance, walk_choices
from hanse.games import make

GOLDEN = Path(__file__).parent / "golden"
SEEDS = range(64)


@pytest.mark.slow
@pytest.mark.parametrize("kai", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conformance_sweep(n: int, kai: bool) -> None:
    """The conformance suite over 64 seeds; views and determinize checked at a sample of steps."""
    check_conformance(
        "speicherstadt", [n], SEEDS, flags={"kaispeicher": kai}, max_actions=5000, view_every=97
    )


@pytest.mark.parametrize("kai", [False, True])
def test_conformance_every_step(kai: bool) -> None:
    """Games with every check at every step."""
    check_conformance("speicherstadt", [2, 5], range(1), flags={"kaispeicher": kai})


@pytest.mark.parametrize("kai", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_golden_playthrough(n: int, kai: bool) -> None:
    suffix = "_kai" if kai else ""
    assert_golden(
        "speicherstadt", n, 7, GOLDEN / f"speicherstadt_{n}p{suffix}.txt", {"kaispeicher": kai}
    )


@given(st.lists(st.integers(min_value=0, max_value=1000), max_size=400), st.booleans())
def test_hypothesis_walk(choices: list[int], kai: bool) -> None:
    game = make("speicherstadt", 3, kaispeicher=kai)
    walk_choices(game, choices)


@pytest.mark.parametrize(("kai", "cubes"), [(False, 45), (True, 54)])
def test_cubes_and_cards_are_conserved(kai: bool, cubes: int) -> None:
    """All cubes (45, Kaispeicher 54) and cards (54, Kaispeicher 104) in some zone at every step."""
    game = make("speicherstadt", 4, kaispeicher=kai)
    rng = random.Random(3)
    s = game.new_initial_state()
    first = game.inventory(s)
    assert sum(v for k, v in first.items() if k.startswith("cube:")) == cubes
    assert sum(v for k, v in first.items() if k.startswith("card:")) == (104 if kai else 54)
    assert first["workers:0"] == (4 if kai else 3)
    while not game.is_terminal(s):
        if game.current_player(s) < 0:
            outcomes = game.chance_outcomes(s)
            game.apply_action(s, outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = game.legal_actions(s)
            game.apply_action(s, legal[rng.randrange(len(legal))])
        assert game.inventory(s) == first


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "place",
        "place x",
        "place 99",
        "load coffee",
        "load coffee ship",
        "load gold ship>sell",
        "load coffee boat>sell",
        "load coffee ship>nowhere",
        "load coffee ship>contract99",
        "exchange coffee>tea",
        "sell coffee",
        "spy 1 2",
        "smuggle 1 coffee>sell",
        "draw base.nothing",
        "truck 0 coffee",
        "buy now",
    ],
)
def test_malformed_notation_is_refused(text: str) -> None:
    game = make("speicherstadt", 3)
    with pytest.raises(IllegalActionError):
        game.action_from_str(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        {"kind": "warp"},
        {"kind": "place_worker"},
        {"kind": "place_worker", "card": "1"},
        {"kind": "place_worker", "card": True},
        {"kind": "place_worker", "card": 1, "extra": 2},
        {"kind": "load", "good": 99, "src": 0, "dst": 0},
        {"kind": "exchange", "give": [0], "take": 1},
    ],
)
def test_malformed_json_is_refused(obj: object) -> None:
    game = make("speicherstadt", 3)
    with pytest.raises(IllegalActionError):
        game.action_from_json(obj)


def test_json_kinds_of_the_public_interface() -> None:
    game = make("speicherstadt", 3, kaispeicher=True)
    assert game.action_to_json(game.action_from_str("place 2")) == {
        "kind": "place_worker",
        "card": 2,
    }
    kinds = {cls.kind for cls in game.action_classes}  # type: ignore[attr-defined]
    assert {"place_worker", "buy", "decline", "load", "exchange", "sell", "done"} <= kinds
    load = game.action_from_json({"kind": "load", "good": 0, "src": 0, "dst": 4})
    assert game.action_to_str(load) == "load coffee ship>contract0"


def test_json_lists_the_cubes_given_in_good_order() -> None:
    """The cubes given in an exchange or sale are a multiset: any JSON order means one action."""
    game = make("speicherstadt", 3)
    assert game.action_from_json({"kind": "exchange", "give": [1, 0, 0], "take": 4}) == (
        game.action_from_str("exchange coffee+coffee+tea>carpet")
    )
    assert game.action_from_json({"kind": "sell", "give": [3, 1]}) == game.action_from_str(
        "sell tea+rubber"
    )


def test_market_destination_notation_round_trips() -> None:
    game = make("speicherstadt", 3, kaispeicher=True)
    for text in ("auction glass>market", "smuggle 1/0 tea>market"):
        action = game.action_from_str(text)
        assert game.action_to_str(action) == text
        assert game.action_from_json(game.action_to_json(action)) == action


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    game, s = new(2)
    before = s.clone()
    with pytest.raises(IllegalActionError):
        game.apply_action(s, game.action_from_str("place 0"))  # a chance node
    assert s == before


@pytest.mark.parametrize(
    ("setup", "text", "rule"),
    [
        ("demand", "buy", "Rule 'Nachfrage'"),
        ("demand", "reserve 0", "Rule 'Kaispeicher, Nachfrage'"),
        ("demand", "place 7", "Rule 'Nachfrage'"),
        ("purchase", "buy", "Rule 'Kauf'"),
        ("purchase", "place 0", "Rule 'Kauf'"),
        ("purchase", "buyfree", "Rule 'Fischmarkt'"),
        ("loading", "load coffee ship>contract0", "Rule 'Verladung'"),
        ("loading", "exchange coffee+coffee+tea>carpet", "Rule 'Markthalle'"),
        ("loading", "truck 0 coffee>1", "Rule 'Verladung'"),
        ("loading", "decline", "Rule 'Verladung'"),
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(setup: str, text: str, rule: str) -> None:
    """Every refused action raises IllegalActionError naming the rule; the state is unchanged."""
    game, s = new(2)
    offer(game, s, "Kaffeeröster", "Teeverkoster", "Lager")
    if setup == "purchase":
        s.coins[0] = 1
        place_all(game, s, 0, 0, 0, 1, 1, 1)
    elif setup == "loading":
        stock(game, s, 0, cargo="coffee coffee tea")
        start_loading(game, s)
    before = s.clone()
    with pytest.raises(IllegalActionError, match=rule):
        game.apply_action(s, game.action_from_str(text))
    assert s == before


def test_view_has_the_public_interface() -> None:
    game = make("speicherstadt", 3, kaispeicher=True)
    rng = random.Random(1)
    s = game.new_initial_state()
    while game.current_player(s) < 0:
        outcomes = game.chance_outcomes(s)
        game.apply_action(s, outcomes[rng.randrange(len(outcomes))][0])
    view = game.view(s, 1)
    for key in (
        "seat", "round", "decider", "decision", "start_player", "deck_size", "next_deck", "offer",
        "reserved", "bag", "reserve", "players",
    ):  # fmt: skip
        assert key in view
    assert view["seat"] == 1 and view["decider"] == 0 and view["decision"] == "demand"
    for key in (
        "coins", "score", "workers", "cards", "contracts", "warehouse", "market_hall", "firemen",
        "bought_this_round",
    ):  # fmt: skip
        assert key in view["players"][0]
    entry = view["offer"][0]
    assert set(entry) >= {"card", "workers"}
    assert (
        sum(view["bag"].values())
        + sum(len(e.get("cubes", [])) for e in view["offer"] + view["upper"])
        == 54
    )
    assert "Offer:" in game.render(view)


def test_text_board_says_what_each_card_does() -> None:
    """Issue 19, item 5: the text board shows a contract's needs and points ("Aufträge") and each
    card's effect ("Die Karten"), for the offer and for the cards a player owns."""
    from hanse.games.speicherstadt.card_text import effect_of

    assert effect_of("base.contract.1") == "contract: needs coffee+carpet; 5 VP when complete"
    game = make("speicherstadt", 3, kaispeicher=True)
    match = Match(game, seed=2)
    rng = random.Random(2)
    for _ in range(120):
        match.apply(match.decider, rng.choice(match.legal_actions()))
    view = match.view(0)
    text = game.render(view)
    for entry in view["offer"]:
        if entry is not None:
            assert f"{entry['card']} ({effect_of(entry['id'])})" in text
    contracts = [e for e in view["offer"] + view["upper"] if e and e["card"] == "Auftrag"]
    assert contracts and all("needs" in effect_of(e["id"]) for e in contracts)
    assert "decision" not in text and "[]" not in text


def test_a_drawn_card_is_logged_by_name_not_by_id() -> None:
    """Issue 19, item 9: log text names cards as the board shows them; the record keeps ids."""
    game = make("speicherstadt", 2)
    match = Match(game, seed=3, keep_log=True)
    draws = [text for actor, text in match.log(0) if text.startswith("draw ")]
    assert draws and not any("base." in text or "kai." in text for text in draws)
    assert all(" (season " in text for text in draws)
    assert any(text.startswith("draw base.") for _, text in match.record.actions)
