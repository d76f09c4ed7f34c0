"""Taking a move back (DESIGN.md, "The web platform": undo marks rows undone): which moves a
table lets its player take back. A move may be taken back while its player still decides, when
nothing came after it (no other player's move, no chance), and when it showed the player nothing
hidden: Kogge's expert rule D lets a player pay to look at the two face-down markers of its city
(Zusatzregel D, "Memory"), and a look, once seen, cannot be unseen."""

from __future__ import annotations

import random
from typing import Any

from hanse.core.protocol import CHANCE
from hanse.server.live_table import LiveTable, Seat


def _table(game_id: str, players: int, flags: dict[str, Any]) -> LiveTable:
    seats = [Seat(s, "human", None, f"P{s}", True) for s in range(players)]
    table = LiveTable("t", game_id, players, flags, "live", "public", "playing", seats)
    table.commit(table.state, table.resolve_chance(table.state))
    return table


def _play(table: LiveTable, text: str) -> None:
    """Store one decision of the seat deciding, and the chance after it, as the service does."""
    state = table.state.clone()
    action = table.game.action_from_str(text)
    made = [table.step(state, table.decider, action), *table.resolve_chance(state)]
    table.commit(state, made)


def _legal_texts(table: LiveTable) -> list[str]:
    return [table.game.action_to_str(a) for a in table.game.legal_actions(table.state)]


def test_a_decision_with_nothing_after_it_may_be_taken_back_by_its_player_only() -> None:
    """Hansa: a trader placed with actions left; its player still decides and may take it back;
    nobody else may."""
    table = _table("hansa", 2, {})
    seat = table.decider
    assert table.undo_refusal(seat) is not None  # nothing of the seat's yet
    place = next(t for t in _legal_texts(table) if t.startswith("place"))
    _play(table, place)
    assert table.decider == seat and table.undo_refusal(seat) is None
    assert table.payload(seat)["can_undo"] and not table.payload(1 - seat)["can_undo"]
    assert "still decides" in (table.undo_refusal(1 - seat) or "")
    assert not table.payload(None)["can_undo"]


def test_a_move_followed_by_chance_or_by_another_player_stands() -> None:
    """Lübeck: every move passes the turn or draws a card, so no move can be taken back by the
    time its player could ask."""
    table = _table("luebeck", 3, {})
    rng = random.Random(2)
    for _ in range(60):
        if table.decider is None:
            break
        _play(table, rng.choice(_legal_texts(table)))
        last_player = table.log[-1][1]
        if last_player == CHANCE or table.decider != last_player:
            assert table.undo_refusal(table.decider) is not None


def _unknown_squares(table: LiveTable, state: Any, seat: int) -> set[tuple[int, int]]:
    """The route squares holding a marker whose value `seat` does not know (face down, never
    looked at, not laid by the seat)."""
    return {
        (city["number"], slot)
        for city in table.game.view(state, seat)["cities"]
        for slot in (0, 1)
        if city["dealt"][slot] and city["markers"][slot] is None and city["known"][slot] is None
    }


def test_a_look_at_hidden_markers_cannot_be_taken_back() -> None:
    """Kogge, expert rule D: a move that shows the seat a face-down marker it did not know (a
    look, a cog's step that turns the marker up) stands; a bid or a marker laid on a route,
    which come from the seat's own hand, may be taken back."""
    table = _table("kogge", 3, {"memory": True})
    rng = random.Random(5)
    revealing = takebacks = 0
    for _ in range(5000):
        if table.decider is None:
            table = _table("kogge", 3, {"memory": True})
        if revealing > 3 and takebacks > 10:
            break
        legal = _legal_texts(table)
        seat = table.decider
        looks = [t for t in legal if t.startswith("look")]
        text = looks[0] if looks and rng.random() < 0.7 else rng.choice(legal)
        before = table.state.clone()
        _play(table, text)
        if table.decider != seat or table.log[-1][1] != seat:
            continue
        # The payload offers to take it back before the re-deals are made (they cost), and no
        # more once they found it showed something.
        assert table.payload(seat)["can_undo"]
        refusal = table.undo_refusal(seat)
        # Shown: a marker the seat did not know, looked at or turned face up by a cog's move.
        if _unknown_squares(table, before, seat) - _unknown_squares(table, table.state, seat):
            revealing += 1
            assert refusal == "your last move showed you something hidden, so it stands", text
            assert not table.payload(seat)["can_undo"]
            continue
        if not text.startswith(("bid", "route")):
            continue  # other moves may show more (a trade's reserve of markers to choose from)
        # A bid or a marker laid on a route comes from the seat's own hand: it shows nothing.
        assert refusal is None, text
        takebacks += 1
        # What taking it back returns to: the state before the move, for every viewer.
        for viewer in (*range(3), None):
            assert table.game.view(table._before_last, viewer) == table.game.view(before, viewer)
    assert revealing > 3 and takebacks > 10


def test_a_seat_played_by_a_bot_takes_nothing_back() -> None:
    """A person's seat left to a bot in the middle of a turn: the person, still watching from
    the seat, is not offered to take back the turn's move."""
    table = _table("hansa", 2, {})
    seat = table.decider
    _play(table, next(t for t in _legal_texts(table) if t.startswith("place")))
    assert table.undo_refusal(seat) is None
    table.seats[seat].kind, table.seats[seat].level = "bot", "easy"
    assert table.undo_refusal(seat) == "a bot plays this seat"
    assert not table.payload(seat)["can_undo"]
