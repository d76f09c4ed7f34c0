"""The parts of a table's panel that keep the decision in view (DESIGN.md, "the page a player
sees"): the prompt bar's sentence and the follow-up choices of a board target that stands for
several moves (the places each log line names are in panel_log)."""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any

_CHOOSE = re.compile(r'data-choose="([^"]*)"')


@lru_cache(maxsize=8)
def svg_module(game_id: str) -> ModuleType | None:
    """The game's board module (``hanse.games.<game>.svg``), or None for a game without one."""
    try:
        return importlib.import_module(f"hanse.games.{game_id}.svg")
    except ModuleNotFoundError:
        return None


def prompt_sentence(
    payload: dict[str, Any],
    game: Any,
    words: Callable[[str], str],
    translate: Callable[[str], str],
    seat_name: Callable[[int], str],
) -> str:
    """What the prompt bar says: the decision addressed to the one who decides ("Choose an
    action: 2 left this turn"), what that player does to everybody else ("Anna (A) chooses an
    action"), that the table waits for players, or who won."""
    _ = translate
    status, decider, view = payload["status"], payload["decider"], payload["view"]
    if status == "waiting":
        return _("The game starts when every seat is taken.")
    if status == "finished" and (payload.get("clocks") or {}).get("abandoned"):
        return _("The game ended without a result: a player's time ran out and the others agreed.")
    if status == "finished" and payload.get("notice"):
        return _("The game ended when Hanse was upgraded.")
    if status == "finished":
        winners = [seat_name(seat) for seat in payload["winners"]]
        if len(winners) == 1:
            return _("The game is over: %(name)s wins.") % {"name": winners[0]}
        return _("The game is over: %(names)s share the win.") % {"names": ", ".join(winners)}
    if decider is None or not isinstance(view, dict):
        return ""
    if decider == payload["seat"] and payload["seats"][decider]["kind"] == "human":
        return str(game.decision_phrase(view).text(words))
    return str(game.waiting_phrase(view).text(words, player=seat_name(decider)))


def follow_ups(
    svg: str,
    legal: Sequence[dict[str, Any]],
    placed: frozenset[str],
    label: Callable[[dict[str, Any]], str],
    kind_name: Callable[[str], str],
) -> list[dict[str, Any]]:
    """The follow-up choices of board targets that stand for several moves: a target marked
    ``data-choose="<prefix>"`` (Hansa: the piece to displace) offers, once clicked, the legal
    moves the board placed whose notation is that prefix or starts with it and a space (where the
    displaced pieces go, how the fee is paid), as buttons in the prompt bar."""
    groups = []
    for prefix in dict.fromkeys(html.unescape(p) for p in _CHOOSE.findall(svg)):
        actions = [
            {**action, "label": label(action)}
            for action in legal
            if action["text"] in placed
            and (action["text"] == prefix or action["text"].startswith(prefix + " "))
        ]
        if actions:
            kind = str(actions[0]["json"].get("kind", "action"))
            head, rests = _shared_head([action["label"] for action in actions])
            for action, rest in zip(actions, rests, strict=True):
                action["label"] = rest
            name = head or kind_name(kind)
            groups.append({"prefix": prefix, "name": name, "actions": actions})
    return groups


def _shared_head(labels: list[str]) -> tuple[str, list[str]]:
    """The words the labels of one target's follow-ups share up to a comma ("Displace the
    neutral trader on Groningen–Emden, post 1"), said once above them, and what differs ("with
    a trader; fee: traders 1, merchants 0"); ("", labels) where they share no such part."""
    if len(labels) < 2:
        return "", labels
    shared = labels[0]
    for label in labels[1:]:
        while not label.startswith(shared):
            shared = shared[:-1]
    cut = shared.rfind(", ")
    if cut <= 0:
        return "", labels
    return shared[:cut], [label[cut + 2 :] for label in labels]
