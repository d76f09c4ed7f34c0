"""A move seen only in part, in the panel's log in the reader's language (issue 19, item 9: no
"start ?" on screen): Kogge's secret start choice ("Startaufstellung") as the other seats and a
spectator read it, in words that do not name the city chosen."""

from __future__ import annotations

from hanse.server.live_table import LiveTable, Seat
from hanse.server.pages import render_panel


def test_a_secret_start_choice_is_in_words_for_the_others_in_english_and_german() -> None:
    seats = [Seat(s, "human", None, f"P{s}", True) for s in range(3)]
    table = LiveTable("t", "kogge", 3, {"conflicts": True}, "live", "public", "playing", seats)
    table.commit(table.state, table.resolve_chance(table.state))
    assert table.decider == 0
    state = table.state.clone()
    table.commit(state, [table.step(state, 0, table.game.action_from_str("start 3"))])
    mine = render_panel(table.payload(0), "en")
    assert "P0 (A) chooses Reval (3) as start city" in mine
    for viewer in (1, None):
        english = render_panel(table.payload(viewer), "en")
        assert "P0 (A) chooses a start city in secret</li>" in english
        assert "start ?" not in english and "Reval (3) as start" not in english
        german = render_panel(table.payload(viewer), "de")
        assert "P0 (A) wählt geheim einen Startort</li>" in german
        assert "start ?" not in german and "Reval (3) als Startort" not in german


def test_the_notes_of_a_move_are_in_the_readers_language() -> None:
    """The last secret start choice reveals every choice ('Startaufstellung festlegen'): the note
    closing the log line says so in the reader's language, as the words before it do."""
    seats = [Seat(s, "human", None, f"P{s}", True) for s in range(3)]
    table = LiveTable("t", "kogge", 3, {}, "live", "public", "playing", seats)
    table.commit(table.state, table.resolve_chance(table.state))
    for seat, marker in ((0, 3), (1, 5), (2, 7)):
        state = table.state.clone()
        action = table.game.action_from_str(f"start {marker}")
        table.commit(state, [table.step(state, seat, action)])
    english = render_panel(table.payload(None), "en")
    assert (
        "P2 (C) makes the last start choice: every start city is revealed (player A starts in "
        "Reval (3); player B starts in Danzig (5); player C starts in Lübeck (7))</li>"
    ) in english
    german = render_panel(table.payload(None), "de")
    assert (
        "P2 (C) wählt als Letzter den Startort: alle Startorte werden aufgedeckt (Spieler A "
        "startet in Reval (3); Spieler B startet in Danzig (5); Spieler C startet in Lübeck "
        "(7))</li>"
    ) in german
    italian = render_panel(table.payload(None), "it")
    assert "(il giocatore A parte da Reval (3); " in italian


def test_a_run_of_equal_log_lines_is_one_line_with_its_count() -> None:
    """A Kogge conflict's secret choice is asked value by value (RULINGS.md, "C, secret
    choice"): the other players read one line for the nine steps of a side, with "×9", and the
    lines keep the numbers of the moves they stand for."""
    from hanse.server.panel_log import repeats_joined

    lines = [{"who": "", "text": "B chooses in secret"}] * 9 + [{"who": "", "text": "C wins"}]
    joined = repeats_joined(lines, 40)
    assert joined == [
        {"who": "", "text": "B chooses in secret", "number": 41, "times": 9},
        {"who": "", "text": "C wins", "number": 50, "times": 1},
    ]


def test_a_hand_card_that_can_only_be_thrown_overboard_asks_first() -> None:
    """Lübeck (Karten abwerfen): with no card playable, a hand card clicked on the board throws
    it overboard at its cost; the page asks first, in words (CONFIRM_KINDS)."""
    import html
    import json
    import random

    from hanse.core.match import sample_chance

    seats = [Seat(s, "human", None, f"P{s}", True) for s in range(3)]
    table = LiveTable("t", "luebeck", 3, {}, "live", "public", "playing", seats)
    rng = random.Random(0)
    for _ in range(4000):
        player = table.game.current_player(table.state)
        assert player >= -1, "the game ended before a throw overboard was offered"
        legal = table.game.legal_actions(table.state)
        kinds = {table.game.action_to_json(a)["kind"] for a in legal} if player >= 0 else set()
        if "discard" in kinds and "play" not in kinds:
            break
        state = table.state.clone()
        action = sample_chance(table.game, state, rng) if player < 0 else rng.choice(legal)
        table.commit(state, [table.step(state, player, action)])
    panel = render_panel(table.payload(player), "en")
    asked = json.loads(html.unescape(panel.split('data-confirm="', 1)[1].split('"', 1)[0]))
    throws = [a for a in legal if table.game.action_to_json(a)["kind"] == "discard"]
    assert {table.game.action_to_str(a) for a in throws} <= set(asked)
    assert all(text.startswith("Throw ") and "overboard" in text for text in asked.values())
