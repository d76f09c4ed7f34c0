"""The boards' words in their boxes, in English, German and Italian: names that fit beside what
follows them (no text squeezed where the board makes room), counts in the right number ("1 Ware",
"2 Waren"), no English word left in a translated board ("Round"), the card corner's season letter
clear of the card's words, and the same names for things as the help text, the log and the rules.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from hanse.core.testing import SVG_NS, decision_nodes
from hanse.games import make
from hanse.games.hansa import svg_players as hansa_svg
from hanse.games.hansa.data import ABILITIES, TRACK_VALUES
from hanse.games.hansa.words import ABILITY_WORDS
from hanse.games.luebeck import data as luebeck_data
from hanse.games.luebeck import svg_cards as luebeck_cards
from hanse.games.speicherstadt import svg_cards as speicherstadt_cards
from hanse.games.speicherstadt.data import ALL_CARDS, SEASONS
from hanse.games.svg_parts import Translate, plural, text_width
from hanse.web.i18n import game_translations

LANGS = ("en", "de", "it")
GAMES = {"hansa": (3, 4), "kogge": (2, 4), "luebeck": (3, 5), "speicherstadt": (2, 4)}


def _tr(lang: str, game: str) -> Translate:
    return game_translations(lang, game).gettext


def _texts(svg: str) -> Iterator[ET.Element]:
    return ET.fromstring(svg).iter(f"{SVG_NS}text")


def _boards(game: str, lang: str, every: int = 6, limit: int = 150) -> Iterator[str]:
    """Seated boards of random games at the fewest and the most players."""
    module = __import__(f"hanse.games.{game}.svg", fromlist=["board_svg"])
    tr = _tr(lang, game)
    for n in GAMES[game]:
        g = make(game, n)
        for seed in (0, 1):
            for state, seat in decision_nodes(g, seed, every, limit):
                legal = [g.action_to_str(a) for a in g.legal_actions(state)]
                yield module.board_svg(g.view(state, seat), legal, tr)[0]


# -- counts and untranslated words ----------------------------------------------------------

WRONG_NUMBER = re.compile(
    r"(?<![\d.])1 (goods|Waren|merci|markers|traders|Händler im|mercanti|actions|Aktionen|"
    r"azioni|cards|Karten|carte|figures|Figuren)\b|\(s\)|\(en\)|/i\b"
)
"""A count of one with a plural noun, or a noun that leaves its number open."""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_counts_agree_and_no_english_round(game: str, lang: str) -> None:
    """Every text of the board (and its announced label) says "1 Ware", never "1 Waren"; a German
    or Italian board never says "Round" (the Italian board says "2º round")."""
    for svg in _boards(game, lang):
        words = [el.text or "" for el in _texts(svg)]
        words += re.findall(r'aria-label="([^"]*)"', svg)
        for text in words:
            assert not WRONG_NUMBER.search(text), (lang, text)
            if lang != "en":
                assert not re.search(r"\bRound\b", text), (lang, text)


@pytest.mark.parametrize("lang", ("de", "it"))
def test_singular_templates_are_translated_apart(lang: str) -> None:
    """Where a noun has a singular, the catalogs give it: "1 Ware", "1 merce"."""
    kogge = _tr(lang, "kogge")
    one = kogge(plural(1, "{count} good, seen {seen}", "{count} goods, seen {seen}"))
    many = kogge(plural(7, "{count} good, seen {seen}", "{count} goods, seen {seen}"))
    assert one != many
    assert one.format(count=1, seen="1f").startswith({"de": "1 Ware,", "it": "1 merce,"}[lang])
    hansa = _tr(lang, "hansa")
    assert hansa("{left} action left") != hansa("{left} actions left")


# -- names that fit their boxes ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_kogge_names_are_never_squeezed(lang: str) -> None:
    """The middle's row names (Reihenfolge, Nachschub) and a player's goods and markers lines
    are drawn at their own width: the board makes room or breaks the line."""
    tr = _tr(lang, "kogge")
    names = {tr("Order"), tr("Offer"), tr("Bids")}
    seen_words = tr("{count} goods, seen {seen}").split("{count}")[1].split(",")[0].strip()
    checked = 0
    for svg in _boards("kogge", lang):
        for el in _texts(svg):
            text = el.text or ""
            if text in names or seen_words in text:
                assert el.get("textLength") is None, (lang, text)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("lang", LANGS)
def test_hansa_ability_names_fit_before_their_tracks(lang: str) -> None:
    """The player board names each ability as the words module and the rules do (Actiones,
    Privilegium, Liber Sophiae, Bursa, in German Geldbeutel), each before its track starts, and
    the longest track still inside the narrowest player board (three to a row)."""
    tr = _tr(lang, "hansa")
    assert hansa_svg.ABILITY_LABELS == ABILITY_WORDS
    column = hansa_svg._ability_column(tr)
    for name in ABILITIES:
        assert hansa_svg._text_width(tr(ABILITY_WORDS[name]), 13) + 8 <= column, name
    narrowest = (hansa_svg.WIDTH - 10 * 4) / 3
    longest = max(len(values) for values in TRACK_VALUES)
    assert 12 + column + (longest - 1) * 25 + 11 + 12 <= narrowest
    words = {tr(ABILITY_WORDS[name]) for name in ABILITIES}
    svg = next(_boards("hansa", lang, every=50, limit=60))
    shown = {el.text for el in _texts(svg)}
    assert words <= shown
    assert "Bank" not in shown and "Book" not in shown


def _box(el: ET.Element, bold_default: bool = False) -> tuple[float, float, float, float]:
    """The box of a Speicherstadt text (central baseline, centred unless anchored)."""
    x, y = float(el.get("x", 0)), float(el.get("y", 0))
    size = float(el.get("font-size", 16))
    bold = el.get("font-weight") is not None or bold_default
    width = float(el.get("textLength") or text_width(el.text or "", size, bold))
    left = {"start": x, "end": x - width}.get(el.get("text-anchor", "middle"), x - width / 2)
    return left, y - size / 2, left + width, y + size / 2


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(100.0, 90.0), (150.0, 94.0), (150.0, 104.0)])
def test_speicherstadt_season_letter_is_clear_of_the_card_words(
    lang: str, size: tuple[float, float]
) -> None:
    """Every card, at each size the board draws it: no word of it reaches into its corner letter
    ("1 moneta l'una" above the "A", not through it)."""
    tr = _tr(lang, "speicherstadt")
    w, h = size
    for card in ALL_CARDS:
        svg = speicherstadt_cards.card_drawing(0, 0, w, h, {"id": card.key, "card": card.name}, tr)
        texts = list(_texts(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>'))
        letter = [el for el in texts if el.get("fill") == "#777777" and el.text in SEASONS]
        assert len(letter) == 1, card.key
        lx0, ly0, lx1, ly1 = _box(letter[0])
        for el in texts:
            if el is letter[0] or float(el.get("y", 0)) < 34:  # the band holds the name
                continue
            x0, y0, x1, y1 = _box(el)
            overlap = min(x1, lx1) > max(x0, lx0) and min(y1, ly1) > max(y0, ly0)
            assert not overlap, (lang, card.key, el.text)


# -- Lübeck's card names ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_luebeck_special_cards_are_named_in_the_readers_language(lang: str) -> None:
    """On a chip a special card's name is in the reader's language (the German original in
    German, the Italian rulebook's names in Italian: "Viaggio commerciale Riga", "Pirati"): the
    whole name where it fits, else its shorter form, the city kept whole."""
    tr = _tr(lang, "luebeck")
    expected = {
        "en": ("Trading voyage Riga", "Doubling Riga", "Pirates", "Change of ship"),
        "de": ("Handelsfahrt Riga", "Verdoppelung Riga", "Piraten", "Schiffswechsel"),
        "it": ("Viaggio commerciale Riga", "X 2 Riga", "Pirati", "Cambiamento nave"),
    }[lang]
    labels = ("Handelsfahrt Riga", "Verdoppelung Riga", "Piraten", "Schiffswechsel")
    assert tuple(luebeck_cards.chip_words(label, tr) for label in labels) == expected
    for label in luebeck_data.LABEL_TO_KIND:
        kind = luebeck_data.LABEL_TO_KIND[label]
        forms = luebeck_cards.NAME_FORMS.get(luebeck_data.KIND_TYPE[kind])
        city = label.partition(" ")[2]
        for width in (60.0, 100.0, 120.0, 140.0, 200.0, 400.0):
            words = luebeck_cards.chip_words(label, tr, width)
            if forms is None:
                assert words == label  # goods: "Riga 3" in every language
                continue
            assert words in {tr(form).format(city=city) for form in forms}, (label, words)
            assert words.endswith(city)


@pytest.mark.parametrize("lang", LANGS)
def test_luebeck_boards_name_the_cards_with_the_german_name_on_hover(lang: str) -> None:
    """A special card's chip reads in the reader's language, its tooltip is the card's German
    name (as the log and the rules call it); an English or Italian board shows no German name."""
    tr = _tr(lang, "luebeck")
    met = 0
    for svg in _boards("luebeck", lang, every=3, limit=200):
        for group in ET.fromstring(svg).iter(f"{SVG_NS}g"):
            title, text = group.find(f"{SVG_NS}title"), group.find(f"{SVG_NS}text")
            label = title.text if title is not None else None
            if label not in luebeck_data.LABEL_TO_KIND or text is None:
                continue
            kind_type = luebeck_data.KIND_TYPE[luebeck_data.LABEL_TO_KIND[label]]
            forms = luebeck_cards.NAME_FORMS.get(kind_type)
            if forms is None:
                continue
            city = label.partition(" ")[2]
            assert text.text in {tr(form).format(city=city) for form in forms}, (label, text.text)
            met += 1
        if lang != "de":
            assert not re.search(r"<text[^>]*>(Handelsf|Verdopp|Schiffsw|Piraten)", svg), lang
    assert met > 10, "the walks meet special cards"
