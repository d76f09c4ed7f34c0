"""Every board's key (legend): a newcomer who meets a short form on a board ("2o", "RA", "dev 0",
"Handelsf.", "A: 2 2 3 4", "Co") finds it explained in the key at the foot of the board, in the
reader's language, and the key explains nothing the board does not show.

Random games of each game (every player count, default rules and every flag on, seated and
spectating) are drawn in English and German; each board's short forms are found in its texts and
matched against the entries of its key (the group of class ``board-key``: a bold symbol, then its
meaning).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

import pytest

from hanse.core.testing import SVG_NS, decision_nodes
from hanse.games import REGISTRY, make
from hanse.games.kogge.data import GOOD_LETTERS, GOOD_NAMES, KONTORE_PER_PLAYER
from hanse.games.kogge.words import CHIP_WORDS
from hanse.games.luebeck.svg_below import KEY_COMPASS, KEY_TO_ACT
from hanse.games.luebeck.svg_cards import CUT_NAMES, NAME_FORMS
from hanse.games.speicherstadt.data import SEASONS
from hanse.games.svg_parts import Translate
from hanse.web.i18n import game_translations

Found = Callable[[Sequence[ET.Element]], "re.Match[str] | None"]
"""Where a board shows a short form: the first text (outside the key) that shows it."""


class Short(NamedTuple):
    """A short form a board may show, and what its key must then say."""

    found: Found
    symbol: str
    """A pattern the key's symbol for it matches in full."""
    meaning: Callable[[re.Match[str]], str]
    """The key's words for it, from the key's symbol (matched against `symbol`)."""
    rare: bool = False
    """Random games may never show it (the walks need not meet it)."""


def _shown(pattern: str) -> Found:
    """The short form is in a text of the board that `pattern` finds."""
    compiled = re.compile(pattern)

    def found(texts: Sequence[ET.Element]) -> re.Match[str] | None:
        for el in texts:
            match = compiled.search("".join(el.itertext()))
            if match:
                return match
        return None

    return found


def _words(words: str) -> Callable[[re.Match[str]], str]:
    return lambda _symbol: words


def _template(template: str) -> str:
    """A pattern of a translated template's text, each field any words."""
    parts = re.split(r"\{(\w+)\}", template)
    return "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )


def _kogge(tr: Translate) -> list[Short]:
    shorts = [
        Short(
            _shown(rf"(?<![\w(])\d+{re.escape(tr(GOOD_LETTERS[t]))}\b"),
            re.escape(tr(GOOD_LETTERS[t])),
            _words(tr(name)),
        )
        for t, name in enumerate(GOOD_NAMES)
    ]
    dev = tr("dev {points}")
    shorts += [
        Short(
            _shown(r"^R[A-D]$"),
            r"R[A-D]",
            lambda s: tr("robbery marker of seat {seat}").format(seat=s[0][1]),
        ),
        Short(_shown(rf"^{re.escape(tr('GM'))}$"), re.escape(tr("GM")), _words(tr("guild master"))),
        Short(
            _shown(rf"^\d/{KONTORE_PER_PLAYER}$"),
            rf"\d/{KONTORE_PER_PLAYER}",
            _words(tr("Kontore built, of {count}").format(count=KONTORE_PER_PLAYER)),
        ),
        Short(
            _shown(f"^{_template(dev)}$"),
            re.escape(dev.replace("{points}", "").strip()),
            _words(tr("development points")),
        ),
        Short(_shown(r"^\?$"), r"\?", _words(tr("face-down route marker"))),
        Short(_shown(r"^\(\d\)$"), r"\(\d\)", _words(tr("face-down route marker you have seen"))),
    ]
    for name, short in (("trade3", "3:1"), ("extra_marker", "+1"), ("two_moves", tr("2 step"))):
        chip = tr("bonus chip {chip}").format(chip=tr(CHIP_WORDS[name]))
        shorts.append(
            Short(_shown(rf"(^| ){re.escape(short)}( |$)"), re.escape(short), _words(chip))
        )
    return shorts


