"""The players' names on the four boards: given `names` (one per seat), each player's own area
(Hansa's and Die Speicherstadt's player boards, Kogge's corners, Lübeck's boxes) shows its
player's name beside the seat letter, "Anna (A)", and "Anna (A, you)" for the reader's own seat,
in the reader's language. A name is the user's input: it is escaped, never carries what XML or
the writing direction would trip over, and a long one is cut with "…" to its area, clear of
what stands beside it. Without names a board is exactly what it was.
"""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from hanse.core.testing import SVG_NS, decision_nodes
from hanse.core.words import template_fields
from hanse.games import make
from hanse.games.svg_parts import (
    ELLIPSIS,
    SEAT_COLOURS,
    SEAT_LETTERS,
    cut,
    name_label,
    same,
    seat_name,
    text_width,
)
from hanse.web.i18n import LOCALE, game_translations

GAMES = {"hansa": (2, 5), "kogge": (2, 4), "luebeck": (3, 5), "speicherstadt": (2, 5)}
"""Each game at its fewest and its most players."""
CASES = [(game, n) for game, counts in GAMES.items() for n in counts]
IDS = [f"{game}-{n}" for game, n in CASES]
PEOPLE = ("Anna", "bot easy", "Carla", "Dario", "Elke")
LONG = "Maximilian-Alexander von Hohenzollern-Si"
WIDE = "李小龍的朋友們和家人" * 4
"""Forty characters of a script whose every character is wide."""
HOSTILE = "<i>&amp;\"'"
SQUEEZE = 0.7
"""The furthest a board squeezes a name's label (as it squeezes "Seat A (you)")."""
OLD_LABELS = ("Seat {seat}", "Seat {seat} (you)", "Player {seat}", "You ({seat})")

BoardSvg = Callable[..., tuple[str, frozenset[str]]]


def _board_svg(game: str) -> BoardSvg:
    module = importlib.import_module(f"hanse.games.{game}.svg")
    board: BoardSvg = module.board_svg
    return board


@cache
def _positions(game: str, n: int) -> list[tuple[dict[str, Any], dict[str, Any], list[str]]]:
    """A few decision nodes of a random game, each as (the decider's view, a spectator's view,
    the legal actions), from the start to the middle of the game."""
    g = make(game, n)
    found = []
    for i, (state, seat) in enumerate(decision_nodes(g, 1, 1, 61)):
        if i in (0, 20, 60):
            legal = [g.action_to_str(a) for a in g.legal_actions(state)]
            found.append((g.view(state, seat), g.view(state, None), legal))
    return found


def _tr(game: str, lang: str) -> Callable[[str], str]:
    return same if lang == "en" else game_translations(lang, game).gettext


def _label(game: str, lang: str, name: str, seat: int, you: bool) -> str:
    """The label in full, as a board shows it for a name that fits."""
    template = "{name} ({seat}, you)" if you else "{name} ({seat})"
    return _tr(game, lang)(template).format(name=name, seat=SEAT_LETTERS[seat])


def _shows(text: str, name: str, label: str) -> bool:
    """Whether `text` is the `label` of `name`, in full or with the name cut ("Chri… (A)")."""
    if text == label:
        return True
    rest = label[label.index(name) + len(name) :] if name in label else ""
    if not rest or not text.endswith(ELLIPSIS + rest):
        return False
    return name.startswith(text[: -len(ELLIPSIS + rest)])


def _texts(root: ET.Element) -> Iterator[ET.Element]:
    return root.iter(f"{SVG_NS}text")


def _f(element: ET.Element, key: str) -> float:
    return float(element.get(key) or 0)


def _area(root: ET.Element, seat: int, x: float, y: float) -> tuple[float, float, float, float]:
    """The seat's own area around (x, y): the largest frame in the seat's colour that holds it."""
    frames = [
        (_f(r, "x"), _f(r, "y"), _f(r, "width"), _f(r, "height"))
        for r in root.iter(f"{SVG_NS}rect")
        if r.get("stroke") == SEAT_COLOURS[seat] and _f(r, "width") >= 100
    ]
    holding = [f for f in frames if f[0] <= x <= f[0] + f[2] and f[1] <= y <= f[1] + f[3]]
    assert holding, f"no area of seat {SEAT_LETTERS[seat]} around ({x}, {y})"
    return max(holding, key=lambda f: f[2] * f[3])


def _width(element: ET.Element) -> float:
    """How wide a text runs: its textLength where the board squeezes it, else the estimate."""
    if element.get("textLength"):
        return _f(element, "textLength")
    bold = element.get("font-weight") == "bold"
    return text_width(element.text or "", _f(element, "font-size"), bold)


def _span(element: ET.Element) -> tuple[float, float]:
    """Left and right edge of a text (or a disc)."""
    if element.tag == f"{SVG_NS}circle":
        r = _f(element, "r")
        return _f(element, "cx") - r, _f(element, "cx") + r
    width = _width(element)
    x = _f(element, "x")
    anchor = element.get("text-anchor") or "start"
    if anchor == "end":
        return x - width, x
    if anchor == "middle":
        return x - width / 2, x + width / 2
    return x, x + width


