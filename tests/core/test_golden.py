"""Golden playthroughs (DESIGN.md, "Tests", item 3) on the Tiny game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hanse.core.golden import TAIL, assert_golden, playthrough_text
from hanse.core.match import sample_chance
from hanse.core.protocol import CHANCE, TERMINAL
from hanse.games import register
from tests.core.tiny_game import TinyGame, TinyState

GOLDEN = Path(__file__).parent / "golden"

register(TinyGame)


@pytest.mark.parametrize("players", [2, 3])
def test_golden_playthrough(players: int) -> None:
    assert_golden("tiny", players, 17, GOLDEN / f"tiny_{players}p.txt")


def test_a_changed_rule_shows_as_a_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HANSE_UPDATE_GOLDEN", raising=False)

    class Doubled(TinyGame):
        def scores(self, state):  # type: ignore[no-untyped-def]
            return [2 * s for s in state.scores]

    path = tmp_path / "tiny.txt"
    path.write_text(playthrough_text(Doubled(2), 17))
    with pytest.raises(AssertionError, match=r"differs from .*tiny.txt"):
        assert_golden("tiny", 2, 17, path)


def test_a_missing_golden_file_says_how_to_make_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HANSE_UPDATE_GOLDEN", raising=False)
    with pytest.raises(AssertionError, match="HANSE_UPDATE_GOLDEN=1"):
        assert_golden("tiny", 2, 17, tmp_path / "none.txt")


def test_playthroughs_are_deterministic() -> None:
    assert playthrough_text(TinyGame(3), 5) == playthrough_text(TinyGame(3), 5)
    assert playthrough_text(TinyGame(3), 5) != playthrough_text(TinyGame(3), 6)


def test_the_compact_form_shows_a_change_at_a_node_it_does_not_write() -> None:
    """Long games keep every k-th node and a hash chain over all: one changed unwritten node
    still changes the file (issue 18: "a rules change still shows as a readable diff")."""
    every, seed = 4, 17
    game = TinyGame(2)
    state = game.new_initial_state()
    rng = random.Random(seed)
    signatures = []
    deciding = []
    while game.current_player(state) != TERMINAL:
        signatures.append((len(state.discard), sum(state.deck), state.player, state.pending_draw))
        deciding.append(game.current_player(state) != CHANCE)
        if game.current_player(state) == CHANCE:
            game.apply_action(state, sample_chance(game, state, rng))
        else:
            legal = game.legal_actions(state)
            game.apply_action(state, legal[rng.randrange(len(legal))])
    step = next(
        s
        for s, sig in enumerate(signatures)
        if s % every and deciding[s] and s < len(signatures) - TAIL and signatures.count(sig) == 1
    )
    marked = signatures[step]

    class OneNodeRenamed(TinyGame):
        def view(self, state: TinyState, seat: int | None) -> dict[str, object]:
            view = super().view(state, seat)
            here = (len(state.discard), sum(state.deck), state.player, state.pending_draw)
            if here == marked:
                view["decision"] = "renamed"
            return view

    before = playthrough_text(TinyGame(2), seed, every=every)
    after = playthrough_text(OneNodeRenamed(2), seed, every=every)
    assert "renamed" in playthrough_text(OneNodeRenamed(2), seed)  # the node decides something
    assert "renamed" not in after  # ... but the compact form does not write it
    assert after != before
    changed = [a for a, b in zip(after.splitlines(), before.splitlines(), strict=True) if a != b]
    assert changed and all("#" in line for line in changed)  # only the chain tells, from there on
