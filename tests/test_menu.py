"""The terminal menu (issue 19, items 4, 5 and 6): short screens, letter keys, groups and pages,
numbers that only mean what they mean in a move, and ``?`` that explains the moves."""

from __future__ import annotations

import subprocess

from hanse.menu import PAGE, Menu, decision_help, group


def test_a_short_list_is_shown_whole_under_letters() -> None:
    menu = Menu(["bid 5", "bid 3", "bid done"])
    assert menu.lines() == ["  a) bid 5", "  b) bid 3", "  c) bid done"]
    assert menu.read("b") == ("bid 3", "")
    assert menu.read("BID DONE") == ("bid done", "")


def test_a_letter_out_of_range_is_refused_and_other_words_go_to_the_game() -> None:
    """A key that names nothing gets a message; any other text is a move for the game to read
    (its parser says what is wrong with it)."""
    menu = Menu(["bid 5", "bid 3"])
    assert menu.read("x") == (None, "no choice 'x' here: a letter a to b")
    assert menu.read("fly away") == ("fly away", "")


def test_a_number_is_never_a_menu_position() -> None:
    """Item 6: '2' used to pick the second line, which named pack 1; now a number typed alone is
    refused with a message, and numbers mean what they mean inside a move."""
    menu = Menu(["draft 0", "draft 1", "draft 2"])
    chosen, message = menu.read("2")
    assert chosen is None and "not a menu key" in message
    assert menu.read("draft 2") == ("draft 2", "")


def test_a_long_list_is_grouped_by_kind_then_paged() -> None:
    """Item 4: Hansa offered up to 99 lines: now the kinds first, then one page of a kind."""
    notations = ["income 1 0", "income 2 0"] + [f"place t {i}" for i in range(45)] + ["end"]
    menu = Menu(notations)
    assert menu.lines()[:3] == [
        "  a) income ... (2 choices)",
        "  b) place ... (45 choices)",
        "  c) end ... (1 choice)",
    ]
    assert menu.read("b") == (None, "")
    lines = menu.lines()
    assert len(lines) == PAGE + 1 and lines[0] == "  a) place t 0"
    assert "page 1 of 3" in lines[-1]
    assert menu.read(">") == (None, "")
    assert menu.lines()[0] == "  a) place t 20"
    assert menu.read("c") == ("place t 22", "")
    assert menu.read("<") == (None, "") and menu.lines()[0] == "  a) place t 0"
    assert menu.read("..") == (None, "") and menu.lines()[0].startswith("  a) income")
    assert menu.read("z")[1].startswith("choose a group")
    assert menu.read("end") == ("end", "")  # a move is always accepted by its notation


def test_groups_use_two_words_when_one_word_is_shared_by_all() -> None:
    notations = [f"move {s} pay {g}" for s in (0, 1) for g in "ofas"] * 3
    assert [kind for kind, _ in group(notations)] == ["move 0", "move 1"]


def test_each_move_and_group_is_said_in_words_beside_its_notation() -> None:
    """Items 5 and 9: the menu says what a move does and what a kind of move is, in words."""
    menu = Menu(
        ["place Hamburg-Luebeck t", "end_turn"],
        {"place Hamburg-Luebeck t": "Place a trader on Hamburg–Lübeck"},
    )
    assert menu.lines() == [
        "  a) place Hamburg-Luebeck t  - Place a trader on Hamburg–Lübeck",
        "  b) end_turn",
    ]
    many = Menu([f"bid {v}" for v in range(30)] + ["end"], kind_help={"bid": "lay a marker"})
    assert many.lines()[0] == "  a) bid ... (30 choices)  - lay a marker"


def test_help_explains_the_decision_and_the_notation_from_the_rules_page() -> None:
    """Item 5: '?' says what is being decided and how moves are written (docs/rules)."""
    lines = decision_help(
        "kogge", "Move the guild master.", ["gm 1", "gm 2"], {"gm": "move him 1 or 2 cities"}
    )
    assert lines[:3] == [
        "You decide: Move the guild master.",
        "On offer:",
        "  gm: move him 1 or 2 cities",
    ]
    text = "\n".join(lines)
    assert "bid done" in text and "gm 2" in text


def test_the_cli_shows_letters_and_help_and_never_a_kogge_menu_of_hundreds(tmp_path) -> None:
    """Through the installed script: a Kogge game from stdin, '?' at the first decision, then
    letters; no screen lists more than a page of moves."""
    path = tmp_path / "kogge.json"
    result = subprocess.run(
        ["hanse", "play", "kogge", "--players", "3", "--seed", "4", "--save", str(path)],
        input="?\n" + "a\n" * 40 + "q\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "You decide: " in out and "On offer:" in out
    assert "written like this" not in out.split("On offer:")[0]  # the help only when asked
    keys = [line for line in out.splitlines() if line.startswith("  ") and ") " in line[:8]]
    assert keys and all(line[2] in "abcdefghijklmnopqrst" for line in keys)
    assert "  u) " not in out
    assert path.exists()


def test_a_move_typed_at_the_groups_goes_to_the_game_to_be_read() -> None:
    """Item 9: a move typed while the groups are shown is read by the game (which says what is
    wrong with it), not answered with "choose a group"."""
    menu = Menu([f"place r{i} t" for i in range(25)] + ["end_turn"])
    assert menu.current is None
    assert menu.read("displaced_done") == ("displaced_done", "")
    assert menu.read("x")[0] is None and "choose a group" in menu.read("x")[1]
    assert menu.read("7")[0] is None