def _name_texts(root: ET.Element, seat: int) -> list[ET.Element]:
    """The texts that end in the seat's letter in brackets: its name labels."""
    letter = SEAT_LETTERS[seat]
    return [
        t
        for t in _texts(root)
        if (t.text or "").endswith(
            tuple(f"({letter}{you})" for you in ("", ", you", ", du", ", tu"))
        )
    ]


# -- the names in the players' areas ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_each_name_stands_in_its_seats_area(game: str, n: int, lang: str) -> None:
    """Each seat's name beside its letter in the seat's own area, once; the reader's own seat
    says "you" ("du"), no other seat does, and a spectator's board says it of none; the words
    without a name ("Seat A", "Player A", "You (A)") are gone."""
    board_svg = _board_svg(game)
    tr = _tr(game, lang)
    names = list(PEOPLE[:n])
    for seated, spectator, legal in _positions(game, n):
        for view, shown in ((seated, legal), (spectator, [])):
            svg, _ = board_svg(view, shown, tr, names=names)
            root = ET.fromstring(svg)
            words = [t.text or "" for t in _texts(root)]
            for seat in range(n):
                you = view["seat"] == seat
                label = _label(game, lang, names[seat], seat, you)
                found = [t for t in _texts(root) if _shows(t.text or "", names[seat], label)]
                assert len(found) == 1, (label, words)
                # short names are not cut where a seat's area has the room
                assert found[0].text == label or game in ("kogge", "luebeck"), label
                _area(root, seat, _f(found[0], "x"), _f(found[0], "y"))
                other = _label(game, lang, names[seat], seat, not you)
                assert not any(_shows(w, names[seat], other) for w in words)
                for old in OLD_LABELS:
                    assert tr(old).format(seat=SEAT_LETTERS[seat]) not in words
            if game == "luebeck" and view["seat"] is not None:
                # the name row says "you": the marks under it do not say it again
                assert not any(tr("you") in w.split(" · ") for w in words)


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_a_seat_without_a_name_keeps_its_words(game: str, n: int) -> None:
    """A seat without a name (None, nothing but spaces, past the end of a short list) is
    labelled as before; the named seats beside it show their names."""
    board_svg = _board_svg(game)
    seated, _, legal = _positions(game, n)[1]
    viewer = seated["seat"]
    names: list[str | None] = [None] * (n - 1)
    names[0] = "Anna"
    if n > 2:
        names[1] = "   "
    svg, _ = board_svg(seated, legal, names=names)
    texts = list(_texts(ET.fromstring(svg)))
    words = [t.text or "" for t in texts]
    assert _label(game, "en", "Anna", 0, viewer == 0) in words
    for seat in range(1, n):
        if game == "luebeck":  # the letter alone in the name row (a figure's letter is smaller)
            row = [t for t in texts if t.text == SEAT_LETTERS[seat] and t.get("font-size") == "15"]
            assert len(row) == 1
            continue
        old = {
            "kogge": ("Seat {seat} (you)", "Seat {seat}"),
            "hansa": ("You ({seat})", "Player {seat}"),
            "speicherstadt": ("You ({seat})", "Player {seat}"),
        }[game][viewer != seat]
        assert old.format(seat=SEAT_LETTERS[seat]) in words


# -- names are user input ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_names_are_escaped_and_the_board_stays_well_formed(game: str, n: int) -> None:
    """Markup, ampersands and quotes in a name are text, not markup; control characters (which
    XML forbids) and the marks that turn the writing direction are left out."""
    board_svg = _board_svg(game)
    seated, _, legal = _positions(game, n)[1]
    viewer = seated["seat"]
    given = [HOSTILE, "Ann\x00a\x1b\u202e", "Bo\tb\n", '"q" & <t/>', "x > y"][:n]
    shown = [HOSTILE, "Anna", "Bo b", '"q" & <t/>', "x > y"][:n]
    # the hostile name on a seat that neither reads nor decides: it has the most room
    turn = (viewer + 1) % n
    names, expected = given[-turn:] + given[:-turn], shown[-turn:] + shown[:-turn]
    assert names[turn] == HOSTILE
    svg, placed = board_svg(seated, legal, names=names)
    assert "<i>" not in svg and "<t/>" not in svg
    assert "&lt;i&gt;&amp;amp;\"'" in svg
    assert "\x00" not in svg and "\x1b" not in svg and "\u202e" not in svg
    root = ET.fromstring(svg)  # well-formed
    words = [t.text or "" for t in _texts(root)]
    for seat, name in enumerate(expected):
        label = _label(game, "en", name, seat, viewer == seat)
        assert any(_shows(w, name, label) for w in words), label
    assert _label(game, "en", HOSTILE, turn, False) in words
    _, placed_plain = board_svg(seated, legal)
    assert placed == placed_plain  # the names change no target


