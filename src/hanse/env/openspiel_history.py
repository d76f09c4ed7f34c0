"""The history behind an OpenSpiel state's perfect-recall information state.

An :class:`ActionTrail` holds the action codes applied since the start (chance outcomes
included), shared by a state and its clones and grown in place by whichever of them applies an
action first at its end; a state that applies an action anywhere else (a clone stepping away from
the others) takes a branch (:meth:`ActionTrail.branch`), a copy up to its own length. Each state
knows how many codes of its trail are its own, so a trail's first ``length`` codes never change.

What each seat saw of each action is one line per action (:meth:`ActionTrail.seen_by`):

- where the game's views hide nothing (Hansa Teutonica, Die Speicherstadt), the action's
  notation, the same for every seat: the notation round-trips to the action, so the lines are
  the whole history, which determines every position and every view the seat had;
- else ``game.observe_action`` for that seat (secret parts redacted, what the action shows the
  seat told in a note), and on the line of the seat's own decision also a digest (SHA-256, 128
  bits) of its view when it decided, so that equal lines mean equal views at every decision of
  the seat whatever its log tells.

The lines are computed only when an information-state string asks for them: a *cursor*, a copy
of the game kept by the trail, replays the codes from the last line it wrote to the length
asked. Stepping therefore costs one list append per action, and each action is replayed at most
once per trail however many states share it. A branch keeps the lines its trail had already
written for its part, and a cursor where it stands.

Pickled, a trail is its codes alone (the lines are written again when asked for).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hanse.core.protocol import CHANCE, Game, State
from hanse.env.codec import ActionCodec


class ActionTrail:
    """Action codes since the start, append-only, and what each seat saw of them (lazily)."""

    __slots__ = ("codes", "cursor", "done", "seen")

    def __init__(self, codes: list[int]) -> None:
        self.codes = codes
        self.seen: list[list[str]] = []
        """Per seat, the texts of ``codes[:done]`` as that seat saw them (empty before any)."""
        self.done = 0
        self.cursor: State | None = None
        """The game before ``codes[done]`` (None until a replay starts)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionTrail:
        return self  # shared by clones: a state reads only its own first `length` codes

    def __reduce__(self) -> tuple[Any, tuple[list[int]]]:
        return ActionTrail, (self.codes,)

    def branch(self, length: int, code: int, before: State) -> ActionTrail:
        """The trail of a state owning the first `length` codes (fewer than this trail has),
        after it applies `code`. `before` is the state's game before `code` (cloned, not
        kept)."""
        branch = ActionTrail(self.codes[:length])
        if self.done >= length:
            branch.seen = [lines[:length] for lines in self.seen]
            branch.done = length
            branch.cursor = before.clone()
        elif self.cursor is not None:
            branch.seen = [lines[:] for lines in self.seen]
            branch.done = self.done
            branch.cursor = self.cursor.clone()
        branch.codes.append(code)
        return branch

    def seen_by(self, game: Game, codec: ActionCodec, seat: int, length: int) -> list[str]:
        """What `seat` saw of each of the first `length` actions, oldest first."""
        if self.done < length:
            self._replay(game, codec, length)
        return self.seen[seat][:length] if length else []

    def _replay(self, game: Game, codec: ActionCodec, length: int) -> None:
        if not self.seen:
            self.seen = [[] for _ in range(game.num_players)]
        state = self.cursor if self.cursor is not None else game.new_initial_state()
        seats = range(game.num_players)
        seen = self.seen
        public = getattr(game, "views_hide_nothing", False)
        for code in self.codes[self.done : length]:
            actor = game.current_player(state)
            action = codec.decode_chance(code) if actor == CHANCE else codec.decode(code)
            if public:
                text = game.action_to_str(action)
                for seat in seats:
                    seen[seat].append(text)
            else:
                for seat in seats:
                    seen[seat].append(game.observe_action(state, actor, action, seat))
                if actor >= 0:
                    view = json.dumps(game.view(state, actor), sort_keys=True).encode()
                    digest = hashlib.sha256(view).hexdigest()[:32]
                    seen[actor][-1] += f" (seeing view {digest})"
            # The codes were checked against the legal ones when they were first applied.
            game.apply_trusted(state, action)
        self.cursor = state
        self.done = length
