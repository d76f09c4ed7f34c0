"""Views (the public interface), hidden information, determinization and the text renderer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from luebeck_helpers import do, game, scenario

from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE
from hanse.games import make
from hanse.games.luebeck import data
from hanse.games.luebeck.state import DRAFT

PUBLIC_KEYS = {
    "seat", "decider", "decision", "round", "last_round", "deck_pass", "deck_size",
    "discard_size", "start_player", "free_cogs", "cogs", "layout", "players",
}  # fmt: skip
PLAYER_KEYS = {"score", "hand_size", "reserve", "passed", "doubled"}


def test_view_has_the_public_interface() -> None:
    g = game(4)
    s = scenario(
        g,
        hands={0: ["Riga 3"], 1: ["Piraten", "Reval 5"]},
        cogs=[("Danzig", [0, 1])],
        lying={1: ["Verdoppelung Riga"]},
        layout=[["Bergen 2", "Visby 1"]],
        passed=[2],
        scores=[1, -2, 0, 4],
    )
    v = g.view(s, 1)
    assert set(v) >= PUBLIC_KEYS
    assert v["seat"] == 1
    assert v["decider"] == 0
    assert v["decision"] == "action"
    assert v["round"] == 1
    assert v["last_round"] is False
    assert v["deck_pass"] == 1
    assert v["cogs"] == [{"city": "Danzig", "figures": [0, 1]}]
    assert v["layout"] == [["Visby 1", "Bergen 2"]]
    assert v["hand"] == ["Reval 5", "Piraten"]
    assert v["players"][1]["doubled"] == ["Riga"]
    assert v["players"][2]["passed"] is True
    assert [p["score"] for p in v["players"]] == [1, -2, 0, 4]
    assert [p["reserve"] for p in v["players"]] == [1, 1, 2, 2]
    assert all(set(p) >= PLAYER_KEYS for p in v["players"])
    assert "hand" not in g.view(s, None)


def test_others_secret_cards_are_hidden() -> None:
    """Re-dealing what seat 0 cannot know leaves its view unchanged; the pool is the others'
    dealt cards and the deck of the first pass."""
    g = game(3)
    s = scenario(g, hands={0: ["Riga 3"], 1: ["Reval 6", "Piraten"], 2: ["Stettin 1"]})
    v = g.view(s, 0)
    seen_other_hands = set()
    for seed in range(30):
        r = g.resample_hidden(s, 0, random.Random(seed))
        assert g.view(r, 0) == v
        assert r.hands[0] == s.hands[0]
        seen_other_hands.add(r.hands[1])
        assert g.inventory(r) == g.inventory(s)
    assert len(seen_other_hands) > 1


def test_known_cards_stay_known_after_resampling() -> None:
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=[["Reval 6", "Piraten"], ["Riga 2"], ["Visby 1"]],
                 hands={1: ["Danzig 2"]})  # fmt: skip
    do(g, s, "draft 0")
    for seed in range(10):
        r = g.resample_hidden(s, 1, random.Random(seed))
        assert set(r.hands[0]) >= set(s.known[0])
        assert len(r.hands[0]) == 2


def test_determinize_rebuilds_a_consistent_state() -> None:
    g = game(5)
    s = g.new_initial_state()
    rng = random.Random(5)
    steps = 0
    while g.current_player(s) != -4 and steps < 300:
        for seat in [None, 0, 3]:
            v = g.view(s, seat)
            d = g.determinize(v, random.Random(steps))
            assert g.view(d, seat) == v
            assert g.inventory(d) == g.inventory(s)
        if g.current_player(s) == -1:
            g.apply_action(s, g.chance_outcomes(s)[rng.randrange(len(g.chance_outcomes(s)))][0])
        else:
            legal = g.legal_actions(s)
            g.apply_action(s, legal[rng.randrange(len(legal))])
        steps += 1


def test_deck_is_public_in_the_second_pass() -> None:
    g = game(3)
    s = scenario(g)
    assert "deck" not in g.view(s, 0)
    s.shuffles = 1
    assert len(g.view(s, 0)["deck"]) == s.deck_size


def test_render_shows_map_layout_hand_and_scores() -> None:
    g = game(4)
    s = scenario(
        g,
        hands={2: ["Riga 3", "Piraten"]},
        cogs=[("Danzig", [0, 2])],
        layout=[["Bergen 2", "Visby 1"]],
        scores=[3, 0, 7, 1],
    )
    text = g.render(g.view(s, 2))
    assert "Danzig -> Riga   cogs @0[0,2]" in text
    assert "0: Visby 1, Bergen 2" in text
    assert "Your hand: Riga 3, Piraten" in text
    assert "score   7" in text
    assert "Your hand" not in g.render(g.view(s, None))


def test_ende_des_spiels_the_last_action_tells_the_hands_laid_open() -> None:
    """Ende des Spiels: hands left at the end score minus, so they are laid open; the log line of
    the action that ends the game says what every player held (issue 21: what the view newly
    shows, the log tells)."""
    g = make("luebeck", 3)
    s, player, action, _after = next(m for m in _random_moves(g, 5) if g.is_terminal(m[3]))
    for viewer in (None, 0, 1, 2):
        seen = g.observe_action(s, player, action, viewer)
        for p, hand in enumerate(s.hands):
            penalty = sum(data.KIND_COST[kind] for kind in hand)  # goods: value; special: 1
            assert f"player {'ABC'[p]} ends with " in seen and f"in hand: −{penalty} point" in seen


def test_the_log_names_a_cog_by_its_city_too() -> None:
    """Issue 19, item 6: cogs are numbered by their order on the map, so the numbers change as
    they sail; the log line says which city's cog a number meant when the move was made."""
    g = game(3)
    s = scenario(
        g, cogs=[("Riga", [0]), ("Danzig", [1, 2])], hands={0: ["Schiffswechsel", "Piraten"]}
    )
    riga = next(
        i for i, code in enumerate(s.cogs) if code >> data.COG_SHIFT == data.CITIES.index("Riga")
    )
    danzig = 1 - riga
    swap = g.action_from_str(f"play Schiffswechsel @{riga}>{danzig}")
    assert g.observe_action(s, 0, swap, 1).endswith("(cog in Riga > Danzig)")
    piraten = g.action_from_str(f"play Piraten @{danzig}")
    assert g.observe_action(s, 0, piraten, None) == f"play Piraten @{danzig} (cog in Danzig)"
    assert g.observe_action(s, 0, g.action_from_str("pass"), 1) == "pass"


