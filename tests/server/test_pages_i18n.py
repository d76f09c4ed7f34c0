"""The pages' catalogs (issue 16): every phrase the templates and the panel use is translated."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from hanse.server import analysis_pages, pages, prompt_bar, replay_pages
from hanse.web import TEMPLATES
from hanse.web.i18n import LOCALE, translations


def test_every_phrase_of_the_pages_has_a_german_and_an_italian_translation() -> None:
    sources = [*TEMPLATES.glob("*.html"), Path(pages.__file__), Path(replay_pages.__file__)]
    sources += [Path(prompt_bar.__file__), Path(analysis_pages.__file__)]
    phrases = set()
    for source in sources:
        text = source.read_text()
        # _("...") and _("... %(name)s", name=...) alike
        phrases |= set(re.findall(r'_\("([^"]+)"[,)]', text)) | set(
            re.findall(r"_\('([^']+)'[,)]", text)
        )
    phrases |= set(pages._ERROR_WORDS.values())  # translated where a page shows them
    phrases |= set(pages.BOT_LEVELS)  # a bot's level, in the seats and the lobby
    assert len(phrases) > 30
    for lang in ("de", "it"):
        with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
            catalog = read_po(po)
        missing = sorted(p for p in phrases if not (catalog.get(p) and catalog.get(p).string))
        assert not missing, f"{lang} lacks {missing}"
    assert translations("de").gettext("New table") == "Neuer Tisch"


def test_every_variant_flag_is_explained_in_german_and_italian() -> None:
    """The lobby explains each flag in the reader's language (issue 16, "each variant flag with
    its explanation")."""
    from hanse.games import REGISTRY

    games = ("hansa", "kogge", "luebeck", "speicherstadt")  # not the tests' own tiny games
    flags = [flag for game_id in games for flag in REGISTRY[game_id].flag_docs()]
    helps = {flag.help for flag in flags} | {flag.label for flag in flags}
    assert len(helps) >= 20
    for lang in ("de", "it"):
        gettext = translations(lang).gettext
        missing = sorted(text for text in helps if gettext(text) == text)
        assert not missing, f"{lang} lacks {missing}"


def test_a_replay_names_bots_in_the_readers_language() -> None:
    """A record names a bot "bot easy"; the replay says it as the live table does."""
    from hanse.server.replay_pages import _record_name
    from hanse.web.i18n import translations

    german = translations("de").gettext
    assert _record_name("bot easy", german) == "Bot leicht"
    assert _record_name("bot hard", translations("it").gettext) == "bot difficile"
    assert _record_name("bot of the sea", german) == "bot of the sea"  # a person's name
