"""The terminal's menu of legal actions: short enough to read, keys that mean what they show.

A short list (at most :data:`PAGE` actions) is shown whole, each action under a letter key
(``a``, ``b``, ...). A longer one is first grouped by kind (the first word of the notation, e.g.
``move``, ``bid``, ``place``; by the first two words when all share the first), the player picks a
group by its letter, then an action in it; a group longer than a page is shown a page at a time
(``>`` next, ``<`` previous, ``..`` back to the groups). Letters are used so that a number a player
types is never a menu position: numbers only ever mean what they mean inside a move (issue 19,
items 4 and 6). The move's notation itself is accepted at any time, in any case where that is not
ambiguous. Beside each move the menu says in words what it does, and beside each group what that
kind of move is (``hanse.core.words``), when the game has the words.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

PAGE = 20
KEYS = string.ascii_lowercase[:PAGE]


def _choices(count: int) -> str:
    return "choice" if count == 1 else "choices"


def _kind(notation: str, words: int) -> str:
    return " ".join(notation.split()[:words])


def group(notations: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The actions by kind, in the order they first appear: the first word, or the first two
    words when the first word alone would give one group."""
    for words in (1, 2):
        groups: dict[str, list[str]] = {}
        for notation in notations:
            groups.setdefault(_kind(notation, words), []).append(notation)
        if len(groups) > 1:
            return list(groups.items())
    return [("", list(notations))]


@dataclass
class Menu:
    """One decision's menu; :meth:`lines` is the screen, :meth:`read` takes what was typed."""

    notations: list[str]
    labels: dict[str, str] = field(default_factory=dict)  # notation -> the move in words
    kind_help: dict[str, str] = field(default_factory=dict)  # first word -> the kind in words
    groups: list[tuple[str, list[str]]] = field(init=False)
    current: int | None = field(init=False, default=None)  # the group shown, None: all groups
    page: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        if len(self.notations) <= PAGE:
            self.groups = [("", list(self.notations))]
            self.current = 0
        else:
            self.groups = group(self.notations)
            if len(self.groups) == 1 or len(self.groups) > PAGE:
                self.groups = [("", list(self.notations))]
                self.current = 0

    def _shown(self) -> list[str]:
        """The actions on the screen now (one page of the current group)."""
        assert self.current is not None
        actions = self.groups[self.current][1]
        return actions[self.page * PAGE : (self.page + 1) * PAGE]

    def _pages(self) -> int:
        assert self.current is not None
        return (len(self.groups[self.current][1]) + PAGE - 1) // PAGE

    def lines(self) -> list[str]:
        if self.current is None:
            return [
                f"  {KEYS[i]}) {kind} ... ({len(actions)} {_choices(len(actions))})"
                + self._said(self.kind_help.get(kind.split()[0], ""))
                for i, (kind, actions) in enumerate(self.groups)
            ] + ["  (a letter shows a group's choices; ? explains the moves)"]
        shown = self._shown()
        width = max(len(notation) for notation in shown) if shown else 0
        out = [
            f"  {KEYS[i]}) "
            + (
                f"{notation.ljust(width)}  - {self.labels[notation]}"
                if self.labels.get(notation)
                else notation
            )
            for i, notation in enumerate(shown)
        ]
        hints = []
        if self._pages() > 1:
            hints.append(f"page {self.page + 1} of {self._pages()}: > next, < previous")
        if len(self.groups) > 1:
            hints.append(".. back to the groups")
        if hints:
            out.append("  (" + "; ".join(hints) + ")")
        return out

    @staticmethod
    def _said(words: str) -> str:
        return f"  - {words}" if words else ""

    def read(self, text: str) -> tuple[str | None, str]:
        """What ``text`` asks for: ``(move, "")`` for a move (a menu key's, or the text itself when
        it is no key: the game then reads it and says what is wrong), ``(None, message)`` when the
        menu changed (the message is empty) or a key means nothing here (the message says why).
        The engine still decides whether the move is legal."""
        typed = text.strip()
        low = typed.lower()
        if typed in self.notations:
            return typed, ""
        alike = [n for n in self.notations if n.lower() == low]
        if len(alike) == 1:
            return alike[0], ""
        if self.current is None:
            if len(low) == 1 and low in KEYS[: len(self.groups)]:
                self.current, self.page = KEYS.index(low), 0
                return None, ""
            if len(low) == 1 or typed.isdigit():
                return None, f"choose a group a to {KEYS[len(self.groups) - 1]}, or type the move"
            return typed, ""  # a move in words: the game reads it and says what is wrong
        if low == ".." and len(self.groups) > 1:
            self.current = None
            return None, ""
        if low == ">" and self.page + 1 < self._pages():
            self.page += 1
            return None, ""
        if low == "<" and self.page > 0:
            self.page -= 1
            return None, ""
        shown = self._shown()
        if len(low) == 1 and low in KEYS[: len(shown)]:
            return shown[KEYS.index(low)], ""
        if typed.isdigit():
            return None, (
                f"{typed} is not a menu key: choose a letter a to {KEYS[len(shown) - 1]}, "
                "or type the whole move (numbers mean what they mean in a move)"
            )
        if len(low) == 1 and low in string.ascii_lowercase:
            return None, f"no choice {typed!r} here: a letter a to {KEYS[len(shown) - 1]}"
        return typed, ""  # a move in words: the game reads it and says what is wrong with it


def notation_help(game_id: str) -> str:
    """The section "How moves are written" of the game's rules page (docs/rules), as text."""
    from hanse.web import RULES

    try:
        text = (RULES / f"{game_id}.md").read_text(encoding="utf-8")
    except OSError:
        return ""
    start = text.find("\n## 8.")
    if start < 0:
        return ""
    body = text[start:].split("\n", 2)[2] if text[start:].count("\n") >= 2 else ""
    return body.replace("```text\n", "").replace("```\n", "").replace("```", "").strip()


def decision_help(
    game_id: str,
    decision: str,
    notations: Sequence[str],
    kind_help: Mapping[str, str] | None = None,
) -> list[str]:
    """What ``?`` shows: the decision in words, the kinds of move on offer and what each does
    (`kind_help`: a move's first word -> the kind in words), how moves are written and how the
    menu works."""
    offered = dict.fromkeys(n.split()[0] for n in notations if n.split())
    lines = [f"You decide: {decision}", "On offer:"]
    for first in offered:
        said = (kind_help or {}).get(first)
        lines.append(f"  {first}: {said}" if said else f"  {first}")
    lines += [
        "Type a menu letter, or the move itself (e.g. "
        + (notations[0] if notations else "")
        + ").",
        "Moves of this game are written like this (rules: docs/rules/" + game_id + ".md):",
    ]
    return lines + ["  " + line for line in notation_help(game_id).splitlines()]
