"""Rulebook sections "Aktionen" and "Kartenaktionen", checked against a second, naive reading.

The oracles below re-derive, from the public views alone (the viewer's own hand, the cogs,
reserves, the cog field, scores) and straight from the rulebook sentences, with none of the
engine's tables or bit tricks: the legal actions of every action turn, and what each action does
to the table. They are compared with the engine in random games, for both flags of RULINGS.md.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from luebeck_helpers import game

from hanse.core import CHANCE, TERMINAL
from hanse.games.luebeck import data

ARROWS = {(a, b) for a, b in data.EDGE_ROWS}


def _first_of_equal_cogs(cogs: list[dict[str, Any]]) -> list[int]:
    """Identical cogs (same city, same figures) are one choice: the first index stands for them."""
    seen: set[tuple[str, tuple[int, ...]]] = set()
    firsts = []
    for i, cog in enumerate(cogs):
        key = (cog["city"], tuple(cog["figures"]))
        if key not in seen:
            seen.add(key)
            firsts.append(i)
    return firsts


def oracle(view: dict[str, Any], must_pass_at_three: bool) -> set[str]:
    p = view["decider"]
    hand: list[str] = view["hand"]
    cogs = view["cogs"]
    firsts = _first_of_equal_cogs(cogs)
    mine = [i for i in firsts if p in cogs[i]["figures"]]
    others = [i for i in firsts if p not in cogs[i]["figures"]]
    in_reserve = view["players"][p]["reserve"] > 0
    if len(hand) <= 3 and must_pass_at_three:
        return {"pass"}  # the Italian reading: with 3 cards or fewer, pass at once
    acts = set()
    # Handelsfahrt in Lübeck starten: a free cog, or join a cog in Lübeck (never twice aboard).
    if in_reserve:
        if view["free_cogs"]:
            acts.add("voyage")
        acts |= {f"voyage @{i}" for i in others if cogs[i]["city"] == "Lübeck"}
    plays = set()
    for label in set(hand):
        words = label.split(" ")
        if words[0] in ("Handelsfahrt", "Verdoppelung"):
            kind, city = words[0], words[1]
        elif label in ("Piraten", "Schiffswechsel"):
            kind, city = label, ""
        else:
            kind, city = "goods", words[0]
        if kind in ("goods", "Verdoppelung"):
            # in the city, or in the city before it along an arrow
            for i in mine:
                here = cogs[i]["city"]
                if here == city or (here, city) in ARROWS:
                    plays.add(f"play {label} @{i}")
        elif kind == "Handelsfahrt" and in_reserve:
            if view["free_cogs"]:
                plays.add(f"play {label}")
            plays |= {f"play {label} @{i}" for i in others if cogs[i]["city"] == city}
        elif kind == "Piraten":
            plays |= {f"play Piraten @{i}" for i in firsts}
        elif kind == "Schiffswechsel":
            plays |= {f"play Schiffswechsel @{i}>{j}" for i in mine for j in others}
    acts |= plays
    if len(hand) <= 3:
        acts.add("pass")
    elif not plays:
        acts |= {f"discard {label}" for label in set(hand)}
    return acts


Table = tuple[list[int], list[tuple[str, tuple[int, ...]]], int, list[str], list[list[str]]]


def table(view: dict[str, Any]) -> Table:
    """Scores, cogs (sorted), free cogs, the viewer's hand (sorted), the cards lying out."""
    return (
        [pv["score"] for pv in view["players"]],
        sorted((c["city"], tuple(c["figures"])) for c in view["cogs"]),
        view["free_cogs"],
        sorted(view["hand"]),
        [sorted(pv["lying"]) for pv in view["players"]],
    )


def effect(view: dict[str, Any], text: str, double_includes_move: bool) -> Table:
    """The table after the decider's action `text`, by the rulebook."""
    p = view["decider"]
    scores, _, free, hand, lying = table(view)
    cogs = [(c["city"], tuple(c["figures"])) for c in view["cogs"]]

    def board(i: int, city: str, figures: tuple[int, ...]) -> None:
        nonlocal free
        del cogs[i]
        if figures:
            cogs.append((city, tuple(sorted(figures))))
        else:
            free += 1  # an empty cog goes back to the cog field

    verb, _, rest = text.partition(" ")
    label, _, where = rest.partition(" @")
    if verb == "voyage":  # Handelsfahrt in Lübeck starten
        if rest:
            i = int(rest[1:])
            board(i, "Lübeck", (*cogs[i][1], p))
        else:
            cogs.append(("Lübeck", (p,)))
            free -= 1
    elif verb == "discard":  # Karte abwerfen: a goods card costs its value, a special card 1
        hand.remove(rest)
        last = rest.split(" ")[-1]
        scores[p] -= int(last) if last.isdigit() else 1
    elif verb == "play":
        hand.remove(label)
        words = label.split(" ")
        if words[0] == "Handelsfahrt":
            if where:
                i = int(where)
                board(i, words[1], (*cogs[i][1], p))
            else:
                cogs.append((words[1], (p,)))
                free -= 1
        elif label == "Piraten":
            board(int(where), "", ())
        elif label == "Schiffswechsel":
            i, j = (int(x) for x in where.split(">"))
            source, target = cogs[i], cogs[j]
            for k in sorted((i, j), reverse=True):
                del cogs[k]
            cogs.append((target[0], tuple(sorted((*target[1], p)))))
            cogs.append((source[0], tuple(f for f in source[1] if f != p)))
            if not cogs[-1][1]:
                cogs.pop()
                free += 1
        else:  # a goods card or a Verdoppelung for `city`: stay there or sail into it
            city = words[1] if words[0] == "Verdoppelung" else words[0]
            i = int(where)
            stayed = cogs[i][0] == city
            board(i, city, cogs[i][1])
            if words[0] == "Verdoppelung":
                lying[p] = sorted((*lying[p], label))
            else:
                doubled = city in view["players"][p]["doubled"]
                factor = 2 if doubled and (stayed or double_includes_move) else 1
                scores[p] += factor * int(words[1])
    return scores, sorted(cogs), free, hand, lying


@pytest.mark.parametrize(
    "flags", [{}, {"must_pass_at_three": True}, {"double_includes_move": False}]
)
@pytest.mark.parametrize("n", [3, 4, 5])
def test_legal_actions_and_effects_match_a_naive_reading_of_the_rules(
    n: int, flags: dict[str, bool]
) -> None:
    g = game(n, **flags)
    must_pass = flags.get("must_pass_at_three", False)
    double_move = flags.get("double_includes_move", True)
    turns = effects = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while (player := g.current_player(s)) != TERMINAL:
            if player == CHANCE:
                outcomes = g.chance_outcomes(s)
                action = rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                legal = g.legal_actions(s)
                view = g.view(s, player)
                if view["decision"] == "action":
                    words = [g.action_to_str(a) for a in legal]
                    assert len(words) == len(set(words))
                    assert set(words) == oracle(view, must_pass), view
                    turns += 1
                action = rng.choice(legal)
                text = g.action_to_str(action)
                g.apply_action(s, action)
                after = g.view(s, player)
                if view["decision"] == "action" and after["decision"] == "action":
                    assert table(after) == effect(view, text, double_move), text
                    effects += 1
                continue
            g.apply_action(s, action)
    assert turns > 100 and effects > 100
