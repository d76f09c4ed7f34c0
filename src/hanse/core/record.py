"""MatchRecord: everything needed to replay a game exactly, as a JSON file.

A record holds the game id, the variant flags, the number of players, the seed the driver used for
chance, and the list of ``[player, action text]`` pairs, chance actions included (player -1). So a
record replays without any random generator (DESIGN.md, "Chance is explicit"). ``"notation"`` names
the version of the game's notation the actions are written in (absent: 1, the records written
before versions were named); ``hanse.core.upgrade`` carries an older one over to the current.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hanse.core.protocol import IllegalActionError

FORMAT = "hanse-record/1"


class RecordError(IllegalActionError):
    """A record file that is not a valid Hanse record, or whose actions do not replay."""


@dataclass
class MatchRecord:
    game_id: str
    num_players: int
    flags: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    scores: list[int] | None = None
    winners: list[int] | None = None  # after the rulebook's tie-breaks
    players: list[str] | None = None  # who sat where: "random", "human", a bot level ...
    notation: int | None = None  # None: the game's current notation (a record made now)

    def notation_version(self) -> int:
        """The version of the notation the actions are written in."""
        return _current_notation(self.game_id) if self.notation is None else self.notation

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game_id,
            "num_players": self.num_players,
            "flags": dict(self.flags),
            "seed": self.seed,
            "players": self.players,
            "actions": [[player, text] for player, text in self.actions],
            "scores": self.scores,
            "winners": self.winners,
            "notation": self.notation_version(),
        }

    @classmethod
    def from_json(cls, obj: Any) -> MatchRecord:
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise RecordError(f"not a Hanse record (expected format {FORMAT!r})")
        try:
            actions = [(int(player), str(text)) for player, text in obj["actions"]]
            return cls(
                game_id=str(obj["game"]),
                num_players=int(obj["num_players"]),
                flags=dict(obj.get("flags") or {}),
                seed=obj.get("seed"),
                actions=actions,
                scores=obj.get("scores"),
                winners=obj.get("winners"),
                players=obj.get("players"),
                notation=_older_notation(str(obj["game"]), int(obj.get("notation", 1))),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed Hanse record: {error!r}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        """A record from its file; a byte-order mark is allowed (editors add one), anything that
        is not a whole record's JSON text is refused in one line."""
        try:
            text = Path(path).read_bytes().decode("utf-8-sig")
        except OSError as error:
            raise RecordError(f"cannot read record {str(path)!r}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{str(path)!r} is not a Hanse record: not a text file") from None
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"{str(path)!r} is not a Hanse record: broken or cut-off JSON ({error.msg} at "
                f"line {error.lineno})"
            ) from None
        return cls.from_json(obj)

    def decisions(self) -> Iterator[tuple[int, str]]:
        """The players' actions, chance left out."""
        return ((p, t) for p, t in self.actions if p >= 0)


def _current_notation(game_id: str) -> int:
    from hanse.core.upgrade import current_version  # the games import the core

    try:
        return current_version(game_id)
    except IllegalActionError:  # an unknown game: it has no notation but the first
        return 1


def _older_notation(game_id: str, version: int) -> int | None:
    """A record's notation as the field holds it: None for the game's current one."""
    return None if version == _current_notation(game_id) else version
