"""What a row of a list of tables (the lobby, "My tables") says besides the game and the seats:
the mode, the time control, the language of the table's creator, and the player-count class the
ratings beside the names are of, compact and in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hanse.server.ratings import players_class
from hanse.web.i18n import LANGUAGES, language_name


def time_control(clock: Mapping[str, Any] | None, translate: Callable[[str], str]) -> str:
    """A table's clock as the lobby offers it: "10+10" (minutes for the game, seconds added a
    move), "2 days a move", or "no clock"."""
    if not clock:
        return translate("no clock")
    if "per_move" in clock:
        days = float(clock["per_move"]) / 86_400
        if days == 1:
            return translate("1 day a move")
        return translate("{count} days a move").format(count=f"{days:g}")
    minutes = float(clock["base"]) / 60
    return f"{minutes:g}+{int(clock.get('increment', 0))}"


def row_facts(table: Mapping[str, Any], translate: Callable[[str], str]) -> dict[str, Any]:
    """The facts of a table's row: `mode` and `clock` in words, `language` (its creator's, in
    that language's own name, as the lobby's filter names it; None where unknown), and the
    ratings' class (`rating_class` for the leaderboard's address, `class_words` to read)."""
    klass = players_class(int(table["players"]))
    lang = table.get("lang")
    return {
        "mode": translate("live") if table["mode"] == "live" else translate("one move a day"),
        "clock": time_control(table.get("clock"), translate),
        "language": language_name(lang) if lang in LANGUAGES else None,
        "rating_class": klass,
        "class_words": translate("2 players") if klass == "2p" else translate("3 or more players"),
    }
