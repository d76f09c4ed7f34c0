"""A table's log as its panel and a replay's frame show it: each entry in the reader's language
(who made the move and the move in words, or a table's event), runs of equal lines joined into
one, and the board places each line's move names (marked on the board when the reader points at
the line)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, NamedTuple

import orjson

from hanse.core.protocol import CHANCE
from hanse.core.words import log_line
from hanse.games.svg_parts import SEAT_LETTERS
from hanse.server.live_table import game_for
from hanse.server.prompt_bar import svg_module
from hanse.web.i18n import game_translations


def log_entry(
    entry: dict[str, Any],
    who: str,
    words: Callable[[str], str],
    name_of: Callable[[int], str] | None = None,
) -> dict[str, str]:
    """A log line: the move in words in the reader's language ("Anna (A) places a trader on
    Hamburg–Lübeck"; chance has no player in its words, so "chance" stands before them: "chance
    Stettin 3 is drawn") where the game says it so, else who and what the game's log says; a
    table's event (a take-back, a seat handed to a bot) in words, its other seat named by
    `name_of`."""
    if "event" in entry:
        named = name_of or SEAT_LETTERS.__getitem__  # a seat's letter where no names are given
        text = _event_line(entry, who, words, named)
        return {"who": "", "text": text, "event": str(entry["event"]["kind"])}
    if "said" in entry:
        text = log_line(entry["said"], words, who)
        return {"who": who if entry["player"] == CHANCE else "", "text": text}
    return {"who": who, "text": str(entry["text"])}


def _event_line(
    entry: dict[str, Any], who: str, _: Callable[[str], str], name_of: Callable[[int], str]
) -> str:
    """A table's event (``table_events``) in the reader's language: "Anna (A) takes back a
    move", "Anna (A) leaves the game; a bot (easy) plays on", "Bruno (B) lets a bot (easy) play
    for Anna (A)"."""
    event = entry["event"]
    if event["kind"] == "undo":
        return _("{who} takes back a move").format(who=who)
    if event["kind"] == "back":
        return _("{who} takes the seat back from the bot").format(who=who)
    if event["kind"] == "late":  # timeouts.py: the others may end the game without a result
        return _("time ran out for {who}: the others may end the game without a result").format(
            who=who
        )
    if event["kind"] == "agree":
        return _("{who} agrees to end the game without a result").format(who=who)
    if event["kind"] == "end":
        return _("{who} agrees: the game ends without a result").format(who=who)
    level = _(str(event["level"]))
    if event["by"] is None:  # nobody handed it over: the seat's clock ran out (timeouts.py)
        return _("time ran out: a bot ({level}) plays on for {who}").format(who=who, level=level)
    if event["by"] == entry["player"]:
        return _("{who} leaves the game; a bot ({level}) plays on").format(who=who, level=level)
    return _("{by} lets a bot ({level}) play for {who}").format(
        by=name_of(int(event["by"])), level=level, who=who
    )


def repeats_joined(lines: list[dict[str, str]], skipped: int) -> list[dict[str, Any]]:
    """Log lines of moves numbered from ``skipped + 1`` (a move's number is its step in the
    replay), a run of equal lines joined into its first, with how many it stands for
    (``times``): a Kogge conflict's secret choice is asked value by value, and the others read
    "P1 (B) chooses markers for the conflict in secret" nine times. A table's event (``event``:
    a take-back, a seat handed to a bot) is no move: it keeps the number of the move before it
    and is shown without one."""
    joined: list[dict[str, Any]] = []
    number = skipped
    for line in lines:
        number += "event" not in line
        last = joined[-1] if joined else None
        if last is not None and (last["who"], last["text"]) == (line["who"], line["text"]):
            last["times"] += 1
            if "seq" in line:  # the run ends where its last line stands in the log
                last["seq"] = line["seq"]
        else:
            joined.append({**line, "number": number, "times": 1})
    return joined


def moves_in(log: list[dict[str, Any]]) -> int:
    """How many of a payload's log entries are moves (not a table's events)."""
    return sum(1 for entry in log if "event" not in entry)


class LogReader(NamedTuple):
    """Everything a panel's log line is made from besides its entry: the game's configuration
    (how a move's notation reads), the reader's language and how the log names each seat."""

    game_id: str
    players: int
    flags: tuple[tuple[str, Any], ...]
    lang: str
    names: tuple[str, ...]  # each seat as the log names it: "Anna (A)"
    chance: str  # chance as the log names it, in the reader's language


@dataclass(frozen=True)
class _SaidLine:
    """A log entry said once for a reader: its line with who and the words HTML-escaped (as
    ``Markup``), and its move as JSON for the board places it names (None: it names none)."""

    line: dict[str, Any]
    action: dict[str, Any] | None


LINES_KEPT = 10_000
"""How many said lines the panels keep, the least recently drawn forgotten first (about 1.2 KB
each with its key: some 12 MB at most). A line never changes once written (the log only grows;
a take-back is a new entry), so a panel drawn after a move says only the new lines; sixty lines
serve every viewer of a table in a language who reads the same entries, and a move's panels are
drawn together, one for each viewer."""


