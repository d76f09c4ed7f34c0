"""Text a user reads (messages, explanations, words, pages) never cites files that a user's clone
does not have: the project's internal specification (DESIGN.md, the rulings file, the shared
folder). Hanse's own rules pages (docs/rules) say the rulings in our words; messages point there.
Docstrings and comments may cite the specification for developers."""

from __future__ import annotations

import ast
from pathlib import Path

import hanse

PACKAGE = Path(hanse.__file__).parent
INTERNAL = ("RULINGS.md", "DESIGN.md", "shared/")


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (module, class, function, attribute)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def _user_strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
    ]


def test_no_message_or_page_cites_the_internal_specification() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}:{line}: {text[:70]!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _user_strings(path)
        if any(name in text for name in INTERNAL)
    ]
    offenders += [
        f"{path.relative_to(PACKAGE)}: cites {name}"
        for path in sorted(PACKAGE.rglob("*"))
        if path.suffix in (".html", ".js", ".po", ".css")
        for name in INTERNAL
        if name in path.read_text()
    ]
    assert offenders == []


DEVELOPER_NOTES = (
    "ruling",
    "reading",
    "the german text",
    "beliebig",
    "names no owner",
    "(steuern)",
    "(konflikte)",
    "(memory)",
    "handel mit",
    "passen:",
    "verdoppelung:",
)
"""Words of notes for developers that a newcomer's trial found in the variant flags' help."""


def test_every_variant_flag_is_explained_for_players_in_three_languages() -> None:
    """A flag's help says what changes at the table, not which reading of a rulebook it follows,
    and the lobby has it in German and Italian too."""
    from hanse.games import REGISTRY
    from hanse.web.i18n import translations

    for game_id in ("hansa", "kogge", "luebeck", "speicherstadt"):
        for flag in REGISTRY[game_id].flag_docs():
            said = flag.help.lower()
            assert not [note for note in DEVELOPER_NOTES if note in said], (game_id, flag.help)
            for lang in ("de", "it"):
                for text in (flag.label, flag.help):
                    assert translations(lang).gettext(text) != text, (lang, text)


def test_kogge_names_a_kontor_one_way_in_each_language() -> None:
    """English and German say Kontor (plural Kontore, as the rulebook), Italian fondaco."""
    from babel.messages.pofile import read_po

    from hanse.games import REGISTRY
    from hanse.games.kogge import words
    from hanse.web.i18n import LOCALE, translations

    english = [*words.BUTTONS.values(), *words.LOG_LINES.values(), *words.NOTE_WORDS.values()]
    english += [text for kind in words.KINDS.values() for text in kind]
    english += [text for f in REGISTRY["kogge"].flag_docs() for text in (f.label, f.help)]
    assert not [text for text in english if "Kontors" in text]
    italian = []
    for name in ("kogge.po", "kogge_log.po"):
        with (LOCALE / "it" / "LC_MESSAGES" / name).open("rb") as po:
            italian += [str(m.string) for m in read_po(po) if m.id and "Kontor" in str(m.id)]
    italian += [
        translations("it").gettext(text)
        for f in REGISTRY["kogge"].flag_docs()
        for text in (f.label, f.help)
        if "Kontor" in text
    ]
    assert italian and all("fondac" in text and "Kontor" not in text for text in italian)