@pytest.mark.parametrize("lang", ["en", "de", "it"])
@pytest.mark.parametrize("name", [LONG, WIDE, "W" * 40], ids=["long", "wide", "wwww"])
@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_a_long_name_is_cut_to_its_area(game: str, n: int, name: str, lang: str) -> None:
    """A name of forty characters is cut with "…" where it would not fit, its letter kept: the
    label stays in its seat's area and clear of what stands beside it on its line (the score,
    the workers, the marker of the seat on turn), squeezed no more than the board squeezes its
    own words."""
    assert len(name) == 40
    board_svg = _board_svg(game)
    tr = _tr(game, lang)
    for seated, spectator, legal in _positions(game, n):
        for view, shown in ((seated, legal), (spectator, [])):
            svg, _ = board_svg(view, shown, tr, names=[name] * n)
            root = ET.fromstring(svg)
            for seat in range(n):
                (label,) = _name_texts(root, seat)
                text = label.text or ""
                assert (ELLIPSIS in text and name not in text) or text.startswith(name)
                assert text.endswith(_label(game, lang, "", seat, view["seat"] == seat)), text
                left, right = _span(label)
                ax, _, aw, _ = _area(root, seat, left, _f(label, "y"))
                assert ax < left and right <= ax + aw - 4, (text, left, right, ax, aw)
                natural = text_width(text, _f(label, "font-size"), bold=True)
                assert natural * SQUEEZE <= _width(label) + 0.5, text
                line = _f(label, "y")
                beside = [
                    e
                    for e in root.iter()
                    if e.tag in (f"{SVG_NS}text", f"{SVG_NS}circle") and e is not label
                ]
                for element in beside:
                    y = _f(element, "y") if element.tag == f"{SVG_NS}text" else _f(element, "cy")
                    b_left, b_right = _span(element)
                    if abs(y - line) > 6 or not (ax <= b_left and b_right <= ax + aw):
                        continue
                    assert b_right <= left or b_left >= right, (text, element.text, b_left)


# -- without names, nothing changes ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_without_names_the_board_is_unchanged(game: str, n: int, lang: str) -> None:
    """No names, or names for no seat, draw the board byte for byte as the call without them
    (the terminal and the other callers pass none), and so does the page's helper."""
    from hanse.server.pages import board_svg as page_board_svg

    board_svg = _board_svg(game)
    tr = game_translations(lang, game).gettext
    for seated, spectator, legal in _positions(game, n):
        for view, shown in ((seated, legal), (spectator, [])):
            old = board_svg(view, shown, tr)
            assert board_svg(view, shown, tr, names=None) == old
            assert board_svg(view, shown, tr, names=[]) == old
            assert board_svg(view, shown, tr, names=[None] * n) == old
            assert board_svg(view, shown, tr, names=[" "] * n) == old
            assert page_board_svg(game, view, list(shown), lang) == old
            named = page_board_svg(game, view, list(shown), lang, names=list(PEOPLE[:n]))
            assert named == board_svg(view, shown, tr, names=list(PEOPLE[:n]))
            assert named != old


# -- the words and the helpers -----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "it"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_catalogs_translate_the_labels(game: str, lang: str) -> None:
    """Both labels are in each game's German and Italian catalog, with the same fields."""
    with (LOCALE / lang / "LC_MESSAGES" / f"{game}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    for msgid in ("{name} ({seat})", "{name} ({seat}, you)"):
        message = catalog.get(msgid)
        assert message is not None and message.string, (lang, msgid)
        assert template_fields(str(message.string)) == template_fields(msgid)
    you = _label(game, lang, "Anna", 0, True)
    assert you == {"de": "Anna (A, du)", "it": "Anna (A, tu)"}[lang]


def test_seat_name_cleans_what_a_board_never_shows() -> None:
    names: Sequence[str | None] = ["  Anna\t Maria\n", None, "\x00\u202e", "Bo\u2066b"]
    assert seat_name(names, 0) == "Anna Maria"
    assert seat_name(names, 1) is None
    assert seat_name(names, 2) is None  # nothing left to show
    assert seat_name(names, 3) == "Bob"
    assert seat_name(names, 4) is None  # past the end
    assert seat_name(None, 0) is None
    assert seat_name(names, -1) is None


def test_cut_and_label() -> None:
    assert cut("Anna", 15, 100, bold=True) == "Anna"
    cut_long = cut(LONG, 15, 100, bold=True)
    assert cut_long.endswith(ELLIPSIS) and text_width(cut_long, 15, True) <= 100
    assert LONG.startswith(cut_long[:-1])
    assert cut("Maximilian-Alexander", 10, 70) == "Maximilian…"  # no dash before the "…"
    assert cut("abcdefghij", 10, 1) == "a…"  # never less than a character
    assert cut("abcde\u0301fghij", 10, 40) == "abcd…"  # never an accent without its letter
    family = "ab\U0001f468\u200d\U0001f469\u200d\U0001f467xyz"
    assert "\u200d" not in cut(family, 10, 45)[-2:]
    assert text_width("李小龍", 10) == 2 * text_width("abc", 10)
    label = name_label(same, LONG, 2, True, 15, 200)
    assert label.endswith("… (C, you)") and text_width(label, 15, bold=True) <= 200
    assert name_label(same, "Anna", 0, False, 15, 200) == "Anna (A)"