def panel_lines(
    entries: list[dict[str, Any]], skipped: int, reader: LogReader, view: Any
) -> list[dict[str, Any]]:
    """The panel's log lines of a payload's last `entries` (after `skipped` moves), runs of
    equal lines joined (:func:`repeats_joined`), each with its entry's seq, player and the board
    places it names in `view`: each entry said once for its `reader` (a pure function of the two,
    kept in a bounded cache), the places found afresh, as they depend on the board now."""
    board = svg_module(reader.game_id)
    lines = []
    for entry in entries:
        # As text: orjson's bytes keep the 4 KB buffer they were written into.
        said = _said(reader, orjson.dumps(entry).decode())
        lines.append(
            {
                **said.line,
                "places": _places(board, said.action, view),
                "seq": entry["seq"],
                "player": entry["player"],
            }
        )
    return repeats_joined(lines, skipped)


@lru_cache(maxsize=LINES_KEPT)
def _said(reader: LogReader, entry_json: str) -> _SaidLine:
    """An entry (as JSON: the cache's key holds all it is made from) said for `reader`."""
    from markupsafe import escape  # Jinja's own escaping, loaded with the first page (as Jinja)

    entry = orjson.loads(entry_json)
    words = game_translations(reader.lang, reader.game_id).gettext

    def name_of(seat: int) -> str:
        return reader.chance if seat == CHANCE else reader.names[seat]

    line: dict[str, Any] = log_entry(entry, name_of(entry["player"]), words, name_of)
    line["who"], line["text"] = escape(line["who"]), escape(line["text"])
    return _SaidLine(line, _logged_action(reader, entry))


def _logged_action(reader: LogReader, entry: dict[str, Any]) -> dict[str, Any] | None:
    """The move of a log entry as JSON, for the board places it names (the game's
    ``svg.action_places``); None where the reader did not see the whole move (its words would
    not be shown either), the board names no places or cannot read the move."""
    module = svg_module(reader.game_id)
    if (
        module is None
        or not hasattr(module, "action_places")
        or "said" not in entry
        or entry.get("player", CHANCE) < CHANCE
    ):
        return None
    game = game_for(reader.game_id, reader.players, dict(reader.flags))
    try:
        action: dict[str, Any] = game.action_to_json(game.action_from_str(str(entry["text"])))
    except (ValueError, KeyError, IndexError, TypeError):  # IllegalActionError is a ValueError
        return None  # a line the board cannot place is shown without marks
    return action


def _places(board: ModuleType | None, action: dict[str, Any] | None, view: Any) -> str:
    """The board places a logged move names in `view` (the board now, drawn by the game's
    `board` module), as the space-separated keys of the board's ``data-place`` attributes; ""
    where it names none."""
    if action is None or board is None or not isinstance(view, dict):
        return ""
    try:
        places = board.action_places(action, view)
    except (ValueError, KeyError, IndexError, TypeError):
        return ""  # a line the board cannot place is shown without marks
    return " ".join(str(place) for place in places)


def log_items(
    lines: list[dict[str, Any]], translate: Callable[[str], str], replay_link: str | None = None
) -> str:
    """The joined log lines as the items of the log's list (``log.html``), HTML-escaped as Jinja
    escapes them: a move with its number (the last of a run, a link into the replay where
    `replay_link` is given), who made it and its words, the board places it names, and whether
    it is the replay's current step; a table's event by its kind. Written here rather than in
    the template: Jinja looked up and escaped every field of sixty lines one by one, most of a
    panel's time (issue 32)."""
    from markupsafe import Markup, escape

    def html(value: Any) -> str:
        """`value` in HTML: as it is where it is HTML already (a panel's said line) or has
        nothing to escape (a number, most board places), else escaped. Escaping costs about a
        microsecond, for each field of sixty lines a tenth of a panel's time."""
        if isinstance(value, Markup):
            return str(value)
        text = str(value)
        if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
            return str(escape(text))
        return text

    # The catalog's words are the templates' own, which Jinja does not escape either.
    times_in_a_row = translate("times in a row")
    open_replay = translate("Open the replay at this move")
    items = []
    for line in lines:
        times = line["times"]
        seat = (
            f' data-seq="{html(line["seq"])}" data-player="{html(line["player"])}"'
            if "seq" in line
            else ""
        )
        repeated = (
            f' <span class="times" title="{times} {times_in_a_row}">×{times}</span>'
            if times > 1
            else ""
        )
        text = html(line["text"])
        if line.get("event"):
            kind = html(line["event"])
            items.append(f'<li class="event" data-event="{kind}"{seat}>{text}{repeated}</li>')
            continue
        number = line["number"]
        last = number + times - 1
        places = line.get("places")
        marks = f' data-places="{html(places)}" tabindex="0"' if places else ""
        if line.get("current"):
            marks += ' class="current" aria-current="step"'
        shown = f"{number}–{last}" if times > 1 else f"{number}"
        if replay_link:
            shown = f'<a href="{html(replay_link)}?step={last}" title="{open_replay}">{shown}</a>'
        items.append(
            f'<li data-number="{last}"{seat}{marks}><span class="n">{shown}</span> '
            f'<span class="who">{html(line["who"])}</span> {text}{repeated}</li>'
        )
    return "".join(items)
