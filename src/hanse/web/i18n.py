"""The pages' languages: English, German, Italian (Babel catalogs in ``locale/``).

The catalogs are read from their ``.po`` files when first needed (no compile step). A reader's
language comes from ``?lang=``, else the ``hanse_lang`` cookie, else the browser's
``Accept-Language``; game terms stay as the rulebooks name them.
"""

from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "de", "it")
LOCALE = Path(__file__).with_name("locale")


@lru_cache(maxsize=len(LANGUAGES))
def translations(lang: str) -> gettext.NullTranslations:
    """The pages' own messages (``messages.po``)."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return _compiled(LOCALE / lang / "LC_MESSAGES" / "messages.po", lang)


@lru_cache(maxsize=32)
def game_translations(lang: str, game_id: str) -> gettext.NullTranslations:
    """A game's words (``<game>.po``: the phrases of its ``words`` module and its game terms as
    the rulebooks name them), then the pages' messages. One catalog per game, so the same English
    word may be translated differently in two games."""
    folder = LOCALE / lang / "LC_MESSAGES"
    names = (f"{game_id}.po", f"{game_id}_log.po", f"{game_id}_prompt.po")
    paths = [p for p in (folder / name for name in names) if p.exists()]
    if lang == "en" or lang not in LANGUAGES or not paths:
        return translations(lang)
    result = _compiled(paths[0], lang)
    for path in paths[1:]:  # the log's words, the prompt bar's (``<game>_log.po``, ``_prompt.po``)
        result.add_fallback(_compiled(path, lang))
    result.add_fallback(translations(lang))
    return result


def _compiled(path: Path, lang: str) -> gettext.GNUTranslations:
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language_name(lang: str) -> str:
    return str(Locale.parse(lang).get_display_name(lang)).capitalize()


def choose(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The reader's language (see the module docstring)."""
    for wanted in (query, cookie):
        if wanted in LANGUAGES:
            return str(wanted)
    preferred = []
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().replace("-", "_")
        if tag:
            preferred.append(tag)
    return negotiate_locale(preferred, list(LANGUAGES), sep="_") or "en"