def test_the_log_names_a_drafted_pack_by_its_cards() -> None:
    """Issue 19, item 6: pack numbers shift as packs are taken; the log names the cards."""
    g = game(3)
    s = scenario(g, phase=DRAFT, layout=[["Visby 1", "Stettin 2"], ["Piraten"]])
    assert g.observe_action(s, 0, g.action_from_str("draft 1"), 2) == "draft 1 (Piraten)"


def test_nach_der_runde_the_move_that_ends_a_round_tells_the_cogs_that_leave() -> None:
    """Nach der Runde: the cogs at the end stations are cleared, their figures back to the
    reserves; the log line of the move that ends the round says which (what the board newly
    shows, the log tells), and no other move's line does."""
    g = make("luebeck", 3)
    told = 0
    for s, player, action, after in _random_moves(g, 5):
        at_ends = [c for c in s.cogs if c >> data.COG_SHIFT in data.END_STATION_SET]
        seen = g.observe_action(s, player, action, None)
        round_over = after.round_no != s.round_no or after.phase != s.phase
        if at_ends and round_over and not g.is_terminal(after) and len(after.cogs) < len(s.cogs):
            for code in at_ends:
                assert f"the cog in {data.CITIES[code >> data.COG_SHIFT]} leaves" in seen
            told += 1
        else:
            assert "leaves the map" not in seen, seen
    assert told >= 2


def _random_moves(g: Any, seed: int) -> Iterator[tuple[Any, int, Any, Any]]:
    """(state, player, action, state after) for each move of a random game, to its end."""
    rng = random.Random(seed)
    s = g.new_initial_state()
    while not g.is_terminal(s):
        player = g.current_player(s)
        if player == CHANCE:
            action = sample_chance(g, s, rng)
        else:
            legal = g.legal_actions(s)
            action = legal[rng.randrange(len(legal))]
        after = s.clone()
        g.apply_action(after, action)
        yield s, player, action, after
        s = after
