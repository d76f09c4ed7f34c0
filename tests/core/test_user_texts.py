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