def _luebeck(tr: Translate) -> list[Short]:
    shorts = [
        Short(_shown(r"^@\d+$"), r"@\d+", lambda s: tr("cog number {cog}").format(cog=s[0][1:])),
        Short(
            _shown(r"^2[A-E]$"),
            r"2[A-E]",
            lambda s: tr("seat {seat} doubles the city (Verdoppelung)").format(seat=s[0][1]),
        ),
    ]
    for kind_type, name in CUT_NAMES.items():  # the shorter form of a card's name
        cut = tr(NAME_FORMS[kind_type][-1]).format(city="").strip()
        shorts.append(Short(_shown(rf"^{re.escape(cut)}( |$)"), re.escape(cut), _words(tr(name))))
    for mark, meaning in (("compass", KEY_COMPASS), ("to act", KEY_TO_ACT)):
        shown = _shown(rf"(^| · ){re.escape(tr(mark))}( · |$)")
        shorts.append(Short(shown, re.escape(tr(mark)), _words(tr(meaning))))
    return shorts


def _always(_texts: Sequence[ET.Element]) -> re.Match[str] | None:
    """Drawn on every board: the printed map's offices and Coellen spaces, the pieces' shapes."""
    return re.match("", "")


def _bank_c(texts: Sequence[ET.Element]) -> re.Match[str] | None:
    """The Bursa's last value, C: on the block of covered spaces ("A: 5 7 C") or uncovered, a
    space of the track (the only "C" in the track's size: a seat's pieces are larger or smaller)."""
    for el in texts:
        words = el.text or ""
        if re.fullmatch(r"[A-E]: [\d ]*C", words) or (words == "C" and el.get("font-size") == "13"):
            return re.match("C", "C")
    return None


def _hansa(tr: Translate) -> list[Short]:
    east_west = _template(tr("E-W {place}"))
    shorts = [
        Short(_shown(r"^T$"), "T", _words(tr("route with a Taberna"))),
        Short(_always, "1–4", _words(tr("in an office: the Privilegium it needs"))),
        Short(_shown(r"^\+1$"), r"\+1", _words(tr("the office brings 1 prestige"))),
        Short(_always, "7–11", _words(tr("on Coellen: prestige points"))),
        Short(_always, "■", _words(tr("trader"))),
        Short(_always, "●", _words(tr("merchant"))),
        Short(
            _shown(r"^[A-E]: [\dC ]+$"),
            r"[A-E]: [\dC ]+",
            lambda s: tr("values the pieces of player {seat} still cover").format(seat=s[0][0]),
        ),
        Short(_bank_c, "C", _words(tr("cuncti: all (Bursa)"))),
        Short(
            _shown(f"^{east_west}$"),
            east_west,
            lambda s: tr("{place} to connect East and West").format(place=s["place"]),
            rare=True,
        ),
    ]
    for plate, whole in (("Keys", "City Keys"), ("Liber", "Liber Sophiae"), ("Bursa", "Bursa")):
        if tr(plate) != tr(whole):
            shorts.append(
                Short(
                    _shown(rf"  {re.escape(tr(plate))}$"),
                    re.escape(tr(plate)),
                    _words(
                        tr("{ability}, developed by a route to the city").format(ability=tr(whole))
                    ),
                )
            )
    # The golden markers lie on the map from the start; the others come with established routes.
    for tag, words, rare in (
        ("+Office", "extra office", False),
        ("Swap", "swap offices", False),
        ("+3 Act", "3 extra actions", True),
        ("+4 Act", "4 extra actions", True),
        ("+Ability", "upgrade an ability", True),
        ("Remove 3", "remove 3 pieces", False),
    ):
        shorts.append(
            Short(_shown(f"^{re.escape(tr(tag))}$"), re.escape(tr(tag)), _words(tr(words)), rare)
        )
    return shorts


def _season_letter(texts: Sequence[ET.Element]) -> re.Match[str] | None:
    """A card's season: the grey letter in its corner."""
    for el in texts:
        if el.get("fill") == "#777777" and (el.text or "") in SEASONS:
            return re.match(".", el.text or "")
    return None


def _speicherstadt(tr: Translate) -> list[Short]:
    shorts = [
        Short(_shown(f"^{re.escape(tr(short))}$"), re.escape(tr(short)), _words(tr(good)))
        for short, good in (
            ("Co", "coffee"),
            ("Te", "tea"),
            ("Sa", "saffron"),
            ("Ru", "rubber"),
            ("Ca", "carpet"),
            ("He", "hemp"),
            ("Cl", "cloth"),
            ("Gl", "glass"),
        )
    ]
    points = tr("{points} VP").replace("{points}", "").strip()
    kontor = tr("for 1/2/3/4 or more {card} cards").format(card=tr("Counting House"))
    shorts += [
        Short(_shown(rf"\d {re.escape(points)}"), re.escape(points), _words(tr("victory points"))),
        Short(_season_letter, "A–E", _words(tr("in a card's corner: its season"))),
        Short(
            _shown(f"^{re.escape(tr('2/5/9/14 VP'))}$"),
            re.escape(tr("2/5/9/14 VP")),
            _words(kontor),
        ),
    ]
    return shorts


SHORTS: dict[str, Callable[[Translate], list[Short]]] = {
    "kogge": _kogge,
    "luebeck": _luebeck,
    "hansa": _hansa,
    "speicherstadt": _speicherstadt,
}
WALKS = {"hansa": (20, 900)}
"""Every how many decisions a board is drawn, and for how many decisions at most: Hansa's random
games are long, and bonus markers come late."""


def _boards(game_id: str, lang: str) -> Iterator[str]:
    """Boards of random games at every player count, with default rules and with every flag on,
    seen by the deciding seat and by a spectator."""
    module = importlib.import_module(f"hanse.games.{game_id}.svg")
    cls = REGISTRY[game_id]
    every_flag = {
        f.name: not f.default
        for f in dataclasses.fields(cls.config_class)
        if isinstance(f.default, bool)
    }
    tr = game_translations(lang, game_id).gettext
    for flags in ({}, every_flag):
        for n in range(cls.min_players, cls.max_players + 1):
            game = make(game_id, n, **flags)
            for state, seat in decision_nodes(game, n, *WALKS.get(game_id, (9, 270))):
                legal = [game.action_to_str(a) for a in game.legal_actions(state)]
                yield module.board_svg(game.view(state, seat), legal, tr)[0]
                yield module.board_svg(game.view(state, None), [], tr)[0]


def _key_and_texts(svg: str) -> tuple[list[tuple[str, str]], list[ET.Element]]:
    """The key's entries (symbol, meaning) and every other text of the board."""
    root = ET.fromstring(svg)
    keys = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "board-key"]
    assert len(keys) <= 1
    in_key = {id(el) for g in keys for el in g.iter()}
    entries = [
        (span.text or "", (span.tail or "").strip().removesuffix("·").strip())
        for g in keys
        for span in g.iter(f"{SVG_NS}tspan")
    ]
    texts = [el for el in root.iter(f"{SVG_NS}text") if id(el) not in in_key]
    return entries, texts


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", sorted(SHORTS))
def test_every_short_form_on_the_board_is_explained_in_its_key(game_id: str, lang: str) -> None:
    """Each short form a board shows has its entry in the key, in the reader's language (with the
    rules' terms as the game names them); each entry of the key is a short form the board shows."""
    shorts = SHORTS[game_id](game_translations(lang, game_id).gettext)
    met: set[int] = set()
    for svg in _boards(game_id, lang):
        entries, texts = _key_and_texts(svg)
        explained = set()
        for i, short in enumerate(shorts):
            if short.found(texts) is None:
                continue
            met.add(i)
            matching = [
                (symbol, meaning)
                for symbol, meaning in entries
                if (match := re.fullmatch(short.symbol, symbol)) and meaning == short.meaning(match)
            ]
            assert matching, (lang, short.symbol, entries)
            explained |= set(matching)
        assert not set(entries) - explained, "the key explains what the board does not show"
    assert not [short.symbol for i, short in enumerate(shorts) if i not in met and not short.rare]


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_luebeck_says_the_decks_pass_in_words(lang: str) -> None:
    """The deck's pass is said in words ("pass 1 of 2", "discards reshuffled" for the last
    round's extra shuffle) and, where long, over two lines of the box, never squeezed."""
    from hanse.games.luebeck.svg import board_svg

    tr = game_translations(lang, "luebeck").gettext
    game = make("luebeck", 4)
    said = set()
    for state, seat in decision_nodes(game, 2, 3):
        view = game.view(state, seat)
        _entries, texts = _key_and_texts(board_svg(view, [], tr)[0])
        words = [el.text or "" for el in texts]
        if view["final_shuffle"]:
            expected = tr("discards reshuffled")
        else:
            expected = tr("pass {count} of 2").format(count=view["deck_pass"])
        runs = {
            " ".join(words[i : i + lines]): texts[i : i + lines]
            for lines in (1, 2)
            for i in range(len(words))
        }
        assert expected in runs, (lang, expected)
        assert all(el.get("textLength") is None for el in runs[expected]), (lang, expected)
        assert not any("deck pass" in text or "(final)" in text for text in words)
        said.add(view["final_shuffle"])
    assert said == {False, True}
